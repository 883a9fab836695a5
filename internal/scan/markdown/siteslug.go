package markdown

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Documentation sites render heading anchors their own way, and the
// extraction cannot know whether a document belongs to one, so it records
// what each convention would render and resolution picks.

// VitePressSlug returns the anchor VitePress gives a heading's text
// (@mdit-vue/shared slugify), without the suffix that makes repeats unique:
// NFKD, drop combining diacritics (U+0300–U+036F) and C0 controls, turn
// every run of whitespace and ASCII punctuation into one '-', trim '-' at
// both ends, put '_' before a leading digit, lowercase.
func VitePressSlug(text string) string {
	var b strings.Builder
	dash := false // a run of special characters awaits its '-'
	for _, r := range norm.NFKD.String(text) {
		switch {
		case r >= 0x300 && r <= 0x36f, r <= 0x1f:
			continue
		case vitePressSpecial(r):
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		b.WriteRune(r)
	}
	s := b.String()
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		s = "_" + s
	}
	return strings.ToLower(s)
}

// vitePressSpecial is slugify's rSpecial class: JavaScript's \s and
// ~`!@#$%^&*()-_+=[]{}|\;:"'“”‘’<>,.?/ .
func vitePressSpecial(r rune) bool {
	if r == '\ufeff' || (r != '\u0085' && unicode.IsSpace(r)) {
		return true
	}
	return strings.ContainsRune("~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’<>,.?/", r)
}

// headingID splits an explicit heading id, as VitePress and Docusaurus
// honour it, off a heading's text: "Title {#custom-id}" is ("Title",
// "custom-id", true). The id must close the text and hold no space or brace.
func headingID(text string) (rest, id string, ok bool) {
	t := strings.TrimRightFunc(text, unicode.IsSpace)
	if !strings.HasSuffix(t, "}") {
		return text, "", false
	}
	open := strings.LastIndex(t, "{#")
	if open < 0 {
		return text, "", false
	}
	id = t[open+2 : len(t)-1]
	if id == "" || strings.ContainsAny(id, "{}") || strings.IndexFunc(id, unicode.IsSpace) >= 0 {
		return text, "", false
	}
	return strings.TrimRightFunc(t[:open], unicode.IsSpace), id, true
}

// siteSlugger makes VitePress anchors unique the way markdown-it-anchor
// does: a taken slug gets the first free -1, -2, …; an explicit id is taken
// as written (VitePress refuses to build a repeated one).
type siteSlugger struct {
	seen map[string]bool
	// next remembers, per slug, the suffix to try first. Slugs are never
	// released, so every smaller suffix is still taken; without it, n
	// repeats of one heading would cost n² probes.
	next map[string]int
}

func newSiteSlugger() *siteSlugger {
	return &siteSlugger{seen: map[string]bool{}, next: map[string]int{}}
}

// unique returns the anchor for slug, which is then taken.
func (s *siteSlugger) unique(slug string) string {
	u := slug
	if s.seen[u] {
		i := max(s.next[slug], 1)
		for u = slug + "-" + strconv.Itoa(i); s.seen[u]; u = slug + "-" + strconv.Itoa(i) {
			i++
		}
		s.next[slug] = i + 1
	}
	s.seen[u] = true
	return u
}

// explicit takes id as written.
func (s *siteSlugger) explicit(id string) string {
	s.seen[id] = true
	return id
}

// siteAnchors collects the anchors documentation sites render for a
// document's headings, bounded by MaxAnchors each.
type siteAnchors struct {
	slugs                     *siteSlugger
	vitepress, custom         []string
	vitepressDrop, customDrop int
}

// heading records the site anchors of the next heading, raw its text.
func (s *siteAnchors) heading(raw string) {
	var a string
	if _, id, ok := headingID(raw); ok {
		s.custom = appendBounded(s.custom, id, &s.customDrop)
		a = s.slugs.explicit(id)
	} else {
		// An empty slug still takes its place, as in markdown-it-anchor.
		a = s.slugs.unique(VitePressSlug(raw))
	}
	if a != "" {
		s.vitepress = appendBounded(s.vitepress, a, &s.vitepressDrop)
	}
}

// finish stores the anchors in doc and reports any bound crossed.
func (s *siteAnchors) finish(doc *Document, is *issues) {
	if s.vitepressDrop > 0 {
		is.cutAnchors("%d VitePress heading anchors beyond the first %d are not listed", s.vitepressDrop, MaxAnchors)
	}
	if s.customDrop > 0 {
		is.cutAnchors("%d explicit heading ids beyond the first %d are not listed", s.customDrop, MaxAnchors)
	}
	doc.VitePressAnchors = sortedUnique(s.vitepress)
	doc.CustomAnchors = sortedUnique(s.custom)
}

// appendBounded appends v unless list is at MaxAnchors, counting the drop.
func appendBounded(list []string, v string, dropped *int) []string {
	if len(list) >= MaxAnchors {
		*dropped++
		return list
	}
	return append(list, v)
}
