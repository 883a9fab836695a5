package repopath

import (
	"slices"
	"testing"
)

func TestNew(t *testing.T) {
	for in, want := range map[string]string{
		"": "", ".": "", "/": "", "./": "", "site": "site", "./site/": "site", `docs\site`: "docs/site",
		"a//b/./c/": "a/b/c", "../x": "x", "a/../..": "",
	} {
		if got := New(in).String(); got != want {
			t.Errorf("New(%q) = %q, want %q", in, got, want)
		}
	}
	if !New("./").IsRoot() || New("site").IsRoot() || !(Dir{}).IsRoot() {
		t.Error("IsRoot")
	}
}

func TestToRepoAndBack(t *testing.T) {
	root, site := Dir{}, New("site")
	for _, c := range []struct {
		d         Dir
		scan, rep string
	}{
		{root, "docs/a.md", "docs/a.md"},
		{site, "docs/a.md", "site/docs/a.md"},
		{New("web/site"), "a.md", "web/site/a.md"},
	} {
		if got := c.d.ToRepo(c.scan); got != c.rep {
			t.Errorf("%q.ToRepo(%q) = %q, want %q", c.d, c.scan, got, c.rep)
		}
		if got, ok := c.d.FromRepo(c.rep); !ok || got != c.scan {
			t.Errorf("%q.FromRepo(%q) = %q, %v; want %q", c.d, c.rep, got, ok, c.scan)
		}
	}
	if got := site.ToRepo(""); got != "" {
		t.Errorf("a repository-wide finding got the path %q", got)
	}
	for _, p := range []string{"docs/a.md", "site", "site/", "sitemap/a.md", "siteX/a.md", ""} {
		if got, ok := site.FromRepo(p); ok {
			t.Errorf("site.FromRepo(%q) = %q: outside the directory, want false", p, got)
		}
	}
}

func TestFromRepoAll(t *testing.T) {
	got := New("site").FromRepoAll([]string{"README.md", "docs/rank.md", "site/docs/guide.md", "site/index.md"})
	if !slices.Equal(got, []string{"docs/guide.md", "index.md"}) {
		t.Fatalf("got %q", got)
	}
	if got := New("site").FromRepoAll([]string{"README.md"}); got == nil || len(got) != 0 {
		t.Fatalf("a list with nothing inside is empty, not nil: %#v", got)
	}
	if New("site").FromRepoAll(nil) != nil {
		t.Fatal("no list stays no list")
	}
	if got := (Dir{}).FromRepoAll([]string{"a.md"}); !slices.Equal(got, []string{"a.md"}) {
		t.Fatalf("root: %q", got)
	}
}
