package scan

import (
	"cmp"
	"strconv"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// Heading ids of mdBook and kramdown (Jekyll), from the extraction's
// SiteHeadings. Each is checked against the generator's own output in
// testdata/siteslugs (kramdown) or the examples its sources document
// (mdBook: rust-lang/mdBook's id_from_content and unique_id, in
// crates/mdbook-html/src/utils.rs for 0.5 and src/utils/mod.rs for 0.4).

// kramdownGFMAnchors are the ids Jekyll's default parser (kramdown-parser-
// gfm, auto_ids) gives the headings: the typographic text downcased, every
// character but \p{Word}, '-', ' ' and tab removed, spaces and tabs to
// '-', and a counter per id for repeats (the first bare, then -1, -2 …,
// with no check against other headings). Explicit ids are as written.
func kramdownGFMAnchors(hs []markdown.SiteHeading, prefix string) []string {
	return kramdownIDs(hs, prefix, func(h markdown.SiteHeading) string {
		text := h.Text
		if h.Smart != "" {
			text = h.Smart
		}
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ', r == '\t':
				b.WriteByte('-')
			case r == '-', rubyWord(r):
				b.WriteRune(r)
			}
		}
		return b.String()
	})
}

// kramdownIDs gives each heading its explicit id (kramdownExplicit) or
// prefix and its generated id, numbered per id (idCounter).
func kramdownIDs(hs []markdown.SiteHeading, prefix string, generate func(markdown.SiteHeading) string) []string {
	counter := idCounter{}
	out := make([]string, 0, len(hs))
	for _, h := range hs {
		if id := kramdownExplicit(h); id != "" {
			out = append(out, id)
			continue
		}
		out = append(out, prefix+counter.next(generate(h)))
	}
	return out
}

// idCounter numbers repeated ids the way kramdown and mdBook 0.4 do: a
// counter per id, the first bare, then -1, -2 …, with no check against the
// other ids (a heading "a-1" may repeat a numbered "a").
type idCounter map[string]int

// next returns the id of the next heading whose id is id.
func (c idCounter) next(id string) string {
	n, seen := c[id]
	if !seen {
		c[id] = 0
		return id
	}
	c[id] = n + 1
	return id + "-" + strconv.Itoa(n+1)
}

// kramdownExplicit is a heading's explicit id for kramdown: a block
// attribute list's on the next line, else the heading's own {#id}. Neither
// counts for the numbering of repeats.
func kramdownExplicit(h markdown.SiteHeading) string {
	if h.BlockID != "" {
		return h.BlockID
	}
	return h.ID
}

// rubyWord is Onigmo's \p{Word}: alphabetic (letters, letter numbers and
// the marks Unicode counts as alphabetic), marks, decimal digits and
// connector punctuation. The zero-width (non-)joiner is not one: kramdown
// drops it.
func rubyWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_Alphabetic, r) ||
		unicode.IsMark(r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Pc, r)
}

// kramdownAnchors are the ids kramdown's own parser (input: kramdown)
// gives the headings: from the heading's source, leading non-letters cut,
// every character but ASCII letters, digits, ' ' and '-' removed, spaces
// to '-', lowercased; "section" when empty; a counter per id for repeats.
func kramdownAnchors(hs []markdown.SiteHeading, prefix string) []string {
	return kramdownIDs(hs, prefix, func(h markdown.SiteHeading) string {
		src := h.Text
		if h.Raw != "" {
			src = h.Raw
		}
		src = strings.TrimLeftFunc(src, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') })
		var b strings.Builder
		for _, r := range src {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
				b.WriteRune(r)
			case r >= 'A' && r <= 'Z':
				b.WriteRune(r + 'a' - 'A')
			}
		}
		return cmp.Or(b.String(), "section")
	})
}

// mdBookAnchors are the ids mdBook gives the headings. mdBook 0.5 and 0.4
// differ (smart punctuation, Unicode or ASCII lowercasing, "section" for
// an empty id, how repeats are numbered); a book does not say which
// version renders it, so both sets are anchors.
func mdBookAnchors(hs []markdown.SiteHeading) []string {
	out := make([]string, 0, 2*len(hs))
	// 0.5: a set of ids taken; explicit ids are used as is, untaken.
	taken := map[string]bool{}
	for _, h := range hs {
		if h.ID != "" {
			out = append(out, h.ID)
			continue
		}
		text := h.Text
		if h.Smart != "" {
			text = h.Smart
		}
		id := mdBookID(strings.ToLower(strings.TrimSpace(text)))
		if id == "" {
			id = "section"
		}
		u := id
		for i := 1; taken[u]; i++ {
			u = id + "-" + strconv.Itoa(i)
		}
		taken[u] = true
		out = append(out, u)
	}
	// 0.4: ASCII lowercasing, a counter per id.
	counter := idCounter{}
	for _, h := range hs {
		if h.ID != "" {
			continue
		}
		if id := counter.next(mdBookID(asciiLower(strings.TrimSpace(h.Text)))); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// mdBookID keeps alphanumerics (Rust's char::is_alphanumeric), '_' and
// '-', turns whitespace into '-' and drops the rest.
func mdBookID(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '_', r == '-', unicode.IsLetter(r), unicode.IsNumber(r), unicode.Is(unicode.Other_Alphabetic, r):
			b.WriteRune(r)
		case unicode.IsSpace(r):
			b.WriteByte('-')
		}
	}
	return b.String()
}

func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}
