package reconcile

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestGeneratedSiteAssets: a root-absolute link of a web project's page to
// a file its build makes is no broken link when the project shows it makes
// it — a Next.js route (a handler, a catch-all, a metadata file), an
// ignored file in public/, a package named for it — each counted in the
// document's coverage note; the same links without that evidence, or from
// outside the project, stay broken.
func TestGeneratedSiteAssets(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		".gitignore":                                 "apps/web/public/feed.xml\n",
		"apps/web/next.config.mjs":                   "export default {};\n",
		"apps/web/app/llms.txt/route.ts":             "export function GET() {}\n",
		"apps/web/app/(docs)/raw/[...slug]/route.ts": "export function GET() {}\n",
		"apps/web/app/sitemap.ts":                    "export default function sitemap() { return []; }\n",
		"apps/web/app/_lib/llms-small.txt/route.ts":  "export function GET() {}\n",
		"apps/web/content/index.md":                  "# Web\n\n[llms](/llms.txt) [raw](/raw/guide/setup.md) [map](/sitemap.xml) [feed](/feed.xml)\n\n[full](/llms-full.txt) [raw root](/raw) [small](/llms-small.txt)\n",
		"README.md":                                  "# Repo\n\n[llms](/llms.txt) [map](/sitemap.xml)\n",
		"site/package.json":                          `{"name": "site", "devDependencies": {"@rspress/plugin-llms": "1.0.0"}}` + "\n",
		"mk/mkdocs.yml":                              "site_name: mk\n",
		"mk/docs/index.md":                           "# Mk\n\n[map](/sitemap.xml) [gone](/gone.xml)\n",
		"site/docs/index.md":                         "# Site\n\n[full](/llms-full.txt) [rss](/rss.xml)\n",
	})
	s, got := brokenLinkMessages(t, root)
	want := []string{
		"README.md link to llms.txt: no such file",
		"README.md link to sitemap.xml: no such file",
		"apps/web/content/index.md link to llms-full.txt: no such file",
		"apps/web/content/index.md link to llms-small.txt: no such file",
		"apps/web/content/index.md link to raw: no such file",
		"mk/docs/index.md link to gone.xml: no such file",
		"site/docs/index.md link to rss.xml: no such file",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	var notes []string
	for _, c := range s.Coverage {
		if strings.Contains(c.Reason, "not checked") && c.Scope != "README.md" {
			notes = append(notes, c.Scope+": "+c.Reason)
		}
	}
	slices.Sort(notes)
	wantNotes := []string{
		"apps/web/content/index.md: 1 link to a route the Next.js app serves from code (apps/web/app/(docs)/raw/[...slug]/route.ts), not checked",
		"apps/web/content/index.md: 1 link to a route the Next.js app serves from code (apps/web/app/llms.txt/route.ts), not checked",
		"apps/web/content/index.md: 1 link to a route the Next.js app serves from code (apps/web/app/sitemap.ts), not checked",
		"apps/web/content/index.md: 1 link to files git ignores in the project's public/ directory (build output), not checked",
		"mk/docs/index.md: 1 link to sitemap.xml, a file site builds generate by convention (unverified), not checked",
		"site/docs/index.md: 1 link to llms-full.txt, which the dependency @rspress/plugin-llms generates, not checked",
	}
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("notes %q\nwant %q", notes, wantNotes)
	}
}

// TestPlusRouteLinks: an app that routes by "+" files (SvelteKit's
// +page.svelte, @marko/run's +page.marko and flat +handler.ts, with route
// groups and $param segments) serves the URLs its route files name, so a
// page of the project linking one is no broken link; a URL no route file
// serves, a layout's directory, and the same link from outside the project
// stay broken.
func TestPlusRouteLinks(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"web/src/routes/playground/+page.marko":                "<h1>Play</h1>\n",
		"web/src/routes/docs/newsletter/feed%2exml+handler.ts": "export function GET() {}\n",
		"web/src/routes/(marketing)/about/+page.svelte":        "<h1>About</h1>\n",
		"web/src/routes/blog/$slug/+page.marko":                "<h1>Post</h1>\n",
		"web/src/routes/shell/+layout.marko":                   "<slot/>\n",
		"web/docs/intro.md":                                    "# Intro\n\n[p](/playground) [f](/docs/newsletter/feed.xml) [a](/about) [b](/blog/hello) [s](/shell) [m](/missing) [x](/playground/x)\n",
		"README.md":                                            "# Repo\n\n[p](/playground)\n",
	})
	_, got := brokenLinkMessages(t, root)
	want := []string{
		"README.md link to playground: no such file",
		"web/docs/intro.md link to missing: no such file",
		"web/docs/intro.md link to playground/x: no such file",
		"web/docs/intro.md link to shell: no such file",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// brokenLinkMessages scans root and returns the snapshot and its
// BROKEN_LINK findings as "path message", sorted.
func brokenLinkMessages(t *testing.T, root string) (*snapshot.Snapshot, []string) {
	t.Helper()
	s, cfg := scanDir(t, root)
	var got []string
	for _, d := range withCode(Run(Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: cfg}), catalog.BrokenLink) {
		got = append(got, d.Primary().Path+" "+d.Message)
	}
	slices.Sort(got)
	return s, got
}
