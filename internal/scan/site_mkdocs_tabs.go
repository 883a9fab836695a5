package scan

import (
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// Content tabs of pymdownx.tabbed (`=== "Title"`): each tab's radio input
// has an id a link can name. Without a slugify option it is
// __tabbed_<set>_<n> (sets counted through the page from 1, tabs through
// their set from 1); with one, the slug of the tab's title, prefixed by the
// id of the nearest preceding heading and the separator when
// combine_header_slug is set, made unique against every id of the page as
// toc's unique() does.

// mkdocsTabs is what resolution needs of pymdownx.tabbed's options.
type mkdocsTabs struct {
	// slug is the slugify option read as toc's (nil when none is set:
	// ids are __tabbed_<set>_<n>).
	slug *mkdocsOptions
	// combine is combine_header_slug.
	combine bool
}

// parseTabbed reads pymdownx.tabbed's options (opts may be nil).
func parseTabbed(opts *yaml.Node) *mkdocsTabs {
	t := &mkdocsTabs{}
	if s := mapValue(opts, "slugify"); s != nil && !(s.Kind == yaml.ScalarNode && s.Tag == "!!int" && s.Value == "0") {
		t.slug = &mkdocsOptions{slugify: slugifyPyDefault}
		t.slug.slugFunction(s)
	}
	if c := mapValue(opts, "combine_header_slug"); c != nil && c.Kind == yaml.ScalarNode {
		t.combine, _ = strconv.ParseBool(strings.ToLower(c.Value))
	}
	return t
}

// emojiShortcode is pymdownx.emoji's RE_EMOJI.
var emojiShortcode = regexp.MustCompile(`:[+\-\w]+:`)

// mkdocsTabAnchors returns the ids pymdownx.tabbed gives the page's content
// tabs. headIDs are the ids toc gave doc.SiteHeadings, in order; used holds
// every id of the page already taken (headings, attribute lists,
// footnotes), and is extended.
func mkdocsTabAnchors(doc *markdown.Document, o *mkdocsOptions, headIDs []string, used map[string]bool) []string {
	t := o.tabs
	if t == nil || len(doc.Tabs) == 0 {
		return nil
	}
	out := make([]string, 0, len(doc.Tabs))
	set, n, h := 0, 0, -1
	for _, tab := range doc.Tabs {
		if tab.NewSet || set == 0 {
			set, n = set+1, 0
		}
		n++
		if t.slug == nil {
			out = append(out, "__tabbed_"+strconv.Itoa(set)+"_"+strconv.Itoa(n))
			continue
		}
		for h+1 < len(headIDs) && h+1 < len(doc.SiteHeadings) && doc.SiteHeadings[h+1].Line < tab.Line {
			h++
		}
		title := tab.Title
		if o.emoji {
			title = emojiShortcode.ReplaceAllString(title, "")
		}
		id := t.slug.slug(title)
		if t.combine && h >= 0 && headIDs[h] != "" {
			id = headIDs[h] + "-" + id
		}
		out = append(out, pyUnique(id, used))
	}
	return out
}

// mkdocsTabsOf returns the ids of doc's content tabs for each run of
// heading ids mkdocsAnchorRuns gave (one per slugify it models).
func mkdocsTabsOf(runs [][]string, doc *markdown.Document, o *mkdocsOptions) []string {
	if o.tabs == nil || len(doc.Tabs) == 0 {
		return nil
	}
	var out []string
	for _, ids := range runs {
		used := map[string]bool{}
		for _, s := range ids {
			used[s] = true
		}
		if o.attrList {
			for _, s := range doc.AttrAnchors {
				used[s] = true
			}
		}
		if o.footnotes { // footnotes' ids are set before the tabs'
			for _, s := range footnoteAnchors(doc) {
				used[s] = true
			}
		}
		out = append(out, mkdocsTabAnchors(doc, o, ids, used)...)
	}
	return out
}
