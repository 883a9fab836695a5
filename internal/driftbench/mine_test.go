package driftbench

import (
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

func TestCandidates(t *testing.T) {
	doc := markdown.Extract("docs/guide.md", []byte(strings.Join([]string{
		"# Guide",
		"",
		"See [setup](setup.md), [kept](kept.md) and [usage](api.md#usage).",
		"The tool lives in `cmd/tool/` and reads `config.yaml`; call `NewClient(opts)`.",
		"Code of [conduct](https://github.com/acme/site/blob/main/CODE_OF_CONDUCT.md), [old](https://github.com/acme/site/blob/v1.0/CODE_OF_CONDUCT.md).",
		"`Run` is too short to mine, `keptName` is still declared.",
	}, "\n")))
	ch := change{
		Repository: "acme/site",
		Files:      map[string]string{"docs/setup.md": "docs/start/setup.md", "docs/config.yaml": "", "CODE_OF_CONDUCT.md": ""},
		Dirs:       map[string]string{"cmd/tool": ""},
		Headings:   map[string][]string{"docs/api.md": {"usage"}},
		Symbols:    map[string]string{"NewClient": "client.go", "Run": "run.go"},
	}
	var got []string
	for _, c := range candidates(doc, ch) {
		got = append(got, c.Kind+" "+c.Reference+" "+c.Target+" "+c.Moved)
	}
	want := []string{
		"link setup.md docs/setup.md docs/start/setup.md",
		"anchor api.md#usage docs/api.md#usage ",
		"path cmd/tool/ cmd/tool/ ",
		"path config.yaml docs/config.yaml ",
		"symbol NewClient(opts) client.go:NewClient ",
		"selfurl https://github.com/acme/site/blob/main/CODE_OF_CONDUCT.md CODE_OF_CONDUCT.md ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("candidates:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSpanSymbol(t *testing.T) {
	for in, want := range map[string]string{
		"Name": "Name", "Name()": "Name", "pkg.Name(a, b)": "Name", "Type#method": "method",
		"new Foo()": "Foo", "Foo<T>": "Foo", "@decorator": "decorator", "module:Name": "Name",
		"a b": "", "x-y": "", "": "", "1abc": "", "*embed.Config": "Config",
	} {
		if got := spanSymbol(in); got != want {
			t.Errorf("spanSymbol(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSelfURLPath(t *testing.T) {
	for _, tt := range []struct {
		dest, want string
		ok         bool
	}{
		{"https://github.com/acme/site/blob/main/docs/a.md#x", "docs/a.md", true},
		{"https://github.com/Acme/Site/tree/master/cmd/tool", "cmd/tool", true},
		{"https://raw.githubusercontent.com/acme/site/main/install.sh", "install.sh", true},
		{"https://github.com/acme/site/edit/main/README.md", "README.md", true},
		{"https://github.com/acme/site/blob/v1.2.0/README.md", "", false},
		{"https://github.com/acme/site/blob/0123456789abcdef0123456789abcdef01234567/README.md", "", false},
		{"https://github.com/other/site/blob/main/README.md", "", false},
		{"https://github.com/acme/site/issues/1", "", false},
		{"https://github.com/acme/site/blob/main/../../x", "", false},
	} {
		got, ok := selfURLPath("acme/site", tt.dest)
		if got != tt.want || ok != tt.ok {
			t.Errorf("selfURLPath(%q) = %q, %v; want %q, %v", tt.dest, got, ok, tt.want, tt.ok)
		}
	}
}

func FuzzSelfURLPath(f *testing.F) {
	f.Add("https://github.com/acme/site/blob/main/docs/a.md")
	f.Add("https://raw.githubusercontent.com/acme/site/main/x")
	f.Add("new Foo<T>()")
	f.Fuzz(func(t *testing.T, s string) {
		if p, ok := selfURLPath("acme/site", s); ok && (p == "" || strings.HasPrefix(p, "..") || strings.HasPrefix(p, "/")) {
			t.Errorf("selfURLPath(%q) = %q", s, p)
		}
		if sym := spanSymbol(s); strings.ContainsAny(sym, " .#:()<>") {
			t.Errorf("spanSymbol(%q) = %q", s, sym)
		}
	})
}
