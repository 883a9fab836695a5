package markdown

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"
)

func hashOf(s string) string { return fmt.Sprintf("%016x", xxhash.Sum64String(s)) }

func TestGeneratedRegions(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		regions []Region
		links   []string // destinations reported
		issues  []string
	}{
		{
			name: "closed",
			doc: "# T\n\n<!-- docbridge:generated hash=ABCDEF0123456789 -->\n| a | [x](in.md) |\n`code`\n" +
				"<!-- /docbridge:generated -->\n\n[out](out.md)\n",
			regions: []Region{{LineStart: 3, LineEnd: 6, DeclaredHash: "abcdef0123456789",
				ActualHash: hashOf("| a | [x](in.md) |\n`code`"), Closed: true}},
			links: []string{"out.md"},
		},
		{
			name:    "crlf hashes like lf, no hash attribute",
			doc:     "<!-- docbridge:generated -->\r\nline one\r\n\r\nline two\r\n<!-- /docbridge:generated -->\r\n",
			regions: []Region{{LineStart: 1, LineEnd: 5, ActualHash: hashOf("line one\n\nline two"), Closed: true}},
		},
		{
			name:    "empty region",
			doc:     "<!-- docbridge:generated hash=1 -->\n<!-- /docbridge:generated -->\n",
			regions: []Region{{LineStart: 1, LineEnd: 2, DeclaredHash: "1", ActualHash: hashOf(""), Closed: true}},
		},
		{
			name:    "invalid UTF-8 is hashed as written",
			doc:     "  <!--docbridge:generated hash=\"aa\"-->\na\xffb\n<!-- /docbridge:generated -->\n",
			regions: []Region{{LineStart: 1, LineEnd: 3, DeclaredHash: "aa", ActualHash: hashOf("a\xffb"), Closed: true}},
		},
		{
			name: "unclosed owns the rest",
			doc:  "[before](a.md)\n\n<!-- docbridge:generated hash=ab -->\n[x](b.md)\n\n## After\n[y](c.md)\n",
			regions: []Region{{LineStart: 3, LineEnd: 7, DeclaredHash: "ab",
				ActualHash: hashOf("[x](b.md)\n\n## After\n[y](c.md)"), Closed: false}},
			links:  []string{"a.md"},
			issues: []string{"3 GENERATED_UNCLOSED"},
		},
		{
			name:  "markers in code, inline or quoted are not markers",
			doc:   "```\n<!-- docbridge:generated -->\n```\n\ntext <!-- docbridge:generated -->\n\n> <!-- docbridge:generated -->\n\n    <!-- docbridge:generated -->\n\n[x](a.md)\n",
			links: []string{"a.md"},
		},
		{
			name: "stray closing and nested opening",
			doc: "<!-- /docbridge:generated -->\n[a](a.md)\n<!-- docbridge:generated -->\n<!-- docbridge:generated -->\n[b](b.md)\n" +
				"<!-- /docbridge:generated -->\n[c](c.md)\n",
			regions: []Region{{LineStart: 3, LineEnd: 6, ActualHash: hashOf("<!-- docbridge:generated -->\n[b](b.md)"), Closed: true}},
			links:   []string{"a.md", "c.md"},
		},
	}
	for _, tt := range tests {
		d := Extract("docs/x.md", []byte(tt.doc))
		if fmt.Sprint(d.Generated) != fmt.Sprint(tt.regions) {
			t.Errorf("%s: regions %+v, want %+v", tt.name, d.Generated, tt.regions)
		}
		var links []string
		for _, l := range d.Links {
			links = append(links, l.Destination)
		}
		if fmt.Sprint(links) != fmt.Sprint(tt.links) {
			t.Errorf("%s: links %q, want %q", tt.name, links, tt.links)
		}
		var issues []string
		for _, is := range d.Issues {
			issues = append(issues, fmt.Sprintf("%d %s", is.Line, is.Code))
		}
		if fmt.Sprint(issues) != fmt.Sprint(tt.issues) {
			t.Errorf("%s: issues %q, want %q", tt.name, issueStrings(d.Issues), tt.issues)
		}
	}
}

// Content of a region is not prose: words, summary and code spans skip it.
func TestGeneratedHidesProse(t *testing.T) {
	doc := "<!-- docbridge:generated -->\nGenerated words here `span`.\n<!-- /docbridge:generated -->\n\nAuthor text.\n"
	d := Extract("a.md", []byte(doc))
	if d.WordCount != 2 || d.Summary != "Author text." || len(d.CodeSpans) != 0 || d.ReferenceCount != 0 {
		t.Errorf("WordCount %d Summary %q CodeSpans %v ReferenceCount %d; want 2, author text, none, 0",
			d.WordCount, d.Summary, d.CodeSpans, d.ReferenceCount)
	}
}

func TestGeneratedBound(t *testing.T) {
	var b strings.Builder
	for i := range maxRegions + 1 {
		fmt.Fprintf(&b, "<!-- docbridge:generated -->\n[g%d](g.md)\n<!-- /docbridge:generated -->\n\n", i)
	}
	d := Extract("a.md", []byte(b.String()))
	if len(d.Generated) != maxRegions {
		t.Errorf("len(Generated) = %d, want %d", len(d.Generated), maxRegions)
	}
	if len(d.Links) != 0 {
		t.Errorf("links %v reported from regions past the bound", d.Links)
	}
	if !hasIssue(d.Issues, 0, "", "1 generated regions beyond the first 64") {
		t.Errorf("issues %q, want the bound recorded", issueStrings(d.Issues))
	}
}
