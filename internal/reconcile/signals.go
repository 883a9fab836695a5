package reconcile

import (
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// SignalOptions are the graph options a check computes the head's signals
// with: the configured cycle exclusions (checks.cycles.exclude; nil cfg
// means the defaults) and, on a pull request, the base, so that each
// import cycle is located at the edge the change added.
func SignalOptions(cfg *config.Config, base *snapshot.Snapshot) graph.Options {
	if cfg == nil {
		cfg = config.Default()
	}
	return graph.Options{CycleExclude: cfg.Checks.Cycles.Exclude, Base: base}
}
