package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/testtree"
)

// selfReferences is a repository whose documents name themselves: links to
// their own file (with and without an anchor), same-document anchors, code
// spans naming their own path and a near miss of it.
var selfReferences = map[string]string{
	"go.mod": "module example.com/selfref\n\ngo 1.22\n",
	"docs/guide.md": "# Guide\n\n## Usage\n\n[me](guide.md) [again](./guide.md#usage) [top](#guide)\n\n" +
		"This page is `docs/guide.md`, `guide.md`, `docs/guide.md:3`; a typo of it is `docs/guid.md`.\n\nSee [other](other.md).\n",
	"docs/other.md": "# Other\n\n[self](other.md) `docs/other.md` `docs/othr.md`\n",
	"README.md":     "# Self\n\n[readme](README.md) `README.md` [guide](docs/guide.md)\n",
	"main.go":       "package main\n\nfunc main() {}\n",
}

// baseOf scans dir into a snapshot file and a state directory, the two
// kinds of base check --base reads.
func baseOf(t *testing.T, dir string) (file, stateDir string) {
	t.Helper()
	tmp := t.TempDir()
	file, stateDir = filepath.Join(tmp, "base.json"), filepath.Join(tmp, "state")
	if code, _, errOut := runCLI(t, "scan", "--out", file, dir); code != 0 {
		t.Fatalf("scan --out: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "scan", "--state", stateDir, dir); code != 0 {
		t.Fatalf("scan --state: exit %d: %s", code, errOut)
	}
	return file, stateDir
}

// TestBaseAcceptsWhatScanWrites: the snapshot and the state scan writes of
// a repository with self-references, and of this repository, are bases
// check --base accepts, and against them the unchanged tree has nothing new.
func TestBaseAcceptsWhatScanWrites(t *testing.T) {
	dirs := map[string]string{"self-references": testtree.New(t, selfReferences)}
	if !testing.Short() {
		if root, err := filepath.Abs("../.."); err == nil {
			if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
				dirs["this repository"] = root
			}
		}
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			file, stateDir := baseOf(t, dir)
			for _, base := range []string{file, stateDir} {
				if _, err := pipeline.LoadBase(base, 1<<30); err != nil {
					t.Fatalf("loadBase: %v", err)
				}
				code, out, errOut := runCLI(t, "check", "--base", base, "--format", "json", "--fail-on", "none", dir)
				if code != 0 {
					t.Fatalf("check --base %s: exit %d\n%s", filepath.Base(base), code, errOut)
				}
				var rep struct {
					Summary struct{ New int } `json:"summary"`
				}
				if err := json.Unmarshal([]byte(out), &rep); err != nil {
					t.Fatal(err)
				}
				if rep.Summary.New != 0 {
					t.Errorf("check --base %s on the same tree: %d new findings", filepath.Base(base), rep.Summary.New)
				}
			}
		})
	}
}

// TestSelfMentionRenamedIsNoDrift: a document that names itself and is then
// renamed is no drift of another document; its twin — another document
// that named it — is DRIFT. The renamed document's own link to itself
// drifts with it, to its new name: its target, the document, moved.
func TestSelfMentionRenamedIsNoDrift(t *testing.T) {
	for _, tc := range []struct {
		name   string
		readme string
		drift  bool
	}{
		{"only the document names itself", "# Self\n", false},
		{"another document names it", "# Self\n\nSee `docs/other.md`.\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range selfReferences {
				files[k] = v
			}
			files["README.md"] = tc.readme
			// Only the README may name docs/other.md: the guide's link to
			// it would drift too.
			files["docs/guide.md"] = strings.ReplaceAll(files["docs/guide.md"], "See [other](other.md).", "")
			dir := testtree.New(t, files)
			file, _ := baseOf(t, dir)
			if err := os.Rename(filepath.Join(dir, "docs/other.md"), filepath.Join(dir, "docs/renamed.md")); err != nil {
				t.Fatal(err)
			}
			_, out, errOut := runCLI(t, "check", "--base", file, "--format", "json", "--fail-on", "none", dir)
			var rep struct {
				Findings []struct {
					Code, Status string
					Location     struct{ Path string }
				} `json:"findings"`
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("%v\n%s", err, errOut)
			}
			var drift, own []string
			for _, f := range rep.Findings {
				switch {
				case f.Status != "new" || !strings.HasPrefix(f.Code, "DRIFT_"):
				case f.Location.Path == "docs/renamed.md":
					own = append(own, f.Code)
				default:
					drift = append(drift, f.Code+" "+f.Location.Path)
				}
			}
			if tc.drift != (len(drift) > 0) {
				t.Errorf("drift %v, want drift: %v\n%s", drift, tc.drift, out)
			}
			if !slices.Equal(own, []string{"DRIFT_LINK"}) {
				t.Errorf("the renamed document's own drift %v, want its [self](other.md) as DRIFT_LINK\n%s", own, out)
			}
		})
	}
}
