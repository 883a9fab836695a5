package scan

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/symtab"
	"github.com/docbridge/docbridge/internal/testtree"
)

var symbolRepo = map[string]string{
	"go.mod":                   "module example.com/m\n\ngo 1.22\n",
	"internal/rank/rank.go":    "package rank\n\ntype Ranker struct{ Limit int }\n\nfunc (r *Ranker) Score(q string) int { return 0 }\n\nfunc (r *Ranker) Close() {}\n\nfunc Rank(docs []string) []string { return docs }\n\nfunc New() *Ranker { return nil }\n",
	"internal/rank/scoring.go": "package rank\n\nfunc Weigh() {}\n",
	"internal/store/store.go":  "package store\n\nimport \"os\"\n\ntype Store struct{}\n\nfunc (s *Store) Close() { os.Exit(0) }\n\nfunc New() int { return 0 }\n",
	"src/client.ts":            "export class Client {}\nexport function makeClient(): Client { return new Client(); }\nexport interface Options {}\nexport function validate() {}\n",
	"src/util/index.ts":        "export function slugify(s: string) { return s; }\n",
	"pyclient/__init__.py":     "",
	"pyclient/_client.py":      "class Session:\n    def get(self):\n        pass\n\ndef request(method, url):\n    pass\n",
	"pyclient/cli.py":          "def main():\n    pass\n",
	"docs/placeholder-doc.md":  "# Placeholder\n",
}

// Every shape of a symbol a document writes resolves to the module that
// declares it, under the span's key; the qualifier decides between
// declarers and must name a package, module or class of the repository.
func TestSymbolShapesResolve(t *testing.T) {
	cases := []struct {
		span, module, key string
	}{
		{"Rank", "internal/rank/rank.go", "Rank"},
		{"Rank()", "internal/rank/rank.go", "Rank"},
		{"Rank(docs)", "internal/rank/rank.go", "Rank"},
		{"rank.Rank(docs, nil)", "internal/rank/rank.go", "rank.Rank"},
		{"rank.New", "internal/rank/rank.go", "rank.New"}, // `New` alone is ambiguous
		{"store.New()", "internal/store/store.go", "store.New"},
		{"internal.store.New", "internal/store/store.go", "internal.store.New"}, // the package's directory
		{"rank.Weigh", "internal/rank/scoring.go", "rank.Weigh"},
		{"Ranker.Score", "internal/rank/rank.go", "Ranker.Score"},
		{"Ranker#Score", "internal/rank/rank.go", "Ranker#Score"},
		{"rank.Ranker.Score(q)", "internal/rank/rank.go", "rank.Ranker.Score"},
		{"new Client()", "src/client.ts", "Client"},
		{"new Client({ retries: 3 })", "src/client.ts", "Client"},
		{"Client#request", "src/client.ts", "Client#request"}, // TS records no members: the class
		{"Client.close()", "src/client.ts", "Client.close"},
		{"makeClient<Options>()", "src/client.ts", "makeClient"},
		{"Options<T>", "src/client.ts", "Options"},
		{"@validate", "src/client.ts", "validate"},
		{"client.makeClient", "src/client.ts", "client.makeClient"}, // the module's file
		{"util.slugify", "src/util/index.ts", "util.slugify"},       // its directory
		{"module:util.slugify", "src/util/index.ts", "module:util.slugify"},
		{"pyclient.Session", "pyclient/_client.py", "pyclient.Session"},
		{"Session.get()", "pyclient/_client.py", "Session.get"},
		{"pyclient._client:request", "pyclient/_client.py", "pyclient._client:request"},
		{"pyclient.cli:main", "pyclient/cli.py", "pyclient.cli:main"},
		{"request(\"GET\", url)", "pyclient/_client.py", "request"},
		{"Score", "internal/rank/rank.go", "Score"},        // a method without its type
		{"r.Score(q)", "internal/rank/rank.go", "r.Score"}, // after a variable
	}
	files := maps.Clone(symbolRepo)
	for i, c := range cases {
		files[fmt.Sprintf("docs/s%02d.md", i)] = fmt.Sprintf("# Shape\n\nCall `%s` here.\n", c.span)
	}
	ix := newIndex(scanFiles(t, files))
	for i, c := range cases {
		doc := snapshot.EntityID(snapshot.KindDocument, fmt.Sprintf("docs/s%02d.md", i))
		r := ix.relation(t, snapshot.RelMentionsSymbol, doc, snapshot.EntityID(snapshot.KindModule, c.module))
		if got := r.Metadata["symbols"]; !slices.Equal(asStrings(got), []string{c.key}) {
			t.Errorf("`%s`: symbols %v, want [%s]", c.span, got, c.key)
		}
		if u := ix.entity(t, doc).Metadata["unresolvedSymbols"]; u != nil {
			t.Errorf("`%s`: also unresolved %v", c.span, u)
		}
	}
}

// Prose and code are not symbol mentions, even where a word in them is an
// export; a qualifier that names nothing in the repository (a variable, a
// foreign package) does not resolve, and Go, whose table records methods,
// does not fall back from a member it does not know to the type.
func TestSymbolShapesThatAreNotMentions(t *testing.T) {
	notRead := []string{ // not a symbol reference at all
		"Rank + 1", "x = Rank(y)", "if (Rank)", "while (validate())", "go run ./cmd/rank", "npm run validate",
		"https://example.com/Rank", "Rank().Score()", "Rank // ranks", "Rank(docs) + 1", "return Rank(docs)",
		"new Client() + 1", "@ validate", "Client <T>",
		"Close", "s.Close()", // a method of two types: which is unknown
	}
	unresolved := []string{ // read, named no export: recorded for drift only
		"other.Rank", "os.Exit", "self.request()", "Ranker.Limit", "fmt.Println(\"x\")", "json:Client",
		"os.Score", "store.Score", // a package, not a variable: no member fallback
		"scoring.Weigh", "internal.Rank", // a Go file name, a directory above a package
	}
	files := maps.Clone(symbolRepo)
	for i, s := range append(slices.Clone(notRead), unresolved...) {
		files[fmt.Sprintf("docs/n%02d.md", i)] = fmt.Sprintf("# Prose\n\nWrite `%s` there.\n", s)
	}
	ix := newIndex(scanFiles(t, files))
	for i, s := range append(slices.Clone(notRead), unresolved...) {
		doc := snapshot.EntityID(snapshot.KindDocument, fmt.Sprintf("docs/n%02d.md", i))
		for _, r := range ix.s.Relations {
			if r.From == doc && r.Kind == snapshot.RelMentionsSymbol {
				t.Errorf("`%s` became a mention of %s", s, r.To)
			}
		}
		got := asMaps(ix.entity(t, doc).Metadata["unresolvedSymbols"])
		if i < len(notRead) && len(got) != 0 {
			t.Errorf("`%s` recorded as a symbol: %v", s, got)
		}
		if i >= len(notRead) && len(got) != 1 {
			t.Errorf("`%s` not recorded as an unresolved symbol: %v", s, got)
		}
	}
}

func scanFiles(t *testing.T, files map[string]string) *snapshot.Snapshot {
	t.Helper()
	root := t.TempDir()
	testtree.Write(t, root, files)
	return scanDir(t, root, nil, Options{})
}

// Lookup builds its symbol table from module metadata by symtab's names
// for what the analyzers record: the language is the analyzer's kind, and
// a Python listing's kind is python.KindName.
func TestSymtabNamesTheAnalyzers(t *testing.T) {
	for lang, kind := range map[string]fileKind{symtab.Go: kindGo, symtab.TypeScript: kindTypeScript, symtab.Python: kindPython} {
		if kind.Kind() != lang {
			t.Errorf("symtab language %q, analyzer kind %q", lang, kind.Kind())
		}
	}
	if symtab.ListingKind != python.KindName {
		t.Errorf("symtab.ListingKind %q, python.KindName %q", symtab.ListingKind, python.KindName)
	}
}
