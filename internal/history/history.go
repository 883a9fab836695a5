// Package history says which documents record a project's past: change
// logs, their unreleased fragments, release notes, dated posts and the
// frozen pages of a documentation site's old versions. What they say was true of a
// release; a check does not hold it to today's tree, and a question about
// how things are is answered by the documentation first.
package history

import (
	"path"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/semver"
)

// stems are the file names (without extension, lower case) of documents
// that record the past, and the names of directories that hold such
// documents (CHANGELOG/CHANGELOG-3.5.md, docs/release-notes/v2.md).
var stems = []string{"changelog", "changelogs", "changes", "history", "news", "release_notes", "release-notes", "releasenotes", "releases"}

// dirs hold dated posts, which record the past too.
var dirs = []string{"blog", "posts", "_posts"}

// recordDirs hold records of decisions — proposals, RFCs, architecture
// decision records, design documents: each names the tree as it was or
// was meant to become when it was decided. (Not plans/: a plan being
// worked through names the tree it works on, and across 192 repositories
// 4 of its 13 labelled unresolved paths were true.)
var recordDirs = []string{"proposals", "rfcs", "rfc", "adr", "adrs", "decisions", "design"}

// fragmentDirs hold change-log fragments, one entry per file until a
// release gathers them: changie (.changes), changesets (.changeset),
// go-changelog (.changelog), towncrier (changelog.d, newsfragments,
// changes.d). Compared in lower case.
var fragmentDirs = []string{".changes", ".changeset", ".changelog", "changelog.d", "changes.d", "newsfragments"}

// Path reports whether the document at the repository path p records the
// past by its path alone: its name is a history stem, alone or followed
// by a version or a part (CHANGELOG-3.5.md, HISTORY_v1.md,
// changes.old.md) or it starts with a date (datedName), or a directory
// above it is named by one, holds dated posts (blog, posts, _posts),
// change-log fragments (Fragment) or records of decisions (recordDirs:
// proposals, RFCs, ADRs, design documents). A page
// about a change-log feature (docs/changelog.md of a release tool) answers
// to it too; Document tells them apart.
func Path(p string) bool {
	parts := strings.Split(strings.ToLower(p), "/")
	return inHistoryDir(parts) || stemName(parts[len(parts)-1]) || datedName(parts[len(parts)-1])
}

// datedName reports whether a file name starts with a calendar date and a
// separator (2026-06-01-docs-i18n-plan.md, 2024-05-01_meeting.md): a record
// written on that day — a plan, a design spec, a meeting's notes, a post —
// that names the tree as it was or was meant to become.
func datedName(base string) bool {
	if len(base) < 11 || !strings.ContainsRune("-_.", rune(base[10])) {
		return false
	}
	_, err := time.Parse(time.DateOnly, base[:10])
	return err == nil
}

// Document reports whether the document at p, with these headings,
// records the past: it lies in a history directory or its name starts
// with a date (as Path), or its name is a
// history stem and it is a log — at the repository root, named in capitals
// (CHANGELOG.md), or with at least minVersionHeadings headings that start
// with a version ("## v1.2.0", "0.9.0 (2024-05-01)"). A lower-case
// changelog.md deeper in the tree without versions is the page about a
// change-log feature, not a log.
func Document(p string, headings []string) bool {
	parts := strings.Split(strings.ToLower(p), "/")
	if inHistoryDir(parts) || datedName(parts[len(parts)-1]) {
		return true
	}
	if !stemName(parts[len(parts)-1]) {
		return false
	}
	base := path.Base(p)
	if len(parts) == 1 || base != strings.ToLower(base) {
		return true
	}
	n := 0
	for _, h := range headings {
		if versionHeading(h) {
			n++
		}
	}
	return n >= minVersionHeadings
}

// minVersionHeadings is how many version headings make a history-named
// page a log.
const minVersionHeadings = 3

// versionHeading reports whether a heading's text starts with a version:
// a semantic version with or without its "v" ("v1.2.0", "0.9", "1.4.0-rc.1"),
// optionally after the word "version" or "release", or inside brackets
// ("[1.2.0] - 2024-05-01").
func versionHeading(text string) bool {
	words := strings.Fields(strings.ToLower(text))
	if len(words) > 1 && (words[0] == "version" || words[0] == "release") {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	w := strings.Trim(words[0], "[]():")
	if !strings.HasPrefix(w, "v") {
		w = "v" + w
	}
	return semver.IsValid(w)
}

// Fragment reports whether p lies in a directory of change-log fragments
// (fragmentDirs) at any depth.
func Fragment(p string) bool {
	parts := strings.Split(strings.ToLower(p), "/")
	for _, dir := range parts[:len(parts)-1] {
		if slices.Contains(fragmentDirs, dir) {
			return true
		}
	}
	return false
}

// versioned reports whether p is a page of a documentation site's frozen
// old version: Docusaurus copies docs/ to versioned_docs/version-X/ (a
// docs plugin with id ID to ID_versioned_docs/) when a version is cut,
// and only it writes that shape. A directory merely named v1.2 is not
// enough: nothing says a generator froze it.
func versioned(p string) bool {
	parts := strings.Split(p, "/")
	for i := 0; i+2 < len(parts); i++ {
		if (parts[i] == "versioned_docs" || strings.HasSuffix(parts[i], "_versioned_docs")) && strings.HasPrefix(parts[i+1], "version-") {
			return true
		}
	}
	return false
}

// Frozen reports whether the document at p is history that a check does
// not hold to today's code: a history document by its path (Path) or a
// versioned page (versioned).
func Frozen(p string) bool { return Path(p) || versioned(p) }

func inHistoryDir(parts []string) bool {
	for _, dir := range parts[:len(parts)-1] {
		if slices.Contains(stems, dir) || slices.Contains(dirs, dir) || slices.Contains(fragmentDirs, dir) || slices.Contains(recordDirs, dir) {
			return true
		}
	}
	return false
}

// stemName reports whether a lower-case file name is a history stem, alone
// or followed by a version or a part.
func stemName(base string) bool {
	stem := strings.TrimSuffix(base, path.Ext(base))
	for _, h := range stems {
		if rest, ok := strings.CutPrefix(stem, h); ok && (rest == "" || strings.ContainsRune("-_.", rune(rest[0]))) {
			return true
		}
	}
	return false
}
