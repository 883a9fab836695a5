package depstest

import (
	"fmt"
	"testing"
)

// recorder keeps the errors Forbid reports instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestForbidFindsIndirectDependencies: a package below a forbidden one,
// reached through another, is reported; an allowed one is not.
func TestForbidFindsIndirectDependencies(t *testing.T) {
	r := &recorder{TB: t}
	// depstest needs os/exec, which needs internal/syscall/execenv.
	Forbid(r, "github.com/docbridge/docbridge/internal/depstest", "os/exec", "internal/syscall", "net/http")
	if len(r.errs) < 2 {
		t.Fatalf("reported %q", r.errs)
	}
	for _, e := range r.errs {
		if e == "github.com/docbridge/docbridge/internal/depstest depends on net/http" {
			t.Errorf("a dependency it does not have: %s", e)
		}
	}
}
