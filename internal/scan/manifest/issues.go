package manifest

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// issues collects the Issues of one manifest, bounded by maxIssues.
type issues struct {
	list    []extract.Issue
	dropped int
}

func (is *issues) add(line int, status, format string, args ...any) {
	if len(is.list) == maxIssues {
		is.dropped++
		return
	}
	is.list = append(is.list, extract.Issue{Line: line, Status: status,
		Message: validUTF8(fmt.Sprintf(format, args...))})
}

// partial records a problem that left the rest of the manifest readable.
func (is *issues) partial(line int, format string, args ...any) {
	is.add(line, extract.StatusPartial, format, args...)
}

// done returns the Issues, with a last one counting those dropped.
func (is *issues) done() []extract.Issue {
	if is.dropped > 0 {
		return append(is.list, extract.Issue{Status: extract.StatusPartial,
			Message: fmt.Sprintf("%d more issues not listed", is.dropped)})
	}
	return is.list
}

// lineAt is the 1-based line holding byte offset off, clamped to data.
func lineAt(data []byte, off int) int {
	off = max(0, min(off, len(data)))
	return bytes.Count(data[:off], []byte{'\n'}) + 1
}

// validUTF8 replaces invalid UTF-8 in text taken from the input, which JSON
// would otherwise rewrite: a stored extraction must decode to what was
// extracted.
func validUTF8(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }

// bom is the UTF-8 byte order mark some editors write; decoders reject it.
var bom = []byte("\xef\xbb\xbf")
