package markdown

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Hugo's heading-id types (markup.goldmark.parser.autoIDType).
const (
	HugoIDGitHub      = "github"
	hugoIDGitHubASCII = "github-ascii"
	hugoIDBlackfriday = "blackfriday"
)

// HugoID returns the id Hugo gives a heading whose text is s under id type
// kind (an unknown kind is github, Hugo's default), before the suffix that
// makes repeats unique:
//
//   - github: trim spaces; '-' and ' ' become '-'; letters, digits and '_'
//     are lowercased; everything else (tabs, punctuation, symbols) goes.
//   - github-ascii: accents removed first, then github, dropping every
//     non-ASCII rune.
//   - blackfriday: runs of anything but letters and numbers become one '-'
//     between words, none at either end.
//
// An empty result is "heading".
func HugoID(s, kind string) string {
	return hugoID(s, kind, "heading")
}

// hugoID is HugoID with the id an empty result gets ("heading" for a
// heading, "term" for a definition term).
func hugoID(s, kind, empty string) string {
	var b strings.Builder
	switch kind {
	case hugoIDBlackfriday:
		dash := false
		for _, r := range s {
			if unicode.IsLetter(r) || unicode.IsNumber(r) {
				if dash && b.Len() > 0 {
					b.WriteByte('-')
				}
				dash = false
				b.WriteRune(unicode.ToLower(r))
				continue
			}
			dash = true
		}
	default:
		ascii := kind == hugoIDGitHubASCII
		if ascii {
			s = removeAccents(s)
		}
		for _, r := range strings.TrimSpace(s) {
			switch {
			case ascii && r >= 0x80:
			case r == '-' || r == ' ':
				b.WriteByte('-')
			case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(unicode.ToLower(r))
			}
		}
	}
	if b.Len() == 0 {
		return empty
	}
	return b.String()
}

// removeAccents decomposes s and drops the combining marks (Résumé →
// Resume), as Hugo's text.RemoveAccents does.
func removeAccents(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		return s
	}
	return out
}

// HugoAnchors returns, sorted, the ids Hugo renders for a document's
// headings under id type kind. attributes says whether "{#id}" after a
// heading sets its id (markup.goldmark.parser.attribute.title, on by
// default). Hugo 0.144 changed what it slugs from the heading's source line
// to its rendered text; both sequences are returned, so a link written
// for either version resolves (they differ only for headings with markup).
//
// terms says whether definition terms get ids too
// (markup.goldmark.parser.autoDefinitionTermID, off by default).
func HugoAnchors(h *HugoDoc, o HugoIDOptions) []string {
	if h == nil {
		return nil
	}
	out := hugoHeadingIDs(h, o, false, false)
	out = append(out, hugoHeadingIDs(h, o, true, false)...)
	if o.Emoji {
		out = append(out, hugoHeadingIDs(h, o, false, true)...)
	}
	return sortedUnique(out)
}

// HugoIDOptions are the site's settings that shape heading ids.
type HugoIDOptions struct {
	// Kind is the id type (HugoIDGitHub, …).
	Kind string
	// Attributes says whether {#id} after a heading sets its id.
	Attributes bool
	// Terms says whether definition terms get ids.
	Terms bool
	// Emoji is enableEmoji: an :emoji: shortcode in a heading is an emoji
	// (goldmark-emoji), which the id leaves out. Ids without and with the
	// conversion are both accepted: the scan does not know every name.
	Emoji bool
}

// emojiShortcode is an :emoji: shortcode.
var emojiShortcode = regexp.MustCompile(`:[a-z0-9_+-]+:`)

// hugoHeadingIDs returns the id of every heading in document order, as
// current Hugo renders it or, legacy set, as Hugo before 0.144 did; emoji
// set, with emoji shortcodes as the emoji they become.
func hugoHeadingIDs(h *HugoDoc, o HugoIDOptions, legacy, emoji bool) []string {
	// Hugo's id factory makes ids unique as markdown-it-anchor does: an id
	// taken gets the first free -1, -2, …; explicit ids are taken as
	// written.
	ids := newSiteSlugger()
	out := make([]string, 0, len(h.Headings))
	for _, hh := range h.Headings {
		if hh.Term {
			if o.Terms {
				out = append(out, ids.unique(hugoID(hh.Text, o.Kind, "term")))
			}
			continue
		}
		if o.Attributes && hh.ID != "" {
			ids.seen[hh.ID] = true
			out = append(out, hh.ID)
			continue
		}
		s := hh.Text
		if legacy && hh.Source != "" {
			s = hh.Source
		}
		if emoji {
			// An emoji is no letter or digit: the id drops it.
			s = emojiShortcode.ReplaceAllString(s, "\u2b50")
		}
		if !o.Attributes && hh.ID != "" {
			s += " {#" + hh.ID + "}"
		}
		out = append(out, ids.unique(HugoID(s, o.Kind)))
	}
	return out
}
