package reconcile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Bounds of a changed-files list. Crossing either is an error: a list
// silently cut short would narrow the report wrongly.
const (
	// maxChangedFiles bounds the paths a list may hold (distinct or not).
	maxChangedFiles = 100_000
	// maxChangedFileLine bounds one line, in bytes: room for a 4096-byte
	// path (PATH_MAX) that git quoted with an octal escape per byte.
	maxChangedFileLine = 32 << 10
)

// ReadChangedFiles reads a list of changed files, one repository-relative
// path per line, as `git diff --name-only` prints it (a path git quoted is
// unquoted). Blank lines and lines starting with '#' are ignored; paths are
// cleaned and slash-separated, sorted and deduplicated. An absolute path, a
// path leaving the repository, a NUL byte (from `git diff -z`) or crossing
// a bound is an error naming the line.
func ReadChangedFiles(r io.Reader) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxChangedFileLine)
	// Non-nil even when empty: an empty list narrows the report to nothing.
	out := []string{}
	n := 0
	for sc.Scan() {
		n++
		p, ok, err := changedPath(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("changed files, line %d: %w", n, err)
		}
		if !ok {
			continue
		}
		if len(out) == maxChangedFiles {
			return nil, fmt.Errorf("changed files, line %d: more than %d paths", n, maxChangedFiles)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("changed files, line %d: longer than %d bytes", n+1, maxChangedFileLine)
		}
		return nil, fmt.Errorf("reading changed files: %w", err)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// changedPath parses one line; ok is false for a blank or comment line.
func changedPath(line []byte) (p string, ok bool, err error) {
	if bytes.IndexByte(line, 0) >= 0 {
		return "", false, errors.New("NUL byte (give the list one path per line, not git diff -z)")
	}
	s := strings.TrimSpace(string(line))
	if s == "" || strings.HasPrefix(s, "#") {
		return "", false, nil
	}
	if strings.HasPrefix(s, `"`) {
		u, err := strconv.Unquote(s)
		if err != nil {
			return "", false, fmt.Errorf("bad quoting in %s: %w", s, err)
		}
		if u == "" || strings.IndexByte(u, 0) >= 0 {
			return "", false, fmt.Errorf("%s: not a path", s)
		}
		s = u
	}
	slash := filepath.ToSlash(s)
	c := path.Clean(slash)
	// The drive check runs on the cleaned path too: "./C:" cleans to "C:".
	if strings.HasPrefix(slash, "/") || filepath.IsAbs(s) || hasDriveLetter(slash) || hasDriveLetter(c) {
		return "", false, fmt.Errorf("%s: absolute path (list paths relative to the repository root)", s)
	}
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", false, fmt.Errorf("%s: leaves the repository", s)
	}
	if c == "." {
		return "", false, fmt.Errorf("%s: names no file", s)
	}
	return c, true, nil
}

// hasDriveLetter reports a Windows drive prefix ("C:", "c:/…"), absolute
// or drive-relative, on any platform.
func hasDriveLetter(p string) bool {
	return len(p) >= 2 && p[1] == ':' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}
