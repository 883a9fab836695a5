//go:build !linux

package dirwatch

// Watch is never made here: New says ErrUnsupported.
type Watch struct{}

// New returns ErrUnsupported.
func New(root string, dirs []string) (*Watch, error) { return nil, ErrUnsupported }

// Watching reports false.
func (w *Watch) Watching(dir string) bool { return false }

// Drain returns ErrUnsupported.
func (w *Watch) Drain(fn func(Event)) (lost bool, err error) { return false, ErrUnsupported }

// Close does nothing.
func (w *Watch) Close() error { return nil }
