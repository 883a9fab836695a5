package markdown

import (
	"net/url"
	"path"
	"slices"
	"strings"
)

// classifyLink fills Kind, Target and Anchor of l from its Destination.
// docPath is the document's repo-relative path. It reports false when a
// relative link climbs above the repository root (Target is then empty).
func classifyLink(l *Link, docPath string) (insideRoot bool) {
	dest := strings.TrimSpace(l.Destination)
	switch {
	case hasScheme(dest) || strings.HasPrefix(dest, "//"):
		l.Kind = LinkExternal
		return true
	case strings.HasPrefix(dest, "#"):
		l.Kind = LinkAnchor
		l.Anchor = decodePercent(elementFragment(dest[1:]))
		return true
	}
	l.Kind = LinkRelative
	p := dest
	if i := strings.IndexByte(p, '#'); i >= 0 {
		l.Anchor = decodePercent(elementFragment(p[i+1:]))
		p = p[:i]
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	p = decodePercent(p)
	var joined string
	switch {
	case p == "":
		// [x](#a) aside, an empty path (or only ?query) is the document.
		joined = docPath
	case strings.HasPrefix(p, "/"):
		// GitHub resolves a leading / against the repository root.
		joined = strings.TrimLeft(p, "/")
	default:
		joined = path.Dir(docPath) + "/" + p
	}
	clean := path.Clean(joined)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		if !strings.HasPrefix(p, "/") && githubRoute(clean) {
			l.Kind, l.Anchor = LinkExternal, ""
			return true
		}
		return false
	}
	l.Target = clean
	return true
}

// hasScheme reports whether dest starts with an RFC 3986 scheme and a colon
// (https:, mailto:, vscode:, …).
func hasScheme(dest string) bool {
	for i := 0; i < len(dest); i++ {
		c := dest[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// decodePercent percent-decodes s, keeping it as written when it is not
// valid percent-encoding (a literal "100%" in a file name). Decoded bytes
// that are not UTF-8 become U+FFFD so the output stays valid JSON text.
func decodePercent(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	d, err := url.PathUnescape(s)
	if err != nil {
		return s
	}
	return strings.ToValidUTF8(d, "\uFFFD")
}

// elementFragment is the part of a URL fragment that names an element: a
// text directive (#:~:text=…, or #id:~:text=…) is the browser's to find in
// the page's text, never a heading anchor, so it is cut off.
func elementFragment(frag string) string {
	if i := strings.Index(frag, ":~:"); i >= 0 {
		return frag[:i]
	}
	return frag
}

// Retarget returns l with Destination dest read from the document at
// docPath: its Kind, Target and Anchor as classifyLink fills them. ok is
// false when the link climbs above the repository root.
func Retarget(l Link, dest, docPath string) (Link, bool) {
	l.Destination, l.Kind, l.Target, l.Anchor = dest, "", "", ""
	ok := classifyLink(&l, docPath)
	return l, ok
}

// githubRepoRoutes are the pages of a repository on github.com, below
// /OWNER/REPO/, that are not files of the repository.
var githubRepoRoutes = []string{
	"actions", "activity", "blob", "branches", "commit", "commits", "compare", "deployments",
	"discussions", "edit", "forks", "graphs", "issues", "labels", "milestones", "network",
	"packages", "projects", "pull", "pulls", "pulse", "raw", "releases", "security",
	"settings", "stargazers", "tags", "tree", "watchers", "wiki",
}

// githubRoute reports whether a link that climbs above the repository root
// (clean, the repo-relative path, starts with ../) names a page of the
// repository on github.com. GitHub renders a file at
// /OWNER/REPO/blob/REF/PATH and the browser resolves its relative links
// from there, so a link climbing exactly two levels above the root (past
// REF and blob) reaches /OWNER/REPO/: ../../graphs/contributors from the
// root README is the contributors page, ../../issues the issue list. Any
// other climb lands on a ref that is no route, or leaves the repository.
func githubRoute(clean string) bool {
	rest, ok := strings.CutPrefix(clean, "../../")
	if !ok || rest == ".." || strings.HasPrefix(rest, "../") {
		return false
	}
	first, _, _ := strings.Cut(rest, "/")
	return slices.Contains(githubRepoRoutes, first)
}
