package ghapi

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPureStagesNeedNoTransport: the gate and the renderer are pure: no
// dependency of theirs, direct or not, is this transport or go-github.
func TestPureStagesNeedNoTransport(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list dependencies with")
	}
	forbidden := []string{"github.com/docbridge/docbridge/internal/ghapi", "github.com/google/go-github"}
	for _, pkg := range []string{"github.com/docbridge/docbridge/internal/gate", "github.com/docbridge/docbridge/internal/review"} {
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
}
