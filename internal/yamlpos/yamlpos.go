// Package yamlpos says where yaml.v3 found an error. yaml.v3 v3.0.1 puts the
// line in the message text, and not consistently: scanner errors are 1-based,
// parser errors 0-based (go-yaml/yaml#205), decoding errors carry node lines.
// Every reader of YAML in docbridge (configuration, front matter, manifests)
// reports errors as file:line, so the correction lives here, once.
package yamlpos

import (
	"errors"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// parserProblems are the messages of yaml.v3's parser (not scanner) errors,
// whose line it prints 0-based (decode.go, parser.fail).
var parserProblems = map[string]bool{
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

// ErrorLine returns the 1-based line of a yaml.v3 error within the YAML text
// and the message without its "yaml: line N:" prefix. The line is 0 when
// yaml.v3 gives none: the problem is on the first line (a 0-based line 0 is
// not printed) or the error has no position (unknown anchors, excessive
// aliasing).
func ErrorLine(err error) (int, string) {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		return splitLinePrefix(strings.TrimSpace(te.Errors[0]))
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line, rest := splitLinePrefix(msg)
	if line > 0 && parserProblems[rest] {
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
