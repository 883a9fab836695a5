package scan

import (
	"path"
	"sort"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/golang"
	"github.com/docbridge/docbridge/internal/scan/hugo"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
)

// fileKind is what the scan does with one file, decided by its name alone so
// that a stored extraction stays valid for as long as the file's bytes do.
type fileKind int

const (
	kindOther fileKind = iota // exists (link targets), not analyzed
	kindMarkdown
	kindGo
	kindTypeScript
	kindPython
	kindGoMod
	kindPackageJSON
	kindPyProject
	kindPnpmWorkspace
	kindTSConfig
	kindHugoConfig
	kindSiteConfig // a documentation site's configuration (mkdocs.yml, book.toml, _config.yml)
)

func (k fileKind) String() string {
	return [...]string{"other", "markdown", "golang", "typescript", "python", "go.mod", "package.json", "pyproject.toml", "pnpm-workspace.yaml", "tsconfig", "hugo", "site-config"}[k]
}

// classify asks each analyzer whether the file is its own, so that the
// extensions an analyzer handles are written down once, in the analyzer.
func classify(p string) fileKind {
	switch path.Base(p) {
	case "go.mod":
		return kindGoMod
	case "package.json":
		return kindPackageJSON
	case "pyproject.toml":
		return kindPyProject
	case "pnpm-workspace.yaml":
		return kindPnpmWorkspace
	case "mkdocs.yml", "mkdocs.yaml", "book.toml", "_config.yml", "_config.yaml":
		return kindSiteConfig
	}
	if b := path.Base(p); b == "versions.json" || strings.HasSuffix(b, "_versions.json") {
		return kindSiteConfig // a Docusaurus site's docs versions
	}
	switch {
	case hugo.IsConfig(p):
		return kindHugoConfig
	case typescript.IsConfig(p):
		return kindTSConfig
	case markdown.IsDocument(p):
		return kindMarkdown
	case golang.IsSource(p):
		return kindGo
	case typescript.IsSource(p):
		return kindTypeScript
	case python.IsSource(p):
		return kindPython
	}
	return kindOther
}

// unanalyzedLanguages maps source extensions docbridge has no analyzer for to
// the language's name, so that their presence is a coverage entry and not an
// empty result.
var unanalyzedLanguages = map[string]string{
	".rs": "rust", ".java": "java", ".kt": "kotlin", ".kts": "kotlin", ".scala": "scala",
	".rb": "ruby", ".php": "php", ".c": "c", ".h": "c", ".cc": "c++", ".cpp": "c++", ".hpp": "c++",
	".cs": "c#", ".fs": "f#", ".swift": "swift", ".m": "objective-c", ".dart": "dart",
	".ex": "elixir", ".exs": "elixir", ".erl": "erlang", ".hs": "haskell", ".lua": "lua",
	".clj": "clojure", ".zig": "zig", ".vue": "vue", ".svelte": "svelte", ".rst": "restructuredtext",
	".adoc": "asciidoc",
}

// unanalyzedManifests are manifest files whose ecosystems have no analyzer.
var unanalyzedManifests = map[string]string{
	"Cargo.toml": "cargo", "pom.xml": "maven", "build.gradle": "gradle", "build.gradle.kts": "gradle",
	"Gemfile": "bundler", "composer.json": "composer", "setup.py": "setuptools", "setup.cfg": "setuptools",
	"requirements.txt": "pip", "Pipfile": "pipenv", "mix.exs": "mix", "pubspec.yaml": "pub",
	"Package.swift": "swiftpm", "deno.json": "deno", "go.work": "go-workspace",
}

// languageCounts tallies the files of languages that have no analyzer.
func languageCounts(paths []string) []langCount {
	counts := map[string]*langCount{}
	for _, p := range paths {
		lang, ok := unanalyzedLanguages[strings.ToLower(path.Ext(p))]
		if !ok {
			continue
		}
		c := counts[lang]
		if c == nil {
			c = &langCount{lang: lang, exts: map[string]bool{}}
			counts[lang] = c
		}
		c.files++
		c.exts[strings.ToLower(path.Ext(p))] = true
	}
	out := make([]langCount, 0, len(counts))
	for _, c := range counts {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].lang < out[j].lang })
	return out
}

type langCount struct {
	lang  string
	files int
	exts  map[string]bool
}

func (c langCount) extList() string {
	e := make([]string, 0, len(c.exts))
	for x := range c.exts {
		e = append(e, x)
	}
	sort.Strings(e)
	return strings.Join(e, " ")
}
