package reconcile

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/nearmiss"
)

// maxSupersedes bounds the documents one Supersedes field names; the rest
// are not checked, and one finding says so.
const maxSupersedes = 16

// supersedesExts are the extensions a Supersedes path may leave out.
var supersedesExts = []string{".md", ".markdown", ".mdx"}

// supersedesLink matches a Supersedes value written as a Markdown link.
var supersedesLink = regexp.MustCompile(`^\[[^\]]*\]\(\s*<?([^)>\s]*)>?[^)]*\)$`)

// knowledgeSupersedes reports each document a knowledge document's
// Supersedes field names that does not exist.
func knowledgeSupersedes(v *view) []draft {
	var out []draft
	var near *nearDocuments // built on the first unknown name
	titles := knowledgeTitles(v)
	root := path.Clean(v.cfg.Checks.KnowledgeDocs.Root)
	for _, d := range knowledgeDocuments(v) {
		val, line, ok := d.Field(fieldSupersedes)
		if !ok || strings.TrimSpace(val) == "" {
			continue
		}
		loc := []finding.Location{{Path: d.Path, Line: max(line, 1)}}
		names := []string{strings.TrimSpace(val)}
		// A list is joined with ", " in the snapshot; a title may hold a
		// comma too, so the whole value is tried first.
		if _, found := resolveSupersedes(v, titles, d, root, names[0]); !found && strings.Contains(val, ",") {
			names = names[:0]
			for _, n := range strings.Split(val, ",") {
				if n = strings.TrimSpace(n); n != "" {
					names = append(names, n)
				}
			}
		}
		if len(names) > maxSupersedes {
			out = append(out, draft{Code: catalog.KnowledgeSupersedesGone,
				Message:  fmt.Sprintf("Supersedes names %d documents; only the first %d were checked", len(names), maxSupersedes),
				Evidence: loc, EntityIDs: []string{d.ID}, Key: "bound"})
			names = names[:maxSupersedes]
		}
		for _, n := range names {
			tries, found := resolveSupersedes(v, titles, d, root, n)
			if found {
				continue
			}
			f := draft{Code: catalog.KnowledgeSupersedesGone,
				Message:  fmt.Sprintf("Supersedes names %s: no such document", n),
				Evidence: loc, EntityIDs: []string{d.ID}, Key: n}
			if near == nil {
				near = newNearDocuments(v)
			}
			if s, ok := near.suggest(tries); ok {
				f.Remediation = fmt.Sprintf("did you mean %s?", s)
			}
			out = append(out, f)
		}
	}
	return out
}

// resolveSupersedes looks up one name: a path relative to the document, to
// the knowledge root or to the repository (a leading / means only the
// repository), each with or without its extension; else a document title
// (front-matter title or H1), without regard to case. It returns the
// paths it tried, for a did-you-mean.
func resolveSupersedes(v *view, titles map[string]bool, d *document, root, name string) (tries []string, found bool) {
	p := name
	if m := supersedesLink.FindStringSubmatch(p); m != nil {
		p = m[1]
	}
	p, _, _ = strings.Cut(p, "#")
	if p != "" {
		var bases []string
		if strings.HasPrefix(p, "/") {
			bases = []string{"."}
		} else {
			bases = []string{path.Dir(d.Path), root, "."}
		}
		for _, b := range bases {
			c := path.Join(b, p)
			if strings.HasPrefix(c, "../") || c == ".." || slices.Contains(tries, c) {
				continue
			}
			tries = append(tries, c)
			if v.docByPath[c] != nil {
				return tries, true
			}
			for _, ext := range supersedesExts {
				if v.docByPath[c+ext] != nil {
					return tries, true
				}
			}
		}
	}
	return tries, titles[strings.ToLower(name)]
}

// knowledgeTitles holds every document's title and first H1, lower-cased,
// for Supersedes names that are titles.
func knowledgeTitles(v *view) map[string]bool {
	out := make(map[string]bool, len(v.documents))
	for _, d := range v.documents {
		if d.Title != "" {
			out[strings.ToLower(d.Title)] = true
		}
		if h := knowledgeH1(d); h != nil && h.Text != "" {
			out[strings.ToLower(h.Text)] = true
		}
	}
	return out
}

// nearDocuments suggests the document a Supersedes name probably meant.
// Whole paths are compared first (a typo in a directory); paths that share
// a long directory score alike there, so then file names within the
// directory of the path tried are compared.
type nearDocuments struct {
	v      *view
	paths  *nearmiss.Index
	byDir  map[string]*nearmiss.Index
	inDirs map[string][]string
}

func newNearDocuments(v *view) *nearDocuments {
	n := &nearDocuments{v: v, paths: nearmiss.NewIndex(knowledgeDocPaths(v)),
		byDir: map[string]*nearmiss.Index{}, inDirs: map[string][]string{}}
	for _, d := range v.documents {
		dir := path.Dir(d.Path)
		n.inDirs[dir] = append(n.inDirs[dir], path.Base(d.Path))
	}
	return n
}

// suggest returns the one document near one of the paths tried (with .md
// added when it has no extension), when every near miss agrees on it.
func (n *nearDocuments) suggest(tries []string) (string, bool) {
	var got string
	for _, t := range tries {
		q := t
		if path.Ext(q) == "" {
			q += ".md"
		}
		s, _, ok := n.paths.Match(q)
		if !ok {
			dir := path.Dir(q)
			ix := n.byDir[dir]
			if ix == nil {
				ix = nearmiss.NewIndex(n.inDirs[dir])
				n.byDir[dir] = ix
			}
			if s, _, ok = ix.Match(path.Base(q)); ok {
				s = path.Join(dir, s)
			}
		}
		if !ok {
			continue
		}
		if got != "" && got != s {
			return "", false
		}
		got = s
	}
	return got, got != ""
}

// knowledgeDocPaths lists every document's path, sorted.
func knowledgeDocPaths(v *view) []string {
	out := make([]string, 0, len(v.documents))
	for _, d := range v.documents {
		out = append(out, d.Path)
	}
	return out
}
