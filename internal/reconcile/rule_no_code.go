package reconcile

import (
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// processStems are the file names (without extension, lower case, "-"
// read as "_") of documents about the project's process, people or terms
// rather than its code.
var processStems = []string{"adopters", "authors", "changelog", "changes", "code_of_conduct", "codeowners", "conduct",
	"contributing", "contributors", "governance", "history", "license", "maintainers", "notice", "owners", "release_notes",
	"security", "support"}

// changelogDirs are directories of release notes (CHANGELOG/CHANGELOG-3.5.md).
var changelogDirs = []string{"changelog", "changelogs", "release-notes", "release_notes"}

// isProcessDocument reports a document about process or terms: its name is
// one of processStems, it starts with "changelog" (CHANGELOG-3.5.md), or it
// lies in a directory of release notes.
func isProcessDocument(p string) bool {
	base := path.Base(p)
	stem := strings.ReplaceAll(strings.ToLower(strings.TrimSuffix(base, path.Ext(base))), "-", "_")
	return slices.Contains(processStems, stem) || strings.HasPrefix(stem, "changelog") ||
		slices.Contains(changelogDirs, strings.ToLower(path.Base(path.Dir(p))))
}

// documentsWithoutCode reports every document with no relation of its own
// (a link, a mention, a symbol mention, covers or any declared relation)
// to a module, package or area. A README documents its own directory: it
// reaches code when a module, package or area lies in its directory tree.
// Documents that are not about code (notAboutCode: process documents,
// .github/, changeset fragments, templates, generated pages) are exempt,
// and so is every document of a repository without source modules: there
// is no code to point at.
func documentsWithoutCode(v *view) []draft {
	if len(v.ofKind(snapshot.KindModule)) == 0 {
		return nil
	}
	dirs := codeDirs(v)
	var out []draft
	for _, d := range v.documents {
		if notAboutCode(d) || reachesCode(v, d.ID) || (isReadme(d.Path) && dirs[path.Dir(d.Path)]) {
			continue
		}
		out = append(out, draft{
			Code:      catalog.DocumentWithoutCode,
			Message:   d.Path + " neither links to, mentions nor covers any module, package or area",
			Evidence:  []finding.Location{{Path: d.Path}},
			EntityIDs: []string{d.ID},
			Key:       d.Path,
		})
	}
	return out
}

// reachesCode reports whether the document has a relation to code.
func reachesCode(v *view, id string) bool {
	for _, r := range v.idx.Out(id) {
		if r.Kind != snapshot.RelContains && isCode(v.entity(r.To)) {
			return true
		}
	}
	return false
}
