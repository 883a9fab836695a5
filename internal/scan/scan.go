// Package scan turns a checkout into a snapshot: it walks the tree, extracts
// every file in parallel (a pure function of the file's bytes), then resolves
// the extractions against each other into entities, relations and coverage.
package scan

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// keptInBuildOutput says which files of a build output directory
// (walk.OutputDirs) the scan reads: its Markdown documents. A
// documentation section may be called build or dist; the code beside its
// documents is output.
func keptInBuildOutput(p string) bool { return kindMarkdown.Match(p) }

// What docbridge itself writes into the tree it scans, as repository
// paths: the action's JSON report, the CLI's state directory and the
// enrichment cache. The action and the CLI write there by these names.
const (
	ReportFile     = ".docbridge/report.json"
	StateDir       = ".docbridge/state"
	EnrichCacheDir = ".docbridge/enrich/cache"
)

// ownOutputs are ReportFile, StateDir and EnrichCacheDir, left out of
// every walk: a run must not read the last run's output, or a scan after
// an action run would differ from a fresh checkout's. The overlay and the
// approvals beside them are committed decisions, and are read.
var ownOutputs = []string{ReportFile, StateDir, EnrichCacheDir}

// ownOutputPatterns are ownOutputs as gitignore patterns from the root.
var ownOutputPatterns = []string{"/" + ReportFile, "/" + StateDir + "/", "/" + EnrichCacheDir + "/"}

// ownOutput reports whether a repository path is one of ownOutputs or
// lies in one.
func ownOutput(p string) bool {
	for _, o := range ownOutputs {
		if p == o || strings.HasPrefix(p, o+"/") {
			return true
		}
	}
	return false
}

// PipelineVersion changes whenever resolution changes what it produces from
// the same extractions.
const PipelineVersion = "scan/20"

// Options tune a scan without changing its result.
type Options struct {
	// Workers is the number of extraction and resolution goroutines; 0
	// means GOMAXPROCS.
	Workers int
	// Order permutes directory entries before the walk visits them (tests
	// use it to prove the result does not depend on it).
	Order func(dir string, entries []os.DirEntry)
	// SourceRevision is recorded in the snapshot (the commit scanned); it is
	// not part of the content hash.
	SourceRevision string
	// Previous is the store of an earlier scan. The extraction of every file
	// whose path and bytes are unchanged is reused; resolution always runs
	// again, so the snapshot is the one a cold scan would produce.
	Previous *Store
	// PreviousRefused, when set, is why the caller could not load a previous
	// store (corrupt, truncated, foreign); the scan is cold and says why.
	PreviousRefused string
	// Progress, when set, is told where the scan is: each phase as it
	// starts (PhaseWalk, PhaseExtract, PhaseResolve), and during the
	// extraction how many of the files were handed out. It is called from
	// one goroutine and must return quickly.
	Progress func(phase string, done, total int)
}

// The phases Options.Progress names.
const (
	PhaseWalk    = "listing files"
	PhaseExtract = "reading files"
	PhaseResolve = "resolving references"
)

// Result is what one scan produces.
type Result struct {
	Snapshot *snapshot.Snapshot
	// Store holds this scan's extractions, for the next scan to reuse.
	Store *Store
	Stats *Stats
}

// Stats describe one run: they are printed, never hashed.
type Stats struct {
	Files     int           // files read
	Reused    int           // extractions reused from the previous store
	Parsed    int           // files extracted anew
	Bytes     int64         // bytes read
	Walk      time.Duration // listing the tree
	Extract   time.Duration // reading and hashing every file, extracting the changed ones
	Resolve   time.Duration // resolution: entities, relations, coverage
	Canonical time.Duration // sorting, bounding and hashing the snapshot
	Total     time.Duration
	Workers   int
}

// Scan scans the tree at root with the effective configuration cfg.
func Scan(ctx context.Context, root string, cfg *config.Config, opts Options) (*Result, error) {
	start := time.Now()
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("scan %s: %w", root, err)
	}
	st := &Stats{Workers: opts.Workers}
	if st.Workers <= 0 {
		st.Workers = runtime.GOMAXPROCS(0)
	}

	progress := opts.Progress
	if progress == nil {
		progress = func(string, int, int) {}
	}
	progress(PhaseWalk, 0, 0)
	w, err := walk.Walk(ctx, abs, walk.Options{
		Exclude:          append(slices.Clone(cfg.Scan.Exclude), ownOutputPatterns...),
		MaxFileBytes:     int64(cfg.Scan.MaxFileBytes),
		MaxFiles:         cfg.Scan.MaxFiles,
		KeepInOutputDirs: keptInBuildOutput,
		Order:            opts.Order,
	})
	if err != nil {
		return nil, fmt.Errorf("scan %s: %w", root, err)
	}
	// Left out as if absent: nothing refers to a run's output, and the
	// state must not record that one ran.
	w.Excluded = slices.DeleteFunc(w.Excluded, ownOutput)
	st.Walk = time.Since(start)

	t := time.Now()
	files, aliases := documentAliases(cfg, w)
	kinds := make([]fileKind, len(files))
	for i, f := range files {
		kinds[i] = kindOther
		if k := classify(f.Path); enabled(cfg, k) {
			kinds[i] = k
		}
	}
	header := newStoreHeader(cfg)
	var prev map[string]*Extraction
	refused := opts.PreviousRefused
	if opts.Previous != nil && refused == "" {
		prev, refused = reusable(opts.Previous, header.ConfigurationHash)
	}
	ex, reused, err := extractAll(ctx, abs, cfg, files, kinds, st.Workers, prev, progress)
	if err != nil {
		return nil, fmt.Errorf("scan %s: %w", root, err)
	}
	st.Extract = time.Since(t)
	st.Files, st.Reused, st.Parsed = len(ex), reused, len(ex)-reused
	for _, x := range ex {
		st.Bytes += x.Size
	}

	t = time.Now()
	progress(PhaseResolve, 0, 0)
	tree := StoredTree{Config: cfg, Skipped: w.Skipped, Dirs: w.Dirs, Notes: w.Notes, Excluded: w.Excluded,
		Output: w.Output, Aliases: aliases, Ignores: w.Ignores, Unlisted: w.Unlisted, RootName: filepath.Base(abs), SourceRevision: opts.SourceRevision}
	snap := assemble(&tree, ex, st.Workers, reuseCoverage(opts.Previous != nil || opts.PreviousRefused != "", refused, st))
	st.Resolve = time.Since(t)
	t = time.Now()
	if err := finish(snap); err != nil {
		return nil, fmt.Errorf("scan %s: %w", root, err)
	}
	st.Canonical = time.Since(t)
	st.Total = time.Since(start)
	return &Result{Snapshot: snap, Store: &Store{Header: header, Extractions: ex, Tree: tree}, Stats: st}, nil
}

// assemble resolves the extractions against the tree into a snapshot. It
// is everything a snapshot depends on, so a store can rebuild its snapshot.
func assemble(tree *StoredTree, ex []Extraction, workers int, run snapshot.Coverage) *snapshot.Snapshot {
	files := make([]walk.File, len(ex))
	for i, x := range ex {
		files[i] = walk.File{Path: x.Path, Size: x.Size}
	}
	w := &walk.Result{Files: files, Aliases: tree.Aliases, Ignores: tree.Ignores, Skipped: tree.Skipped, Dirs: tree.Dirs, Notes: tree.Notes, Excluded: tree.Excluded, Output: tree.Output, Unlisted: tree.Unlisted}
	cfg := tree.Config
	snap := resolve(cfg, w, ex, workers)
	snap.PipelineVersion = PipelineVersion
	snap.AnalyzerVersions = analyzerVersions()
	snap.ConfigurationHash = cfg.Hash()
	snap.SourceRevision = tree.SourceRevision
	snap.Project.Name = projectName(cfg, tree.RootName, ex)
	snap.Coverage = append(snap.Coverage, run)
	return snap
}

// finish puts a snapshot into canonical form and computes its hash.
func finish(snap *snapshot.Snapshot) error {
	snap.Normalize()
	var err error
	snap.ContentHash, err = snapshot.ComputeContentHash(snap)
	return err
}

// Rebuild returns the snapshot the scan that wrote store produced (but for
// the entry that describes the run). Resolution is a pure function of the
// extractions, the tree's directories, skipped and excluded paths, and the
// configuration, so a state need not carry its snapshot: a pull request
// rebuilds its base when it needs one. A store from another pipeline or
// analyzer version cannot be rebuilt faithfully and is refused.
func Rebuild(store *Store) (*snapshot.Snapshot, error) {
	snap, err := rebuild(store)
	if err != nil {
		return nil, err
	}
	if snap.ContentHash, err = snapshot.ComputeContentHash(snap); err != nil {
		return nil, fmt.Errorf("rebuild snapshot: %w", err)
	}
	return snap, nil
}

// rebuild is Rebuild but for the content hash: the snapshot in canonical
// form, its ContentHash empty.
func rebuild(store *Store) (*snapshot.Snapshot, error) {
	if store.Tree.Config == nil {
		return nil, fmt.Errorf("rebuild snapshot: the store holds no configuration")
	}
	if _, reason := reusable(store, store.Tree.Config.Hash()); reason != "" {
		return nil, fmt.Errorf("rebuild snapshot: %s", reason)
	}
	snap := assemble(&store.Tree, store.Extractions, runtime.GOMAXPROCS(0), snapshot.Coverage{Analyzer: "repository", Scope: snapshot.ScopeReusedEntities,
		Status: snapshot.StatusNotApplicable, Reason: "Rebuilt from a stored state."})
	snap.Normalize()
	return snap, nil
}

// reuseCoverage is the one coverage entry that explains how the run reused
// earlier work. It describes the run, so the content hash leaves it out.
func reuseCoverage(hadPrevious bool, refused string, st *Stats) snapshot.Coverage {
	c := snapshot.Coverage{Analyzer: "repository", Scope: snapshot.ScopeReusedEntities}
	switch {
	case !hadPrevious:
		c.Status, c.Reason = snapshot.StatusNotApplicable, fmt.Sprintf("No previous run; parsed %d files.", st.Files)
	case refused != "":
		c.Status, c.Reason = snapshot.StatusPartial, fmt.Sprintf("The previous state was refused: %s; parsed all %d files.", refused, st.Files)
	default:
		c.Status, c.Reason = snapshot.StatusComplete, fmt.Sprintf("Reused %d extractions and parsed %d of %d files.", st.Reused, st.Parsed, st.Files)
	}
	return c
}

// projectName is the configured name, else the name of the root's manifest,
// else the directory's name.
func projectName(cfg *config.Config, rootName string, ex []Extraction) string {
	if cfg.Project.Name != "" {
		return cfg.Project.Name
	}
	for i := range ex {
		if m := manifestOf(&ex[i]); m != nil {
			if name := m.projectName(&ex[i]); name != "" {
				return name
			}
		}
	}
	return rootName
}
