package enrich

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/jsonerr"
)

// maxProposalBytes bounds one raw proposal.
const maxProposalBytes = 64 << 10

// Decode reads one raw JSON proposal strictly: unknown fields, a payload
// that is not its kind's, a broken bound or enumeration are refused. The
// error is always a *rejection whose reason is the first of invalid-kind,
// no-evidence and schema that applies, so a caller can file it; the
// Proposal returned holds whatever envelope fields could be read (for the
// rejected entry), even on error.
func Decode(raw json.RawMessage) (Proposal, error) {
	var p Proposal
	if len(raw) > maxProposalBytes {
		return p, reject(ReasonSchema, "the proposal is %d bytes, more than %d", len(raw), maxProposalBytes)
	}
	// A lenient first look, so the envelope order holds: the kind, then
	// the evidence, before anything about the shape.
	var peek struct {
		ProposalID string            `json:"proposalId"`
		Kind       json.RawMessage   `json:"kind"`
		Entity     string            `json:"entity"`
		Evidence   []json.RawMessage `json:"evidence"`
	}
	peekErr := json.Unmarshal(raw, &peek)
	var kind string
	if peekErr == nil || len(peek.Kind) > 0 {
		_ = json.Unmarshal(peek.Kind, &kind)
	}
	p.ProposalID, p.Kind, p.Entity = bounded(peek.ProposalID), Kind(bounded(kind)), bounded(peek.Entity)
	if peekErr != nil && !isTypeError(peekErr) {
		return p, reject(ReasonSchema, "%v", jsonerr.Plain(peekErr))
	}
	if !Kind(kind).Known() {
		return p, reject(ReasonInvalidKind, "kind %q is not one of the %d proposal kinds", bounded(kind), len(Kinds))
	}
	if len(peek.Evidence) == 0 {
		return p, reject(ReasonNoEvidence, "a proposal needs at least one evidence item")
	}
	if peekErr != nil {
		return p, reject(ReasonSchema, "%v", jsonerr.Plain(peekErr))
	}
	var env wireProposal
	if err := strictUnmarshal(raw, &env); err != nil {
		return p, reject(ReasonSchema, "%v", jsonerr.Plain(err))
	}
	q := Proposal{
		ProposalID: env.ProposalID, Kind: env.Kind, Entity: env.Entity, TargetContentHash: env.TargetContentHash,
		Confidence: env.Confidence, Reason: env.Reason, Evidence: env.Evidence, RelatedDiagnosticIDs: env.RelatedDiagnosticIDs,
		Origin: env.Origin, BaseSnapshotHash: env.BaseSnapshotHash,
	}
	if len(env.Payload) == 0 || string(env.Payload) == "null" {
		return p, reject(ReasonSchema, "payload: missing")
	}
	q.Payload = newPayload(q.Kind)
	if err := strictUnmarshal(env.Payload, q.Payload); err != nil {
		return p, reject(ReasonSchema, "payload: %v", jsonerr.Plain(err))
	}
	if err := checkEnvelopeShape(&q); err != nil {
		return p, reject(ReasonSchema, "%v", err)
	}
	if err := q.Payload.check(); err != nil {
		return p, reject(ReasonSchema, "payload: %v", err)
	}
	return q, nil
}

// wireProposal is a proposal as it comes, its payload not yet read. (Not
// Proposal embedded: a type error would then name the Go type.)
type wireProposal struct {
	ProposalID           string          `json:"proposalId"`
	Kind                 Kind            `json:"kind"`
	Entity               string          `json:"entity"`
	TargetContentHash    string          `json:"targetContentHash"`
	Confidence           float64         `json:"confidence"`
	Reason               string          `json:"reason"`
	Evidence             []Evidence      `json:"evidence"`
	RelatedDiagnosticIDs []string        `json:"relatedDiagnosticIds"`
	Origin               Origin          `json:"origin"`
	BaseSnapshotHash     string          `json:"baseSnapshotHash"`
	Payload              json.RawMessage `json:"payload"`
}

// isTypeError reports whether err is a type mismatch inside a JSON object
// (the lenient look read what it could).
func isTypeError(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te) && te.Field != ""
}

// bounded cuts a string read from an untrusted proposal for a message or a
// rejected entry.
func bounded(s string) string {
	if utf8.RuneCountInString(s) <= MaxIDRunes && utf8.ValidString(s) {
		return s
	}
	r := []rune(s)
	if len(r) > MaxIDRunes {
		r = r[:MaxIDRunes]
	}
	return string(r)
}

// checkEnvelopeShape checks the envelope's bounds.
func checkEnvelopeShape(p *Proposal) error {
	for _, f := range []struct {
		name, v string
		max     int
	}{
		{"proposalId", p.ProposalID, MaxIDRunes},
		{"entity", p.Entity, MaxIDRunes},
		{"targetContentHash", p.TargetContentHash, MaxIDRunes},
		{"baseSnapshotHash", p.BaseSnapshotHash, MaxIDRunes},
		{"origin.agentId", p.Origin.AgentID, maxOriginRunes},
		{"origin.agentVersion", p.Origin.AgentVersion, maxOriginRunes},
		{"origin.promptVersion", p.Origin.PromptVersion, maxOriginRunes},
	} {
		if err := required(f.name, f.v, f.max); err != nil {
			return err
		}
	}
	if err := optional("origin.model", p.Origin.Model, maxOriginRunes); err != nil {
		return err
	}
	if err := optional("origin.provider", p.Origin.Provider, maxOriginRunes); err != nil {
		return err
	}
	if err := optional("reason", p.Reason, MaxReasonRunes); err != nil {
		return err
	}
	if math.IsNaN(p.Confidence) || p.Confidence < 0 || p.Confidence > 1 {
		return fmt.Errorf("confidence: %v is not between 0 and 1", p.Confidence)
	}
	if len(p.Evidence) > maxEvidence {
		return fmt.Errorf("evidence: %d items, at most %d", len(p.Evidence), maxEvidence)
	}
	for i, e := range p.Evidence {
		if e.Source != SourceSnapshot && e.Source != SourceReport {
			return fmt.Errorf("evidence[%d].source: %q is not %q or %q", i, bounded(e.Source), SourceSnapshot, SourceReport)
		}
		if err := required(fmt.Sprintf("evidence[%d].path", i), e.Path, MaxIDRunes); err != nil {
			return err
		}
		if e.LineStart < 0 || e.LineEnd < 0 || (e.LineEnd > 0 && e.LineEnd < e.LineStart) {
			return fmt.Errorf("evidence[%d]: lines %d-%d are not a range", i, e.LineStart, e.LineEnd)
		}
	}
	if len(p.RelatedDiagnosticIDs) > maxDiagnosticIDs {
		return fmt.Errorf("relatedDiagnosticIds: %d items, at most %d", len(p.RelatedDiagnosticIDs), maxDiagnosticIDs)
	}
	for i, id := range p.RelatedDiagnosticIDs {
		if err := required(fmt.Sprintf("relatedDiagnosticIds[%d]", i), id, MaxIDRunes); err != nil {
			return err
		}
	}
	return nil
}

// required checks a non-empty string of at most max characters.
func required(name, v string, max int) error {
	if v == "" {
		return fmt.Errorf("%s: missing", name)
	}
	return optional(name, v, max)
}

// optional checks a string of at most max characters, valid UTF-8 and
// without control characters.
func optional(name, v string, max int) error {
	if !utf8.ValidString(v) {
		return fmt.Errorf("%s: not valid UTF-8", name)
	}
	if n := utf8.RuneCountInString(v); n > max {
		return fmt.Errorf("%s: %d characters, at most %d", name, n, max)
	}
	for _, r := range v {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			return fmt.Errorf("%s: contains a control character", name)
		}
	}
	return nil
}

// oneOf checks an enumerated value.
func oneOf(name, v string, allowed []string) error {
	if !slices.Contains(allowed, v) {
		return fmt.Errorf("%s: %q is not one of %v", name, bounded(v), allowed)
	}
	return nil
}

func (p *ClassifyDocument) check() error {
	return firstErr(
		oneOf("type", p.Type, DocTypes),
		oneOf("audience", p.Audience, Audiences),
		oneOf("lifecycle", p.Lifecycle, Lifecycles),
		oneOf("criticality", p.Criticality, Criticalities))
}

func (p *Summarize) check() error {
	return firstErr(required("summary", p.Summary, maxSummaryRunes), required("language", p.Language, maxLanguageRunes))
}

func (p *AddAlias) check() error {
	if err := required("alias", p.Alias, maxAliasRunes); err != nil {
		return err
	}
	if hasNewline(p.Alias) {
		return fmt.Errorf("alias: one line only")
	}
	return nil
}

func (p *AddIntent) check() error {
	return firstErr(required("phrase", p.Phrase, maxPhraseRunes), required("language", p.Language, maxLanguageRunes))
}

func (p *MarkCanonical) check() error { return required("scope", p.Scope, maxScopeRunes) }

func (p *ProposeRelation) check() error {
	return firstErr(
		required("from", p.From, MaxIDRunes),
		required("to", p.To, MaxIDRunes),
		oneOf("kind", p.Kind, relationKinds),
		required("detection", p.Detection, maxDetectionRunes))
}

func (p *FlagContradiction) check() error {
	return firstErr(
		required("against", p.Against, MaxIDRunes),
		required("claim", p.Claim, maxClaimRunes),
		required("observed", p.Observed, maxClaimRunes))
}

func (p *FlagRedundancy) check() error { return required("with", p.With, MaxIDRunes) }

func (p *FlagGap) check() error {
	return firstErr(required("area", p.Area, MaxIDRunes), required("missing", p.Missing, maxMissingRunes))
}

func (p *RankHint) check() error { return oneOf("strength", p.Strength, rankStrengths) }

func (p *SuggestArea) check() error {
	if len(p.Directories) == 0 || len(p.Directories) > maxDirectories {
		return fmt.Errorf("directories: %d items, between 1 and %d", len(p.Directories), maxDirectories)
	}
	seen := map[string]bool{}
	for i, d := range p.Directories {
		if err := required(fmt.Sprintf("directories[%d]", i), d, MaxIDRunes); err != nil {
			return err
		}
		if seen[d] {
			return fmt.Errorf("directories[%d]: %q twice", i, d)
		}
		seen[d] = true
	}
	return required("name", p.Name, maxAreaNameRunes)
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func hasNewline(s string) bool {
	for _, r := range s {
		if r == '\n' || r == '\r' || r == '\t' {
			return true
		}
	}
	return false
}
