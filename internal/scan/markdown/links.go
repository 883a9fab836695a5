package markdown

import (
	"fmt"
	"net/url"
	"path"
	"strings"
)

// classifyLink fills Kind, Target, Anchor and OutsideRoot of l from its
// Destination. docPath is the document's repo-relative path. It reports
// false when a relative link climbs above the repository root (Target is
// then empty and OutsideRoot set).
func classifyLink(l *Link, docPath string) (insideRoot bool) {
	dest := strings.TrimSpace(l.Destination)
	switch {
	case codePath(dest):
		// Before the scheme: crate::x and http::StatusCode are no URLs.
		l.Kind = linkCode
		return true
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
		if repositoryRoute(clean) {
			// GitHub serves the file at /owner/repo/blob/ref/path: two
			// levels above the root is the repository's own page, and
			// ../../issues, /../../releases or ../../tree/main are its
			// routes, not files.
			l.Kind = LinkExternal
			return true
		}
		l.OutsideRoot = true
		return false
	}
	l.Target = clean
	return true
}

// githubRoutes are the pages GitHub serves below a repository's URL
// (github.com/owner/repo/<route>), which a link written ../../<route> from
// the repository root reaches.
var githubRoutes = map[string]bool{
	"actions": true, "activity": true, "blame": true, "blob": true, "branches": true, "commit": true,
	"commits": true, "compare": true, "delete": true, "deployments": true, "discussions": true, "edit": true,
	"find": true, "forks": true, "graphs": true, "issues": true, "labels": true, "milestones": true,
	"network": true, "new": true, "packages": true, "projects": true, "pull": true, "pulls": true,
	"pulse": true, "raw": true, "releases": true, "security": true, "settings": true, "stargazers": true,
	"tags": true, "tree": true, "upload": true, "watchers": true, "wiki": true,
}

// GitHubRoute reports whether name is a page GitHub serves below a
// repository's URL (issues, pulls, wiki, …).
func GitHubRoute(name string) bool { return githubRoutes[name] }

// repositoryRoute reports whether a root-relative path that climbs above
// the repository root (clean, as path.Clean left it) climbs exactly the two
// levels of GitHub's blob/<ref> prefix and then names the repository page or
// one of its routes.
func repositoryRoute(clean string) bool {
	rest, ok := strings.CutPrefix(clean, "../..")
	if !ok || (rest != "" && rest[0] != '/') {
		return false
	}
	rest = strings.TrimPrefix(rest, "/")
	if rest == "" {
		return true
	}
	first, _, _ := strings.Cut(rest, "/")
	return first != ".." && githubRoutes[first]
}

// codePath reports whether dest is a rustdoc intra-doc link: identifiers
// joined by "::" (crate::extract::Path, tower_http::trace, ::std::fmt),
// maybe in backticks, after a disambiguator (fn@, struct@) and before "()"
// or "!", with a #fragment; or crate, self or super alone. Markdown that
// rustdoc renders (a README or a docs file spliced in by include_str!)
// links code so; no file path holds "::", and no reader's link to a
// directory named crate, self or super is worth a false error.
func codePath(dest string) bool {
	p, _, _ := strings.Cut(dest, "#")
	if len(p) > 1 && p[0] == '`' && p[len(p)-1] == '`' {
		p = p[1 : len(p)-1]
	}
	if at := strings.IndexByte(p, '@'); at > 0 && identifier(p[:at]) {
		p = p[at+1:]
	}
	p = strings.TrimSuffix(strings.TrimSuffix(p, "()"), "!")
	switch p {
	case "crate", "self", "super":
		return true
	}
	segs := strings.Split(strings.TrimPrefix(p, "::"), "::")
	if len(segs) < 2 {
		return false
	}
	for _, s := range segs {
		if !identifier(s) {
			return false
		}
	}
	return true
}

// identifier reports whether s is an ASCII identifier: a letter or _, then
// letters, digits and _.
func identifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case i > 0 && c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return s != ""
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
	l.Destination, l.Kind, l.Target, l.Anchor, l.OutsideRoot = dest, "", "", "", false
	ok := classifyLink(&l, docPath)
	return l, ok
}

// OutsideRootMessage is the message of the LINK_OUTSIDE_ROOT issue for a
// link with destination dest; resolution finds the issue of a link by it.
func OutsideRootMessage(dest string) string {
	return fmt.Sprintf("link %q climbs above the repository root", clip(dest))
}
