package markdown

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Each case is the front matter YAML (YAML line k is file line k+1), the
// exact issues and the block kept.
func TestBlockSchema(t *testing.T) {
	tests := []struct {
		name   string
		yaml   string
		issues []string
		block  string // JSON of Document.Block
	}{
		{
			name: "valid",
			yaml: "docbridge:\n  covers: [area:src/rules, module:src/rules/engine.ts]\n  relations:\n" +
				"    - {from: package:web, to: module:src/index.ts, kind: imports, detection: static}\n" +
				"    - to: area:src/rules\n      kind: documents\n      confidence: high\n",
			block: `{"covers":[{"id":"area:src/rules","line":3},{"id":"module:src/rules/engine.ts","line":3}],` +
				`"relations":[{"from":"package:web","to":"module:src/index.ts","kind":"imports","detection":"static","line":5},` +
				`{"from":"document:docs/guide.md","to":"area:src/rules","kind":"documents","confidence":"high","line":6}]}`,
		},
		{
			name:   "not a mapping",
			yaml:   "docbridge: [area:src]\n",
			issues: []string{"2 DOCBRIDGE_NOT_MAPPING docbridge: expected a mapping with covers and relations, found a list"},
			block:  `{}`,
		},
		{
			name:   "null block",
			yaml:   "docbridge:\n",
			issues: []string{"2 DOCBRIDGE_NOT_MAPPING docbridge: expected a mapping with covers and relations, found null"},
			block:  `{}`,
		},
		{
			name: "unknown keys",
			yaml: "docbridge:\n  covers: [area:a]\n  owner: me\n  relations:\n    - to: area:b\n      kind: uses\n      note: why\n",
			issues: []string{
				"4 DOCBRIDGE_UNKNOWN_KEY docbridge: unknown key owner",
				"8 DOCBRIDGE_UNKNOWN_KEY docbridge.relations.0: unknown key note",
			},
			block: `{"covers":[{"id":"area:a","line":3}],"relations":[{"from":"document:docs/guide.md","to":"area:b","kind":"uses","line":6}]}`,
		},
		{
			name: "types",
			yaml: "docbridge:\n  covers: area:a\n  relations:\n    - to: 42\n      kind: uses\n    - just-a-string\n    - {to: area:b, kind: [a]}\n",
			issues: []string{
				"3 DOCBRIDGE_TYPE docbridge.covers: expected a list of ids, found a string",
				"5 DOCBRIDGE_TYPE docbridge.relations.0.to: expected a string, found a number",
				"7 DOCBRIDGE_TYPE docbridge.relations.1: expected a mapping with from, to and kind, found a string",
				"8 DOCBRIDGE_TYPE docbridge.relations.2.kind: expected a string, found a list",
			},
			block: `{}`,
		},
		{
			name: "cover types",
			yaml: "docbridge:\n  covers:\n    - area:a\n    - 7\n    - true\n    - {area: b}\n    - area:c\n",
			issues: []string{
				"5 DOCBRIDGE_TYPE docbridge.covers.1: expected a string, found a number",
				"6 DOCBRIDGE_TYPE docbridge.covers.2: expected a string, found a boolean",
				"7 DOCBRIDGE_TYPE docbridge.covers.3: expected a string, found a mapping",
			},
			block: `{"covers":[{"id":"area:a","line":4},{"id":"area:c","line":8}]}`,
		},
		{
			name: "missing fields",
			yaml: "docbridge:\n  relations:\n    - from: package:web\n    - {to: area:a, kind: }\n    - {to: area:b, kind: uses}\n",
			issues: []string{
				"4 DOCBRIDGE_MISSING_FIELD docbridge.relations.0: missing field kind",
				"4 DOCBRIDGE_MISSING_FIELD docbridge.relations.0: missing field to",
				"5 DOCBRIDGE_MISSING_FIELD docbridge.relations.1: missing field kind",
			},
			block: `{"relations":[{"from":"document:docs/guide.md","to":"area:b","kind":"uses","line":6}]}`,
		},
		{
			name: "invalid ids",
			yaml: "docbridge:\n  covers: [src/rules, area:/abs, area:a/../b, \"area:a b\", symbol:X, area:ok]\n" +
				"  relations:\n    - from: web\n      to: area:ok\n      kind: uses\n    - {to: area:../x, kind: uses}\n",
			issues: []string{
				`3 DOCBRIDGE_INVALID_ID docbridge.covers.0: invalid id "src/rules": expected kind:value`,
				`3 DOCBRIDGE_INVALID_ID docbridge.covers.1: invalid id "area:/abs": value starts with /`,
				`3 DOCBRIDGE_INVALID_ID docbridge.covers.2: invalid id "area:a/../b": value has a .. segment`,
				`3 DOCBRIDGE_INVALID_ID docbridge.covers.3: invalid id "area:a b": value contains whitespace`,
				`3 DOCBRIDGE_INVALID_ID docbridge.covers.4: invalid id "symbol:X": kind "symbol" is not one of document, module, package, area, external`,
				`5 DOCBRIDGE_INVALID_ID docbridge.relations.0.from: invalid id "web": expected kind:value`,
				`8 DOCBRIDGE_INVALID_ID docbridge.relations.1.to: invalid id "area:../x": value has a .. segment`,
			},
			block: `{"covers":[{"id":"area:ok","line":3}]}`,
		},
		{
			name: "invalid kinds",
			yaml: "docbridge:\n  relations:\n    - {to: area:a, kind: Imports}\n    - {to: area:a, kind: depends_on}\n" +
				"    - {to: area:a, kind: " + strings.Repeat("a", 41) + "}\n    - {to: area:a, kind: depends-on}\n",
			issues: []string{
				`4 DOCBRIDGE_INVALID_KIND docbridge.relations.0.kind: invalid relation kind "Imports": only lowercase letters and hyphens are allowed`,
				`5 DOCBRIDGE_INVALID_KIND docbridge.relations.1.kind: invalid relation kind "depends_on": only lowercase letters and hyphens are allowed`,
				`6 DOCBRIDGE_INVALID_KIND docbridge.relations.2.kind: invalid relation kind "` + strings.Repeat("a", 41) + `": longer than 40 characters`,
			},
			block: `{"relations":[{"from":"document:docs/guide.md","to":"area:a","kind":"depends-on","line":7}]}`,
		},
		{
			name: "duplicates",
			yaml: "docbridge:\n  covers:\n    - area:a\n    - area:a\n  relations:\n    - {to: area:a, kind: uses}\n" +
				"    - {from: document:docs/guide.md, to: area:a, kind: uses}\n    - {to: area:a, kind: tests}\n",
			issues: []string{
				"5 DOCBRIDGE_DUPLICATE docbridge.covers.1: duplicate cover area:a (first at line 4)",
				"8 DOCBRIDGE_DUPLICATE docbridge.relations.1: duplicate relation document:docs/guide.md uses area:a (first at line 7)",
			},
			block: `{"covers":[{"id":"area:a","line":4}],"relations":[{"from":"document:docs/guide.md","to":"area:a","kind":"uses","line":7},` +
				`{"from":"document:docs/guide.md","to":"area:a","kind":"tests","line":9}]}`,
		},
		{
			name:   "aliases are followed, not expanded",
			yaml:   "shared: &s area:a\ndocbridge:\n  covers: [*s]\n",
			block:  `{"covers":[{"id":"area:a","line":4}]}`, // the line that lists it
			issues: nil,
		},
	}
	for _, tt := range tests {
		d := Extract("docs/guide.md", withFrontMatter(tt.yaml))
		if got := issueStrings(d.Issues); !slices.Equal(got, tt.issues) {
			t.Errorf("%s: issues\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.issues, "\n"))
		}
		b, _ := json.Marshal(d.Block)
		if string(b) != tt.block {
			t.Errorf("%s: block\n%s\nwant\n%s", tt.name, b, tt.block)
		}
	}
}

func TestBlockAbsent(t *testing.T) {
	d := Extract("a.md", withFrontMatter("title: x\n"))
	if d.Block != nil {
		t.Errorf("Block = %+v, want nil without a docbridge key", d.Block)
	}
}

func TestBlockLimits(t *testing.T) {
	var y strings.Builder
	y.WriteString("docbridge:\n  covers:\n")
	for i := range maxCovers + 3 {
		fmt.Fprintf(&y, "    - area:a%d\n", i)
	}
	y.WriteString("  relations:\n")
	for i := range maxRelations + 2 {
		fmt.Fprintf(&y, "    - {to: area:a%d, kind: uses}\n", i)
	}
	d := Extract("a.md", withFrontMatter(y.String()))
	if len(d.Block.Covers) != maxCovers || len(d.Block.Relations) != maxRelations {
		t.Fatalf("kept %d covers, %d relations; want %d, %d", len(d.Block.Covers), len(d.Block.Relations), maxCovers, maxRelations)
	}
	if last := d.Block.Covers[maxCovers-1].ID; last != "area:a63" {
		t.Errorf("last cover kept = %s, want the 64th in order", last)
	}
	coverLine := 3 + 1 + maxCovers // file line of the 65th cover
	relLine := coverLine + 3 + 1 + maxRelations
	want := []string{
		fmt.Sprintf("%d DOCBRIDGE_LIMIT docbridge.covers.64: more than 64 covers; this one and the 2 after it are ignored", coverLine),
		fmt.Sprintf("%d DOCBRIDGE_LIMIT docbridge.relations.64: more than 64 relations; this one and the 1 after it are ignored", relLine),
	}
	if got := issueStrings(d.Issues); !slices.Equal(got, want) {
		t.Errorf("issues %q, want %q", got, want)
	}
}
