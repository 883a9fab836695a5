package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/docbridge/docbridge/internal/gitrepo"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/state"
)

// addRepoFlags registers --config, --state and --max-state-bytes; the
// repository's identity, unless configured, comes from the process's
// environment (GITHUB_REPOSITORY), and what git knows of the tree (the
// commit checked out, renames since a base) from git, both here at the
// edge.
func addRepoFlags(f *pflag.FlagSet, o *pipeline.Repo) {
	o.Getenv = os.Getenv
	o.Git = gitrepo.WorkTree{}
	f.StringVar(&o.ConfigPath, "config", "", "configuration `FILE` (default: docbridge.yaml in the repository, when present)")
	f.StringVar(&o.StateDir, "state", "", "reuse and update the scan state in `DIR` (incremental scans)")
	f.Int64Var(&o.MaxStateBytes, "max-state-bytes", state.DefaultMaxBytes, "neither read nor write a state larger than `N` bytes")
	setFlagRange(f, "max-state-bytes", 0, maxStateBytesFlag)
}

// defaultStateDir is the repository's own state directory, relative to
// its root: search, lookup, doctor and graph reuse and update it when it
// exists (check, scan and the action only with --state).
const defaultStateDir = scan.StateDir

// stateFlagUsage is --state's usage for the commands that reuse
// defaultStateDir.
const stateFlagUsage = "reuse and update the scan state in `DIR` (incremental scans; default: " + defaultStateDir +
	" in the repository when that directory exists; --state '' scans cold)"

// addReadRepoFlags registers the repository flags of the commands that
// only read the repository (search, lookup, doctor, graph): those of
// addRepoFlags, with --state defaulting to defaultStateDir (see
// withDefaultState).
func addReadRepoFlags(f *pflag.FlagSet, o *pipeline.Repo) {
	addRepoFlags(f, o)
	f.Lookup("state").Usage = stateFlagUsage
}

// withDefaultState returns o with the repository's defaultStateDir as its
// state directory when --state was not given and that directory exists,
// so that a second run on an unchanged tree reuses the first one's
// extractions. An explicit --state, even an empty one, is kept.
func withDefaultState(f *pflag.FlagSet, o pipeline.Repo) pipeline.Repo {
	if f.Changed("state") || o.StateDir != "" {
		return o
	}
	dir := filepath.Join(o.Dir, filepath.FromSlash(defaultStateDir))
	if info, err := os.Stat(dir); err == nil && info.IsDir() {
		o.StateDir = dir
	}
	return o
}

// openRepo is pipeline.Open with the scan's warnings printed on stderr.
func openRepo(ctx context.Context, stderr io.Writer, o pipeline.Repo) (*pipeline.Repository, error) {
	repo, err := pipeline.Open(ctx, o)
	if err != nil {
		return nil, err
	}
	printWarnings(stderr, repo.Warnings)
	return repo, nil
}

// runPipeline is pipeline.Run with the run's warnings printed on stderr.
func runPipeline(ctx context.Context, stderr io.Writer, o pipeline.Options) (*pipeline.Outcome, error) {
	out, err := pipeline.Run(ctx, o)
	if err != nil {
		return nil, err
	}
	printWarnings(stderr, out.Warnings)
	return out, nil
}

// printWarnings writes a stage's warnings, a line each.
func printWarnings(stderr io.Writer, warnings []string) {
	for _, w := range warnings {
		fmt.Fprintln(stderr, w)
	}
}
