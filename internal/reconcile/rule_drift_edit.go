package reconcile

import (
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/finding"
)

// movedRef is a link or path reference whose base target is gone: what it
// was, where it went (newPath, "" when nowhere known; exact when found by
// content hash) and how it is written.
type movedRef struct {
	oldPath, newPath string
	exact            bool
	kind             string // EditLink or EditCode
	written          string
	doc              string
	line             int
}

// edit is the reference rewritten to newPath, or nil when it cannot be
// written unambiguously.
func (m *movedRef) edit() []finding.Edit {
	if m.newPath == "" {
		return nil
	}
	var w string
	var ok bool
	if m.kind == finding.EditLink {
		w, ok = linkEdit(m.doc, m.written, m.oldPath, m.newPath)
	} else {
		w, ok = pathEdit(m.doc, m.written, m.oldPath, m.newPath)
	}
	if !ok || w == m.written {
		return nil
	}
	return []finding.Edit{{Path: m.doc, Line: m.line, Kind: m.kind, Old: m.written, New: w}}
}

// linkEdit writes link destination dest of document doc, which reached
// oldPath in the base, to reach newPath: a URL of the repository stays a
// URL, a link from the root ("/docs/a.md") stays one, a relative link is
// written relative to the document; the fragment and a trailing slash are
// kept. A destination with a query, or one that did not name oldPath in
// one of these ways, is not rewritten.
func linkEdit(doc, dest, oldPath, newPath string) (string, bool) {
	if strings.Contains(dest, "://") {
		return urlWithPath(dest, oldPath, newPath)
	}
	frag := fragment(dest)
	p := strings.TrimSuffix(dest, frag)
	if p == "" || strings.ContainsAny(p, "?\\") {
		return "", false
	}
	slash := ""
	if strings.HasSuffix(p, "/") && len(p) > 1 {
		slash = "/"
	}
	if strings.HasPrefix(p, "/") {
		if path.Clean(p) != "/"+oldPath {
			return "", false
		}
		return "/" + newPath + slash + frag, true
	}
	if path.Join(path.Dir(doc), p) != oldPath {
		return "", false
	}
	rel := relPath(doc, newPath)
	if strings.HasPrefix(p, "./") && !strings.HasPrefix(rel, "../") {
		rel = "./" + rel
	}
	return rel + slash + frag, true
}

// pathEdit writes a path in a code span, which named oldPath in the base,
// to name newPath from the same root: the repository root
// (`packages/core/a.ts`), a directory above the file
// (`core/a.ts` → `pkg/core/a.ts` keeps the root it was written from when
// newPath is under it), or the document's directory (`./a.ts`,
// `../lib/a.ts`); otherwise newPath from the repository root. A trailing
// slash is kept.
func pathEdit(doc, text, oldPath, newPath string) (string, bool) {
	t, slash := text, ""
	if strings.HasSuffix(t, "/") && len(t) > 1 {
		t, slash = strings.TrimSuffix(t, "/"), "/"
	}
	switch {
	case t == "" || strings.ContainsAny(t, " \\"):
		return "", false
	case t == oldPath:
		return newPath + slash, true
	case strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../"):
		if path.Join(path.Dir(doc), t) != oldPath {
			return "", false
		}
		rel := relPath(doc, newPath)
		if strings.HasPrefix(t, "./") && !strings.HasPrefix(rel, "../") {
			rel = "./" + rel
		}
		return rel + slash, true
	case strings.HasSuffix(oldPath, "/"+t):
		root := strings.TrimSuffix(oldPath, t)
		if strings.HasPrefix(newPath, root) {
			return strings.TrimPrefix(newPath, root) + slash, true
		}
	}
	return newPath + slash, true
}

// symbolEdit writes the code span text, whose key named the renamed
// symbol, with written's name: the span itself when it is the key, else
// the one identifier that the key and written tell apart, replaced where
// it occurs once in text (`rank.Rank(docs)` → `rank.Filter(docs)`).
func symbolEdit(text, key, written string) (string, bool) {
	if text == key {
		return written, true
	}
	kt, wt := identifiers(key), identifiers(written)
	if len(kt) != len(wt) {
		return "", false
	}
	at := -1
	for i := range kt {
		if kt[i].s != wt[i].s {
			if at >= 0 {
				return "", false
			}
			at = i
		}
	}
	if at < 0 {
		return "", false
	}
	var hit *ident
	for _, id := range identifiers(text) {
		if id.s == kt[at].s {
			if hit != nil {
				return "", false
			}
			hit = &id
		}
	}
	if hit == nil {
		return "", false
	}
	return text[:hit.at] + wt[at].s + text[hit.at+len(hit.s):], true
}

type ident struct {
	s  string
	at int
}

// identifiers splits s into its runs of identifier characters (letters,
// digits, _ and $), with their offsets.
func identifiers(s string) []ident {
	var out []ident
	start := -1
	for i, r := range s + " " {
		isID := r == '_' || r == '$' || r >= 0x80 || (r >= '0' && r <= '9') || (r|0x20 >= 'a' && r|0x20 <= 'z')
		switch {
		case isID && start < 0:
			start = i
		case !isID && start >= 0:
			out = append(out, ident{s[start:i], start})
			start = -1
		}
	}
	return out
}
