package reconcile

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// selfURLTree is a repository that knows its own identity (acme/widget,
// branches main — the fallback — and release/2.x): src/a.go has 20 lines,
// docs/guide.md a Usage heading.
func selfURLTree(project string) map[string]string {
	var code strings.Builder
	code.WriteString("// Package src is a.\npackage src\n")
	for i := 3; i <= 20; i++ {
		code.WriteString("// line\n")
	}
	return map[string]string{
		"docbridge.yaml": "project:\n" + project,
		"go.mod":         "module example.com/widget\n\ngo 1.22\n",
		"src/a.go":       code.String(),
		"docs/guide.md":  "# Guide\n\n## Usage\n\nRun it.\n",
		"docs/other.md":  "# Other\n\n[guide](guide.md)\n",
	}
}

// linkCodes are the codes a link to the repository's own URL can give.
var linkCodes = []string{catalog.BrokenLink, catalog.BrokenAnchor, catalog.DriftLink, catalog.DriftAnchor}

// readmeFindings scans the tree with README.md holding one link and
// returns the link codes reported on README.md.
func readmeFindings(t *testing.T, project, link string) []string {
	t.Helper()
	files := selfURLTree(project)
	files["README.md"] = "# Widget\n\nSee [it](" + link + ").\n"
	s, cfg := scanDir(t, testtree.New(t, files))
	var out []string
	for _, d := range Run(Input{Head: s, Signals: graph.Compute(s, SignalOptions(cfg, nil)), Config: cfg}) {
		if d.Primary().Path == "README.md" && slices.Contains(linkCodes, d.Code) {
			out = append(out, d.Code+": "+d.Message)
		}
	}
	return out
}

// Every shape of link to the repository's own URL, each with a twin that
// still resolves (or is history, or another repository's) and stays silent.
func TestSelfURLLinks(t *testing.T) {
	const acme = "  repository: acme/widget\n  branches: [release/2.x]\n"
	const trunk = "  repository: acme/widget\n  defaultBranch: trunk\n"
	const ghes = "  repository: ghe.example.com/acme/widget\n"
	gh := "https://github.com/acme/widget"
	tests := []struct {
		name, project, link, want string // want: a code and message prefix, or "" for silence
	}{
		{"blob", acme, gh + "/blob/main/src/a.go", ""},
		{"blob missing", acme, gh + "/blob/main/src/gone.go", "BROKEN_LINK: link to src/gone.go: no such file"},
		{"blob document", acme, gh + "/blob/main/docs/guide.md", ""},
		{"blob heading", acme, gh + "/blob/main/docs/guide.md#usage", ""},
		{"blob heading missing", acme, gh + "/blob/main/docs/guide.md#install", "BROKEN_ANCHOR: anchor #install matches no heading of docs/guide.md"},
		{"tree", acme, gh + "/tree/main/src", ""},
		{"tree root", acme, gh + "/tree/main", ""},
		{"tree missing", acme, gh + "/tree/main/lib", "BROKEN_LINK: link to lib: no such file"},
		{"raw", acme, gh + "/raw/main/src/a.go", ""},
		{"raw missing", acme, gh + "/raw/main/src/gone.go", "BROKEN_LINK: link to src/gone.go"},
		{"raw host", acme, "https://raw.githubusercontent.com/acme/widget/main/docs/guide.md", ""},
		{"raw host missing", acme, "https://raw.githubusercontent.com/acme/widget/main/docs/gone.md", "BROKEN_LINK: link to docs/gone.md"},
		{"raw host refs/heads", acme, "https://raw.githubusercontent.com/acme/widget/refs/heads/main/docs/gone.md", "BROKEN_LINK: link to docs/gone.md"},
		{"edit", acme, gh + "/edit/main/docs/guide.md", ""},
		{"edit missing", acme, gh + "/edit/main/docs/gone.md", "BROKEN_LINK: link to docs/gone.md"},
		{"owner in another case", acme, "https://github.com/Acme/Widget/blob/main/src/gone.go", "BROKEN_LINK: link to src/gone.go"},
		{"master counts without a default branch", acme, gh + "/blob/master/src/gone.go", "BROKEN_LINK"},
		{"configured branch", acme, gh + "/blob/release/2.x/src/a.go", ""},
		{"configured branch missing", acme, gh + "/blob/release/2.x/src/gone.go", "BROKEN_LINK: link to src/gone.go"},
		{"commit permalink", acme, gh + "/blob/0123456789abcdef0123456789abcdef01234567/src/gone.go", ""},
		{"tag", acme, gh + "/blob/v1.2.0/src/gone.go", ""},
		{"another branch", acme, gh + "/blob/feature/x/src/gone.go", ""},
		{"another repository", acme, "https://github.com/acme/other/blob/main/src/gone.go", ""},
		{"not a file page", acme, gh + "/issues/12", ""},
		{"configured default branch", trunk, gh + "/blob/trunk/src/gone.go", "BROKEN_LINK"},
		{"main is history then", trunk, gh + "/blob/main/src/gone.go", ""},
		{"line in range", acme, gh + "/blob/main/src/a.go#L20", ""},
		{"line past the end", acme, gh + "/blob/main/src/a.go#L21", "BROKEN_ANCHOR: line anchor #L21 is past the end of src/a.go (20 lines)"},
		{"range in range", acme, gh + "/blob/main/src/a.go#L5-L20", ""},
		{"range past the end", acme, gh + "/blob/main/src/a.go#L5-L30", "BROKEN_ANCHOR: line anchor #L5-L30 is past the end of src/a.go (20 lines)"},
		{"line with columns", acme, gh + "/blob/main/src/a.go#L2C3-L40C1", "BROKEN_ANCHOR: line anchor #L2C3-L40C1"},
		{"line in a document", acme, gh + "/blob/main/docs/guide.md#L5", ""},
		{"line past a document", acme, gh + "/blob/main/docs/guide.md#L9", "BROKEN_ANCHOR: line anchor #L9 is past the end of docs/guide.md (5 lines)"},
		{"line in a permalink", acme, gh + "/blob/0123456789abcdef0123456789abcdef01234567/src/a.go#L99", ""},
		{"GHES", ghes, "https://ghe.example.com/acme/widget/blob/main/src/a.go", ""},
		{"GHES missing", ghes, "https://ghe.example.com/acme/widget/blob/main/src/gone.go", "BROKEN_LINK: link to src/gone.go"},
		{"GHES raw", ghes, "https://ghe.example.com/acme/widget/raw/main/src/gone.go", "BROKEN_LINK: link to src/gone.go"},
		{"github.com is another host for GHES", ghes, gh + "/blob/main/src/gone.go", ""},
		{"no identity", "  name: widget\n", gh + "/blob/main/src/gone.go", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readmeFindings(t, tt.project, tt.link)
			switch {
			case tt.want == "" && len(got) != 0:
				t.Errorf("%s: want silence, got %q", tt.link, got)
			case tt.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tt.want)):
				t.Errorf("%s: got %q, want one %q", tt.link, got, tt.want)
			}
		})
	}
}

// A file moved between base and head breaks the link to its URL at the
// default branch: DRIFT_LINK with the new location, as a URL. The twins
// stay silent: the file left in place, and a permalink to it.
func TestSelfURLDrift(t *testing.T) {
	const project = "  repository: acme/widget\n"
	base := selfURLTree(project)
	base["docs/old.md"] = "# Old\n\nA page about the old things, long enough to be itself.\n"
	for _, tt := range []struct {
		name, link string
		move       bool
		heading    string // the head's first heading of docs/old.md, when changed
		want       []string
	}{
		{"moved", "https://github.com/acme/widget/blob/main/docs/old.md#old", true, "", []string{"DRIFT_LINK https://github.com/acme/widget/blob/main/docs/new.md#old"}},
		{"moved, raw", "https://raw.githubusercontent.com/acme/widget/main/docs/old.md", true, "", []string{"DRIFT_LINK https://raw.githubusercontent.com/acme/widget/main/docs/new.md"}},
		{"still there", "https://github.com/acme/widget/blob/main/docs/old.md#old", false, "", nil},
		{"permalink", "https://github.com/acme/widget/blob/v1.0.0/docs/old.md", true, "", nil},
		{"renamed heading", "https://github.com/acme/widget/blob/main/docs/old.md#old", false, "# Older", []string{"DRIFT_ANCHOR https://github.com/acme/widget/blob/main/docs/old.md#older"}},
		{"renamed heading, permalink", "https://github.com/acme/widget/blob/v1.0.0/docs/old.md#old", false, "# Older", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := maps.Clone(base)
			files["README.md"] = "# Widget\n\nSee [old](" + tt.link + ").\n"
			b, _ := scanDir(t, testtree.New(t, files))
			if tt.heading != "" {
				files["docs/old.md"] = strings.Replace(files["docs/old.md"], "# Old", tt.heading, 1)
			}
			if tt.move {
				files["docs/new.md"] = files["docs/old.md"]
				delete(files, "docs/old.md")
			}
			h, cfg := scanDir(t, testtree.New(t, files))
			res := Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: b, Config: cfg})
			var got []string
			for _, d := range drifts(res.Head) {
				got = append(got, strings.TrimSpace(d.Code+" "+strings.TrimSuffix(strings.TrimPrefix(d.Remediation, "Link to `"), "`.")))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("drift %q, want %q", got, tt.want)
			}
		})
	}
}
