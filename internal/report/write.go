package report

import (
	"fmt"
	"io"
)

// writer keeps the first write error so renderers can print freely and
// check once.
type writer struct {
	w   io.Writer
	err error
}

func (w *writer) printf(format string, args ...any) {
	if w.err == nil {
		_, w.err = fmt.Fprintf(w.w, format, args...)
	}
}

func (w *writer) print(s string) {
	if w.err == nil {
		_, w.err = io.WriteString(w.w, s)
	}
}

// plural spells "1 cycle" or "3 cycles".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// pluralWord is one or many by n, without the number.
func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
