package walk

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Bounds on ignore files, which come from the (untrusted) checkout: every
// pattern is tried against every path below its directory, so an enormous
// file would make the walk quadratic.
const (
	// MaxIgnoreFileBytes is how much of one .gitignore (or info/exclude) is
	// read; the patterns after it are dropped with a Note.
	MaxIgnoreFileBytes = 256 << 10
	// MaxIgnorePatterns is how many patterns one ignore file may contribute;
	// the rest are dropped with a Note.
	MaxIgnorePatterns = 10_000
)

// utf8BOM is skipped at the start of an ignore file, as git does.
var utf8BOM = []byte("\xef\xbb\xbf")

// ignoreFile is the parsed form of one ignore file.
type ignoreFile struct {
	patterns []gitignore.Pattern
	// dropped counts patterns beyond MaxIgnorePatterns.
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
		if len(out.patterns) == MaxIgnorePatterns {
			out.dropped++
			continue
		}
		out.patterns = append(out.patterns, p)
	}
	return out
}

// exactPattern adapts a go-git pattern to git's matching rules.
//
// go-git matches a pattern against any prefix of a path: "foo" (no slash)
// matches every component, and "a/b" also matches "a/b/c". For exclusions
// that is harmless — an excluded directory is never entered — but a negation
// then leaks to everything below the directory it names: with "*" and "!*/",
// go-git re-includes every file because "!*/" matches the parent directory.
// Git matches a slash-less pattern against the last component only, and a
// pattern with a slash against the whole path relative to its .gitignore.
// exactPattern keeps go-git's matcher and passes it only what git would
// compare, rejecting prefix-only matches by the pattern's segment count.
type exactPattern struct {
	inner  gitignore.Pattern // parsed with no domain; given relative paths
	domain []string
	simple bool // no slash except a trailing one: basename match
	// For patterns with a slash: segments is the number of segments other
	// than "**" (and empty ones, which go-git skips), last the final segment.
	segments   int
	doubleStar bool // some segment is "**"
	last       string
}

var _ gitignore.Pattern = (*exactPattern)(nil)

// newExactPattern parses one line of an ignore file; ok is false for lines
// that hold no pattern (comments, blank lines, a lone "!").
func newExactPattern(line string, domain []string) (*exactPattern, bool) {
	if line == "" || strings.HasPrefix(line, "#") {
		return nil, false
	}
	// The same normalisation ParsePattern applies, to classify the pattern.
	body := strings.TrimPrefix(line, "!")
	if !strings.HasSuffix(body, `\ `) {
		body = strings.TrimRight(body, " ")
	}
	body = strings.TrimSuffix(body, "/")
	if body == "" {
		return nil, false
	}
	p := &exactPattern{
		inner:  gitignore.ParsePattern(line, nil),
		domain: append([]string(nil), domain...),
		simple: !strings.Contains(body, "/"),
	}
	if p.simple {
		return p, true
	}
	for _, seg := range strings.Split(body, "/") {
		switch seg {
		case "":
			continue
		case "**":
			p.doubleStar = true
		default:
			p.segments++
		}
		p.last = seg
	}
	return p, true
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
	rel := path[len(p.domain):]
	if p.simple {
		return p.inner.Match(rel[len(rel)-1:], isDir)
	}
	r := p.inner.Match(rel, isDir)
	if r == gitignore.NoMatch || p.spans(rel) {
		return r
	}
	return gitignore.NoMatch
}

// spans reports whether a prefix match of rel by the pattern also covers
// rel's last component, as git's whole-path match requires.
func (p *exactPattern) spans(rel []string) bool {
	switch {
	case !p.doubleStar:
		return len(rel) == p.segments
	case p.last == "**":
		// "a/**" matches everything inside a, not a itself.
		return len(rel) > p.segments
	default:
		ok, err := filepath.Match(p.last, rel[len(rel)-1])
		return err == nil && ok && len(rel) >= p.segments
	}
}
