package reconcile

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Bounds of the near-twin comparison, which is pairwise within an area.
const (
	// maxTwinDocsPerArea bounds the documents of one area compared with
	// each other (the first ones by path); crossing it is a finding.
	maxTwinDocsPerArea = 500
	// maxTwinsPerDocument bounds the findings one document gets; the last
	// one counts the rest.
	maxTwinsPerDocument = 3
	// minIdentityTerms is how many distinct terms a title and keywords
	// need before they are compared: one word is a topic, not an identity.
	minIdentityTerms = 2
	// minTermRunes drops short words (ids, "go", "ui").
	minTermRunes = 3
)

// keywordsField is the front-matter key that holds a document's keywords.
const keywordsField = "keywords"

// twinStopwords are words that say nothing about a document's subject.
var twinStopwords = map[string]bool{
	"about": true, "all": true, "also": true, "and": true, "any": true, "are": true, "but": true,
	"can": true, "docs": true, "documentation": true, "for": true, "from": true, "has": true,
	"have": true, "how": true, "into": true, "introduction": true, "its": true, "not": true,
	"notes": true, "our": true, "overview": true, "readme": true, "than": true, "that": true,
	"the": true, "their": true, "then": true, "this": true, "those": true, "use": true,
	"using": true, "via": true, "what": true, "when": true, "where": true, "which": true,
	"who": true, "why": true, "with": true, "you": true, "your": true,
}

// twinDoc is a document prepared for comparison.
type twinDoc struct {
	doc *document
	// full is the sorted terms of the title and keywords; identity is
	// full without the area's common terms (see prepareTwins).
	full, identity []string
	// vocabulary holds the terms of the title, keywords, headings and
	// summary.
	vocabulary map[string]bool
}

// nearTwins reports pairs of documents of one area where every term of one
// document's title and keywords appears in the other's title, keywords,
// headings or summary. A pair is reported once, on the later path, naming
// the earlier one.
func nearTwins(v *view) []draft {
	byArea := map[string][]*document{}
	var areas []string
	for _, d := range v.documents {
		a := v.areaOf[d.ID]
		if a == "" || notAboutCode(d) {
			continue
		}
		if _, seen := byArea[a]; !seen {
			areas = append(areas, a)
		}
		byArea[a] = append(byArea[a], d)
	}
	slices.Sort(areas)
	var out []draft
	for _, a := range areas {
		docs := byArea[a]
		areaPath := a
		if e := v.entity(a); e != nil {
			areaPath = snapshot.EntityPath(e)
		}
		if len(docs) > maxTwinDocsPerArea {
			out = append(out, draft{
				Code: catalog.NearTwinDocument,
				Message: fmt.Sprintf("area %s holds %d documents; near twins were looked for among the first %d by path only",
					areaPath, len(docs), maxTwinDocsPerArea),
				Evidence:  []finding.Location{{Path: areaPath}},
				EntityIDs: []string{a},
				Key:       "bound",
			})
			docs = docs[:maxTwinDocsPerArea]
		}
		out = append(out, twinsIn(areaPath, prepareTwins(docs, areaPath))...)
	}
	return out
}

// twinsIn compares every pair of one area's documents (sorted by path).
func twinsIn(areaPath string, docs []twinDoc) []draft {
	var out []draft
	for j := range docs {
		b := &docs[j]
		var found []draft
		extra := 0
		for i := range j {
			a := &docs[i]
			if parallelTrees(a.doc.Path, b.doc.Path) {
				continue // one page in two language or version trees
			}
			src, dst := b, a
			terms := b.identity
			switch {
			case sameTitle(a, b):
				terms = b.full
			case coveredBy(b, a):
			case coveredBy(a, b):
				src, dst, terms = a, b, a.identity
			default:
				continue
			}
			if len(found) == maxTwinsPerDocument {
				extra++
				continue
			}
			found = append(found, draft{
				Code: catalog.NearTwinDocument,
				Message: fmt.Sprintf("near twin of %s in area %s: every term of the title and keywords of %s (%s) appears in %s",
					a.doc.Path, areaPath, src.doc.Path, strings.Join(terms, ", "), dst.doc.Path),
				Evidence:  []finding.Location{{Path: b.doc.Path}, {Path: a.doc.Path}},
				EntityIDs: []string{b.doc.ID, a.doc.ID},
				Key:       a.doc.Path,
			})
		}
		if extra > 0 {
			found[len(found)-1].Message += fmt.Sprintf(" (and %d more near twins of %s in the area)", extra, b.doc.Path)
		}
		out = append(out, found...)
	}
	return out
}

// sameTitle reports two documents whose titles and keywords have the same
// terms (at least minIdentityTerms), common ones included: a duplicate,
// whatever the rest of the area says.
func sameTitle(x, y *twinDoc) bool {
	return len(x.full) >= minIdentityTerms && slices.Equal(x.full, y.full)
}

// coveredBy reports whether x has an identity to compare and every term
// of it is in y's vocabulary.
func coveredBy(x, y *twinDoc) bool {
	if len(x.identity) < minIdentityTerms {
		return false
	}
	for _, t := range x.identity {
		if !y.vocabulary[t] {
			return false
		}
	}
	return true
}

// prepareTwins builds the identities and vocabularies of one area's
// documents. Terms that tell the area's documents from each other are the
// identity: the words of the area's own path (every package README of
// packages/server says "server") and the terms in the identity of more
// than half of the area's documents (the project's name in every title)
// are left out of it.
func prepareTwins(docs []*document, areaPath string) []twinDoc {
	common := map[string]bool{}
	addTerms(common, areaPath)
	ids := make([]map[string]bool, len(docs))
	seen := map[string]int{}
	for i, d := range docs {
		id := map[string]bool{}
		addTerms(id, d.Title)
		addTerms(id, docKeywords(d))
		ids[i] = id
		for t := range id {
			seen[t]++
		}
	}
	if len(docs) >= minDocsForCommonTerms {
		for t, n := range seen {
			if 2*n > len(docs) {
				common[t] = true
			}
		}
	}
	out := make([]twinDoc, 0, len(docs))
	for i, d := range docs {
		voc := maps.Clone(ids[i])
		for _, h := range d.Headings {
			addTerms(voc, h.Text)
		}
		addTerms(voc, d.Summary)
		full := slices.Sorted(maps.Keys(ids[i]))
		maps.DeleteFunc(ids[i], func(t string, _ bool) bool { return common[t] })
		out = append(out, twinDoc{doc: d, full: full, identity: slices.Sorted(maps.Keys(ids[i])), vocabulary: voc})
	}
	return out
}

// minDocsForCommonTerms is how many documents an area needs before a term
// most of their titles share stops counting as identity.
const minDocsForCommonTerms = 5

// docKeywords is the document's front-matter keywords (a list arrives
// joined with ", "), or "" when it has none.
func docKeywords(d *document) string {
	if k, _, ok := d.Field(keywordsField); ok {
		return k
	}
	return d.FrontMatter[keywordsField]
}

// words splits s, lower-cased, into its runs of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// addTerms adds the terms of s: lower-case runs of letters and digits of
// at least minTermRunes, stopwords left out.
func addTerms(set map[string]bool, s string) {
	for _, w := range words(s) {
		if utf8.RuneCountInString(w) >= minTermRunes && !twinStopwords[w] {
			set[w] = true
		}
	}
}
