// Package precision measures how many of docbridge's findings on a labelled
// corpus of real repositories are right: it keys findings so that a
// person's label survives unrelated edits, samples them stably, loads the
// label files and computes precision per code, per repository and overall
// (bench precision). It does no IO of its own beyond decoding bytes.
package precision

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
)

// maxTargetBytes bounds a target written into a key verbatim; a longer
// one (a cycle's node list) is replaced by its hash.
const maxTargetBytes = 160

// noLine is the line hash of a finding that names no line (a whole
// document, the repository).
const noLine = "-"

// Key identifies a finding for its label. It is built from what a finding
// is, never from where it is: the code, the document's path, the target
// (the subject the finding names: a link destination, an anchor, a path,
// a cycle's nodes) and a short hash of the text of the finding's source
// line with its whitespace normalised. Moving the line, or editing other
// lines, keeps the key; editing the line itself changes it.
type Key struct {
	Code, Path, Target string
	// Line is lineHash of the source line, or noLine.
	Line string
}

// NewKey keys a finding. line is the text of its source line; hasLine is
// false for a finding without one (line 0).
func NewKey(code, path, target, line string, hasLine bool) Key {
	k := Key{Code: code, Path: path, Target: normTarget(target), Line: noLine}
	if k.Path == "" {
		k.Path = noLine
	}
	if hasLine {
		k.Line = lineHash(line)
	}
	return k
}

// String is the key's written form: CODE|path|target|linehash.
func (k Key) String() string {
	return k.Code + "|" + k.Path + "|" + k.Target + "|" + k.Line
}

// lineHash is the first 8 hex digits of the SHA-256 of the line's text
// with every run of white space made one space and the ends trimmed, so
// re-indenting or re-wrapping spaces does not change it:
// printf '%s' "$normalised" | sha256sum | cut -c1-8.
func lineHash(line string) string {
	sum := sha256.Sum256([]byte(strings.Join(strings.Fields(line), " ")))
	return hex.EncodeToString(sum[:4])
}

// LineText returns the text of the 1-based line of data, and false when
// data has no such line.
func LineText(data []byte, line int) (string, bool) {
	if line < 1 {
		return "", false
	}
	for n := 1; ; n++ {
		i := bytes.IndexByte(data, '\n')
		if n == line {
			if i < 0 {
				return string(data), len(data) > 0 || n == 1
			}
			return string(data[:i]), true
		}
		if i < 0 {
			return "", false
		}
		data = data[i+1:]
	}
}

// normTarget makes a target fit the key: white space collapsed, and a
// long target (or one that contains the separator) replaced by
// "sha256:" and 16 hex digits of its hash.
func normTarget(t string) string {
	t = strings.Join(strings.Fields(t), " ")
	if t == "" {
		return noLine
	}
	if len(t) > maxTargetBytes || strings.Contains(t, "|") {
		sum := sha256.Sum256([]byte(t))
		return "sha256:" + hex.EncodeToString(sum[:8])
	}
	return t
}

var (
	codeRE     = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	lineHashRE = regexp.MustCompile(`^(-|[0-9a-f]{8})$`)
)

// parseKey checks a written key and returns its parts. The path and the
// target are told apart at the second separator (a path holds none).
func parseKey(s string) (Key, error) {
	first := strings.IndexByte(s, '|')
	last := strings.LastIndexByte(s, '|')
	if first < 0 || last == first {
		return Key{}, fmt.Errorf("key %q: want CODE|path|target|linehash", s)
	}
	code, rest, hash := s[:first], s[first+1:last], s[last+1:]
	path, target, ok := strings.Cut(rest, "|")
	if !ok {
		return Key{}, fmt.Errorf("key %q: want CODE|path|target|linehash", s)
	}
	switch {
	case !codeRE.MatchString(code):
		return Key{}, fmt.Errorf("key %q: code %q is not a diagnostic code", s, code)
	case path == "" || target == "":
		return Key{}, fmt.Errorf("key %q: empty path or target (%q stands for none)", s, noLine)
	case !lineHashRE.MatchString(hash):
		return Key{}, fmt.Errorf("key %q: line hash %q: want 8 hex digits or %q", s, hash, noLine)
	}
	return Key{Code: code, Path: path, Target: target, Line: hash}, nil
}
