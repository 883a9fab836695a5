package scan

import (
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestDocumentationSiteLinks(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"docs/.vitepress/config.ts": "export default {}\n",
		"docs/guide/index.md": "# Guide\n\n[a](/config/options#speed) [b](/config/options.html) [c](../config/) " +
			"[d](/config/missing) [e](/config/options#nope) ![logo](/logo.svg)\n",
		"docs/public/logo.svg":   "<svg/>\n",
		"docs/config/options.md": "# Options\n\n## Speed\n",
		"docs/config/index.md":   "# Config\n",
		"README.md":              "# Readme\n\n[site style](docs/config/options) [github style](docs/config/options.md)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const guide, options = "document:docs/guide/index.md", "document:docs/config/options.md"
	rel := ix.relation(t, snapshot.RelLinksTo, guide, options)
	if got := strings.Join(asStrings(rel.Metadata["missingAnchors"]), ","); got != "nope" {
		t.Errorf("missingAnchors = %q, want only nope (speed is a heading)", got)
	}
	if len(rel.Evidence) != 3 {
		t.Errorf("the site-root link, the .html link and the anchored one all reach options.md: %d evidence", len(rel.Evidence))
	}
	ix.relation(t, snapshot.RelLinksTo, guide, "document:docs/config/index.md")
	ix.relation(t, snapshot.RelLinksTo, guide, "unresolved:config/missing")
	ix.noRelation(t, snapshot.RelLinksTo, guide, "unresolved:logo.svg")
	// Outside the site, GitHub's rules: an extensionless link is broken.
	ix.relation(t, snapshot.RelLinksTo, "document:README.md", "unresolved:docs/config/options")
	ix.relation(t, snapshot.RelLinksTo, "document:README.md", options)
}

func TestSymbolMentionsPreferTheProjectsOwnAPI(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"src/server.ts":                "export function createServer() {}\nexport const serve = 1;\n",
		"src/other.ts":                 "export const serve = 2;\n",
		"playground/a/server.js":       "export function createServer() {}\n",
		"src/__tests__/server.test.ts": "export function createServer() {}\nexport function onlyInTests() {}\n",
		"README.md":                    "# Readme\n\nCall `createServer()`; `serve` and again `serve`; the helper `onlyInTests`.\n",
	})
	s := scanDir(t, root, nil, Options{})
	ix := newIndex(s)
	ix.relation(t, snapshot.RelMentionsSymbol, "document:README.md", "module:src/server.ts")
	ix.noRelation(t, snapshot.RelMentionsSymbol, "document:README.md", "module:playground/a/server.js")
	ix.relation(t, snapshot.RelMentionsSymbol, "document:README.md", "module:src/__tests__/server.test.ts")
	notes := ix.coverage("README.md", "`serve`")
	if len(notes) != 1 || !strings.Contains(notes[0].Reason, "(2 mentions)") || notes[0].Line != 3 {
		t.Errorf("want one note for both mentions of the ambiguous serve, got %+v", notes)
	}
}

func TestAuxiliaryPath(t *testing.T) {
	for p, want := range map[string]bool{
		"src/server.ts": false, "src/__tests__/x.ts": true, "pkg/a.test.ts": true, "examples/basic/main.go": true,
		"internal/scan/scan_test.go": true, "py/test_core.py": true, "py/core.py": false, "testing/api.ts": false,
		"tests.ts": false, "lib/spec.ts": false,
	} {
		if got := auxiliaryPath(p); got != want {
			t.Errorf("auxiliaryPath(%q) = %v, want %v", p, got, want)
		}
	}
}
