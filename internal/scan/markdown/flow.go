package markdown

import "strings"

// maxFlowElems bounds the elements a flowValue keeps: one past maxCovers is
// enough for the scanner to report the limit.
const maxFlowElems = maxCovers + 1

// flowElem is one element of a flow collection and the line it starts on.
type flowElem struct {
	line int
	text string
}

// flowValue splits a YAML flow collection ([a, b] or {k: v}), possibly
// spread over several lines, into its top-level elements. It is the line
// scanner's tool for broken YAML, not a YAML parser: it only tracks quotes
// and bracket depth.
type flowValue struct {
	owner string // what the elements are: covers, relation or other
	index int    // the relation's index, for owner relation
	open  byte
	start int // file line of the opening bracket

	depth   int
	quote   byte
	last    byte // last non-blank byte outside quotes
	cur     strings.Builder
	curLine int  // line of the current element's first non-blank byte
	started bool // the current element has a non-blank byte
	elems   []flowElem
	closed  bool
}

func newFlowValue(owner string, line int, text string) *flowValue {
	f := &flowValue{owner: owner, open: text[0], start: line}
	f.add(line, text)
	return f
}

// add feeds the next line and reports whether the outermost bracket closed.
func (f *flowValue) add(line int, text string) bool {
	for i := 0; i < len(text) && !f.closed; i++ {
		c := text[i]
		if f.quote != 0 {
			f.write(line, c)
			if c == '\\' && f.quote == '"' && i+1 < len(text) {
				i++
				f.write(line, text[i])
			} else if c == f.quote {
				f.quote = 0
			}
			continue
		}
		switch {
		case c == '#' && (i == 0 || text[i-1] == ' ' || text[i-1] == '\t'):
			i = len(text) // a comment runs to the end of the line
			continue
		case (c == '"' || c == '\'') && (f.last == 0 || strings.IndexByte("[{,:", f.last) >= 0):
			f.quote = c
			f.write(line, c)
		case c == '[' || c == '{':
			f.depth++
			if f.depth > 1 {
				f.write(line, c)
			}
		case c == ']' || c == '}':
			f.depth--
			if f.depth > 0 {
				f.write(line, c)
			} else {
				f.flush()
				f.closed = true
			}
		case c == ',' && f.depth == 1:
			f.flush()
		default:
			f.write(line, c)
		}
		if c != ' ' && c != '\t' {
			f.last = c
		}
	}
	if !f.closed {
		f.cur.WriteByte(' ') // a line break inside a flow value folds to a space
	}
	return f.closed
}

func (f *flowValue) write(line int, c byte) {
	if !f.started && c != ' ' && c != '\t' {
		f.started, f.curLine = true, line
	}
	f.cur.WriteByte(c)
}

func (f *flowValue) flush() {
	text := strings.TrimSpace(f.cur.String())
	f.cur.Reset()
	f.started = false
	if text != "" && len(f.elems) < maxFlowElems {
		f.elems = append(f.elems, flowElem{line: f.curLine, text: text})
	}
}
