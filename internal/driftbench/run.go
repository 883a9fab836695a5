package driftbench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/precision"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
)

// RunOptions are the inputs of a benchmark run (bench drift); the errors
// name the flags that set them.
type RunOptions struct {
	// Corpus is the directory the trees are extracted in
	// (<owner>+<name>/<commit> each), Data the benchmark data's
	// (corpus.json, cases/<owner>+<name>.json).
	Corpus, Data string
	// Repos, when not empty, are the only repositories run; Split, when
	// set, runs only its repositories.
	Repos []string
	Split string
}

// Run checks every pair of the cases the options select — its progress,
// a line per pair, on stderr — and evaluates them.
func Run(ctx context.Context, stderr io.Writer, o RunOptions) (*Report, error) {
	repos, err := loadDriftData(o)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(o.Corpus); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("--corpus %s: not a directory (extract it with scripts/drift-corpus.sh %s)", o.Corpus, o.Corpus)
	}
	// Every tree must be there before the first scan.
	for _, r := range repos {
		for _, c := range r.Cases {
			for _, commit := range []string{c.Base, c.Head} {
				if st, err := os.Stat(driftTree(o.Corpus, r.Repository, commit)); err != nil || !st.IsDir() {
					return nil, fmt.Errorf("--corpus %s: no tree %s of %s (extract it with scripts/drift-corpus.sh %s)",
						o.Corpus, commit, r.Repository, o.Corpus)
				}
			}
		}
	}
	if err := checkDriftLines(o.Corpus, repos); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "docbridge-drift-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	pairs := map[string]pair{}
	for _, r := range repos {
		for _, c := range r.Cases {
			key := pairKey(r.Repository, c.Base, c.Head)
			if _, done := pairs[key]; done {
				continue
			}
			t0 := time.Now()
			p := driftPair(ctx, o.Corpus, tmp, r.Repository, c.Base, c.Head)
			pairs[key] = p
			status := fmt.Sprintf("%d new finding(s)", len(p.New))
			if p.Err != "" {
				status = "failed: " + p.Err
			}
			fmt.Fprintf(stderr, "bench drift: %s %s..%s: %s in %s\n", r.Repository, c.Base[:12], c.Head[:12], status, time.Since(t0).Round(time.Millisecond))
		}
	}
	return evaluate(repos, pairs), nil
}

// loadDriftData reads corpus.json and the case file of every repository
// it lists (a broken one fails before any scan).
func loadDriftData(o RunOptions) ([]repo, error) {
	root, err := os.OpenRoot(o.Data)
	if err != nil {
		return nil, fmt.Errorf("--data: %w", err)
	}
	defer root.Close()
	data, err := pipeline.ReadRepoFile(root, "corpus.json", maxCaseFileBytes+1)
	if err != nil {
		return nil, fmt.Errorf("--data: %w", err)
	}
	corpus, err := loadCorpus(filepath.ToSlash(filepath.Join(o.Data, "corpus.json")), data)
	if err != nil {
		return nil, err
	}
	for _, r := range o.Repos {
		if !slices.ContainsFunc(corpus.Repositories, func(c corpusRepo) bool { return c.Repository == r }) {
			return nil, fmt.Errorf("--repo %s: not in %s", r, filepath.Join(o.Data, "corpus.json"))
		}
	}
	var repos []repo
	var errs []error
	for _, cr := range corpus.Repositories {
		if len(o.Repos) > 0 && !slices.Contains(o.Repos, cr.Repository) || o.Split != "" && cr.Split != o.Split {
			continue
		}
		name := "cases/" + slug(cr.Repository) + ".json"
		data, err := pipeline.ReadRepoFile(root, name, maxCaseFileBytes+1)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", filepath.Join(o.Data, name), err))
			continue
		}
		cf, err := loadCases(filepath.ToSlash(filepath.Join(o.Data, name)), data, cr.Repository)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		repos = append(repos, repo{Repository: cr.Repository, Split: cr.Split, Cases: cf.Cases})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return repos, nil
}

// checkDriftLines reads each case's document in its head tree and checks
// that the reference is where the case says (checkLine): a case
// written down wrong is bad input, named, before any scan.
func checkDriftLines(corpus string, repos []repo) error {
	var errs []error
	for _, r := range repos {
		for _, c := range r.Cases {
			err := func() error {
				root, err := os.OpenRoot(driftTree(corpus, r.Repository, c.Head))
				if err != nil {
					return err
				}
				defer root.Close()
				data, err := pipeline.ReadRepoFile(root, c.Document, precision.MaxSourceBytes)
				if err != nil {
					return err
				}
				return checkLine(data, c)
			}()
			if err != nil {
				errs = append(errs, fmt.Errorf("%s case %s: %w", r.Repository, c.ID, err))
			}
		}
	}
	return errors.Join(errs...)
}

// driftTree is where scripts/drift-corpus.sh extracts a commit.
func driftTree(corpus, repo, commit string) string {
	return filepath.Join(corpus, slug(repo), commit)
}

// driftPair runs `docbridge scan BASE --out FILE` and `docbridge check HEAD
// --base FILE` in process, through the code paths of those commands: the
// base snapshot is written and read back (unmarshalled and validated)
// exactly as check --base reads it. The repository is named to both, as
// the configuration would name it, so links to its own URLs are the
// repository's (the trees sit in a corpus directory whose own git remote,
// if any, is not theirs). A failure is the pair's error, not the run's.
func driftPair(ctx context.Context, corpus, tmp, repo, base, head string) pair {
	p := pair{Repository: repo, Base: base, Head: head}
	baseDir, headDir := driftTree(corpus, repo, base), driftTree(corpus, repo, head)
	cfg, err := pipeline.LoadConfig(baseDir, "", nil)
	if err != nil {
		p.Err = "base configuration: " + err.Error()
		return p
	}
	if cfg.Project.Repository == "" {
		cfg.Project.Repository = repo
	}
	res, err := scan.Scan(ctx, baseDir, cfg, scan.Options{})
	if err != nil {
		p.Err = "scan base: " + err.Error()
		return p
	}
	data, err := snapshot.Marshal(res.Snapshot)
	if err != nil {
		p.Err = "write base snapshot: " + err.Error()
		return p
	}
	snapFile := filepath.Join(tmp, slug(repo)+"-"+base+".json")
	if err := atomicfile.Write(snapFile, data); err != nil {
		p.Err = "write base snapshot: " + err.Error()
		return p
	}
	defer os.Remove(snapFile)
	out, err := pipeline.Run(ctx, pipeline.Options{Repo: pipeline.Repo{Dir: headDir, MaxStateBytes: state.DefaultMaxBytes}, Base: snapFile, Repository: repo})
	if err != nil {
		p.Err = "check --base: " + err.Error()
		return p
	}
	if out.Comparison == nil {
		p.Err = "check --base: no comparison"
		return p
	}
	for _, d := range out.Comparison.New {
		if d.Severity.Rank() <= catalog.Off.Rank() {
			continue
		}
		p.New = append(p.New, benchFinding(d))
	}
	return p
}

// benchFinding is d as the drift benchmark matches it, with the members of
// a grouped finding.
func benchFinding(d finding.Diagnostic) Finding {
	pl := d.Primary()
	f := Finding{Code: d.Code, Level: d.Severity, Path: pl.Path, Line: pl.Line, Subject: d.Subject, Message: d.Message}
	for _, m := range d.Members {
		f.Members = append(f.Members, benchFinding(m))
	}
	return f
}
