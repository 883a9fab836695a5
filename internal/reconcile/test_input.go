package reconcile

import (
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Documents that are not checked: test input (the scan's judgement,
// recorded as the document metadata testInputKey: Markdown in a directory
// of test data, in a site or book a test builds, or in a test tree other
// than its README), read by the project's tests rather than by people and
// often broken on purpose, pages the site does not build, and the
// documents checks.documents.exclude
// names. Nothing located in one is reported: not its links, anchors,
// paths in backticks or front matter. A finding located elsewhere that
// names one (a real page linking to a fixture's missing heading) is
// reported as usual.

// testInputKey is the document metadata key the scan sets to the
// test-input tree the document lies in; unbuiltKey to the directory of a
// page its site does not build (a Docusaurus version versions.json no
// longer lists), which nobody reads either.
const (
	testInputKey = "testInput"
	unbuiltKey   = "unbuilt"
)

// isTestInput reports whether the scan judged the document test input or
// a page its site does not build.
func isTestInput(d *document) bool {
	return d.Entity != nil && (metaString(d.Entity.Metadata[testInputKey]) != "" || metaString(d.Entity.Metadata[unbuiltKey]) != "")
}

// uncheckedDocuments returns the paths of the documents nothing is
// reported in. The last pattern of checks.documents.exclude that matches a
// document decides (a negated one checks it); with none matching, the
// scan's test-input judgement does.
func uncheckedDocuments(v *view) map[string]bool {
	patterns := make([]gitignore.Pattern, 0, len(v.cfg.Checks.Documents.Exclude))
	for _, p := range v.cfg.Checks.Documents.Exclude {
		patterns = append(patterns, gitignore.ParsePattern(p, nil))
	}
	out := map[string]bool{}
	for _, d := range v.documents {
		unchecked := isTestInput(d)
		segs := strings.Split(d.Path, "/")
		for i := len(patterns) - 1; i >= 0; i-- {
			if r := patterns[i].Match(segs, false); r != gitignore.NoMatch {
				unchecked = r == gitignore.Exclude
				break
			}
		}
		if unchecked {
			out[d.Path] = true
		}
	}
	return out
}
