package enrich

import (
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/enrich/redact"
	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// aliasThreshold is the Jaro-Winkler similarity at or above which a
// proposed alias collides with an existing name.
const aliasThreshold = 0.95

// Facts are what the validators check proposals against: the snapshot, the
// report's diagnostics and a secret scan. Nothing else is consulted.
type Facts struct {
	Snapshot    *snapshot.Snapshot
	Diagnostics []Diagnostic
	// ContainsSecret reports whether a text holds a secret; nil is
	// redact.Contains (the packs' own rule set).
	ContainsSecret func(string) bool
}

// Diagnostic is one finding of the report, as evidence may cite it: its id
// and the paths its evidence names.
type Diagnostic struct {
	ID    string
	Paths []string
}

// Context is what the validators need to know about the answer a proposal
// came in: the agent that answered (with its prompt version) and the
// snapshot hash its request gave.
type Context struct {
	Agent            Origin `json:"agent"`
	BaseSnapshotHash string `json:"baseSnapshotHash"`
}

// index is Facts prepared for lookups.
type index struct {
	facts     Facts
	entities  map[string]*snapshot.Entity
	paths     map[string]bool // every path the snapshot records
	dirs      map[string]bool // every directory holding one of them
	diagIDs   map[string]bool
	diagPaths map[string]bool
	relations map[string]bool
	names     []nameRef // every name an alias may collide with
}

// nameRef is one name of an entity, case folded.
type nameRef struct {
	entity, name string
}

func newIndex(f Facts) *index {
	if f.ContainsSecret == nil {
		f.ContainsSecret = redact.Contains
	}
	ix := &index{
		facts: f, entities: map[string]*snapshot.Entity{},
		paths: map[string]bool{}, dirs: map[string]bool{},
		diagIDs: map[string]bool{}, diagPaths: map[string]bool{}, relations: map[string]bool{},
	}
	if s := f.Snapshot; s != nil {
		for i := range s.Entities {
			e := &s.Entities[i]
			ix.entities[e.ID] = e
			ix.addPath(e.Path)
			for _, ev := range e.Evidence {
				ix.addPath(ev.Path)
			}
			if e.Kind != snapshot.KindUnresolved {
				for _, n := range entityNames(e) {
					ix.names = append(ix.names, nameRef{e.ID, n})
				}
			}
		}
		for _, r := range s.Relations {
			ix.relations[r.ID] = true
			for _, ev := range r.Evidence {
				ix.addPath(ev.Path)
			}
		}
	}
	for _, d := range f.Diagnostics {
		ix.diagIDs[d.ID] = true
		for _, p := range d.Paths {
			ix.diagPaths[p] = true
		}
	}
	return ix
}

func (ix *index) addPath(p string) {
	if p == "" || ix.paths[p] {
		return
	}
	ix.paths[p] = true
	for d := path.Dir(p); d != "." && d != "/" && !ix.dirs[d]; d = path.Dir(d) {
		ix.dirs[d] = true
	}
}

// entityNames are the names an alias may not repeat: id, name, title,
// file-name stem and aliases, case folded.
func entityNames(e *snapshot.Entity) []string {
	ns := []string{e.ID, e.Name}
	if t, ok := e.Metadata["title"].(string); ok {
		ns = append(ns, t)
	}
	if e.Path != "" {
		base := path.Base(e.Path)
		ns = append(ns, strings.TrimSuffix(base, path.Ext(base)))
	}
	ns = append(ns, e.Aliases...)
	out := ns[:0]
	for _, n := range ns {
		if n = fold(n); n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func fold(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// checkEnvelope runs the envelope checks after decoding, in the fixed
// order: base-snapshot-mismatch, unknown-entity, stale-target,
// unknown-diagnostic, evidence-outside-artifacts, proposal-id-mismatch.
// (invalid-kind, no-evidence and schema are Decode's.)
func (ix *index) checkEnvelope(p *Proposal, ctx Context) *rejection {
	if p.BaseSnapshotHash != ctx.BaseSnapshotHash {
		return reject(ReasonBaseSnapshotMismatch, "the proposal is based on snapshot %s, the request gave %s", p.BaseSnapshotHash, ctx.BaseSnapshotHash)
	}
	e := ix.entities[p.Entity]
	if e == nil {
		return reject(ReasonUnknownEntity, "the snapshot has no entity %s", p.Entity)
	}
	if h := TargetHash(e); p.TargetContentHash != h {
		return reject(ReasonStaleTarget, "%s has content hash %s now, the proposal is about %s", p.Entity, h, p.TargetContentHash)
	}
	for _, id := range p.RelatedDiagnosticIDs {
		if !ix.diagIDs[id] {
			return reject(ReasonUnknownDiagnostic, "the report has no diagnostic %s", id)
		}
	}
	for i, ev := range p.Evidence {
		known := ix.paths[ev.Path]
		if ev.Source == SourceReport {
			known = ix.diagPaths[ev.Path]
		}
		if !known {
			return reject(ReasonEvidenceOutsideArtifacts, "evidence[%d]: the %s names no path %s", i, ev.Source, ev.Path)
		}
	}
	if p.Origin != ctx.Agent {
		return reject(ReasonProposalIDMismatch, "the origin %s@%s is not the agent that answered, %s@%s", p.Origin.AgentID, p.Origin.AgentVersion, ctx.Agent.AgentID, ctx.Agent.AgentVersion)
	}
	if id := ProposalID(*p); p.ProposalID != id {
		return reject(ReasonProposalIDMismatch, "the proposal's id is %s, its fields give %s", p.ProposalID, id)
	}
	return nil
}

// taken is what the proposals decided so far in one partition add to the
// facts: the aliases and canonical scopes already taken.
type taken struct {
	aliases   []nameRef         // accepted aliases, case folded
	canonical map[string]string // scope (case folded) → document id
}

func newTaken() *taken { return &taken{canonical: map[string]string{}} }

// checkKind runs the kind's own rule; p passed the envelope checks, so its
// entity exists.
func (ix *index) checkKind(p *Proposal, st *taken) *rejection {
	e := ix.entities[p.Entity]
	if r := ix.checkSecrets(p); r != nil {
		return r
	}
	switch q := p.Payload.(type) {
	case *ClassifyDocument:
		return needKind(e, snapshot.KindDocument)
	case *Summarize:
		if fold(q.Summary) == fold(currentSummary(e)) {
			return reject(ReasonSummaryUnchanged, "%s already has this summary", e.ID)
		}
	case *AddAlias:
		return ix.checkAlias(e, q.Alias, st)
	case *AddIntent, *RankHint:
		return nil
	case *MarkCanonical:
		if r := needKind(e, snapshot.KindDocument); r != nil {
			return r
		}
		if other, ok := st.canonical[fold(q.Scope)]; ok && other != e.ID {
			return reject(reasonCanonicalConflict, "%s is already the canonical document of %q", other, q.Scope)
		}
	case *ProposeRelation:
		return ix.checkRelation(p, q)
	case *FlagContradiction:
		return ix.checkOther(e, "against", q.Against)
	case *FlagRedundancy:
		return ix.checkOther(e, "with", q.With)
	case *FlagGap:
		a := ix.entities[q.Area]
		if a == nil || a.Kind != snapshot.KindArea {
			return reject(ReasonUnknownReference, "area: the snapshot has no area %s", q.Area)
		}
	case *SuggestArea:
		for _, d := range q.Directories {
			if !ix.dirs[strings.TrimSuffix(d, "/")] {
				return reject(ReasonUnknownReference, "directories: the snapshot has no directory %s", d)
			}
		}
	}
	return nil
}

// record adds what an accepted or pending proposal takes to the state.
func (st *taken) record(p *Proposal) {
	switch q := p.Payload.(type) {
	case *AddAlias:
		st.aliases = append(st.aliases, nameRef{p.Entity, fold(q.Alias)})
	case *MarkCanonical:
		st.canonical[fold(q.Scope)] = p.Entity
	}
}

func needKind(e *snapshot.Entity, kind string) *rejection {
	if e.Kind != kind {
		return reject(ReasonWrongEntityKind, "%s is a %s, not a %s", e.ID, e.Kind, kind)
	}
	return nil
}

// checkAlias refuses an alias that repeats or nearly repeats a name: any
// name of another entity (id, name, title, file-name stem, alias, or an
// alias accepted earlier in the run), exactly or at Jaro-Winkler ≥
// aliasThreshold; for the entity itself, the same name again.
func (ix *index) checkAlias(e *snapshot.Entity, alias string, st *taken) *rejection {
	a := fold(alias)
	if slices.Contains(entityNames(e), a) || slices.Contains(st.aliases, nameRef{e.ID, a}) {
		return reject(ReasonAliasCollision, "%q already names %s", alias, e.ID)
	}
	la := utf8.RuneCountInString(a)
	for _, names := range [][]nameRef{ix.names, st.aliases} {
		for _, n := range names {
			if n.entity == e.ID {
				continue
			}
			if n.name == a {
				return reject(ReasonAliasCollision, "%q already names %s", alias, n.entity)
			}
			if !lengthsAdmit(la, utf8.RuneCountInString(n.name)) {
				continue
			}
			if sc := nearmiss.JaroWinkler(a, n.name); sc >= aliasThreshold {
				return reject(ReasonAliasCollision, "%q is too close to %q of %s (%.2f)", alias, n.name, n.entity, sc)
			}
		}
	}
	return nil
}

// lengthsAdmit reports whether two names of these rune lengths can reach
// aliasThreshold at all. Winkler's bonus adds at most 0.4·(1−J), so JW ≥
// 0.95 needs Jaro J ≥ 0.9167; and J ≤ (s/l + 2)/3 for lengths s ≤ l, so
// s/l ≥ 0.75. The cut is taken at 0.74, below the bound.
func lengthsAdmit(a, b int) bool {
	s, l := min(a, b), max(a, b)
	return l == 0 || float64(s) >= 0.74*float64(l)
}

// checkRelation: the relation starts at the proposal's entity, ends at
// another existing entity, is not observed yet, and its evidence lies in
// one of its endpoints.
func (ix *index) checkRelation(p *Proposal, q *ProposeRelation) *rejection {
	if q.From != p.Entity {
		return reject(ReasonSchema, "from: %s is not the proposal's entity %s", q.From, p.Entity)
	}
	if r := ix.checkOther(ix.entities[p.Entity], "to", q.To); r != nil {
		return r
	}
	if id := snapshot.RelationID(q.Kind, q.From, q.To); ix.relations[id] {
		return reject(ReasonRelationObserved, "the snapshot already has %s", id)
	}
	ends := []*snapshot.Entity{ix.entities[q.From], ix.entities[q.To]}
	for i, ev := range p.Evidence {
		if !slices.ContainsFunc(ends, func(e *snapshot.Entity) bool { return inside(ev.Path, e) }) {
			return reject(ReasonEvidenceOffEnds, "evidence[%d]: %s is in neither %s nor %s", i, ev.Path, q.From, q.To)
		}
	}
	return nil
}

// inside reports whether p is the entity's file or lies under its
// directory (an area's, a package's).
func inside(p string, e *snapshot.Entity) bool {
	if e.Path == "" {
		return false
	}
	return p == e.Path || strings.HasPrefix(p, strings.TrimSuffix(e.Path, "/")+"/")
}

// checkOther: a payload names another entity the snapshot has.
func (ix *index) checkOther(e *snapshot.Entity, field, id string) *rejection {
	if id == e.ID {
		return reject(ReasonSelfReference, "%s: names the proposal's own entity", field)
	}
	if ix.entities[id] == nil {
		return reject(ReasonUnknownReference, "%s: the snapshot has no entity %s", field, id)
	}
	return nil
}

// checkSecrets scans every free text of the proposal.
func (ix *index) checkSecrets(p *Proposal) *rejection {
	texts := []struct{ field, v string }{{"reason", p.Reason}}
	switch q := p.Payload.(type) {
	case *Summarize:
		texts = append(texts, struct{ field, v string }{"summary", q.Summary})
	case *AddAlias:
		texts = append(texts, struct{ field, v string }{"alias", q.Alias})
	case *AddIntent:
		texts = append(texts, struct{ field, v string }{"phrase", q.Phrase})
	case *MarkCanonical:
		texts = append(texts, struct{ field, v string }{"scope", q.Scope})
	case *FlagContradiction:
		texts = append(texts, struct{ field, v string }{"claim", q.Claim}, struct{ field, v string }{"observed", q.Observed})
	case *FlagGap:
		texts = append(texts, struct{ field, v string }{"missing", q.Missing})
	case *SuggestArea:
		texts = append(texts, struct{ field, v string }{"name", q.Name})
	}
	for _, t := range texts {
		if t.v != "" && ix.facts.ContainsSecret(t.v) {
			return reject(reasonSecret, "%s: holds what looks like a secret", t.field)
		}
	}
	return nil
}

// currentSummary is the summary an entity has without enrichment: a
// document's first paragraph, a module's or package's doc comment.
func currentSummary(e *snapshot.Entity) string {
	key := "summary"
	if e.Kind == snapshot.KindModule || e.Kind == snapshot.KindPackage {
		key = "doc"
	}
	s, _ := e.Metadata[key].(string)
	return s
}
