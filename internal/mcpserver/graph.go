package mcpserver

import (
	"cmp"
	"context"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// catalogRule looks a diagnostic code up in the catalog.
func catalogRule(code string) (catalog.Rule, bool) { return catalog.Lookup(code) }

// graphIndex is what the graph tools read: the snapshot's shared index
// and, beside it, the overlay's accepted proposed relations (provenance
// proposed). Those come after the snapshot's, for each node and in the
// whole list, in the overlay's order: indexing them with the snapshot's
// would sort them in among the observed ones.
type graphIndex struct {
	x        *snapshot.Index
	proposed []snapshot.Relation
	// proposedOut and proposedIn are the proposed relations leaving and
	// entering each node.
	proposedOut, proposedIn map[string][]*snapshot.Relation
}

// checkKind refuses a relation kind no relation of the graph has (a
// typo would otherwise answer with nothing), naming the kinds it has.
// Kinds are open — a docbridge block or the enrichment overlay may add
// some — so they are the graph's, not a fixed list.
func (g *graphIndex) checkKind(kind string) error {
	if kind == "" {
		return nil
	}
	kinds := map[string]bool{}
	for r := range g.relations() {
		if r.Kind == kind {
			return nil
		}
		kinds[r.Kind] = true
	}
	return badArgument("kind", "no relation of kind %q; the graph has %s", kind, strings.Join(slices.Sorted(maps.Keys(kinds)), ", "))
}

func newGraphIndex(x *snapshot.Index, proposed []snapshot.Relation) *graphIndex {
	g := &graphIndex{x: x, proposed: proposed}
	if len(proposed) > 0 {
		g.proposedOut, g.proposedIn = map[string][]*snapshot.Relation{}, map[string][]*snapshot.Relation{}
	}
	for i := range proposed {
		r := &proposed[i]
		g.proposedOut[r.From] = append(g.proposedOut[r.From], r)
		g.proposedIn[r.To] = append(g.proposedIn[r.To], r)
	}
	return g
}

// graphOf returns the tree's graph index, built on first use over the
// index its signals carry (one index per snapshot), or a new one when
// they carry none of its head.
func (t *mcpTree) graphOf() *graphIndex {
	t.graphOnce.Do(func() {
		x := t.out.Signals.Index()
		if x == nil || x.Snapshot() != t.out.Head {
			x = snapshot.NewIndex(t.out.Head)
		}
		t.graph = newGraphIndex(x, nil)
	})
	return t.graph
}

// relations yields every relation: the snapshot's in its index's order,
// then the proposed.
func (g *graphIndex) relations() iter.Seq[*snapshot.Relation] {
	return func(yield func(*snapshot.Relation) bool) {
		rels := g.x.Relations()
		for i := range rels {
			if !yield(&rels[i]) {
				return
			}
		}
		for i := range g.proposed {
			if !yield(&g.proposed[i]) {
				return
			}
		}
	}
}

// out yields the relations leaving id: the snapshot's, then the proposed.
func (g *graphIndex) out(id string) iter.Seq[*snapshot.Relation] {
	return concat(g.x.Out(id), g.proposedOut[id])
}

// in yields the relations entering id: the snapshot's, then the proposed.
func (g *graphIndex) in(id string) iter.Seq[*snapshot.Relation] {
	return concat(g.x.In(id), g.proposedIn[id])
}

func concat(observed, proposed []*snapshot.Relation) iter.Seq[*snapshot.Relation] {
	return func(yield func(*snapshot.Relation) bool) {
		for _, r := range observed {
			if !yield(r) {
				return
			}
		}
		for _, r := range proposed {
			if !yield(r) {
				return
			}
		}
	}
}

// entity returns the entity with id, or a malformed-call error naming
// the argument.
func (g *graphIndex) entity(arg, id string) (*snapshot.Entity, error) {
	if err := checkString(arg, id); err != nil {
		return nil, err
	}
	if id == "" {
		return nil, badArgument(arg, "blank; give an entity id (knowledge_search and knowledge_lookup answer with ids)")
	}
	e := g.x.Entity(id)
	if e == nil {
		if near := g.nearIDs(id); len(near) > 0 {
			return nil, badArgument(arg, "no entity %q in the snapshot; did you mean %s?", id, strings.Join(near, ", "))
		}
		return nil, badArgument(arg, "no entity %q in the snapshot; knowledge_search and knowledge_lookup answer with ids (kind:path, as document:README.md)", id)
	}
	return e, nil
}

// nearIDs are the entity ids nearest id (Jaro-Winkler, at or above the
// near-miss threshold), best first, at most retrieval.MaxSuggestions: what
// an unknown id was probably meant to be.
func (g *graphIndex) nearIDs(id string) []string {
	type near struct {
		id    string
		score float64
	}
	var hits []near
	es := g.x.Entities()
	for i := range es {
		e := es[i].ID
		if sc := nearmiss.JaroWinkler(id, e); sc >= nearmiss.Threshold {
			hits = append(hits, near{e, sc})
		}
	}
	slices.SortFunc(hits, func(a, b near) int { return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.id, b.id)) })
	var ids []string
	for _, h := range hits {
		if len(ids) == retrieval.MaxSuggestions {
			break
		}
		if len(ids) == 0 || ids[len(ids)-1] != h.id {
			ids = append(ids, h.id)
		}
	}
	return ids
}

// nodeArgs are graph_node's arguments.
type nodeArgs struct {
	ID string `json:"id" jsonschema:"an entity id such as document:README.md or module:internal/scan/scan.go"`
}

// nodeAnswer is graph_node's answer.
type nodeAnswer struct {
	Entity *snapshot.Entity `json:"entity"`
	// Out and In count the entity's relations by kind.
	Out map[string]int `json:"out"`
	In  map[string]int `json:"in"`
	// ProposedOut and ProposedIn count the accepted proposed relations
	// of the enrichment overlay by kind, apart from the observed ones.
	ProposedOut map[string]int `json:"proposedOut,omitempty"`
	ProposedIn  map[string]int `json:"proposedIn,omitempty"`
}

func (m *Server) graphNode(ctx context.Context, _ *mcp.CallToolRequest, a nodeArgs) (*mcp.CallToolResult, any, error) {
	g, err := m.graphNow(ctx)
	if err != nil {
		return nil, nil, err
	}
	e, err := g.entity("id", a.ID)
	if err != nil {
		return nil, nil, err
	}
	ans := nodeAnswer{Entity: e, Out: map[string]int{}, In: map[string]int{}}
	count := func(observed map[string]int, proposed *map[string]int, r *snapshot.Relation) {
		if r.Provenance != snapshot.Proposed {
			observed[r.Kind]++
			return
		}
		if *proposed == nil {
			*proposed = map[string]int{}
		}
		(*proposed)[r.Kind]++
	}
	for r := range g.out(e.ID) {
		count(ans.Out, &ans.ProposedOut, r)
	}
	for r := range g.in(e.ID) {
		count(ans.In, &ans.ProposedIn, r)
	}
	return nil, ans, nil
}

// edgesArgs are graph_edges' arguments.
type edgesArgs struct {
	From string `json:"from,omitempty" jsonschema:"only relations from this entity id"`
	To   string `json:"to,omitempty" jsonschema:"only relations to this entity id"`
	Kind string `json:"kind,omitempty" jsonschema:"only relations of this kind (links-to, mentions, imports, covers, …)"`
}

// edgesAnswer is graph_edges' answer.
type edgesAnswer struct {
	Total     int                 `json:"total"` // relations that passed the filters
	Cut       int                 `json:"cut"`   // Total - len(Relations)
	Relations []snapshot.Relation `json:"relations"`
}

func (m *Server) graphEdges(ctx context.Context, _ *mcp.CallToolRequest, a edgesArgs) (*mcp.CallToolResult, any, error) {
	if err := checkString("kind", a.Kind); err != nil {
		return nil, nil, err
	}
	g, err := m.graphNow(ctx)
	if err != nil {
		return nil, nil, err
	}
	ans, err := g.edges(a)
	if err != nil {
		return nil, nil, err
	}
	return nil, ans, nil
}

// edges are the relations passing a's filters, in the order of edgesAnswer.
func (g *graphIndex) edges(a edgesArgs) (edgesAnswer, error) {
	var pool iter.Seq[*snapshot.Relation]
	switch {
	case a.From != "":
		e, err := g.entity("from", a.From)
		if err != nil {
			return edgesAnswer{}, err
		}
		pool = g.out(e.ID)
	case a.To != "":
		e, err := g.entity("to", a.To)
		if err != nil {
			return edgesAnswer{}, err
		}
		pool = g.in(e.ID)
	default:
		pool = g.relations()
	}
	if a.From != "" && a.To != "" {
		if _, err := g.entity("to", a.To); err != nil {
			return edgesAnswer{}, err
		}
	}
	if err := g.checkKind(a.Kind); err != nil {
		return edgesAnswer{}, err
	}
	ans := edgesAnswer{Relations: []snapshot.Relation{}}
	for r := range pool {
		if a.To != "" && r.To != a.To || a.Kind != "" && r.Kind != a.Kind {
			continue
		}
		ans.Total++
		if len(ans.Relations) < mcpMaxEdges {
			ans.Relations = append(ans.Relations, *r)
		}
	}
	ans.Cut = ans.Total - len(ans.Relations)
	return ans, nil
}

// neighborsArgs are graph_neighbors' arguments.
type neighborsArgs struct {
	ID    string `json:"id" jsonschema:"the entity id to start from"`
	Depth int    `json:"depth,omitempty" jsonschema:"how many relations away, 1 to 3 (default 1)"`
	Kind  string `json:"kind,omitempty" jsonschema:"follow only relations of this kind"`
}

// neighbor is one entity graph_neighbors reached.
type neighbor struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	Name     string `json:"name"`
	Path     string `json:"path,omitempty"`
	Distance int    `json:"distance"`
	// Via is the entity one step nearer that first reached it, as in
	// knowledge_lookup; Relation and RelationKind are the relation that
	// joins them, Direction is out when it goes from Via to this entity,
	// in when from this entity to Via.
	Via          string `json:"via"`
	Relation     string `json:"relation"`
	RelationKind string `json:"relationKind"`
	Direction    string `json:"direction"`
	// Provenance is "proposed" when that relation is an accepted proposal
	// of the enrichment overlay, not an observed one.
	Provenance string `json:"provenance,omitempty"`
}

// neighborsAnswer is graph_neighbors' answer.
type neighborsAnswer struct {
	ID    string     `json:"id"`
	Depth int        `json:"depth"`
	Total int        `json:"total"` // entities reached
	Cut   int        `json:"cut"`   // Total - len(Nodes)
	Nodes []neighbor `json:"nodes"`
}

func (m *Server) graphNeighbors(ctx context.Context, _ *mcp.CallToolRequest, a neighborsArgs) (*mcp.CallToolResult, any, error) {
	if a.Depth == 0 {
		a.Depth = 1
	}
	if a.Depth < 1 || a.Depth > 3 {
		return nil, nil, badArgument("depth", "%d: use 1 to 3", a.Depth)
	}
	if err := checkString("kind", a.Kind); err != nil {
		return nil, nil, err
	}
	g, err := m.graphNow(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := g.checkKind(a.Kind); err != nil {
		return nil, nil, err
	}
	start, err := g.entity("id", a.ID)
	if err != nil {
		return nil, nil, err
	}
	return nil, g.neighbors(start.ID, a.Depth, a.Kind), nil
}

// neighbors walks breadth first from id, both directions, relations in
// the index's order (outgoing before incoming, each observed before
// proposed), so the answer is deterministic: nearest first, then in the
// order reached.
func (g *graphIndex) neighbors(id string, depth int, kind string) neighborsAnswer {
	ans := neighborsAnswer{ID: id, Depth: depth, Nodes: []neighbor{}}
	seen := map[string]bool{id: true}
	frontier := []string{id}
	for d := 1; d <= depth && len(frontier) > 0; d++ {
		var next []string
		for _, from := range frontier {
			visit := func(rels iter.Seq[*snapshot.Relation], dir string) {
				for r := range rels {
					if kind != "" && r.Kind != kind {
						continue
					}
					other := r.To
					if dir == "in" {
						other = r.From
					}
					if seen[other] {
						continue
					}
					seen[other] = true
					next = append(next, other)
					ans.Total++
					if len(ans.Nodes) >= mcpMaxNeighbors {
						continue
					}
					n := neighbor{ID: other, Distance: d, Via: from, Relation: r.ID, RelationKind: r.Kind, Direction: dir}
					if r.Provenance == snapshot.Proposed {
						n.Provenance = snapshot.Proposed
					}
					if e := g.x.Entity(other); e != nil {
						n.Kind, n.Name, n.Path = e.Kind, e.Name, e.Path
					}
					ans.Nodes = append(ans.Nodes, n)
				}
			}
			visit(g.out(from), "out")
			visit(g.in(from), "in")
		}
		frontier = next
	}
	ans.Cut = ans.Total - len(ans.Nodes)
	return ans
}
