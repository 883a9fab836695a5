package enrich

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/cespare/xxhash/v2"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Kind names what a proposal asks for; the union is closed.
type Kind string

// The proposal kinds.
const (
	KindClassifyDocument  Kind = "classify-document"
	KindSummarize         Kind = "summarize"
	KindAddAlias          Kind = "add-alias"
	KindAddIntent         Kind = "add-intent"
	kindMarkCanonical     Kind = "mark-canonical"
	KindProposeRelation   Kind = "propose-relation"
	kindFlagContradiction Kind = "flag-contradiction"
	KindFlagRedundancy    Kind = "flag-redundancy"
	KindFlagGap           Kind = "flag-gap"
	kindRankHint          Kind = "rank-hint"
	kindSuggestArea       Kind = "suggest-area"
)

// Kinds lists every kind, sorted.
var Kinds = []Kind{
	KindAddAlias, KindAddIntent, KindClassifyDocument, kindFlagContradiction,
	KindFlagGap, KindFlagRedundancy, kindMarkCanonical, KindProposeRelation,
	kindRankHint, kindSuggestArea, KindSummarize,
}

// Known reports whether k is one of Kinds.
func (k Kind) Known() bool { return slices.Contains(Kinds, k) }

// Policy says who may accept a proposal of a kind.
type Policy string

// The policies.
const (
	// PolicyAuto: accepted by policy once the validators pass.
	PolicyAuto Policy = "accepted-by-policy"
	// policyHuman: pending until a person approves it.
	policyHuman Policy = "human-approval"
	// policyFinding: never accepted; it is reported as a finding.
	policyFinding Policy = "finding-only"
)

// Policy returns the policy of kind k.
func (k Kind) Policy() Policy {
	switch k {
	case KindClassifyDocument, KindSummarize, KindAddAlias, KindAddIntent, kindRankHint:
		return PolicyAuto
	case KindFlagGap:
		return policyFinding
	}
	return policyHuman
}

// Envelope bounds.
const (
	MaxReasonRunes   = 1000
	maxEvidence      = 16
	maxDiagnosticIDs = 16
	MaxIDRunes       = 512 // an entity id, a diagnostic id, a path
	maxOriginRunes   = 128 // each field of an origin
)

// Evidence sources: a path the snapshot records, or one a report
// diagnostic names.
const (
	SourceSnapshot = "snapshot"
	SourceReport   = "report"
)

// Proposal is one typed agent proposal: the envelope and the payload of its
// kind. Payload holds the pointer type of its kind (*Summarize for
// KindSummarize, ...).
type Proposal struct {
	ProposalID           string     `json:"proposalId"`
	Kind                 Kind       `json:"kind"`
	Entity               string     `json:"entity"`
	TargetContentHash    string     `json:"targetContentHash"`
	Confidence           float64    `json:"confidence"`
	Reason               string     `json:"reason"`
	Evidence             []Evidence `json:"evidence"`
	RelatedDiagnosticIDs []string   `json:"relatedDiagnosticIds"`
	Origin               Origin     `json:"origin"`
	BaseSnapshotHash     string     `json:"baseSnapshotHash"`
	Payload              Payload    `json:"payload"`
}

// Evidence points at what supports a proposal: a path of the snapshot or of
// the report, optionally a line range.
type Evidence struct {
	Source    string `json:"source"`
	Path      string `json:"path"`
	LineStart int    `json:"lineStart,omitempty"`
	LineEnd   int    `json:"lineEnd,omitempty"`
}

// Origin is who proposed: the agent's identity and the prompt version.
type Origin struct {
	AgentID       string `json:"agentId"`
	AgentVersion  string `json:"agentVersion"`
	PromptVersion string `json:"promptVersion"`
	Model         string `json:"model,omitempty"`
	Provider      string `json:"provider,omitempty"`
}

// Actor is the name an origin acts under in the overlay ("agent:<id>"), so
// that no approval can come from the proposal's own agent.
func (o Origin) Actor() string { return "agent:" + o.AgentID }

// Payload is the kind-specific part of a proposal.
type Payload interface {
	// ProposalKind is the kind the payload belongs to.
	ProposalKind() Kind
	// check reports the first bound or enumeration the payload breaks.
	check() error
	// distinct returns the field that tells apart several proposals of the
	// kind on one entity ("" for kinds an entity carries once).
	distinct() string
}

// ProposalID is the proposal's identity: the hash of its kind, entity,
// target content hash, agent identity, prompt version and, for kinds an
// entity can carry several of, the payload field that tells them apart.
// Confidence, reason and evidence do not change what is proposed, so they
// are not part of it.
func ProposalID(p Proposal) string {
	d := xxhash.New()
	parts := []string{
		"proposal/v1", string(p.Kind), p.Entity, p.TargetContentHash,
		p.Origin.AgentID, p.Origin.AgentVersion, p.Origin.Model, p.Origin.Provider,
		p.Origin.PromptVersion,
	}
	if p.Payload != nil {
		parts = append(parts, p.Payload.distinct())
	}
	for _, s := range parts {
		// Length-prefixed, so no two field lists hash alike.
		fmt.Fprintf(d, "%d:%s;", len(s), s)
	}
	return fmt.Sprintf("%016x", d.Sum64())
}

// TargetHash is the content hash a proposal on e is bound to: the hash of
// e's file (its first evidence item) or, for an entity without a file (an
// area), the hash of the entity's record.
func TargetHash(e *snapshot.Entity) string {
	if len(e.Evidence) > 0 && e.Evidence[0].ContentHash != "" {
		return e.Evidence[0].ContentHash
	}
	b, err := json.Marshal(struct {
		ID, Kind, Name, Path string
		Aliases              []string
		Metadata             map[string]any
	}{e.ID, e.Kind, e.Name, e.Path, e.Aliases, e.Metadata})
	if err != nil { // metadata the scan wrote is plain JSON; be safe anyway
		b = []byte(e.ID)
	}
	return snapshot.HashBytes(b)
}

// plainProposal is Proposal without its JSON methods (no recursion).
type plainProposal Proposal

// UnmarshalJSON reads a proposal as Decode does (a stored one: an overlay
// entry, an approval's subject).
func (p *Proposal) UnmarshalJSON(b []byte) error {
	q, err := Decode(b)
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// MarshalJSON writes the envelope with its payload.
func (p Proposal) MarshalJSON() ([]byte, error) {
	q := plainProposal(p)
	if q.Evidence == nil {
		q.Evidence = []Evidence{}
	}
	if q.RelatedDiagnosticIDs == nil {
		q.RelatedDiagnosticIDs = []string{}
	}
	return json.Marshal(q)
}

// Classification enumerations.
var (
	DocTypes      = []string{"adr", "changelog", "explanation", "guide", "how-to", "overview", "readme", "reference", "runbook", "spec", "tutorial", "other"}
	Audiences     = []string{"contributor", "developer", "maintainer", "operator", "user"}
	Lifecycles    = []string{"archived", "current", "deprecated", "draft"}
	Criticalities = []string{"high", "low", "medium"}
	// relationKinds are the relation kinds an agent may propose.
	relationKinds = []string{"covers", "depends-on", "documents", "links-to", "mentions", "related-to"}
	// rankStrengths are the rank-hint strengths.
	rankStrengths = []string{"strong", "weak"}
)

// Payload bounds, in characters (runes).
const (
	maxSummaryRunes   = 400
	maxAliasRunes     = 64
	maxPhraseRunes    = 120
	maxScopeRunes     = 120
	maxDetectionRunes = 64
	maxClaimRunes     = 400
	maxMissingRunes   = 400
	maxAreaNameRunes  = 64
	maxLanguageRunes  = 16
	maxDirectories    = 16
)

// ClassifyDocument classifies a document.
type ClassifyDocument struct {
	Type        string `json:"type"`
	Audience    string `json:"audience"`
	Lifecycle   string `json:"lifecycle"`
	Criticality string `json:"criticality"`
}

// Summarize gives an entity a summary.
type Summarize struct {
	Summary  string `json:"summary"`
	Language string `json:"language"`
}

// AddAlias gives an entity another name.
type AddAlias struct {
	Alias string `json:"alias"`
}

// AddIntent names a task an entity answers ("how do I rotate keys").
type AddIntent struct {
	Phrase   string `json:"phrase"`
	Language string `json:"language"`
}

// MarkCanonical marks a document the canonical one for a scope.
type MarkCanonical struct {
	Scope string `json:"scope"`
}

// ProposeRelation proposes an edge From → To; From is the proposal's entity.
type ProposeRelation struct {
	From      string `json:"from"`
	To        string `json:"to"`
	Kind      string `json:"kind"`
	Detection string `json:"detection"`
}

// FlagContradiction says the entity claims what another entity contradicts.
type FlagContradiction struct {
	Against  string `json:"against"`
	Claim    string `json:"claim"`
	Observed string `json:"observed"`
}

// FlagRedundancy says the entity repeats another.
type FlagRedundancy struct {
	With string `json:"with"`
}

// FlagGap says an area lacks documentation of something.
type FlagGap struct {
	Area    string `json:"area"`
	Missing string `json:"missing"`
}

// RankHint raises an entity in retrieval, strongly or weakly.
type RankHint struct {
	Strength string `json:"strength"`
}

// SuggestArea proposes that directories form one named area.
type SuggestArea struct {
	Directories []string `json:"directories"`
	Name        string   `json:"name"`
}

// ProposalKind implementations.
func (*ClassifyDocument) ProposalKind() Kind  { return KindClassifyDocument }
func (*Summarize) ProposalKind() Kind         { return KindSummarize }
func (*AddAlias) ProposalKind() Kind          { return KindAddAlias }
func (*AddIntent) ProposalKind() Kind         { return KindAddIntent }
func (*MarkCanonical) ProposalKind() Kind     { return kindMarkCanonical }
func (*ProposeRelation) ProposalKind() Kind   { return KindProposeRelation }
func (*FlagContradiction) ProposalKind() Kind { return kindFlagContradiction }
func (*FlagRedundancy) ProposalKind() Kind    { return KindFlagRedundancy }
func (*FlagGap) ProposalKind() Kind           { return KindFlagGap }
func (*RankHint) ProposalKind() Kind          { return kindRankHint }
func (*SuggestArea) ProposalKind() Kind       { return kindSuggestArea }

func (*ClassifyDocument) distinct() string  { return "" }
func (*Summarize) distinct() string         { return "" }
func (p *AddAlias) distinct() string        { return p.Alias }
func (p *AddIntent) distinct() string       { return p.Phrase }
func (*MarkCanonical) distinct() string     { return "" }
func (p *ProposeRelation) distinct() string { return p.To + "\x00" + p.Kind }
func (p *FlagContradiction) distinct() string {
	return p.Against
}
func (p *FlagRedundancy) distinct() string { return p.With }
func (p *FlagGap) distinct() string        { return p.Area + "\x00" + p.Missing }
func (*RankHint) distinct() string         { return "" }
func (p *SuggestArea) distinct() string {
	dirs := slices.Clone(p.Directories)
	slices.Sort(dirs)
	return strings.Join(dirs, "\x00")
}

// newPayload returns an empty payload of kind k (nil for an unknown kind).
func newPayload(k Kind) Payload {
	switch k {
	case KindClassifyDocument:
		return &ClassifyDocument{}
	case KindSummarize:
		return &Summarize{}
	case KindAddAlias:
		return &AddAlias{}
	case KindAddIntent:
		return &AddIntent{}
	case kindMarkCanonical:
		return &MarkCanonical{}
	case KindProposeRelation:
		return &ProposeRelation{}
	case kindFlagContradiction:
		return &FlagContradiction{}
	case KindFlagRedundancy:
		return &FlagRedundancy{}
	case KindFlagGap:
		return &FlagGap{}
	case kindRankHint:
		return &RankHint{}
	case kindSuggestArea:
		return &SuggestArea{}
	}
	return nil
}

// strictUnmarshal decodes one JSON value into v, refusing unknown fields
// and trailing data.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}
