package scan

import (
	"path"
	"sort"
	"strings"
)

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
