package walk

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// readIgnore reads and parses the ignore file at osPath (rel in the
// repository), whose patterns apply below domain, and records its pattern
// lines for Result.Ignores. Problems become notes: an ignore file that
// cannot be read only means more files are listed, never fewer.
func (w *walker) readIgnore(rel, osPath string, domain []string, optional bool) []gitignore.Pattern {
	f, err := w.ops.open(osPath)
	if err != nil {
		if !(optional && errors.Is(err, fs.ErrNotExist)) {
			w.note(rel, extract.StatusPartial, "cannot read ignore file, its patterns are not applied: "+errText(err))
		}
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(f, maxIgnoreFileBytes+1))
	_ = f.Close() // read-only; a close error loses nothing
	if err != nil {
		w.note(rel, extract.StatusPartial, "cannot read ignore file, its patterns are not applied: "+errText(err))
		return nil
	}
	if len(data) > maxIgnoreFileBytes {
		// Cut at a line end: half a pattern would match something else.
		data = data[:bytes.LastIndexByte(data[:maxIgnoreFileBytes], '\n')+1]
		w.note(rel, extract.StatusPartial, fmt.Sprintf("only the first walk.MaxIgnoreFileBytes (%d) bytes are applied", maxIgnoreFileBytes))
	}
	parsed := parseIgnore(data, domain)
	if parsed.dropped > 0 {
		w.note(rel, extract.StatusPartial, fmt.Sprintf("%d patterns beyond walk.MaxIgnorePatterns (%d) are not applied", parsed.dropped, maxIgnorePatterns))
	}
	if len(parsed.lines) > 0 {
		dir := strings.Join(domain, "/")
		if dir == "" {
			dir = "."
		}
		w.ignores = append(w.ignores, IgnoreFile{Dir: dir, Patterns: parsed.lines})
	}
	return parsed.patterns
}
