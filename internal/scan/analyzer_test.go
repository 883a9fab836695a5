package scan

import (
	"bytes"
	"maps"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/golang"
	"github.com/docbridge/docbridge/internal/scan/hugo"
	"github.com/docbridge/docbridge/internal/scan/manifest"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/markup"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestRegistry checks every registered analyzer declares what the scan
// derives from the registry: a unique kind, a file it takes, a version, a
// configuration key the configuration really has, and a part of the
// extraction it fills.
func TestRegistry(t *testing.T) {
	// One file of each analyzer: classify must give it to that analyzer,
	// so no analyzer is shadowed by one registered before it.
	sample := map[string]string{
		"markdown": "docs/guide.md", "golang": "cmd/main.go", "typescript": "src/a.ts", "python": "pkg/m.py",
		"go.mod": "go.mod", "package.json": "web/package.json", "pyproject.toml": "pyproject.toml",
		"pnpm-workspace.yaml": "pnpm-workspace.yaml", "tsconfig": "tsconfig.json", "hugo": "hugo.toml",
		"site-config": "mkdocs.yml", "markup": "site/_includes/base.njk",
	}
	seen := map[string]bool{}
	for _, a := range registry {
		kind := a.Kind()
		t.Run(kind, func(t *testing.T) {
			if kind == "" || seen[kind] || kind == kindOther.Kind() {
				t.Fatalf("kind %q is empty, repeated or reserved", kind)
			}
			seen[kind] = true
			if byKind[kind] != a {
				t.Errorf("byKind[%q] is not the registered analyzer", kind)
			}
			p, ok := sample[kind]
			if !ok {
				t.Fatalf("no sample file for %s: add one", kind)
			}
			if got := classify(p); got != a {
				t.Errorf("classify(%q) = %v, want %s", p, got, kind)
			}
			family, version := a.Version()
			switch {
			case family != "" && !strings.HasPrefix(version, family+"/"):
				t.Errorf("version %q of family %q", version, family)
			case family == "" && version != "":
				t.Errorf("version %q without a family", version)
			}
			checkConfigKey(t, a)

			var x Extraction
			if a.Extracted(&x) || len(a.Issues(&x)) > 0 {
				t.Errorf("an empty extraction holds the %s part", kind)
			}
			data := sampleBytes(kind)
			x = Extraction{Path: p, Analyzer: kind}
			fe := a.NewExtractor()
			fe.Extract(&x, data)
			fe.Close()
			if !a.Extracted(&x) {
				t.Errorf("extracting %q leaves no %s part", data, kind)
			}
			if family == "" && !holdsBytes(&x, data) {
				t.Errorf("%s has no version, but its extraction is not the file's bytes as read", kind)
			}
			if _, isModule := a.(moduleAnalyzer); isModule != (moduleOf(&x) != nil) {
				t.Errorf("moduleOf disagrees with the analyzer being a module analyzer")
			}
		})
	}
	if len(seen) != len(sample) {
		t.Errorf("%d analyzers registered, %d samples", len(seen), len(sample))
	}
}

// checkConfigKey proves the analyzer's ConfigKey is the configuration key
// that turns it off: setting that key, and no other, to false in a
// docbridge.yaml disables it; an analyzer without a key stays on when
// every language is off.
func checkConfigKey(t *testing.T, a analyzer) {
	t.Helper()
	if !a.Enabled(config.Default()) {
		t.Errorf("%s is off by default", a.Kind())
	}
	keys := []string{"markdown", "go", "typescript", "python"}
	for _, key := range keys {
		cfg, err := config.Parse(config.FileName, []byte("languages:\n  "+key+": false\n"))
		if err != nil {
			t.Fatal(err)
		}
		if want := key != a.ConfigKey(); a.Enabled(cfg) != want {
			t.Errorf("languages.%s: false: %s enabled = %v, want %v", key, a.Kind(), a.Enabled(cfg), want)
		}
	}
	if a.ConfigKey() != "" && !containsString(keys, a.ConfigKey()) {
		t.Errorf("config key %q is no languages key", a.ConfigKey())
	}
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// sampleBytes is a small well-formed file of the analyzer's kind.
func sampleBytes(kind string) []byte {
	switch kind {
	case "markdown":
		return []byte("# Guide\n\nText.\n")
	case "markup":
		return []byte("<main>{{ content }}</main>\n")
	case "golang":
		return []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println() }\n")
	case "typescript":
		return []byte("import { x } from './x'\nexport const y = x\n")
	case "python":
		return []byte("import os\n\ndef f():\n    pass\n")
	case "go.mod":
		return []byte("module example.com/m\n\ngo 1.22\n")
	case "package.json":
		return []byte(`{"name": "web", "dependencies": {"react": "^18"}}`)
	case "pyproject.toml":
		return []byte("[project]\nname = \"pkg\"\n")
	case "pnpm-workspace.yaml":
		return []byte("packages:\n  - 'packages/*'\n")
	case "tsconfig":
		return []byte(`{"compilerOptions": {}}`)
	case "hugo":
		return []byte("baseURL = 'https://example.org/'\ntitle = 'x'\n")
	}
	return []byte("site_name: x\n")
}

// holdsBytes reports whether some []byte field of x is data.
func holdsBytes(x *Extraction, data []byte) bool {
	v := reflect.ValueOf(x).Elem()
	for i := 0; i < v.NumField(); i++ {
		if b, ok := v.Field(i).Interface().([]byte); ok && b != nil && bytes.Equal(b, data) {
			return true
		}
	}
	return false
}

// TestAnalyzerVersionsFromRegistry checks analyzerVersions is derived from
// the registry, and that it is the map stores written before the registry
// carry: a stored state of the same versions is still reused.
func TestAnalyzerVersionsFromRegistry(t *testing.T) {
	derived := map[string]string{}
	for _, a := range registry {
		if family, v := a.Version(); family != "" {
			if old, ok := derived[family]; ok && old != v {
				t.Errorf("family %s has versions %s and %s", family, old, v)
			}
			derived[family] = v
		}
	}
	got := analyzerVersions()
	if !maps.Equal(got, derived) {
		t.Errorf("AnalyzerVersions() = %v, the registry declares %v", got, derived)
	}
	stored := map[string]string{
		"markdown":   markdown.Version,
		"golang":     golang.Version,
		"typescript": typescript.Version,
		"python":     python.Version,
		"manifest":   manifest.Version,
		"hugo":       hugo.Version,
		"markup":     markup.Version,
	}
	if !maps.Equal(got, stored) {
		t.Errorf("AnalyzerVersions() = %v, stores carry %v", got, stored)
	}
	cfg := config.Default()
	prev := &Store{Header: StoreHeader{Format: StoreFormat, PipelineVersion: PipelineVersion, AnalyzerVersions: stored, ConfigurationHash: cfg.Hash()},
		Extractions: []Extraction{{Path: "README.md", Hash: "h", Analyzer: "markdown"}}}
	if byPath, reason := reusable(prev, cfg.Hash()); reason != "" || len(byPath) != 1 {
		t.Errorf("a store of the same versions is refused: %s", reason)
	}
}

// TestCoverageFromRegistry checks the repository-wide coverage entries are
// those of the registry's summarized analyzers: one each, turned off by
// the key the analyzer names.
func TestCoverageFromRegistry(t *testing.T) {
	cfg, err := config.Parse(config.FileName, []byte("languages:\n  python: false\n"))
	if err != nil {
		t.Fatal(err)
	}
	snap := resolve(cfg, &walk.Result{}, nil, 1)
	got := map[string]snapshot.Coverage{}
	for _, c := range snap.Coverage {
		if c.Scope == "repository" {
			got[c.Analyzer] = c
		}
	}
	for _, a := range registry {
		c, ok := got[a.Kind()]
		if ok != a.Summarized() {
			t.Errorf("%s: repository coverage entry %v, summarized %v", a.Kind(), ok, a.Summarized())
			continue
		}
		delete(got, a.Kind())
		switch {
		case !ok:
		case !a.Enabled(cfg):
			if c.Status != snapshot.StatusNotAnalyzed || !strings.Contains(c.Reason, "languages."+a.ConfigKey()+" ") {
				t.Errorf("%s turned off: %+v", a.Kind(), c)
			}
		case c.Status != snapshot.StatusNotApplicable:
			t.Errorf("%s with no files: %+v", a.Kind(), c)
		}
	}
	for kind := range got {
		t.Errorf("repository coverage entry of %s, which is no registered analyzer", kind)
	}
}
