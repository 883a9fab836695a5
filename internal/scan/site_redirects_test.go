package scan

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

func TestRedirectLine(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string // nil: the line is no rule that counts
	}{
		{"/faq  /docs/what-is-grpc/faq", []string{"faq"}},
		{"/grpc/*  https://grpc.github.io/grpc/:splat", []string{"grpc", "*"}},
		{"/grpc-*  https://grpc.github.io/grpc-:splat 301!", []string{"grpc-*"}},
		{"/docs/languages/:lang/api  https://example.org/:lang 302", []string{"docs", "languages", ":lang", "api"}},
		{"/docs/guides/auth/ALTS  /docs/guides/auth # https://github.com/grpc/grpc.io/issues/574", []string{"docs", "guides", "auth", "ALTS"}},
		{"/api/*  https://api.example.org/:splat  200", []string{"api", "*"}},
		{"# /commented /out", nil},
		{"", nil},
		{"/only-from", nil},
		{"/store id=:id  /blog/:id  301", nil},        // query parameters: conditional
		{"/  /fr  302  Language=fr", nil},             // conditions
		{"/members/*  /login  401!  Role=admin", nil}, // conditions and a 4xx
		{"/old/*  /404.html  404", nil},               // a not-found page answers
		{"/*  /index.html  200", nil},                 // catch-all
		{"/:page  /x", nil},                           // catch-all by placeholder
		{"https://www.example.org/*  https://example.org/:splat  301!", nil},
		{"/a/*/b  /c", nil}, // a splat inside the path
		{"/a  /b  moved", nil},
	} {
		got, ok := redirectLine(c.line)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) {
			t.Errorf("redirectLine(%q) = %q, %v; want %q", c.line, got, ok, c.want)
		}
	}
}

func TestHostRuleMatches(t *testing.T) {
	rule := func(from string) hostRule {
		segs, ok := rulePattern(from, 301)
		if !ok {
			t.Fatalf("rulePattern(%q) refused", from)
		}
		return hostRule{from: segs}
	}
	for _, c := range []struct {
		from, path string
		want       bool
	}{
		{"/grpc/*", "/grpc/python/grpc.html", true},
		{"/grpc/*", "/grpc", false}, // the splat's directory itself is another path
		{"/grpc/*", "/grpc-go/x", false},
		{"/grpc-*", "/grpc-java/javadoc/index.html", true},
		{"/grpc-*", "/grpc/x", false},
		{"/docs/guides/concepts*", "/docs/guides/concepts.html", true},
		{"/faq", "/faq", true},
		{"/faq", "/faq/", true}, // trailing slash does not matter
		{"/faq/", "/faq", true},
		{"/faq", "/faq/more", false},
		{"/faq", "/FAQ", false},
		{"/docs/:lang/api", "/docs/go/api", true},
		{"/docs/:lang/api", "/docs/go/api/x", false},
		{"/docs/:lang/api", "/docs//api", false},
	} {
		r := rule(c.from)
		if got := r.matches(c.path); got != c.want {
			t.Errorf("%s matches %s = %v, want %v", c.from, c.path, got, c.want)
		}
	}
}

func TestParseNetlifyTOML(t *testing.T) {
	data := []byte(`[build]
publish = "public"

[[redirects]]
from = "https://www.example.org/*"
to = "https://example.org/:splat"
force = true

[[redirects]]
from = "/old/page"
to = "/docs/a"

[[redirects]]
from = "/moved/*"
to = "/docs/:splat"
status = 302

[[redirects]]
from = "/gone"
to = "/404.html"
status = 404

[[redirects]]
from = "/es/*"
to = "/docs/es/:splat"
conditions = {Language = ["es"]}

[[redirects]]
from = "/search"
to = "/find"
query = {q = ":q"}
`)
	rules, err := parseRedirects("site/netlify.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rules {
		if r.scope != "site" || r.file != "site/netlify.toml" {
			t.Errorf("rule %q: scope %q, file %q", r.from, r.scope, r.file)
		}
		got = append(got, strings.Join(r.from, "/"))
	}
	if want := []string{"old/page", "moved/*"}; !slices.Equal(got, want) {
		t.Errorf("netlify.toml rules = %q, want %q", got, want)
	}
	if _, err := parseRedirects("netlify.toml", []byte("[[redirects]\nfrom = ")); err == nil || !strings.Contains(err.Error(), "netlify.toml") {
		t.Errorf("a broken netlify.toml: error %v, want one naming the file", err)
	}
}

// TestHostRedirectsServeLinks scans a Hugo site published by a host with
// redirect rules in all three places (static/_redirects, netlify.toml and
// the layout template that writes _redirects): a root-absolute link a rule
// serves is no broken link, and a note says why it was not followed; every
// link no rule serves for every visitor is still reported, and a page
// outside the site reads links GitHub's way.
func TestHostRedirectsServeLinks(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"site/hugo.toml":              "title = \"Example\"\n",
		"site/content/docs/_index.md": "# Docs\n",
		"site/content/docs/a.md": "# A\n\n" +
			"[API](/grpc/python/grpc.html)\n" + // static/_redirects, a splat to another site
			"[Old](/old/page/)\n" + // netlify.toml, at the repository root
			"[FAQ](/faq)\n" + // a literal line of the template
			"[Generated](/templated/go)\n" + // only a template action writes it
			"[Nowhere](/nowhere/x)\n" + // no rule: broken
			"[Spanish](/es/guide)\n" + // a rule for some visitors only
			"[Gone](/gone)\n" + // a rule that answers 404
			"[Docs](/docs/)\n", // a page of the site
		"site/static/_redirects":       "# API reference\n/grpc/*  https://example.github.io/grpc/:splat\n/gone  /404.html  404\n/es/*  /docs/es/:splat  302  Language=es\n/*  /index.html  200\n",
		"netlify.toml":                 "[build]\nbase = \"site\"\n\n[[redirects]]\nfrom = \"/old/page\"\nto = \"/docs/a\"\n",
		"site/layouts/index.redirects": "{{ range .Site.Params.langs -}}\n/templated/{{ . }}  /docs/{{ . }}\n{{ end -}}\n/faq  /docs/a\n",
		"README.md":                    "# Example\n\n[API](/grpc/python/grpc.html)\n",
		"other/_redirects":             "/nowhere/*  https://example.org/:splat\n", // another site's rules
	})
	s := scanDir(t, root, nil, Options{})
	ix := newIndex(s)
	want := []string{"site/content/es/guide", "site/content/gone", "site/content/nowhere/x", "site/content/templated/go"}
	if got := ix.unresolved("document:site/content/docs/a.md"); !slices.Equal(got, want) {
		t.Errorf("broken links of the page = %q, want %q", got, want)
	}
	if got := ix.unresolved("document:README.md"); !slices.Equal(got, []string{"grpc/python/grpc.html"}) {
		t.Errorf("broken links of the README = %q, want its link read GitHub's way", got)
	}
	var notes []string
	for _, c := range s.Coverage {
		if c.Scope == "site/content/docs/a.md" && strings.Contains(c.Reason, "redirect rule") {
			notes = append(notes, c.Reason)
		}
	}
	wantNotes := []string{
		"1 link served by a redirect rule of the host (netlify.toml), which the scan does not follow, not checked",
		"1 link served by a redirect rule of the host (site/layouts/index.redirects), which the scan does not follow, not checked",
		"1 link served by a redirect rule of the host (site/static/_redirects), which the scan does not follow, not checked",
	}
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("notes = %q, want %q", notes, wantNotes)
	}
}

// FuzzRedirects feeds arbitrary bytes to the redirect rule readers
// (_redirects, a layout template, netlify.toml, JSON rules) and matches paths made of
// the same bytes: no panic, and every rule that counts has a pattern.
func FuzzRedirects(f *testing.F) {
	f.Add([]byte("/grpc/*  https://example.github.io/grpc/:splat\n/faq /docs/faq 301!\n/a id=:id /b\n"), "/grpc/x/y")
	f.Add([]byte("{{ range . }}\n/x/{{ . }} /y\n{{ end }}\n/docs/:lang/api  https://e.org/:lang 302 # c\n"), "/docs/go/api/")
	f.Add([]byte("[[redirects]]\nfrom = \"/old/*\"\nto = \"/new/:splat\"\nstatus = 302\n"), "/old/")
	f.Add([]byte(`{"redirects": [{"source": "/blog/:path*", "destination": "/b/:path*"}], "rewrites": [{"source": "/x/(.*)", "destination": "/y"}]}`), "/blog/a/b")
	f.Add([]byte(`[{"source": "/a/:id", "destination": "/b"}]`), "/a/1")
	f.Fuzz(func(t *testing.T, data []byte, u string) {
		for _, p := range []string{"static/_redirects", "layouts/index.redirects", "netlify.toml", "vercel.json", "redirects.json"} {
			rules, err := parseRedirects(p, data)
			if err != nil && p != "netlify.toml" && path.Ext(p) != ".json" {
				t.Fatalf("%s: %v", p, err)
			}
			for _, r := range rules {
				if len(r.from) == 0 || r.file != p {
					t.Fatalf("%s: rule %+v without a pattern or its file", p, r)
				}
				r.matches(u)
			}
			hostRedirect(rules, ".", u)
		}
	})
}

// TestHostRedirectsOfAStarlightSite: the host publishes an Astro project's
// public/ directory, a sibling of the docs collection the site's pages are
// in: its _redirects apply to them, and not to a page outside the project.
func TestHostRedirectsOfAStarlightSite(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/astro.config.mjs":          "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\nexport default defineConfig({ integrations: [starlight({ title: 'Docs' })] });\n",
		"docs/public/_redirects":         "/old/*  /guides/:splat  301\n",
		"docs/src/content/docs/index.md": "# Home\n\n[Moved](/old/setup/) [Gone](/nowhere/)\n",
		"README.md":                      "# Project\n\n[Moved](/old/setup/)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := ix.unresolved("document:docs/src/content/docs/index.md"), []string{"docs/src/content/docs/nowhere"}; !slices.Equal(got, want) {
		t.Errorf("broken links of the page = %q, want %q", got, want)
	}
	if got, want := ix.unresolved("document:README.md"), []string{"old/setup"}; !slices.Equal(got, want) {
		t.Errorf("broken links of the README = %q, want %q", got, want)
	}
}

// TestParseJSONRedirects reads Vercel's and Mintlify's rules: redirects and
// rewrites with path-to-regexp sources, a bare list (redirects.json), and
// leaves out conditional rules, catch-alls, 4xx answers, a $ref (its file
// is read on its own) and a docs.json of another shape.
func TestParseJSONRedirects(t *testing.T) {
	vercel := []byte(`{
  "redirects": [
    {"source": "/old/page", "destination": "/docs/a"},
    {"source": "/blog/:slug", "destination": "/posts/:slug", "permanent": true},
    {"source": "/guides/:path*", "destination": "/docs/guides/:path*"},
    {"source": "/legacy/(.*)", "destination": "/docs/$1"},
    {"source": "/mobile", "destination": "/m", "has": [{"type": "header", "key": "x-mobile"}]},
    {"source": "/gone", "destination": "/404", "statusCode": 404},
    {"source": "/:path*", "destination": "https://example.org/:path*"},
    {"source": "/a/:x*/b", "destination": "/c"}
  ],
  "rewrites": [{"source": "/api/:fn", "destination": "/api/handler"}]
}`)
	for _, c := range []struct {
		file string
		data []byte
		want []string
	}{
		{"site/vercel.json", vercel, []string{"old/page", "blog/:slug", "guides/*", "legacy/*", "api/:fn"}},
		{"docs.json", []byte(`{"name": "d", "redirects": {"$ref": "./redirects.json"}}`), nil},
		{"redirects.json", []byte(`[{"source": "/editor/drafts", "destination": "/editor/branching"}]`), []string{"editor/drafts"}},
		{"mint.json", []byte(`{"redirects": [{"source": "/x", "destination": "/y"}]}`), []string{"x"}},
		{"docs.json", []byte(`{"pages": ["a", "b"]}`), nil},
		{"docs.json", []byte(`["a", "b"]`), nil},
	} {
		rules, err := parseRedirects(c.file, c.data)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		var got []string
		for _, r := range rules {
			got = append(got, strings.Join(r.from, "/"))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: rules = %q, want %q", c.file, got, c.want)
		}
	}
	if _, err := parseRedirects("vercel.json", []byte(`{"redirects": [`)); err == nil || !strings.Contains(err.Error(), "vercel.json") {
		t.Errorf("a broken vercel.json: error %v, want one naming the file", err)
	}
}
