package reconcile

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/symspan"
)

const rankBody = `{
	out := make([]string, 0, len(docs))
	for _, d := range docs {
		if strings.Contains(d, q) {
			out = append(out, d)
		}
	}
	return out
}`

const scoreBody = `{
	n := 0
	for _, c := range q {
		if c == ' ' {
			n += r.Limit
		}
	}
	return n
}`

// shapeRepo is the code every symbol-drift test starts from.
func shapeRepo() map[string]string {
	return map[string]string{
		"go.mod":                "module example.com/m\n\ngo 1.22\n",
		"internal/rank/rank.go": "package rank\n\nimport \"strings\"\n\nfunc Rank(docs []string, q string) []string " + rankBody + "\n\ntype Ranker struct{ Limit int }\n\nfunc (r *Ranker) Score(q string) int " + scoreBody + "\n",
		"src/client.ts":         "export class Client {}\nexport function makeClient(): Client { return new Client(); }\n",
		"pyclient/__init__.py":  "",
		"pyclient/_client.py":   "class Session:\n    pass\n\ndef request(method, url):\n    pass\n",
	}
}

// checkFiles scans base and head trees written from maps (writeRepo) and
// checks the head against the base.
func checkFiles(t *testing.T, base, head map[string]string) Result {
	t.Helper()
	return checkRenamed(t, base, head, nil)
}

// checkRenamed is checkFiles with the renames git would report.
func checkRenamed(t *testing.T, base, head, renames map[string]string) Result {
	t.Helper()
	b, _ := scanRepo(t, base)
	h, cfg := scanRepo(t, head)
	return Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: b, Config: cfg, Renames: renames})
}

// One table per shape: the span names a symbol the head removes (a
// DRIFT_SYMBOL on its line, keyed by the span's canonical text); its
// prose or code twin on the next paragraph never becomes a mention; and a
// head that keeps the symbol is silent.
func TestDriftSymbolShapes(t *testing.T) {
	removeRank := func(f map[string]string) {
		f["internal/rank/rank.go"] = strings.Replace(f["internal/rank/rank.go"], "func Rank(docs []string, q string) []string "+rankBody, "", 1)
	}
	removeScore := func(f map[string]string) {
		f["internal/rank/rank.go"] = strings.Replace(f["internal/rank/rank.go"], "func (r *Ranker) Score(q string) int "+scoreBody, "", 1)
	}
	removeClient := func(f map[string]string) {
		f["src/client.ts"] = "export function makeClient() { return {}; }\n"
	}
	removeMake := func(f map[string]string) { f["src/client.ts"] = "export class Client {}\n" }
	removeSession := func(f map[string]string) { f["pyclient/_client.py"] = "def request(method, url):\n    pass\n" }
	removeRequest := func(f map[string]string) { f["pyclient/_client.py"] = "class Session:\n    pass\n" }
	for _, c := range []struct {
		shape, span, key, twin string
		remove                 func(map[string]string)
	}{
		{"name", "Rank", "Rank", "Rank + 1", removeRank},
		{"name()", "Rank()", "Rank", "x = Rank()", removeRank},
		{"name(args)", "Rank(docs, \"q\")", "Rank", "if (Rank(docs, q))", removeRank},
		{"pkg.Name", "rank.Rank", "rank.Rank", "rank.Rank(docs) + 1", removeRank},
		{"pkg.Name(args)", "rank.Rank(docs, q)", "rank.Rank", "go run rank.Rank", removeRank},
		{"Type.Method", "Ranker.Score", "Ranker.Score", "r.Score = Ranker.Score", removeScore},
		{"Type#method", "Ranker#Score", "Ranker#Score", "Ranker # Score", removeScore},
		{"pkg.Type.Method(x, y)", "rank.Ranker.Score(q)", "rank.Ranker.Score", "rank.Ranker.Score(q).String()", removeScore},
		{"Method (no type)", "Score", "Score", "Score := 1", removeScore},
		{"variable.Method(x)", "r.Score(q)", "r.Score", "n := r.Score(q)", removeScore},
		{"new Foo()", "new Client()", "Client", "new Client() + 1", removeClient},
		{"Foo<T>", "Client<T>", "Client", "Client < T", removeClient},
		{"Type.member (TS, no members)", "Client.close()", "Client.close", "client.close() // later", removeClient},
		{"module:Name", "module:client.makeClient", "module:client.makeClient", "https://example.com/makeClient", removeMake},
		{"@decorator", "@makeClient", "makeClient", "@ makeClient", removeMake},
		{"pkg.Class", "pyclient.Session", "pyclient.Session", "pyclient.Session = None", removeSession},
		{"module:attr", "pyclient._client:request", "pyclient._client:request", "curl http://pyclient._client:request", removeRequest},
		{"name(args) (Python)", "request(\"GET\", url)", "request", "return request(\"GET\", url)", removeRequest},
	} {
		t.Run(c.shape, func(t *testing.T) {
			base := shapeRepo()
			base["docs/guide.md"] = fmt.Sprintf("# Guide\n\nCall `%s` first.\n\nNot a symbol: `%s`.\n", c.span, c.twin)
			head := maps.Clone(base)
			c.remove(head)
			res := checkFiles(t, base, head)
			got := drifts(res.Head)
			if w := where(got); !slices.Equal(w, []string{"docs/guide.md:3 DRIFT_SYMBOL"}) {
				t.Fatalf("drift = %v, want one DRIFT_SYMBOL on line 3", w)
			}
			if !strings.HasPrefix(got[0].Message, "`"+c.key+"`") {
				t.Errorf("message %q does not start with the key `%s`", got[0].Message, c.key)
			}
			// The twin that still resolves: the head keeps the symbol.
			kept := maps.Clone(base)
			kept["README.md"] = "# Changed\n"
			if got := drifts(checkFiles(t, base, kept).Head); len(got) != 0 {
				t.Errorf("a head that keeps `%s` reports %v", c.span, where(got))
			}
		})
	}
}

// A rename is named when it is evident — a new export of the same kind
// with the same signature in the same file, or the same body anywhere —
// in the shape the document wrote; two candidates name none.
func TestDriftSymbolRenameByShape(t *testing.T) {
	rankGo := shapeRepo()["internal/rank/rank.go"]
	for _, c := range []struct {
		name, span string
		edit       func(map[string]string)
		message    string
		remedy     string
	}{
		{
			name: "same signature, new body", span: "rank.Rank(docs, q)",
			edit: func(f map[string]string) {
				f["internal/rank/rank.go"] = strings.Replace(rankGo, "func Rank(docs []string, q string) []string "+rankBody,
					"func Filter(all []string, query string) []string {\n\treturn all\n}", 1)
			},
			message: "`rank.Rank` was renamed to `rank.Filter` in internal/rank/rank.go (same signature)",
			remedy:  "Write `rank.Filter`.",
		},
		{
			name: "same body, new signature, other file", span: "Rank()",
			edit: func(f map[string]string) {
				f["internal/rank/rank.go"] = strings.Replace(rankGo, "func Rank(docs []string, q string) []string "+rankBody, "", 1)
				f["internal/rank/select.go"] = "package rank\n\nimport \"strings\"\n\nfunc Select(docs []string, q string, limit int) []string " + rankBody + "\n"
			},
			message: "`Rank` (internal/rank/rank.go) was renamed to `Select` in internal/rank/select.go (same body)",
			remedy:  "Write `Select`.",
		},
		{
			name: "method, same signature", span: "Ranker#Score",
			edit: func(f map[string]string) {
				f["internal/rank/rank.go"] = strings.Replace(rankGo, "func (r *Ranker) Score(", "func (r *Ranker) Weigh(", 1)
			},
			message: "`Ranker#Score` was renamed to `Ranker#Weigh` in internal/rank/rank.go (same signature)",
			remedy:  "Write `Ranker#Weigh`.",
		},
		{
			name: "method after a variable, same signature", span: "r.Score(q)",
			edit: func(f map[string]string) {
				f["internal/rank/rank.go"] = strings.Replace(rankGo, "func (r *Ranker) Score(", "func (r *Ranker) Weigh(", 1)
			},
			message: "`r.Score` was renamed to `r.Weigh` in internal/rank/rank.go (same signature)",
			remedy:  "Write `r.Weigh`.",
		},
		{
			name: "ambiguous: two new exports with the signature", span: "Rank",
			edit: func(f map[string]string) {
				f["internal/rank/rank.go"] = strings.Replace(rankGo, "func Rank(docs []string, q string) []string "+rankBody,
					"func First(a []string, b string) []string { return a }\n\nfunc Last(a []string, b string) []string { return nil }", 1)
			},
			message: "`Rank` was renamed or removed in internal/rank/rank.go; 2 new exports have its signature or body, so none is suggested",
		},
		{
			name: "no evident rename: the near miss of the same kind", span: "rank.Rank(docs)",
			edit: func(f map[string]string) {
				f["internal/rank/rank.go"] = strings.Replace(rankGo, "func Rank(docs []string, q string) []string "+rankBody,
					"func Ranks(docs []string) int {\n\treturn len(docs)\n}", 1)
			},
			message: "`rank.Rank` was renamed or removed in internal/rank/rank.go; did you mean `rank.Ranks`?",
			remedy:  "Write `rank.Ranks`.",
		},
		{
			name: "deleted, nothing alike", span: "Rank",
			edit: func(f map[string]string) {
				f["internal/rank/rank.go"] = strings.Replace(rankGo, "func Rank(docs []string, q string) []string "+rankBody, "", 1)
			},
			message: "`Rank` was renamed or removed in internal/rank/rank.go",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := shapeRepo()
			base["docs/guide.md"] = fmt.Sprintf("# Guide\n\nCall `%s` first.\n", c.span)
			head := maps.Clone(base)
			c.edit(head)
			got := drifts(checkFiles(t, base, head).Head)
			if len(got) != 1 || got[0].Code != catalog.DriftSymbol {
				t.Fatalf("drift = %v", where(got))
			}
			if got[0].Message != c.message || got[0].Remediation != c.remedy {
				t.Errorf("message %q, remediation %q\nwant    %q, %q", got[0].Message, got[0].Remediation, c.message, c.remedy)
			}
		})
	}
}

// A span whose key differs from its text is not the path its key spells:
// `pyclient[cli]` (key pyclient) next to the directory mention `pyclient`
// stays silent when nothing changed; the symbol shapes keep their own
// drift.
func TestDriftKeyIsNotAPath(t *testing.T) {
	base := shapeRepo()
	base["docs/guide.md"] = "# Guide\n\nThe package `pyclient` installs with `pyclient[cli]`.\n\nAlso `pyclient[cli]` here.\n"
	head := maps.Clone(base)
	head["README.md"] = "# Changed\n"
	if got := drifts(checkFiles(t, base, head).Head); len(got) != 0 {
		t.Errorf("drift = %v, want none", where(got))
	}
}

// A rename is written back in the document's shape.
func TestRewrite(t *testing.T) {
	for _, c := range []struct {
		key      string
		at       int
		old, new string
		want     string
	}{
		{"Rank", 0, "Rank", "Filter", "Filter"},
		{"rank.Rank", 1, "Rank", "Filter", "rank.Filter"},
		{"Ranker#Score", 0, "Ranker.Score", "Ranker.Weigh", "Ranker#Weigh"},
		{"rank.Ranker.Score", 1, "Ranker.Score", "Ranker.Weigh", "rank.Ranker.Weigh"},
		{"Client.close", 0, "Client", "HttpClient", "HttpClient.close"},
		{"cmd.SetHelpTemplate", -1, "Command.SetHelpTemplate", "Command.SetHelpTmpl", "cmd.SetHelpTmpl"},
		{"Rank", 0, "Rank", "rank.Ranks", "rank.Ranks"},
		{"module:util.slugify", 0, "slugify", "slug", "module:util.slug"},
		{"pyclient._client:request", 2, "request", "send", "pyclient._client:send"},
	} {
		ref, ok := symspan.Parse(c.key)
		if !ok {
			t.Fatalf("%q does not parse", c.key)
		}
		if got := rewrite(ref, c.at, c.old, c.new); got != c.want {
			t.Errorf("rewrite(%q, %d, %q, %q) = %q, want %q", c.key, c.at, c.old, c.new, got, c.want)
		}
	}
}

// A changelog, release notes or a blog post names the API of its time: a
// symbol it mentions drifts in no history document, and still drifts in a
// guide.
func TestDriftSymbolLeavesHistoryAlone(t *testing.T) {
	base := shapeRepo()
	for _, p := range []string{"CHANGELOG.md", "docs/release-notes/v2.md", "blog/2024-01-01-launch.md", "docs/guide.md"} {
		base[p] = "# Notes\n\nAdded `rank.Rank(docs, q)`.\n"
	}
	head := maps.Clone(base)
	head["internal/rank/rank.go"] = strings.Replace(head["internal/rank/rank.go"], "func Rank(docs []string, q string) []string "+rankBody, "", 1)
	if w := where(drifts(checkFiles(t, base, head).Head)); !slices.Equal(w, []string{"docs/guide.md:3 DRIFT_SYMBOL"}) {
		t.Errorf("drift = %v, want only the guide's", w)
	}
}

// A span that resolves as a command and is recorded as an unresolved
// symbol in the base and the head alike is no drift when nothing changed.
func TestDriftUnresolvedInBothIsNoTrace(t *testing.T) {
	base := shapeRepo()
	base["cmd/tool/main.go"] = "package main\n\nfunc main() {}\n"
	base["docs/guide.md"] = "# Guide\n\nRun `tool` first.\n"
	head := maps.Clone(base)
	head["README.md"] = "# Changed\n"
	if got := drifts(checkFiles(t, base, head).Head); len(got) != 0 {
		t.Errorf("drift = %v, want none", where(got))
	}
}
