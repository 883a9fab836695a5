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
			Exports: "./dist/index.js",
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
		}},
		{"exports-conditions.json", PackageJSON{Name: "conditional"}},
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
