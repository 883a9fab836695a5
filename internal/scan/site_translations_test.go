package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestTranslationFallback: a translated tree (guide-ja beside guide, and
// ja inside handbook) links the pages it has not translated as the source
// language's: those links are checked there, an anchor against the source
// page, and one note per tree says so. A link missing from both trees, an
// anchor the source page lacks, and the same links from a directory whose
// name carries no language tag (guide-old) or whose pages mirror too few
// of the source's (guide-fr) stay broken.
func TestTranslationFallback(t *testing.T) {
	links := "# Start\n\n[intro](intro.md) [setup](setup.md#install) [gone](gone.md) [bad anchor](setup.md#nowhere)\n"
	files := map[string]string{
		"docs/guide/start.md": "# Start\n",
		"docs/guide/intro.md": "# Intro\n",
		"docs/guide/setup.md": "# Setup\n\n## Install\n",
		"docs/guide/more.md":  "# More\n",
		// translated: two of its three pages are the guide's
		"docs/guide-ja/start.md":    links,
		"docs/guide-ja/more.md":     "# More\n",
		"docs/guide-ja/extra-ja.md": "# Extra\n",
		// a copy with no language tag
		"docs/guide-old/start.md": links,
		"docs/guide-old/more.md":  "# More\n",
		// a tag, but one page of four mirrored
		"docs/guide-fr/start.md": links,
		"docs/guide-fr/a.md":     "# A\n",
		"docs/guide-fr/b.md":     "# B\n",
		"docs/guide-fr/c.md":     "# C\n",
		// the language-directory form
		"handbook/start.md":       "# Start\n",
		"handbook/intro.md":       "# Intro\n",
		"handbook/setup.md":       "# Setup\n\n## Install\n",
		"handbook/zh-CN/start.md": links,
		"handbook/zh-CN/intro.md": "# Intro\n",
		// "ts" is Tsonga, and TypeScript: alone, a variant, not a translation
		"examples/app/start.md":    "# Start\n",
		"examples/app/intro.md":    "# Intro\n",
		"examples/app-ts/start.md": "# Start\n\n[intro](intro.md)\n",
		"examples/app-ts/intro.md": "# Intro\n\n[start](start.md) [setup](setup.md)\n",
		"examples/app/setup.md":    "# Setup\n",
		// beside another translation, "cs" is Czech
		"manual/start.md":     "# Start\n",
		"manual/setup.md":     "# Setup\n",
		"manual/more.md":      "# More\n",
		"manual/cs/start.md":  "# Start\n\n[setup](setup.md)\n",
		"manual/cs/more.md":   "# More\n",
		"manual/cs/setup2.md": "# Setup\n",
		"manual/de/start.md":  "# Start\n\n[setup](setup.md)\n",
		"manual/de/setup.md":  "# Setup\n",
	}
	root := t.TempDir()
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))

	broken := brokenFrom(ix, "")
	want := []string{
		"docs/guide-fr/start.md -> docs/guide-fr/gone.md",
		"docs/guide-fr/start.md -> docs/guide-fr/intro.md",
		"docs/guide-fr/start.md -> docs/guide-fr/setup.md",
		"docs/guide-ja/start.md -> docs/guide-ja/gone.md",
		"docs/guide-old/start.md -> docs/guide-old/gone.md",
		"docs/guide-old/start.md -> docs/guide-old/intro.md",
		"docs/guide-old/start.md -> docs/guide-old/setup.md",
		"examples/app-ts/intro.md -> examples/app-ts/setup.md",
		"handbook/zh-CN/start.md -> handbook/zh-CN/gone.md",
	}
	if !slices.Equal(broken, want) {
		t.Errorf("broken links\n%q\nwant\n%q", broken, want)
	}
	ix.relation(t, "links-to", "document:docs/guide-ja/start.md", "document:docs/guide/intro.md")
	ix.relation(t, "links-to", "document:handbook/zh-CN/start.md", "document:handbook/setup.md")
	anchors := brokenAnchors(ix)
	for _, a := range []string{"docs/guide-ja/start.md -> docs/guide/setup.md#nowhere", "handbook/zh-CN/start.md -> handbook/setup.md#nowhere"} {
		if !slices.Contains(anchors, a) {
			t.Errorf("broken anchors %q, want %s", anchors, a)
		}
	}
	if slices.Contains(anchors, "docs/guide-ja/start.md -> docs/guide/setup.md#install") {
		t.Errorf("broken anchors %q: #install is the source page's", anchors)
	}
	ix.wantCoverage(t, "docs/guide-ja", "docs/guide-ja/ translates docs/guide/", 0)
	ix.wantCoverage(t, "handbook/zh-CN", "handbook/zh-CN/ translates handbook/", 0)
	if c := ix.coverage("docs/guide-fr", "translates"); len(c) > 0 {
		t.Errorf("guide-fr mirrors one page of four, yet %+v", c)
	}
}

func TestTranslatedFrom(t *testing.T) {
	for dir, want := range map[string]string{
		"docs/guide-ja":     "docs/guide",
		"docs/guide-pt-BR":  "docs/guide",
		"docs/guide_zh_CN":  "docs/guide",
		"internals-sr-Latn": "internals",
		"docs/ja":           "docs",
		"zh-cn":             ".",
		"docs/guide-old":    "",
		"docs/guide-api":    "", // ISO 639-3 has "api"; only two-letter codes count
		"docs/v2":           "",
		"docs/guide-":       "",
		"docs/-ja":          "",
	} {
		got, ok := translatedFrom(dir)
		if got != want || ok != (want != "") {
			t.Errorf("translatedFrom(%q) = %q, %v; want %q", dir, got, ok, want)
		}
	}
}
