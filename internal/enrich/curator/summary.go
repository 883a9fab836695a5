package curator

import (
	"strings"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// Bounds of a lead paragraph worth a summary.
const (
	maxSummaryRunes = 400 // the summarize payload's bound
	minLeadWords    = 8
	minLeadRunes    = 40
)

// introHeadings are section titles under which a document's lead
// paragraph may still stand ("# Tool" then "## Overview").
var introHeadings = map[string]bool{
	"about": true, "background": true, "description": true, "intro": true, "introduction": true,
	"overview": true, "summary": true, "what is it": true, "purpose": true, "abstract": true,
}

// maxLeadSkipped is how many blocks (badge lines, notes, a code block)
// may stand before a document's lead paragraph: past them, a paragraph
// continues something and summarises nothing.
const maxLeadSkipped = 3

// leadParagraph is the first paragraph of prose in a document's lead
// section (before its first section heading other than an overview-like
// one): not a badge line, not a list or quote, not a one-line label
// ("Usage:"), long enough to say something, and not a continuation
// ("You will also want …").
func leadParagraph(blocks []block) (block, bool) {
	skipped := 0
	listed := false  // a list counts once, not per item
	var short *block // a plain sentence too short alone ("Builds accept templates.")
	for _, b := range blocks {
		if b.heading {
			if b.level >= 2 && !introHeadings[strings.ToLower(strings.Trim(b.text, " :?"))] {
				return block{}, false
			}
			continue
		}
		if b.other || b.quoted || b.listed || !isProse(b) {
			plainShort := !b.other && !b.quoted && !b.listed && b.linkRunes == 0 && b.text != ""
			if plainShort && strings.HasSuffix(b.text, ":") {
				return block{}, false // the lead introduces what follows: nothing to summarise
			}
			if plainShort && short == nil && skipped == 0 && strings.HasSuffix(b.text, ".") && len(words(b.text)) >= 3 {
				b := b
				short = &b
			} else {
				short = nil
			}
			if !b.listed || !listed {
				skipped++
			}
			listed = b.listed
			if skipped > maxLeadSkipped {
				return block{}, false
			}
			continue
		}
		if short != nil {
			// The lead is the short sentence and this paragraph, which
			// goes on from it ("You can leverage that …").
			return block{line: short.line, text: short.text + " " + b.text}, true
		}
		if continues(b.text) {
			return block{}, false
		}
		return b, true
	}
	return block{}, false
}

// continuationWords start a sentence that leans on an earlier one.
var continuationWords = map[string]bool{
	"also": true, "then": true, "so": true, "but": true, "however": true, "this": true, "that": true,
	"these": true, "those": true, "it": true, "they": true, "here": true, "next": true, "finally": true,
	"now": true, "otherwise": true, "additionally": true, "furthermore": true,
	"moreover": true, "again": true, "alternatively": true, "note": true, "once": true, "after": true,
}

// continuationPairs are two-word openings that lean on an earlier
// sentence.
var continuationPairs = map[string]bool{
	"in this": true, "in that": true, "in addition": true, "for this": true, "for that": true,
	"for it": true, "with this": true, "with that": true, "as such": true, "as mentioned": true,
}

// continues reports whether a paragraph leans on what came before: it
// starts with a continuation word or pair.
func continues(text string) bool {
	ws := words(text)
	if len(ws) == 0 {
		return false
	}
	if continuationWords[strings.ToLower(ws[0])] {
		return true
	}
	return len(ws) > 1 && continuationPairs[strings.ToLower(ws[0]+" "+ws[1])]
}

// isProse reports whether a paragraph reads as sentences: enough words,
// mostly not links, not a label that introduces what follows.
func isProse(b block) bool {
	n := utf8.RuneCountInString(b.text)
	if n < minLeadRunes || len(words(b.text)) < minLeadWords {
		return false
	}
	if b.linkRunes*2 >= n {
		return false
	}
	return !strings.HasSuffix(b.text, ":")
}

// summaryOf cuts a paragraph to the summary bound: whole sentences while
// they fit, else the first words with an ellipsis.
func summaryOf(text string) string {
	if utf8.RuneCountInString(text) <= maxSummaryRunes {
		return text
	}
	cut := ""
	for _, s := range sentences(text) {
		next := strings.TrimSpace(cut + " " + s)
		if utf8.RuneCountInString(next) > maxSummaryRunes {
			break
		}
		cut = next
	}
	if cut != "" {
		return cut
	}
	return extract.Summarise(text, maxSummaryRunes)
}

// sentences splits text after ". ", "! " and "? " — not after an
// abbreviation's single letter ("e.g. ") or a number ("v1. ").
func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(text); i++ {
		c := text[i]
		if (c != '.' && c != '!' && c != '?') || text[i+1] != ' ' {
			continue
		}
		w := lastWord(text[start : i+1])
		if c == '.' && (len(w) <= 2 || strings.Count(w, ".") > 1 || abbreviations[strings.ToLower(w)]) {
			continue
		}
		out = append(out, strings.TrimSpace(text[start:i+1]))
		start = i + 1
	}
	if rest := strings.TrimSpace(text[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "etc.": true, "vs.": true, "cf.": true, "approx.": true}

func lastWord(s string) string {
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		return s[i+1:]
	}
	return s
}

// sameSummary reports whether the scan's summary already is this
// paragraph (the scan cuts at 300 runes and ends with "…").
func sameSummary(current, text string) bool {
	c := strings.ToLower(strings.TrimSuffix(collapse(current), "…"))
	t := strings.ToLower(collapse(text))
	return c != "" && (strings.HasPrefix(t, c) || strings.HasPrefix(c, t))
}

// englishWords are frequent English function words: a paragraph where
// they are common is English.
var englishWords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "be": true, "by": true, "for": true,
	"from": true, "in": true, "is": true, "it": true, "its": true, "of": true, "on": true, "or": true,
	"that": true, "the": true, "this": true, "to": true, "with": true, "you": true, "your": true,
	"into": true, "not": true, "no": true, "can": true, "will": true, "has": true, "have": true, "each": true,
	"all": true, "when": true, "which": true, "what": true, "how": true, "if": true, "then": true, "but": true,
	"we": true, "our": true, "they": true, "their": true, "at": true, "so": true, "more": true, "per": true,
}

// language returns "en" for English text and "" when the text's language
// cannot be told: the curator only claims what it can tell.
func language(text string) string {
	ws := words(text)
	if len(ws) == 0 {
		return ""
	}
	n := 0
	for _, w := range ws {
		if englishWords[strings.ToLower(w)] {
			n++
		}
	}
	if n*12 >= len(ws) {
		return "en"
	}
	return ""
}
