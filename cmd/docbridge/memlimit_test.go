package main

import (
	"bytes"
	"math"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/pbnjay/memory"
)

// TestSetMemoryLimit: the action's runtime gets a soft memory limit of
// three quarters of the memory it may use (at most the machine's), told
// as a debug line; GOMEMLIMIT set by the workflow is left as it is.
func TestSetMemoryLimit(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })

	for _, k := range []string{"GOMEMLIMIT", "AUTOMEMLIMIT"} {
		t.Setenv(k, "") // restored when the test ends
		os.Unsetenv(k)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	var out bytes.Buffer
	setMemoryLimit(&out)
	got := debug.SetMemoryLimit(-1)
	if total := memory.TotalMemory(); got <= 0 || uint64(got) > total*3/4+1 {
		t.Errorf("limit %d, want (0, %d] (3/4 of the machine's %d bytes)", got, total*3/4, total)
	}
	if !strings.HasPrefix(out.String(), "::debug::go runtime memory limit: ") {
		t.Errorf("log %q, want a debug line with the limit", out.String())
	}

	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(1 << 30)
	out.Reset()
	setMemoryLimit(&out)
	if got := debug.SetMemoryLimit(-1); got != 1<<30 {
		t.Errorf("with GOMEMLIMIT set, limit %d, want it left at 1 GiB", got)
	}
}
