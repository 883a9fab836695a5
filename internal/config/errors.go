package config

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Codes classify an Error, so callers can turn them into stable diagnostics.
const (
	codeSyntax      = "DOCBRIDGE_CONFIG_SYNTAX"      // YAML the parser cannot read
	codeTooLarge    = "DOCBRIDGE_CONFIG_TOO_LARGE"   // file over MaxFileBytes
	codeAlias       = "DOCBRIDGE_CONFIG_ALIAS"       // an anchor or alias
	codeUnknownKey  = "DOCBRIDGE_CONFIG_UNKNOWN_KEY" // a key the schema does not have
	codeDuplicate   = "DOCBRIDGE_CONFIG_DUPLICATE"   // a key or area given twice
	codeType        = "DOCBRIDGE_CONFIG_TYPE"        // a value of the wrong type
	codeInvalid     = "DOCBRIDGE_CONFIG_INVALID"     // a value of the right type that is not allowed
	codeTooMany     = "DOCBRIDGE_CONFIG_TOO_MANY"    // a list over its bound
	codeMissing     = "DOCBRIDGE_CONFIG_MISSING_KEY" // a required key is absent
	codeUnsupported = "DOCBRIDGE_CONFIG_UNSUPPORTED" // an unsupported version
)

// Error is one problem in a configuration file.
type Error struct {
	// File is the name given to Parse; empty for Config.Validate.
	File string
	// Line is 1-based; 0 when the problem has no position (Config.Validate).
	Line int
	// Key is the dotted key path, sequence items by index
	// ("analysis.areas.0.path"); empty for problems of the file as a whole.
	Key     string
	Message string
	// Code is one of the Code* constants.
	Code string

	// column orders problems on one line in source order.
	column int
}

// Error formats the problem as "file:line: key: message". The key is left
// out when the message already quotes it, as unknown-key messages do.
func (e *Error) Error() string {
	var b strings.Builder
	switch {
	case e.File != "" && e.Line > 0:
		fmt.Fprintf(&b, "%s:%d: ", e.File, e.Line)
	case e.File != "":
		b.WriteString(e.File + ": ")
	case e.Line > 0:
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Key != "" && !strings.Contains(e.Message, strconv.Quote(e.Key)) {
		b.WriteString(e.Key + ": ")
	}
	b.WriteString(e.Message)
	return b.String()
}

// errorList is every problem found in one file, sorted by line. Its Error
// puts each problem on its own line.
type errorList struct {
	// Errors holds at most maxErrors problems.
	Errors []*Error
	// Omitted counts the problems beyond maxErrors.
	Omitted int
}

// Error returns one line per problem, and a last line counting the omitted.
func (l *errorList) Error() string {
	lines := make([]string, 0, len(l.Errors)+1)
	for _, e := range l.Errors {
		lines = append(lines, e.Error())
	}
	if l.Omitted > 0 {
		prefix := ""
		if len(l.Errors) > 0 && l.Errors[0].File != "" {
			prefix = l.Errors[0].File + ": "
		}
		lines = append(lines, fmt.Sprintf("%s%d more errors not shown", prefix, l.Omitted))
	}
	return strings.Join(lines, "\n")
}

// Unwrap exposes each *Error to errors.As and errors.Is.
func (l *errorList) Unwrap() []error {
	errs := make([]error, len(l.Errors))
	for i, e := range l.Errors {
		errs[i] = e
	}
	return errs
}

// newErrorList sorts errs by position (then key and message, so the order
// never depends on the walk) and keeps the first maxErrors; nil when errs is empty.
func newErrorList(errs []*Error) *errorList {
	if len(errs) == 0 {
		return nil
	}
	sorted := slices.Clone(errs)
	slices.SortStableFunc(sorted, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.column, b.column), cmp.Compare(a.Key, b.Key), cmp.Compare(a.Message, b.Message))
	})
	l := &errorList{Errors: sorted}
	if len(sorted) > maxErrors {
		l.Errors, l.Omitted = sorted[:maxErrors], len(sorted)-maxErrors
	}
	return l
}
