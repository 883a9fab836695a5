package retrieval

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestSearchPathImportsNoAgentCode: nothing on the search path — this
// package and the doctor — reaches the network, runs programs or imports
// agent code, directly or through a dependency.
func TestSearchPathImportsNoAgentCode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	pkgs := []string{"github.com/docbridge/docbridge/internal/retrieval"}
	if _, err := os.Stat("../doctor"); err == nil {
		pkgs = append(pkgs, "github.com/docbridge/docbridge/internal/doctor")
	}
	forbidden := []string{"net/http", "os/exec", "github.com/docbridge/docbridge/internal/enrich"}
	for _, pkg := range pkgs {
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
					t.Errorf("%s imports %s", pkg, d)
				}
			}
		}
	}
}
