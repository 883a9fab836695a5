package golang

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

func TestParseGoMod(t *testing.T) {
	tests := []struct {
		name, path, fixture string
		want                Module
	}{
		{
			name: "require and replace", path: "svc/go.mod", fixture: "gomod/full.mod",
			want: Module{
				Path: "example.com/app", Dir: "svc", GoVersion: "1.22",
				Requires: []Require{
					{Path: "github.com/spf13/cobra", Version: "v1.8.0", Line: 8},
					{Path: "golang.org/x/mod", Version: "v0.17.0", Indirect: true, Line: 9},
					{Path: "github.com/acme/lib", Version: "v1.2.3", Line: 12},
				},
				Replaces: []Replace{
					{Old: "github.com/acme/lib", New: "lib", Local: true, Line: 14},
					{Old: "github.com/old/thing", OldVersion: "v1.0.0", New: "github.com/new/thing", NewVersion: "v1.1.0", Line: 16},
					{Old: "example.com/tools", New: "svc/tools", Local: true, Line: 18},
					{Old: "example.com/escape", New: "", Local: true, Line: 20},
					{Old: "example.com/abs", New: "", Local: true, Line: 22},
				},
				Issues: []extract.Issue{
					{Line: 20, Status: extract.StatusPartial, Message: "replace example.com/escape => ../../../outside leaves the repository; not resolved"},
					{Line: 22, Status: extract.StatusPartial, Message: "replace example.com/abs => /opt/abs leaves the repository; not resolved"},
				},
			},
		},
		{
			name: "broken lines are reported and the rest recovered", path: "go.mod", fixture: "gomod/broken.mod",
			want: Module{
				Path: "example.com/broken", Dir: ".", GoVersion: "1.21",
				Requires: []Require{{Path: "github.com/ok/one", Version: "v1.0.0", Line: 6}},
				Replaces: []Replace{{Old: "example.com/x", New: "x", Local: true, Line: 12}},
				Issues: []extract.Issue{
					{Line: 7, Status: extract.StatusPartial, Message: "go.mod:7:2: usage: require module/path v1.2.3"},
					{Line: 10, Status: extract.StatusPartial, Message: "go.mod:10: unknown directive: bogus"},
				},
			},
		},
		{
			name: "lexer error without a module path", path: "a/b/go.mod", fixture: "gomod/unterminated.mod",
			want: Module{
				Dir: "a/b", GoVersion: "1.21",
				Issues: []extract.Issue{
					{Line: 1, Status: extract.StatusNotAnalyzed, Message: "a/b/go.mod:1:26: unexpected newline in string"},
				},
			},
		},
		{
			name: "no module directive", path: "go.mod", fixture: "gomod/nomodule.mod",
			want: Module{
				Dir: ".", GoVersion: "1.21",
				Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed, Message: "go.mod has no module directive"}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseGoMod(tt.path, readFixture(t, tt.fixture))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseGoMod:\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseGoModBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("module example.com/big\n")
	for i := range maxRequires + 2 {
		fmt.Fprintf(&b, "require example.com/r%d v1.0.0\n", i)
	}
	for i := range maxReplaces + 1 {
		fmt.Fprintf(&b, "replace example.com/r%d => ./r%d\n", i, i)
	}
	got := ParseGoMod("go.mod", []byte(b.String()))
	if len(got.Requires) != maxRequires || len(got.Replaces) != maxReplaces {
		t.Fatalf("kept %d requires, %d replaces", len(got.Requires), len(got.Replaces))
	}
	want := []extract.Issue{
		{Status: extract.StatusPartial, Message: fmt.Sprintf("%d requirements, only the first %d are kept", maxRequires+2, maxRequires)},
		{Status: extract.StatusPartial, Message: fmt.Sprintf("%d replacements, only the first %d are kept", maxReplaces+1, maxReplaces)},
	}
	if !reflect.DeepEqual(got.Issues, want) {
		t.Errorf("issues:\n got %v\nwant %v", got.Issues, want)
	}

	b.Reset()
	b.WriteString("module example.com/bad\n")
	for range maxModIssues + 3 {
		b.WriteString("nonsense\n")
	}
	got = ParseGoMod("go.mod", []byte(b.String()))
	if len(got.Issues) != maxModIssues+1 {
		t.Fatalf("%d issues, want %d", len(got.Issues), maxModIssues+1)
	}
	if last := got.Issues[maxModIssues]; last.Message != "3 more go.mod issues not listed" || last.Line != 0 {
		t.Errorf("last issue %+v", last)
	}
	if got.Path != "example.com/bad" || got.Issues[0].Line != 2 {
		t.Errorf("path %q first issue %+v", got.Path, got.Issues[0])
	}
}
