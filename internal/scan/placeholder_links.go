package scan

import (
	"regexp"
	"strings"
)

// Placeholder link destinations: a link whose destination stands for a
// link still to be written ([`/v3`](TODO)) or for a value a tool fills in
// ([file]($BRANCH_URL), [x](<url>)) names no file, so when nothing exists
// at it the link is no broken link. A link to a file that does not exist
// (docs/gone.md) is reported as always, and a placeholder-shaped
// destination that does name a file (a TODO file beside the page) links
// to it.

// placeholderLinkWords are whole destinations (compared without regard to
// case) that stand for a link still to be written: to-do markers, and the
// words templates and examples write for "a URL here" (CommonMark reads
// [x](<url>) as the destination url).
var placeholderLinkWords = map[string]bool{
	"todo": true, "tbd": true, "tba": true, "fixme": true, "wip": true,
	"url": true, "link": true, "href": true,
}

// templateVariable is a shell or template variable: $NAME, ${name}.
var templateVariable = regexp.MustCompile(`\$\{?[A-Za-z_]`)

// placeholderDestination reports whether a relative link destination is a
// placeholder: its path (before any #fragment or ?query) is a placeholder
// word, a run of x (xxx), holds a template variable ($NAME, ${name}) or
// template syntax ({{ }}, {% %}), is one expression in braces ({url}) or
// a call in brackets ([url('/content/x.md')]), or
// a segment that is an ellipsis (...,
// …) or holds one, is a %name% variable, a version pattern (vX.Y.md) or
// holds a <name> placeholder or an @NAME@ token.
func placeholderDestination(dest string) bool {
	p := dest
	if i := strings.IndexAny(p, "#?"); i >= 0 {
		p = p[:i]
	}
	p = strings.TrimSpace(p)
	if p == "" {
		return false
	}
	if strings.Contains(p, "{{") || strings.Contains(p, "{%") || templateVariable.MatchString(p) {
		return true
	}
	if len(p) > 2 && p[0] == '{' && p[len(p)-1] == '}' {
		return true // an expression a template evaluates: MDX's {url}, flexdown's {"http://…"}
	}
	if len(p) > 2 && p[0] == '[' && p[len(p)-1] == ']' && strings.Contains(p, "(") {
		return true // a call a template evaluates: Grow's [url('/content/x.md')]
	}
	segs := strings.Split(strings.Trim(p, "/"), "/")
	if len(segs) == 1 {
		w := strings.ToLower(segs[0])
		if placeholderLinkWords[w] || (len(w) >= 3 && strings.Trim(w, "x") == "") {
			return true
		}
	}
	for _, s := range segs {
		if strings.Contains(s, "…") || (len(s) >= 3 && strings.Trim(s, ".") == "") || percentVariable(s) || angleVariable(s) || atVariable(s) || versionPattern(s) {
			return true
		}
	}
	return false
}

// percentVariable reports a segment that is a %name% variable (Writerside's
// %plugin_api_link%, a Windows %APPDATA%): a name that starts with a
// letter or '_' between two '%', which no percent-encoding (%20) is.
func percentVariable(seg string) bool {
	if len(seg) < 3 || seg[0] != '%' || seg[len(seg)-1] != '%' {
		return false
	}
	return identifier(seg[1 : len(seg)-1])
}

// atVariable reports a segment that holds an @NAME@ token, which a build
// replaces before the page is rendered (mdoc's @API_URL@, Maven and Ant
// resource filtering's @project.version@): a name that starts with a
// letter between two '@' — no npm scope (@types/node) or e-mail address
// has the second.
func atVariable(seg string) bool {
	for {
		open := strings.IndexByte(seg, '@')
		if open < 0 {
			return false
		}
		seg = seg[open+1:]
		end := strings.IndexByte(seg, '@')
		if end < 0 {
			return false
		}
		if name := seg[:end]; name != "" && (name[0] >= 'a' && name[0] <= 'z' || name[0] >= 'A' && name[0] <= 'Z') &&
			identifier(strings.ReplaceAll(name, ".", "_")) {
			return true
		}
	}
}

// angleVariable reports a segment that holds a <name> placeholder
// (<filename>.py, <version>): a name between '<' and '>'.
func angleVariable(seg string) bool {
	open := strings.IndexByte(seg, '<')
	if open < 0 {
		return false
	}
	end := strings.IndexByte(seg[open:], '>')
	return end > 1 && identifier(seg[open+1:open+end])
}

// identifier reports a name of letters, digits, '_' and '-' that starts
// with a letter or '_'.
func identifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !letter && (i == 0 || !(r == '-' || (r >= '0' && r <= '9'))) {
			return false
		}
	}
	return true
}
