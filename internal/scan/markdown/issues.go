package markdown

import (
	"fmt"
	"sort"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// issues collects a document's Issues up to maxIssues; what does not fit is
// counted and summarised by one more issue, so nothing is dropped silently.
type issues struct {
	list    []extract.Issue
	dropped int
	// anchorsCut is set when a bound cut an anchor list short (cutAnchors).
	anchorsCut bool
}

// cutAnchors records that MaxAnchors cut one of the document's anchor
// lists short, and the partial-status issue that says so.
func (is *issues) cutAnchors(format string, args ...any) {
	is.anchorsCut = true
	is.add(0, "", format, args...)
}

// add records a partial-status issue.
func (is *issues) add(line int, code, format string, args ...any) {
	is.addStatus(line, code, extract.StatusPartial, format, args...)
}

func (is *issues) addStatus(line int, code, status, format string, args ...any) {
	if len(is.list) >= maxIssues {
		is.dropped++
		return
	}
	is.list = append(is.list, extract.Issue{Line: line, Code: code, Status: status, Message: fmt.Sprintf(format, args...)})
}

// result returns the issues sorted by line, code and message (nil when
// there are none), the overflow note first.
func (is *issues) result() []extract.Issue {
	out := is.list
	if is.dropped > 0 {
		out = append(out, extract.Issue{Status: extract.StatusPartial,
			Message: fmt.Sprintf("%d more issues not reported (bound %d)", is.dropped, maxIssues)})
	}
	if len(out) == 0 {
		return nil
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
	return out
}
