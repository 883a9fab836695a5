package typescript

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestParseConfig(t *testing.T) {
	rule := func(pattern string, targets ...string) pathRule {
		r, _ := newPathRule(pattern)
		r.targets = targets
		return r
	}
	tests := []struct {
		name         string
		file, data   string
		want         configFile
		wantProblems []string
		wantErr      string
	}{
		{
			name: "comments, trailing commas and a BOM",
			file: "a/tsconfig.json",
			data: "\xef\xbb\xbf{\n  /* block */ \"extends\": \"./base\", // line\n  \"compilerOptions\": {\"baseUrl\": \"./src\", \"paths\": {\"z/*\": [\"z/*\",], \"a\": [\"b\"],},},\n}",
			want: configFile{dir: "a", extends: []string{"./base"}, opts: options{
				baseURL: "a/src", hasBaseURL: true,
				paths:    []pathRule{rule("z/*", "z/*"), rule("a", "b")},
				hasPaths: true, pathsDir: "a",
			}},
		},
		{
			name: "extends array",
			file: "tsconfig.json",
			data: `{"extends": ["./one", "./two.json"]}`,
			want: configFile{dir: ".", extends: []string{"./one", "./two.json"}},
		},
		{
			name: "empty file is an empty config",
			file: "tsconfig.json",
			data: " \n",
			want: configFile{dir: "."},
		},
		{
			name: "empty paths still replace the extended ones",
			file: "tsconfig.json",
			data: `{"compilerOptions": {"paths": {}}}`,
			want: configFile{dir: ".", opts: options{hasPaths: true, pathsDir: "."}},
		},
		{
			name: "wrongly shaped fields are reported and ignored",
			file: "x/tsconfig.json",
			data: `{"extends": 3, "compilerOptions": {"baseUrl": 1, "paths": {"a/*/*": ["x"], "b": "notarray", "c/*": ["c/*/*", "ok/*"]}}}`,
			want: configFile{dir: "x", opts: options{
				paths:    []pathRule{rule("c/*", "ok/*")},
				hasPaths: true, pathsDir: "x",
			}},
			wantProblems: []string{
				"extends is neither a string nor an array of strings; ignored",
				"compilerOptions.baseUrl is not a string; ignored",
				`compilerOptions.paths pattern "a/*/*" has more than one '*'; ignored`,
				`compilerOptions.paths["b"] is not an array of strings; ignored`,
				`compilerOptions.paths["c/*"] target "c/*/*" has more than one '*'; ignored`,
			},
		},
		{
			name:         "baseUrl outside the repository",
			file:         "tsconfig.json",
			data:         `{"compilerOptions": {"baseUrl": "../up"}}`,
			want:         configFile{dir: "."},
			wantProblems: []string{`compilerOptions.baseUrl "../up" is outside the repository; ignored`},
		},
		{
			name:         "absolute baseUrl",
			file:         "tsconfig.json",
			data:         `{"compilerOptions": {"baseUrl": "/abs"}}`,
			want:         configFile{dir: "."},
			wantProblems: []string{`compilerOptions.baseUrl "/abs" is outside the repository; ignored`},
		},
		{
			name:         "compilerOptions not an object",
			file:         "tsconfig.json",
			data:         `{"compilerOptions": []}`,
			want:         configFile{dir: "."},
			wantProblems: []string{"compilerOptions is not an object; ignored"},
		},
		{
			name:    "not JSON",
			file:    "tsconfig.json",
			data:    `{"a": }`,
			want:    configFile{dir: "."},
			wantErr: "parse tsconfig.json: hujson: line 1, column 7: invalid character '}' at start of value",
		},
		{
			name:    "not an object",
			file:    "tsconfig.json",
			data:    `[1]`,
			want:    configFile{dir: "."},
			wantErr: "parse tsconfig.json: json: cannot unmarshal array",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems, err := parseConfig(tt.file, []byte(tt.data))
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want prefix %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("config = %+v, want %+v", got, tt.want)
			}
			if !reflect.DeepEqual(problems, tt.wantProblems) {
				t.Errorf("problems = %q, want %q", problems, tt.wantProblems)
			}
		})
	}
}

func TestParseConfigBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"compilerOptions": {"paths": {`)
	for i := range maxPathPatterns + 1 {
		fmt.Fprintf(&b, `"p%d/*": ["t/*"],`, i)
	}
	b.WriteString(`"many": [`)
	for i := range maxPathTargets + 1 {
		fmt.Fprintf(&b, `"t%d",`, i)
	}
	b.WriteString(`]}}}`)
	cf, problems, err := parseConfig("tsconfig.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(cf.opts.paths) != maxPathPatterns || cf.opts.paths[maxPathPatterns-1].prefix != fmt.Sprintf("p%d/", maxPathPatterns-1) {
		t.Errorf("kept %d patterns", len(cf.opts.paths))
	}
	want := []string{fmt.Sprintf("compilerOptions.paths has more than %d patterns; the rest are ignored", maxPathPatterns)}
	if !reflect.DeepEqual(problems, want) {
		t.Errorf("problems = %q, want %q", problems, want)
	}

	b.Reset()
	b.WriteString(`{"compilerOptions": {"paths": {"many": [`)
	for i := range maxPathTargets + 1 {
		fmt.Fprintf(&b, `"t%d",`, i)
	}
	b.WriteString(`]}}}`)
	cf, problems, err = parseConfig("tsconfig.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(cf.opts.paths) != 1 || len(cf.opts.paths[0].targets) != maxPathTargets {
		t.Errorf("paths = %+v", cf.opts.paths)
	}
	want = []string{fmt.Sprintf(`compilerOptions.paths["many"] has more than %d targets; the rest are ignored`, maxPathTargets)}
	if !reflect.DeepEqual(problems, want) {
		t.Errorf("problems = %q, want %q", problems, want)
	}
}

func TestBestPathRule(t *testing.T) {
	rules := []pathRule{}
	for _, p := range []string{"*", "@a/*", "@a/b/*", "@a/exact", "x/*.js", "x/*", "y*z", "y*"} {
		r, ok := newPathRule(p)
		if !ok {
			t.Fatalf("newPathRule(%q) failed", p)
		}
		r.targets = []string{p}
		rules = append(rules, r)
	}
	tests := []struct {
		spec, wantPattern, wantCaptured string
	}{
		{"@a/exact", "@a/exact", ""},
		{"@a/b/c", "@a/b/*", "c"},
		{"@a/c", "@a/*", "c"},
		{"lodash", "*", "lodash"},
		{"x/m.js", "x/*.js", "m"}, // equal prefixes: the first declared wins
		{"x/m.ts", "x/*", "m.ts"},
		{"yz", "y*z", ""}, // prefix and suffix may meet
		{"yabc", "y*", "abc"},
	}
	for _, tt := range tests {
		rule, captured, ok := bestPathRule(rules, tt.spec)
		if !ok || rule.targets[0] != tt.wantPattern || captured != tt.wantCaptured {
			t.Errorf("bestPathRule(%q) = %q, %q, %v; want %q, %q", tt.spec, rule.targets, captured, ok, tt.wantPattern, tt.wantCaptured)
		}
	}
	if _, _, ok := bestPathRule(rules[1:4], "other"); ok {
		t.Error("bestPathRule matched a specifier no pattern matches")
	}
}

// TestExtendsBounds: a chain deeper than maxExtendsDepth is cut (with an
// issue) and the configs beyond it do not apply; a diamond ladder whose graph
// is exponential in its size is cut by the visit budget, not explored.
func TestExtendsBounds(t *testing.T) {
	t.Run("depth", func(t *testing.T) {
		configs := map[string][]byte{}
		n := maxExtendsDepth + 3
		for i := range n {
			name := fmt.Sprintf("tsconfig.%d.json", i)
			if i == 0 {
				name = "tsconfig.json"
			}
			configs[name] = fmt.Appendf(nil, `{"extends": "./tsconfig.%d.json"}`, i+1)
		}
		configs[fmt.Sprintf("tsconfig.%d.json", n)] = []byte(`{"compilerOptions": {"baseUrl": "deep"}}`)
		opts, issues := loadConfigs(configs)
		if o := opts["tsconfig.json"]; o.hasBaseURL {
			t.Errorf("baseUrl %q applied from beyond the depth bound", o.baseURL)
		}
		want := fmt.Sprintf(`extends chain is deeper than %d; "./tsconfig.%d.json" is not followed`, maxExtendsDepth, maxExtendsDepth)
		found := false
		for _, is := range issues {
			found = found || (is.Path == fmt.Sprintf("tsconfig.%d.json", maxExtendsDepth-1) && is.Issue.Message == want)
		}
		if !found {
			t.Errorf("no issue %q in %s", want, dump(issues))
		}
	})
	t.Run("visits", func(t *testing.T) {
		configs := map[string][]byte{}
		const levels = 14 // 2^14 paths through the ladder
		name := func(level, i int) string { return fmt.Sprintf("tsconfig.%02d%c.json", level, 'a'+i) }
		configs["tsconfig.json"] = fmt.Appendf(nil, `{"extends": ["./%s", "./%s"]}`, name(0, 0), name(0, 1))
		for l := range levels {
			for i := range 2 {
				configs[name(l, i)] = fmt.Appendf(nil, `{"extends": ["./%s", "./%s"]}`, name(l+1, 0), name(l+1, 1))
			}
		}
		for i := range 2 {
			configs[name(levels, i)] = []byte(`{}`)
		}
		_, issues := loadConfigs(configs)
		want := PathIssue{Path: "tsconfig.json"}
		want.Issue.Status = "partial"
		want.Issue.Message = fmt.Sprintf("extends graph visits more than %d configurations; the rest are not followed", maxExtendsVisits)
		found := false
		for _, is := range issues {
			found = found || is == want
		}
		if !found {
			t.Errorf("no issue %+v in %d issues", want, len(issues))
		}
	})
}
