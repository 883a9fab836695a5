package markdown

import (
	"strings"
	"testing"
)

// A code span's cue comes from its own sentence: the reader's project
// anywhere in it, a creation verb before the span. Each shape has a twin
// without the cue, which a path claim must keep.
func TestCodeSpanCues(t *testing.T) {
	tests := []struct {
		name, doc string
		want      []string // the cue of each span, in order
	}{
		{"your project", "Create `.github/workflows/deploy.yml` in your project.", []string{"your project"}},
		{"your project after the span", "Add `.github/workflows/deploy.yml` to your project.", []string{"your project"}},
		{"your own repository", "Put `docs/x.md` in your own repository.", []string{"your own repository"}},
		{"a span without a slash names no path: its sentence is not read", "Create `config.yml` in your project.", []string{""}},
		{"owner reaches a project word through a span", "Edit your `.changeset/` folder.", []string{"your folder"}},
		{"user's project", "The user's project keeps `src/config.ts`.", []string{"user's project"}},
		{"typographic apostrophe", "The user’s app keeps `src/config.ts`.", []string{"user's app"}},
		{"a new project", "In a new project, `src/index.ts` is the entry.", []string{"a new project"}},
		{"owner too far from a project word", "Your changes to the code in `internal/x.go` matter.", []string{""}},
		{"your without a project word", "Run `make` on your branch.", []string{""}},
		{"no cue: a claim", "The server lives in `internal/oldpkg/x.go`.", []string{""}},
		{"create before the span", "For example, you can create a new file `.changeset/my-config.js`.", []string{"new file"}},
		{"create after the span is a claim", "`internal/gen/x.go` creates the server.", []string{""}},
		{"generated from names a source", "The tool generates pages from `internal/oldpkg/x.go`.", []string{""}},
		{"generated output", "The command generates `docs/api.md`.", []string{"generates"}},
		{"a past participle is a claim", "Inspect the generated code in `pdata/internal/data/protogen`.", []string{""}},
		{"the generated file itself", "The generated `docs/pages/index.rocket.md` gives you a home page.", []string{"generated"}},
		{"the generated file's own name, with a noun after it", "Open the generated `dist/index.d.ts` file.", []string{"generated"}},
		{"generated with a noun between is a claim", "The generated code `internal/gen/x.go` is committed.", []string{""}},
		{"removal of a list of spans", "Verify: deletions of `pkg/server/proxy.py`, `pkg/server/openapi/` and `pkg/app.py`; the removed classes in `pkg/middleware/x.py`.",
			[]string{"deletions", "deletions", "deletions", ""}},
		{"remove the file itself", "Remove the old `docs/legacy.md` file.", []string{"remove"}},
		{"remove from a file that must exist", "Remove the line from `config/settings.yaml`.", []string{""}},
		{"a lead-in paragraph governs its list", "At the root of your component it should generate the following files:\n\n- `internal/metadata/x.go`, the code\n- `internal/metadata/x_test.go`\n", []string{"your component", "your component"}},
		{"a lead-in with a creation verb", "Then generate:\n\n1. `docs/api.md`\n", []string{"generate"}},
		{"a lead-in without a colon does not govern", "Your project has files.\n\n- `internal/x.go`\n", []string{""}},
		{"a lead-in's earlier sentence does not govern", "Create a project. The layout is:\n\n- `internal/x.go`\n", []string{""}},
		{"the item's own cue comes first", "Create these:\n\n- a `src/x.go`\n", []string{"a"}},
		{"then ends the creation", "Create a branch, then edit `internal/oldpkg/x.go`.", []string{""}},
		{"new file", "Add a new file `docs/guide/intro.md`.", []string{"new file"}},
		{"new without a file noun", "See the new `internal/oldpkg` package.", []string{""}},
		{"the cue stays in its sentence", "Create a project. Then `internal/oldpkg/x.go` is read.", []string{""}},
		{"an abbreviation does not end the sentence", "Create a package, e.g. for `gh/boom` create `pkg/cmd/boom/`.", []string{"create", "create"}},
		{"a period inside the span does not end the sentence", "Create `a/b. c` then `d/e`. And `f/g`.", []string{"create", "", ""}},
		{"list item", "1. Create the directory\n   structure: `pkg/cmd/boom/`\n", []string{"create"}},
		{"heading", "## Create `docs/x.md` in your app\n", []string{"your app"}},
		{"table cell", "| a | b |\n|---|---|\n| your project | `src/x.ts` |\n| other | `src/y.ts` |\n", []string{"", ""}},
		{"link text in the sentence", "Create [the file](x.md) `docs/x.md`.", []string{"create"}},
		{"your editor", "Open `src/SUMMARY.md` in your editor.", []string{"your editor"}},
		{"an indefinite article", "At a minimum, this needs a `src/SUMMARY.md`.", []string{"a"}},
		{"an", "Add an `.github/workflows/x.yml` file.", []string{"an"}},
		{"a plan's step adds a file", "Add `packages/node/export.test.ts` (or extend an existing test):", []string{"add"}},
		{"a plan's step adds a file after a noun phrase", "Add a colocated parser test (e.g. `packages/parser/src/toc.test.ts`) covering it.", []string{"add"}},
		{"adding a file to something names one that exists", "Add `docs/guide/x.md` to the navigation.", []string{""}},
		{"add is not the sentence's verb", "The step will add `docs/guide/x.md`.", []string{""}},
		{"a file marked to create", "- `packages/node/export.test.ts` (create) — unit tests", []string{"create"}},
		{"a heading over a list names files to delete", "## Files to Delete\n\n1. **`pkg/engine/managed_storage.py`** — the blob storage\n", []string{"delete"}},
		{"a heading over a list names new files", "### New files\n\n- `pkg/engine/scheduler.py`\n", []string{"new"}},
		{"a heading over a list that changes nothing", "## Files\n\n- `pkg/engine/storage.py` — the blob storage\n", []string{""}},
		{"a new feature is no new file", "## New features\n\n- `pkg/engine/storage.py` now streams\n", []string{""}},
		{"a file marked otherwise is a claim", "- `packages/node/export.ts` (edit) — export the builder", []string{""}},
		{"the definite article is a claim", "This needs the `src/SUMMARY.md`.", []string{""}},
		{"an article not right before the span", "A file is `src/x.md`.", []string{""}},
		{"an MkDocs content tab", "=== \":octicons-file-code-16: `docs/stylesheets/extra.css`\"\n\n    ``` css\n    a {}\n    ```\n", []string{"caption"}},
		{"a path and a colon over a fence", "`docs/x.css`:\n\n```css\na {}\n```\n", []string{"caption"}},
		{"a sentence over a fence is no caption", "Edit `internal/config/defaults.go`:\n\n```go\nx\n```\n", []string{""}},
		{"a caption with no code block after it", "`docs/x.css`\n\nText.\n", []string{""}},
		{"a fence titled with the span's path", "Open `ent/schema/user.go` and edit:\n\n```go title=\"ent/schema/user.go\" {4}\nx\n```\n", []string{"caption"}},
		{"a fence titled in single quotes", "We change `app/config.ts`:\n\n```ts title='app/config.ts'\nx\n```\n", []string{"caption"}},
		{"a fence titled with another path", "Edit `internal/config/defaults.go` first:\n\n```go title=\"internal/config/other.go\"\nx\n```\n", []string{""}},
		{"a titled fence after another block", "Edit `a/b.go`:\n\nText.\n\n```go title=\"a/b.go\"\nx\n```\n", []string{""}},
		{"a counter-example", "Your path in the link would not be `../page_b.html`. Instead, it would be `/pages/b.md`.", []string{"not be", ""}},
		{"another repository named with from", "Load `.github/aw/x.md` from `github/gh-aw`.", []string{"from github/gh-aw", ""}},
		{"another repository's URL, with in", "See `docs/setup.md` in `https://github.com/kubernetes/website`.", []string{"in kubernetes/website", ""}},
		{"a lone owner/name after in is no cue for itself", "The code is in `internal/reall`.", []string{""}},
		{"a file after in is no repository", "Edit `src/a.go` in `docs/conf.py`.", []string{"", ""}},
		{"a lead-in naming another repository governs its list", "Read only what you need.\nLoad these files from `github/gh-aw` (they are not available locally).\n\n- `.github/aw/a.md`\n- `.github/aw/b.md`\n", []string{"", "from github/gh-aw", "from github/gh-aw"}},
		{"another repository's cue stays in its sentence", "Copy it from `actions/starter-workflows`. Then edit `internal/x.go`.", []string{"", ""}},
		{"is not", "The config is not `src/old.yml` but `src/new.yml`.", []string{"is not", ""}},
		{"isn't", "It isn't `docs/x.md`.", []string{"isn't"}},
		{"instead of", "Import `pkg/new` instead of `pkg/old`.", []string{"", "instead of"}},
		{"rather than", "Read `a/b.md` rather than `a/c.md`.", []string{"", "rather than"}},
		{"a negation not right before the span is a claim", "Do not edit `internal/gen/x.go` by hand.", []string{""}},
		{"not alone is a claim", "The entry is `src/app/main.go`, not `src/app/mian.go`.", []string{"", ""}},
		{"add directories like", "This starter begins small; add directories like `app/data/` when you need them.", []string{"add directories"}},
		{"add a file named", "Add a file named `src/routes/x.ts`.", []string{"add file"}},
		{"add the file is a claim", "Add the file `docs/x.md` to the nav.", []string{""}},
		{"move to", "Move shared UI to `app/ui/`, not `app/actions/`.", []string{"move to", ""}},
		{"move into", "Move shared UI into `app/ui/` once two routes need it.", []string{"move into"}},
		{"moved to is a claim", "The UI moved to `app/ui/`.", []string{""}},
		{"a former name", "The relay is `awx/main/wsrelay.py` (formerly `awx/main/wsbroadcast.py`).", []string{"", "formerly"}},
		{"previously", "Settings moved to `conf/x.yml`; previously `etc/x.yml`.", []string{"", "previously"}},
		{"renamed from", "The package was renamed from `pkg/old` to `pkg/new`.", []string{"renamed from", ""}},
		{"a former name's twin is a claim", "The relay is `awx/main/wsrelay.py`, next to `awx/main/wsbroadcast.py`.", []string{"", ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := Extract("docs/a.md", []byte(tc.doc))
			var got []string
			for _, c := range d.CodeSpans {
				got = append(got, c.Cue)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
				t.Errorf("cues %q, want %q", got, tc.want)
			}
		})
	}
}

// A span in a link's text is the link's; one beside a link is not.
func TestCodeSpanInLink(t *testing.T) {
	d := Extract("docs/a.md", []byte("[`cli/cli`](https://github.com/cli/cli) and `cli/go-gh`, [see `x/y`](x.md).\n"))
	var got []string
	for _, c := range d.CodeSpans {
		if c.InLink {
			got = append(got, c.Text)
		}
	}
	if strings.Join(got, ",") != "cli/cli,x/y" {
		t.Errorf("spans in links %q", got)
	}
}
