package repoquery

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/gitrepo"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// SearchKinds are the entry kinds a search may be narrowed to (search
// --kinds, knowledge_search's kinds).
var SearchKinds = []string{snapshot.KindDocument, snapshot.KindArea, snapshot.KindPackage, snapshot.KindModule}

// NewIndex projects the scanned repository at dir into search entries,
// document bodies read from dir and the enrichment overlay's
// accepted proposals projected in, and indexes them. An overlay that is
// there but ignored is a warning on stderr.
func NewIndex(stderr io.Writer, dir string, s *snapshot.Snapshot, sig *graph.Signals) (*retrieval.Index, error) {
	bodies, err := pipeline.NewBodyReader(dir, maxBodyFileBytes)
	if err != nil {
		return nil, fmt.Errorf("search %s: %w", dir, err)
	}
	defer bodies.Close()
	proj, warning := pipeline.Projection(dir, s, sig, bodies.Read)
	if warning != "" {
		fmt.Fprintln(stderr, "docbridge: warning:", warning)
	}
	return retrieval.NewIndex(proj, s), nil
}

// Search answers q over ix, the index of s scanned from dir — or, for a
// blank query and for a query nothing matches, lists the most recently
// changed documents.
func Search(ctx context.Context, dir string, s *snapshot.Snapshot, ix *retrieval.Index, q retrieval.Query) retrieval.Results {
	if q.Text != "" {
		res := ix.Search(q)
		if res.Total > 0 {
			return res
		}
	}
	res := ix.Recent(q.Limit, modificationTimes(ctx, dir, documentPaths(s)))
	res.Query = q.Text
	return res
}

// documentPaths lists the paths of the snapshot's documents.
func documentPaths(s *snapshot.Snapshot) []string {
	var out []string
	for i := range s.Entities {
		if e := &s.Entities[i]; e.Kind == snapshot.KindDocument && e.Path != "" {
			out = append(out, e.Path)
		}
	}
	return out
}

// maxBodyFileBytes bounds the bytes read of one document for its body
// (the projection keeps retrieval.MaxBodyRunes of them).
const maxBodyFileBytes = 4 << 20

// MaxLimit bounds every search's --limit or limit argument: search and
// docs search on the command line, knowledge_search and docs over MCP
// (one bound, so an agent and a person get the same answer to the same
// question).
const MaxLimit = 100

// maxGitLogCommits bounds the commits of the history read for
// modification times; documents last changed before them fall back to
// their file time.
const maxGitLogCommits = 20_000

// modificationTimes returns each document's last commit time when dir is
// in a git work tree — one `git log --name-only` pass over the history,
// newest first, stopped as soon as every document has a time — and its
// file time otherwise or when the history does not name it.
func modificationTimes(ctx context.Context, dir string, docs []string) func(string) (int64, bool) {
	committed := gitrepo.CommitTimes(ctx, dir, docs, maxGitLogCommits)
	return func(p string) (int64, bool) {
		if t, ok := committed[p]; ok {
			return t, true
		}
		info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			return 0, false
		}
		return info.ModTime().Unix(), true
	}
}

// Lookup looks target up in s, scanned from dir, with the findings diags,
// excerpts read from dir; a positive budget trims the answer.
func Lookup(dir string, s *snapshot.Snapshot, sig *graph.Signals, diags []finding.Diagnostic, target string, depth, budget int) (*retrieval.LookupResult, error) {
	lines, err := newLineReader(dir)
	if err != nil {
		return nil, err
	}
	defer lines.Close()
	res, err := retrieval.Lookup(s, sig, diags, target, retrieval.LookupOptions{Depth: depth, Excerpt: lines.line})
	if err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	if budget > 0 {
		return retrieval.FitLookup(res, budget)
	}
	return res, nil
}

// maxExcerptFileBytes bounds the bytes read from one file for excerpts; a
// line beyond it is not excerpted.
const maxExcerptFileBytes = 4 << 20

// lineReader reads lines of repository files for excerpts, through an
// os.Root so that no path (a "..", a symlink) leaves the repository. Each
// file is read once.
type lineReader struct {
	root  *os.Root
	files map[string][]string
}

func newLineReader(dir string) (*lineReader, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("read excerpts from %s: %w", dir, err)
	}
	return &lineReader{root: root, files: map[string][]string{}}, nil
}

func (r *lineReader) Close() error { return r.root.Close() }

// line returns line n (1-based) of path, without its line ending.
func (r *lineReader) line(path string, n int) (string, bool) {
	lines, ok := r.files[path]
	if !ok {
		lines = r.load(path)
		r.files[path] = lines
	}
	if n < 1 || n > len(lines) {
		return "", false
	}
	return strings.TrimSuffix(lines[n-1], "\r"), true
}

func (r *lineReader) load(path string) []string {
	data, err := pipeline.ReadRepoFile(r.root, path, maxExcerptFileBytes)
	if err != nil {
		return nil
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	return strings.Split(string(data), "\n")
}
