package markdown

import (
	"bytes"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/yamlpos"

	"gopkg.in/yaml.v3"
)

// Front matter formats (FrontMatter.Format).
const (
	frontMatterYAML = "yaml" // between --- lines (Jekyll, Hugo, every MDX generator)
	frontMatterTOML = "toml" // between +++ lines (Hugo, Zola)
)

// findFrontMatter returns the delimiter lines of the document's front
// matter and its format: YAML opened by a first line "---" and closed by
// the next "---" or "..." line, or TOML opened by "+++" — on the first
// line that is not blank, as Zola reads it — and closed by the next "+++".
// It returns end 0 when there is none, and unclosed when a "---" opens
// YAML that nothing closes (GitHub then renders the first line as a
// thematic break).
func findFrontMatter(src *source) (start, end int, format string, unclosed bool) {
	if src.lineCount() == 0 {
		return 0, 0, "", false
	}
	if string(trimRightBlank(src.line(1))) == "---" {
		for n := 2; n <= src.lineCount(); n++ {
			switch string(trimRightBlank(src.line(n))) {
			case "---", "...":
				return 1, n, frontMatterYAML, false
			}
		}
		// A --- with nothing after it, or a blank line, opens no YAML: it
		// is the thematic break it renders as (a fragment that starts with
		// a rule).
		return 0, 0, "", src.lineCount() >= 2 && len(bytes.TrimSpace(src.line(2))) > 0
	}
	start = 1
	for start <= src.lineCount() && len(bytes.TrimSpace(src.line(start))) == 0 {
		start++
	}
	if start > src.lineCount() || string(trimRightBlank(src.line(start))) != "+++" {
		return 0, 0, "", false
	}
	for n := start + 1; n <= src.lineCount(); n++ {
		if string(trimRightBlank(src.line(n))) == "+++" {
			return start, n, frontMatterTOML, false
		}
	}
	return 0, 0, "", false // a lone +++ is text
}

func trimRightBlank(b []byte) []byte { return bytes.TrimRight(b, " \t") }

// FrontMatterEnd returns the line of the delimiter that closes the front
// matter of a document's text, by the rule the extraction reads it with;
// 0 when the text has none. Lines are counted as the extraction counts
// them (a leading BOM dropped, CRLF and a lone CR each one line end).
func FrontMatterEnd(data []byte) int {
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(data, utf8BOM), " \t\r\n")
	if !bytes.HasPrefix(trimmed, []byte("---")) && !bytes.HasPrefix(trimmed, []byte("+++")) {
		return 0 // no opening line: nothing to index
	}
	_, end, _, _ := findFrontMatter(newSource(data))
	return end
}

// FrontMatterString ends the message of front matter that is one YAML
// string: text between two "---" lines, which GitHub shows as Markdown.
const FrontMatterString = "found a string"

// frontMatterReader turns front matter YAML into a FrontMatter, a title and
// a docbridge Block, reporting problems at file lines.
type frontMatterReader struct {
	docPath string
	// first and last are the file lines of the first and last YAML line;
	// a YAML line l is file line first+l-1.
	first, last int
	is          *issues
}

// read parses yamlText. fm gets the five named keys and Fields; title is the
// title key ("" when absent); block is the docbridge key (nil when absent).
func (r *frontMatterReader) read(yamlText string, fm *FrontMatter) (title string, block *Block) {
	if len(yamlText) > maxFrontMatterBytes {
		r.is.add(r.first-1, codeFrontMatterTooLarge,
			"front matter is %d bytes, over the %d-byte bound; it was not parsed", len(yamlText), maxFrontMatterBytes)
		return "", nil
	}
	var root yaml.Node
	err := yaml.Unmarshal([]byte(yamlText), &root)
	if err == nil {
		// Decoding into a generic value is what makes yaml.v3 check
		// duplicate keys and refuse excessive aliasing (billion laughs);
		// the tree itself is then read without ever expanding an alias.
		var v any
		err = root.Decode(&v)
	}
	if err != nil {
		line, msg := yamlpos.ErrorLine(err)
		at := r.fileLine(line)
		switch {
		case IsArchetype(r.docPath):
			// Hugo fills an archetype's front matter in when it creates
			// content from it: a template, not YAML yet.
			r.is.add(at, "", "archetype front matter is a template, not YAML until Hugo fills it in: %s", msg)
			return "", r.fallbackBlock(yamlText, at, msg)
		case isTemplate(yamlText):
			// A layout's front matter is a template the generator fills in
			// ({{ .Date }}, {% if %}): not YAML yet, and not the author's
			// mistake. Noted, not a finding.
			r.is.add(at, "", "front matter holds template syntax and is not YAML until rendered: %s", msg)
			return "", r.fallbackBlock(yamlText, at, msg)
		}
		r.is.add(at, CodeFrontMatterInvalid, "front matter is not valid YAML: %s", msg)
		return "", r.fallbackBlock(yamlText, at, msg)
	}
	if len(root.Content) == 0 {
		return "", nil // empty, or only comments
	}
	top := deref(root.Content[0])
	if isNull(top) {
		return "", nil
	}
	if top.Kind != yaml.MappingNode {
		r.is.add(r.fileLine(top.Line), CodeFrontMatterInvalid,
			"front matter must be a mapping of keys to values, found %s", yamlTypeName(top))
		return "", nil
	}
	return r.readMapping(top, fm)
}

// readMapping reads the top-level keys of valid front matter.
func (r *frontMatterReader) readMapping(top *yaml.Node, fm *FrontMatter) (title string, block *Block) {
	c := newFieldCollector(fm)
	for i := 0; i+1 < len(top.Content); i += 2 {
		key, val := deref(top.Content[i]), top.Content[i+1]
		if key.Kind != yaml.ScalarNode {
			continue
		}
		if key.Value == "docbridge" {
			block = (&blockReader{docPath: r.docPath, lineOffset: r.first - 1, is: r.is}).read(val)
			continue
		}
		if fm.Origin == "" {
			fm.Origin = yamlOrigin(key.Value, val)
		}
		text, ok := fieldText(val)
		if !ok {
			if v := deref(val); v.Kind == yaml.MappingNode || (v.Kind == yaml.SequenceNode && len(v.Content) > 0 && deref(v.Content[0]).Kind == yaml.MappingNode) {
				c.table(key.Value)
			}
			continue
		}
		c.add(key.Value, text, r.fileLine(key.Line), deref(val).Kind == yaml.ScalarNode)
	}
	return c.finish(r), block
}

// fieldCollector keeps the scalar keys of front matter, whatever its
// format: the five named keys, the title, and Fields with their lines,
// within maxFields and maxFieldRunes.
type fieldCollector struct {
	fm              *FrontMatter
	fields          map[string]string
	lines           map[string]int
	tables          []string
	title           string
	kept, truncated int
}

// table keeps a key whose value is a mapping or a sequence of mappings
// (FrontMatter.Tables), within maxFields.
func (c *fieldCollector) table(key string) {
	if len(c.tables) < maxFields {
		c.tables = append(c.tables, key)
	}
}

func newFieldCollector(fm *FrontMatter) *fieldCollector {
	return &fieldCollector{fm: fm, fields: map[string]string{}, lines: map[string]int{}}
}

// add keeps one key's text, found at line; scalar says whether the value
// is one scalar (only a scalar title is the document's title).
func (c *fieldCollector) add(key, text string, line int, scalar bool) {
	text, cut := truncateRunes(text, maxFieldRunes)
	if cut {
		c.truncated++
	}
	switch key {
	case "title":
		if scalar {
			c.title = collapse(text)
		}
	case "type":
		c.fm.Type = text
	case "audience":
		c.fm.Audience = text
	case "owner":
		c.fm.Owner = text
	case "lifecycle":
		c.fm.Lifecycle = text
	case "tier":
		c.fm.Tier = text
	}
	if c.kept++; c.kept <= maxFields {
		c.fields[key] = text
		c.lines[key] = line
	}
}

// finish stores Fields, notes what the bounds left out, and returns the
// title.
func (c *fieldCollector) finish(r *frontMatterReader) string {
	if c.kept > maxFields {
		r.is.add(r.first-1, "", "front matter has %d scalar keys; Fields keeps the first %d", c.kept, maxFields)
	}
	if c.truncated > 0 {
		r.is.add(r.first-1, "", "%d front matter values were cut to %d characters", c.truncated, maxFieldRunes)
	}
	if len(c.fields) > 0 {
		c.fm.Fields, c.fm.FieldLines = c.fields, c.lines
	}
	if len(c.tables) > 0 {
		slices.Sort(c.tables)
		c.fm.Tables = slices.Compact(c.tables)
	}
	return c.title
}

// yamlOrigin is the URL of an origin key (FrontMatter.Origin): key itself
// with a scalar URL, or the first such key of a mapping val.
func yamlOrigin(key string, val *yaml.Node) string {
	val = deref(val)
	if val == nil {
		return ""
	}
	if val.Kind == yaml.ScalarNode {
		if isOriginKey(key) && absoluteHTTP(val.Value) {
			return strings.TrimSpace(val.Value)
		}
		return ""
	}
	if val.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(val.Content); i += 2 {
		k, v := deref(val.Content[i]), deref(val.Content[i+1])
		if k != nil && v != nil && k.Kind == yaml.ScalarNode && v.Kind == yaml.ScalarNode && isOriginKey(k.Value) && absoluteHTTP(v.Value) {
			return strings.TrimSpace(v.Value)
		}
	}
	return ""
}

// fileLine maps a 1-based YAML line to a file line inside the front matter;
// 0 (yaml.v3 gave no line) means the first YAML line.
func (r *frontMatterReader) fileLine(yamlLine int) int {
	at := r.first + max(yamlLine, 1) - 1
	// yaml.v3 may point one past the text (end of stream): the closing
	// delimiter is the last line that still belongs to the front matter.
	return min(at, r.last+1)
}

// fallbackBlock reads the docbridge section line by line when the YAML as a
// whole cannot be read; errLine and errMsg locate the YAML error.
func (r *frontMatterReader) fallbackBlock(yamlText string, errLine int, errMsg string) *Block {
	sc := blockScanner{docPath: r.docPath, lineOffset: r.first - 1, is: r.is}
	return sc.scan(strings.Split(yamlText, "\n"), errLine, errMsg)
}

// isTemplate reports whether front matter text holds template syntax: a
// Go template or Liquid action ({{ … }}, {% … %}) that closes.
func isTemplate(text string) bool {
	for _, d := range [][2]string{{"{{", "}}"}, {"{%", "%}"}} {
		if i := strings.Index(text, d[0]); i >= 0 && strings.Contains(text[i+2:], d[1]) {
			return true
		}
	}
	return false
}
