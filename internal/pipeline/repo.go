package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/repourl"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
)

// ScanWithState scans dir; with a state directory it reuses the previous
// state's extractions and writes the new state there.
// revision is the commit scanned, recorded (not hashed) so that a check
// against this snapshot can ask git what was renamed since; "" records
// none. warnings say what the scan could not do that does not fail it
// (the state not written), for the caller to print.
func ScanWithState(ctx context.Context, dir string, cfg *config.Config, stateDir string, maxStateBytes int64, progress func(phase string, done, total int), revision string) (res *scan.Result, warnings []string, err error) {
	opts := scan.Options{Progress: progress, SourceRevision: revision}
	if stateDir != "" {
		opts.Previous, opts.PreviousRefused = loadState(stateDir, maxStateBytes)
	}
	res, err = scan.Scan(ctx, dir, cfg, opts)
	if err != nil {
		return nil, nil, err
	}
	if stateDir != "" {
		if c, w := SaveState(stateDir, res, maxStateBytes); c != nil {
			res.Snapshot.Coverage = append(res.Snapshot.Coverage, *c)
			snapshot.SortCoverage(res.Snapshot.Coverage)
			warnings = append(warnings, w)
		}
	}
	return res, warnings, nil
}

// loadState reads the previous state. A missing state is a first run; one
// that cannot be used is refused with the reason, and the scan is cold.
func loadState(dir string, maxBytes int64) (*scan.Store, string) {
	st, err := state.Load(dir, maxBytes)
	switch {
	case err == nil:
		return st.Store, ""
	case errors.Is(err, fs.ErrNotExist):
		return nil, ""
	default:
		return nil, err.Error()
	}
}

// SaveState writes this scan's state. Failing to write it costs the next
// run its reuse, not this run its result: a coverage entry that describes
// the run (the content hash leaves it out), and the warning line for the
// caller to print; nil and "" when the state was written.
func SaveState(dir string, res *scan.Result, maxBytes int64) (*snapshot.Coverage, string) {
	_, err := state.Save(dir, &state.State{Store: res.Store}, maxBytes)
	if err == nil {
		return nil, ""
	}
	return &snapshot.Coverage{Analyzer: "repository", Scope: snapshot.ScopeState, Status: snapshot.StatusNotAnalyzed,
			Reason: "state not written: " + err.Error()},
		fmt.Sprintf("docbridge: warning: state not written to %s: %v", dir, err)
}

// LoadConfig reads the explicit config file or the repository's own; a
// missing or unreadable directory is bad input too.
// getenv is the environment the repository's identity is read from
// (GITHUB_REPOSITORY, GITHUB_SERVER_URL); nil reads none.
func LoadConfig(dir, explicit string, getenv func(string) string) (*config.Config, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot scan %s: %w", dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("cannot scan %s: not a directory", dir)
	}
	load := config.Load
	if explicit != "" {
		load = func(string) (*config.Config, error) { return config.LoadFile(explicit) }
	}
	cfg, err := load(dir)
	if err != nil {
		return nil, err
	}
	// The repository's identity, for links to its own URLs: the
	// configured one, else the environment's or the origin remote's.
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	cfg.Project = repourl.Resolve(repourl.Read(dir, cfg.Project, getenv))
	return cfg, nil
}

// Repository is a scanned repository with its graph signals.
type Repository struct {
	Config  *config.Config
	Scan    *scan.Result
	Signals *graph.Signals
	// Warnings are what the scan could not do that does not fail it, one
	// line each, in the order they happened: the caller prints them.
	Warnings []string
}

// Open reads the configuration, scans (incrementally with --state) and
// computes the graph signals.
func Open(ctx context.Context, o Repo) (*Repository, error) {
	cfg, err := LoadConfig(o.Dir, o.ConfigPath, o.Getenv)
	if err != nil {
		return nil, err
	}
	res, warnings, err := ScanWithState(ctx, o.Dir, cfg, o.StateDir, o.MaxStateBytes, nil, o.revision(ctx, ""))
	if err != nil {
		return nil, err
	}
	return &Repository{Config: cfg, Scan: res, Signals: graph.Compute(res.Snapshot, reconcile.SignalOptions(cfg, nil)), Warnings: warnings}, nil
}

// ReadRepoFile reads at most limit bytes of the slash-separated path p
// through root, so that no path (a "..", a symlink out) leaves the
// repository.
func ReadRepoFile(root *os.Root, p string, limit int64) ([]byte, error) {
	f, err := root.Open(filepath.FromSlash(p))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit))
}

// maxUnreadableBodies bounds the unreadable bodies a BodyReader names.
const maxUnreadableBodies = 20

// BodyReader reads document bodies for the projection, at most limit
// bytes each, confined to the repository: a path that leaves it (.., a
// symlink out) reads as nothing. It remembers the documents it could not
// read (a file removed since the scan, say), so that a document searched
// without its body need never be silent.
type BodyReader struct {
	root   *os.Root
	limit  int64
	Failed []string // the first maxUnreadableBodies of them
	More   int      // the others
}

// NewBodyReader reads the bodies of the repository at dir, at most
// limit bytes each.
func NewBodyReader(dir string, limit int64) (*BodyReader, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &BodyReader{root: root, limit: limit}, nil
}

func (r *BodyReader) Close() error { return r.root.Close() }

// Read returns the document's bytes, nil when it cannot be read.
func (r *BodyReader) Read(p string) []byte {
	data, err := ReadRepoFile(r.root, p, r.limit)
	if err == nil {
		return data
	}
	if len(r.Failed) < maxUnreadableBodies {
		r.Failed = append(r.Failed, p)
	} else {
		r.More++
	}
	return nil
}

// Repo says which repository a command reads and how: the flags every
// command that scans shares.
type Repo struct {
	Dir, ConfigPath, StateDir string
	MaxStateBytes             int64
	// Getenv is the environment the repository's identity is read from
	// when the configuration does not name it (GITHUB_REPOSITORY,
	// GITHUB_SERVER_URL): the process's for the CLI, the runner's for the
	// action; nil reads none, so a library caller's result does not depend
	// on where it runs.
	Getenv func(string) string
	// Git answers what git knows of Dir (gitrepo.WorkTree for the CLI and
	// the action); nil asks nothing, for the same reason.
	Git Git
}

// Git is what a check asks git about the tree it scans, supplied by the
// edge that runs the pipeline: the pipeline itself runs no git.
type Git interface {
	// Revision is the commit checked out at dir, "" when git cannot say.
	Revision(ctx context.Context, dir string) string
	// Renames maps the files renamed between the commit base and the
	// work tree at dir, old path to new; nil when git cannot say.
	Renames(ctx context.Context, dir, base string) map[string]string
}

// revision is the commit a scan of o.Dir records: given, else the one
// git has checked out, else none.
func (o Repo) revision(ctx context.Context, given string) string {
	if given != "" || o.Git == nil {
		return given
	}
	return o.Git.Revision(ctx, o.Dir)
}
