package manifest

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

func TestParsePnpmWorkspace(t *testing.T) {
	tests := []struct {
		name, fixture, src string
		want               []string
		wantIssues         []extract.Issue
	}{
		{name: "globs in source order", fixture: "pnpm-workspace.yaml",
			want: []string{"packages/*", "apps/**", "!**/test/**"}},
		{name: "bad entries reported with lines", fixture: "wrong.yaml",
			want: []string{"ok/*"},
			wantIssues: []extract.Issue{
				{Line: 3, Status: extract.StatusPartial, Message: "pnpm-workspace.yaml: packages entry is not a glob"},
				{Line: 4, Status: extract.StatusPartial, Message: "pnpm-workspace.yaml: packages entry is not a glob"},
			}},
		// go-yaml reports this parser error one line early (go-yaml/yaml#205).
		{name: "syntax error", fixture: "broken.yaml",
			// The bad indent is on line 3; yaml.v3 alone would say line 2.
			wantIssues: []extract.Issue{{Line: 3, Status: extract.StatusNotAnalyzed,
				Message: "pnpm-workspace.yaml: invalid YAML: did not find expected key"}}},
		{name: "scanner error on its line", src: "packages:\n  - a\n  - b: @c\n",
			wantIssues: []extract.Issue{{Line: 3, Status: extract.StatusNotAnalyzed,
				Message: "pnpm-workspace.yaml: invalid YAML: found character that cannot start any token"}}},
		{name: "empty file", src: ""},
		{name: "no packages key", src: "catalog:\n  a: 1\n"},
		{name: "alias to an anchored list", src: "x: &globs\n  - a/*\npackages: *globs\n", want: []string{"a/*"}},
		{name: "packages not a list", src: "packages: apps/*\n",
			wantIssues: []extract.Issue{{Line: 1, Status: extract.StatusPartial, Message: "pnpm-workspace.yaml: packages must be a list of globs"}}},
		{name: "top level not a mapping", src: "- a\n",
			wantIssues: []extract.Issue{{Line: 1, Status: extract.StatusNotAnalyzed, Message: "pnpm-workspace.yaml: top level must be a mapping"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			if tt.fixture != "" {
				src = readFixture(t, filepath.Join("pnpm", tt.fixture))
			}
			got, issues := ParsePnpmWorkspace("pnpm-workspace.yaml", src)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("globs %q, want %q", got, tt.want)
			}
			if !reflect.DeepEqual(issues, tt.wantIssues) {
				t.Errorf("issues:\n got %+v\nwant %+v", issues, tt.wantIssues)
			}
		})
	}
}

func TestPatternBounds(t *testing.T) {
	var y strings.Builder
	var j strings.Builder
	y.WriteString("packages:\n")
	j.WriteString(`{"workspaces": [`)
	for i := range maxPatterns + 1 {
		fmt.Fprintf(&y, "  - p%d/*\n", i)
		if i > 0 {
			j.WriteString(",")
		}
		fmt.Fprintf(&j, `"p%d/*"`, i)
	}
	j.WriteString("]}")
	globs, issues := ParsePnpmWorkspace("pnpm-workspace.yaml", []byte(y.String()))
	if len(globs) != maxPatterns || len(issues) != 1 || issues[0].Line != maxPatterns+2 {
		t.Errorf("pnpm: %d globs, issues %+v", len(globs), issues)
	}
	pkg := ParsePackageJSON("package.json", []byte(j.String()))
	if len(pkg.Workspaces) != maxPatterns || len(pkg.Issues) != 1 || pkg.Issues[0].Line != 1 {
		t.Errorf("package.json: %d globs, issues %+v", len(pkg.Workspaces), pkg.Issues)
	}
}

func TestIssueBound(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"dependencies": {`)
	for i := range maxIssues + 5 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"d%03d": %d`, i, i)
	}
	b.WriteString("}}")
	got := ParsePackageJSON("package.json", []byte(b.String()))
	if len(got.Issues) != maxIssues+1 {
		t.Fatalf("%d issues, want %d", len(got.Issues), maxIssues+1)
	}
	if last := got.Issues[maxIssues].Message; last != "5 more issues not listed" {
		t.Errorf("last issue %q", last)
	}
	if first := got.Issues[0].Message; first != "package.json: dependencies.d000: version must be a string" {
		t.Errorf("first issue %q", first)
	}
}
