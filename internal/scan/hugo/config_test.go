package hugo

import (
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		path, src string
		check     func(t *testing.T, c Config)
	}{
		{"hugo.yaml", "permalinks:\n  Blog: /:section/:year/:month/:slug/\n  docs: \"\"\n", func(t *testing.T, c Config) {
			if !slices.Equal(c.Permalinks, []Permalink{{Section: "blog", Pattern: "/:section/:year/:month/:slug/"}}) {
				t.Errorf("permalinks %q, want blog's (keys in lower case, empty ones left out)", c.Permalinks)
			}
		}},
		{"hugo.toml", "[permalinks.page]\nposts = \"/:year/:filename/\"\n[permalinks.section]\nposts = \"/archive/\"\n", func(t *testing.T, c Config) {
			if !slices.Equal(c.Permalinks, []Permalink{{Section: "posts", Pattern: "/:year/:filename/"}}) {
				t.Errorf("permalinks %q, want the page kind's", c.Permalinks)
			}
		}},
		{"site/hugo.toml", `
contentDir = "content/en"
theme = ["docsy", "extra"]
[Languages.fr]
ContentDir = "content/fr"
[[module.mounts]]
source = "../README.md"
target = "content/readme.md"
[markup.goldmark.parser]
autoHeadingIDType = "blackfriday"
autoDefinitionTermID = true
[markup.goldmark.parser.attribute]
title = false
[taxonomies]
tag = "tags"
[outputFormats.LLMS]
baseName = "llms"
`, func(t *testing.T, c Config) {
			if !c.Hugo || c.ContentDir != "content/en" || c.AutoIDType != "blackfriday" || !c.AttributeTitleOff || !c.AutoDefinitionTermID {
				t.Errorf("got %+v", c)
			}
			if !slices.Equal(c.Themes, []string{"docsy", "extra"}) || !slices.Equal(c.Taxonomies, []string{"tags"}) || !slices.Equal(c.OutputBaseNames, []string{"llms"}) {
				t.Errorf("got %+v", c)
			}
			if len(c.Languages) != 1 || c.Languages[0] != (Language{Key: "fr", ContentDir: "content/fr"}) {
				t.Errorf("languages %+v", c.Languages)
			}
			if len(c.Mounts) != 1 || c.Mounts[0].Source != "../README.md" {
				t.Errorf("mounts %+v", c.Mounts)
			}
		}},
		{"docs/config/_default/module.yaml", "mounts:\n  - source: content/en\n    target: content\n    sites: &s {matrix: {languages: [en]}}\n  - {source: x, target: content/x, sites: *s}\n",
			func(t *testing.T, c Config) {
				if c.Section != "module" || len(c.Mounts) != 2 || !slices.Equal(c.Mounts[1].Languages, []string{"en"}) {
					t.Errorf("got %+v", c)
				}
			}},
		{"exampleSite/config/_default/languages.ja.toml", "languageName = \"日本語\"\nweight = 2\n[params]\nx = 1\n",
			func(t *testing.T, c Config) {
				if !c.Hugo || c.Section != "languages" || len(c.Languages) != 1 || c.Languages[0] != (Language{Key: "ja"}) {
					t.Errorf("languages.ja.toml holds the language ja: %+v", c)
				}
			}},
		{"config/_default/hugo.json", `{"markup": {"goldmark": {"parser": {"autoIDType": "github-ascii"}}}}`,
			func(t *testing.T, c Config) {
				if c.AutoIDType != "github-ascii" {
					t.Errorf("got %+v", c)
				}
			}},
		{".github/ISSUE_TEMPLATE/config.yml", "blank_issues_enabled: false\n", func(t *testing.T, c Config) {
			if c.Hugo {
				t.Errorf("another tool's config.yml read as Hugo's: %+v", c)
			}
		}},
		{"config.yaml", "a: [unclosed\n", func(t *testing.T, c Config) {
			if c.Hugo || len(c.Issues) != 0 {
				t.Errorf("an invalid config.yaml is assumed another tool's: %+v", c)
			}
		}},
		{"hugo.toml", "a = [\n", func(t *testing.T, c Config) {
			if len(c.Issues) != 1 || c.Issues[0].Line == 0 {
				t.Errorf("want one issue with a line: %+v", c.Issues)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) { tt.check(t, Parse(tt.path, []byte(tt.src))) })
	}
}

func TestPaths(t *testing.T) {
	for p, want := range map[string][3]any{
		"hugo.toml":                        {true, ".", false},
		"site/config.toml":                 {true, "site", false},
		"site/config/_default/params.yml":  {true, "site", false},
		"site/config/production/hugo.toml": {true, "site/config/production", true},
		"site/config/_default/notes.txt":   {false, "site", false},
	} {
		if IsConfig(p) != want[0] || SiteRoot(p) != want[1] || InEnvironmentDir(p) != want[2] {
			t.Errorf("%s: IsConfig %v SiteRoot %q InEnvironmentDir %v, want %v", p, IsConfig(p), SiteRoot(p), InEnvironmentDir(p), want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("hugo.toml", "contentDir = 'c'\n[[module.mounts]]\nsource='a'\ntarget='content'\n")
	f.Add("config/_default/hugo.yaml", "languages: {en: {contentDir: x}}\nmarkup: {goldmark: {parser: {autoIDType: github}}}\n")
	f.Add("hugo.json", `{"theme": ["a"], "module": {"mounts": [{"source": "a", "target": "content"}]}}`)
	f.Add("config/_default/module.yaml", "mounts: &a [*a]\n")
	f.Fuzz(func(t *testing.T, p, src string) {
		c := Parse(p, []byte(src))
		if len(c.Mounts) > maxMounts || len(c.Languages) > maxLanguages || len(c.Themes) > maxThemes {
			t.Fatalf("bounds crossed: %+v", c)
		}
	})
}

// TestLowerIsDeterministic: keys that differ only in case, in a map YAML
// decodes with non-string keys, lower the same way on every run.
func TestLowerIsDeterministic(t *testing.T) {
	for range 50 {
		got := lower(map[any]any{"Foo": 1, "foo": 2, "FOO": 3, 4: "four"}, 0).(map[string]any)
		if got["foo"] != 2 || got["4"] != "four" || len(got) != 2 {
			t.Fatalf("lower = %v, want foo: 2 (the last key in sorted order) and 4: four", got)
		}
	}
}
