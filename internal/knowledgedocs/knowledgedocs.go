// Package knowledgedocs writes knowledge documents from typed fields: the
// metadata becomes YAML front matter, the body must start with an H1, the
// required fields must not be blank, and the target must be a Markdown file
// under docs/ and under the convention's root. It never touches the file
// system: the caller judges the rendered document against the tree and
// writes it.
package knowledgedocs

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"gopkg.in/yaml.v3"
)

// DocsDir is the one directory knowledge documents are written to.
const DocsDir = "docs"

// Bounds of a draft.
const (
	MaxBodyBytes  = 256 << 10
	maxFields     = 32 // the snapshot keeps the first 32 front-matter keys
	maxValueBytes = 1024
	maxListItems  = 32
	maxSlugRunes  = 64
)

// Draft is a document to write: front-matter fields (a string, or a list
// of strings) and a Markdown body that starts with an H1.
type Draft struct {
	Metadata map[string]any
	Body     string
}

// Error is a refused draft; Field names the argument at fault (path,
// body, metadata, or metadata.KEY).
type Error struct {
	Field  string
	Reason string
}

func (e *Error) Error() string { return e.Field + ": " + e.Reason }

func refuse(field, format string, args ...any) error {
	return &Error{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// Render validates d against the required fields (compared without regard
// to case) and renders it: front matter with the required fields first, in
// their configured order, then the others sorted; a blank line; the body.
// It returns the document's title (the H1's text) too.
func Render(d Draft, required []string) ([]byte, string, error) {
	if len(d.Metadata) > maxFields {
		return nil, "", refuse("metadata", "%d fields; at most %d", len(d.Metadata), maxFields)
	}
	byLower := map[string]string{}
	for k := range d.Metadata {
		lk := strings.ToLower(strings.TrimSpace(k))
		if lk == "" || strings.ContainsAny(k, "\n\r") || strings.TrimSpace(k) != k {
			return nil, "", refuse("metadata", "field name %q: give a name without surrounding space or line breaks", k)
		}
		if other, dup := byLower[lk]; dup {
			return nil, "", refuse("metadata", "fields %q and %q are one field (names are compared without regard to case)", min(k, other), max(k, other))
		}
		byLower[lk] = k
	}
	values := map[string]*yaml.Node{}
	for k, v := range d.Metadata {
		n, err := valueNode("metadata."+k, v)
		if err != nil {
			return nil, "", err
		}
		values[k] = n
	}
	var keys []string
	for _, r := range required {
		k, ok := byLower[strings.ToLower(r)]
		if !ok {
			return nil, "", refuse("metadata."+r, "required field missing (the convention requires %s)", strings.Join(required, ", "))
		}
		if blank(values[k]) {
			return nil, "", refuse("metadata."+k, "blank; the convention requires a value")
		}
		keys = append(keys, k)
	}
	var rest []string
	for k := range d.Metadata {
		if !slices.Contains(keys, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	keys = append(keys, rest...)

	body := strings.TrimSpace(strings.ReplaceAll(d.Body, "\r\n", "\n"))
	if len(body) > MaxBodyBytes {
		return nil, "", refuse("body", "%d bytes; at most %d", len(body), MaxBodyBytes)
	}
	if !utf8.ValidString(body) || strings.ContainsRune(body, 0) {
		return nil, "", refuse("body", "not UTF-8 text")
	}
	title, ok := leadingH1(body)
	if !ok {
		return nil, "", refuse("body", "must start with an H1 (# Title) that names the subject")
	}

	var buf bytes.Buffer
	if len(keys) > 0 {
		m := &yaml.Node{Kind: yaml.MappingNode}
		for _, k := range keys {
			m.Content = append(m.Content, keyNode(k), values[k])
		}
		enc := yaml.NewEncoder(&buf)
		enc.SetIndent(2)
		buf.WriteString("---\n")
		if err := enc.Encode(m); err != nil {
			return nil, "", refuse("metadata", "cannot be written as YAML: %v", err)
		}
		if err := enc.Close(); err != nil {
			return nil, "", refuse("metadata", "cannot be written as YAML: %v", err)
		}
		buf.WriteString("---\n\n")
	}
	buf.WriteString(body)
	buf.WriteByte('\n')
	return buf.Bytes(), title, nil
}

// keyNode is a field's name as a YAML key that reads back as that string:
// tagged !!str, so that a name YAML would read as another type (~ or null,
// true, 1) is quoted, and "<<", which yaml.v3 writes plain even so and
// which reads back as a merge, quoted explicitly.
func keyNode(k string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}
	if k == "<<" {
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// valueNode is a field's YAML value: a string, or a list of strings
// (written in flow style, [a, b]).
func valueNode(field string, v any) (*yaml.Node, error) {
	scalar := func(s string) (*yaml.Node, error) {
		if len(s) > maxValueBytes {
			return nil, refuse(field, "%d bytes; at most %d", len(s), maxValueBytes)
		}
		if strings.ContainsAny(s, "\n\r") || !utf8.ValidString(s) {
			return nil, refuse(field, "one line of UTF-8 text")
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: strings.TrimSpace(s)}, nil
	}
	switch x := v.(type) {
	case string:
		return scalar(x)
	case []string:
		items := make([]any, len(x))
		for i, s := range x {
			items[i] = s
		}
		return valueNode(field, items)
	case []any:
		if len(x) > maxListItems {
			return nil, refuse(field, "%d items; at most %d", len(x), maxListItems)
		}
		seq := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, it := range x {
			s, ok := it.(string)
			if !ok {
				return nil, refuse(field, "list items must be strings")
			}
			n, err := scalar(s)
			if err != nil {
				return nil, err
			}
			if n.Value == "" {
				return nil, refuse(field, "blank list item")
			}
			seq.Content = append(seq.Content, n)
		}
		return seq, nil
	}
	return nil, refuse(field, "give a string or a list of strings")
}

// blank reports a value with nothing in it.
func blank(n *yaml.Node) bool {
	if n == nil {
		return true
	}
	if n.Kind == yaml.SequenceNode {
		return len(n.Content) == 0
	}
	return strings.TrimSpace(n.Value) == ""
}

// leadingH1 reports whether the body's first block is a level-1 heading
// with text, and returns that text.
func leadingH1(body string) (string, bool) {
	src := []byte(body)
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	h, ok := doc.FirstChild().(*ast.Heading)
	if !ok || h.Level != 1 {
		return "", false
	}
	var b strings.Builder
	_ = ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := n.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
	title := strings.TrimSpace(b.String())
	return title, title != ""
}

// Target checks a repository-relative, slash-separated, cleaned path a
// document is written to: a Markdown (.md) file under docs/ and under the
// convention's root (root "." is the whole repository).
func Target(p, root string) error {
	if path.Ext(p) != ".md" {
		return refuse("path", "%q: only .md documents are written", p)
	}
	if !strings.HasPrefix(p, DocsDir+"/") {
		return refuse("path", "%q: documents are written under %s/ only", p, DocsDir)
	}
	root = path.Clean(root)
	if root != "." && !strings.HasPrefix(p, root+"/") {
		return refuse("path", "%q is outside the knowledge documents' root %s (checks.knowledgeDocs.root)", p, root)
	}
	return nil
}

// DefaultPath is where a new document titled title goes when no path is
// given: its slug under the convention's root, or under docs/ when the
// root is the whole repository or outside docs/.
func DefaultPath(title, root string) (string, error) {
	slug := slug(title)
	if slug == "" {
		return "", refuse("body", "the H1 %q has no letters or digits to name the file after; give a path", title)
	}
	dir := path.Clean(root)
	if dir == "." || !strings.HasPrefix(dir+"/", DocsDir+"/") {
		dir = DocsDir
	}
	return dir + "/" + slug + ".md", nil
}

// slug is a file name for a title: lower-case letters and digits, words
// joined by hyphens, at most maxSlugRunes runes.
func slug(title string) string {
	words := strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	s := strings.Join(words, "-")
	if utf8.RuneCountInString(s) > maxSlugRunes {
		s = strings.TrimRight(string([]rune(s)[:maxSlugRunes]), "-")
	}
	return s
}
