package scan

import (
	"fmt"
	"path"
	"strings"

	"golang.org/x/text/language"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// A translated documentation tree links the pages it has not translated
// yet as if it had them: docs/guide-ja/start.md writes (intro.md) while
// only docs/guide/intro.md exists, and the site serves the source
// language's page there (yii2's guide renderer, MkDocs' i18n plugin,
// Docusaurus and Starlight all fall back so). A tree is read as a
// translation when its directory's name is another directory's with a
// language tag after it (guide-ja beside guide, docs_zh-CN beside docs)
// or is a language tag itself (docs/ja inside docs), and at least half of
// its pages, and at least two, are pages of that source at the same
// relative path: the mirror is the evidence, the name only its shape. A
// link of such a tree that names none of its files is also read in the
// source; one missing from both is still broken. A generator the scan
// models says where its translations lie itself (site_mkdocs.go's i18n),
// so only pages outside those sites, or of an inferred one, fall back.

// translationsMin is the fewest mirrored pages that make a tree a
// translation.
const translationsMin = 2

// translationTrees finds the translated trees among the directories that
// hold the Markdown pages docs: each translated directory → the directory
// it translates.
func translationTrees(docs []string, files map[string]bool) map[string]string {
	pages := map[string][]string{} // a candidate tree → its pages, relative
	sources := map[string]string{}
	for _, doc := range docs {
		for dir := parentDir(doc); dir != "."; dir = parentDir(dir) {
			src, seen := sources[dir]
			if !seen {
				src, _ = translatedFrom(dir) // "" for a name without a tag
				sources[dir] = src
			}
			if src != "" {
				pages[dir] = append(pages[dir], strings.TrimPrefix(doc, dir+"/"))
			}
		}
	}
	out := map[string]string{}
	translated := map[string]int{} // a source → how many trees translate it
	for dir, rels := range pages {
		src := sources[dir]
		mirrored := 0
		for _, rel := range rels {
			if files[path.Join(src, rel)] {
				mirrored++
			}
		}
		if mirrored >= translationsMin && 2*mirrored >= len(rels) {
			out[dir] = src
			translated[src]++
		}
	}
	// A code that is also a common word of the trade (create-react-app-ts,
	// docs-ml) names a language only beside another translation of the
	// same tree.
	for dir, src := range out {
		if ambiguousTag(dir) && translated[src] < 2 {
			delete(out, dir)
		}
	}
	return out
}

// ambiguousCodes are the ISO 639-1 codes that directories use for
// something else: TypeScript, C#, machine learning, operating systems,
// I/O, shell, PowerShell.
var ambiguousCodes = map[string]bool{"ts": true, "cs": true, "ml": true, "os": true, "io": true, "sh": true, "ps": true}

// ambiguousTag reports whether dir's language tag is one of
// ambiguousCodes.
func ambiguousTag(dir string) bool {
	name := strings.ToLower(strings.ReplaceAll(path.Base(dir), "_", "-"))
	if i := strings.LastIndexByte(name, '-'); i >= 0 {
		name = name[i+1:]
	}
	return ambiguousCodes[name]
}

// translatedFrom returns the directory that dir's name says it translates:
// guide-ja and guide_pt-BR translate guide beside them, ja translates its
// parent. ok is false when the name carries no language tag.
func translatedFrom(dir string) (string, bool) {
	name := path.Base(dir)
	if languageTag(name) {
		return parentDir(dir), true
	}
	for i := 1; i < len(name)-1; i++ {
		if (name[i] == '-' || name[i] == '_') && languageTag(name[i+1:]) {
			return path.Join(parentDir(dir), name[:i]), true
		}
	}
	return "", false
}

// languageTag reports whether s is a language tag whose language is a
// two-letter ISO 639-1 code (ja, pt-BR, zh_CN, sr-Latn), in any letter
// case. Three-letter codes are left out: ISO 639-3 spells too many words
// a directory is named by (api, dev, lib, new, old, src).
func languageTag(s string) bool {
	s = strings.ReplaceAll(s, "_", "-")
	base, _, _ := strings.Cut(s, "-")
	if len(base) != 2 {
		return false
	}
	if _, err := language.ParseBase(base); err != nil {
		return false
	}
	_, err := language.Parse(s)
	return err == nil
}

// translationOf returns the translated tree doc lies in, the nearest, and
// the tree it translates.
func (d *docRefs) translationOf(doc string) (dir, source string, ok bool) {
	for dir := parentDir(doc); dir != "."; dir = parentDir(dir) {
		if src, ok := d.translations[dir]; ok {
			return dir, src, true
		}
	}
	return "", "", false
}

// untranslated adds, after cands, what each candidate inside doc's
// translated tree names in the tree it translates.
func (d *docRefs) untranslated(doc string, cands []string) []string {
	dir, src, ok := d.translationOf(doc)
	if !ok {
		return cands
	}
	out := cands
	for _, c := range cands {
		if rel, ok := strings.CutPrefix(c, dir+"/"); ok {
			out = append(out, path.Join(src, rel))
		}
	}
	return out
}

// noteTranslations says, once per translated tree, that its links to pages
// it lacks are read in its source.
func (d *docRefs) noteTranslations() {
	for _, dir := range sortedKeys(d.translations) {
		src := d.translations[dir]
		d.b.note(snapshot.Coverage{Analyzer: snapshot.AnalyzerSiteInference, Scope: dir, Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("%s translates %s: a link to a page it has not translated is checked in %s, as sites fall back to the source language",
				textwriter.Dir(dir), textwriter.Dir(src), textwriter.Dir(src))})
	}
}
