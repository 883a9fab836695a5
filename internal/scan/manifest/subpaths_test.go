package manifest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// manyKeys is an "imports" object of n keys "#k0"… one per line, from line 2.
func manyKeys(n int) string {
	var b strings.Builder
	b.WriteString("{\"imports\": {\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "%q: \"./k%d.js\"", fmt.Sprintf("#k%d", i), i)
	}
	b.WriteString("}}")
	return b.String()
}

// manyTargets is a JSON array of n targets "./t0.js"….
func manyTargets(n int) (string, []string) {
	var quoted, plain []string
	for i := range n {
		plain = append(plain, fmt.Sprintf("./t%d.js", i))
		quoted = append(quoted, fmt.Sprintf("%q", plain[i]))
	}
	return "[" + strings.Join(quoted, ", ") + "]", plain
}

func TestSubpathMaps(t *testing.T) {
	partial := func(line int, msg string) extract.Issue {
		return extract.Issue{Line: line, Status: extract.StatusPartial, Message: "package.json: " + msg}
	}
	targets20, plain20 := manyTargets(20)
	keys := manyKeys(maxMappings + 3)
	var firstKeys []Mapping
	for i := range maxMappings {
		firstKeys = append(firstKeys, Mapping{Key: fmt.Sprintf("#k%d", i), Targets: []string{fmt.Sprintf("./k%d.js", i)}, Line: i + 2})
	}
	tests := []struct {
		name, src string
		imports   []Mapping
		exports   []Mapping
		issues    []extract.Issue
	}{
		{name: "exports string is the dot key on the exports line", src: "{\n\"exports\": \"./i.js\"}",
			exports: []Mapping{{Key: ".", Targets: []string{"./i.js"}, Line: 2}}},
		{name: "exports array is the dot key, in order", src: `{"exports": ["./a.js", {"import": "./b.mjs"}, null, "./c.js"]}`,
			exports: []Mapping{{Key: ".", Targets: []string{"./a.js", "./b.mjs", "./c.js"}, Line: 1}}},
		{name: "conditions keep written order, not sorted order", src: `{"exports": {"require": "./r.cjs", "import": "./i.mjs", "default": "./d.js"}}`,
			exports: []Mapping{{Key: ".", Targets: []string{"./r.cjs", "./i.mjs", "./d.js"}, Line: 1}}},
		{name: "null exports and imports are absent", src: `{"exports": null, "imports": null}`},
		{name: "empty objects map nothing", src: `{"exports": {}, "imports": {}}`},
		{name: "exports of a wrong type", src: "{\n\"exports\": 5}",
			issues: []extract.Issue{partial(2, `"exports" must be a string, an array or an object`)}},
		{name: "null subpath is kept without targets", src: `{"exports": {"./x": null, "./y": [null]}}`,
			exports: []Mapping{{Key: "./x", Line: 1}, {Key: "./y", Line: 1}}},
		{name: "pattern keys are kept as written", src: `{"imports": {"#a/*": "./a/*.js", "#a/*/b/*": "./x/*"}}`,
			imports: []Mapping{{Key: "#a/*", Targets: []string{"./a/*.js"}, Line: 1}, {Key: "#a/*/b/*", Targets: []string{"./x/*"}, Line: 1}}},
		{name: "a repeated exports key keeps its place and last value", src: "{\"exports\": {\n\"./a\": \"./1.js\",\n\"./b\": \"./b.js\",\n\"./a\": \"./2.js\"}}",
			exports: []Mapping{{Key: "./a", Targets: []string{"./2.js"}, Line: 4}, {Key: "./b", Targets: []string{"./b.js"}, Line: 3}}},
		{name: "targets are cut at MaxTargets", src: "{\"imports\": {\n\"#t\": " + targets20 + "}}",
			imports: []Mapping{{Key: "#t", Targets: plain20[:maxTargets], Line: 2}},
			issues:  []extract.Issue{partial(2, fmt.Sprintf(`imports["#t"] has more than %d targets, only the first %d are kept`, maxTargets, maxTargets))}},
		{name: "conditions are cut at MaxTargets too", src: `{"exports": {"a": ` + targets20 + `, "b": "./late.js"}}`,
			exports: []Mapping{{Key: ".", Targets: plain20[:maxTargets], Line: 1}},
			issues:  []extract.Issue{partial(1, fmt.Sprintf(`exports["."] has more than %d targets, only the first %d are kept`, maxTargets, maxTargets))}},
		{name: "keys are cut at MaxMappings", src: keys, imports: firstKeys,
			issues: []extract.Issue{partial(maxMappings+2, fmt.Sprintf(`"imports" has %d keys, only the first %d are kept`, maxMappings+3, maxMappings))}},
		{name: "invalid UTF-8 is replaced", src: "{\"imports\": {\"#\xff\": \"./\xfe.js\"}}",
			imports: []Mapping{{Key: "#\uFFFD", Targets: []string{"./\uFFFD.js"}, Line: 1}}},
		{name: "a subpath map with a conditions value", src: `{"exports": {".": {"import": "./i.js"}, "./x": "./x.js"}}`,
			exports: []Mapping{{Key: ".", Targets: []string{"./i.js"}, Line: 1}, {Key: "./x", Targets: []string{"./x.js"}, Line: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParsePackageJSON("package.json", []byte(tt.src))
			if !reflect.DeepEqual(got.Imports, tt.imports) {
				t.Errorf("imports:\n got %+v\nwant %+v", got.Imports, tt.imports)
			}
			if !reflect.DeepEqual(got.ExportMap, tt.exports) {
				t.Errorf("exports:\n got %+v\nwant %+v", got.ExportMap, tt.exports)
			}
			if !reflect.DeepEqual(got.Issues, tt.issues) {
				t.Errorf("issues:\n got %+v\nwant %+v", got.Issues, tt.issues)
			}
		})
	}
}
