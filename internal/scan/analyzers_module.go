package scan

import (
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/golang"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/symtab"
)

// The source-module analyzers (moduleAnalyzer).

type goAnalyzer struct{ info }

func (*goAnalyzer) Match(p string) bool { return golang.IsSource(p) }
func (*goAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) {
		g := golang.Extract(x.Path, data)
		x.Go = &g
	})
}
func (*goAnalyzer) Extracted(x *Extraction) bool { return x.Go != nil }
func (*goAnalyzer) Issues(x *Extraction) []extract.Issue {
	if x.Go == nil {
		return nil
	}
	return x.Go.Issues
}
func (*goAnalyzer) importCount(x *Extraction) int { return len(x.Go.Imports) }

func (*goAnalyzer) moduleMeta(x *Extraction, meta map[string]any) {
	meta["goPackage"] = x.Go.Package
	if x.Go.Doc != "" { // bounded by golang.MaxDocRunes
		meta["doc"] = x.Go.Doc
	}
	if x.Go.IsTest {
		meta["test"] = true
	}
	if len(x.Go.Exports) > 0 {
		meta["exports"] = plainList(x.Go.Exports, func(e golang.Export) map[string]any { return shapedExportMeta(e.Name, e.Kind, e.Line, e.Sig, e.Body) })
	}
}

// packages declares one package per directory of Go files, named by its
// import path under the nearest go.mod (else by the directory), with its
// package doc.
func (*goAnalyzer) packages(r *resolver) {
	var mods []golang.Module
	goDirs := map[string][]*Extraction{}
	for i := range r.t.ex {
		x := &r.t.ex[i]
		switch {
		case x.GoMod != nil:
			mods = append(mods, *x.GoMod)
		case x.Go != nil:
			goDirs[parentDir(x.Path)] = append(goDirs[parentDir(x.Path)], x)
		}
	}
	dirs := sortedKeys(goDirs)
	r.langs.golang = golang.NewResolver(mods, dirs)
	for _, dir := range dirs {
		name, ok := r.langs.golang.ImportPath(dir)
		if !ok {
			name = dir
		}
		r.pkg(dir, name, ecoGo, memberEvidence("golang", dir, goDirs[dir]))
		if doc := goPackageDoc(goDirs[dir]); doc != "" {
			r.b.entity(snapshot.KindPackage, dir, name, dir).Metadata["doc"] = doc
		}
	}
}

// declaredNames: a test file declares nothing documentation names; Go
// documentation qualifies names by package (cobra.Command).
func (*goAnalyzer) declaredNames(x *Extraction, add func(string)) {
	if x.Go.IsTest {
		return
	}
	for _, e := range x.Go.Exports {
		add(e.Name)
		if x.Go.Package != "" && !strings.Contains(e.Name, ".") {
			add(x.Go.Package + "." + e.Name)
		}
	}
}

// exportNames: a method by its name alone.
func (*goAnalyzer) exportNames(x *Extraction, add func(string)) {
	for _, e := range x.Go.Exports {
		add(e.Name[strings.LastIndexByte(e.Name, '.')+1:])
	}
}

func (*goAnalyzer) symbols(x *Extraction, m *symtab.Module) bool {
	if x.Go.IsTest {
		return false
	}
	m.GoPkg, m.Language = x.Go.Package, symtab.Go
	for _, e := range x.Go.Exports {
		m.Kinds[e.Name] = e.Kind
	}
	return true
}

func (*goAnalyzer) resolveImports(r *resolver, x *Extraction) []resolvedImport {
	var out []resolvedImport
	dir := parentDir(x.Path)
	for _, imp := range x.Go.Imports {
		t := r.langs.golang.Resolve(dir, imp.Path)
		out = append(out, resolvedImport{target: importTarget{t.Kind, t.Path, t.Name}, rel: snapshot.RelImports,
			spec: imp.Path, ecosystem: ecoGo, source: "golang", line: imp.Line, context: imp.Path})
	}
	return out
}

// typescriptAnalyzer covers TypeScript and JavaScript. tree-sitter parsers
// are not safe for concurrent use, so every worker owns its own.
type typescriptAnalyzer struct{ info }

func (*typescriptAnalyzer) Match(p string) bool { return typescript.IsSource(p) }
func (*typescriptAnalyzer) NewExtractor() fileExtractor {
	return &typescriptExtractor{typescript.NewExtractor()}
}
func (*typescriptAnalyzer) Extracted(x *Extraction) bool { return x.TypeScript != nil }
func (*typescriptAnalyzer) Issues(x *Extraction) []extract.Issue {
	if x.TypeScript == nil {
		return nil
	}
	return x.TypeScript.Issues
}
func (*typescriptAnalyzer) importCount(x *Extraction) int { return len(x.TypeScript.Imports) }

func (*typescriptAnalyzer) moduleMeta(x *Extraction, meta map[string]any) {
	if len(x.TypeScript.Exports) > 0 {
		meta["exports"] = plainList(x.TypeScript.Exports, func(e typescript.Export) map[string]any {
			return shapedExportMeta(e.Name, e.Kind, e.Line, e.Sig, e.Body)
		})
	}
}

// packages builds the resolver over the tree's tsconfig/jsconfig files and
// package.json workspaces; TypeScript declares no packages of its own (the
// package.json files did).
func (*typescriptAnalyzer) packages(r *resolver) {
	var workspaces []typescript.Workspace
	tsconfigs := map[string][]byte{}
	for i := range r.t.ex {
		x := &r.t.ex[i]
		switch {
		case x.PackageJSON != nil:
			dir, pj := parentDir(x.Path), x.PackageJSON
			workspaces = append(workspaces, typescript.Workspace{Name: pj.Name, Dir: dir,
				Entry: packageEntry(dir, pj), Imports: pj.Imports, Exports: pj.ExportMap})
		case x.TSConfig != nil:
			tsconfigs[x.Path] = x.TSConfig
		}
	}
	ts, issues := typescript.NewResolver(r.t, tsconfigs, uniqueWorkspaces(workspaces, r.b))
	r.langs.typescript = ts
	for _, pi := range issues {
		r.b.note(issueCoverage("typescript", pi.Path, pi.Issue))
	}
}

func (*typescriptAnalyzer) declaredNames(x *Extraction, add func(string)) {
	for _, e := range x.TypeScript.Exports {
		add(e.Name)
	}
}

func (*typescriptAnalyzer) exportNames(x *Extraction, add func(string)) {
	for _, e := range x.TypeScript.Exports {
		add(e.Name)
	}
}

func (*typescriptAnalyzer) symbols(x *Extraction, m *symtab.Module) bool {
	m.Language = symtab.TypeScript
	for _, e := range x.TypeScript.Exports {
		m.Kinds[e.Name] = e.Kind
	}
	return true
}

func (*typescriptAnalyzer) resolveImports(r *resolver, x *Extraction) []resolvedImport {
	out := make([]resolvedImport, 0, len(x.TypeScript.Imports))
	for _, imp := range x.TypeScript.Imports {
		t := r.langs.typescript.Resolve(x.Path, imp.Spec)
		kind := snapshot.RelImports
		if imp.Kind == "re-export" {
			kind = snapshot.RelReExports
		}
		out = append(out, resolvedImport{target: importTarget{t.Kind, t.Path, t.Name}, rel: kind,
			spec: imp.Spec, ecosystem: ecoNPM, source: "typescript", line: imp.Line, context: imp.Kind + " " + imp.Spec,
			typeOnly: r.typeOnlyImport(x.Path, imp, t.Kind, t.Path), deferred: imp.Kind == typescript.KindDynamic || imp.Deferred})
	}
	return out
}

type typescriptExtractor struct{ e *typescript.Extractor }

func (t *typescriptExtractor) Extract(x *Extraction, data []byte) {
	f := t.e.Extract(x.Path, data)
	x.TypeScript = &f
}
func (t *typescriptExtractor) Close() { t.e.Close() }

// pythonAnalyzer parses with tree-sitter too: one parser per worker.
type pythonAnalyzer struct{ info }

func (*pythonAnalyzer) Match(p string) bool { return python.IsSource(p) }
func (*pythonAnalyzer) NewExtractor() fileExtractor {
	return &pythonExtractor{python.NewExtractor()}
}
func (*pythonAnalyzer) Extracted(x *Extraction) bool { return x.Python != nil }
func (*pythonAnalyzer) Issues(x *Extraction) []extract.Issue {
	if x.Python == nil {
		return nil
	}
	return x.Python.Issues
}
func (*pythonAnalyzer) importCount(x *Extraction) int { return len(x.Python.Imports) }

func (*pythonAnalyzer) moduleMeta(x *Extraction, meta map[string]any) {
	if len(x.Python.Exports) > 0 {
		meta["exports"] = plainList(x.Python.Exports, func(e python.Export) map[string]any {
			return shapedExportMeta(e.Name, e.Kind, e.Line, e.Sig, e.Body)
		})
	}
	if x.Python.HasAll {
		meta["all"] = true
	}
	if x.Python.Doc != "" { // bounded by python.MaxDocRunes
		meta["doc"] = x.Python.Doc
	}
}

// packages declares one package per directory with an __init__.py under a
// package root (from the tree and its pyproject.toml files), with its
// docstring unless a Go package there has a doc.
func (*pythonAnalyzer) packages(r *resolver) {
	pyprojects := map[string]python.Project{}
	var pyFiles []string
	for i := range r.t.ex {
		x := &r.t.ex[i]
		switch {
		case x.PyProject != nil:
			pyprojects[x.Path] = python.Project{Dir: parentDir(x.Path), PackageDirs: x.PyProject.PackageDirs}
		case x.Python != nil:
			pyFiles = append(pyFiles, x.Path)
		}
	}
	r.langs.python = python.NewResolver(r.t, python.Roots(r.t.paths, pyprojects))
	for _, f := range pyFiles {
		if path.Base(f) != "__init__.py" {
			continue
		}
		name, ok := r.langs.python.ModuleName(f)
		if !ok {
			continue
		}
		x := r.t.byPath[f]
		r.pkg(parentDir(f), name, ecoPython, fileEvidence("python", x))
		if x.Python.Doc != "" {
			// A Go package's doc at the same directory, set above, stays.
			e := r.b.entity(snapshot.KindPackage, parentDir(f), name, parentDir(f))
			if _, ok := e.Metadata["doc"]; !ok {
				e.Metadata["doc"] = x.Python.Doc
			}
		}
	}
}

// declaredNames leaves out a name listed in __all__ but defined elsewhere:
// a re-export, not a declaration.
func (*pythonAnalyzer) declaredNames(x *Extraction, add func(string)) {
	for _, e := range x.Python.Exports {
		if e.Kind != symtab.ListingKind {
			add(e.Name)
		}
	}
}

// exportNames leaves out the private (underscore) names.
func (*pythonAnalyzer) exportNames(x *Extraction, add func(string)) {
	for _, e := range x.Python.Exports {
		if !strings.HasPrefix(e.Name, "_") {
			add(e.Name)
		}
	}
}

func (*pythonAnalyzer) symbols(x *Extraction, m *symtab.Module) bool {
	m.Language = symtab.Python
	for _, e := range x.Python.Exports {
		m.Kinds[e.Name] = e.Kind
	}
	return true
}

func (*pythonAnalyzer) resolveImports(r *resolver, x *Extraction) []resolvedImport {
	var out []resolvedImport
	for i := range x.Python.Imports {
		imp := &x.Python.Imports[i]
		spec := strings.Repeat(".", imp.Level) + imp.Module
		for _, t := range r.langs.python.Resolve(x.Path, *imp) {
			if t.Kind == "unresolved" && imp.Level > 0 {
				// Name the missing relative import by the path it
				// would have had, so ".x" in two packages stays two.
				t.Path = relativePythonPath(x.Path, *imp)
			}
			out = append(out, resolvedImport{target: importTarget{t.Kind, t.Path, t.Name}, rel: snapshot.RelImports,
				spec: spec, ecosystem: ecoPython, source: "python", line: imp.Line, context: "import " + spec,
				typeOnly: imp.TypeOnly || strings.HasSuffix(x.Path, ".pyi"), deferred: imp.Deferred, guarded: imp.Guarded, py: imp})
		}
	}
	return out
}

type pythonExtractor struct{ e *python.Extractor }

func (p *pythonExtractor) Extract(x *Extraction, data []byte) {
	f := p.e.Extract(x.Path, data)
	x.Python = &f
}
func (p *pythonExtractor) Close() { p.e.Close() }
