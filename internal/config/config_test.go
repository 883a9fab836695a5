package config

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

func TestDefault(t *testing.T) {
	want := &Config{
		Version: 1,
		Scan:    Scan{Exclude: []string{}, MaxFileBytes: 1048576, MaxFiles: 100000},
		Languages: Languages{
			Markdown: true, Go: true, TypeScript: true, Python: true,
		},
		Analysis: Analysis{
			Areas: []Area{},
			Derive: Derive{
				Roots:   []string{"src", "lib", "internal", "pkg", "cmd", "packages", "apps", "services", "libs"},
				Depth:   1,
				Exclude: []string{},
			},
		},
		Sites: []Site{},
		Checks: Checks{
			Severity:       map[string]catalog.Level{},
			Presets:        []string{},
			CentralityTopN: 10,
			KnowledgeDocs: KnowledgeDocs{
				Root:           "docs",
				RequiredFields: []string{"Area", "Keywords", "Summary"},
				ClaimSections:  []string{"Facts", "Inferred", "Tested", "Open questions"},
			},
			Cycles: Cycles{Exclude: []string{
				"test/", "tests/", "__tests__/", "__mocks__/", "e2e/", "__e2e__/",
				"*.test.*", "*.spec.*", "test_*.py", "*_test.py", "conftest.py",
				"fixtures/", "fixture/", "__fixtures__/", "testdata/",
				"playground/", "examples/", "example/",
			}},
			Documents: Documents{Exclude: []string{}},
		},
		Enrich: Enrich{
			Agent:     "auto",
			PackBytes: 65536,
			Command:   EnrichCommand{Argv: []string{}, TimeoutSeconds: 120, MaxRequestBytes: 8 << 20, MaxAnswerBytes: 1 << 20},
			Models: EnrichModels{BaseURL: "https://models.github.ai/inference", Model: "openai/gpt-4.1-mini",
				MaxRequests: 40, MaxTokens: 400000, MaxInputTokens: 8000, MaxOutputTokens: 4000, RequestsPerMinute: 10},
		},
		Approvals: Approvals{MinimumPermission: "write", Allowlist: []string{}},
	}
	if got := Default(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Default() = %+v\nwant %+v", got, want)
	}
	if err := Default().Validate(); err != nil {
		t.Fatalf("Default().Validate() = %v", err)
	}
	// Each call is a fresh value: mutating one must not leak into the next.
	d := Default()
	d.Analysis.Derive.Roots[0] = "changed"
	if Default().Analysis.Derive.Roots[0] != "src" {
		t.Fatal("Default shares its roots slice between calls")
	}
}

func TestParseEmptyMeansDefault(t *testing.T) {
	for _, in := range []string{
		"", "\n", "# only a comment\n", "~\n", "null\n", "---\n", "---\n...\n", "\xef\xbb\xbf",
		"version:\nproject:\nscan:\nlanguages:\nanalysis:\n",
		"scan:\n  exclude:\n  maxFiles: ~\n",
	} {
		got, err := Parse(FileName, []byte(in))
		if err != nil {
			t.Errorf("Parse(%q) error: %v", in, err)
			continue
		}
		if !reflect.DeepEqual(got, Default()) {
			t.Errorf("Parse(%q) = %+v, want the defaults", in, got)
		}
	}
}

// fullConfig is what testdata/full.yaml holds.
func fullConfig() *Config {
	return &Config{
		Version: 1,
		Project: Project{Name: "Bridge Works", Repository: "ghe.example.com/bridge/works", DefaultBranch: "trunk", Branches: []string{"release/2.x"}},
		Scan: Scan{
			Exclude:      []string{"testdata/", "!testdata/keep.md", "/third_party/**"},
			MaxFileBytes: 2097152,
			MaxFiles:     5000,
		},
		Languages: Languages{},
		Analysis: Analysis{
			Areas: []Area{
				{Path: "internal/scan", Name: "Scanner", Required: true},
				{Path: "cmd/action"},
			},
			Derive: Derive{Roots: []string{"src", "."}, Depth: 3, Exclude: []string{"**/mocks"}},
		},
		Sites: []Site{
			{Root: "site", Generator: GeneratorHugo, ContentDirs: []string{"content/en", "content/fr"}, HeadingIDs: "blackfriday",
				Mounts: []Mount{{Source: "tmp/spec", Target: "content/docs/specs"}}},
			{Root: "examples", Generator: GeneratorNone},
			{Root: ".", Generator: GeneratorMkDocs, DocsDir: "documentation", Slugify: "pymdownx.slugs.uslugify"},
			{Root: "guide", Generator: GeneratorMdBook, Src: "chapters"},
			{Root: "blog", Generator: GeneratorJekyll, BaseURL: "/blog"},
			{Root: "web", Generator: GeneratorVitePress, SrcDir: "src"},
			{Root: "website", Generator: GeneratorDocusaurus, DocsDir: "pages", RouteBasePath: "/"},
		},
		Checks: Checks{
			Severity:       map[string]catalog.Level{"IMPORT_CYCLE": "off", "ORPHANED_DOCUMENT": "warn"},
			Presets:        []string{"knowledge-docs"},
			CentralityTopN: 25,
			KnowledgeDocs:  KnowledgeDocs{Root: "docs/knowledge", RequiredFields: []string{"Area", "Owner"}, ClaimSections: []string{"Facts"}},
			Cycles:         Cycles{Exclude: []string{"**/test/**", "!**/test/fixtures/keep.ts"}},
			Documents:      Documents{Exclude: []string{"doc-build/", "!tests/site/"}},
		},
		Enrich: Enrich{
			Agent: "command", Reviewer: "models", Adjudicator: "builtin",
			PackBytes: 32768,
			Command:   EnrichCommand{Argv: []string{"./tools/curate", "--json"}, Files: []string{"tools/curate-lib", "prompts/*.md"}, TimeoutSeconds: 30, MaxRequestBytes: 2 << 20, MaxAnswerBytes: 64 << 10},
			Models: EnrichModels{BaseURL: "https://llm.example.com/v1", Model: "example/model-small",
				MaxRequests: 5, MaxTokens: 50000, MaxInputTokens: 16000, MaxOutputTokens: 2000, RequestsPerMinute: 0},
		},
		Approvals: Approvals{MinimumPermission: "maintain", Allowlist: []string{"octocat", "Mona-Lisa"}},
	}
}

func TestParseFullFile(t *testing.T) {
	for _, file := range []string{"full.yaml", "reordered.yaml"} {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", file))
			if err != nil {
				t.Fatal(err)
			}
			got, err := Parse(file, data)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if want := fullConfig(); !reflect.DeepEqual(got, want) {
				t.Fatalf("got  %+v\nwant %+v", got, want)
			}
		})
	}
}

// TestFullFileSetsEveryKey makes TestParseFullFile meaningful for every key:
// if a leaf of fullConfig equalled its default, a decoder that ignored that
// key would still pass.
func TestFullFileSetsEveryKey(t *testing.T) {
	full, def := reflect.ValueOf(*fullConfig()), reflect.ValueOf(*Default())
	var walk func(path string, a, b reflect.Value)
	walk = func(path string, a, b reflect.Value) {
		if a.Kind() == reflect.Struct {
			for i := range a.NumField() {
				walk(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
			}
			return
		}
		// Version has a single legal value, so it cannot differ.
		if path != ".Version" && reflect.DeepEqual(a.Interface(), b.Interface()) {
			t.Errorf("fullConfig%s equals the default; full.yaml does not exercise it", path)
		}
	}
	walk("", full, def)
	// Area fields are only checked through a non-default first area.
	a := fullConfig().Analysis.Areas[0]
	if a.Name == "" || !a.Required {
		t.Error("the first area of full.yaml must set name and required")
	}
}
