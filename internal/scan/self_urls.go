package scan

import (
	"strings"

	"github.com/docbridge/docbridge/internal/repourl"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// selfURL resolves a link written as a full URL to the repository's own
// files at a checked branch (repourl: the default branch or a configured
// one) the way a relative link to the same path resolves: a links-to
// relation to the document, module, area or package there, its heading
// anchor checked on a blob or tree page, its #L10-L20 line anchor checked
// against the file's line count (metadata missingLines and lineCount), and
// a links-to an unresolved entity when nothing is there. A permalink (a
// commit, a tag, another branch) is history and stays an external link.
// It reports whether the link was this repository's.
func (d *docRefs) selfURL(x *Extraction, from string, l markdown.Link) bool {
	if !d.hasRepo || l.Kind != markdown.LinkExternal {
		return false
	}
	u, ok := d.repo.Parse(l.Destination)
	if !ok || !u.Checked {
		return false
	}
	ev := snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: l.Line, Context: l.Destination}
	target := u.Path
	_, last, isLine := repourl.Lines(u.Fragment)
	link := l
	link.Kind, link.Target, link.Anchor = markdown.LinkRelative, target, u.Fragment
	// raw and edit pages render no headings; a line anchor is no heading.
	if isLine || u.Form == "raw" || u.Form == "edit" {
		link.Anchor = ""
	}
	if link.Anchor != "" && d.githubAnchor(target, link.Anchor) {
		// GitHub renders the page, with GitHub's anchors, whatever a
		// documentation site makes of it.
		link.Anchor = ""
	}
	if ids := d.entitiesAt(target); len(ids) > 0 {
		d.linkTo(x, from, link, target, ids, ev)
		if isLine {
			d.lineAnchor(from, target, ids[0], u.Fragment, last)
		}
		return true
	}
	if target == "." {
		return true
	}
	if d.t.files[target] || d.t.dirs[target] {
		d.pathRef(from, snapshot.PathRefLink, l.Destination, l.Line, target) // evidence for drift
		return true
	}
	if ex, ok := d.t.excludedAt(target); ok {
		d.excludedRefs[excludedRef{l.Line, target}] = ex
		return true
	}
	if placeholderDestination(target) {
		return true // names no file: .../changelogs/vX.Y.md, filled in by whoever uses the template
	}
	d.relate(snapshot.RelLinksTo, from, d.unresolved(target, l.Destination), snapshot.Observed, ev)
	return true
}

// lineAnchor records a line anchor past the end of the file at target on
// the links-to relation from → to: missingLines lists the anchors,
// lineCount the file's length. A file the scan did not read has no
// count, and its line anchors are not checked.
func (d *docRefs) lineAnchor(from, target, to, anchor string, last int) {
	x := d.t.byPath[target]
	if x == nil || x.Lines == 0 || last <= x.Lines || to == from {
		return
	}
	rel := d.b.lookup(snapshot.RelLinksTo, from, to)
	if rel == nil {
		return
	}
	addSorted(&rel.Metadata, "missingLines", anchor)
	setMeta(&rel.Metadata, "lineCount", x.Lines)
}

// githubAnchor reports whether anchor is one GitHub renders for the
// document at target (its headings' GitHub anchors, its raw HTML ids).
func (d *docRefs) githubAnchor(target, anchor string) bool {
	x := d.t.byPath[target]
	if x == nil || x.Markdown == nil {
		return false
	}
	ids, a := headingAnchors(x.Markdown, docSite{}, false), strings.ToLower(anchor)
	id, prefixed := strings.CutPrefix(a, githubIDPrefix)
	return ids[a] || prefixed && ids[id]
}

// githubIDPrefix is what GitHub and GitLab put before a heading's id when
// they render it ("user-content-install"); a link may name the id so.
const githubIDPrefix = "user-content-"
