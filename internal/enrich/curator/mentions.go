package curator

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/cespare/xxhash/v2"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Names is what the curator knows of the repository besides a pack: the
// paths of its packages, modules and areas, and its packages' short names,
// so that it can tell a module named in prose. Its hash is part of the
// curator's version, so the agent-call cache asks again when it moves.
type Names struct {
	// byPath maps a path to the entity it names (a package before a
	// module before an area at the same path).
	byPath map[string]string
	// byShort maps a package's last path element to its id, when exactly
	// one package has it.
	byShort map[string]string
	hash    string
}

// NamesOf indexes a snapshot's package, module and area paths.
func NamesOf(s *snapshot.Snapshot) Names {
	n := Names{byPath: map[string]string{}, byShort: map[string]string{}}
	rank := map[string]int{snapshot.KindPackage: 0, snapshot.KindModule: 1, snapshot.KindArea: 2}
	short := map[string][]string{}
	for _, e := range s.Entities {
		r, ok := rank[e.Kind]
		if !ok || e.Path == "" || e.Path == "." || !nameable(e.ID) {
			continue // no proposal could name it
		}
		if old, taken := n.byPath[e.Path]; !taken || rank[kindOf(old)] > r {
			n.byPath[e.Path] = e.ID
		}
		if e.Kind == snapshot.KindPackage {
			s := path.Base(e.Path)
			short[s] = append(short[s], e.ID)
		}
	}
	for s, ids := range short {
		if len(ids) == 1 && distinctive(s) {
			n.byShort[s] = ids[0]
		}
	}
	d := xxhash.New()
	for _, p := range sortedKeys(n.byPath) {
		fmt.Fprintf(d, "%s=%s\n", p, n.byPath[p])
	}
	for _, s := range sortedKeys(n.byShort) {
		fmt.Fprintf(d, "short %s=%s\n", s, n.byShort[s])
	}
	n.hash = fmt.Sprintf("%016x", d.Sum64())
	return n
}

// minShortName is the length from which a plain package name is taken to
// name the package in prose: "the version module" is as often a word
// ("version", "users", "config") as the package, "the postrenderer
// package" is the package.
const minShortName = 8

// distinctive reports whether a package's short name names it in prose:
// long enough, or written as no word is (with a digit, - or _).
func distinctive(s string) bool {
	return len(s) >= minShortName || (len(s) >= 3 && strings.ContainsAny(s, "-_0123456789"))
}

func kindOf(id string) string {
	k, _, _ := snapshot.ParseEntityID(id)
	return k
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// mention is an entity a document names in prose.
type mention struct {
	to, text string
	line     int
}

// pathInProse matches a path-shaped word: two or more segments.
var pathInProse = regexp.MustCompile(`[A-Za-z0-9_.@-]+(?:/[A-Za-z0-9_.@-]+)+/?`)

// shortInProse matches "the scan package", "package scan", "module scan".
// "library" and "crate" are left out: "the logging library" is as often
// someone else's.
var shortInProse = regexp.MustCompile(`(?i)\b([a-z][a-z0-9_-]+) (?:package|module)\b|\b(?:package|module) ([a-z][a-z0-9_-]+)\b`)

// proseMentions returns the packages, modules and areas the paragraphs
// name in plain words (outside code spans and link text, which the scan
// reads itself): by path ("internal/scan walks the tree") or by a
// package's short name next to the word package or module ("the scan
// package"). One mention per entity, at its first line.
func (n Names) proseMentions(blocks []block, self string) []mention {
	var out []mention
	seen := map[string]bool{self: true}
	add := func(id, text string, line int) {
		if id == "" || seen[id] {
			return
		}
		seen[id] = true
		out = append(out, mention{to: id, text: text, line: line})
	}
	for _, b := range blocks {
		if b.heading || directive(b.text) {
			continue
		}
		for _, m := range pathInProse.FindAllString(b.prose, -1) {
			p := strings.TrimSuffix(strings.TrimRight(strings.TrimPrefix(m, "./"), ".,"), "/")
			if strings.Contains(p, "://") || strings.HasPrefix(p, ".") {
				continue
			}
			add(n.byPath[p], p, b.line)
		}
		for _, m := range shortInProse.FindAllStringSubmatch(b.prose, -1) {
			name := m[1] + m[2]
			if name != strings.ToLower(name) || proseWords[name] {
				continue // "The Scan package" is a title; "this module" a word
			}
			add(n.byShort[name], m[0], b.line)
		}
	}
	return out
}

// directive reports whether a paragraph is a site generator's directive
// rather than prose: an include ({* file *}, --8<--, <<< @/file,
// {{#include}}), a template tag ({% … %}) or a container (::: …). What it
// names is included, not mentioned, and is the scan's to read.
func directive(text string) bool {
	for _, p := range []string{"{*", "{%", "{{", "--8<--", "<<<", ":::", "!!!", "???"} {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return false
}

// proseWords are words that stand before "package" or "module" without
// naming one.
var proseWords = map[string]bool{
	"the": true, "this": true, "that": true, "each": true, "every": true, "one": true, "any": true, "a": true,
	"its": true, "your": true, "our": true, "same": true, "main": true, "root": true, "new": true, "go": true,
	"npm": true, "python": true, "node": true, "other": true, "another": true, "which": true, "whose": true,
	"whole": true, "own": true, "single": true, "first": true, "last": true, "test": true, "parent": true,
	"vendored": true, "internal": true, "external": true, "top-level": true, "default": true, "standard": true,
	"entire": true, "given": true, "imported": true, "importing": true, "exported": true, "and": true, "or": true,
	"per": true, "that's": true, "separate": true, "shared": true, "helper": true, "utility": true, "base": true,
	"core": true, "public": true, "private": true, "local": true, "remote": true, "go-module": true, "js": true,
}
