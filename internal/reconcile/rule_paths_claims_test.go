package reconcile

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// claimsRepo is a repository for the claim table: top-level directories a
// span may start at (src, internal, packages, cli, etc, lib, .github), ignore
// rules at the root and below, and files for spans to resolve to.
var claimsRepo = map[string]string{
	".gitignore":                        "*.log\n.env\n/generated/\n",
	"packages/a/.gitignore":             "out/\n",
	"packages/a/index.ts":               "export const a = 1;\n",
	"packages/b/index.ts":               "export const b = 1;\n",
	"src/app/main.go":                   "package app\n\n// main is the entry point.\nfunc main() {}\n",
	"internal/real/a.go":                "package real\n" + strings.Repeat("\n", 19),
	"cli/main.go":                       "package main\n",
	"etc/app/defaults.conf":             "x=1\n",
	"lib/index.js":                      "export const l = 1;\n",
	".github/workflows/ci.yml":          "on: push\n",
	".changeset/config.json":            "{}\n",
	"docs/virtual/sub/keep.txt":         "a directory beside the table's documents\n",
	"docs/manual/setup.md":              "# Setup\n",
	"deploy/prod/app.env.example":       "TOKEN=\n",
	"src/app/data/samples.arrow.js":     "process.stdout.write(\"\")\n",
	"docs/data/weather/forecast.csv.py": "print()\n",
	"cli/cmd/root.go":                   "package cmd\n\n// Root is the root command.\ntype Root struct{}\n",
	"src/app/api/x.go":                  "package api\n",
	"tests/test_x.py":                   "class TestY:\n    def test_z(self):\n        pass\n\n\ndef test_top():\n    pass\n",
	"crates/core/src/lib.rs":            "fn main() {}\n",
}

// TestUnresolvedPathClaims: each shape of non-claim next to its claim twin,
// a path that names nothing here and must keep firing.
func TestUnresolvedPathClaims(t *testing.T) {
	tests := []struct {
		name, line string
		fires      bool
	}{
		{"true positive: a stale file in a package that exists", "The server is `internal/real/old.go`.", true},
		{"true positive: a package that is gone, under two directories that exist", "The server is `src/app/oldpkg/x.go`.", true},
		{"first directory only: a package that is gone from a top-level directory", "The server is `internal/oldpkg/x.go`.", false},
		{"first directory only: a file in a top-level directory", "Run `cli/old.sh`.", false},
		{"twin: a near miss in a top-level directory is a typo", "Run `cli/mian.go`.", true},
		{"first directory only: a near miss in another directory is no typo", "Read `internal/real.go`.", false},
		{"true positive: a stale directory", "Code lives in `src/app/legacy/`.", true},
		{"./ from the document into a directory that exists", "See `../src/old.go`.", true},

		{"ignored: a built-in build directory below a package", "The bundle is `packages/a/dist/index.js`.", false},
		{"twin: the same path outside a build directory", "The bundle is `packages/a/lib/index.js`.", true},
		{"ignored: a root .gitignore pattern at any depth", "Logs go to `src/app/debug.log`.", false},
		{"twin: not ignored", "Logs go to `src/app/debug.go`.", true},
		{"ignored: .env", "Secrets go in `src/app/.env`.", false},
		{"ignored: a nested .gitignore", "Output goes to `packages/a/out/x.js`.", false},
		{"twin: the nested rule does not reach a sibling", "Output goes to `packages/b/out/x.js`.", true},

		{"issue reference", "Fixed in `cli/cli#123`.", false},
		{"twin: a path in the same directory", "Fixed in `cli/cmd/old.go`.", true},

		{"placeholder: xxx", "Put it in `src/app/xxx/main.go`.", false},
		{"placeholder: ellipsis segment", "Put it in `src/app/.../main.go`.", false},
		{"placeholder: ellipsis in a name", "Put it in `src/app/main...go`.", false},
		{"placeholder: foo/bar", "Put it in `src/app/foo/bar.go`.", false},
		{"placeholder: your-", "Put it in `src/app/your-app/main.go`.", false},
		{"placeholder: my-", "Put it in `.changeset/my-changelog-config.js`.", false},
		{"placeholder: path/to", "Put it in `src/app/path/to/file.go`.", false},
		{"placeholder: example.com", "Put it in `src/app/example.com/x.go`.", false},
		{"placeholder: <name>", "Put it in `src/<name>/main.go`.", false},
		{"placeholder: {name}", "Put it in `src/{name}/main.go`.", false},
		{"placeholder: [name]", "Add a fixture `src/app/[name].ts`.", false},
		{"a module named as its import path, without its extension", "The barrel is `packages/a/index`.", false},
		{"twin: a module that is gone", "The barrel is `packages/a/main`.", true},
		{"a page named as its URL path, without its extension", "Read `docs/manual/setup` first.", false},
		{"twin: a page that is gone", "Read `docs/manual/teardown` first.", true},
		{"a copy the reader makes of a template beside it", "Fill in `deploy/prod/app.env`.", false},
		{"twin: a file with no template beside it", "Fill in `deploy/prod/other.env`.", true},
		{"a file a data loader beside it makes", "Load `src/app/data/samples.arrow`.", false},
		{"the same, written from the page's directory", "Load `data/weather/forecast.csv`.", false},
		{"twin: no loader beside it there", "Load `data/weather/history.csv`.", true},
		{"twin: no loader beside it", "Load `src/app/data/other.arrow`.", true},
		{"placeholder: a name to fill in", "Name it `src/app/test_action_EventNameHere.py`.", false},
		{"twin: a real name with brackets around nothing", "Read `src/app/[].ts`.", true},
		{"placeholder: a camel-case name the reader chooses", "Add `src/app/provider/YourProvider.yaml`.", false},
		{"placeholder: My and a capital", "Add `src/app/MyComponent.tsx`.", false},
		{"twin: a real name that starts with My", "Read `src/app/Mysql.go`.", true},
		{"placeholder: a template word", "Move it to `src/app/0.MINOR.x.md`.", false},
		{"placeholder: a route parameter", "Posts are served at `/src/app/:year/:title/`.", false},
		{"twin: a colon inside a name", "Read `src/app/x:v1/main.go`.", true},
		{"placeholder: a version pattern", "Releases tag `src/app/vX.Y.Z`.", false},
		{"twin: a version", "Releases live in `src/app/v1.2.3`.", true},
		{"twin: an upper-case real name", "Read `src/app/README.md`.", true},
		{"twin: a real name", "Put it in `src/app/oldapp/main.go`.", true},

		{"a qualified Go name", "The host is `internal/real.Host`.", false},
		{"a Go package's name after its directory", "The command is `cli/cmd/Root`.", false},
		{"twin: a name the package does not declare", "The command is `cli/cmd/Leaf`.", true},
		{"a qualified config key", "Set `internal/real.client_config`.", false},
		{"twin: an extension after a directory is a file", "Read `src/app/api.md`.", true},
		{"twin: a qualified name in a directory that is gone", "The host is `internal/real/gone.Host`.", true},
		{"a path from / starts at the root, not the document", "The virtual file is `/virtual/sub/x.py`.", false},
		{"an absolute path under an existing directory is a URL path as often", "With `/src`, `/src/web/http` matches too.", false},
		{"twin: the same path from the document", "The file is `virtual/sub/x.py`.", true},

		{"system path, though the repository has etc/", "Edit `/etc/app/config.yaml`.", false},
		{"system path, though the repository has lib/", "Copy it to `/lib/systemd/x.service`.", false},
		{"container path", "The image runs `/app/server.js`.", false},
		{"home path", "Edit `~/.config/app.yaml`.", false},
		{"twin: the repository's etc/", "Edit `etc/app/config.yaml`.", true},
		{"twin: a root-relative path of the repository", "Edit `/src/app/old.go`.", true},

		{"link text: the link is the claim", "See [`src/app/old/x.go`](https://github.com/o/r/blob/main/src/app/old/x.go).", false},
		{"twin: the same span outside a link", "See `src/app/old/x.go`.", true},

		{"the reader's project", "Create `.github/workflows/deploy.yml` in your project.", false},
		{"the reader's repository after the span", "Add `.github/workflows/deploy.yml` to your repository.", false},
		{"twin: this repository's workflow", "The release runs `.github/workflows/deploy.yml`.", true},
		{"a path to create", "Create the following directory structure: `internal/newcmd/`.", false},
		{"twin: created from a source that must exist", "The page is generated from `internal/real/gone.go`.", true},

		{"an indefinite article: a kind of file", "At a minimum, this needs a `src/app/SUMMARY.md`.", false},
		{"twin: the definite article", "At a minimum, this needs the `src/app/SUMMARY.md`.", true},
		{"a caption over the example it labels", "=== \":octicons-file-code-16: `src/app/stylesheets/extra.css`\"\n\n    ``` css\n    a {}\n    ```", false},
		{"twin: an instruction over a code block", "Edit `src/app/stylesheets/extra.css`:\n\n```css\na {}\n```", true},

		{"owner/name", "Icons such as `cli/plus-circle` work.", false},
		{"twin: a directory with a trailing slash", "Icons live in `cli/cmd/icons/`.", true},
		{"twin: a near miss of an existing directory", "The code is in `internal/reall`.", true},
		{"twin: a name with an extension", "Run `cli/cmd/old.sh`.", true},

		{"a line anchor names the file", "See `internal/real/a.go#L10`.", false},
		{"a line suffix names the file", "See `internal/real/a.go:12`.", false},
		{"a section of a document names the document", "See `docs/row00.md#usage`.", false},
		{"twin: a line anchor into a file that is gone", "See `internal/real/b.go#L10`.", true},
		{"twin: a line suffix into a file that is gone", "See `internal/real/x.go:12`.", true},
		{"a line range names the file", "See `src/app/main.go:1-2`.", false},
		{"a line and column name the file", "See `src/app/main.go:1:5`.", false},
		{"a name after the file names the file", "See `src/app/main.go:main`.", false},
		{"twin: a name after a file that is gone", "See `src/app/gone.go:main`.", true},
		{"a line anchor range names the file", "See `src/app/main.go#L1-L2`.", false},
		{"a line anchor on a bare file name", "See `main.go#L1`.", false},
		{"true positive: a line past the end of the file", "See `src/app/main.go:120`.", true},
		{"true positive: a line range past the end of the file", "See `src/app/main.go#L1-L40`.", true},
		{"a pytest node id names the module", "Run `tests/test_x.py::TestY::test_z`.", false},
		{"a pytest node id of a function, with parameters", "Run `tests/test_x.py::test_top[a-1]`.", false},
		{"true positive: a pytest node id of a class the module lacks", "Run `tests/test_x.py::TestGone::test_z`.", true},
		{"true positive: a pytest node id in a module that is gone", "Run `tests/test_gone.py::TestY`.", true},
		{"a Rust test path names the file", "Run `crates/core/src/lib.rs::tests::parse`.", false},
		{"true positive: a Rust test path in a file that is gone", "Run `crates/core/src/gone.rs::tests::parse`.", true},
	}
	root := t.TempDir()
	files := maps.Clone(claimsRepo)
	for i, tc := range tests {
		files[fmt.Sprintf("docs/row%02d.md", i)] = "# Row\n\n" + tc.line + "\n"
	}
	testtree.Write(t, root, files)
	s, cfg := scanDir(t, root)
	ds := withCode(Run(Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: cfg}), catalog.UnresolvedPath)
	for i, tc := range tests {
		doc := fmt.Sprintf("docs/row%02d.md", i)
		n := 0
		for _, d := range ds {
			if d.Primary().Path == doc {
				n++
			}
		}
		if fires := n > 0; fires != tc.fires || n > 1 {
			t.Errorf("%s: %q: %d findings, want fires=%v", tc.name, tc.line, n, tc.fires)
		}
	}
}

// The sentence says the path is the reader's, across the lines of a
// paragraph and a list item, and only in its own sentence: the next
// sentence's stale path still fires.
func TestUnresolvedPathReaderProjectSentence(t *testing.T) {
	root := t.TempDir()
	files := maps.Clone(claimsRepo)
	files["docs/setup.md"] = `# Setup

To deploy on every push, create a workflow file
` + "`.github/workflows/deploy.yml`" + ` in your own repository. Our own release
runs ` + "`.github/workflows/release.yml`" + `.

1. First, check the issue tracker.
2. Create a package for the new command, e.g. for a new command ` + "`gh boom`" + ` create the following directory
   structure: ` + "`internal/boom/`" + `
3. The package ` + "`internal/real/oldpkg/`" + ` shows how.
`
	testtree.Write(t, root, files)
	s, cfg := scanDir(t, root)
	ds := withCode(Run(Input{Head: s, Config: cfg}), catalog.UnresolvedPath)
	want := []string{"docs/setup.md:5 UNRESOLVED_PATH", "docs/setup.md:10 UNRESOLVED_PATH"}
	slices.Sort(want)
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v (release.yml and internal/real/oldpkg/ only)", got, want)
	}
	// The span still resolves, for drift: an unresolved entity, with the
	// occurrence listed as unclaimed and why.
	var unclaimed []string
	for _, r := range s.Relations {
		for _, m := range snapshot.MetaMaps(r.Metadata["unclaimed"]) {
			unclaimed = append(unclaimed, fmt.Sprintf("%s %v:%v %v", r.To, m["text"], m["line"], m["reason"]))
		}
	}
	slices.Sort(unclaimed)
	wantUnclaimed := []string{
		"unresolved:.github/workflows/deploy.yml .github/workflows/deploy.yml:4 sentence: your own repository",
		"unresolved:internal/boom internal/boom/:9 sentence: create",
	}
	if !slices.Equal(unclaimed, wantUnclaimed) {
		t.Errorf("unclaimed\n got %q\nwant %q", unclaimed, wantUnclaimed)
	}
}

// Against a base where the span resolved, an unclaimed span that stopped
// resolving is still drift: the base is the evidence that it was a claim.
func TestDriftPathOfAnUnclaimedSpan(t *testing.T) {
	doc := "# Deploy\n\nCreate `src/app/routes.go` in your project.\n"
	base := t.TempDir()
	files := maps.Clone(claimsRepo)
	files["docs/deploy.md"] = doc
	files["src/app/routes.go"] = "package app\n"
	testtree.Write(t, base, files)
	head := t.TempDir()
	delete(files, "src/app/routes.go")
	testtree.Write(t, head, files)
	bs, _ := scanDir(t, base)
	hs, cfg := scanDir(t, head)
	res := Check(Input{Head: hs, Base: bs, Config: cfg})
	if got := where(res.Head); !slices.Contains(got, "docs/deploy.md:3 DRIFT_PATH") || slices.Contains(got, "docs/deploy.md:3 UNRESOLVED_PATH") {
		t.Fatalf("got %v, want DRIFT_PATH on line 3 and no UNRESOLVED_PATH", got)
	}
	// Without a base, the same head says nothing about the span.
	if got := where(withCode(Run(Input{Head: hs, Config: cfg}), catalog.UnresolvedPath)); len(got) != 0 {
		t.Errorf("without a base: %v", got)
	}
}

// The rule reads metadata.unclaimed per occurrence: the same path written
// twice, once as a claim and once in the reader's project, fires once.
func TestUnresolvedPathUnclaimedIsPerOccurrence(t *testing.T) {
	ev := []snapshot.Evidence{
		{Source: "markdown", Path: "a.md", LineStart: 2, Context: "src/gone.go"},
		{Source: "markdown", Path: "a.md", LineStart: 4, Context: "src/gone.go"},
	}
	s := &snapshot.Snapshot{
		Entities: []snapshot.Entity{
			{ID: "document:a.md", Kind: snapshot.KindDocument, Path: "a.md"},
			{ID: "unresolved:src/gone.go", Kind: snapshot.KindUnresolved},
		},
		Relations: []snapshot.Relation{{ID: "mentions:document:a.md->unresolved:src/gone.go", Kind: snapshot.RelMentions,
			From: "document:a.md", To: "unresolved:src/gone.go", Evidence: ev,
			Metadata: map[string]any{"unclaimed": []any{map[string]any{"text": "src/gone.go", "line": float64(4), "reason": "sentence: your project"}}}}},
	}
	if got := where(withCode(Run(Input{Head: s}), catalog.UnresolvedPath)); !slices.Equal(got, []string{"a.md:2 UNRESOLVED_PATH"}) {
		t.Fatalf("got %v", got)
	}
}

// A plain relative path may be written from a directory above the
// document: a package's page names `src/util.ts` of its package. It
// resolves there (a mention of the module), and a stale one still fires.
func TestUnresolvedPathFromAnAncestor(t *testing.T) {
	root := t.TempDir()
	files := maps.Clone(claimsRepo)
	files["packages/a/src/util.ts"] = "export const u = 1;\n"
	files["packages/a/src/lib/x.ts"] = "export const x = 1;\n"
	files["packages/a/docs/api.md"] = "# API\n\nHelpers are in `src/util.ts`; the old ones were in `src/lib/gone.ts`.\n"
	testtree.Write(t, root, files)
	s, cfg := scanDir(t, root)
	if got := where(withCode(Run(Input{Head: s, Config: cfg}), catalog.UnresolvedPath)); !slices.Equal(got, []string{"packages/a/docs/api.md:3 UNRESOLVED_PATH"}) {
		t.Fatalf("got %v, want the stale path only", got)
	}
	want := snapshot.RelationID(snapshot.RelMentions, "document:packages/a/docs/api.md", "module:packages/a/src/util.ts")
	if !slices.ContainsFunc(s.Relations, func(r snapshot.Relation) bool { return r.ID == want }) {
		t.Errorf("no relation %s", want)
	}
}

// A place in an existing file that the file refutes is reported with what
// the scan knows of the file; a relative link's line anchor past the end
// of a source file is a broken anchor, one within it is fine.
func TestUnresolvedPathPlaces(t *testing.T) {
	root := t.TempDir()
	files := maps.Clone(claimsRepo)
	files["docs/a.md"] = "# A\n\nSee `src/app/main.go:120` and `tests/test_x.py::TestGone::test_z`.\n\n" +
		"[main](../src/app/main.go#L2-L3), [past](../src/app/main.go#L9)\n"
	testtree.Write(t, root, files)
	s, cfg := scanDir(t, root)
	ds := Run(Input{Head: s, Config: cfg})
	var got []string
	for _, d := range ds {
		if d.Primary().Path == "docs/a.md" {
			got = append(got, d.Code+" "+d.Message)
		}
	}
	slices.Sort(got)
	want := []string{
		"BROKEN_ANCHOR line anchor #L9 is past the end of src/app/main.go (4 lines)",
		"UNRESOLVED_PATH `src/app/main.go:120` is past the end of src/app/main.go (4 lines)",
		"UNRESOLVED_PATH `tests/test_x.py::TestGone::test_z`: tests/test_x.py defines no `TestGone`",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// A path written from another directory than the root or the document's,
// that exactly one directory has, is reported with that directory as the
// suggestion; one two directories have gets none; one that agrees with the
// tree only at its first directory stays no claim; from the package's own
// pages it resolves.
func TestUnresolvedPathUnderOneDirectory(t *testing.T) {
	root := t.TempDir()
	files := maps.Clone(claimsRepo)
	files["src/lib/other.ts"] = "export const o = 1;\n"
	files["packages/a/src/lib/util.ts"] = "export const u = 1;\n"
	files["packages/a/src/lib/shared.ts"] = "export const s = 1;\n"
	files["packages/b/src/lib/shared.ts"] = "export const s = 2;\n"
	files["packages/a/src/top.ts"] = "export const t = 1;\n"
	files["docs/guide.md"] = "# Guide\n\nHelpers are in `src/lib/util.ts`.\n\nShared code is in `src/lib/shared.ts`.\n\nThe top is `src/top.ts`.\n"
	files["packages/a/README.md"] = "# A\n\nHelpers are in `src/lib/util.ts`.\n"
	testtree.Write(t, root, files)
	s, cfg := scanDir(t, root)
	ds := withCode(Run(Input{Head: s, Config: cfg}), catalog.UnresolvedPath)
	if got := where(ds); !slices.Equal(got, []string{"docs/guide.md:3 UNRESOLVED_PATH", "docs/guide.md:5 UNRESOLVED_PATH"}) {
		t.Fatalf("got %v", got)
	}
	want := map[int]string{
		3: "`src/lib/util.ts` does not exist; it resolves under packages/a/: did you mean `packages/a/src/lib/util.ts`?",
		5: "`src/lib/shared.ts` does not exist",
	}
	for _, d := range ds {
		if d.Message != want[d.Primary().Line] {
			t.Errorf("line %d: got %q, want %q", d.Primary().Line, d.Message, want[d.Primary().Line])
		}
	}
}
