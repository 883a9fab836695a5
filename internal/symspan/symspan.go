// Package symspan reads the text of a Markdown code span as the name of a
// symbol, in the shapes documentation writes one: `Name`, `name()`,
// `name(x, y)`, `pkg.Name`, `Type.Method`, `Type#method`, `new Foo()`,
// `Foo<T>`, `Foo[T]`, `@decorator`, `module:Name`, `pkg.mod:attr`,
// `ns::Name` and their combinations (`pkg.Type.Method(x, y)`).
//
// The span is tokenized with go/scanner (its tokens cover the punctuation
// of Go, TypeScript and Python names; '#', '@' and '$' come back as
// illegal characters and are read here), then matched against a small
// grammar:
//
//	span      = [ "@" | "new" ] qualified [ typeargs ] [ call ]
//	qualified = [ "module:" modpath sep ] ident { sep ident }
//	sep       = "." | "#" | "~" | "::" | ":"     (":" at most once)
//	typeargs  = "<" types ">" | "[" types "]"    (names, ".", ",", "|", "&", "*" only)
//	call      = "(" balanced tokens ")"          (ends the span)
//
// Everything else — an operator between names (`a + b`), an assignment
// (`x = f(y)`), a control word before parentheses (`if (x)`), two words
// (`npm install`), a chained call (`f().g()`), a comment, a URL, a number —
// is prose or code, not a symbol, and Parse refuses it.
package symspan

import (
	"go/scanner"
	"go/token"
	"slices"
	"strings"
)

// maxSegments bounds the names of a qualified span (`a.b.c.d.e.f`).
const maxSegments = 6

// maxLen bounds the span text read, in bytes.
const maxLen = 300

// Ref is a code span read as a symbol reference.
type Ref struct {
	// Segments are the names written, outermost first: pkg, Type, Method.
	Segments []string
	// Seps are the separators between segments as written ("." "#" "~"
	// "::" ":"), len(Segments)-1 of them.
	Seps []string
	// Module is the module path of a JSDoc `module:path` prefix ("" when
	// there is none); it qualifies the first segment.
	Module string
	// Call, New, Decorator and TypeArgs say how the name was written:
	// with an argument list, after `new`, after `@`, with type arguments.
	Call, New, Decorator, TypeArgs bool
}

// Name is the identifier the span names: its last segment.
func (r Ref) Name() string { return r.Segments[len(r.Segments)-1] }

// Qualifiers are the segments before the name.
func (r Ref) Qualifiers() []string { return r.Segments[:len(r.Segments)-1] }

// Key is the reference's canonical text: the segments with their
// separators (and a `module:` prefix), without `new`, `@`, type arguments
// or an argument list. Two spans naming the same thing the same way have
// one key: `Scan`, `Scan()`, `Scan(x)` are all "Scan".
func (r Ref) Key() string {
	var b strings.Builder
	if r.Module != "" {
		b.WriteString("module:")
		b.WriteString(r.Module)
		b.WriteString(".")
	}
	for i, s := range r.Segments {
		if i > 0 {
			b.WriteString(r.Seps[i-1])
		}
		b.WriteString(s)
	}
	return b.String()
}

// WithSegment returns the key with segment i replaced by name: how a
// rename is written back in the shape the document used.
func (r Ref) WithSegment(i int, name string) string {
	c := r
	c.Segments = append([]string(nil), r.Segments...)
	if i >= 0 && i < len(c.Segments) {
		c.Segments[i] = name
	}
	return c.Key()
}

// controlWords are words that, before parentheses, make code rather than
// a call of a name: `if (x)`, `while (x)`, `catch (e)`. Go's own keywords
// come back from the scanner as keywords and are refused there.
var controlWords = map[string]bool{
	"while": true, "catch": true, "typeof": true, "sizeof": true, "elif": true, "with": true,
	"assert": true, "not": true, "and": true, "or": true, "except": true, "lambda": true,
	"yield": true, "await": true, "until": true, "unless": true, "do": true, "del": true,
	"if": true, "for": true, "switch": true, "return": true, "func": true, "go": true, "defer": true,
	"else": true, "case": true, "goto": true, "break": true, "continue": true, "fallthrough": true,
	"import": true, "var": true, "const": true, "function": true, "def": true, "class": true, "new": true,
}

type tok struct {
	t   token.Token
	lit string
	off int
	end int
}

// tokens scans text with go/scanner, comments included (a comment is
// never part of a name), without the automatic semicolon at the end, and
// with identifiers and '$' that touch merged into one identifier (`$ref`,
// `jQuery$`).
func tokens(text string) ([]tok, bool) {
	fs := token.NewFileSet()
	src := []byte(text)
	f := fs.AddFile("", fs.Base(), len(src))
	var s scanner.Scanner
	s.Init(f, src, func(token.Position, string) {}, scanner.ScanComments)
	var out []tok
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		off := f.Offset(pos)
		if t == token.SEMICOLON && lit == "\n" {
			continue // inserted by the scanner
		}
		if t == token.COMMENT {
			return nil, false
		}
		if lit == "" {
			lit = t.String()
		}
		cur := tok{t: t, lit: lit, off: off, end: off + len(lit)}
		if n := len(out); n > 0 && (t == token.IDENT || (t == token.ILLEGAL && lit == "$")) {
			prev := &out[n-1]
			if prev.end == off && (prev.t == token.IDENT || (prev.t == token.ILLEGAL && prev.lit == "$")) {
				prev.t, prev.lit, prev.end = token.IDENT, prev.lit+lit, cur.end
				continue
			}
		}
		if t == token.ILLEGAL && lit == "$" {
			cur.t = token.IDENT // a lone `$` is a name (jQuery)
		}
		out = append(out, cur)
		if len(out) > 4*maxLen {
			return nil, false
		}
	}
	return out, true
}

// name reports whether t can be a segment: an identifier, or a word Go
// reserves but other languages do not (`select`, `range`, `Model.type`).
func name(t tok) bool {
	return t.t == token.IDENT || t.t.IsKeyword()
}

// Parse reads text as a symbol reference. ok is false for anything that
// is not one (see the package documentation).
func Parse(text string) (Ref, bool) {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > maxLen || strings.ContainsAny(text, "\n\r") {
		return Ref{}, false
	}
	ts, ok := tokens(text)
	if !ok || len(ts) == 0 {
		return Ref{}, false
	}
	var r Ref
	var spaced [][2]int // byte ranges where white space may be
	i := 0
	switch {
	case ts[0].t == token.ILLEGAL && ts[0].lit == "@":
		r.Decorator = true
		i++
		if i >= len(ts) || ts[i].off != ts[0].end {
			return Ref{}, false // `@ x`: not a decorator
		}
	case ts[0].t == token.IDENT && ts[0].lit == "new" && len(ts) > 1 && name(ts[1]):
		r.New = true
		spaced = append(spaced, [2]int{ts[0].end, ts[1].off})
		i++
	}
	// `module:path/to/mod.Name` (JSDoc namepath).
	if i+2 < len(ts) && ts[i].lit == "module" && ts[i].t == token.IDENT && ts[i+1].t == token.COLON {
		j := i + 2
		var mod []string
		for j < len(ts) && (ts[j].t == token.IDENT || ts[j].t == token.QUO || ts[j].t == token.SUB) {
			mod = append(mod, ts[j].lit)
			j++
		}
		if len(mod) == 0 || mod[0] == "/" || mod[len(mod)-1] == "/" || j >= len(ts) || !memberSep(ts[j]) || j+1 >= len(ts) || !name(ts[j+1]) {
			return Ref{}, false
		}
		r.Module = strings.Join(mod, "")
		i = j + 1
	}
	// qualified name
	if i >= len(ts) || !name(ts[i]) {
		return Ref{}, false
	}
	r.Segments = append(r.Segments, ts[i].lit)
	i++
	colons := 0
	for i < len(ts) {
		sep := ""
		switch {
		case memberSep(ts[i]):
			sep = ts[i].lit
		case ts[i].t == token.COLON && i+1 < len(ts) && ts[i+1].t == token.COLON && ts[i+1].off == ts[i].end:
			sep = "::"
			i++
		case ts[i].t == token.COLON:
			sep = ":"
			colons++
		}
		if sep == "" {
			break
		}
		if colons > 1 || i+1 >= len(ts) || !name(ts[i+1]) || ts[i+1].off != ts[i].end || ts[i].off != ts[i-1].end {
			return Ref{}, false // `a. b`, `a:`, `a::`, `a:b:c`
		}
		r.Seps = append(r.Seps, sep)
		r.Segments = append(r.Segments, ts[i+1].lit)
		i += 2
		if len(r.Segments) > maxSegments {
			return Ref{}, false
		}
	}
	// type arguments
	if i < len(ts) && (ts[i].t == token.LSS || ts[i].t == token.LBRACK) && ts[i].off == ts[i-1].end {
		j, ok := typeArgs(ts, i)
		if !ok {
			return Ref{}, false
		}
		r.TypeArgs = true
		spaced = append(spaced, [2]int{ts[i].off, ts[j-1].end})
		i = j
	}
	// call
	if i < len(ts) && ts[i].t == token.LPAREN {
		j, ok := balanced(ts, i)
		if !ok || j != len(ts) {
			return Ref{}, false // `f(x) + 1`, `f().g()`
		}
		r.Call = true
		spaced = append(spaced, [2]int{ts[i].off, ts[j-1].end})
		i = j
	}
	if i != len(ts) {
		return Ref{}, false
	}
	// White space is part of a symbol only inside its type or argument
	// list, or right after `new`: `a b`, `a . b`, `Foo <T>` are not.
	for k, c := range text {
		if c == ' ' || c == '\t' {
			if !slices.ContainsFunc(spaced, func(s [2]int) bool { return s[0] <= k && k < s[1] }) {
				return Ref{}, false
			}
		}
	}
	if len(r.Segments) == 1 && r.Module == "" && controlWords[r.Segments[0]] {
		return Ref{}, false // `if (x)`, `while`, `return`, `new new`, `@go`
	}
	if len(r.Name()) < 2 && len(r.Segments) == 1 && r.Module == "" {
		return Ref{}, false // `x`, `f(x)`: a variable, not a name
	}
	if r.Key() == "default" {
		return Ref{}, false
	}
	return r, true
}

func memberSep(t tok) bool {
	return t.t == token.PERIOD || t.t == token.TILDE || (t.t == token.ILLEGAL && t.lit == "#")
}

// typeArgs reads `<...>` or `[...]` from ts[i] and returns the index after
// it. Inside: names, dots, commas, unions, pointers and nested brackets.
func typeArgs(ts []tok, i int) (int, bool) {
	var stack []token.Token
	for j := i; j < len(ts); j++ {
		switch t := ts[j].t; t {
		case token.LSS, token.LBRACK:
			stack = append(stack, t)
		case token.GTR, token.SHR, token.RBRACK:
			closes := 1
			want := token.LSS
			if t == token.SHR {
				closes = 2
			}
			if t == token.RBRACK {
				want = token.LBRACK
			}
			for range closes {
				if len(stack) == 0 || stack[len(stack)-1] != want {
					return 0, false
				}
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				if j == i+1 {
					return 0, false // `Foo<>`, `a[]`
				}
				return j + 1, true
			}
		case token.IDENT, token.PERIOD, token.COMMA, token.OR, token.AND, token.MUL:
		default:
			if !t.IsKeyword() {
				return 0, false // `a < 1`, `a[0]`, `a <= b`
			}
		}
	}
	return 0, false
}

// balanced reads a parenthesised argument list from ts[i] and returns the
// index after its closing parenthesis.
func balanced(ts []tok, i int) (int, bool) {
	opens := map[token.Token]token.Token{token.RPAREN: token.LPAREN, token.RBRACK: token.LBRACK, token.RBRACE: token.LBRACE}
	var stack []token.Token
	for j := i; j < len(ts); j++ {
		switch t := ts[j].t; t {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			stack = append(stack, t)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(stack) == 0 || stack[len(stack)-1] != opens[t] {
				return 0, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return j + 1, true
			}
		}
	}
	return 0, false
}
