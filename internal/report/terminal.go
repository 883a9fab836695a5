package report

import "os"

// IsTerminal reports whether f is a character device (a terminal), the
// test the CLI uses to decide on colour. golang.org/x/term is not a
// dependency, and a character device is what matters here: a pipe or a
// file gets no escape codes.
func IsTerminal(f *os.File) bool {
	if f == nil {
		return false
	}
	st, err := f.Stat()
	if err != nil {
		return false
	}
	return st.Mode()&os.ModeCharDevice != 0
}
