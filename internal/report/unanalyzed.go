package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// Unanalyzed counts the files the scan could not analyze and why: too
// large, binary, a syntax error, or another reason its coverage note
// gives. A check that skipped files says so, in one line of every report
// and with the list in the JSON report, so a clean report never hides a
// file nobody read.
type Unanalyzed struct {
	Total int `json:"total"`
	// ByKind counts the files per kind (kindTooLarge, …).
	ByKind map[string]int `json:"byKind"`
	// Files lists them by path, at most maxUnanalyzed; Total counts all.
	Files []UnanalyzedFile `json:"files"`
}

// UnanalyzedFile is one file the scan could not analyze.
type UnanalyzedFile struct {
	Path     string `json:"path"`
	Analyzer string `json:"analyzer"`
	// Status is not-analyzed (nothing was read from it) or partial (a
	// syntax error: what parsed before it was read).
	Status string `json:"status"`
	Kind   string `json:"kind"`
	Reason string `json:"reason"`
	Line   int    `json:"line,omitempty"`
}

// Kinds of unanalyzed files, in the order reports name them.
const (
	kindTooLarge    = "too large"
	kindBinary      = "binary"
	kindSyntaxError = "syntax error"
	kindSymlink     = "symlink"
	kindOther       = "other"
)

var unanalyzedKinds = []string{kindTooLarge, kindBinary, kindSyntaxError, kindSymlink, kindOther}

// maxUnanalyzed bounds Unanalyzed.Files.
const maxUnanalyzed = 1000

// unanalyzedFrom reads the coverage notes of one file each that say the
// file was not analyzed, or only partly for a syntax error. Notes that are
// not about a failure are left out: a directory a built-in rule excludes,
// a manifest kind docbridge has no analyzer for, partial resolution of a
// document (an ambiguous symbol, an unchecked link), which the coverage
// section explains.
func unanalyzedFrom(cov []snapshot.Coverage) *Unanalyzed {
	var files []UnanalyzedFile
	for _, c := range cov {
		if c.Scope == "" || c.Scope == "repository" || c.Code != "" || !fileAnalyzer(c.Analyzer) {
			continue
		}
		kind := unanalyzedKind(c)
		if kind == "" {
			continue
		}
		files = append(files, UnanalyzedFile{Path: c.Scope, Analyzer: c.Analyzer, Status: c.Status, Kind: kind, Reason: c.Reason, Line: c.Line})
	}
	if len(files) == 0 {
		return nil
	}
	sort.Slice(files, func(i, j int) bool {
		if files[i].Path != files[j].Path {
			return files[i].Path < files[j].Path
		}
		return files[i].Analyzer < files[j].Analyzer
	})
	u := &Unanalyzed{Total: len(files), ByKind: map[string]int{}}
	for _, f := range files {
		u.ByKind[f.Kind]++
	}
	u.Files = files[:min(len(files), maxUnanalyzed)]
	return u
}

// fileAnalyzer reports whether notes of analyzer are about one file: the
// walk and the analyzers of file kinds, not the passes over the whole
// graph (sites, documents, areas, repository, language).
func fileAnalyzer(a string) bool {
	switch a {
	case "sites", "documents", "areas", "repository", "language":
		return false
	}
	return true
}

// unanalyzedKind classifies a note: "" when it is no failure to analyze.
func unanalyzedKind(c snapshot.Coverage) string {
	r := c.Reason
	switch c.Status {
	case snapshot.StatusPartial:
		if strings.Contains(r, "syntax error") {
			return kindSyntaxError
		}
		return ""
	case snapshot.StatusNotAnalyzed:
	default:
		return ""
	}
	switch {
	case strings.HasPrefix(r, "directory excluded by a built-in rule"), strings.Contains(r, "have no analyzer"),
		strings.HasPrefix(r, walk.ReasonUnreadableDir): // a directory, which Report.Incomplete names
		return ""
	case strings.Contains(r, "exceeds scan.maxFileBytes"), strings.Contains(r, "-byte bound"):
		return kindTooLarge
	case strings.HasPrefix(r, "binary content"):
		return kindBinary
	case strings.Contains(r, "syntax error"):
		return kindSyntaxError
	case strings.Contains(r, "symlink"):
		return kindSymlink // dangling, out of the tree, a loop
	}
	return kindOther // unreadable, not a regular file, a symlink loop: the reason says
}

// UnanalyzedLine is the report's one line about skipped files: "3 files
// not analyzed: 1 too large, 2 binary (the JSON report lists them)"; ""
// when there are none.
func UnanalyzedLine(u *Unanalyzed) string {
	if u == nil || u.Total == 0 {
		return ""
	}
	var parts []string
	for _, k := range unanalyzedKinds {
		if n := u.ByKind[k]; n > 0 {
			label := k
			switch k {
			case kindSyntaxError:
				label = textwriter.PluralWord(n, "with a syntax error", "with syntax errors")
			case kindSymlink:
				label = textwriter.PluralWord(n, "symlink that leads nowhere or out of the tree", "symlinks that lead nowhere or out of the tree")
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, label))
		}
	}
	return fmt.Sprintf("%s not analyzed or only partly: %s (the JSON report lists them)", textwriter.Plural(u.Total, "file", "files"), strings.Join(parts, ", "))
}
