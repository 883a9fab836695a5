package config

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// parseErrors returns err's lines, failing the test when Parse succeeded.
func parseErrors(t *testing.T, in string) []string {
	t.Helper()
	_, err := Parse(FileName, []byte(in))
	if err == nil {
		t.Fatalf("Parse(%q) succeeded, want an error", in)
	}
	return strings.Split(err.Error(), "\n")
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"unknown key with suggestion",
			"version: 1\nscan:\n  maxFiles: 10\n\n\n\n  excludes: [x]\n",
			[]string{`docbridge.yaml:7: unknown key "scan.excludes" (did you mean "exclude"?)`}},
		{"unknown key, case slip",
			"scan:\n  maxfilebytes: 10\n",
			[]string{`docbridge.yaml:2: unknown key "scan.maxfilebytes" (did you mean "maxFileBytes"?)`}},
		{"unknown key, transposition",
			"langauges: {}\n",
			[]string{`docbridge.yaml:1: unknown key "langauges" (did you mean "languages"?)`}},
		{"unknown key, nothing close",
			"scan:\n  colour: red\n",
			[]string{`docbridge.yaml:2: unknown key "scan.colour" (valid keys: exclude, maxFileBytes, maxFiles)`}},
		{"unknown top-level key",
			"exclude: [x]\n",
			[]string{`docbridge.yaml:1: unknown key "exclude" (valid keys: version, project, scan, languages, analysis, sites, checks, enrich, approvals)`}},
		{"sites: unknown generator, hugo-only key, bad id type, missing root",
			"sites:\n  - root: site\n    generator: jekyl\n  - root: docs\n    generator: none\n    contentDirs: [c]\n  - root: web\n    generator: hugo\n    headingIds: gitlab\n  - generator: hugo\n",
			[]string{
				`docbridge.yaml:3: sites.0.generator: "jekyl" is not one of hugo, mkdocs, mdbook, jekyll, vitepress, docusaurus, astro, none`,
				`docbridge.yaml:6: sites.1.contentDirs: contentDirs applies to generator hugo only, not none`,
				`docbridge.yaml:9: sites.2.headingIds: "gitlab" is not one of github, github-ascii, blackfriday`,
				`docbridge.yaml:10: sites.3: missing required key "root"`,
			}},
		{"sites: options for the wrong generator",
			"sites:\n  - root: book\n    generator: mkdocs\n    src: pages\n    baseurl: /x\n  - root: web\n    generator: jekyll\n    docsDir: d\n    srcDir: s\n  - root: off\n    generator: none\n    slugify: markdown.extensions.toc.slugify\n  - root: blog\n    generator: vitepress\n    headingIds: github\n    routeBasePath: /\n",
			[]string{
				`docbridge.yaml:4: sites.0.src: src applies to generator mdbook only, not mkdocs`,
				`docbridge.yaml:5: sites.0.baseurl: baseurl applies to generator jekyll only, not mkdocs`,
				`docbridge.yaml:8: sites.1.docsDir: docsDir applies to generators mkdocs, docusaurus only, not jekyll`,
				`docbridge.yaml:9: sites.1.srcDir: srcDir applies to generators vitepress, astro only, not jekyll`,
				`docbridge.yaml:12: sites.2.slugify: slugify applies to generator mkdocs only, not none`,
				`docbridge.yaml:15: sites.3.headingIds: headingIds applies to generator hugo only, not vitepress`,
				`docbridge.yaml:16: sites.3.routeBasePath: routeBasePath applies to generator docusaurus only, not vitepress`,
			}},
		{"sites: root outside the repository, bad option values",
			"sites:\n  - {root: ../other, generator: mkdocs}\n  - {root: /abs, generator: none}\n  - {root: a, generator: mkdocs, docsDir: ../docs, slugify: toc.slugify}\n  - {root: b, generator: mdbook, src: ./src}\n  - {root: c, generator: jekyll, baseurl: 'https://x.org/p'}\n  - {root: d, generator: jekyll, baseurl: '/a b'}\n  - {root: e, generator: vitepress, srcDir: ''}\n  - {root: f, generator: Hugo}\n",
			[]string{
				`docbridge.yaml:2: sites.0.root: "../other" must not contain ".."`,
				`docbridge.yaml:3: sites.1.root: "/abs" must be relative to the repository root`,
				`docbridge.yaml:4: sites.2.docsDir: "../docs" must not contain ".."`,
				`docbridge.yaml:4: sites.2.slugify: "toc.slugify" is not one of markdown.extensions.toc.slugify, markdown.extensions.toc.slugify_unicode, pymdownx.slugs.uslugify, pymdownx.slugs.uslugify_encoded, pymdownx.slugs.uslugify_cased, pymdownx.slugs.uslugify_cased_encoded, pymdownx.slugs.gfm, pymdownx.slugs.gfm_encoded`,
				`docbridge.yaml:5: sites.3.src: "./src" is not clean (write "src")`,
				`docbridge.yaml:6: sites.4.baseurl: "https://x.org/p" must be the path the site is served under ("/project"), not a URL`,
				`docbridge.yaml:7: sites.5.baseurl: "/a b" is not a URL path`,
				`docbridge.yaml:8: sites.6.srcDir: must not be empty`,
				`docbridge.yaml:9: sites.7.generator: "Hugo" is not one of hugo, mkdocs, mdbook, jekyll, vitepress, docusaurus, astro, none`,
			}},
		{"sites: duplicate root, bad mount",
			"sites:\n  - {root: site, generator: hugo, mounts: [{source: /abs, target: static/x}]}\n  - {root: site, generator: hugo}\n",
			[]string{
				`docbridge.yaml:2: sites.0.mounts.0.source: "/abs" must be relative to the site root, with forward slashes`,
				`docbridge.yaml:2: sites.0.mounts.0.target: "static/x" must be content or a path under content/`,
				`docbridge.yaml:3: sites.1.root: duplicate site root "site" (first at line 2)`,
			}},
		{"project identity",
			"project:\n  repository: acme\n  defaultBranch: refs/heads/main\n  branches: [ok, \"a b\", 3]\n",
			[]string{
				`docbridge.yaml:2: project.repository: repository "acme" is not owner/name or host/owner/name`,
				`docbridge.yaml:3: project.defaultBranch: branch "refs/heads/main" is not a branch name (write main, not refs/heads/main)`,
				`docbridge.yaml:4: project.branches.1: branch "a b" is not a branch name (write main, not refs/heads/main)`,
				`docbridge.yaml:4: project.branches.2: expected a string, got an integer`,
			}},
		{"string for integer",
			"version: 1\nscan:\n  maxFiles: 10\n  maxFileBytes: big\n",
			[]string{`docbridge.yaml:4: scan.maxFileBytes: expected an integer, got a string`}},
		{"float for integer",
			"scan:\n  maxFiles: 1.5\n",
			[]string{`docbridge.yaml:2: scan.maxFiles: expected an integer, got a float`}},
		{"quoted number is a string",
			"analysis:\n  derive:\n    depth: \"2\"\n",
			[]string{`docbridge.yaml:3: analysis.derive.depth: expected an integer, got a string`}},
		{"yes is not a boolean",
			"languages:\n  go: yes\n",
			[]string{`docbridge.yaml:2: languages.go: expected a boolean (true or false), got a string`}},
		{"integer for string",
			"project:\n  name: 2024\n",
			[]string{`docbridge.yaml:2: project.name: expected a string, got an integer`}},
		{"list for mapping",
			"languages: [go]\n",
			[]string{`docbridge.yaml:1: languages: expected a mapping, got a list`}},
		{"mapping for list",
			"scan:\n  exclude: {a: b}\n",
			[]string{`docbridge.yaml:2: scan.exclude: expected a list, got a mapping`}},
		{"root is a list",
			"- a\n",
			[]string{`docbridge.yaml:1: expected a mapping, got a list`}},
		{"custom tag",
			"project:\n  name: !secret x\n",
			[]string{`docbridge.yaml:2: project.name: expected a string, got a value with the tag "!secret"`}},
		{"null list item",
			"scan:\n  exclude:\n    - a\n    -\n",
			[]string{`docbridge.yaml:4: scan.exclude.1: expected a string, got null`}},
		{"non-string key",
			"scan:\n  ? [a]\n  : 1\n",
			[]string{`docbridge.yaml:2: scan: keys must be strings, got a list`}},
		{"unsupported version",
			"version: 2\n",
			[]string{`docbridge.yaml:1: version: unsupported version 2 (the only version is 1)`}},
		{"ranges",
			"scan:\n  maxFileBytes: 0\n  maxFiles: 1000001\nanalysis:\n  derive:\n    depth: 5\n",
			[]string{
				`docbridge.yaml:2: scan.maxFileBytes: must be between 1 and 67108864, got 0`,
				`docbridge.yaml:3: scan.maxFiles: must be between 1 and 1000000, got 1000001`,
				`docbridge.yaml:6: analysis.derive.depth: must be between 1 and 4, got 5`,
			}},
		{"range beyond 32 bits",
			"scan:\n  maxFiles: 4294967297\n",
			[]string{`docbridge.yaml:2: scan.maxFiles: must be between 1 and 1000000, got 4294967297`}},
		{"duplicate key",
			"scan:\n  maxFiles: 1\n  maxFiles: 2\n",
			[]string{`docbridge.yaml:3: scan.maxFiles: duplicate key (first at line 2)`}},
		{"area paths",
			"analysis:\n  areas:\n" +
				"    - path: internal/scan\n" +
				"    - {path: internal/scan, name: again}\n" +
				"    - {name: nameless}\n" +
				"    - path: ../x\n" +
				"    - path: /abs\n" +
				"    - path: a//b\n" +
				"    - path: internal/x\\y\n" +
				"    - path: 'C:/x'\n" +
				"    - path: ''\n" +
				"    - path: .\n" +
				"    - path: internal/\n" +
				"    - internal/y\n" +
				"    - {path: ok, required: maybe}\n" +
				"    - {path: ok2, color: red}\n",
			[]string{
				`docbridge.yaml:4: analysis.areas.1.path: duplicate area "internal/scan" (first at line 3)`,
				`docbridge.yaml:5: analysis.areas.2: missing required key "path"`,
				`docbridge.yaml:6: analysis.areas.3.path: "../x" must not contain ".."`,
				`docbridge.yaml:7: analysis.areas.4.path: "/abs" must be relative to the repository root`,
				`docbridge.yaml:8: analysis.areas.5.path: "a//b" is not clean (write "a/b")`,
				`docbridge.yaml:9: analysis.areas.6.path: "internal/x\\y" must use forward slashes`,
				`docbridge.yaml:10: analysis.areas.7.path: "C:/x" must be relative to the repository root`,
				`docbridge.yaml:11: analysis.areas.8.path: must not be empty`,
				`docbridge.yaml:12: analysis.areas.9.path: "." is the repository root, not a directory below it`,
				`docbridge.yaml:13: analysis.areas.10.path: "internal/" is not clean (write "internal")`,
				`docbridge.yaml:14: analysis.areas.11: expected a mapping with a path, got a string`,
				`docbridge.yaml:15: analysis.areas.12.required: expected a boolean (true or false), got a string`,
				`docbridge.yaml:16: unknown key "analysis.areas.13.color" (valid keys: path, name, required)`,
			}},
		{"roots",
			"analysis:\n  derive:\n    roots: [src, ./lib, src, '']\n",
			[]string{
				`docbridge.yaml:3: analysis.derive.roots.1: "./lib" is not clean (write "lib")`,
				`docbridge.yaml:3: analysis.derive.roots.2: duplicate root "src" (first at line 3)`,
				`docbridge.yaml:3: analysis.derive.roots.3: must not be empty`,
			}},
		{"patterns",
			"scan:\n  exclude:\n    - ' '\n    - '!'\n    - ../up\n    - a/../b\n    - /ok\n    - '//x'\n    - ./x\n    - \"a\\tb\"\n",
			[]string{
				`docbridge.yaml:3: scan.exclude.0: must not be empty`,
				`docbridge.yaml:4: scan.exclude.1: "!" matches nothing`,
				`docbridge.yaml:5: scan.exclude.2: "../up" must not contain ".."`,
				`docbridge.yaml:6: scan.exclude.3: "a/../b" must not contain ".."`,
				`docbridge.yaml:8: scan.exclude.5: "//x" must be relative to the repository root`,
				`docbridge.yaml:9: scan.exclude.6: "./x" is not clean`,
				`docbridge.yaml:10: scan.exclude.7: "a\tb" contains a control character`,
			}},
		{"cycle patterns",
			"checks:\n  cycles:\n    exclude:\n      - tests/\n      - ../up\n    excludes: []\n",
			[]string{
				`docbridge.yaml:5: checks.cycles.exclude.1: "../up" must not contain ".."`,
				`docbridge.yaml:6: unknown key "checks.cycles.excludes" (did you mean "exclude"?)`,
			}},
		{"cycles not a mapping",
			"checks:\n  cycles: [tests/]\n",
			[]string{`docbridge.yaml:2: checks.cycles: expected a mapping, got a list`}},
		{"second document",
			"scan: {}\n---\nscan: {}\n",
			[]string{`docbridge.yaml:2: a second YAML document; docbridge.yaml holds exactly one`}},
		{"syntax error, scanner",
			"scan:\n  maxFiles: 1\n  exclude: \"\\q\"\n",
			[]string{`docbridge.yaml:3: invalid YAML: found unknown escape character`}},
		{"syntax error, parser (yaml.v3 says line 2)",
			"scan:\n  maxFiles: 1\n]\n",
			[]string{`docbridge.yaml:3: invalid YAML: did not find expected key`}},
		{"syntax error, unclosed flow list",
			"scan:\n  exclude: [a, b\nlanguages: {}\n",
			[]string{`docbridge.yaml:2: invalid YAML: did not find expected ',' or ']'`}},
		{"syntax error past the end is clamped",
			"name: 'unterminated\n",
			[]string{`docbridge.yaml:1: invalid YAML: found unexpected end of stream`}},
		{"control character",
			"project:\n  name: a\x01b\n",
			[]string{`docbridge.yaml:2: character U+0001 is not allowed in YAML`}},
		{"invalid UTF-8",
			"project:\n\n  name: \xff\n",
			[]string{`docbridge.yaml:3: invalid UTF-8 (byte 0xff); docbridge.yaml must be UTF-8`}},
		{"anchor and alias",
			"scan: &s\n  maxFiles: 3\nlanguages:\n  go: true\nanalysis: *s\n",
			[]string{
				`docbridge.yaml:1: scan: anchors and aliases are not allowed (anchor &s)`,
				`docbridge.yaml:5: analysis: anchors and aliases are not allowed (alias *s)`,
			}},
		{"alias inside an unknown key is still reported",
			"x: &a [1]\ny: *a\n",
			[]string{
				`docbridge.yaml:1: unknown key "x" (valid keys: version, project, scan, languages, analysis, sites, checks, enrich, approvals)`,
				`docbridge.yaml:1: x: anchors and aliases are not allowed (anchor &a)`,
				`docbridge.yaml:2: unknown key "y" (valid keys: version, project, scan, languages, analysis, sites, checks, enrich, approvals)`,
				`docbridge.yaml:2: y: anchors and aliases are not allowed (alias *a)`,
			}},
		{"alias to an unknown anchor",
			"scan: *nowhere\n",
			[]string{`docbridge.yaml:1: anchors and aliases are not allowed (unknown anchor 'nowhere' referenced; yaml.v3 reports no line)`}},
		{"merge key",
			"scan:\n  <<: {maxFiles: 3}\n",
			[]string{`docbridge.yaml:2: unknown key "scan.<<" (valid keys: exclude, maxFileBytes, maxFiles)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseErrors(t, tt.in)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestTooManyEntries(t *testing.T) {
	var b strings.Builder
	b.WriteString("scan:\n  exclude:\n")
	for i := range maxPatterns + 1 {
		fmt.Fprintf(&b, "    - p%d\n", i)
	}
	got := parseErrors(t, b.String())
	want := fmt.Sprintf("docbridge.yaml:3: scan.exclude: too many entries (%d, at most %d)", maxPatterns+1, maxPatterns)
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %q, want [%q]", got, want)
	}
}

func TestErrorListBoundAndOrder(t *testing.T) {
	// 25 unknown keys, written bottom-up in line order of discovery does not
	// matter: the list is sorted by line and cut at maxErrors.
	var b strings.Builder
	for i := range maxErrors + 5 {
		fmt.Fprintf(&b, "unknown%02d: 1\n", i)
	}
	_, err := Parse("c.yaml", []byte(b.String()))
	var l *errorList
	if !errors.As(err, &l) {
		t.Fatalf("error %T is not an *errorList", err)
	}
	if len(l.Errors) != maxErrors || l.Omitted != 5 {
		t.Fatalf("got %d errors and %d omitted, want %d and 5", len(l.Errors), l.Omitted, maxErrors)
	}
	for i, e := range l.Errors {
		if e.Line != i+1 || e.File != "c.yaml" || e.Code != codeUnknownKey || e.Key != fmt.Sprintf("unknown%02d", i) {
			t.Errorf("error %d = %+v", i, e)
		}
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != maxErrors+1 || lines[maxErrors] != "c.yaml: 5 more errors not shown" {
		t.Errorf("last line = %q", lines[len(lines)-1])
	}
	// errors.As reaches the items too.
	var e *Error
	if !errors.As(err, &e) || e.Line != 1 {
		t.Errorf("errors.As(*Error) = %+v", e)
	}
}

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		e    Error
		want string
	}{
		{Error{File: "f.yaml", Line: 4, Key: "scan.maxFiles", Message: "bad"}, "f.yaml:4: scan.maxFiles: bad"},
		{Error{File: "f.yaml", Key: "scan", Message: "bad"}, "f.yaml: scan: bad"},
		{Error{Line: 2, Message: "bad"}, "line 2: bad"},
		{Error{Key: "a.b", Message: `unknown key "a.b"`}, `unknown key "a.b"`},
		{Error{Key: "a", Message: `unknown key "a.b"`}, `a: unknown key "a.b"`},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v.Error() = %q, want %q", tt.e, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"exclude", "excludes", 1},
		{"langauges", "languages", 1},
		{"kitten", "sitting", 3},
		{"ab", "ba", 1},
		{"go", "", 2},
		{"é", "e", 1},
		{strings.Repeat("a", maxSuggestRunes+1), "a", 1 << 30},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
