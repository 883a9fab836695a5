package knowledgedocs

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

var required = []string{"Area", "Keywords", "Summary"}

func TestRender(t *testing.T) {
	got, title, err := Render(Draft{
		Metadata: map[string]any{
			"summary":  "Cache entries are keyed by the content hash: a: colon is quoted",
			"Keywords": []any{"cache", "hash"},
			"Area":     "internal/cache",
			"Status":   "accepted",
		},
		Body: "\n# Snapshot cache keyed by *content* hash\n\n## Facts\n\nIt is.\n\n",
	}, required)
	if err != nil {
		t.Fatal(err)
	}
	want := "---\nArea: internal/cache\nKeywords: [cache, hash]\nsummary: 'Cache entries are keyed by the content hash: a: colon is quoted'\nStatus: accepted\n---\n\n" +
		"# Snapshot cache keyed by *content* hash\n\n## Facts\n\nIt is.\n"
	if string(got) != want {
		t.Errorf("rendered\n%s\nwant\n%s", got, want)
	}
	if title != "Snapshot cache keyed by content hash" {
		t.Errorf("title %q", title)
	}
	// The front matter reads back as the fields given.
	fm := strings.TrimPrefix(strings.SplitN(string(got), "\n---\n", 2)[0], "---\n")
	var back map[string]any
	if err := yaml.Unmarshal([]byte(fm), &back); err != nil || back["summary"] != "Cache entries are keyed by the content hash: a: colon is quoted" {
		t.Errorf("front matter does not read back: %v %v", back, err)
	}
}

func TestRenderRefuses(t *testing.T) {
	ok := func() map[string]any {
		return map[string]any{"Area": "a", "Keywords": []any{"k"}, "Summary": "s"}
	}
	with := func(k string, v any) map[string]any {
		m := ok()
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	for _, tc := range []struct {
		name  string
		d     Draft
		field string
	}{
		{"missing required", Draft{with("Summary", nil), "# T\n"}, "metadata.Summary"},
		{"blank required", Draft{with("Summary", "  "), "# T\n"}, "metadata.Summary"},
		{"empty list", Draft{with("Keywords", []any{}), "# T\n"}, "metadata.Keywords"},
		{"blank list item", Draft{with("Keywords", []any{"a", " "}), "# T\n"}, "metadata.Keywords"},
		{"number", Draft{with("Area", 3.0), "# T\n"}, "metadata.Area"},
		{"multi-line value", Draft{with("Area", "a\nb"), "# T\n"}, "metadata.Area"},
		{"same field twice", Draft{with("area", "b"), "# T\n"}, "metadata"},
		{"blank name", Draft{with("", "b"), "# T\n"}, "metadata"},
		{"no H1", Draft{ok(), "Some text.\n\n# Late title\n"}, "body"},
		{"H2 first", Draft{ok(), "## Title\n"}, "body"},
		{"empty H1", Draft{ok(), "#\n\ntext\n"}, "body"},
		{"blank body", Draft{ok(), "  \n"}, "body"},
		{"huge body", Draft{ok(), "# T\n\n" + strings.Repeat("x", MaxBodyBytes)}, "body"},
	} {
		_, _, err := Render(tc.d, required)
		var e *Error
		if !errors.As(err, &e) || e.Field != tc.field {
			t.Errorf("%s: %v, want a refusal of %s", tc.name, err, tc.field)
		}
	}
	if _, title, err := Render(Draft{ok(), "Setext title\n===\n\ntext\n"}, required); err != nil || title != "Setext title" {
		t.Errorf("a setext H1 counts: %q %v", title, err)
	}
	if _, _, err := Render(Draft{nil, "# T\n"}, nil); err != nil {
		t.Errorf("no required fields, no metadata: %v", err)
	}
}

func TestTargetAndDefaultPath(t *testing.T) {
	for _, tc := range []struct {
		p, root string
		ok      bool
	}{
		{"docs/decisions/cache.md", "docs", true},
		{"docs/decisions/cache.md", "docs/decisions", true},
		{"docs/cache.md", "docs/decisions", false},
		{"docs/cache.md", ".", true},
		{"docs/cache.txt", "docs", false},
		{"docs/cache.markdown", "docs", false},
		{"README.md", ".", false},
		{"docsx/cache.md", ".", false},
	} {
		if err := Target(tc.p, tc.root); (err == nil) != tc.ok {
			t.Errorf("Target(%q, %q) = %v, want ok %v", tc.p, tc.root, err, tc.ok)
		}
	}
	for _, tc := range []struct{ title, root, want string }{
		{"Snapshot cache: keyed by hash!", "docs", "docs/snapshot-cache-keyed-by-hash.md"},
		{"Ünïcode Title 2", "docs/decisions", "docs/decisions/ünïcode-title-2.md"},
		{"Anything", ".", "docs/anything.md"},
		{"Anything", "adr", "docs/anything.md"},
	} {
		if got, err := DefaultPath(tc.title, tc.root); err != nil || got != tc.want {
			t.Errorf("DefaultPath(%q, %q) = %q, %v; want %q", tc.title, tc.root, got, err, tc.want)
		}
	}
	if _, err := DefaultPath("!!!", "docs"); err == nil {
		t.Error("a title without letters names no file")
	}
	if s := slug(strings.Repeat("word ", 40)); len([]rune(s)) > maxSlugRunes || strings.HasSuffix(s, "-") {
		t.Errorf("slug %q", s)
	}
}

// A field's name reads back as that name, whatever YAML would take the
// bare word for: "~" was written plain and read back as null (FuzzRender
// seed ad03d3cf1a82e996), and "<<" as a merge.
func TestRenderedFieldNamesReadBack(t *testing.T) {
	for _, k := range []string{"~", "null", "True", "yes", "1", "0x1", "1.5", ".inf", "2001-12-14", "<<", "*a", "&a", "!x", "'", "[a]", "a: b", "#c", "---"} {
		out, _, err := Render(Draft{Metadata: map[string]any{k: "v", "Keywords": []string{k}}, Body: "# T"}, []string{"Keywords"})
		if err != nil {
			t.Errorf("%q: %v", k, err)
			continue
		}
		fm, _, _ := strings.Cut(strings.TrimPrefix(string(out), "---\n"), "\n---\n\n")
		var back map[string]any
		if err := yaml.Unmarshal([]byte(fm), &back); err != nil || len(back) != 2 || back[k] != "v" || !reflect.DeepEqual(back["Keywords"], []any{k}) {
			t.Errorf("%q reads back as %v (%v):\n%s", k, back, err, fm)
		}
	}
	out, _, err := Render(Draft{Metadata: map[string]any{"title": "T", "Keywords": []string{"a"}}, Body: "# T"}, []string{"Keywords"})
	if want := "---\nKeywords: [a]\ntitle: T\n---\n\n# T\n"; err != nil || string(out) != want {
		t.Errorf("a plain name is written plain: %q, %v", out, err)
	}
}

// FuzzRender: any draft is rendered or refused with a field named, never
// a panic; a rendered one starts with its front matter, which reads back
// as a mapping, and its body with an H1.
func FuzzRender(f *testing.F) {
	f.Add("Area", "internal/cache", "k1, k2", "# Title\n\nBody.\n")
	f.Add("area", "", "", "Title\n===\n")
	f.Add("Summary", "a: b", "- x", "#  \n")
	f.Add("x\ny", "'quote\"", "[", "<!-- c -->\n# T")
	f.Fuzz(func(t *testing.T, key, value, list, body string) {
		meta := map[string]any{key: value, "Keywords": strings.Split(list, ",")}
		out, _, err := Render(Draft{Metadata: meta, Body: body}, []string{"Keywords"})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Field == "" {
				t.Fatalf("refusal without a field: %v", err)
			}
			return
		}
		s := string(out)
		if !strings.HasPrefix(s, "---\n") {
			t.Fatalf("no front matter:\n%s", s)
		}
		fm, rest, ok := strings.Cut(strings.TrimPrefix(s, "---\n"), "\n---\n\n")
		if !ok {
			t.Fatalf("front matter not closed:\n%s", s)
		}
		var back map[string]any
		if err := yaml.Unmarshal([]byte(fm), &back); err != nil || len(back) != len(meta) {
			t.Fatalf("front matter does not read back (%v): %v\n%s", err, back, fm)
		}
		if _, ok := leadingH1(rest); !ok {
			t.Fatalf("body does not start with an H1:\n%s", rest)
		}
	})
}
