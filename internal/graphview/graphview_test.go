package graphview

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// hostileIDs are entity ids that try to break out of a label or an id.
var hostileIDs = []string{
	`module:a"];evil["x`,
	"module:b\n  evil --> n0",
	"module:c`md` **bold**",
	"module:d<img src=x onerror=alert(1)>",
	"module:e|edge label|",
	"module:f#quot;already#35;",
	"module:g%% comment",
	`module:h\`,
	`module:i\"`,
	"module:j\x1b[2J\u202e",
	"module:k ünïcödé ✓ 日本",
	"module:l &amp; &",
	"module:m -> n; }",
}

// hostileSignals puts every hostile id on one cycle and makes each central.
func hostileSignals() *graph.Signals {
	sig := &graph.Signals{Centrality: map[string]float64{}}
	var c graph.Cycle
	for i, id := range hostileIDs {
		c.Nodes = append(c.Nodes, id)
		c.Edges = append(c.Edges, graph.CycleEdge{From: id, To: hostileIDs[(i+1)%len(hostileIDs)]})
		sig.Centrality[id] = float64(i+1) / 100
	}
	sig.Cycles = []graph.Cycle{c}
	return sig
}

// mermaidDecode undoes Mermaid's entity codes the way Mermaid does
// (#name; and #number;).
func mermaidDecode(s string) string {
	names := map[string]string{"quot": `"`, "amp": "&", "lt": "<", "gt": ">"}
	return regexp.MustCompile(`#(\w+);`).ReplaceAllStringFunc(s, func(m string) string {
		code := m[1 : len(m)-1]
		if v, ok := names[code]; ok {
			return v
		}
		var n int
		if _, err := fmt.Sscanf(code, "%d", &n); err == nil {
			return string(rune(n))
		}
		return m
	})
}

func TestMermaidEscaping(t *testing.T) {
	var b bytes.Buffer
	if err := WriteMermaid(&b, hostileSignals(), Options{TopCentral: len(hostileIDs)}); err != nil {
		t.Fatal(err)
	}
	node := regexp.MustCompile(`^  n\d+\["([^"]*)"\]$`)
	edge := regexp.MustCompile(`^  n\d+ --> n\d+$`)
	other := regexp.MustCompile(`^(flowchart LR|  classDef \w+ [^"]*|  class [n\d,]+ \w+)$`)
	var labels []string
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for _, l := range lines {
		switch {
		case node.MatchString(l):
			labels = append(labels, node.FindStringSubmatch(l)[1])
		case edge.MatchString(l), other.MatchString(l):
		default:
			t.Errorf("line outside the flowchart grammar: %q", l)
		}
	}
	if len(labels) != len(hostileIDs) {
		t.Fatalf("%d nodes, want %d:\n%s", len(labels), len(hostileIDs), b.String())
	}
	want := map[string]bool{}
	for _, id := range hostileIDs {
		// A label is one line: control and bidi characters become spaces.
		want[strings.Map(func(r rune) rune {
			if textwriter.UnsafeRune(r) {
				return ' '
			}
			return r
		}, ShortLabel(id))] = true
	}
	for _, l := range labels {
		text, _, _ := strings.Cut(l, "<br/>")
		for _, c := range "\"`<>|%\\" {
			if strings.ContainsRune(text, c) {
				t.Errorf("label %q keeps %q unescaped", l, c)
			}
		}
		if got := mermaidDecode(text); !want[got] {
			t.Errorf("label %q decodes to %q, not one of the ids", l, got)
		}
	}
}

// dotTokens reads the quoted strings of a DOT line with Graphviz's lexer
// rules: \" is a quote, \\ stays a pair, anything else is literal.
func dotTokens(line string) ([]string, error) {
	var out []string
	for i := 0; i < len(line); i++ {
		if line[i] != '"' {
			continue
		}
		var b strings.Builder
		for i++; ; i++ {
			if i >= len(line) {
				return nil, fmt.Errorf("unterminated string in %q", line)
			}
			if line[i] == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\') {
				b.WriteString(line[i : i+2])
				i++
				continue
			}
			if line[i] == '"' {
				break
			}
			b.WriteByte(line[i])
		}
		out = append(out, b.String())
	}
	return out, nil
}

// dotUnescape inverts dotQuote on a token's contents.
func dotUnescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 'x':
			var n int
			fmt.Sscanf(s[i+1:i+3], "%02x", &n)
			b.WriteRune(rune(n))
			i += 2
		case 'u':
			var n int
			fmt.Sscanf(s[i+1:i+5], "%04x", &n)
			b.WriteRune(rune(n))
			i += 4
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func TestDOTEscaping(t *testing.T) {
	var b bytes.Buffer
	if err := WriteDOT(&b, hostileSignals(), Options{TopCentral: len(hostileIDs)}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "digraph docbridge {" || lines[len(lines)-1] != "}" {
		t.Fatalf("not one digraph:\n%s", b.String())
	}
	nodes, edges := map[string]bool{}, 0
	for _, l := range lines[1 : len(lines)-1] {
		toks, err := dotTokens(l)
		if err != nil {
			t.Fatal(err)
		}
		// Outside the quoted strings a line is plain statement syntax.
		rest := regexp.MustCompile(`"(\\.|[^"\\])*"`).ReplaceAllString(l, "Q")
		switch {
		case regexp.MustCompile(`^  Q \[label=Q(, [a-z]+=(Q|\w+))*\];$`).MatchString(rest):
			nodes[dotUnescape(toks[0])] = true
		case rest == "  Q -> Q;":
			edges++
			for _, tok := range toks {
				if !nodes[dotUnescape(tok)] {
					t.Errorf("edge to an undeclared node %q", tok)
				}
			}
		case rest == "  rankdir=LR;" || rest == "  node [shape=box];":
		default:
			t.Errorf("line outside the DOT grammar: %q", l)
		}
	}
	if len(nodes) != len(hostileIDs) || edges != len(hostileIDs) {
		t.Errorf("%d nodes and %d edges, want %d each", len(nodes), edges, len(hostileIDs))
	}
	for _, id := range hostileIDs {
		if !nodes[id] {
			t.Errorf("id %q does not survive quoting", id)
		}
	}
}

// TestGraphBounds draws more cycles and central modules than the bounds
// allow: what is left out is counted, in the text and in the diagrams.
func TestGraphBounds(t *testing.T) {
	const cycles, central = maxShownCycles + 7, MaxTopCentral + 40
	sig := &graph.Signals{Centrality: map[string]float64{}}
	// Cycles of four: the shown ones cross maxDrawnNodes, so the diagram
	// drops some of them too.
	const size = 4
	for i := range cycles {
		var c graph.Cycle
		for j := range size {
			c.Nodes = append(c.Nodes, fmt.Sprintf("module:c%02d/%d.ts", i, j))
		}
		for j := range size {
			c.Edges = append(c.Edges, graph.CycleEdge{From: c.Nodes[j], To: c.Nodes[(j+1)%size]})
		}
		c.Edges[0].Evidence = make([]snapshot.Evidence, maxShownEvidence+2)
		sig.Cycles = append(sig.Cycles, c)
	}
	if maxShownCycles*size <= maxDrawnNodes {
		t.Fatalf("the shown cycles fit the diagram; make them larger")
	}
	for i := range central {
		sig.Centrality[fmt.Sprintf("module:hub%03d.ts", i)] = float64(i+1) / 1000
	}
	var text bytes.Buffer
	if err := WriteText(&text, sig, Options{TopCentral: 1000}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		fmt.Sprintf("Import cycles (%d of %d)", maxShownCycles, cycles),
		fmt.Sprintf("… %d more cycles not listed", cycles-maxShownCycles),
		fmt.Sprintf("Central modules (top %d of %d,", MaxTopCentral, central),
		"… 2 more imports",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q", want)
		}
	}
	v := selectGraph(sig, Options{TopCentral: 1000})
	d := buildDiagram(v)
	if len(d.nodes) > maxDrawnNodes {
		t.Errorf("%d nodes drawn, bound %d", len(d.nodes), maxDrawnNodes)
	}
	drawnCycles, drawnCentral := 0, 0
	for _, n := range d.nodes {
		if n.central {
			drawnCentral++
		}
	}
	drawnCycles = len(d.edges) / size
	if drawnCycles+d.cyclesOmitted != cycles || drawnCentral+d.centralOmitted != central {
		t.Errorf("drawn %d+%d omitted cycles of %d, %d+%d central of %d", drawnCycles, d.cyclesOmitted, cycles, drawnCentral, d.centralOmitted, central)
	}
	var mmd, dot bytes.Buffer
	if err := WriteMermaid(&mmd, sig, Options{TopCentral: 1000}); err != nil {
		t.Fatal(err)
	}
	if err := WriteDOT(&dot, sig, Options{TopCentral: 1000}); err != nil {
		t.Fatal(err)
	}
	note := d.omittedNote()
	if note == "" || !strings.Contains(mmd.String(), note) || !strings.Contains(dot.String(), note) {
		t.Errorf("diagrams do not say what they left out (%q)", note)
	}
}

// TestGraphOrderIndependent: the renderers sort what they draw, so the
// order of cycles in the signals does not matter.
func TestGraphOrderIndependent(t *testing.T) {
	a, b := sampleSignals(), sampleSignals()
	for i, j := 0, len(b.Cycles)-1; i < j; i, j = i+1, j-1 {
		b.Cycles[i], b.Cycles[j] = b.Cycles[j], b.Cycles[i]
	}
	b.Areas[0], b.Areas[1] = b.Areas[1], b.Areas[0]
	for name, render := range map[string]func(*bytes.Buffer, *graph.Signals) error{
		"text":    func(w *bytes.Buffer, s *graph.Signals) error { return WriteText(w, s, Options{}) },
		"mermaid": func(w *bytes.Buffer, s *graph.Signals) error { return WriteMermaid(w, s, Options{}) },
		"dot":     func(w *bytes.Buffer, s *graph.Signals) error { return WriteDOT(w, s, Options{}) },
	} {
		var x, y bytes.Buffer
		if err := render(&x, a); err != nil {
			t.Fatal(err)
		}
		if err := render(&y, b); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x.Bytes(), y.Bytes()) {
			t.Errorf("%s depends on the order of the signals' lists", name)
		}
	}
}

// TestGraphOddInput: malformed or partial signals render without panic
// and say what they are.
func TestGraphOddInput(t *testing.T) {
	sig := &graph.Signals{
		Cycles:            []graph.Cycle{{}, {Nodes: []string{"module:x"}, Edges: []graph.CycleEdge{{From: "module:x", To: "module:gone"}}}},
		CentralitySampled: true, CentralityPivots: 64,
		Centrality: map[string]float64{"module:x": 0.5},
	}
	var text, mmd, dot bytes.Buffer
	if err := WriteText(&text, sig, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteMermaid(&mmd, sig, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteDOT(&dot, sig, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "Import cycles (1)") || !strings.Contains(text.String(), "estimated from 64 sampled sources") {
		t.Errorf("text:\n%s", text.String())
	}
	if strings.Contains(mmd.String(), "-->") || strings.Contains(dot.String(), "->") {
		t.Errorf("an edge to an undrawn node was drawn")
	}
	skipped := renderGraphText(t, &graph.Signals{})
	if !strings.Contains(skipped, "Central modules: not computed") {
		t.Errorf("nil centrality must read as not computed:\n%s", skipped)
	}
}

func renderGraphText(t *testing.T, sig *graph.Signals) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteText(&b, sig, Options{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
