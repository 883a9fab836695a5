package reconcile

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// brokenAnchors reports every #anchor that matches no heading of its
// target, once per place it is written: same-document anchors from the
// document's brokenAnchors, cross-document ones from the missingAnchors of
// its links-to relations.
func brokenAnchors(v *view) []draft {
	var out []draft
	suggest := anchorSuggester()
	for _, d := range v.documents {
		for _, a := range d.BrokenAnchors {
			out = append(out, anchorFinding(d, d, a.Anchor, a.written(), a.Line, suggest))
		}
		for r := range v.outgoing(d.ID, snapshot.RelLinksTo) {
			out = append(out, lineAnchorFindings(v, d, r)...)
			missing := missingAnchors(r)
			target := v.documentOf(r.To)
			if len(missing) == 0 || target == nil {
				continue
			}
			out = append(out, crossAnchorFindings(d, target, r, missing, suggest)...)
		}
	}
	return anchorNamespaces(v, out)
}

// minNamespaceAnchors is how many broken anchors of one tree must share a
// namespace before they are read as a build's and counted in one finding:
// a flood, not a page's worth. (At 10, three floods of the corpus were
// sites' own id schemes docbridge models in the scan but the view does not
// see — GitBook's #id-…, Mintlify's #param-… — and five of their anchors
// were truly broken; home-manager's converter flood is 116.)
const minNamespaceAnchors = 30

// anchorNamespaces replaces, in each documentation tree (a document's
// first directory), the broken anchors that share a namespace — a prefix
// of letters and one '-' or '.', #opt-… — in which the repository shows
// no id (namespaceShown), when there are minNamespaceAnchors or more of them, by one
// ANCHORS_UNRESOLVED finding. Anchors in a namespace no heading has are a
// build's (home-manager's converter rewrites #opt-programs.bash.enable into
// a link to the generated options page); renamed headings leave anchors
// whose prefixes the tree's headings share, and stay BROKEN_ANCHOR.
func anchorNamespaces(v *view, findings []draft) []draft {
	type group struct {
		idx    []int
		first  finding.Location
		anchor string // the first's
	}
	groups := map[[2]string]*group{}
	var order [][2]string
	for i, f := range findings {
		if f.Code != catalog.BrokenAnchor {
			continue
		}
		// The key is target#anchor; a path may hold '#', an anchor not.
		at := strings.LastIndexByte(f.Key, '#')
		anchor, ok := f.Key[at+1:], at >= 0
		ns := anchorNamespace(anchor)
		if !ok || ns == "" || len(f.Evidence) == 0 {
			continue
		}
		k := [2]string{docTree(f.Evidence[0].Path), ns}
		g := groups[k]
		if g == nil {
			g = &group{first: f.Evidence[0], anchor: anchor}
			groups[k] = g
			order = append(order, k)
		}
		g.idx = append(g.idx, i)
	}
	drop := map[int]bool{}
	var summaries []draft
	for _, k := range order {
		g := groups[k]
		if len(g.idx) < minNamespaceAnchors || namespaceShown(v, k[1]) {
			continue
		}
		for _, i := range g.idx {
			drop[i] = true
		}
		summaries = append(summaries, draft{
			Code: catalog.AnchorsUnresolved,
			Message: fmt.Sprintf("%d anchors in %s start with #%s, and no heading or resolved link of the repository shows an id that does: a build step supplies them (first: #%s at %s:%d); counted here, not reported one by one",
				len(g.idx), textwriter.Dir(k[0]), k[1], g.anchor, g.first.Path, g.first.Line),
			Evidence: []finding.Location{{Path: k[0]}},
			Key:      k[0] + "#" + k[1],
		})
	}
	if len(summaries) == 0 {
		return findings
	}
	out := make([]draft, 0, len(findings)-len(drop)+len(summaries))
	for i, f := range findings {
		if !drop[i] {
			out = append(out, f)
		}
	}
	return append(out, summaries...)
}

// anchorNamespace is an anchor's leading letters (two or more) and the
// '-' or '.' after them ("opt-" of opt-programs.bash.enable), or "".
func anchorNamespace(anchor string) string {
	for i, r := range anchor {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			continue
		case (r == '-' || r == '.') && i >= 2:
			return anchor[:i+1]
		}
		return ""
	}
	return ""
}

// docTree is the documentation tree a document belongs to: its first
// directory, "." for a document at the root.
func docTree(p string) string {
	if dir, _, ok := strings.Cut(p, "/"); ok {
		return dir
	}
	return "."
}

// namespaceShown reports whether the repository shows ids in the
// namespace: a heading of any document (its slug, or an id a site renders
// for it) starts with it, or a link anywhere has an anchor in it that
// resolved (an element's id the scan found, `<a id="oc-x">`). The
// evidence is the whole repository's, not the tree's: a tree's snippets
// link into pages of another tree (Mintlify's #param-… of its fields).
func namespaceShown(v *view, ns string) bool {
	for _, d := range v.documents {
		for _, h := range d.Headings {
			if strings.HasPrefix(h.Slug, ns) {
				return true
			}
		}
		for _, a := range d.SiteAnchors {
			if strings.HasPrefix(a, ns) {
				return true
			}
		}
		for r := range v.outgoing(d.ID, snapshot.RelLinksTo) {
			missing := missingAnchors(r)
			for _, a := range snapshot.MetaStrings(r.Metadata["anchors"]) {
				if strings.HasPrefix(a, ns) && !slices.Contains(missing, a) {
					return true
				}
			}
		}
	}
	return false
}

// crossAnchorFindings turns one relation's missing anchors into findings.
// The relation lists its missing anchors once each and its occurrences as
// evidence whose context is the link destination as written, so the
// anchor of each occurrence is read back from its destination. An anchor
// with no occurrence left (evidence is bounded per relation and per
// document) is still reported, on the document as a whole.
func crossAnchorFindings(d, target *document, r *snapshot.Relation, missing []string, suggest func(*document, string) string) []draft {
	want := make(map[string]bool, len(missing))
	for _, a := range missing {
		want[a] = true
	}
	var out []draft
	seen := map[string]bool{}
	for _, e := range r.Evidence {
		a, ok := destinationAnchor(e.Context)
		if e.Path != d.Path || !ok || !want[a] {
			continue
		}
		seen[a] = true
		out = append(out, anchorFinding(d, target, a, e.Context, e.LineStart, suggest))
	}
	for _, a := range missing {
		if !seen[a] {
			out = append(out, anchorFinding(d, target, a, "", 0, suggest))
		}
	}
	return out
}

// anchorFinding is one broken anchor written in d at line, pointing into
// target (d itself for a same-document anchor); written is the link's
// destination as the document wrote it ("" when unknown). The nearest
// heading anchor, when there is one, is the fix, and an edit when the
// destination spells the anchor as is (not percent-encoded, no text
// directive): the rewrite keeps everything before the '#'.
func anchorFinding(d, target *document, anchor, written string, line int, suggest func(*document, string) string) draft {
	where := "this document"
	if target != d {
		where = target.Path
	}
	f := draft{
		Code:      catalog.BrokenAnchor,
		Message:   fmt.Sprintf("anchor #%s matches no heading of %s", anchor, where),
		Evidence:  []finding.Location{{Path: d.Path, Line: line}},
		EntityIDs: []string{d.ID, target.ID},
		Key:       target.Path + "#" + anchor,
	}
	if s := suggest(target, anchor); s != "" {
		f.Message += fmt.Sprintf("; did you mean #%s?", s)
		f.Remediation = fmt.Sprintf("Link to #%s, the heading anchor nearest to #%s.", s, anchor)
		if line > 0 && fragment(written) == "#"+anchor {
			f.edits = []finding.Edit{{Path: d.Path, Line: line, Kind: finding.EditLink, Old: written,
				New: strings.TrimSuffix(written, "#"+anchor) + "#" + s}}
		}
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
func anchorSuggester() func(*document, string) string {
	idx := map[string]*nearmiss.Index{}
	return func(d *document, anchor string) string {
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
