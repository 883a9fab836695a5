package scan

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The round-trip property: every snapshot the scan writes is one its
// readers accept. Written (snapshot.Marshal), read back (snapshot.Unmarshal)
// and validated (snapshot.Validate: unique ids, ids that match their kind,
// relations between entities of the snapshot, no self-loops, canonical
// order), it encodes to the same bytes and hashes to its own content hash;
// rebuilt from the scan's store (the state a pull request compares against)
// it is the same snapshot but for the entry that describes the run.

// roundTrip checks the property for one scan; it returns what is wrong.
func roundTrip(res *Result) string {
	s := res.Snapshot
	if err := snapshot.Validate(s); err != nil {
		return "the scan's own snapshot: " + err.Error()
	}
	written, err := snapshot.Marshal(s)
	if err != nil {
		return "write: " + err.Error()
	}
	read, err := snapshot.Unmarshal(written)
	if err != nil {
		return "read: " + err.Error()
	}
	if err := snapshot.Validate(read); err != nil {
		return "read back: " + err.Error()
	}
	again, err := snapshot.Marshal(read)
	if err != nil {
		return "rewrite: " + err.Error()
	}
	if !bytes.Equal(written, again) {
		return "read back, it writes differently:\n" + firstDiff(written, again)
	}
	if h, err := snapshot.ComputeContentHash(read); err != nil || h != read.ContentHash {
		return fmt.Sprintf("read back, it hashes to %s (%v), not its content hash %s", h, err, read.ContentHash)
	}
	if res.Store == nil {
		return ""
	}
	rebuilt, err := Rebuild(res.Store)
	if err != nil {
		return "rebuild from the store: " + err.Error()
	}
	if err := snapshot.Validate(rebuilt); err != nil {
		return "rebuilt from the store: " + err.Error()
	}
	if d, err := sameExceptRun(rebuilt, s); d != "" || err != nil {
		return fmt.Sprintf("rebuilt from the store, it differs (%v):\n%s", err, d)
	}
	return ""
}

func scanForRoundTrip(t testing.TB, root string) *Result {
	t.Helper()
	cfg, err := config.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Scan(context.Background(), root, cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestRoundTripOverGeneratedRepositories: the generated corpus at several
// seeds, and after each of a few random edits (the edits of the warm/cold
// property, which rename, delete and rewrite files and headings).
func TestRoundTripOverGeneratedRepositories(t *testing.T) {
	seeds := 6
	if testing.Short() {
		seeds = 2
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			w, err := newWorld(root, seed)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step <= 6; step++ {
				if step > 0 {
					c, err := w.step()
					if err != nil {
						t.Fatal(err)
					}
					t.Logf("%d. %s", step, c.desc)
				}
				if msg := roundTrip(scanForRoundTrip(t, root)); msg != "" {
					t.Fatalf("step %d: %s", step, msg)
				}
			}
		})
	}
}

// TestRoundTripSelfReferences: documents that refer to themselves in every
// way a document can — a link to its own file, with and without an anchor,
// a same-document anchor, a code span naming its own path (from the root,
// from its directory, with a line), a near miss of its own path, an alias
// of itself — and a module that imports itself. None is a relation, and the
// snapshot reads back.
func TestRoundTripSelfReferences(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, selfReferenceCorpus)
	res := scanForRoundTrip(t, root)
	if msg := roundTrip(res); msg != "" {
		t.Fatal(msg)
	}
	for _, r := range res.Snapshot.Relations {
		if r.From == r.To {
			t.Errorf("self-loop %s", r.ID)
		}
	}
	// The true positives stay: a link to another document's missing
	// heading, a near miss of its own name is an unresolved path, and a
	// mention of another document is a relation.
	ix := newIndex(res.Snapshot)
	ix.relation(t, snapshot.RelMentions, "document:docs/guide.md", "document:docs/other.md")
	ix.relation(t, snapshot.RelMentions, "document:docs/guide.md", "unresolved:docs/guid.md")
	broken := asMaps(ix.entity(t, "document:docs/guide.md").Metadata["brokenAnchors"])
	if len(broken) != 1 || broken[0]["anchor"] != "gone" {
		t.Errorf("brokenAnchors = %v, want gone", broken)
	}
}

// selfReferenceCorpus is a repository whose documents name themselves.
var selfReferenceCorpus = map[string]string{
	"go.mod":         "module example.com/selfref\n\ngo 1.22\n",
	"docbridge.yaml": "project:\n  repository: acme/selfref\n",
	"docs/guide.md": "# Guide\n\n## Usage\n\n" +
		"[me](guide.md) [me again](./guide.md#usage) [top](#guide) [gone](guide.md#gone)\n\n" +
		"This page is `docs/guide.md`, also `guide.md`, `./guide.md`, `docs/guide.md:3`,\n" +
		"`docs/guide.md#L3` and `docs/`; a typo of it is `docs/guid.md`.\n\n" +
		"See `docs/other.md` and [other](other.md).\n\n" +
		"[url](https://github.com/acme/selfref/blob/main/docs/guide.md#usage) [line](https://github.com/acme/selfref/blob/main/docs/guide.md#L99)\n",
	"docs/other.md":      "# Other\n\n[self](other.md) `docs/other.md` `docs/othr.md`\n",
	"docs/index.md":      "---\ndocbridge:\n  covers: [document:docs/index.md]\n---\n# Index\n\n`docs/index.md` `docs/` [here](index.md) [dir](./)\n",
	"README.md":          "# Self\n\n[readme](README.md) `README.md` [readme](/README.md#self) `readme.md`\n",
	"pkg/a/a.go":         "// Package a is imported by itself in its test.\npackage a\n\n// A is a.\nfunc A() {}\n",
	"pkg/a/doc.md":       "# a\n\n`pkg/a` `pkg/a/a.go` `pkg/a/doc.md` `a.A` [a](../a/doc.md)\n",
	"src/self.ts":        "import { x } from './self'\nexport const x = 1\nexport * from './self'\n",
	"py/pkg/__init__.py": "from . import mod\nfrom .. import pkg\n",
	"py/pkg/mod.py":      "from . import mod\nimport pkg.mod\n",
}

// TestRoundTripThisRepository scans docbridge's own tree, which documents
// itself at length, and reads the snapshot back.
func TestRoundTripThisRepository(t *testing.T) {
	if testing.Short() {
		t.Skip("scans the whole repository")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Skip("not in the repository's tree")
	}
	res := scanForRoundTrip(t, root)
	if msg := roundTrip(res); msg != "" {
		t.Fatal(msg)
	}
	if n := len(res.Snapshot.Entities); n < 100 {
		t.Fatalf("only %d entities: the scan did not see the repository", n)
	}
}

// FuzzRoundTrip scans a small tree whose documents (and one module) are
// the fuzz input, writes the snapshot, reads it back and requires the
// round-trip property. The file names are fixed, so the text decides every
// reference: to the document itself, to its neighbours, to paths that do
// not exist, in any encoding.
func FuzzRoundTrip(f *testing.F) {
	for _, seed := range []string{
		selfReferenceCorpus["docs/guide.md"],
		selfReferenceCorpus["docs/index.md"],
		"# A\n\n`docs/a.md` `docs/a.m` [x](a.md#x) [y](b.md) `docs/b.md` `b.md`\n",
		"---\ndocbridge:\n  covers: [document:docs/a.md, module:src/a.go]\n  relations:\n    - {kind: mentions, to: document:docs/a.md}\n---\n# A\n",
		"# A\n\n`docs/\xff.md` `docs/\xfe.md` [\xff](\xfe.md)\n",
		"# A\n\n`a->b` `docs/a.md->x` `unresolved:x`\n",
		"# A\n\n[me](https://github.com/acme/f/blob/main/docs/a.md#a) [b](https://github.com/acme/f/tree/main/docs/b.md#L3-L9) [x](https://raw.githubusercontent.com/acme/f/main/docs/x.md)\n",
	} {
		f.Add(seed, "# B\n\n[a](a.md) `docs/a.md`\n", "package src\n\nfunc A() {}\n")
	}
	// Escapes in Go literals make strings that are not UTF-8: ids written
	// as JSON must still read back distinct and in order.
	f.Add("# A\n", "# B\n", "package src\n\nimport (\n\t\"a\\xffb\"\n\t\"a\\xfeb\"\n\t\"./\\xff\"\n)\n\n// Doc \xff.\nfunc A\u00e9() {}\n")
	f.Fuzz(func(t *testing.T, a, b, code string) {
		if len(a)+len(b)+len(code) > 1<<14 {
			return
		}
		root := t.TempDir()
		files := map[string]string{
			"docs/a.md": a,
			"docs/b.md": b,
			"src/a.go":  code,
			"README.md": "# R\n\n[a](docs/a.md)\n",
			"go.mod":    "module example.com/f\n",
			// Links to https://github.com/acme/f/… are the repository's own.
			"docbridge.yaml": "project:\n  repository: acme/f\n",
			"docs/c/x.md":    strings.ReplaceAll(a, "a.md", "x.md"),
		}
		for p, content := range files {
			full := filepath.Join(root, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if msg := roundTrip(scanForRoundTrip(t, root)); msg != "" {
			t.Fatalf("%s\ndocs/a.md: %q\ndocs/b.md: %q\nsrc/a.go: %q", msg, a, b, code)
		}
	})
}

// TestRoundTripOfTheCorpusGenerator: the generator's own fixed spec, the
// one the warm/cold property starts from, written with corpus.Write.
func TestRoundTripOfTheCorpusGenerator(t *testing.T) {
	root := t.TempDir()
	if err := corpus.Write(root, corpus.Spec{Seed: 42, Packages: 4, TSModules: 60, Documents: 60, GoModules: 20, PyModules: 12}); err != nil {
		t.Fatal(err)
	}
	if msg := roundTrip(scanForRoundTrip(t, root)); msg != "" {
		t.Fatal(msg)
	}
}
