package retrieval

import (
	"os"
	"testing"

	"github.com/docbridge/docbridge/internal/depstest"
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
		depstest.Forbid(t, pkg, forbidden...)
	}
}
