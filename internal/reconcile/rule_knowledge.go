package reconcile

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// Front-matter keys the convention reads besides the required ones.
const (
	fieldKeywords   = "Keywords"
	fieldStatus     = "Status"
	fieldDate       = "Date"
	fieldSupersedes = "Supersedes"
	// statusSuperseded marks a document another one replaced.
	statusSuperseded = "superseded"
	// minIdentityRunes is the shortest term that counts as distinctive.
	minIdentityRunes = 3
)

// identityStopwords are words too common to tell one document from
// another: English function words and generic document names.
var identityStopwords = map[string]bool{
	"about": true, "and": true, "are": true, "but": true, "for": true, "from": true,
	"how": true, "into": true, "its": true, "not": true, "our": true, "the": true,
	"this": true, "that": true, "was": true, "what": true, "when": true, "why": true,
	"with": true, "you": true, "your": true,
	"doc": true, "docs": true, "document": true, "draft": true, "general": true,
	"index": true, "info": true, "misc": true, "new": true, "note": true, "notes": true,
	"old": true, "overview": true, "readme": true, "stuff": true, "summary": true,
	"todo": true, "untitled": true, "various": true,
}

// folderIndexStems are the file names (without extension, lower case) of
// a folder's README or index.
var folderIndexStems = []string{"index", "readme"}

// knowledgeDocuments returns the documents the convention applies to: those
// under checks.knowledgeDocs.root, except a folder's README or index (it
// lists the knowledge documents rather than being one). Sorted by path.
func knowledgeDocuments(v *view) []*document {
	root := path.Clean(v.cfg.Checks.KnowledgeDocs.Root)
	var out []*document
	for _, d := range v.documents {
		if root != "." && !strings.HasPrefix(d.Path, root+"/") {
			continue
		}
		if hasStem(d.Path, folderIndexStems) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// knowledgeSuperseded reports whether the document says another one
// replaced it.
func knowledgeSuperseded(d *document) bool {
	s, _, _ := d.Field(fieldStatus)
	return strings.EqualFold(strings.TrimSpace(s), statusSuperseded)
}

// knowledgeH1 returns the first level-1 heading, or nil.
func knowledgeH1(d *document) *heading {
	for i := range d.Headings {
		if d.Headings[i].Level == 1 {
			return &d.Headings[i]
		}
	}
	return nil
}

// knowledgeConvention checks every knowledge document for the required
// fields, an H1, a claim section, no hand-written date and a distinctive
// identity.
func knowledgeConvention(v *view) []draft {
	kd := v.cfg.Checks.KnowledgeDocs
	var out []draft
	for _, d := range knowledgeDocuments(v) {
		at := func(line int) []finding.Location { return []finding.Location{{Path: d.Path, Line: max(line, 1)}} }
		h1 := knowledgeH1(d)
		h1Line := 1
		if h1 != nil {
			h1Line = h1.Line
		}
		for _, name := range kd.RequiredFields {
			val, line, ok := d.Field(name)
			if ok && strings.TrimSpace(val) != "" {
				continue
			}
			msg := fmt.Sprintf("knowledge document has no %s field in its front matter", name)
			if ok {
				msg = fmt.Sprintf("front-matter field %s is empty", name)
			}
			out = append(out, draft{Code: catalog.KnowledgeFieldMissing, Message: msg,
				Evidence: at(line), EntityIDs: []string{d.ID}, Key: strings.ToLower(name)})
		}
		if h1 == nil {
			out = append(out, draft{Code: catalog.KnowledgeTitleMissing,
				Message:  "knowledge document has no H1 heading",
				Evidence: at(1), EntityIDs: []string{d.ID}, Key: "h1"})
		}
		// A superseded document is kept as a record of what was decided; its
		// claims live on in its successor, so it need not carry any.
		if len(kd.ClaimSections) > 0 && !knowledgeSuperseded(d) && !hasClaimSection(d, kd.ClaimSections) {
			out = append(out, draft{Code: catalog.KnowledgeClaimsMissing,
				Message:  "knowledge document has none of the claim sections " + strings.Join(kd.ClaimSections, ", "),
				Evidence: at(h1Line), EntityIDs: []string{d.ID}, Key: "claims"})
		}
		for _, k := range slices.Sorted(maps.Keys(d.FrontMatterFields)) {
			if strings.EqualFold(k, fieldDate) {
				out = append(out, draft{Code: catalog.KnowledgeDateField,
					Message:  fmt.Sprintf("front-matter field %s is maintained by hand; dates come from git history", k),
					Evidence: at(d.FrontMatterLines[k]), EntityIDs: []string{d.ID}, Key: strings.ToLower(k)})
			}
		}
		if f, ok := weakIdentity(d, h1); ok {
			out = append(out, f)
		}
	}
	return out
}

// hasClaimSection reports whether a heading (levels 1–3) names one of the
// claim sections, compared without regard to case, surrounding space or a
// trailing colon.
func hasClaimSection(d *document, sections []string) bool {
	norm := func(s string) string {
		return strings.ToLower(strings.Join(strings.Fields(strings.TrimRight(strings.TrimSpace(s), ":")), " "))
	}
	for _, h := range d.Headings {
		for _, s := range sections {
			if norm(h.Text) == norm(s) {
				return true
			}
		}
	}
	return false
}

// weakIdentity reports a document whose H1 and Keywords carry no
// distinctive term. A document with neither is left to the title and field
// rules, which already say what to add.
func weakIdentity(d *document, h1 *heading) (draft, bool) {
	kw, kwLine, hasKw := d.Field(fieldKeywords)
	if h1 == nil && !hasKw {
		return draft{}, false
	}
	text := kw
	line := kwLine
	if h1 != nil {
		text, line = h1.Text+" "+kw, h1.Line
	}
	if distinctive(text) {
		return draft{}, false
	}
	return draft{Code: catalog.KnowledgeIdentityWeak,
		Message: fmt.Sprintf("the H1 and Keywords carry no distinctive term of %d or more characters (%q)",
			minIdentityRunes, strings.Join(strings.Fields(text), " ")),
		Evidence: []finding.Location{{Path: d.Path, Line: max(line, 1)}}, EntityIDs: []string{d.ID}, Key: "identity"}, true
}

// distinctive reports whether text holds a term of at least
// minIdentityRunes letters or digits that is neither a stopword nor a bare
// number.
func distinctive(text string) bool {
	for _, t := range words(text) {
		if utf8.RuneCountInString(t) < minIdentityRunes || identityStopwords[t] {
			continue
		}
		if strings.IndexFunc(t, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
			continue // a year or a number names no subject
		}
		return true
	}
	return false
}
