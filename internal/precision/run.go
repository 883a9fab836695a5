package precision

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/state"
)

// RunOptions are the inputs of a benchmark run (bench precision); the
// errors name the flags that set them.
type RunOptions struct {
	// Corpus is the directory the repositories are extracted in (one
	// <owner>+<name> directory each), Labels the label files' (<owner>+<name>.json).
	Corpus, Labels string
	// Repos, when not empty, are the only repositories run.
	Repos []string
	// Options sample the findings to label.
	Options
}

// MaxSourceBytes bounds a file read for its line text.
const MaxSourceBytes = 16 << 20

// Run reads every label file first (a broken one fails
// before any scan), then checks each repository and keys its findings.
func Run(ctx context.Context, stderr io.Writer, o RunOptions) (*Report, error) {
	slugs, err := corpusRepos(o.Corpus, o.Repos)
	if err != nil {
		return nil, err
	}
	if st, err := os.Stat(o.Labels); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("--labels %s: not a directory", o.Labels)
	}
	labels, err := os.OpenRoot(o.Labels)
	if err != nil {
		return nil, fmt.Errorf("--labels: %w", err)
	}
	defer labels.Close()
	repos := make([]repo, len(slugs))
	var errs []error
	for i, slug := range slugs {
		name := strings.Replace(slug, "+", "/", 1)
		repos[i] = repo{Repository: name, Labels: LabelFile{Repository: name}}
		path := filepath.Join(o.Labels, slug+".json")
		// One byte over the bound is enough for LoadLabels to refuse it.
		data, err := pipeline.ReadRepoFile(labels, slug+".json", maxLabelBytes+1)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", filepath.ToSlash(path), err))
			continue
		}
		if repos[i].Labels, err = LoadLabels(filepath.ToSlash(path), data, name); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(o.Repos) == 0 {
		warnOrphanLabels(stderr, o.Labels, slugs)
	}
	for i, slug := range slugs {
		t0 := time.Now()
		found, err := findings(ctx, stderr, filepath.Join(o.Corpus, slug), repos[i].Repository)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", repos[i].Repository, err)
		}
		repos[i].Findings = found
		fmt.Fprintf(stderr, "bench precision: %s: %d finding(s) in %s\n", repos[i].Repository, len(found), time.Since(t0).Round(time.Millisecond))
	}
	return evaluate(repos, o.Options), nil
}

// corpusRepos lists the repositories extracted under dir (its
// directories named <owner>+<name>, hidden ones aside), or the ones asked
// for, each of which must be there.
func corpusRepos(dir string, only []string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("--corpus: %w (extract it with scripts/precision-corpus.sh %s)", err, dir)
	}
	var slugs []string
	for _, e := range ents {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") && strings.Count(e.Name(), "+") == 1 {
			slugs = append(slugs, e.Name())
		}
	}
	if len(only) > 0 {
		var want []string
		for _, r := range only {
			s := Slug(r)
			if !slices.Contains(slugs, s) {
				return nil, fmt.Errorf("--repo %s: no directory %s in %s", r, s, dir)
			}
			want = append(want, s)
		}
		slugs = want
	}
	if len(slugs) == 0 {
		return nil, fmt.Errorf("--corpus %s: no <owner>+<name> directory (extract it with scripts/precision-corpus.sh %s)", dir, dir)
	}
	slices.Sort(slugs)
	return slices.Compact(slugs), nil
}

// warnOrphanLabels names label files with no repository in the corpus.
func warnOrphanLabels(stderr io.Writer, dir string, slugs []string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if s, ok := strings.CutSuffix(e.Name(), ".json"); ok && !e.IsDir() && !slices.Contains(slugs, s) {
			fmt.Fprintf(stderr, "bench precision: %s: no repository %s in the corpus; its labels are not used\n", filepath.Join(dir, e.Name()), s)
		}
	}
}

// findings runs the check pipeline on dir exactly as `docbridge
// check DIR` does in a clone of repository (whose origin remote names it:
// links to its own GitHub URLs are checked) and keys every finding that is
// not off, reading each finding's source line for its key.
func findings(ctx context.Context, stderr io.Writer, dir, repository string) ([]Finding, error) {
	res, err := pipeline.Run(ctx, pipeline.Options{Repo: pipeline.Repo{Dir: dir, MaxStateBytes: state.DefaultMaxBytes}, Repository: repository})
	if err != nil {
		return nil, err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, w)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	files := map[string][]byte{}
	var out []Finding
	for _, d := range res.Findings {
		if d.Severity.Rank() <= catalog.Off.Rank() {
			continue
		}
		key := func(p finding.Location) Key {
			var text string
			if p.Path != "" && p.Line > 0 {
				data, ok := files[p.Path]
				if !ok {
					var err error
					if data, err = pipeline.ReadRepoFile(root, p.Path, MaxSourceBytes); err != nil {
						fmt.Fprintf(stderr, "bench precision: %s: %s: %v (keyed with an empty line)\n", dir, p.Path, err)
					}
					files[p.Path] = data
				}
				text, _ = LineText(data, p.Line)
			}
			return NewKey(d.Code, p.Path, d.Subject, text, p.Line > 0)
		}
		p := d.Primary()
		f := Finding{Key: key(p), Level: d.Severity, Path: p.Path, Line: p.Line, Message: d.Message}
		// One reference repeated on many lines is one finding; the labels
		// of its further lines are not gone.
		for _, m := range d.Members {
			if m.Code == d.Code && m.Primary() != p {
				f.Also = append(f.Also, key(m.Primary()))
			}
		}
		out = append(out, f)
	}
	return out, nil
}
