package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
	fatal  bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed, r.fatal = true, true }
func (r *recorder) Fatal(...any)          { r.failed, r.fatal = true, true }

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "out.txt")
	r := &recorder{TB: t}
	Check(r, path, []byte("x"))
	if !r.fatal {
		t.Error("a missing golden file must fail the test")
	}
	*update = true
	Check(t, path, []byte("hello\n"))
	*update = false
	if data, err := os.ReadFile(path); err != nil || string(data) != "hello\n" {
		t.Fatalf("-update wrote %q, %v", data, err)
	}
	r = &recorder{TB: t}
	Check(r, path, []byte("hello\n"))
	if r.failed {
		t.Error("equal output failed")
	}
	Check(r, path, []byte("hullo\n"))
	if !r.failed || r.fatal {
		t.Error("different output must fail the test, and go on")
	}
}
