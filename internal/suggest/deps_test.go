package suggest

import (
	"testing"

	"github.com/docbridge/docbridge/internal/depstest"
)

// TestPlanIsPure: the plan reads findings, the diff and bytes; it neither
// runs the rules (Input.Verify does, handed in), nor renders, nor posts.
func TestPlanIsPure(t *testing.T) {
	const mod = "github.com/docbridge/docbridge/internal/"
	depstest.Forbid(t, mod+"suggest", mod+"reconcile", mod+"pipeline", mod+"graph", mod+"review", mod+"ghapi", "github.com/google/go-github")
	depstest.Forbid(t, mod+"prdiff", mod+"finding", mod+"report", mod+"ghapi", "github.com/google/go-github")
}
