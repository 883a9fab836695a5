package main

import (
	"github.com/spf13/pflag"

	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/state"
)

// addRepoFlags registers --config, --state and --max-state-bytes.
func addRepoFlags(f *pflag.FlagSet, o *pipeline.Repo) {
	f.StringVar(&o.ConfigPath, "config", "", "configuration `FILE` (default: docbridge.yaml in the repository, when present)")
	f.StringVar(&o.StateDir, "state", "", "reuse and update the scan state in `DIR` (incremental scans)")
	f.Int64Var(&o.MaxStateBytes, "max-state-bytes", state.DefaultMaxBytes, "neither read nor write a state larger than `N` bytes")
	setFlagRange(f, "max-state-bytes", 0, maxStateBytesFlag)
}
