package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/jsonerr"
)

// errFailed marks an agent that did not answer as the protocol says: a
// program that exited non-zero or timed out, an answer that is not the
// protocol's JSON, an endpoint that kept failing. It fails the enrichment,
// never the run that asked.
var errFailed = errors.New("agent failed")

// Reasons a pack was not answered (Skip.Reason).
const (
	skipTooLarge       = "too-large"       // the pack alone is over the request bound
	SkipBudgetRequests = "budget-requests" // the run's request budget is spent
	skipBudgetTokens   = "budget-tokens"   // the run's token budget is spent
	skipAgentFailed    = "agent-failed"    // the call carrying the pack failed
	skipCanceled       = "canceled"        // the context ended first
)

// Skip is one pack an answer does not cover.
type Skip struct {
	Target   string `json:"target"`
	PackHash string `json:"packHash"`
	Reason   string `json:"reason"`
}

// Incomplete is the error of an answer that does not cover every pack of
// the request. The Response returned with it holds the proposals for the
// other packs, and they stand: a budget spent mid-run keeps what came
// before. Err is the failure that cost the skipped packs, if one did
// (errors.Is(err, errFailed)); nil when only bounds skipped them.
type Incomplete struct {
	Skipped []Skip
	Err     error
}

func (e *Incomplete) Error() string {
	counts := map[string]int{}
	var reasons []string
	for _, s := range e.Skipped {
		if counts[s.Reason] == 0 {
			reasons = append(reasons, s.Reason)
		}
		counts[s.Reason]++
	}
	parts := make([]string, 0, len(reasons))
	for _, r := range reasons {
		parts = append(parts, fmt.Sprintf("%d %s", counts[r], r))
	}
	msg := fmt.Sprintf("%d packs not answered (%s)", len(e.Skipped), strings.Join(parts, ", "))
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Incomplete) Unwrap() error { return e.Err }

// skipAll lists packs as skipped for one reason.
func skipAll(packs []pack.Pack, reason string) []Skip {
	out := make([]Skip, 0, len(packs))
	for _, p := range packs {
		out = append(out, Skip{Target: p.Target.ID, PackHash: p.PackHash, Reason: reason})
	}
	return out
}

// failed wraps a cause as errFailed.
func failed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errFailed, fmt.Sprintf(format, args...))
}

// parseAnswer reads an agent's answer: exactly one JSON object with a
// "proposals" list, a "judgements" list or both, [object, ...], and
// nothing after it. Each item stays raw for internal/enrich to decode; it
// must be a JSON object. An answer that breaks this fails the agent
// (errFailed) with a message for people.
func parseAnswer(data []byte) (Response, error) {
	var shape struct {
		Proposals  *[]json.RawMessage `json:"proposals"`
		Judgements *[]json.RawMessage `json:"judgements"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&shape); err != nil {
		if errors.Is(err, io.EOF) {
			return Response{}, failed("empty answer")
		}
		return Response{}, failed("answer: %v", jsonerr.Plain(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Response{}, failed("answer: more than one JSON value")
	}
	if shape.Proposals == nil && shape.Judgements == nil {
		return Response{}, failed(`answer: no "proposals" list (nor a "judgements" list)`)
	}
	out := Response{Proposals: []json.RawMessage{}}
	objects := func(name string, list *[]json.RawMessage) ([]json.RawMessage, error) {
		if list == nil {
			return nil, nil
		}
		items := make([]json.RawMessage, 0, len(*list))
		for i, raw := range *list {
			raw = bytes.TrimSpace(raw)
			if len(raw) == 0 || raw[0] != '{' {
				return nil, failed("answer: %s %d is not an object", name, i)
			}
			items = append(items, raw)
		}
		return items, nil
	}
	var err error
	if shape.Proposals != nil {
		if out.Proposals, err = objects("proposal", shape.Proposals); err != nil {
			return Response{}, err
		}
	}
	if out.Judgements, err = objects("judgement", shape.Judgements); err != nil {
		return Response{}, err
	}
	return out, nil
}

// rawField is the string field name of a raw JSON object ("" when it has
// none a string can be read from).
func rawField(raw json.RawMessage, name string) string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		return ""
	}
	var v string
	if json.Unmarshal(obj[name], &v) != nil {
		return ""
	}
	return v
}

// proposalEntity is the entity a raw proposal is about ("" when it has
// none a string can be read from); the cache files proposals under the
// pack of that entity.
func proposalEntity(raw json.RawMessage) string {
	var p struct {
		Entity string `json:"entity"`
	}
	if json.Unmarshal(raw, &p) != nil {
		return ""
	}
	return p.Entity
}
