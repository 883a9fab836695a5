package markdown

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Liquid blocks (Jekyll): {% highlight %} … {% endhighlight %} is a code
// listing and {% comment %} … {% endcomment %} is dropped, so neither holds
// links, code spans or directives; {% raw %} … {% endraw %} is still
// Markdown, but its Liquid tags are text, not tags.

// liquidEnds maps a block tag to the tag that closes it.
var liquidEnds = map[string]string{"highlight": "endhighlight", "comment": "endcomment", "raw": "endraw"}

// liquidLines returns, by line, whether the line lies inside a Liquid
// code or comment block (tags included), and whether it lies inside a raw
// block. Lines of Markdown code blocks are passed over: a tag there is
// code. Tags are only read when the document has any.
func liquidLines(root ast.Node, body []byte, lines lineIndex) (code, raw []bool) {
	if !bytes.Contains(body, []byte("{%")) {
		return nil, nil
	}
	inCode := codeLines(root, lines)
	code, raw = make([]bool, len(lines)+1), make([]bool, len(lines)+1)
	open := "" // the tag that closes the current block
	for n := 1; n <= len(lines); n++ {
		if inCode[n] {
			continue
		}
		line := string(lines.at(body, n))
		if open != "" {
			code[n] = open != "endraw"
			raw[n] = open == "endraw"
		}
		for rest := line; ; {
			name, after, ok := nextLiquidTag(rest)
			if !ok {
				break
			}
			rest = after
			switch {
			case open == "" && liquidEnds[name] != "":
				open = liquidEnds[name]
				code[n] = open != "endraw"
				raw[n] = open == "endraw"
			case open != "" && name == open:
				open = ""
			}
		}
	}
	return code, raw
}

// nextLiquidTag returns the name of the first {% tag %} in s and the text
// after it.
func nextLiquidTag(s string) (name, rest string, ok bool) {
	i := strings.Index(s, "{%")
	if i < 0 {
		return "", "", false
	}
	j := strings.Index(s[i+2:], "%}")
	if j < 0 {
		return "", "", false
	}
	f := strings.Fields(strings.Trim(s[i+2:i+2+j], "-"))
	if len(f) > 0 {
		name = f[0]
	}
	return name, s[i+2+j+2:], true
}

// blockIAL returns the id of a kramdown block attribute list: a paragraph
// that is only "{: #id …}" (kramdown applies it to the block before).
func blockIAL(n ast.Node, body []byte) (string, bool) {
	if n.Lines().Len() != 1 {
		return "", false
	}
	seg := n.Lines().At(0)
	t := strings.TrimSpace(string(seg.Value(body)))
	if !strings.HasPrefix(t, "{:") || !strings.HasSuffix(t, "}") {
		return "", false
	}
	_, id, ok := trailingAttrs(t)
	return id, ok && id != ""
}

// codeLines returns, by line, whether the line belongs to a Markdown code
// block.
func codeLines(root ast.Node, lines lineIndex) []bool {
	inCode := make([]bool, len(lines)+2)
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if entering {
				segs := n.Lines()
				for i := 0; i < segs.Len(); i++ {
					inCode[lines.lineOf(segs.At(i).Start)] = true
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return inCode
}

// footnoteLabels returns the labels of the document's footnote
// definitions ("[^label]: text" at the start of a line, outside code), in
// order, bounded by MaxAnchors. goldmark without its footnote extension
// reads them as link reference definitions, which leave no node.
func footnoteLabels(root ast.Node, body []byte, lines lineIndex) []string {
	return lineLabels(root, body, lines, "[^", func(line string) (string, bool) {
		rest, ok := strings.CutPrefix(strings.TrimLeft(line, " "), "[^")
		if !ok {
			return "", false
		}
		label, after, ok := strings.Cut(rest, "]")
		return label, ok && label != "" && strings.HasPrefix(after, ":") && !strings.ContainsAny(label, " \t[")
	})
}

// mystTargets returns the labels of the MyST targets, in order, at most
// MaxAnchors: the lines "(label)=" outside code, then the :label: and
// :name: options of directives — the first lines of a ```{directive}
// fence (code to CommonMark) or of a :::{directive} colon fence (text to
// it). Both MyST toolchains (Sphinx's myst-parser, mystmd) read them as
// targets a reference resolves anywhere in the project.
func mystTargets(root ast.Node, body []byte, lines lineIndex) []string {
	out := lineLabels(root, body, lines, ")=", func(line string) (string, bool) {
		t := strings.TrimSpace(line)
		rest, ok := strings.CutPrefix(t, "(")
		if !ok {
			return "", false
		}
		label, ok := strings.CutSuffix(rest, ")=")
		return label, ok && label != "" && !strings.ContainsAny(label, "()[] \t")
	})
	if !bytes.Contains(body, []byte("{")) || (!bytes.Contains(body, []byte(":label:")) && !bytes.Contains(body, []byte(":name:"))) {
		return out
	}
	inCode := codeLines(root, lines)
	opened := false // the previous line opens a directive or is one of its options
	for n := 1; n <= len(lines) && len(out) < MaxAnchors; n++ {
		t := strings.TrimSpace(string(lines.at(body, n)))
		if inCode[n] && !opened {
			opened = directiveFence(t)
			continue
		}
		switch {
		case directiveFence(t):
			opened = true
		case opened && strings.HasPrefix(t, ":"):
			if label, ok := directiveLabel(t); ok {
				out = append(out, label)
			}
		default:
			opened = false
		}
	}
	return out
}

// directiveFence reports whether a line opens a MyST directive: ``` or
// ::: (three or more), then {name}.
func directiveFence(t string) bool {
	for _, c := range []string{"`", "~", ":"} {
		rest := strings.TrimLeft(t, c)
		if len(t)-len(rest) >= 3 && strings.HasPrefix(strings.TrimSpace(rest), "{") {
			return true
		}
	}
	return false
}

// directiveLabel reads a directive option line ":label: x" or ":name: x".
func directiveLabel(t string) (string, bool) {
	for _, key := range []string{":label:", ":name:"} {
		if rest, ok := strings.CutPrefix(t, key); ok {
			label := strings.TrimSpace(rest)
			return label, label != "" && !strings.ContainsAny(label, "()[] \t")
		}
	}
	return "", false
}

// lineLabels returns, in order and at most MaxAnchors, the labels that
// label reads off the document's lines outside code; a body without
// marker has none, and costs no walk.
func lineLabels(root ast.Node, body []byte, lines lineIndex, marker string, label func(line string) (string, bool)) []string {
	if !bytes.Contains(body, []byte(marker)) {
		return nil
	}
	inCode := codeLines(root, lines)
	var out []string
	for n := 1; n <= len(lines) && len(out) < MaxAnchors; n++ {
		if inCode[n] {
			continue
		}
		if l, ok := label(string(lines.at(body, n))); ok {
			out = append(out, l)
		}
	}
	return out
}
