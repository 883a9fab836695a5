package reconcile

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func init() {
	register(rule{codes: []string{catalog.BrokenAnchor}, run: brokenAnchors})
}

// brokenAnchors reports every #anchor that matches no heading of its
// target, once per place it is written: same-document anchors from the
// document's brokenAnchors, cross-document ones from the missingAnchors of
// its links-to relations.
func brokenAnchors(v *view) []finding {
	var out []finding
	suggest := anchorSuggester()
	for _, d := range v.documents {
		for _, a := range d.BrokenAnchors {
			out = append(out, anchorFinding(d, d, a.Anchor, a.Line, suggest))
		}
		for _, r := range v.outgoing(d.ID, snapshot.RelLinksTo) {
			out = append(out, lineAnchorFindings(v, d, r)...)
			missing := missingAnchors(r)
			target := v.docByPath[strings.TrimPrefix(r.To, snapshot.KindDocument+":")]
			if len(missing) == 0 || target == nil {
				continue
			}
			out = append(out, crossAnchorFindings(d, target, r, missing, suggest)...)
		}
	}
	return out
}

// crossAnchorFindings turns one relation's missing anchors into findings.
// The relation lists its missing anchors once each and its occurrences as
// evidence whose context is the link destination as written, so the
// anchor of each occurrence is read back from its destination. An anchor
// with no occurrence left (evidence is bounded per relation and per
// document) is still reported, on the document as a whole.
func crossAnchorFindings(d, target *Document, r *snapshot.Relation, missing []string, suggest func(*Document, string) string) []finding {
	want := make(map[string]bool, len(missing))
	for _, a := range missing {
		want[a] = true
	}
	var out []finding
	seen := map[string]bool{}
	for _, e := range r.Evidence {
		a, ok := destinationAnchor(e.Context)
		if e.Path != d.Path || !ok || !want[a] {
			continue
		}
		seen[a] = true
		out = append(out, anchorFinding(d, target, a, e.LineStart, suggest))
	}
	for _, a := range missing {
		if !seen[a] {
			out = append(out, anchorFinding(d, target, a, 0, suggest))
		}
	}
	return out
}

// anchorFinding is one broken anchor written in d at line, pointing into
// target (d itself for a same-document anchor).
func anchorFinding(d, target *Document, anchor string, line int, suggest func(*Document, string) string) finding {
	where := "this document"
	if target != d {
		where = target.Path
	}
	f := finding{
		Code:      catalog.BrokenAnchor,
		Message:   fmt.Sprintf("anchor #%s matches no heading of %s", anchor, where),
		Evidence:  []Location{{Path: d.Path, Line: line}},
		EntityIDs: []string{d.ID, target.ID},
		Key:       target.Path + "#" + anchor,
	}
	if s := suggest(target, anchor); s != "" {
		f.Message += fmt.Sprintf("; did you mean #%s?", s)
		f.Remediation = fmt.Sprintf("Link to #%s, the heading anchor nearest to #%s.", s, anchor)
	}
	return f
}

// destinationAnchor returns the fragment of a link destination,
// percent-decoded the way the scan decodes it, and whether it has one.
func destinationAnchor(dest string) (string, bool) {
	_, frag, ok := strings.Cut(strings.TrimSpace(dest), "#")
	if !ok {
		return "", false
	}
	// A text directive (#id:~:text=…) is not part of the anchor.
	frag, _, _ = strings.Cut(frag, ":~:")
	if strings.Contains(frag, "%") {
		if d, err := url.PathUnescape(frag); err == nil {
			frag = strings.ToValidUTF8(d, "\uFFFD")
		}
	}
	return frag, true
}

// anchorSuggester returns the near-miss for an anchor among the anchors a
// document's site renders, else its heading slugs (levels 1–3, the ones the
// snapshot keeps), or "". The index of each document is built once, on
// first use.
func anchorSuggester() func(*Document, string) string {
	idx := map[string]*nearmiss.Index{}
	return func(d *Document, anchor string) string {
		ix, ok := idx[d.ID]
		if !ok {
			slugs := d.SiteAnchors
			if len(slugs) == 0 {
				slugs = make([]string, 0, len(d.Headings))
				for _, h := range d.Headings {
					if h.Slug != "" {
						slugs = append(slugs, h.Slug)
					}
				}
			}
			ix = nearmiss.NewIndex(slugs)
			idx[d.ID] = ix
		}
		s, _, ok := ix.Match(strings.ToLower(anchor))
		if !ok {
			return ""
		}
		return s
	}
}
