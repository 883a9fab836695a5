package pack

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
	"github.com/docbridge/docbridge/internal/enrich/redact"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// targetKinds are the entity kinds that get a pack: what the repository
// holds, not what it only refers to.
var targetKinds = []string{snapshot.KindArea, snapshot.KindDocument, snapshot.KindModule, snapshot.KindPackage}

// minExcerptBytes is where halving the excerpt stops and dropping starts.
const minExcerptBytes = 256

// maxReadBytes bounds a file read for an excerpt; a larger file gets none
// (hashing it would mean reading it whole).
const maxReadBytes = 4 << 20

// Input is what Build needs.
type Input struct {
	Snapshot *snapshot.Snapshot
	// Diagnostics are the report's open findings.
	Diagnostics []Diagnostic
	// Files reads repository files by slash path (os.DirFS of the root);
	// nil builds packs without excerpts.
	Files fs.FS
	// TargetHash is the content hash a proposal on an entity binds to
	// (enrich.TargetHash); the pack shows it as contentHash.
	TargetHash func(*snapshot.Entity) string
	// MaxBytes is the budget of one pack's JSON; 0 means defaultMaxBytes.
	MaxBytes int
}

// Build returns one pack per entity of a targetKinds kind, in id order.
func Build(in Input) ([]Pack, error) {
	if in.Snapshot == nil {
		return nil, errors.New("build packs: no snapshot")
	}
	if in.TargetHash == nil {
		return nil, errors.New("build packs: no target hash function")
	}
	budget := in.MaxBytes
	if budget == 0 {
		budget = defaultMaxBytes
	}
	if budget < minMaxBytes {
		return nil, fmt.Errorf("build packs: budget %d bytes is below the minimum %d", budget, minMaxBytes)
	}
	b := &builder{
		in:       in,
		budget:   budget,
		entities: make(map[string]*snapshot.Entity, len(in.Snapshot.Entities)),
		near:     retrieval.NewNeighbourhood(in.Snapshot),
		diags:    indexDiagnostics(in.Diagnostics),
		redacted: map[string]string{},
	}
	var targets []*snapshot.Entity
	for i := range in.Snapshot.Entities {
		e := &in.Snapshot.Entities[i]
		if _, dup := b.entities[e.ID]; dup {
			continue
		}
		b.entities[e.ID] = e
		if slices.Contains(targetKinds, e.Kind) {
			targets = append(targets, e)
		}
	}
	slices.SortFunc(targets, func(x, y *snapshot.Entity) int { return strings.Compare(x.ID, y.ID) })
	packs := make([]Pack, 0, len(targets))
	for _, e := range targets {
		p, err := b.pack(e)
		if err != nil {
			return nil, err
		}
		packs = append(packs, p)
	}
	return packs, nil
}

type builder struct {
	in       Input
	budget   int
	entities map[string]*snapshot.Entity
	near     *retrieval.Neighbourhood
	diags    diagIndex
	// redacted memoizes redact.String: names and paths recur across packs.
	redacted map[string]string
}

func (b *builder) pack(e *snapshot.Entity) (Pack, error) {
	p := Pack{Target: b.target(e)}
	p.Neighbours, p.Omitted.Neighbours = b.neighbours(e.ID)
	p.Diagnostics, p.Omitted.Diagnostics = b.diagnostics(e)
	p.Excerpt = b.excerpt(e)
	p.PackHash = strings.Repeat("0", 16) // a placeholder of the hash's size while fitting
	if err := fit(&p, b.budget); err != nil {
		return Pack{}, fmt.Errorf("build pack for %s: %w", e.ID, err)
	}
	p.PackHash = hash(p.Target, p.Neighbours, b.budget)
	return p, nil
}

// hash is a pack's hash: the target's id and content hash, and each listed
// neighbour's id, relation, direction and content hash, with the budget
// that decided what was listed.
func hash(t Target, ns []Neighbour, budget int) string {
	d := xxhash.New()
	parts := []string{"pack/v1", fmt.Sprint(budget), t.ID, t.ContentHash}
	for _, n := range ns {
		parts = append(parts, n.ID, n.Relation, n.Direction, n.ContentHash)
	}
	for _, s := range parts {
		fmt.Fprintf(d, "%d:%s;", len(s), s) // length-prefixed: no two lists hash alike
	}
	return fmt.Sprintf("%016x", d.Sum64())
}

func (b *builder) clean(s string) string {
	if s == "" {
		return s
	}
	if r, ok := b.redacted[s]; ok {
		return r
	}
	r := redact.String(s)
	b.redacted[s] = r
	return r
}

// cleanBounded redacts s, then clips it to maxStringBytes (redacting first,
// so a clip cannot cut a secret out of its rule's reach).
func (b *builder) cleanBounded(s string) string { return clip(b.clean(s), maxStringBytes) }

func (b *builder) target(e *snapshot.Entity) Target {
	t := Target{
		ID:          b.clean(e.ID),
		Kind:        e.Kind,
		Name:        b.cleanBounded(e.Name),
		Path:        b.clean(e.Path),
		ContentHash: b.in.TargetHash(e),
		Evidence:    []snapshot.Evidence{},
	}
	aliases := slices.Clone(e.Aliases)
	slices.Sort(aliases)
	for _, a := range slices.Compact(aliases) {
		if len(t.Aliases) == maxAliases {
			break
		}
		t.Aliases = append(t.Aliases, b.cleanBounded(a))
	}
	for i, ev := range e.Evidence {
		if i == maxEvidence {
			break
		}
		t.Evidence = append(t.Evidence, snapshot.Evidence{
			Source: b.clean(ev.Source), Path: b.clean(ev.Path), LineStart: ev.LineStart, LineEnd: ev.LineEnd,
			ContentHash: ev.ContentHash, Context: b.cleanBounded(ev.Context),
		})
	}
	if m, ok := b.bound(e.Metadata, 0).(map[string]any); ok && len(m) > 0 {
		t.Metadata = m
	}
	return t
}

// maxMetadataDepth bounds how deep bound follows nested metadata.
const maxMetadataDepth = 3

// bound returns a copy of a metadata value with at most maxMetadataValues
// keys (the first in key order) or list items, strings redacted and
// clipped, and nothing nested deeper than maxMetadataDepth.
func (b *builder) bound(v any, depth int) any {
	switch x := v.(type) {
	case string:
		return b.cleanBounded(x)
	case map[string]any:
		if depth == maxMetadataDepth || x == nil {
			return nil
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		out := map[string]any{}
		for _, k := range keys[:min(len(keys), maxMetadataValues)] {
			if bv := b.bound(x[k], depth+1); bv != nil {
				out[b.cleanBounded(k)] = bv
			}
		}
		return out
	case []any:
		if depth == maxMetadataDepth {
			return nil
		}
		out := []any{}
		for _, item := range x[:min(len(x), maxMetadataValues)] {
			if bv := b.bound(item, depth+1); bv != nil {
				out = append(out, bv)
			}
		}
		return out
	case []string:
		out := []any{}
		for _, item := range x[:min(len(x), maxMetadataValues)] {
			out = append(out, b.cleanBounded(item))
		}
		return out
	case bool, float64, float32, int, int64, int32, uint, uint64, uint32, json.Number:
		return x
	case nil:
		return nil
	default:
		// Anything else the scan might hold: its JSON, as text.
		raw, err := json.Marshal(x)
		if err != nil {
			return nil
		}
		return b.cleanBounded(string(raw))
	}
}

// neighbours lists the entities one relation from id, as retrieval's
// lookup finds them, sorted by relation kind, id and direction; at most
// maxNeighbours, with the number left out.
func (b *builder) neighbours(id string) ([]Neighbour, int) {
	byKind, trunc := b.near.Neighbours(id, 1)
	omitted := 0
	for _, t := range trunc {
		omitted += t.Omitted
	}
	out := []Neighbour{}
	for rel, ns := range byKind {
		for _, n := range ns {
			nb := Neighbour{ID: b.clean(n.ID), Relation: rel, Direction: n.Direction}
			if e, ok := b.entities[n.ID]; ok {
				nb.Kind, nb.Name, nb.Path, nb.ContentHash = e.Kind, b.cleanBounded(e.Name), b.clean(e.Path), b.in.TargetHash(e)
			} else {
				nb.Kind, _, _ = snapshot.ParseEntityID(n.ID)
			}
			out = append(out, nb)
		}
	}
	slices.SortFunc(out, func(x, y Neighbour) int {
		return cmp.Or(strings.Compare(x.Relation, y.Relation), strings.Compare(x.ID, y.ID), strings.Compare(x.Direction, y.Direction))
	})
	if len(out) > maxNeighbours {
		omitted += len(out) - maxNeighbours
		out = out[:maxNeighbours]
	}
	return out, omitted
}

type diagIndex struct {
	byEntity, byPath map[string][]int
	all              []Diagnostic
}

func indexDiagnostics(ds []Diagnostic) diagIndex {
	ix := diagIndex{byEntity: map[string][]int{}, byPath: map[string][]int{}, all: ds}
	for i, d := range ds {
		for _, id := range d.EntityIDs {
			ix.byEntity[id] = append(ix.byEntity[id], i)
		}
		if d.Path != "" {
			ix.byPath[d.Path] = append(ix.byPath[d.Path], i)
		}
	}
	return ix
}

// diagnostics are the findings naming e or reported at its path (as
// retrieval's lookup attaches them), sorted by path, line, code, id and
// message; at most maxDiagnostics, with the number left out.
func (b *builder) diagnostics(e *snapshot.Entity) ([]Diagnostic, int) {
	idx := slices.Clone(b.diags.byEntity[e.ID])
	if e.Path != "" {
		idx = append(idx, b.diags.byPath[e.Path]...)
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	out := make([]Diagnostic, 0, len(idx))
	for _, i := range idx {
		d := b.diags.all[i]
		out = append(out, Diagnostic{ID: b.clean(d.ID), Code: b.clean(d.Code), Message: b.cleanBounded(d.Message), Path: b.clean(d.Path), Line: d.Line})
	}
	slices.SortFunc(out, func(x, y Diagnostic) int {
		return cmp.Or(strings.Compare(x.Path, y.Path), cmp.Compare(x.Line, y.Line),
			strings.Compare(x.Code, y.Code), strings.Compare(x.ID, y.ID), strings.Compare(x.Message, y.Message))
	})
	if len(out) > maxDiagnostics {
		return out[:maxDiagnostics], len(out) - maxDiagnostics
	}
	return out, 0
}

// excerpt is the start of e's own file (its first evidence item), read only
// if the file still has the content hash the scan recorded.
func (b *builder) excerpt(e *snapshot.Entity) *Excerpt {
	if b.in.Files == nil || len(e.Evidence) == 0 {
		return nil
	}
	ev := e.Evidence[0]
	if ev.ContentHash == "" || ev.Path == "" || !fs.ValidPath(ev.Path) {
		return nil
	}
	info, err := fs.Stat(b.in.Files, ev.Path)
	if err != nil || !info.Mode().IsRegular() || info.Size() > maxReadBytes {
		return nil
	}
	data, err := fs.ReadFile(b.in.Files, ev.Path)
	if err != nil || snapshot.HashBytes(data) != ev.ContentHash {
		return nil
	}
	// Redact a margin past the cut, so a secret that straddles it is still
	// matched whole, then cut.
	head := clip(string(data), maxExcerptBytes+8<<10)
	clean := redact.String(head)
	text := clip(clean, maxExcerptBytes)
	return &Excerpt{Path: b.clean(ev.Path), Text: text, Truncated: len(head) < len(data) || len(text) < len(clean)}
}

// Fit returns p shrunk to at most maxBytes of JSON by the pack's drop
// order, keeping its hash: an agent with a smaller input limit than the
// configured budget uses it. The target is never dropped, so the result
// can still exceed maxBytes.
func Fit(p Pack, maxBytes int) (Pack, error) {
	if p.Excerpt != nil {
		e := *p.Excerpt
		p.Excerpt = &e
	}
	err := fit(&p, maxBytes)
	return p, err
}

// fit applies the budget: the excerpt is halved until the pack fits, then
// dropped; then diagnostics go from the end, then neighbours from the end.
func fit(p *Pack, budget int) error {
	for {
		raw, err := json.Marshal(p)
		if err != nil {
			return err
		}
		size := len(raw)
		switch {
		case size <= budget:
			return nil
		case p.Excerpt != nil && len(p.Excerpt.Text)/2 >= minExcerptBytes:
			p.Excerpt.Text = clip(p.Excerpt.Text, len(p.Excerpt.Text)/2)
			p.Excerpt.Truncated = true
			p.Omitted.ExcerptShortened = true
		case p.Excerpt != nil:
			p.Excerpt = nil
			p.Omitted.ExcerptDropped = true
		case len(p.Diagnostics) > 0:
			p.Diagnostics = p.Diagnostics[:len(p.Diagnostics)-1]
			p.Omitted.Diagnostics++
		case len(p.Neighbours) > 0:
			p.Neighbours = p.Neighbours[:len(p.Neighbours)-1]
			p.Omitted.Neighbours++
		default:
			return nil // the target alone: never dropped, bounded by its own caps
		}
	}
}

// clip cuts s to at most n bytes on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
