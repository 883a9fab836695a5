package ghapi

import (
	"testing"

	"github.com/docbridge/docbridge/internal/depstest"
)

// TestPureStagesNeedNoTransport: the gate and the renderer are pure: no
// dependency of theirs, direct or not, is this transport or go-github,
// and the gate needs not even the renderer (its reply is data).
func TestPureStagesNeedNoTransport(t *testing.T) {
	const mod = "github.com/docbridge/docbridge/"
	transport := []string{mod + "internal/ghapi", "github.com/google/go-github"}
	depstest.Forbid(t, mod+"internal/gate", append([]string{mod + "internal/review"}, transport...)...)
	depstest.Forbid(t, mod+"internal/review", transport...)
}
