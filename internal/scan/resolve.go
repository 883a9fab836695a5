package scan

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/parallel"
	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// tree is the global view resolution works against: every file and
// directory of the walk and every file's extraction.
type tree struct {
	cfg   *config.Config
	files map[string]bool // every walked file, analyzed or not
	dirs  map[string]bool
	// excluded holds walk.Result.Excluded: files as they are, directories
	// with a trailing "/".
	excluded map[string]bool
	// output holds walk.Result.Output: build output directories whose
	// documents were read and whose other files were left out.
	output map[string]bool
	// unreachable maps the paths the walk noted it could not enter or
	// follow (an unreadable directory, a symlink out of the tree, a
	// directory too deep) to the note's reason.
	unreachable map[string]string
	// unlisted is where a bound cut the walk's listing short; nil when it
	// is complete.
	unlisted *walk.Unlisted
	paths    []string // sorted keys of files
	ex       []Extraction
	byPath   map[string]*Extraction
	// aliases are the document aliases: files that are another document
	// (see documentAliases), in path order.
	aliases []walk.Alias
	// ignorer judges paths the walk never met; built on first use.
	ignoreFiles []walk.IgnoreFile
	ignoreOnce  sync.Once
	ignorer     *walk.Ignorer
	// subdirs maps a directory to the directories in it; built on first
	// use (subdirsOf).
	subdirsOnce sync.Once
	subdirs     map[string][]string
}

// subdirsOf returns the directories directly in dir ("." for the root).
func (t *tree) subdirsOf(dir string) []string {
	t.subdirsOnce.Do(func() {
		t.subdirs = map[string][]string{}
		for d := range t.dirs {
			t.subdirs[parentDir(d)] = append(t.subdirs[parentDir(d)], d)
		}
	})
	return t.subdirs[dir]
}

// ignored reports whether the walk would leave p out (see walk.Ignorer).
func (t *tree) ignored(p string, isDir bool) bool {
	t.ignoreOnce.Do(func() {
		t.ignorer = walk.NewIgnorer(t.ignoreFiles, t.cfg.Scan.Exclude)
		t.ignorer.KeepInOutputDirs = keptInBuildOutput
	})
	return t.ignorer.Ignored(p, isDir)
}

// excludedAt returns the excluded path that p is or lies below: p names
// something that exists in the checkout but was kept out of the scan. In a
// build output directory only what is not a document was kept out: a
// document there that the walk did not list does not exist.
func (t *tree) excludedAt(p string) (string, bool) {
	if (len(t.excluded) == 0 && len(t.output) == 0) || p == "" || p == "." {
		return "", false
	}
	if t.excluded[p] {
		return p, true
	}
	doc := keptInBuildOutput(p)
	for q := p; q != "." && q != "/" && q != ""; q = path.Dir(q) {
		if t.excluded[q+"/"] || (!doc && t.output[q+"/"]) {
			return q + "/", true
		}
	}
	return "", false
}

// unreachableAt says why the walk could not tell whether p exists: the
// reason of its note about p or the nearest directory above p that it
// could not enter or follow, with that directory when it is not p; "" when
// nothing stopped the walk on the way to p.
func (t *tree) unreachableAt(p string) string {
	if len(t.unreachable) == 0 || p == "" || p == "." {
		return ""
	}
	for q := p; q != "." && q != "/" && q != ""; q = path.Dir(q) {
		if why, ok := t.unreachable[q]; ok {
			if q != p {
				why += " (at " + q + ")"
			}
			return why
		}
	}
	return ""
}

// unreachableNote reports whether a walk note says that what is at its
// path could not be read or followed, so that a link into it is not
// known to be broken for the reason "no such file".
func unreachableNote(n walk.Note) bool {
	switch n.Status {
	case extract.StatusNotAnalyzed:
		return strings.HasPrefix(n.Reason, walk.ReasonUnreadableDir) || strings.HasPrefix(n.Reason, walk.ReasonOutsideRoot) || strings.Contains(n.Reason, "symlink")
	case extract.StatusPartial:
		return strings.HasPrefix(n.Reason, walk.ReasonTooDeep)
	}
	return false
}

// IsFile and IsDir let the language resolvers probe the scanned tree.
func (t *tree) IsFile(p string) bool { return t.files[p] }
func (t *tree) IsDir(p string) bool  { return t.dirs[p] }

func newTree(cfg *config.Config, w *walk.Result, ex []Extraction) *tree {
	t := &tree{cfg: cfg, files: map[string]bool{}, dirs: map[string]bool{}, excluded: map[string]bool{}, output: map[string]bool{}, ex: ex, byPath: map[string]*Extraction{}}
	for _, p := range w.Excluded {
		t.excluded[p] = true
	}
	for _, p := range w.Output {
		t.output[p] = true
	}
	t.unlisted = w.Unlisted
	for _, n := range w.Notes {
		if n.Path != "." && unreachableNote(n) {
			if t.unreachable == nil {
				t.unreachable = map[string]string{}
			}
			t.unreachable[n.Path] = n.Reason
		}
	}
	for _, f := range w.Files {
		t.files[f.Path] = true
	}
	for _, f := range w.Skipped {
		t.files[f.Path] = true
	}
	for _, a := range w.Aliases {
		t.files[a.Path] = true
	}
	t.aliases, t.ignoreFiles = w.Aliases, w.Ignores
	for _, d := range w.Dirs {
		t.dirs[d] = true
	}
	for p := range t.files {
		t.paths = append(t.paths, p)
	}
	sort.Strings(t.paths)
	for i := range ex {
		t.byPath[ex[i].Path] = &ex[i]
	}
	return t
}

// resolve is the scan's second phase: a pure function from the walk and the
// extractions to the snapshot's entities, relations and coverage. workers
// bounds the goroutines it uses; the result does not depend on it.
func resolve(cfg *config.Config, w *walk.Result, ex []Extraction, workers int) *snapshot.Snapshot {
	t := newTree(cfg, w, ex)
	b := newBuilder(sizeHints(ex))
	r := &resolver{t: t, b: b, workers: workers, exportKinds: &exportKindMemo{}}
	r.files()
	r.aliases()
	r.packages()
	r.areas()
	r.contains()
	r.imports()
	r.dependencies()
	r.documents()
	r.coverage(w)
	return b.snapshot(workers)
}

// sizeHints estimates how many entities and relations the extractions
// produce (a file and its containment, one relation per reference), so
// that the builder's maps are allocated once rather than grown.
func sizeHints(ex []Extraction) (entities, relations int) {
	refs := 0
	for i := range ex {
		x := &ex[i]
		if x.Markdown != nil {
			refs += len(x.Markdown.Links) + len(x.Markdown.CodeSpans)
		} else if m := moduleOf(x); m != nil {
			refs += m.importCount(x)
		}
	}
	return len(ex) + len(ex)/2, len(ex) + refs
}

// resolver carries the state shared by the resolution steps.
type resolver struct {
	t     *tree
	b     *builder
	langs *languages
	// pkgDirs maps a directory to its package entity id; areaDirs to its area.
	pkgDirs  map[string]string
	areaDirs map[string]string
	// pkgNames maps a package's names (npm name, Go import path, Python
	// dotted name) to its entity ids.
	pkgNames map[string][]string
	// workers bounds the goroutines of the steps that run in parallel.
	workers int
	// siteRead holds the links that climb above the repository root under
	// GitHub's rules but that their document's site reads inside the site
	// (site_outside.go): their LINK_OUTSIDE_ROOT issues are withdrawn.
	siteRead map[siteReadKey]bool
	// unknownSite maps the documents a site whose generator the scan does
	// not know renders to their tree (site_unknown.go): its own front
	// matter reader may accept what YAML refuses, so their
	// FRONT_MATTER_INVALID issues are notes, not findings.
	unknownSite map[string]string
	// siteless holds the documents no site renders, recognised, Hugo's,
	// inferred or unknown: GitHub shows them (markUnknownSites).
	siteless map[string]bool
	// exportKinds memoizes what a TypeScript module's name is once its
	// re-exports are followed (barrel.go).
	exportKinds *exportKindMemo
}

// files creates one entity per document and source module. Each depends
// on its own extraction alone, so they are built in parallel and added in
// path order.
func (r *resolver) files() {
	ents := make([]*snapshot.Entity, len(r.t.ex))
	parallel.Each(len(r.t.ex), r.workers, func(i int) {
		x := &r.t.ex[i]
		if x.Markdown != nil {
			ents[i] = documentEntity(x)
		} else if m := moduleOf(x); m != nil {
			ents[i] = moduleEntity(x, m)
		}
	})
	for _, e := range ents {
		if e != nil {
			r.b.add(e)
		}
	}
}

func fileEvidence(source string, x *Extraction) snapshot.Evidence {
	return snapshot.Evidence{Source: source, Path: x.Path, ContentHash: x.Hash}
}

func documentEntity(x *Extraction) *snapshot.Entity {
	d := x.Markdown
	e := newEntity(snapshot.KindDocument, x.Path, d.Title, x.Path)
	e.Evidence = append(e.Evidence, fileEvidence("markdown", x))
	meta := map[string]any{
		"title":       d.Title,
		"titleSource": d.TitleSource,
		"wordCount":   d.WordCount,
	}
	if d.Summary != "" {
		meta["summary"] = d.Summary
	}
	if len(d.Headings) > 0 {
		meta["headings"] = plainList(d.Headings, func(h markdown.Heading) map[string]any {
			return map[string]any{"level": h.Level, "text": h.Text, "slug": h.Slug, "line": h.Line}
		})
	}
	if fm := frontMatterSubset(d); len(fm) > 0 {
		meta["frontMatter"] = fm
	}
	if fields, lines := frontMatterFields(d); len(fields) > 0 {
		meta["frontMatterFields"], meta["frontMatterLines"] = fields, lines
	}
	if len(d.Generated) > 0 {
		meta["generated"] = plainList(d.Generated, func(g markdown.Region) map[string]any {
			r := map[string]any{"lineStart": g.LineStart, "lineEnd": g.LineEnd, "actualHash": g.ActualHash, "closed": g.Closed}
			if g.DeclaredHash != "" {
				r["declaredHash"] = g.DeclaredHash
			}
			return r
		})
	}
	if d.MDX {
		meta["mdx"] = true
	}
	if d.GeneratedFile != "" {
		meta["generatedFile"] = d.GeneratedFile
	}
	e.Metadata = meta
	return e
}

func moduleEntity(x *Extraction, m moduleAnalyzer) *snapshot.Entity {
	e := newEntity(snapshot.KindModule, x.Path, path.Base(x.Path), x.Path)
	e.Evidence = append(e.Evidence, fileEvidence(x.Analyzer, x))
	meta := map[string]any{"language": x.Analyzer}
	m.moduleMeta(x, meta)
	e.Metadata = meta
	return e
}

// plainList builds metadata in plain JSON values (what the snapshot holds
// after canonicalisation), sparing the snapshot a JSON round trip of typed
// extraction structs.
func plainList[T any](list []T, f func(T) map[string]any) []any {
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = f(v)
	}
	return out
}

func exportMeta(name, kind string, line int) map[string]any {
	return map[string]any{"name": name, "kind": kind, "line": line}
}

// shapedExportMeta adds the export's shape hashes (sig, body), when the
// extraction has them: drift reads them to recognise a rename.
func shapedExportMeta(name, kind string, line int, sig, body string) map[string]any {
	m := exportMeta(name, kind, line)
	if sig != "" {
		m["sig"] = sig
	}
	if body != "" {
		m["body"] = body
	}
	return m
}

// frontMatterSubset is the part of the front matter the snapshot keeps.
func frontMatterSubset(d *markdown.Document) map[string]string {
	fm := d.FrontMatter
	out := map[string]string{}
	for k, v := range map[string]string{"type": fm.Type, "audience": fm.Audience, "owner": fm.Owner, "lifecycle": fm.Lifecycle, "tier": fm.Tier} {
		if v != "" {
			out[k] = v
		}
	}
	return out
}

// frontMatterFields is every top-level scalar key of the front matter with
// its value and line, for rules that read keys the subset leaves out. The
// extraction bounds both (markdown.MaxFields keys of MaxFieldRunes each).
func frontMatterFields(d *markdown.Document) (fields, lines map[string]any) {
	fm := d.FrontMatter
	fields, lines = make(map[string]any, len(fm.Fields)), make(map[string]any, len(fm.Fields))
	for k, v := range fm.Fields {
		fields[k] = v
		lines[k] = fm.FieldLines[k]
	}
	return fields, lines
}

// coverage turns every issue, walk note and gap into coverage entries.
func (r *resolver) coverage(w *walk.Result) {
	for _, n := range w.Notes {
		r.b.note(snapshot.Coverage{Analyzer: "walk", Scope: n.Path, Status: n.Status, Reason: n.Reason})
	}
	type tally struct{ files, partial, skipped int }
	tallies := map[string]*tally{}
	for i := range r.t.ex {
		x := &r.t.ex[i]
		if x.Analyzer == kindOther.Kind() {
			continue
		}
		t := tallies[x.Analyzer]
		if t == nil {
			t = &tally{}
			tallies[x.Analyzer] = t
		}
		t.files++
		worst := ""
		for _, is := range x.issues() {
			if r.siteRead[siteReadKey{x.Path, is.Line, is.Message}] && is.Code == markdown.CodeLinkOutsideRoot {
				continue
			}
			if is.Code == markdown.CodeFrontMatterInvalid && r.unknownSite[x.Path] != "" {
				is.Code = ""
				is.Message += "; the page's site generator is not known, and its own front matter reader may accept this, so it is not reported"
			}
			if is.Code == markdown.CodeFrontMatterInvalid && r.siteless[x.Path] && strings.HasSuffix(is.Message, markdown.FrontMatterString) {
				// GitHub shows a block that is one string of YAML (a
				// centred header of badges between two "---" lines) as
				// Markdown between two thematic breaks; only a site
				// generator would read it as front matter.
				is.Code = ""
				is.Message += "; no site renders the document, and GitHub shows the block as Markdown between two thematic breaks, so it is not reported"
			}
			r.b.note(issueCoverage(x.Analyzer, x.Path, is))
			if is.Status == extract.StatusNotAnalyzed || worst == "" {
				worst = is.Status
			}
		}
		switch worst {
		case extract.StatusPartial:
			t.partial++
		case extract.StatusNotAnalyzed:
			t.skipped++
		}
	}
	for _, k := range registry {
		if !k.Summarized() {
			continue
		}
		name := k.Kind()
		if !enabled(r.t.cfg, k) {
			r.b.note(snapshot.Coverage{Analyzer: name, Scope: "repository", Status: snapshot.StatusNotAnalyzed,
				Reason: "turned off by languages." + configKey(k) + " in " + config.FileName})
			continue
		}
		t := tallies[name]
		switch {
		case t == nil:
			r.b.note(snapshot.Coverage{Analyzer: name, Scope: "repository", Status: snapshot.StatusNotApplicable,
				Reason: "no files"})
		case t.partial == 0 && t.skipped == 0:
			r.b.note(snapshot.Coverage{Analyzer: name, Scope: "repository", Status: snapshot.StatusComplete,
				Reason: fmt.Sprintf("%d %s analyzed", t.files, plural(t.files, "file", "files"))})
		default:
			r.b.note(snapshot.Coverage{Analyzer: name, Scope: "repository", Status: snapshot.StatusPartial,
				Reason: fmt.Sprintf("%d %s: %d analyzed partially, %d not analyzed", t.files, plural(t.files, "file", "files"), t.partial, t.skipped)})
		}
	}
	for _, c := range languageCounts(r.t.paths) {
		r.b.note(snapshot.Coverage{Analyzer: "language", Scope: c.lang, Status: snapshot.StatusNotAnalyzed,
			Reason: fmt.Sprintf("%d %s (%s) with no analyzer", c.files, plural(c.files, "file", "files"), c.extList())})
	}
	for _, p := range r.t.paths {
		if eco, ok := unanalyzedManifests[path.Base(p)]; ok {
			r.b.note(snapshot.Coverage{Analyzer: "manifest", Scope: p, Status: snapshot.StatusNotAnalyzed,
				Reason: eco + " manifests have no analyzer"})
		}
	}
}

func issueCoverage(analyzer, p string, is extract.Issue) snapshot.Coverage {
	status := is.Status
	if status == "" {
		status = snapshot.StatusPartial
	}
	return snapshot.Coverage{Analyzer: analyzer, Scope: p, Status: status, Reason: is.Message, Line: is.Line, Code: is.Code}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// parentDir returns the directory of a repo-relative path ("." at the top).
func parentDir(p string) string { return path.Dir(p) }

// within reports whether p is dir or lies below it.
func within(p, dir string) bool {
	return dir == "." || p == dir || strings.HasPrefix(p, dir+"/")
}
