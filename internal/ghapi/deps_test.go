package ghapi

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPureStagesNeedNoTransport: the gate and the renderer are pure: no
// dependency of theirs, direct or not, is this transport or go-github,
// and the gate needs not even the renderer (its reply is data).
func TestPureStagesNeedNoTransport(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list dependencies with")
	}
	const mod = "github.com/docbridge/docbridge/"
	transport := []string{mod + "internal/ghapi", "github.com/google/go-github"}
	for pkg, forbidden := range map[string][]string{
		mod + "internal/gate":   append([]string{mod + "internal/review"}, transport...),
		mod + "internal/review": transport,
	} {
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
