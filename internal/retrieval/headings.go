package retrieval

import (
	"strings"

	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// A document's headings metadata is GitHub's reading: "Computed
// Properties {#computed-properties}" is the text, with the slug
// computed-properties-computed-properties. A heading written with an
// explicit id (markdown.ExplicitID: {#id}, { #id .class }, [#id], …) is
// titled and anchored here as the generator that reads the id renders it:
// the text without the id syntax, the anchor the id.

// headingIDs reads the explicit ids of one document's headings.
type headingIDs struct {
	// site holds the document's site anchors (metadata siteAnchors),
	// lower-cased as the scan lists them; nil when the scan recorded none.
	site map[string]bool
}

func newHeadingIDs(e *snapshot.Entity) headingIDs {
	if _, ok := e.Metadata["siteAnchors"]; !ok {
		return headingIDs{}
	}
	anchors := snapshot.MetaStrings(e.Metadata["siteAnchors"])
	h := headingIDs{site: make(map[string]bool, len(anchors))}
	for _, a := range anchors {
		h.site[strings.ToLower(a)] = true
	}
	return h
}

// split returns a heading's title and anchor when its text ends in an
// explicit id the document's generator renders: one the site's anchors
// list, or, where the scan knows no site anchors for the document (a page
// outside any modelled site), any — whoever wrote the syntax wrote it for
// a renderer that reads it, as the check's inferred sites assume. ok is
// false otherwise. A heading that is nothing but its id keeps its text.
func (h headingIDs) split(text string) (title, anchor string, ok bool) {
	rest, id, ok := markdown.ExplicitID(text)
	if !ok || (h.site != nil && !h.site[strings.ToLower(id)]) {
		return text, "", false
	}
	if rest == "" {
		rest = text
	}
	return rest, id, true
}

// title is text without an explicit id the generator renders.
func (h headingIDs) title(text string) string {
	t, _, _ := h.split(text)
	return t
}

// documentTitle is a document's title: the metadata title, else its name;
// a title taken from its H1 without the H1's explicit id.
func documentTitle(e *snapshot.Entity, ids headingIDs) string {
	t, ok := e.Metadata["title"].(string)
	if !ok || t == "" {
		t = e.Name
	}
	if e.Metadata["titleSource"] == markdown.TitleFromH1 {
		t = ids.title(t)
	}
	return t
}
