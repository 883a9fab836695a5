package walk

import (
	"bytes"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Bounds on ignore files, which come from the (untrusted) checkout: every
// pattern is tried against every path below its directory, so an enormous
// file would make the walk quadratic.
const (
	// maxIgnoreFileBytes is how much of one .gitignore (or info/exclude) is
	// read; the patterns after it are dropped with a Note.
	maxIgnoreFileBytes = 256 << 10
	// maxIgnorePatterns is how many patterns one ignore file may contribute;
	// the rest are dropped with a Note.
	maxIgnorePatterns = 10_000
)

// utf8BOM is skipped at the start of an ignore file, as git does.
var utf8BOM = []byte("\xef\xbb\xbf")

// ignoreFile is the parsed form of one ignore file.
type ignoreFile struct {
	patterns []gitignore.Pattern
	// lines are the pattern lines patterns were parsed from, in order.
	lines []string
	// dropped counts patterns beyond maxIgnorePatterns.
	dropped int
}

// parseIgnore parses the lines of an ignore file whose patterns are relative
// to the directory domain (path components from the root; nil for the root).
// It follows git's reader: an optional BOM, CRLF or LF line ends, comments
// starting with "#", blank lines and unescaped trailing spaces ignored.
func parseIgnore(data []byte, domain []string) ignoreFile {
	data = bytes.TrimPrefix(data, utf8BOM)
	var out ignoreFile
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte{'\n'})
		s := strings.TrimSuffix(string(line), "\r")
		p, ok := newExactPattern(s, domain)
		if !ok {
			continue
		}
		if len(out.patterns) == maxIgnorePatterns {
			out.dropped++
			continue
		}
		out.patterns = append(out.patterns, p)
		out.lines = append(out.lines, s)
	}
	return out
}

// exactPattern adapts go-git's patterns to git's matching rules.
//
// go-git matches a pattern against any prefix of a path: "foo" (no slash)
// matches every component, and "a/b" also matches "a/b/c". For exclusions
// that is harmless — an excluded directory is never entered — but a negation
// then leaks to everything below the directory it names: with "*" and "!*/",
// go-git re-includes every file because "!*/" matches the parent directory.
// Its "**" also takes the first component that fits and never backtracks, so
// "**/b/*.md" misses b/b/x.md. Git matches a slash-less pattern against the
// last component only, and a pattern with a slash against the whole path
// relative to its .gitignore, "**" spanning any number of directories.
// exactPattern therefore hands go-git only what git compares: the last
// component to a slash-less pattern, and paths of exactly the right length to
// "**"-free pieces of the others, trying every split a "**" allows.
type exactPattern struct {
	domain []string
	rule   rule
	result gitignore.MatchResult // Exclude, or Include for a negation
}

var _ gitignore.Pattern = (*exactPattern)(nil)

// rule matches a path relative to the pattern's directory.
type rule interface {
	match(rel []string, isDir bool) bool
}

// newExactPattern parses one line of an ignore file; ok is false for lines
// that hold no pattern (comments, blank lines, a lone "!").
func newExactPattern(line string, domain []string) (*exactPattern, bool) {
	if line == "" || strings.HasPrefix(line, "#") {
		return nil, false
	}
	p := &exactPattern{domain: append([]string(nil), domain...), result: gitignore.Exclude}
	body := line
	if rest, ok := strings.CutPrefix(body, "!"); ok {
		p.result, body = gitignore.Include, rest
	}
	// The normalisation ParsePattern applies, to see the pattern's shape.
	if !strings.HasSuffix(body, `\ `) {
		body = strings.TrimRight(body, " ")
	}
	body, dirOnly := strings.CutSuffix(body, "/")
	if body == "" {
		return nil, false
	}
	if !strings.Contains(body, "/") {
		p.rule = nameRule{gitignore.ParsePattern(line, nil)}
		return p, true
	}
	var segs []string
	for _, s := range strings.Split(body, "/") {
		if s != "" { // go-git skips empty segments too
			segs = append(segs, s)
		}
	}
	if len(segs) == 0 {
		return nil, false
	}
	p.rule = newPathRule(segs, dirOnly)
	return p, true
}

// newPathRule builds the rule for a pattern with a slash: the pieces
// between its "**" segments.
func newPathRule(segs []string, dirOnly bool) rule {
	var pieces [][]string
	start := 0
	for i, seg := range segs {
		if seg == "**" {
			pieces = append(pieces, segs[start:i])
			start = i + 1
		}
	}
	if len(pieces) == 0 {
		return newPlainRule(segs, dirOnly)
	}
	r := starRule{dirOnly: dirOnly}
	if len(pieces[0]) > 0 {
		h := newPlainRule(pieces[0], false)
		r.head = &h
	}
	for _, mid := range pieces[1:] {
		if len(mid) > 0 { // "**/**" is one "**"
			r.middle = append(r.middle, newPlainRule(mid, false))
		}
	}
	if tail := segs[start:]; len(tail) > 0 {
		l := newPlainRule(tail, dirOnly)
		r.last = &l
	}
	return r
}

func newPlainRule(segs []string, dirOnly bool) plainRule {
	s := "/" + strings.Join(segs, "/")
	if dirOnly {
		s += "/"
	}
	return plainRule{p: gitignore.ParsePattern(s, nil), n: len(segs)}
}

// Match implements gitignore.Pattern with git's semantics for the path
// (components from the root).
func (p *exactPattern) Match(path []string, isDir bool) gitignore.MatchResult {
	if len(path) <= len(p.domain) {
		return gitignore.NoMatch
	}
	for i, d := range p.domain {
		if path[i] != d {
			return gitignore.NoMatch
		}
	}
	if p.rule.match(path[len(p.domain):], isDir) {
		return p.result
	}
	return gitignore.NoMatch
}

// nameRule is a pattern without a slash: git compares the last component.
type nameRule struct{ p gitignore.Pattern }

func (r nameRule) match(rel []string, isDir bool) bool {
	return r.p.Match(rel[len(rel)-1:], isDir) != gitignore.NoMatch
}

// plainRule is a pattern with a slash and no "**": one segment per
// component, so only a path of exactly n components can match.
type plainRule struct {
	p gitignore.Pattern
	n int
}

func (r plainRule) match(rel []string, isDir bool) bool {
	return len(rel) == r.n && r.p.Match(rel, isDir) != gitignore.NoMatch
}

// starRule is head/**/middle…/**/last: head (if any) matches the first
// components, last (if any) the final ones, and each middle piece, in
// order, somewhere between. The pieces have fixed lengths, so taking each
// middle piece at its leftmost fit is optimal: matching is linear in the
// path, whatever the number of "**" (no backtracking for a hostile
// .gitignore to exploit). Without last ("x/**"), at least one component
// must follow the pieces: the pattern matches inside a directory, not the
// directory itself.
type starRule struct {
	head    *plainRule
	middle  []plainRule
	last    *plainRule
	dirOnly bool
}

func (r starRule) match(rel []string, isDir bool) bool {
	i, end := 0, len(rel)
	if r.head != nil {
		if end < r.head.n || !r.head.match(rel[:r.head.n], true) {
			return false
		}
		i = r.head.n
	}
	if r.last != nil {
		if end-i < r.last.n || !r.last.match(rel[end-r.last.n:], isDir) {
			return false
		}
		end -= r.last.n
	} else {
		if !isDir && r.dirOnly {
			return false
		}
		end-- // the trailing "**" takes at least the last component
	}
	for _, m := range r.middle {
		for {
			if end-i < m.n {
				return false
			}
			if m.match(rel[i:i+m.n], true) {
				i += m.n
				break
			}
			i++
		}
	}
	return i <= end
}
