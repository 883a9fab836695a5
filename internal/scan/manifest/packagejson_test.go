package manifest

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	return data
}

func TestParsePackageJSON(t *testing.T) {
	tests := []struct {
		fixture string
		want    PackageJSON
	}{
		{"workspaces-array.json", PackageJSON{
			Name: "@acme/root", Version: "1.0.0", Private: true,
			Workspaces: []string{"packages/*", "apps/**", "!packages/legacy"},
			Main:       "dist/index.js", Module: "dist/index.mjs", Types: "dist/index.d.ts",
			Exports:   "./dist/index.js",
			ExportMap: []Mapping{{Key: ".", Targets: []string{"./dist/index.js"}, Line: 9}},
			Dependencies: []Dependency{
				{Name: "@acme/ui", Version: "workspace:*", Scope: "dependencies"},
				{Name: "react", Version: "^18.2.0", Scope: "dependencies"},
				{Name: "typescript", Version: "~5.4.0", Scope: "devDependencies"},
				{Name: "fsevents", Version: "^2.3.0", Scope: "optionalDependencies"},
				{Name: "react-dom", Version: ">=18", Scope: "peerDependencies"},
			},
		}},
		{"workspaces-object.json", PackageJSON{
			Name: "yarn-root", Workspaces: []string{"libs/*"},
			Types: "index.d.ts", Exports: "./lib/main.js",
			ExportMap: []Mapping{
				{Key: ".", Targets: []string{"./lib/main.js"}, Line: 9},
				{Key: "./feature", Targets: []string{"./lib/feature.js"}, Line: 10},
			},
		}},
		{"exports-conditions.json", PackageJSON{Name: "conditional",
			ExportMap: []Mapping{{Key: ".", Targets: []string{"./esm/index.js", "./cjs/index.js"}, Line: 4}}}},
		{"vite.json", PackageJSON{Name: "vite", Exports: "./dist/node/index.js",
			Imports: []Mapping{
				{Key: "#module-sync-enabled", Targets: []string{"./misc/true.js", "./misc/false.js"}, Line: 4},
				{Key: "#types/*", Targets: []string{"./types/*.d.ts"}, Line: 8},
				{Key: "#dep-types/*", Targets: []string{"./src/types/*.d.ts"}, Line: 9},
			},
			ExportMap: []Mapping{
				{Key: ".", Targets: []string{"./dist/node/index.js"}, Line: 12},
				{Key: "./client", Targets: []string{"./client.d.ts"}, Line: 13},
				{Key: "./module-runner", Targets: []string{"./dist/node/module-runner.js"}, Line: 14},
				{Key: "./types/*", Targets: []string{"./types/*"}, Line: 15},
				{Key: "./types/internal/*", Line: 16},
				{Key: "./package.json", Targets: []string{"./package.json"}, Line: 17},
			},
		}},
		{"conditions-nested.json", PackageJSON{Name: "nested",
			// Conditions flatten depth first in written order; null adds nothing.
			ExportMap: []Mapping{{Key: ".", Line: 3,
				Targets: []string{"./esm/node.mjs", "./cjs/node.cjs", "./cjs/node.cjs", "./esm/index.js"}}},
			Imports: []Mapping{
				{Key: "#dep", Targets: []string{"dep-node", "./dep.js"}, Line: 12},
				// A repeated key keeps its first place and its last value.
				{Key: "#dup", Targets: []string{"./second.js"}, Line: 14},
				{Key: "#num", Targets: []string{"./num.js"}, Line: 16},
			},
			Issues: []extract.Issue{
				{Line: 16, Status: extract.StatusPartial, Message: `web/package.json: imports["#num"]: target 1 is not a path, an array, a conditions object or null; ignored`},
				{Line: 16, Status: extract.StatusPartial, Message: `web/package.json: imports["#num"]: target true is not a path, an array, a conditions object or null; ignored`},
				{Line: 15, Status: extract.StatusPartial, Message: `web/package.json: imports key "bad" does not start with "#"; ignored`},
			},
		}},
		{"exports-mixed.json", PackageJSON{
			ExportMap: []Mapping{{Key: "./sub", Targets: []string{"./sub.js"}, Line: 4}},
			Issues: []extract.Issue{
				{Line: 2, Status: extract.StatusPartial, Message: `web/package.json: "exports" mixes subpath keys with conditions ("import"); the conditions are ignored`},
				{Line: 6, Status: extract.StatusPartial, Message: `web/package.json: "imports" must be an object`},
			},
		}},
		{"bom.json", PackageJSON{Name: "with-bom", Version: "0.1.0"}},
		{"broken.json", PackageJSON{Issues: []extract.Issue{{Line: 6, Status: extract.StatusNotAnalyzed,
			Message: "web/package.json: invalid character '}' looking for beginning of object key string"}}}},
		{"array.json", PackageJSON{Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed,
			Message: "web/package.json: top-level value is not an object"}}}},
		{"wrong-types.json", PackageJSON{
			Workspaces:   []string{"ok/*"},
			Dependencies: []Dependency{{Name: "good", Version: "1.0.0", Scope: "dependencies"}},
			Issues: []extract.Issue{
				{Line: 2, Status: extract.StatusPartial, Message: `web/package.json: "name" must be a string`},
				{Line: 3, Status: extract.StatusPartial, Message: `web/package.json: "private" must be a boolean`},
				{Line: 4, Status: extract.StatusPartial, Message: `web/package.json: workspaces[1] is not a glob`},
				{Line: 5, Status: extract.StatusPartial, Message: `web/package.json: dependencies.bad: version must be a string`},
				{Line: 9, Status: extract.StatusPartial, Message: `web/package.json: "devDependencies" must be an object of versions`},
			},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			got := ParsePackageJSON("web/package.json", readFixture(t, filepath.Join("packagejson", tt.fixture)))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParsePackageJSONEdgeCases(t *testing.T) {
	tests := []struct {
		name, src string
		check     func(PackageJSON) bool
	}{
		{"duplicate key keeps the last", `{"name": "a", "name": "b"}`, func(p PackageJSON) bool { return p.Name == "b" }},
		{"types wins over typings", `{"types": "t.d.ts", "typings": "x.d.ts"}`, func(p PackageJSON) bool { return p.Types == "t.d.ts" }},
		{"exports array gives nothing", `{"exports": ["./a.js"]}`, func(p PackageJSON) bool { return p.Exports == "" && len(p.Issues) == 0 }},
		{"null fields are absent", `{"name": null, "workspaces": null}`, func(p PackageJSON) bool { return p.Name == "" && len(p.Issues) == 0 }},
		{"trailing garbage is a syntax error on its line", "{}\n\nx", func(p PackageJSON) bool {
			return len(p.Issues) == 1 && p.Issues[0].Line == 3 && p.Issues[0].Status == extract.StatusNotAnalyzed
		}},
		{"empty file", "", func(p PackageJSON) bool { return len(p.Issues) == 1 && p.Issues[0].Line == 1 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ParsePackageJSON("package.json", []byte(tt.src)); !tt.check(got) {
				t.Errorf("unexpected %+v", got)
			}
		})
	}
}
