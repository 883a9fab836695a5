package markdown

import (
	"fmt"
	"slices"
	"strings"
)

// blockScanner reads a docbridge section line by line, by indentation, when
// the front matter's YAML cannot be parsed at all. It reports one diagnostic
// per bad line (tab indent, a line that is neither key: value nor - item, an
// unknown key, an invalid cover) instead of one for the whole block, and
// recovers the covers ids it can read. Relations are only checked, never
// recovered: guessing their values from broken YAML would declare edges the
// author did not write.
type blockScanner struct {
	docPath string
	// lineOffset turns an index into lines (0-based) into a file line minus 1.
	lineOffset int
	is         *issues

	block      *Block
	firstCover map[string]int
	covers     int // cover items seen
	relations  int // relation items seen
}

// scanLine is one line of the section, its file line and indentation.
type scanLine struct {
	line   int
	indent int
	text   string // without indentation and comment
}

// scan reads lines (the front matter YAML, line 1 first); errLine and errMsg
// locate the YAML error. It returns nil when there is no docbridge section.
func (s *blockScanner) scan(lines []string, errLine int, errMsg string) *Block {
	head := -1
	var rest string
	for i, l := range lines {
		if r, ok := strings.CutPrefix(l, "docbridge:"); ok && (r == "" || r[0] == ' ' || r[0] == '\t') {
			head, rest = i, r
			break
		}
	}
	if head < 0 {
		return nil
	}
	s.block = &Block{}
	s.firstCover = map[string]int{}
	headLine := s.fileLine(head)
	s.is.add(headLine, codeDocbridgeYAML,
		"docbridge: the front matter is not valid YAML (line %d: %s); the block was read line by line: readable covers are kept, relations are ignored until the YAML is fixed",
		errLine, errMsg)
	if v := strings.TrimSpace(stripComment(rest)); v != "" {
		if !strings.HasPrefix(v, "{") {
			s.is.add(headLine, codeDocbridgeNotMapping, "docbridge: expected a mapping with covers and relations, found %q", clip(v))
		}
		return s.block
	}
	s.section(lines, head+1)
	return s.block
}

func (s *blockScanner) fileLine(i int) int { return i + 1 + s.lineOffset }

// section scans the lines after the docbridge: line up to the next line that
// starts at column 0.
func (s *blockScanner) section(lines []string, from int) {
	topIndent := -1
	current := ""       // the top-level key being read: covers, relations or other
	skipDeeper := -1    // lines indented more than this belong to a block scalar
	var flow *flowValue // an open [ or { spanning lines
	seenTop := map[string]int{}
	for i := from; i < len(lines); i++ {
		raw := lines[i]
		if raw != "" && raw[0] != ' ' && raw[0] != '\t' && raw[0] != '#' {
			break
		}
		line := s.fileLine(i)
		if flow != nil {
			if flow.add(line, raw) {
				s.finishFlow(flow)
				flow = nil
			}
			continue
		}
		body := strings.TrimLeft(raw, " \t")
		if body == "" || body[0] == '#' {
			continue
		}
		ind := raw[:len(raw)-len(body)]
		if strings.Contains(ind, "\t") {
			s.is.add(line, codeDocbridgeYAML, "docbridge: tab in indentation; YAML indents with spaces only")
			continue
		}
		n := len(ind)
		if skipDeeper >= 0 && n > skipDeeper {
			continue
		}
		skipDeeper = -1
		sl := scanLine{line: line, indent: n, text: strings.TrimRight(stripComment(body), " \t")}
		if topIndent < 0 {
			topIndent = n
		}
		if n < topIndent {
			s.is.add(line, codeDocbridgeYAML, "docbridge: indented less than the first line of the block")
			continue
		}
		item, isItem := cutItem(sl.text)
		var key, value string
		if !isItem {
			var ok bool
			if key, value, ok = splitKeyValue(sl.text); !ok {
				s.is.add(line, codeDocbridgeYAML, "docbridge: expected `key: value` or `- item`, found %q", clip(sl.text))
				continue
			}
		}
		if n == topIndent {
			if isItem {
				s.is.add(line, codeDocbridgeYAML, "docbridge: expected covers: or relations: at this indentation, found a list item")
				current = "other"
				continue
			}
			if at, dup := seenTop[key]; dup {
				s.is.add(line, codeDocbridgeDuplicate, "docbridge: key %s appears twice (first at line %d)", key, at)
				current = "other"
				continue
			}
			seenTop[key] = line
			current, flow, skipDeeper = s.topKey(sl, key, value)
			continue
		}
		switch current {
		case "covers":
			s.coverLine(sl, item, isItem)
		case "relations":
			flow, skipDeeper = s.relationLine(sl, item, isItem, key, value)
		}
	}
	if flow != nil {
		s.is.add(flow.start, codeDocbridgeYAML, "docbridge: %c opened here is never closed", flow.open)
	}
}

// topKey handles covers:, relations: or another key at the block's top
// indentation; it returns the key now being read, a multi-line flow value
// still open, and the indentation below which a block scalar ends.
func (s *blockScanner) topKey(sl scanLine, key, value string) (string, *flowValue, int) {
	current := key
	if key != "covers" && key != "relations" {
		s.is.add(sl.line, codeDocbridgeUnknownKey, "docbridge: unknown key %s", key)
		current = "other"
	}
	v := strings.TrimSpace(value)
	switch {
	case v == "":
		return current, nil, -1
	case v[0] == '[' || v[0] == '{':
		f := newFlowValue(current, sl.line, v)
		if f.closed {
			s.finishFlow(f)
			return current, nil, -1
		}
		return current, f, -1
	case current != "other":
		s.is.add(sl.line, codeDocbridgeType, "docbridge.%s: expected a list, found %q", key, clip(v))
	}
	if isBlockScalar(v) {
		return current, nil, sl.indent
	}
	return current, nil, -1
}

// coverLine reads a line under covers:, which must be "- id".
func (s *blockScanner) coverLine(sl scanLine, item string, isItem bool) {
	if !isItem {
		s.is.add(sl.line, codeDocbridgeYAML, "docbridge.covers: expected `- id`, found %q", clip(sl.text))
		return
	}
	s.cover(sl.line, item)
}

// cover checks one recovered cover and keeps it when valid.
func (s *blockScanner) cover(line int, text string) {
	idx := s.covers
	s.covers++
	path := fmt.Sprintf("docbridge.covers.%d", idx)
	switch {
	case idx == maxCovers:
		s.is.add(line, codeDocbridgeLimit, "%s: more than %d covers; the rest are ignored", path, maxCovers)
		return
	case idx > maxCovers:
		return
	case text == "" || strings.HasPrefix(text, "[") || strings.HasPrefix(text, "{"):
		s.is.add(line, codeDocbridgeType, "%s: expected an id string, found %q", path, clip(text))
		return
	}
	id := unquote(text)
	if why := checkID(id); why != "" {
		s.is.add(line, codeDocbridgeInvalidID, "%s: invalid id %q: %s", path, clip(id), why)
		return
	}
	if at, dup := s.firstCover[id]; dup {
		s.is.add(line, codeDocbridgeDuplicate, "%s: duplicate cover %s (first at line %d)", path, id, at)
		return
	}
	s.firstCover[id] = line
	s.block.Covers = append(s.block.Covers, Ref{ID: id, Line: line})
}

// relationLine checks a line under relations: "- key: value", "- {…}" or a
// "key: value" continuing the current item.
func (s *blockScanner) relationLine(sl scanLine, item string, isItem bool, key, value string) (*flowValue, int) {
	keyIndent := sl.indent
	if isItem {
		s.relations++
		keyIndent = sl.indent + len(sl.text) - len(item)
		switch {
		case item == "":
			return nil, -1
		case item[0] == '{':
			f := newFlowValue("relation", sl.line, item)
			f.index = s.relations - 1
			if f.closed {
				s.finishFlow(f)
				return nil, -1
			}
			return f, -1
		}
		var ok bool
		if key, value, ok = splitKeyValue(item); !ok {
			s.is.add(sl.line, codeDocbridgeType, "docbridge.relations.%d: expected a mapping with from, to and kind, found %q",
				s.relations-1, clip(item))
			return nil, -1
		}
	} else if s.relations == 0 {
		s.is.add(sl.line, codeDocbridgeYAML, "docbridge.relations: expected `- from: …` items, found %q", clip(sl.text))
		return nil, -1
	}
	s.relationKey(sl.line, s.relations-1, key)
	v := strings.TrimSpace(value)
	switch {
	case v != "" && (v[0] == '[' || v[0] == '{'):
		if f := newFlowValue("other", sl.line, v); !f.closed {
			return f, -1
		}
	case isBlockScalar(v):
		return nil, keyIndent
	}
	return nil, -1
}

func (s *blockScanner) relationKey(line, idx int, key string) {
	if !slices.Contains(relationKeys, key) {
		s.is.add(line, codeDocbridgeUnknownKey, "docbridge.relations.%d: unknown key %s", idx, key)
	}
}

// finishFlow handles a complete flow value: covers' ids are recovered and a
// relation's keys are checked.
func (s *blockScanner) finishFlow(f *flowValue) {
	switch f.owner {
	case "covers":
		if f.open != '[' {
			s.is.add(f.start, codeDocbridgeType, "docbridge.covers: expected a list of ids, found a mapping")
			return
		}
		for _, e := range f.elems {
			s.cover(e.line, e.text)
		}
	case "relation":
		for _, e := range f.elems {
			key, _, ok := splitKeyValue(e.text)
			if !ok {
				s.is.add(e.line, codeDocbridgeYAML, "docbridge.relations.%d: expected `key: value`, found %q", f.index, clip(e.text))
				continue
			}
			s.relationKey(e.line, f.index, key)
		}
	}
}
