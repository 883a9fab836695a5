package golang

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// Module is the extraction of one go.mod file.
type Module struct {
	// Path is the module path; empty when the file declares none readable.
	Path string `json:"path,omitempty"`
	// Dir is the repo-relative directory of the go.mod ("." for the root).
	Dir       string          `json:"dir"`
	GoVersion string          `json:"goVersion,omitempty"`
	Requires  []Require       `json:"requires,omitempty"`
	Replaces  []Replace       `json:"replaces,omitempty"`
	Issues    []extract.Issue `json:"issues,omitempty"`
}

// Require is one require directive, in source order.
type Require struct {
	Path     string `json:"path"`
	Version  string `json:"version"`
	Indirect bool   `json:"indirect,omitempty"`
	Line     int    `json:"line"`
}

// Replace is one replace directive, in source order.
type Replace struct {
	Old string `json:"old"`
	// OldVersion is set when only one version of Old is replaced.
	OldVersion string `json:"oldVersion,omitempty"`
	// New is a module path, or for a Local replacement the repo-relative
	// cleaned directory ("" when it leaves the repository).
	New        string `json:"new"`
	NewVersion string `json:"newVersion,omitempty"`
	// Local reports a filesystem replacement (./x, ../x, /abs).
	Local bool `json:"local,omitempty"`
	Line  int  `json:"line"`
}

// ParseGoMod parses the go.mod at the repo-relative path p. A file modfile
// rejects yields one Issue per reported error and whatever a lax parse (or,
// failing that, a bare module-line scan) recovers.
func ParseGoMod(p string, data []byte) Module {
	m := Module{Dir: dirOf(p)}
	f, err := modfile.Parse(p, data, nil)
	if err != nil {
		m.Issues = modIssues(err)
		f = recoverMod(p, data, err)
		if f == nil {
			m.Path = modfile.ModulePath(data)
		}
	}
	if f != nil {
		fill(&m, f)
	}
	if m.Path == "" && err == nil {
		m.Issues = append(m.Issues, extract.Issue{Status: extract.StatusNotAnalyzed,
			Message: "go.mod has no module directive"})
	}
	if n := len(m.Issues); n > maxModIssues {
		m.Issues = append(m.Issues[:maxModIssues:maxModIssues],
			extract.Issue{Message: fmt.Sprintf("%d more go.mod issues not listed", n-maxModIssues)})
	}
	sanitize(&m)
	status := extract.StatusPartial
	if m.Path == "" {
		status = extract.StatusNotAnalyzed
	}
	for i := range m.Issues {
		m.Issues[i].Status = status
	}
	return m
}

func fill(m *Module, f *modfile.File) {
	if f.Module != nil {
		m.Path = f.Module.Mod.Path
	}
	if f.Go != nil {
		m.GoVersion = f.Go.Version
	}
	for _, r := range f.Require {
		if len(m.Requires) == maxRequires {
			m.Issues = append(m.Issues, truncated("requirements", len(f.Require), maxRequires))
			break
		}
		m.Requires = append(m.Requires, Require{Path: r.Mod.Path, Version: r.Mod.Version,
			Indirect: r.Indirect, Line: r.Syntax.Start.Line})
	}
	for _, r := range f.Replace {
		if len(m.Replaces) == maxReplaces {
			m.Issues = append(m.Issues, truncated("replacements", len(f.Replace), maxReplaces))
			break
		}
		rep := Replace{Old: r.Old.Path, OldVersion: r.Old.Version, New: r.New.Path,
			NewVersion: r.New.Version, Line: r.Syntax.Start.Line}
		if modfile.IsDirectoryPath(r.New.Path) {
			rep.Local = true
			dir, ok := localDir(m.Dir, r.New.Path)
			rep.New = dir
			if !ok {
				m.Issues = append(m.Issues, extract.Issue{Line: rep.Line,
					Message: fmt.Sprintf("replace %s => %s leaves the repository; not resolved", r.Old.Path, r.New.Path)})
			}
		}
		m.Replaces = append(m.Replaces, rep)
	}
}

// localDir resolves a replacement directory against the go.mod's directory;
// ok is false when the result is absolute or outside the repository.
func localDir(modDir, target string) (string, bool) {
	t := strings.ReplaceAll(target, `\`, "/")
	if strings.HasPrefix(t, "/") || len(t) >= 2 && t[1] == ':' {
		return "", false
	}
	d := path.Join(modDir, t)
	if d == ".." || strings.HasPrefix(d, "../") {
		return "", false
	}
	return d, true
}

// modIssues turns modfile's error list into Issues with lines.
func modIssues(err error) []extract.Issue {
	var list modfile.ErrorList
	if !errors.As(err, &list) {
		var one *modfile.Error
		if errors.As(err, &one) {
			list = modfile.ErrorList{*one}
		} else {
			return []extract.Issue{{Message: err.Error()}}
		}
	}
	var out []extract.Issue
	for _, e := range list {
		out = append(out, extract.Issue{Line: max(0, e.Pos.Line), Message: e.Error()})
	}
	return out
}

// dirOf is the repo-relative directory of a repo-relative file path.
func dirOf(p string) string { return cleanDir(path.Dir(cleanDir(p))) }

// cleanDir normalises a slash-separated repo-relative path: no "./" or
// trailing slash, "." for the root. Leading ".." elements are dropped; the
// walker never hands out paths above the root.
func cleanDir(p string) string {
	p = path.Clean("/" + p)
	if p == "/" {
		return "."
	}
	return p[1:]
}

// sanitize makes every string taken from the input valid UTF-8 (see
// validUTF8).
func sanitize(m *Module) {
	m.Path, m.GoVersion = validUTF8(m.Path), validUTF8(m.GoVersion)
	for i := range m.Requires {
		r := &m.Requires[i]
		r.Path, r.Version = validUTF8(r.Path), validUTF8(r.Version)
	}
	for i := range m.Replaces {
		r := &m.Replaces[i]
		r.Old, r.OldVersion = validUTF8(r.Old), validUTF8(r.OldVersion)
		r.New, r.NewVersion = validUTF8(r.New), validUTF8(r.NewVersion)
	}
	for i := range m.Issues {
		m.Issues[i].Message = validUTF8(m.Issues[i].Message)
	}
}
