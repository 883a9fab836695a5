package main

import (
	"context"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
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
	setFlagRange(f, "max-state-bytes", 0, maxStateBytesFlag)
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
	res, err := scanWithState(ctx, stderr, o.dir, cfg, o.stateDir, o.maxStateBytes, nil, "")
	if err != nil {
		return nil, err
	}
	return &repository{cfg: cfg, scan: res, signals: graph.Compute(res.Snapshot, reconcile.SignalOptions(cfg, nil))}, nil
}

// readRepoFile reads at most limit bytes of the slash-separated path p
// through root, so that no path (a "..", a symlink out) leaves the
// repository.
func readRepoFile(root *os.Root, p string, limit int64) ([]byte, error) {
	f, err := root.Open(filepath.FromSlash(p))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit))
}

// maxUnreadableBodies bounds the unreadable bodies a bodyReader names.
const maxUnreadableBodies = 20

// bodyReader reads document bodies for the projection, at most limit
// bytes each, confined to the repository: a path that leaves it (.., a
// symlink out) reads as nothing. It remembers the documents it could not
// read (a file removed since the scan, say), so that a document searched
// without its body need never be silent.
type bodyReader struct {
	root   *os.Root
	limit  int64
	failed []string // the first maxUnreadableBodies of them
	more   int      // the others
}

func newBodyReader(dir string, limit int64) (*bodyReader, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &bodyReader{root: root, limit: limit}, nil
}

func (r *bodyReader) Close() error { return r.root.Close() }

// read returns the document's bytes, nil when it cannot be read.
func (r *bodyReader) read(p string) []byte {
	data, err := readRepoFile(r.root, p, r.limit)
	if err == nil {
		return data
	}
	if len(r.failed) < maxUnreadableBodies {
		r.failed = append(r.failed, p)
	} else {
		r.more++
	}
	return nil
}
