package report

import (
	"os"

	"golang.org/x/term"
)

// IsTerminal reports whether f is a terminal, the test the CLI uses to
// decide on colour: a pipe, a file or /dev/null gets no escape codes.
func IsTerminal(f *os.File) bool {
	return f != nil && term.IsTerminal(int(f.Fd()))
}
