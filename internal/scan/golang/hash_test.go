package golang

import (
	"testing"
)

// unhashed drops the shape hashes, for tests about names, kinds and lines.
func unhashed(es []Export) []Export {
	if es == nil {
		return nil
	}
	out := make([]Export, len(es))
	for i, e := range es {
		out[i] = Export{Name: e.Name, Kind: e.Kind, Line: e.Line}
	}
	return out
}

// shapes extracts src and returns its exports by name.
func shapes(t *testing.T, src string) map[string]Export {
	t.Helper()
	out := map[string]Export{}
	for _, e := range Extract("p/p.go", []byte(src)).Exports {
		out[e.Name] = e
	}
	return out
}

const shapeBody = `{
	total := 0
	for _, d := range docs {
		total += len(d)
	}
	return total, nil
}`

// A rename keeps the signature and body hashes; formatting, comments and
// parameter names do not count; a changed type or body does.
func TestShapeHashes(t *testing.T) {
	base := shapes(t, "package p\n\nfunc Rank(docs []string, q string) (int, error) "+shapeBody+"\n\n"+
		"type Options struct {\n\tLimit int\n\tQuery string\n\tDocs []string\n\tSeen map[string]bool\n}\n\nconst Max = 10\n\n"+
		"func (o Options) Run(n int) error { return nil }\n")
	renamed := shapes(t, "package p\n\n// RankDocuments ranks.\nfunc RankDocuments(a []string, b string) (int, error) {\n\ttotal := 0 // sum\n\tfor _, d := range docs { total += len(d) }\n\treturn total, nil\n}\n\n"+
		"type Settings struct{ Limit int; Query string; Docs []string; Seen map[string]bool }\n\nconst Limit = 10\n\n"+
		"func (o Options) Execute(m int) error { return nil }\n")
	for _, c := range [][2]string{{"Rank", "RankDocuments"}, {"Options", "Settings"}, {"Max", "Limit"}, {"Options.Run", "Options.Execute"}} {
		a, b := base[c[0]], renamed[c[1]]
		if a.Sig == "" || a.Sig != b.Sig || a.Body != b.Body {
			t.Errorf("%s → %s: sig %q/%q body %q/%q, want equal", c[0], c[1], a.Sig, b.Sig, a.Body, b.Body)
		}
	}
	if base["Rank"].Body == "" || base["Options"].Body == "" {
		t.Errorf("long bodies are hashed: %+v %+v", base["Rank"], base["Options"])
	}
	if base["Options.Run"].Body != "" {
		t.Errorf("a short body is not hashed: %+v", base["Options.Run"])
	}
	changed := shapes(t, "package p\n\nfunc Rank(docs []string, q int) (int, error) {\n\treturn 0, nil\n}\n\nconst Max = 11\n")
	if changed["Rank"].Sig == base["Rank"].Sig || changed["Rank"].Body == base["Rank"].Body || changed["Max"].Sig == base["Max"].Sig {
		t.Errorf("a changed declaration keeps its hashes: %+v %+v", changed["Rank"], changed["Max"])
	}
}

// A test file's exports keep their names and lines but not their hashes:
// documentation names none of them, so drift never looks for one renamed.
func TestTestFilesUnhashed(t *testing.T) {
	src := []byte("package p\n\nfunc TestRank(t *testing.T) " + shapeBody + "\n\nfunc helper() " + shapeBody + "\n")
	for path, hashed := range map[string]bool{"p/p.go": true, "p/p_test.go": false} {
		ex := Extract(path, src).Exports
		if len(ex) != 1 || ex[0].Name != "TestRank" {
			t.Fatalf("%s: exports %+v, want TestRank only", path, ex)
		}
		if got := ex[0].Sig != "" && ex[0].Body != ""; got != hashed {
			t.Errorf("%s: hashes %q %q, want hashed %v", path, ex[0].Sig, ex[0].Body, hashed)
		}
	}
}
