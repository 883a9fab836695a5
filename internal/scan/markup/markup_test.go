package markup

import (
	"reflect"
	"slices"
	"testing"
)

func TestExtract(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      File
	}{
		{"a Nunjucks layout's literal ids", "<main>{{ content | safe }}</main>\n<aside id=\"further-reading\">{% for x in y %}<p id='p'>{{x}}</p>{% endfor %}</aside>\n<div id=\"{{ slug }}\"></div>",
			File{IDs: []string{"further-reading", "p"}, Headings: true}},
		{"no headings: a plain Astro component", "---\nconst { v } = Astro.props;\n---\n<span class=\"since\">Added in v{v}</span>\n<slot />\n",
			File{}},
		{"a heading element", "<section id=\"top\"><h2>Title</h2></section>", File{IDs: []string{"top"}, Headings: true}},
		{"another component", "<div><Card title=\"x\" /></div>", File{Headings: true}},
		{"a JSX expression id", "<a id={anchor}>x</a>", File{Headings: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Extract([]byte(tc.src)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Extract = %+v, want %+v", got, tc.want)
			}
		})
	}
	if got := Extract(make([]byte, maxFileBytes+1)); !got.Headings || !got.Oversized {
		t.Errorf("an oversized file = %+v, want Headings and Oversized", got)
	}
}

func TestIsTemplate(t *testing.T) {
	for p, want := range map[string]bool{
		"src/components/Since.astro": true, "src/App.vue": true, "site/_includes/layout.njk": true,
		"site/_layouts/default.html": true, "layouts/partials/toc.html": true, "public/index.html": false,
		"docs/page.md": false, "site/page.njk": false,
	} {
		if got := IsTemplate(p); got != want {
			t.Errorf("IsTemplate(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestLayoutScope(t *testing.T) {
	for p, want := range map[string]string{
		"site/_includes/base.njk": "site", "src/layouts/Doc.astro": "src", "_layouts/default.html": ".",
		"a/theme/layouts/x.html": "a", "src/components/X.astro": "",
	} {
		if got, _ := LayoutScope(p); got != want {
			t.Errorf("LayoutScope(%q) = %q, want %q", p, got, want)
		}
	}
}

// FuzzExtract checks Extract's invariants on arbitrary input: ids sorted,
// unique, non-empty and bounded, the same result twice.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{"", "<h1 id=a>", "<div id=\"{{x}}\"><Foo/></div>", "<a id='b' id='c'", "<!-- <h2> -->", "<script>var s = '<h2 id=x>'</script>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got := Extract(data)
		if len(got.IDs) > maxIDs || !slices.IsSorted(got.IDs) || slices.Contains(got.IDs, "") || len(slices.Compact(slices.Clone(got.IDs))) != len(got.IDs) {
			t.Fatalf("bad ids %q", got.IDs)
		}
		if again := Extract(data); !reflect.DeepEqual(got, again) {
			t.Fatalf("two extractions differ: %+v %+v", got, again)
		}
	})
}
