package markdown

import (
	"errors"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// yamlParserProblems are the messages of yaml.v3's parser (not scanner)
// errors. yaml.v3 v3.0.1 reports their line 0-based while it reports scanner
// errors 1-based (decode.go, parser.fail), so these need one added.
var yamlParserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"found undefined tag handle":             true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found duplicate %TAG directive":         true,
}

// yamlErrorLine returns the 1-based line, within the YAML text, of a yaml.v3
// error and its message without the "yaml: line N:" prefix. The line is 0
// when yaml.v3 gives none: either the problem is on the first line (yaml.v3
// omits a 0-based line 0) or the error has no position at all (unknown
// anchors, excessive aliasing).
func yamlErrorLine(err error) (int, string) {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		// Decoding errors carry node lines, which are 1-based.
		line, msg := splitLinePrefix(te.Errors[0])
		return line, msg
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line, rest := splitLinePrefix(msg)
	if line > 0 && yamlParserProblems[rest] {
		line++
	}
	return line, rest
}

// splitLinePrefix splits "line N: msg" into N and msg; N is 0 when s does
// not start that way.
func splitLinePrefix(s string) (int, string) {
	rest, ok := strings.CutPrefix(s, "line ")
	if !ok {
		return 0, s
	}
	num, msg, ok := strings.Cut(rest, ": ")
	if !ok {
		return 0, s
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return 0, s
	}
	return n, msg
}
