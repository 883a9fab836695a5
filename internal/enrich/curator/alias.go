package curator

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxAliasRunes is the add-alias payload's bound.
const maxAliasRunes = 64

// alias is a name found for a document, with the line that shows it
// (0: the file name).
type alias struct {
	text string
	line int
	why  string
}

// acronymDefinition matches "(ABC)" with 2 to 8 capitals and digits, the
// long form being the words before it.
var acronymDefinition = regexp.MustCompile(`\(([A-Z][A-Z0-9]{1,7})\)`)

// smallWords may stand inside a long form without giving a letter to its
// acronym ("Bill of Materials", BOM).
var smallWords = map[string]bool{"of": true, "and": true, "for": true, "the": true, "to": true, "in": true, "on": true, "&": true, "a": true}

// acronymPairs returns the acronyms a text defines, "Long Form (LF)",
// with their long forms: the fewest words before the parenthesis whose
// initials spell the acronym.
func acronymPairs(text string) [][2]string {
	var out [][2]string
	for _, m := range acronymDefinition.FindAllStringSubmatchIndex(text, -1) {
		abbr := text[m[2]:m[3]]
		before := strings.Fields(text[:m[0]])
		if long := longForm(before, abbr); long != "" {
			out = append(out, [2]string{abbr, long})
		}
	}
	return out
}

// longForm takes the fewest words from the end of before whose initials
// spell abbr, case-insensitively; a small word inside may give its letter
// or not ("Bill of Materials" is BOM and "Software Bill of Materials"
// SBOM). The long form starts with a word that is not small.
func longForm(before []string, abbr string) string {
	want := []rune(strings.ToLower(abbr))
	for k := 1; k <= len(before) && k <= 2*len(want); k++ {
		ws := before[len(before)-k:]
		for i, w := range ws {
			ws[i] = strings.Trim(w, `"'“”‘’`)
		}
		if strings.ContainsAny(ws[0], ".,;:!?()[]") {
			return "" // a sentence or a clause ends here
		}
		if smallWords[strings.ToLower(ws[0])] || !spells(ws, want) {
			continue
		}
		return strings.Join(ws, " ")
	}
	return ""
}

// spells reports whether the initials of ws, small words optional, are
// want.
func spells(ws []string, want []rune) bool {
	if len(ws) == 0 {
		return len(want) == 0
	}
	w := strings.ToLower(ws[len(ws)-1])
	if w == "" || strings.ContainsAny(w, ".,;:!?()[]") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w)
	use := len(want) > 0 && want[len(want)-1] == r && spells(ws[:len(ws)-1], want[:len(want)-1])
	return use || (smallWords[w] && spells(ws[:len(ws)-1], want))
}

// acronymAliases gives a document the other half of an acronym its text
// defines, when its title uses one half: a document titled "The MCP
// server" that says "Model Context Protocol (MCP)" is also "Model Context
// Protocol", and one titled "Software Bill of Materials" that says
// "(SBOM)" is also "SBOM".
func acronymAliases(title string, blocks []block) []alias {
	lt := strings.ToLower(title)
	titleWords := map[string]bool{}
	for _, w := range words(title) {
		titleWords[w] = true
	}
	var out []alias
	seen := map[string]bool{}
	for _, b := range blocks {
		if b.heading {
			continue
		}
		for _, p := range acronymPairs(b.text) {
			abbr, long := p[0], p[1]
			var a string
			switch {
			case titleWords[abbr] && !strings.Contains(lt, strings.ToLower(long)):
				a = long
			case strings.Contains(lt, strings.ToLower(long)) && !titleWords[abbr]:
				a = abbr
			default:
				continue
			}
			if utf8.RuneCountInString(a) > maxAliasRunes || seen[strings.ToLower(a)] {
				continue
			}
			seen[strings.ToLower(a)] = true
			out = append(out, alias{text: a, line: b.line, why: "the document defines " + abbr + " as " + long + " and its title uses one of the two"})
		}
	}
	return out
}

// stemAlias reads a file-name stem as words ("getting-started",
// "gettingStarted" give "getting started") when that says more than the
// title does: at least two words, not the title itself, no number alone.
func stemAlias(stem, title string) (alias, bool) {
	switch strings.ToLower(stem) {
	case "readme", "index", "_index", "":
		return alias{}, false
	}
	ws := withoutNumber(splitStem(stem)) // 0001-use-go: the number orders, it does not name
	if len(ws) < 2 || isNumber(ws[len(ws)-1]) {
		return alias{}, false // topic-30: a series' name, told apart by its number only
	}
	a := collapse(strings.ToLower(strings.Join(ws, " ")))
	if a == "" || utf8.RuneCountInString(a) > maxAliasRunes || allIn(ws, title) {
		return alias{}, false // the title says it all already
	}
	return alias{text: a, why: "the file name " + stem + " read as words"}, true
}

// splitStem splits a stem at - _ and spaces and at camelCase humps.
func splitStem(stem string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(stem, func(r rune) bool { return r == '-' || r == '_' || r == ' ' }) {
		start := 0
		runes := []rune(part)
		for i := 1; i < len(runes); i++ {
			if unicode.IsUpper(runes[i]) && unicode.IsLower(runes[i-1]) {
				out = append(out, string(runes[start:i]))
				start = i
			}
		}
		out = append(out, string(runes[start:]))
	}
	return out
}

// allIn reports whether every word of ws is a word of title, ignoring case.
func allIn(ws []string, title string) bool {
	in := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune(",:;!?()[]\"'“”", r)
	}) {
		in[strings.Trim(w, ".")] = true
	}
	for _, w := range ws {
		if !in[strings.ToLower(w)] {
			return false
		}
	}
	return true
}

// withoutNumber drops leading numbers from a list of words.
func withoutNumber(ws []string) []string {
	for len(ws) > 0 && isNumber(ws[0]) {
		ws = ws[1:]
	}
	return ws
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}
