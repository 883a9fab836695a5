// Package depstest holds a package's dependencies to a rule in tests:
// Forbid fails a test when go list -deps names a forbidden package, so a
// layering the design promises (a pure stage needs no transport, the
// search path no agent code) is checked, not only drawn. Test support
// only.
package depstest

import (
	"os/exec"
	"strings"
	"testing"
)

// Forbid reports, as errors of t, every package pkg depends on, directly
// or not, that is one of forbidden or below one (a forbidden
// "example.com/m" covers "example.com/m/sub"). The test is skipped where
// there is no go command to list them with.
func Forbid(t testing.TB, pkg string, forbidden ...string) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list dependencies with")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", pkg, err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 5 {
		t.Fatalf("go list %s listed %d packages: %s", pkg, len(deps), out)
	}
	for _, d := range deps {
		for _, f := range forbidden {
			if d == f || strings.HasPrefix(d, f+"/") {
				t.Errorf("%s depends on %s", pkg, d)
			}
		}
	}
}
