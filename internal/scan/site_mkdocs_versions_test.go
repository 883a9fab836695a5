package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestMkDocsVersionedLinks: on a site mike publishes in versions (the
// plugin in either YAML form, or extra.version.provider), a root-absolute
// link that starts with a version is the page after it; one to a page
// that does not exist is still broken, and without mike the version is a
// directory like any other.
func TestMkDocsVersionedLinks(t *testing.T) {
	links := "# Users\n\nSee the [development version](/dev/community/users/), [v2](/2.1/community/users/) and [gone](/dev/community/gone/).\n"
	for _, tt := range []struct {
		name, config string
		want         []string
	}{
		{"plugin mapping", "site_name: x\nplugins:\n  mike:\n    alias_type: copy\n", []string{"link:community/gone"}},
		{"plugin list", "site_name: x\nplugins:\n  - search\n  - mike\n", []string{"link:community/gone"}},
		{"provider", "site_name: x\nextra:\n  version:\n    provider: mike\n", []string{"link:community/gone"}},
		{"no mike", "site_name: x\n", []string{"link:2.1/community/users", "link:dev/community/gone", "link:dev/community/users"}},
	} {
		root := t.TempDir()
		testtree.Write(t, root, map[string]string{"mkdocs.yml": tt.config, "docs/community/users.md": links, "docs/index.md": "# Home\n"})
		ix := newIndex(scanDir(t, root, nil, Options{}))
		got := brokenIn(ix, "docs/community/users.md")
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: broken %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestVersionLabel(t *testing.T) {
	for seg, want := range map[string]bool{
		"latest": true, "dev": true, "stable": true, "2": true, "2.1": true, "v2.1.0": true, "1.x": true,
		"docs": false, "v": false, "2.": false, "api": false, "v2a": false, "": false,
	} {
		if got := versionLabel(seg); got != want {
			t.Errorf("versionLabel(%q) = %v, want %v", seg, got, want)
		}
	}
}

// TestMkDocsMacrosPluginMapping: the macros plugin written as a mapping
// rewrites pages as the list form does.
func TestMkDocsMacrosPluginMapping(t *testing.T) {
	page := "# Blog\n\n#### <!-- md:setting config.blog_dir -->\n"
	links := "# Index\n\n[a](blog.md#config.blog_dir) [b](blog.md#renamed-heading)\n"
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{"mkdocs.yml": "site_name: x\nplugins:\n  macros:\n    module_name: main\n", "docs/blog.md": page, "docs/index.md": links})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := brokenIn(ix, "docs/index.md"), []string{"anchor:docs/blog.md#renamed-heading"}; !slices.Equal(got, want) {
		t.Errorf("broken %q, want %q", got, want)
	}
}
