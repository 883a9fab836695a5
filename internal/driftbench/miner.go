package driftbench

import (
	"context"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/gitrepo"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// MineOptions are the inputs of a mining run (bench drift --mine).
type MineOptions struct {
	// GitDir is the git directory of the mined repository.
	GitDir string
	// Repository is its owner/name, for links to its own GitHub URLs.
	Repository string
	// Rev is the revision whose history is mined.
	Rev string
	// MaxCommits bounds the newest non-merge commits mined.
	MaxCommits int
}

// MinedCandidate is one candidate case with the commits it falls between
// (a line of bench drift --mine --json).
type MinedCandidate struct {
	Base string `json:"base"`
	Head string `json:"head"`
	Candidate
}

func isMarkdownPath(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	return ext == ".md" || ext == ".mdx" || ext == ".markdown"
}

// symbolSource says whether the miner reads exports of p.
func symbolSource(p string) bool {
	if strings.HasSuffix(p, "_test.go") || strings.Contains(p, ".test.") || strings.Contains(p, ".spec.") ||
		strings.Contains(p, "/test/") || strings.Contains(p, "/tests/") || strings.Contains(p, "testdata/") {
		return false
	}
	return scan.IsModule(p)
}

// miner holds the readers of one mining run.
type miner struct {
	o       MineOptions
	batch   *gitrepo.Batch
	exports *scan.ExportReader
	live    map[string]bool
}

// change builds the change of one commit, and the set of paths
// it edited.
func (m *miner) change(ctx context.Context, c gitrepo.Commit) (change, map[string]bool, error) {
	ch := change{Repository: m.o.Repository, Files: map[string]string{}, Dirs: map[string]string{},
		Headings: map[string][]string{}, Symbols: map[string]string{}}
	edited := map[string]bool{}
	before, after := map[string]string{}, map[string]bool{}
	for _, st := range c.Status {
		if len(st) < 2 {
			continue
		}
		for _, p := range st[1:] {
			edited[p] = true
		}
		switch {
		case st[0] == "D":
			ch.Files[st[1]] = ""
		case strings.HasPrefix(st[0], "R") && len(st) == 3:
			ch.Files[st[1]] = st[2]
		}
		// Sources: exports before (old path) and after (new path).
		old, cur := st[1], st[len(st)-1]
		if st[0] == "A" {
			old = ""
		}
		if st[0] == "D" {
			cur = ""
		}
		if old != "" && symbolSource(old) {
			data, err := m.batch.Read(c.Parent, old)
			if err != nil {
				return ch, nil, err
			}
			for _, n := range m.exports.Names(old, data) {
				before[n] = old
			}
		}
		if cur != "" && symbolSource(cur) {
			data, err := m.batch.Read(c.Hash, cur)
			if err != nil {
				return ch, nil, err
			}
			for _, n := range m.exports.Names(cur, data) {
				after[n] = true
			}
		}
		// Headings of a Markdown file the commit kept and edited.
		if st[0] == "M" && isMarkdownPath(st[1]) {
			a, err := m.batch.Read(c.Parent, st[1])
			if err != nil {
				return ch, nil, err
			}
			b, err := m.batch.Read(c.Hash, st[1])
			if err != nil {
				return ch, nil, err
			}
			gone := []string{}
			now := markdown.Extract(st[1], b).Anchors
			for _, s := range markdown.Extract(st[1], a).Anchors {
				if !slices.Contains(now, s) {
					gone = append(gone, s)
				}
			}
			if len(gone) > 0 {
				ch.Headings[st[1]] = gone
			}
		}
	}
	for n, f := range before {
		if !after[n] && len(n) >= 4 {
			ch.Symbols[n] = f
		}
	}
	if len(ch.Files) > 0 {
		out, err := gitrepo.Output(ctx, m.o.GitDir, "ls-tree", "-r", "--name-only", c.Parent)
		if err != nil {
			return ch, nil, err
		}
		total, gone := map[string]int{}, map[string]int{}
		to := map[string]map[string]int{}
		for line := range strings.Lines(string(out)) {
			p := strings.TrimRight(line, "\n")
			for d := path.Dir(p); d != "."; d = path.Dir(d) {
				total[d]++
				if n, ok := ch.Files[p]; ok {
					gone[d]++
					if n != "" {
						rest := strings.TrimPrefix(p, d+"/")
						if nd, ok := strings.CutSuffix(n, "/"+rest); ok {
							if to[d] == nil {
								to[d] = map[string]int{}
							}
							to[d][nd]++
						}
					}
				}
			}
		}
		for d, n := range gone {
			if n == total[d] {
				best, bestN := "", 0
				for _, nd := range slices.Sorted(maps.Keys(to[d])) {
					if to[d][nd] > bestN {
						best, bestN = nd, to[d][nd]
					}
				}
				ch.Dirs[d] = best
			}
		}
	}
	return ch, edited, nil
}

// Mine lists the candidate cases of the newest commits of a history,
// each through emit as it is found, and returns how many commits it read.
func Mine(ctx context.Context, o MineOptions, emit func(MinedCandidate) error) (int, error) {
	commits, err := gitrepo.Log(ctx, o.GitDir, o.Rev, o.MaxCommits)
	if err != nil {
		return 0, err
	}
	batch, err := gitrepo.OpenBatch(ctx, o.GitDir)
	if err != nil {
		return 0, err
	}
	defer batch.Close()
	m := &miner{o: o, batch: batch, exports: scan.NewExportReader(), live: map[string]bool{}}
	defer m.exports.Close()
	for _, c := range commits {
		if c.Parent == "" {
			continue
		}
		ch, edited, err := m.change(ctx, c)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", c.Hash, err)
		}
		needles := map[string]bool{}
		for p := range ch.Files {
			needles[path.Base(p)] = true
		}
		for d := range ch.Dirs {
			needles[path.Base(d)] = true
		}
		for _, slugs := range ch.Headings {
			for _, s := range slugs {
				needles["#"+s] = true
			}
		}
		for n := range ch.Symbols {
			needles[n] = true
		}
		if len(needles) == 0 {
			continue
		}
		args := []string{"grep", "-l", "-F"}
		for _, n := range slices.Sorted(maps.Keys(needles)) {
			args = append(args, "-e", n)
		}
		args = append(args, c.Parent, "--", "*.md", "*.mdx", "*.markdown")
		out, err := gitrepo.Output(ctx, o.GitDir, args...)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", c.Hash, err)
		}
		for line := range strings.Lines(string(out)) {
			doc := strings.TrimPrefix(strings.TrimRight(line, "\n"), c.Parent+":")
			if edited[doc] || isChangelog(doc) {
				continue
			}
			data, err := batch.Read(c.Parent, doc)
			if err != nil {
				return 0, err
			}
			for _, cand := range candidates(markdown.Extract(doc, data), ch) {
				if cand.Kind == kindSymbol {
					live, err := m.stillNamed(ctx, c.Hash, spanSymbol(cand.Reference))
					if err != nil {
						return 0, err
					}
					if live {
						continue
					}
				}
				if err := emit(MinedCandidate{Base: c.Parent, Head: c.Hash, Candidate: cand}); err != nil {
					return 0, err
				}
			}
		}
	}
	return len(commits), nil
}

// isChangelog says whether a document is a change log: history, whose
// names of removed things are not references a reader follows.
func isChangelog(p string) bool {
	b := strings.ToUpper(path.Base(p))
	return strings.HasPrefix(b, "CHANGELOG") || strings.HasPrefix(b, "CHANGES") || strings.HasPrefix(b, "HISTORY") ||
		strings.HasPrefix(b, "RELEASE") || strings.Contains(strings.ToLower(p), "changelog/") || strings.Contains(strings.ToLower(p), "changelogs/")
}

// stillNamed says whether a source file of rev (tests aside) still has the
// word name: a symbol whose name survives somewhere in the code was moved,
// not removed (or the removal would not build), and is no candidate.
func (m *miner) stillNamed(ctx context.Context, rev, name string) (bool, error) {
	if v, ok := m.live[rev+":"+name]; ok {
		return v, nil
	}
	out, err := gitrepo.Output(ctx, m.o.GitDir, "grep", "-l", "-w", "-F", "-e", name, rev, "--",
		"*.go", "*.ts", "*.tsx", "*.js", "*.mjs", "*.cjs", "*.jsx", "*.mts", "*.cts", "*.py", "*.pyi",
		":!*_test.go", ":!*.test.*", ":!*.spec.*", ":!**/test/**", ":!**/tests/**", ":!**/testdata/**", ":!**/__tests__/**")
	if err != nil {
		return false, err
	}
	v := len(out) > 0
	m.live[rev+":"+name] = v
	return v, nil
}
