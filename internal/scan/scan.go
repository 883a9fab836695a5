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
	"time"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/golang"
	"github.com/docbridge/docbridge/internal/scan/manifest"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// PipelineVersion changes whenever resolution changes what it produces from
// the same extractions.
const PipelineVersion = "scan/1"

// AnalyzerVersions are the versions of every extractor. A stored extraction
// made by another version is never reused.
func AnalyzerVersions() map[string]string {
	return map[string]string{
		"markdown":   markdown.Version,
		"golang":     golang.Version,
		"typescript": typescript.Version,
		"python":     python.Version,
		"manifest":   manifest.Version,
	}
}

// Options tune a scan without changing its result.
type Options struct {
	// Workers is the number of extraction goroutines; 0 means GOMAXPROCS.
	Workers int
	// Order permutes directory entries before the walk visits them (tests
	// use it to prove the result does not depend on it).
	Order func(dir string, entries []os.DirEntry)
	// SourceRevision is recorded in the snapshot (the commit scanned); it is
	// not part of the content hash.
	SourceRevision string
}

// Stats describe one run: they are printed, never hashed.
type Stats struct {
	Files   int           // files extracted
	Bytes   int64         // bytes read
	Walk    time.Duration // listing the tree
	Extract time.Duration // reading, hashing and extracting every file
	Resolve time.Duration // resolution, sorting and hashing the snapshot
	Total   time.Duration
	Workers int
}

// Scan scans the tree at root with the effective configuration cfg.
func Scan(ctx context.Context, root string, cfg *config.Config, opts Options) (*snapshot.Snapshot, *Stats, error) {
	start := time.Now()
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, nil, fmt.Errorf("scan %s: %w", root, err)
	}
	st := &Stats{Workers: opts.Workers}
	if st.Workers <= 0 {
		st.Workers = runtime.GOMAXPROCS(0)
	}

	w, err := walk.Walk(ctx, abs, walk.Options{
		Exclude:      cfg.Scan.Exclude,
		MaxFileBytes: int64(cfg.Scan.MaxFileBytes),
		MaxFiles:     cfg.Scan.MaxFiles,
		Order:        opts.Order,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("scan %s: %w", root, err)
	}
	st.Walk = time.Since(start)

	t := time.Now()
	kinds := make([]fileKind, len(w.Files))
	for i, f := range w.Files {
		if k := classify(f.Path); enabled(cfg, k) {
			kinds[i] = k
		}
	}
	ex, err := extractAll(ctx, abs, cfg, w.Files, kinds, st.Workers)
	if err != nil {
		return nil, nil, fmt.Errorf("scan %s: %w", root, err)
	}
	st.Extract = time.Since(t)
	st.Files = len(ex)
	for _, x := range ex {
		st.Bytes += x.Size
	}

	t = time.Now()
	snap := resolve(cfg, w, ex)
	snap.PipelineVersion = PipelineVersion
	snap.AnalyzerVersions = AnalyzerVersions()
	snap.ConfigurationHash = cfg.Hash()
	snap.SourceRevision = opts.SourceRevision
	snap.Project.Name = projectName(cfg, abs, ex)
	snap.Coverage = append(snap.Coverage, snapshot.Coverage{Analyzer: "repository", Scope: snapshot.ScopeReusedEntities,
		Status: snapshot.StatusNotApplicable, Reason: fmt.Sprintf("no previous run; parsed %d files", len(ex))})
	snap.Normalize()
	if snap.ContentHash, err = snapshot.ComputeContentHash(snap); err != nil {
		return nil, nil, fmt.Errorf("scan %s: %w", root, err)
	}
	st.Resolve = time.Since(t)
	st.Total = time.Since(start)
	return snap, st, nil
}

// projectName is the configured name, else the name of the root's manifest,
// else the directory's name.
func projectName(cfg *config.Config, abs string, ex []Extraction) string {
	if cfg.Project.Name != "" {
		return cfg.Project.Name
	}
	for i := range ex {
		x := &ex[i]
		switch {
		case x.Path == "package.json" && x.PackageJSON != nil && x.PackageJSON.Name != "":
			return x.PackageJSON.Name
		case x.Path == "go.mod" && x.GoMod != nil && x.GoMod.Path != "":
			return x.GoMod.Path
		case x.Path == "pyproject.toml" && x.PyProject != nil && x.PyProject.Name != "":
			return x.PyProject.Name
		}
	}
	return filepath.Base(abs)
}
