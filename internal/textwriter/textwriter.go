// Package textwriter holds what every plain-text renderer needs: a writer
// that keeps its first error, so a renderer prints freely and checks once,
// and plurals.
package textwriter

import (
	"fmt"
	"io"
)

// Writer keeps the first write error; later writes are skipped.
type Writer struct {
	w   io.Writer
	err error
}

// New returns a Writer over w.
func New(w io.Writer) *Writer { return &Writer{w: w} }

// Printf writes a formatted string unless an earlier write failed.
func (w *Writer) Printf(format string, args ...any) {
	if w.err == nil {
		_, w.err = fmt.Fprintf(w.w, format, args...)
	}
}

// Print writes s unless an earlier write failed.
func (w *Writer) Print(s string) {
	if w.err == nil {
		_, w.err = io.WriteString(w.w, s)
	}
}

// Err is the first write error, nil when every write succeeded.
func (w *Writer) Err() error { return w.err }

// Plural spells "1 cycle" or "3 cycles".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// PluralWord is one or many by n, without the number.
func PluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Bound keeps the first n items and says how many it dropped.
func Bound[T any](xs []T, n int) ([]T, int) {
	if len(xs) <= n {
		return xs, 0
	}
	return xs[:n], len(xs) - n
}

// Dir names a directory of the repository in a sentence: "docs/", or "the
// repository root" for ".".
func Dir(dir string) string {
	if dir == "." {
		return "the repository root"
	}
	return dir + "/"
}
