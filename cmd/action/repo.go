package main

import (
	"context"
	"io"

	"github.com/spf13/pflag"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/state"
)

// repoOptions say which repository a command reads and how: the flags
// every command that scans shares.
type repoOptions struct {
	dir, configPath, stateDir string
	maxStateBytes             int64
}

// addRepoFlags registers --config, --state and --max-state-bytes.
func (o *repoOptions) addRepoFlags(f *pflag.FlagSet) {
	f.StringVar(&o.configPath, "config", "", "configuration `FILE` (default: docbridge.yaml in the repository, when present)")
	f.StringVar(&o.stateDir, "state", "", "reuse and update the scan state in `DIR` (incremental scans)")
	f.Int64Var(&o.maxStateBytes, "max-state-bytes", state.DefaultMaxBytes, "neither read nor write a state larger than `N` bytes")
}

// repository is a scanned repository with its graph signals.
type repository struct {
	cfg     *config.Config
	scan    *scan.Result
	signals *graph.Signals
}

// openRepo reads the configuration, scans (incrementally with --state) and
// computes the graph signals.
func openRepo(ctx context.Context, stderr io.Writer, o repoOptions) (*repository, error) {
	cfg, err := loadConfig(o.dir, o.configPath)
	if err != nil {
		return nil, err
	}
	res, err := scanWithState(ctx, stderr, o.dir, cfg, o.stateDir, o.maxStateBytes)
	if err != nil {
		return nil, err
	}
	return &repository{cfg: cfg, scan: res, signals: graph.Compute(res.Snapshot, graph.Options{})}, nil
}
