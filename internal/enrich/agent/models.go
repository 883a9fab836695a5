package agent

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/httpretry"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// TokenEnv is the environment variable the models agent's token is read
// from (in GitHub Actions, the workflow's token with models: read).
const TokenEnv = "GITHUB_TOKEN"

// curatePrompt is the models agent's instructions for the curate task,
// versioned in the repository.
//
//go:embed prompts/curate.md
var curatePrompt string

// PromptVersion is the version of the models agent's prompt: its name and
// a hash of its text, so an edited prompt is a new version to the cache
// and in the proposals' origin. A run asking the models agent passes it as
// the request's PromptVersion.
var PromptVersion = "curate-v1." + snapshot.HashBytes([]byte(curatePrompt))[:8]

// reviewPrompt is the models agent's instructions for the review and
// adjudicate tasks, versioned in the repository.
//
//go:embed prompts/review.md
var reviewPrompt string

// ReviewPromptVersion is the version of the models agent's review prompt
// (its name and a hash of its text): a run asking the models agent to
// review or adjudicate passes it as the request's PromptVersion.
var ReviewPromptVersion = "review-v1." + snapshot.HashBytes([]byte(reviewPrompt))[:8]

// More reasons a pack was not answered (Skip.Reason), for the models agent.
const (
	skipRateLimited = "rate-limited" // the endpoint asked to wait longer than a run waits
	skipMalformed   = "malformed"    // the model's answer for the pack was not the protocol's JSON
)

// Bounds of the models agent's retries.
const (
	// bytesPerToken estimates tokens from bytes: a token is about four
	// bytes of English and fewer of JSON; three errs on the safe side.
	bytesPerToken = 3
	// maxServerAttempts bounds the attempts of one request that meets 5xx
	// answers or network errors; maxRateLimitAttempts those that meet 429.
	maxServerAttempts    = 3
	maxRateLimitAttempts = 5
	// maxRetryWait is the longest Retry-After a run waits out; a longer
	// one (a day's quota spent) ends the run's asking.
	maxRetryWait = 2 * time.Minute
	// retryBase is the first backoff wait, doubled per further failure.
	retryBase = 2 * time.Second
)

// The models agent's httpretry policies, one per kind of failure, each
// counted apart: 5xx answers and network errors, and 429s.
var (
	serverRetries    = httpretry.Policy{Attempts: maxServerAttempts, Base: retryBase}
	rateLimitRetries = httpretry.Policy{Attempts: maxRateLimitAttempts, Base: retryBase, MaxWait: maxRetryWait}
)

// Models is the agent behind GitHub Models or any OpenAI-compatible chat
// completions endpoint (chatClient): structured
// output with the JSON schema of the proposal union, packs batched to the
// model's input limit, 429 answers waited out as Retry-After says, 5xx
// retried a bounded number of times, and one budget of requests and tokens
// for the whole run. The model writes the proposals' substance; the agent
// fills the envelope it cannot know (origin, base snapshot, target content
// hash, proposal id).
type Models struct {
	cfg config.EnrichModels
	api *chatClient
	id  Identity
	// sleep waits d or until ctx ends; now tells the time. Tests replace
	// both.
	sleep func(ctx context.Context, d time.Duration) error
	now   func() time.Time
	// The run's spending so far, and when the last request started.
	requests, tokens int
	lastStart        time.Time
}

// NewModels returns the models agent of the enrich.models configuration,
// authenticating with token (read from TokenEnv by the caller).
func NewModels(cfg config.EnrichModels, token string) (*Models, error) {
	if token == "" {
		return nil, fmt.Errorf("models agent: %s is not set (a workflow needs permissions: models: read)", TokenEnv)
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("models agent: base URL %q is not a URL", cfg.BaseURL)
	}
	id := Identity{ID: "openai-compatible", Version: "1", Model: cfg.Model, Provider: u.Host}
	if cfg.BaseURL == config.DefaultModelsBaseURL {
		id.ID = "github-models"
	}
	return &Models{
		cfg: cfg,
		// Nothing is read from the environment but the token, and the
		// retries are the agent's own, so each counts against the budget.
		api:   newChatClient(cfg.BaseURL, token),
		id:    id,
		sleep: httpretry.Sleep,
		now:   time.Now,
	}, nil
}

// Identity implements Agent.
func (m *Models) Identity() Identity { return m.id }

// Ask implements Agent. Packs are sent in batches that fit the model's
// input limit (a pack too large alone is first shrunk by its drop order).
// A batch whose answer is cut off or malformed is split in two and asked
// again; a single pack's is skipped. Spending the budget, a long
// rate-limit wait or a failing endpoint skips the packs not yet asked; the
// answers so far stand (see Incomplete).
func (m *Models) Ask(ctx context.Context, req Request) (Response, error) {
	prompt, schema, name := curatePrompt, modelSchema(req.Capabilities), "docbridge_proposals"
	switch {
	case req.Task == TaskReview && req.Role == RoleReviewer, req.Task == TaskAdjudicate && req.Role == RoleAdjudicator:
		prompt, schema, name = reviewPrompt, judgementSchema(req.Role), "docbridge_judgements"
	case req.Task != TaskCurate:
		return Response{}, &Incomplete{Skipped: skipAll(req.Packs, skipAgentFailed), Err: failed("models agent: no prompt for task %q as %q", req.Task, req.Role)}
	}
	req.Protocol = Protocol
	empty := req
	empty.Packs, empty.Proposals, empty.Judgements = nil, nil, nil
	overhead, err := tokensOf(prompt, schema, empty)
	if err != nil {
		return Response{}, fmt.Errorf("models agent: %w", err)
	}
	overhead += 64 // message framing
	room := m.cfg.MaxInputTokens - overhead
	byTarget := map[string]*pack.Pack{}
	var fitted []pack.Pack
	var skipped []Skip
	for _, p := range req.Packs {
		if n := packTokens(p); n > room && room > 0 {
			if small, err := pack.Fit(p, room*bytesPerToken); err == nil {
				p = small
			}
		}
		fitted = append(fitted, p)
	}
	batches, tooLarge := batchPacks(fitted, overhead, m.cfg.MaxInputTokens, withJudged(packTokens, judgedBytes(req), bytesPerToken))
	skipped = append(skipped, skipAll(tooLarge, skipTooLarge)...)
	for i := range fitted {
		byTarget[fitted[i].Target.ID] = &fitted[i]
	}

	resp := Response{Proposals: []json.RawMessage{}}
	var cause error
	queue := batches
	for len(queue) > 0 {
		batch := queue[0]
		queue = queue[1:]
		stop := func(reason string, err error) {
			for _, b := range append([][]pack.Pack{batch}, queue...) {
				skipped = append(skipped, skipAll(b, reason)...)
			}
			queue = nil
			if cause == nil {
				cause = err
			}
		}
		if ctx.Err() != nil {
			stop(skipCanceled, ctx.Err())
			break
		}
		part := narrow(req, batch)
		est, err := tokensOf(prompt, schema, part)
		if err != nil {
			stop(skipAgentFailed, err)
			break
		}
		if m.tokens+est+m.cfg.MaxOutputTokens > m.cfg.MaxTokens {
			stop(skipBudgetTokens, nil)
			break
		}
		answer, err := m.ask(ctx, part, prompt, name, schema, est)
		var limited *rateLimited
		switch {
		case err == nil:
			for _, raw := range answer.Proposals {
				resp.Proposals = append(resp.Proposals, completeProposal(raw, req, m.id, byTarget))
			}
			for _, raw := range answer.Judgements {
				resp.Judgements = append(resp.Judgements, signJudgement(raw, req, m.id))
			}
		case errors.Is(err, errBudgetRequests):
			stop(SkipBudgetRequests, nil)
		case errors.As(err, &limited):
			stop(skipRateLimited, err)
		case errors.Is(err, errMalformed):
			if len(batch) > 1 {
				half := len(batch) / 2
				queue = append([][]pack.Pack{batch[:half], batch[half:]}, queue...)
				continue
			}
			skipped = append(skipped, skipAll(batch, skipMalformed)...)
			if cause == nil {
				cause = err
			}
		case ctx.Err() != nil:
			stop(skipCanceled, ctx.Err())
		default:
			stop(skipAgentFailed, err)
		}
	}
	if len(skipped) > 0 {
		return resp, &Incomplete{Skipped: skipped, Err: cause}
	}
	return resp, nil
}

var (
	errBudgetRequests = errors.New("the run's request budget is spent")
	// errMalformed marks an answer that is cut off or not the protocol's
	// JSON: worth asking again with fewer packs.
	errMalformed = fmt.Errorf("%w: malformed answer", errFailed)
)

// rateLimited is a 429 whose Retry-After is longer than a run waits.
type rateLimited struct{ wait time.Duration }

func (e *rateLimited) Error() string {
	return fmt.Sprintf("%v: rate limited; the endpoint asks to wait %s", errFailed, e.wait)
}

func (e *rateLimited) Unwrap() error { return errFailed }

// ask sends one batch, retrying as the endpoint's answers allow, and
// parses the model's answer.
func (m *Models) ask(ctx context.Context, req Request, prompt, name string, schema map[string]any, est int) (Response, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return Response{}, err
	}
	params := chatRequest{
		Model:       m.cfg.Model,
		Messages:    []chatMessage{{Role: "system", Content: prompt}, {Role: "user", Content: string(body)}},
		MaxTokens:   m.cfg.MaxOutputTokens,
		Temperature: 0,
		ResponseFormat: responseFormat{Type: "json_schema", JSONSchema: jsonSchema{
			Name: name, Strict: true, Schema: schema,
		}},
	}
	serverFailures, rateLimits := serverRetries.Start(), rateLimitRetries.Start()
	for {
		if m.requests >= m.cfg.MaxRequests {
			return Response{}, errBudgetRequests
		}
		if err := m.pace(ctx); err != nil {
			return Response{}, err
		}
		m.requests++
		completion, err := m.api.complete(ctx, params)
		if err == nil {
			return m.parse(completion, est)
		}
		if ctx.Err() != nil {
			return Response{}, ctx.Err()
		}
		var apiErr *apiError
		switch {
		case errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests:
			hint, hinted := httpretry.RetryAfter(apiErr.Header, m.now())
			wait, stop := rateLimits.Next(hint, hinted)
			switch {
			case errors.Is(stop, httpretry.ErrWaitTooLong):
				return Response{}, &rateLimited{wait: wait}
			case stop != nil:
				return Response{}, failed("rate limited %d times in a row", rateLimits.Failed())
			}
			if err := m.sleep(ctx, wait); err != nil {
				return Response{}, err
			}
		case errors.As(err, &apiErr) && apiErr.StatusCode < 500:
			return Response{}, failed("HTTP %d: %s", apiErr.StatusCode, apiMessage(apiErr))
		default: // 5xx, a network error, a body that is no completion
			wait, stop := serverFailures.Next(0, false)
			if stop != nil {
				return Response{}, failed("%d attempts failed, the last: %s", serverFailures.Failed(), shortError(err, apiErr))
			}
			if err := m.sleep(ctx, wait); err != nil {
				return Response{}, err
			}
		}
	}
}

// pace keeps requests RequestsPerMinute apart.
func (m *Models) pace(ctx context.Context) error {
	if m.cfg.RequestsPerMinute > 0 && !m.lastStart.IsZero() {
		gap := time.Minute / time.Duration(m.cfg.RequestsPerMinute)
		if wait := m.lastStart.Add(gap).Sub(m.now()); wait > 0 {
			if err := m.sleep(ctx, wait); err != nil {
				return err
			}
		}
	}
	m.lastStart = m.now()
	return nil
}

// parse reads the model's answer and counts its tokens.
func (m *Models) parse(c *chatCompletion, est int) (Response, error) {
	used := int(c.Usage.PromptTokens + c.Usage.CompletionTokens)
	if used == 0 {
		used = est
		for _, ch := range c.Choices {
			used += len(ch.Message.Content) / bytesPerToken
		}
	}
	m.tokens += used
	if len(c.Choices) == 0 {
		return Response{}, fmt.Errorf("%w: no choices", errMalformed)
	}
	ch := c.Choices[0]
	if ch.Message.Refusal != "" {
		return Response{}, fmt.Errorf("%w: the model refused: %s", errMalformed, clipText(ch.Message.Refusal, 200))
	}
	if ch.FinishReason == "length" {
		return Response{}, fmt.Errorf("%w: cut off at the output limit", errMalformed)
	}
	r, err := parseAnswer([]byte(ch.Message.Content))
	if err != nil {
		return Response{}, fmt.Errorf("%w: %v", errMalformed, err)
	}
	return r, nil
}

// judgementSchema is the judging answer's schema for role, without the
// origin the agent fills.
func judgementSchema(role string) map[string]any {
	s := enrich.JudgementAnswerSchema(role)
	props, _ := s["properties"].(map[string]any)
	list, _ := props["judgements"].(map[string]any)
	items, _ := list["items"].(map[string]any)
	ip, _ := items["properties"].(map[string]any)
	delete(ip, "origin")
	var req []any
	r, _ := items["required"].([]any)
	for _, k := range r {
		if k != "origin" {
			req = append(req, k)
		}
	}
	items["required"] = req
	return s
}

// envelopeByAgent are the proposal fields the agent fills, so the model
// is not asked for them (it could not know them, and they cost tokens).
var envelopeByAgent = []string{"proposalId", "origin", "baseSnapshotHash", "targetContentHash"}

// modelSchema is the answer schema the model is held to: the proposal
// union of internal/enrich, restricted to the kinds asked for, without the
// fields the agent fills.
func modelSchema(capabilities []string) map[string]any {
	s := enrich.AnswerSchema()
	props, _ := s["properties"].(map[string]any)
	list, _ := props["proposals"].(map[string]any)
	items, _ := list["items"].(map[string]any)
	branches, _ := items["anyOf"].([]any)
	var kept []any
	for _, b := range branches {
		br, ok := b.(map[string]any)
		if !ok {
			continue
		}
		bp, _ := br["properties"].(map[string]any)
		kind, _ := bp["kind"].(map[string]any)
		enum, _ := kind["enum"].([]any)
		if len(capabilities) > 0 && (len(enum) != 1 || !slices.Contains(capabilities, fmt.Sprint(enum[0]))) {
			continue
		}
		nb := map[string]any{}
		for k, v := range br {
			nb[k] = v
		}
		np := map[string]any{}
		for k, v := range bp {
			if !slices.Contains(envelopeByAgent, k) {
				np[k] = v
			}
		}
		nb["properties"] = np
		var req []any
		r, _ := br["required"].([]any)
		for _, k := range r {
			if !slices.Contains(envelopeByAgent, fmt.Sprint(k)) {
				req = append(req, k)
			}
		}
		nb["required"] = req
		kept = append(kept, nb)
	}
	items["anyOf"] = kept
	return s
}

// tokensOf estimates the input tokens of the prompt, the schema and a
// request.
func tokensOf(prompt string, schema map[string]any, req Request) (int, error) {
	s, err := json.Marshal(schema)
	if err != nil {
		return 0, err
	}
	r, err := json.Marshal(req)
	if err != nil {
		return 0, err
	}
	return (len(prompt) + len(s) + len(r)) / bytesPerToken, nil
}

// packTokens estimates a pack's share of a request's tokens.
func packTokens(p pack.Pack) int { return (packBytes(p) + bytesPerToken - 1) / bytesPerToken }

// apiMessage is an API error's message, bounded.
func apiMessage(e *apiError) string {
	if e.Message != "" {
		return clipText(e.Message, 300)
	}
	return http.StatusText(e.StatusCode)
}

func shortError(err error, apiErr *apiError) string {
	if apiErr != nil {
		return fmt.Sprintf("HTTP %d: %s", apiErr.StatusCode, apiMessage(apiErr))
	}
	return clipText(err.Error(), 300)
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
