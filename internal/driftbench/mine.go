package driftbench

import (
	"cmp"
	"net/url"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// change is what one commit removed, as the miner sees it: the facts a
// reference in a document the commit left alone can break on.
type change struct {
	// Repository is owner/name, for links written as the repository's own
	// GitHub URLs.
	Repository string
	// Files maps every file of the parent tree the commit deleted or
	// renamed to its new path ("" when deleted).
	Files map[string]string
	// Dirs maps every directory of the parent tree that the commit emptied
	// to where most of its files went ("" when deleted or scattered).
	Dirs map[string]string
	// Headings maps a document the commit kept (and edited) to the anchors
	// its parent version had and the commit's version has not.
	Headings map[string][]string
	// Symbols maps an exported name that a changed source file declared at
	// the parent and no changed file declares after the commit to that file.
	Symbols map[string]string
}

// Candidate is a reference that the commit may have broken: to be read and
// confirmed by hand.
type Candidate struct {
	Document  string `json:"document"`
	Line      int    `json:"line"`
	Reference string `json:"reference"`
	Kind      string `json:"kind"`
	// Target is what the reference reached at the parent.
	Target string `json:"target"`
	// Moved is where the target went, when the commit renamed it.
	Moved string `json:"moved,omitempty"`
}

// minSymbol is the shortest symbol name mined: shorter ones (`Run`, `ID`)
// are words more often than references.
const minSymbol = 4

// candidates lists the references of doc (the parent version of a Markdown
// file the commit did not edit) that reached something the change removed,
// in document order.
func candidates(doc markdown.Document, ch change) []Candidate {
	var out []Candidate
	add := func(c Candidate) {
		c.Document = doc.Path
		out = append(out, c)
	}
	for _, l := range doc.Links {
		switch l.Kind {
		case markdown.LinkRelative:
			if l.Target == "" {
				continue
			}
			if to, kind, ok := ch.removed(l.Target); ok {
				add(Candidate{Line: l.Line, Reference: l.Destination, Kind: kindLink, Target: l.Target + kind, Moved: to})
				continue
			}
			if l.Anchor != "" && slices.Contains(ch.Headings[l.Target], l.Anchor) {
				add(Candidate{Line: l.Line, Reference: l.Destination, Kind: kindAnchor, Target: l.Target + "#" + l.Anchor})
			}
		case markdown.LinkExternal:
			p, ok := selfURLPath(ch.Repository, l.Destination)
			if !ok {
				continue
			}
			if to, kind, ok := ch.removed(p); ok {
				add(Candidate{Line: l.Line, Reference: l.Destination, Kind: kindSelfURL, Target: p + kind, Moved: to})
			}
		}
	}
	dir := path.Dir(doc.Path)
	for _, s := range doc.CodeSpans {
		if s.InLink {
			continue
		}
		if p, ok := spanPath(s.Text); ok {
			found := false
			for _, cand := range []string{p, path.Join(dir, p)} {
				if to, kind, ok := ch.removed(cand); ok {
					add(Candidate{Line: s.Line, Reference: s.Text, Kind: kindPath, Target: cand + kind, Moved: to})
					found = true
					break
				}
			}
			if found {
				continue
			}
		}
		if name := spanSymbol(s.Text); len(name) >= minSymbol {
			if file, ok := ch.Symbols[name]; ok {
				add(Candidate{Line: s.Line, Reference: s.Text, Kind: kindSymbol, Target: file + ":" + name})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Candidate) int { return cmp.Compare(a.Line, b.Line) })
	return out
}

// removed says whether p (repo-relative, clean) is a file or directory the
// change removed, where it went, and "/" for a directory.
func (ch change) removed(p string) (to, kind string, ok bool) {
	if to, ok := ch.Files[p]; ok {
		return to, "", true
	}
	if to, ok := ch.Dirs[strings.TrimSuffix(p, "/")]; ok {
		return to, "/", true
	}
	return "", "", false
}

// spanPath reads a code span as a path: no spaces, not a URL, "./" and a
// final "/" dropped, cleaned. Only spans with a "/" or a "." can name a
// file, so a bare word is not a path.
func spanPath(t string) (string, bool) {
	t = strings.TrimSpace(t)
	if t == "" || strings.ContainsAny(t, " \t<>*?|\"'`$") || strings.Contains(t, "://") {
		return "", false
	}
	if !strings.ContainsAny(t, "/.") {
		return "", false
	}
	t = strings.TrimPrefix(t, "./")
	t = strings.TrimSuffix(t, "/")
	if t == "" || strings.HasPrefix(t, "/") || strings.HasPrefix(t, "..") && path.Clean(t) != t {
		return "", false
	}
	return path.Clean(t), true
}

// spanSymbol returns the identifier a code span names in the shapes people
// write a symbol: `Name`, `Name()`, `Name(args)`, `pkg.Name`,
// `Type.Method`, `Type#method`, `new Name()`, `Name<T>`, `@name`; "" when
// the span is not one of them.
func spanSymbol(t string) string {
	t = strings.TrimSpace(t)
	t = strings.TrimPrefix(t, "new ")
	t = strings.TrimPrefix(t, "@")
	if i := strings.IndexAny(t, "(<"); i > 0 {
		t = t[:i]
	}
	if i := strings.LastIndexAny(t, ".#:"); i >= 0 {
		t = t[i+1:]
	}
	if t == "" {
		return ""
	}
	for i, r := range t {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return ""
		}
	}
	return t
}

// selfURLPath returns the repository path a link to the repository's own
// GitHub files names at a branch (blob, tree, raw or edit of main, master
// or develop; raw.githubusercontent.com likewise). Permalinks (a commit
// or a tag) are history, not references to the current tree.
func selfURLPath(repo, dest string) (string, bool) {
	u, err := url.Parse(dest)
	if err != nil || repo == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return "", false
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	owner, name, _ := strings.Cut(repo, "/")
	switch strings.ToLower(u.Host) {
	case "github.com", "www.github.com":
		if len(parts) < 5 || !strings.EqualFold(parts[0], owner) || !strings.EqualFold(parts[1], name) {
			return "", false
		}
		switch parts[2] {
		case "blob", "tree", "raw", "edit":
		default:
			return "", false
		}
		parts = parts[3:]
	case "raw.githubusercontent.com":
		if len(parts) < 4 || !strings.EqualFold(parts[0], owner) || !strings.EqualFold(parts[1], name) {
			return "", false
		}
		parts = parts[2:]
	default:
		return "", false
	}
	switch parts[0] {
	case "main", "master", "develop":
	default:
		return "", false
	}
	p := path.Clean(strings.Join(parts[1:], "/"))
	if p == "." || strings.HasPrefix(p, "..") {
		return "", false
	}
	return p, true
}
