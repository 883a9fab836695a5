package reconcile

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

func TestImportCycles(t *testing.T) {
	tests := []struct {
		fixture  string
		where    []string
		messages []string
		evidence [][]finding.Location // of each finding, in message order
	}{
		{
			// a ↔ b and a → b → c → a are one tangle: one finding, at the
			// import from the smallest member a to its smallest successor b.
			fixture:  "cycles/loop",
			where:    []string{"src/a.ts:2 IMPORT_CYCLE"},
			messages: []string{"import cycles among 3 modules: src/a.ts → src/b.ts → src/a.ts; src/a.ts → src/b.ts → src/c.ts → src/a.ts"},
			evidence: [][]finding.Location{{{Path: "src/a.ts", Line: 2}, {Path: "src/b.ts", Line: 2}}},
		},
		{
			fixture:  "cycles/goloop",
			where:    []string{"internal/alpha/alpha.go:7 IMPORT_CYCLE"},
			messages: []string{"import cycle of 2: internal/alpha → internal/beta → internal/alpha"},
			evidence: [][]finding.Location{{{Path: "internal/alpha/alpha.go", Line: 7}, {Path: "internal/beta/beta.go", Line: 3}}},
		},
		{fixture: "cycles/none", where: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			ds := withCode(check(t, tt.fixture), catalog.ImportCycle)
			if got := where(ds); !slices.Equal(got, tt.where) {
				t.Fatalf("got %v, want %v", got, tt.where)
			}
			slices.SortFunc(ds, func(a, b finding.Diagnostic) int { return strings.Compare(a.Message, b.Message) })
			for i, d := range ds {
				if d.Severity != catalog.Warn || d.Message != tt.messages[i] || !slices.Equal(d.Evidence, tt.evidence[i]) {
					t.Errorf("finding %d: got %+v", i, d)
				}
			}
		})
	}
}

// The cycle's entity ids are its nodes, and its fingerprint does not
// depend on the line of the import that locates it.
func TestImportCycleIdentity(t *testing.T) {
	s, cfg := scanDir(t, filepath.Join("testdata", "cycles", "goloop"))
	sig := graph.Compute(s, graph.Options{})
	ds := withCode(Run(Input{Head: s, Signals: sig, Config: cfg}), catalog.ImportCycle)
	if len(ds) != 1 || !slices.Equal(ds[0].EntityIDs, []string{"package:internal/alpha", "package:internal/beta"}) {
		t.Fatalf("got %+v", ds)
	}
	for i := range sig.Components[0].Cycles[0].Edges[0].Evidence {
		sig.Components[0].Cycles[0].Edges[0].Evidence[i].LineStart += 10
	}
	moved := withCode(Run(Input{Head: s, Signals: sig, Config: cfg}), catalog.ImportCycle)
	if moved[0].Primary().Line != 17 || moved[0].ID != ds[0].ID {
		t.Fatalf("moved import: got %+v, before %+v", moved[0], ds[0])
	}
	if got := withCode(Run(Input{Head: s, Config: cfg}), catalog.ImportCycle); len(got) != 0 {
		t.Fatalf("without signals: got %v", where(got))
	}
}

// scanRepo writes files into a fresh directory (writeRepo) and scans it.
func scanRepo(t *testing.T, files map[string]string) (*snapshot.Snapshot, *config.Config) {
	t.Helper()
	return scanDir(t, testtree.New(t, files))
}

// cycleFindings scans files and returns its IMPORT_CYCLE findings.
func cycleFindings(t *testing.T, files map[string]string) []finding.Diagnostic {
	t.Helper()
	s, cfg := scanRepo(t, files)
	return withCode(Run(Input{Head: s, Signals: graph.Compute(s, SignalOptions(cfg, nil)), Config: cfg}), catalog.ImportCycle)
}

// Two tangles are two findings; breaking one leaves the other's
// fingerprint as it was, and so does an unrelated edit inside it.
func TestImportCycleIdentityIndependent(t *testing.T) {
	files := map[string]string{
		"src/a.ts": "import { b } from './b'\nexport const a = 1\n",
		"src/b.ts": "import { a } from './a'\nexport const b = 1\n",
		"src/x.ts": "import { y } from './y'\nexport const x = 1\n",
		"src/y.ts": "import { x } from './x'\nexport const y = 1\n",
	}
	before := map[string]string{}
	for _, d := range cycleFindings(t, files) {
		before[d.Primary().Path] = d.ID
	}
	if len(before) != 2 {
		t.Fatalf("got %v, want two findings", before)
	}
	broken := with(files, "src/y.ts", "export const y = 1\n")
	if got := cycleFindings(t, broken); len(got) != 1 || got[0].ID != before["src/a.ts"] {
		t.Fatalf("x ↔ y broken: got %+v, before %v", got, before)
	}
	edited := with(files, "src/b.ts", "// a comment\nimport { a } from './a'\nexport const b = () => a\n")
	for _, d := range cycleFindings(t, edited) {
		if d.ID != before[d.Primary().Path] {
			t.Errorf("unrelated edit changed %s: %s, before %s", d.Primary().Path, d.ID, before[d.Primary().Path])
		}
	}
}

// with returns a copy of files with p set to content ("" removes it).
func with(files map[string]string, p, content string) map[string]string {
	out := map[string]string{}
	for k, v := range files {
		out[k] = v
	}
	if content == "" {
		delete(out, p)
	} else {
		out[p] = content
	}
	return out
}

// Four modules that all import each other are too tangled to enumerate:
// the graph samples, and the one finding of the tangle says it lists only
// some of its cycles. No finding stands for the note alone.
func TestImportCyclesTruncated(t *testing.T) {
	s, cfg := scanDir(t, filepath.Join("testdata", "cycles", "tangle"))
	sig := graph.Compute(s, graph.Options{})
	if !sig.CyclesTruncated || len(sig.Components) != 1 {
		t.Fatalf("fixture does not exercise truncation: %+v", sig)
	}
	ds := withCode(Run(Input{Head: s, Signals: sig, Config: cfg}), catalog.ImportCycle)
	if len(ds) != 1 || ds[0].Primary().Path == "" {
		t.Fatalf("got %d findings: %v", len(ds), where(ds))
	}
	if !strings.HasPrefix(ds[0].Message, "import cycles among 4 modules: ") ||
		!strings.HasSuffix(ds[0].Message, fmt.Sprintf("; and more cycles than the %d listed (`docbridge graph` lists them)", len(sig.Components[0].Cycles))) {
		t.Fatalf("message %q", ds[0].Message)
	}
}

// A tangle with more elementary cycles than graph.MaxComponentCycles is
// still one finding, whose message spells out maxCyclesInMessage of them
// and says there are more.
func TestImportCycleOneFindingPerComponent(t *testing.T) {
	files := map[string]string{}
	hub := "export const h = 1\n"
	for i := range 12 {
		hub += fmt.Sprintf("import { s%02d } from './s%02d'\n", i, i)
		files[fmt.Sprintf("src/s%02d.ts", i)] = fmt.Sprintf("import { h } from './h'\nexport const s%02d = h\n", i)
	}
	files["src/h.ts"] = hub
	ds := cycleFindings(t, files)
	if len(ds) != 1 {
		t.Fatalf("got %d findings, want 1: %v", len(ds), where(ds))
	}
	d := ds[0]
	if got := strings.Count(d.Message, " → src/"); got != 2*maxCyclesInMessage {
		t.Errorf("message spells %d edges, want %d cycles of two: %q", got, maxCyclesInMessage, d.Message)
	}
	if !strings.HasPrefix(d.Message, "import cycles among 13 modules: src/h.ts → src/s00.ts → src/h.ts; ") ||
		!strings.HasSuffix(d.Message, fmt.Sprintf("and more cycles than the %d listed (`docbridge graph` lists them)", graph.MaxComponentCycles)) {
		t.Errorf("message %q", d.Message)
	}
	if d.Primary() != (finding.Location{Path: "src/h.ts", Line: 2}) || !slices.Equal(d.EntityIDs, []string{"module:src/h.ts", "module:src/s00.ts"}) {
		t.Errorf("located %+v, entities %v", d.Primary(), d.EntityIDs)
	}
}

// A pull request is judged against its base: a tangle the change closed
// or grew is new and located at the edge the change added; an edit that
// adds no edge to it leaves it unchanged.
func TestImportCyclePullRequest(t *testing.T) {
	base := map[string]string{
		"src/a.ts": "import { b } from './b'\nexport const a = 1\n",
		"src/b.ts": "import { c } from './c'\nexport const b = 1\n",
		"src/c.ts": "import { a } from './a'\nexport const c = 1\n",
		"src/x.ts": "import { y } from './y'\nexport const x = 1\n",
		"src/y.ts": "export const y = 1\n",
	}
	tests := []struct {
		name      string
		head      map[string]string
		newAt     []string // where the new findings are
		unchanged []string
	}{
		{"unrelated edit", with(base, "src/z.ts", "import { a } from './a'\nexport const z = a\n"), nil, []string{"src/a.ts:1"}},
		{"a new cycle", with(base, "src/y.ts", "export const y = 1\nimport { x } from './x'\n"), []string{"src/y.ts:2"}, []string{"src/a.ts:1"}},
		{"an edge added inside a tangle", with(base, "src/c.ts", "import { a } from './a'\nimport { b } from './b'\nexport const c = 1\n"),
			[]string{"src/c.ts:2"}, nil},
		// The added edge a → c sits in the file of the tangle's usual
		// anchor a → b: still new, by its key.
		{"an edge added beside the anchor", with(base, "src/a.ts", "import { b } from './b'\nimport { c } from './c'\nexport const a = 1\n"),
			[]string{"src/a.ts:2"}, nil},
		{"a tangle grown by a module", with(with(base, "src/d.ts", "import { a } from './a'\nexport const d = 1\n"),
			"src/c.ts", "import { a } from './a'\nimport { d } from './d'\nexport const c = 1\n"), []string{"src/c.ts:2"}, nil},
	}
	bs, cfg := scanRepo(t, base)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hs, _ := scanRepo(t, tt.head)
			res := Check(Input{Head: hs, Base: bs, Signals: graph.Compute(hs, SignalOptions(cfg, bs)), Config: cfg})
			if got := where(withCode(res.Comparison.New, catalog.ImportCycle)); !slices.Equal(trimCode(got), tt.newAt) {
				t.Errorf("new = %v, want %v", got, tt.newAt)
			}
			if got := where(withCode(res.Comparison.Unchanged, catalog.ImportCycle)); !slices.Equal(trimCode(got), tt.unchanged) {
				t.Errorf("unchanged = %v, want %v", got, tt.unchanged)
			}
			for _, d := range withCode(res.Comparison.New, catalog.ImportCycle) {
				if !strings.HasPrefix(d.Message, "this change adds the import ") {
					t.Errorf("new finding does not name the added import: %q", d.Message)
				}
			}
		})
	}
}

func trimCode(ws []string) []string {
	out := []string{}
	for _, w := range ws {
		out = append(out, strings.TrimSuffix(w, " IMPORT_CYCLE"))
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Type-only imports close no cycle; each has a runtime twin that does.
// The trees checks.cycles.exclude names close none either, unless the
// configuration empties the list.
func TestImportCycleRuntimeOnly(t *testing.T) {
	b := "import { a } from './a'\nexport const b = 1\nexport interface B { x: number }\nexport type BT = string\n"
	tests := []struct {
		name  string
		files map[string]string
		cycle bool
	}{
		{"runtime", map[string]string{"src/a.ts": "import { b } from './b'\nexport const a = 1\n", "src/b.ts": b}, true},
		{"import type", map[string]string{"src/a.ts": "import type { B } from './b'\nexport const a = 1\n", "src/b.ts": b}, false},
		{"type specifiers", map[string]string{"src/a.ts": "import { type B, type BT } from './b'\nexport const a = 1\n", "src/b.ts": b}, false},
		{"interface and alias names", map[string]string{"src/a.ts": "import { B, BT } from './b'\nexport const a = 1\n", "src/b.ts": b}, false},
		{"an interface and a value", map[string]string{"src/a.ts": "import { B, b } from './b'\nexport const a = 1\n", "src/b.ts": b}, true},
		{"export type from", map[string]string{"src/a.ts": "export type { B } from './b'\nexport const a = 1\n", "src/b.ts": b}, false},
		{"export from", map[string]string{"src/a.ts": "export { b } from './b'\nexport const a = 1\n", "src/b.ts": b}, true},
		// a → index → b → a, where index is a barrel over b: an interface
		// imported through it closes no cycle, a value does.
		{"interface through a barrel", map[string]string{"src/a.ts": "import { B } from './index'\nexport const a = 1\n", "src/index.ts": "export * from './b'\n", "src/b.ts": b}, false},
		{"value through a barrel", map[string]string{"src/a.ts": "import { b } from './index'\nexport const a = 1\n", "src/index.ts": "export * from './b'\n", "src/b.ts": b}, true},
		{"alias through two barrels", map[string]string{"src/a.ts": "import { BT } from './index'\nexport const a = 1\n", "src/index.ts": "export { BT } from './model'\n", "src/model.ts": "export * from './b'\n", "src/b.ts": b}, false},
		{"class through two barrels", map[string]string{"src/a.ts": "import { BC } from './index'\nexport const a = 1\n", "src/index.ts": "export { BC } from './model'\n", "src/model.ts": "export * from './b'\n", "src/b.ts": b + "export class BC {}\n"}, true},
		{"python TYPE_CHECKING", map[string]string{
			"pkg/__init__.py": "",
			"pkg/a.py":        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\nA = 1\n",
			"pkg/b.py":        "from pkg.a import A\nclass B: ...\n",
		}, false},
		{"python else branch", map[string]string{
			"pkg/__init__.py": "",
			"pkg/a.py":        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    pass\nelse:\n    from pkg.b import B\nA = 1\n",
			"pkg/b.py":        "from pkg.a import A\nclass B: ...\n",
		}, true},
		{"python import in a function", map[string]string{
			"pkg/__init__.py": "",
			"pkg/a.py":        "def f():\n    from pkg.b import B\n    return B\nA = 1\n",
			"pkg/b.py":        "from pkg.a import A\nclass B: ...\n",
		}, false},
		{"python import at module level", map[string]string{
			"pkg/__init__.py": "",
			"pkg/a.py":        "from pkg.b import B\nA = 1\n",
			"pkg/b.py":        "from pkg.a import A\nclass B: ...\n",
		}, true},
		{"python stub", map[string]string{
			"pkg/__init__.py": "from pkg._core import f\n",
			"pkg/_core.pyi":   "from pkg import g\ndef f() -> None: ...\n",
		}, false},
		{"dynamic import()", map[string]string{"src/a.ts": "export const a = () => import('./b')\n", "src/b.ts": b}, false},
		{"require() in a function", map[string]string{"src/a.js": "exports.a = () => require('./b').b\n", "src/b.js": "const { a } = require('./a')\nexports.b = 1\n"}, false},
		{"require() at load", map[string]string{"src/a.js": "const { b } = require('./b')\nexports.a = 1\n", "src/b.js": "const { a } = require('./a')\nexports.b = 1\n"}, true},
		{"static twin of import()", map[string]string{"src/a.ts": "import * as m from './b'\nexport const a = m\n", "src/b.ts": b}, true},
		{"tests/ excluded", map[string]string{
			"src/a.ts": "import { t } from '../tests/t'\nexport const a = 1\n", "tests/t.ts": "import { a } from '../src/a'\nexport const t = 1\n",
		}, false},
		{"*.test.ts excluded", map[string]string{
			"src/a.ts": "import { t } from './a.test'\nexport const a = 1\n", "src/a.test.ts": "import { a } from './a'\nexport const t = 1\n",
		}, false},
		{"exclusion emptied", map[string]string{
			"docbridge.yaml": "version: 1\nchecks:\n  cycles:\n    exclude: []\n",
			"src/a.ts":       "import { t } from '../tests/t'\nexport const a = 1\n", "tests/t.ts": "import { a } from '../src/a'\nexport const t = 1\n",
		}, true},
		{"exclusion configured", map[string]string{
			"docbridge.yaml": "version: 1\nchecks:\n  cycles:\n    exclude: [src/gen/]\n",
			"src/a.ts":       "import { g } from './gen/g'\nexport const a = 1\n", "src/gen/g.ts": "import { a } from '../a'\nexport const g = 1\n",
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := cycleFindings(t, tt.files)
			if got := len(ds) == 1; got != tt.cycle || len(ds) > 1 {
				t.Errorf("findings %v, want a cycle: %v", where(ds), tt.cycle)
			}
		})
	}
}

// checks.severity in docbridge.yaml applies: the silenced fixture turns
// IMPORT_CYCLE off, ORPHANED_DOCUMENT on at info and raises
// DOCUMENT_WITHOUT_CODE to error.
func TestSeverityFromConfiguration(t *testing.T) {
	ds := check(t, "cycles/silenced")
	s, _ := scanDir(t, filepath.Join("testdata", "cycles", "silenced"))
	if len(graph.Compute(s, graph.Options{}).Cycles) == 0 {
		t.Fatal("fixture has no cycle to silence")
	}
	got := map[string]catalog.Level{}
	for _, d := range ds {
		got[d.Primary().Path+" "+d.Code] = d.Severity
	}
	want := map[string]catalog.Level{
		"docs/lost.md ORPHANED_DOCUMENT":     catalog.Info,
		"docs/lost.md DOCUMENT_WITHOUT_CODE": catalog.Error,
	}
	for k, sev := range want {
		if got[k] != sev {
			t.Errorf("%s: severity %q, want %q (all: %v)", k, got[k], sev, got)
		}
	}
	if n := len(withCode(ds, catalog.ImportCycle)); n != 0 {
		t.Errorf("IMPORT_CYCLE is off but reported %d times", n)
	}
}

// A ring through more modules than maxCycleNamesInMessage is one finding
// whose message names the first and the last of them around a count of the
// rest, not every module.
func TestImportCycleLongRingMessage(t *testing.T) {
	const n = 200
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("src/m%03d.ts", i)] = fmt.Sprintf("import { m%03d } from './m%03d'\nexport const m%03d = 1\n", (i+1)%n, (i+1)%n, i)
	}
	ds := cycleFindings(t, files)
	if len(ds) != 1 {
		t.Fatalf("got %d findings: %v", len(ds), where(ds))
	}
	m := ds[0].Message
	if !strings.HasPrefix(m, "import cycle of 200: src/m000.ts → src/m001.ts → ") ||
		!strings.Contains(m, fmt.Sprintf(" → src/m024.ts → … %d more … → src/m195.ts → ", n-maxCycleNamesInMessage)) ||
		!strings.HasSuffix(m, " → src/m199.ts → src/m000.ts") || strings.Contains(m, "m100") {
		t.Errorf("message %q", m)
	}
	if got := strings.Count(m, " → "); got != maxCycleNamesInMessage+1 {
		t.Errorf("%d arrows in the message, want %d", got, maxCycleNamesInMessage+1)
	}
}
