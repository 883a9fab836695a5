package scan

import (
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/golang"
	"github.com/docbridge/docbridge/internal/scan/hugo"
	"github.com/docbridge/docbridge/internal/scan/manifest"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/markup"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
)

// registry is every analyzer, in the order classify asks them: the files
// known by their whole name first, then the configuration files, then the
// documents and source files by extension. The module analyzers declare
// their packages in this order too (a Go package's doc wins over a Python
// one's at the same directory). Adding a language is adding its analyzer
// here, its part to Extraction and, for a source language, its resolver to
// languages.
var registry = []analyzer{
	kindGoMod, kindPackageJSON, kindPyProject, kindPnpmWorkspace, kindSiteConfig,
	kindHugoConfig, kindTSConfig,
	kindMarkdown, kindGo, kindPython, kindTypeScript, kindMarkup,
}

// The analyzers.
var (
	// kindOther is no analyzer: the file exists (a link target) and is not
	// analyzed. It is not registered.
	kindOther fileKind = &otherAnalyzer{info{kind: "other"}}

	kindMarkdown fileKind = &markdownAnalyzer{info{kind: "markdown", family: "markdown", version: markdown.Version,
		configKey: "markdown", on: markdownOn, summary: true}}
	kindGo fileKind = &goAnalyzer{info{kind: "golang", family: "golang", version: golang.Version,
		configKey: "go", on: goOn, summary: true}}
	kindTypeScript fileKind = &typescriptAnalyzer{info{kind: "typescript", family: "typescript", version: typescript.Version,
		configKey: "typescript", on: typescriptOn, summary: true}}
	kindPython fileKind = &pythonAnalyzer{info{kind: "python", family: "python", version: python.Version,
		configKey: "python", on: pythonOn, summary: true}}
	// kindMarkup is a layout or component a page renders in: the anchors
	// it writes (markup.IsTemplate).
	kindMarkup fileKind = &markupAnalyzer{info{kind: "markup", family: "markup", version: markup.Version,
		configKey: "markdown", on: markdownOn}}

	kindGoMod fileKind = &goModAnalyzer{info{kind: "go.mod", family: "golang", version: golang.Version,
		configKey: "go", on: goOn, summary: true}}
	kindPackageJSON fileKind = &packageJSONAnalyzer{info{kind: "package.json", family: "manifest", version: manifest.Version,
		summary: true}}
	kindPyProject fileKind = &pyProjectAnalyzer{info{kind: "pyproject.toml", family: "manifest", version: manifest.Version,
		summary: true}}
	kindPnpmWorkspace fileKind = &pnpmWorkspaceAnalyzer{info{kind: "pnpm-workspace.yaml", family: "manifest", version: manifest.Version,
		summary: true}}
	// tsconfig and site-config files are kept as read: resolution parses
	// them, so they have no version of their own.
	kindTSConfig fileKind = &tsConfigAnalyzer{info{kind: "tsconfig",
		configKey: "typescript", on: typescriptOn, summary: true}}
	kindHugoConfig fileKind = &hugoConfigAnalyzer{info{kind: "hugo", family: "hugo", version: hugo.Version,
		configKey: "markdown", on: markdownOn}}
	// kindSiteConfig is a documentation site's configuration (mkdocs.yml,
	// book.toml, _config.yml, a Docusaurus site's versions.json) or its
	// host's redirect rules (_redirects, netlify.toml).
	kindSiteConfig fileKind = &siteConfigAnalyzer{info{kind: "site-config",
		configKey: "markdown", on: markdownOn}}
)

func markdownOn(l config.Languages) bool   { return l.Markdown }
func goOn(l config.Languages) bool         { return l.Go }
func typescriptOn(l config.Languages) bool { return l.TypeScript }
func pythonOn(l config.Languages) bool     { return l.Python }

// info is what every analyzer declares about itself.
type info struct {
	kind      string
	family    string // a key of analyzerVersions; "" for the bytes as read
	version   string
	configKey string                      // the languages key; "" when always on
	on        func(config.Languages) bool // nil when always on
	summary   bool                        // a repository-wide coverage entry
}

func (i *info) Kind() string                      { return i.kind }
func (i *info) String() string                    { return i.kind }
func (i *info) Version() (family, version string) { return i.family, i.version }
func (i *info) ConfigKey() string                 { return i.configKey }
func (i *info) Summarized() bool                  { return i.summary }
func (i *info) Enabled(cfg *config.Config) bool   { return i.on == nil || i.on(cfg.Languages) }

// extractFunc is the fileExtractor of an analyzer without parser state.
type extractFunc func(x *Extraction, data []byte)

func (f extractFunc) Extract(x *Extraction, data []byte) { f(x, data) }
func (extractFunc) Close()                               {}

type otherAnalyzer struct{ info }

func (*otherAnalyzer) Match(string) bool                  { return false }
func (*otherAnalyzer) Enabled(*config.Config) bool        { return false }
func (*otherAnalyzer) NewExtractor() fileExtractor        { return extractFunc(func(*Extraction, []byte) {}) }
func (*otherAnalyzer) Extracted(*Extraction) bool         { return false }
func (*otherAnalyzer) Issues(*Extraction) []extract.Issue { return nil }

type markdownAnalyzer struct{ info }

func (*markdownAnalyzer) Match(p string) bool         { return markdown.IsDocument(p) }
func (*markdownAnalyzer) NewExtractor() fileExtractor { return &markdownExtractor{} }

// markdownExtractor reads documents; the TypeScript parser that reads an
// MDX document's imports is made the first time one has any.
type markdownExtractor struct{ ts *typescript.Extractor }

func (m *markdownExtractor) Extract(x *Extraction, data []byte) {
	d := markdown.ExtractWith(x.Path, data, markdown.Options{ESMImports: m.esmImports})
	x.Markdown = &d
}

func (m *markdownExtractor) esmImports(src []byte) []markdown.ESMImport {
	if m.ts == nil {
		m.ts = typescript.NewExtractor()
	}
	imps := m.ts.ESMImports(src)
	out := make([]markdown.ESMImport, len(imps))
	for i, imp := range imps {
		out[i] = markdown.ESMImport{Spec: imp.Spec, Line: imp.Line, Locals: imp.Locals}
	}
	return out
}

func (m *markdownExtractor) Close() {
	if m.ts != nil {
		m.ts.Close()
	}
}
func (*markdownAnalyzer) Extracted(x *Extraction) bool { return x.Markdown != nil }
func (*markdownAnalyzer) Issues(x *Extraction) []extract.Issue {
	if x.Markdown == nil {
		return nil
	}
	return x.Markdown.Issues
}

type markupAnalyzer struct{ info }

func (*markupAnalyzer) Match(p string) bool { return markup.IsTemplate(p) }
func (*markupAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) {
		f := markup.Extract(data)
		x.Markup = &f
	})
}
func (*markupAnalyzer) Extracted(x *Extraction) bool       { return x.Markup != nil }
func (*markupAnalyzer) Issues(*Extraction) []extract.Issue { return nil }

type goModAnalyzer struct{ info }

func (*goModAnalyzer) Match(p string) bool { return path.Base(p) == "go.mod" }
func (*goModAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) {
		m := golang.ParseGoMod(x.Path, data)
		x.GoMod = &m
	})
}
func (*goModAnalyzer) Extracted(x *Extraction) bool { return x.GoMod != nil }
func (*goModAnalyzer) Issues(x *Extraction) []extract.Issue {
	if x.GoMod == nil {
		return nil
	}
	return x.GoMod.Issues
}

func (*goModAnalyzer) declarePackage(r *resolver, x *Extraction) {
	r.pkg(parentDir(x.Path), x.GoMod.Path, ecoGo, fileEvidence("golang", x))
}

func (*goModAnalyzer) dependencies(r *resolver, x *Extraction, from string) {
	for _, req := range x.GoMod.Requires {
		r.depends(from, req.Path, ecoGo, "require", req.Version, x.Path, req.Line)
	}
}

func (*goModAnalyzer) projectName(x *Extraction) string {
	if x.Path == "go.mod" {
		return x.GoMod.Path
	}
	return ""
}

type packageJSONAnalyzer struct{ info }

func (*packageJSONAnalyzer) Match(p string) bool { return path.Base(p) == "package.json" }
func (*packageJSONAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) {
		p := manifest.ParsePackageJSON(x.Path, data)
		x.PackageJSON = &p
	})
}
func (*packageJSONAnalyzer) Extracted(x *Extraction) bool { return x.PackageJSON != nil }
func (*packageJSONAnalyzer) Issues(x *Extraction) []extract.Issue {
	if x.PackageJSON == nil {
		return nil
	}
	return x.PackageJSON.Issues
}

// declarePackage declares a named package.json's package. Every
// package.json scopes the `#…` imports below it (see typescriptAnalyzer);
// only a named one is a package.
func (*packageJSONAnalyzer) declarePackage(r *resolver, x *Extraction) {
	if pj := x.PackageJSON; pj.Name != "" {
		r.pkg(parentDir(x.Path), pj.Name, ecoNPM, fileEvidence("manifest", x))
	}
}

func (*packageJSONAnalyzer) dependencies(r *resolver, x *Extraction, from string) {
	if x.PackageJSON.Name != "" {
		r.manifestDeps(from, x.PackageJSON.Dependencies, ecoNPM, x.Path)
	}
}

func (*packageJSONAnalyzer) projectName(x *Extraction) string {
	if x.Path == "package.json" {
		return x.PackageJSON.Name
	}
	return ""
}

type pyProjectAnalyzer struct{ info }

func (*pyProjectAnalyzer) Match(p string) bool { return path.Base(p) == "pyproject.toml" }
func (*pyProjectAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) {
		p := manifest.ParsePyProject(x.Path, data)
		x.PyProject = &p
	})
}
func (*pyProjectAnalyzer) Extracted(x *Extraction) bool { return x.PyProject != nil }
func (*pyProjectAnalyzer) Issues(x *Extraction) []extract.Issue {
	if x.PyProject == nil {
		return nil
	}
	return x.PyProject.Issues
}

// declarePackage declares the project's package, named by its directory
// when the project has no name.
func (*pyProjectAnalyzer) declarePackage(r *resolver, x *Extraction) {
	dir := parentDir(x.Path)
	name := x.PyProject.Name
	if name == "" {
		name = dir
	}
	r.pkg(dir, name, ecoPython, fileEvidence("manifest", x))
}

func (*pyProjectAnalyzer) dependencies(r *resolver, x *Extraction, from string) {
	r.manifestDeps(from, x.PyProject.Dependencies, ecoPython, x.Path)
}

func (*pyProjectAnalyzer) projectName(x *Extraction) string {
	if x.Path == "pyproject.toml" {
		return x.PyProject.Name
	}
	return ""
}

// pnpmWorkspaceAnalyzer records the workspace globs; its issues go to
// x.Issues.
type pnpmWorkspaceAnalyzer struct{ info }

func (*pnpmWorkspaceAnalyzer) Match(p string) bool { return path.Base(p) == "pnpm-workspace.yaml" }
func (*pnpmWorkspaceAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) {
		globs, issues := manifest.ParsePnpmWorkspace(x.Path, data)
		x.PnpmWorkspace = globs
		x.Issues = append(x.Issues, issues...)
	})
}
func (*pnpmWorkspaceAnalyzer) Extracted(x *Extraction) bool       { return x.PnpmWorkspace != nil }
func (*pnpmWorkspaceAnalyzer) Issues(*Extraction) []extract.Issue { return nil }

type siteConfigAnalyzer struct{ info }

func (*siteConfigAnalyzer) Match(p string) bool {
	switch b := path.Base(p); b {
	case "mkdocs.yml", "mkdocs.yaml", "book.toml", "_config.yml", "_config.yaml":
		return true
	default:
		if mkdocsVariant(b) {
			return true // mkdocs-online.yml: built with -f (mkdocsConfigs)
		}
		if isRedirectsFile(p) {
			return true // the host's redirect rules (site_redirects.go)
		}
		if categoryFiles[b] {
			return true // a Docusaurus sidebar category's metadata
		}
		return b == "versions.json" || strings.HasSuffix(b, "_versions.json") // a Docusaurus site's docs versions
	}
}
func (*siteConfigAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) { x.SiteConfig = append([]byte(nil), data...) })
}
func (*siteConfigAnalyzer) Extracted(x *Extraction) bool       { return x.SiteConfig != nil }
func (*siteConfigAnalyzer) Issues(*Extraction) []extract.Issue { return nil }

// hugoConfigAnalyzer keeps a configuration file only when it is Hugo's (or
// has problems worth reporting).
type hugoConfigAnalyzer struct{ info }

func (*hugoConfigAnalyzer) Match(p string) bool { return hugo.IsConfig(p) }
func (*hugoConfigAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) {
		if c := hugo.Parse(x.Path, data); c.Hugo || len(c.Issues) > 0 {
			x.HugoConfig = &c
		}
	})
}
func (*hugoConfigAnalyzer) Extracted(x *Extraction) bool { return x.HugoConfig != nil }
func (*hugoConfigAnalyzer) Issues(x *Extraction) []extract.Issue {
	if x.HugoConfig == nil {
		return nil
	}
	return x.HugoConfig.Issues
}

type tsConfigAnalyzer struct{ info }

func (*tsConfigAnalyzer) Match(p string) bool { return typescript.IsConfig(p) }
func (*tsConfigAnalyzer) NewExtractor() fileExtractor {
	return extractFunc(func(x *Extraction, data []byte) { x.TSConfig = append([]byte(nil), data...) })
}
func (*tsConfigAnalyzer) Extracted(x *Extraction) bool       { return x.TSConfig != nil }
func (*tsConfigAnalyzer) Issues(*Extraction) []extract.Issue { return nil }
