package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/driftbench"
	"github.com/docbridge/docbridge/internal/gitrepo"
	"github.com/docbridge/docbridge/internal/scan/golang"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
)

// mineOptions are the inputs of bench drift --mine.
type mineOptions struct {
	gitDir     string
	repository string
	rev        string
	maxCommits int
	asJSON     bool
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
	return golang.IsSource(p) || typescript.IsSource(p) || python.IsSource(p)
}

// miner holds the extractors of one mining run.
type miner struct {
	o     mineOptions
	batch *gitrepo.Batch
	ts    *typescript.Extractor
	py    *python.Extractor
	live  map[string]bool
}

func (m *miner) exports(p string, data []byte) []string {
	if data == nil {
		return nil
	}
	var names []string
	switch {
	case golang.IsSource(p):
		for _, e := range golang.Extract(p, data).Exports {
			names = append(names, e.Name[strings.LastIndexByte(e.Name, '.')+1:])
		}
	case typescript.IsSource(p):
		for _, e := range m.ts.Extract(p, data).Exports {
			names = append(names, e.Name)
		}
	case python.IsSource(p):
		for _, e := range m.py.Extract(p, data).Exports {
			if !strings.HasPrefix(e.Name, "_") {
				names = append(names, e.Name)
			}
		}
	}
	return names
}

// change builds the driftbench.Change of one commit, and the set of paths
// it edited.
func (m *miner) change(ctx context.Context, c gitrepo.Commit) (driftbench.Change, map[string]bool, error) {
	ch := driftbench.Change{Repository: m.o.repository, Files: map[string]string{}, Dirs: map[string]string{},
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
			for _, n := range m.exports(old, data) {
				before[n] = old
			}
		}
		if cur != "" && symbolSource(cur) {
			data, err := m.batch.Read(c.Hash, cur)
			if err != nil {
				return ch, nil, err
			}
			for _, n := range m.exports(cur, data) {
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
		out, err := gitrepo.Output(ctx, m.o.gitDir, "ls-tree", "-r", "--name-only", c.Parent)
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

// runMine prints the candidate cases of the newest commits of a history.
func runMine(ctx context.Context, stdout, stderr io.Writer, o mineOptions) error {
	commits, err := gitrepo.Log(ctx, o.gitDir, o.rev, o.maxCommits)
	if err != nil {
		return err
	}
	batch, err := gitrepo.OpenBatch(ctx, o.gitDir)
	if err != nil {
		return err
	}
	defer batch.Close()
	m := &miner{o: o, batch: batch, ts: typescript.NewExtractor(), py: python.NewExtractor(), live: map[string]bool{}}
	defer m.ts.Close()
	defer m.py.Close()
	total := 0
	for _, c := range commits {
		if c.Parent == "" {
			continue
		}
		ch, edited, err := m.change(ctx, c)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Hash, err)
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
		out, err := gitrepo.Output(ctx, o.gitDir, args...)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Hash, err)
		}
		for line := range strings.Lines(string(out)) {
			doc := strings.TrimPrefix(strings.TrimRight(line, "\n"), c.Parent+":")
			if edited[doc] || isChangelog(doc) {
				continue
			}
			data, err := batch.Read(c.Parent, doc)
			if err != nil {
				return err
			}
			for _, cand := range driftbench.Candidates(markdown.Extract(doc, data), ch) {
				if cand.Kind == driftbench.KindSymbol {
					live, err := m.stillNamed(ctx, c.Hash, driftbench.SpanSymbol(cand.Reference))
					if err != nil {
						return err
					}
					if live {
						continue
					}
				}
				total++
				if o.asJSON {
					if err := writeJSONLine(stdout, struct {
						Base string `json:"base"`
						Head string `json:"head"`
						driftbench.Candidate
					}{c.Parent, c.Hash, cand}); err != nil {
						return err
					}
					continue
				}
				moved := ""
				if cand.Moved != "" {
					moved = " -> " + cand.Moved
				}
				fmt.Fprintf(stdout, "%s %s %s:%d %s %q (%s%s)\n", c.Parent, c.Hash, cand.Document, cand.Line, cand.Kind, cand.Reference, cand.Target, moved)
			}
		}
	}
	fmt.Fprintf(stderr, "bench drift --mine: %d commit(s), %d candidate(s)\n", len(commits), total)
	return nil
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
	out, err := gitrepo.Output(ctx, m.o.gitDir, "grep", "-l", "-w", "-F", "-e", name, rev, "--",
		"*.go", "*.ts", "*.tsx", "*.js", "*.mjs", "*.cjs", "*.jsx", "*.mts", "*.cts", "*.py", "*.pyi",
		":!*_test.go", ":!*.test.*", ":!*.spec.*", ":!**/test/**", ":!**/tests/**", ":!**/testdata/**", ":!**/__tests__/**")
	if err != nil {
		return false, err
	}
	v := len(out) > 0
	m.live[rev+":"+name] = v
	return v, nil
}

func writeJSONLine(w io.Writer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
