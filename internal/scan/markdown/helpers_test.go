package markdown

import (
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// withFrontMatter builds a document whose front matter is yamlText: YAML
// line k is file line k+1.
func withFrontMatter(yamlText string) []byte {
	return []byte("---\n" + yamlText + "---\n# Body\n\nText.\n")
}

// issueStrings renders issues as "line CODE message" for comparisons.
func issueStrings(list []extract.Issue) []string {
	var out []string
	for _, is := range list {
		out = append(out, fmt.Sprintf("%d %s %s", is.Line, is.Code, is.Message))
	}
	return out
}

// hasIssue reports whether list holds an issue at line with code whose
// message contains fragment.
func hasIssue(list []extract.Issue, line int, code, fragment string) bool {
	for _, is := range list {
		if is.Line == line && is.Code == code && strings.Contains(is.Message, fragment) {
			return true
		}
	}
	return false
}
