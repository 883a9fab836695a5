package finding

import (
	"testing"

	"github.com/docbridge/docbridge/internal/depstest"
)

// TestReadersNeedNoRuleEngine: what only reads findings — the report, the
// doctor, retrieval, fix and the review renderer and transport — depends
// on this package, not on the rule engine that produces findings, directly
// or not; and this package is a leaf below the engine's inputs.
func TestReadersNeedNoRuleEngine(t *testing.T) {
	const mod = "github.com/docbridge/docbridge/"
	for _, pkg := range []string{"report", "doctor", "retrieval", "fix", "suggest", "review", "ghapi"} {
		depstest.Forbid(t, mod+"internal/"+pkg, mod+"internal/reconcile")
	}
	depstest.Forbid(t, mod+"internal/finding", mod+"internal/reconcile", mod+"internal/config",
		mod+"internal/graph", mod+"internal/snapshot", mod+"internal/scan")
}
