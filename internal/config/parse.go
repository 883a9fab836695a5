package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/yamlpos"

	"gopkg.in/yaml.v3"
)

// Parse decodes and validates a docbridge.yaml held in data; name is used in
// messages. An empty file (or one holding only comments or null) yields the
// defaults. Every problem found is returned in an *errorList.
func Parse(name string, data []byte) (*Config, error) {
	if len(data) > MaxFileBytes {
		return nil, newErrorList([]*Error{{File: name, Line: lineAt(data, MaxFileBytes), Code: codeTooLarge,
			Message: fmt.Sprintf("file is larger than %d bytes (1 MiB), the most docbridge reads", MaxFileBytes)}})
	}
	data = bytes.TrimPrefix(data, bom)
	if e := checkText(name, data); e != nil {
		return nil, newErrorList([]*Error{e})
	}
	root, e := parseDocument(name, data)
	if e != nil {
		// yaml.v3 can point one line past the end of the stream.
		e.Line = min(e.Line, lineCount(data))
		return nil, newErrorList([]*Error{e})
	}
	cfg := Default()
	if root == nil {
		return cfg, nil
	}
	d := &decoder{file: name, errs: checkAnchors(name, root)}
	if !(root.Kind == yaml.ScalarNode && root.ShortTag() == "!!null") {
		d.decodeRoot(root, cfg)
	}
	if l := newErrorList(d.errs); l != nil {
		return nil, l
	}
	return cfg, nil
}

// parseDocument returns the root node of the only YAML document in data, or
// nil when there is none.
func parseDocument(name string, data []byte) (*yaml.Node, *Error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, syntaxError(name, err)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, syntaxError(name, err)
	default:
		return nil, &Error{File: name, Line: max(extra.Line, 1), Code: codeSyntax,
			Message: "a second YAML document; docbridge.yaml holds exactly one"}
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return doc.Content[0], nil
}

// syntaxError turns a yaml.v3 error into an *Error with a 1-based line.
func syntaxError(name string, err error) *Error {
	line, msg := yamlpos.ErrorLine(err)
	line = max(line, 1)
	if strings.HasPrefix(msg, "unknown anchor") {
		// yaml.v3 gives no position for this one; the alias is somewhere in
		// the file, and aliases are not allowed anyway.
		return &Error{File: name, Line: line, Code: codeAlias,
			Message: "anchors and aliases are not allowed (" + msg + "; yaml.v3 reports no line)"}
	}
	return &Error{File: name, Line: line, Code: codeSyntax, Message: "invalid YAML: " + msg}
}

// checkAnchors reports every anchor and alias in the tree. Config has no use
// for them, and refusing them defuses alias bombs. The walk is iterative and
// never follows an alias, so neither depth nor aliasing can blow it up.
func checkAnchors(name string, root *yaml.Node) []*Error {
	type item struct {
		n   *yaml.Node
		key string
	}
	var errs []*Error
	stack := []item{{root, ""}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		if n.Anchor != "" {
			errs = append(errs, &Error{File: name, Line: n.Line, Key: it.key, Code: codeAlias, column: n.Column,
				Message: fmt.Sprintf("anchors and aliases are not allowed (anchor &%s)", n.Anchor)})
		}
		switch n.Kind {
		case yaml.AliasNode:
			errs = append(errs, &Error{File: name, Line: n.Line, Key: it.key, Code: codeAlias, column: n.Column,
				Message: fmt.Sprintf("anchors and aliases are not allowed (alias *%s)", n.Value)})
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				stack = append(stack, item{k, it.key}, item{n.Content[i+1], joinKey(it.key, k.Value)})
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				stack = append(stack, item{c, joinKey(it.key, strconv.Itoa(i))})
			}
		}
	}
	return errs
}
