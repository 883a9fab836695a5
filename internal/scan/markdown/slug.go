package markdown

import (
	"strconv"
	"strings"
	"unicode"
)

// Slug returns GitHub's anchor for a heading's text, without the suffix that
// makes repeated headings unique: lowercase, keep letters (with their marks),
// decimal digits, '_', '-' and ' ', drop everything else, then spaces become
// hyphens. This is GitHub's /[^\p{Word}\- ]/ filter.
func Slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-', unicode.IsLetter(r), unicode.Is(unicode.M, r),
			unicode.IsDigit(r), unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// slugger makes slugs unique the way GitHub does (github-slugger): a slug
// already taken gets -1, -2, … appended, skipping suffixes that are taken
// themselves.
type slugger struct {
	seen map[string]int
}

func newSlugger() *slugger { return &slugger{seen: map[string]int{}} }

// unique returns the anchor of the next heading whose text is text.
func (s *slugger) unique(text string) string {
	base := Slug(text)
	slug := base
	for {
		if _, taken := s.seen[slug]; !taken {
			break
		}
		s.seen[base]++
		slug = base + "-" + strconv.Itoa(s.seen[base])
	}
	s.seen[slug] = 0
	return slug
}
