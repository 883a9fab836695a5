package config

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(c *Config)
		want   []string
	}{
		{"defaults", func(*Config) {}, nil},
		{"full", func(c *Config) { *c = *fullConfig() }, nil},
		{"version", func(c *Config) { c.Version = 0 }, []string{"version: unsupported version 0 (the only version is 1)"}},
		{"project", func(c *Config) {
			c.Project.Repository = "https://github.com/acme/widget"
			c.Project.DefaultBranch = "refs/heads/main"
			c.Project.Branches = []string{"release/2.x", "", "a..b", "feature/"}
		}, []string{
			`project.branches.1: empty string`,
			`project.branches.2: branch "a..b" is not a branch name (write main, not refs/heads/main)`,
			`project.branches.3: branch "feature/" is not a branch name (write main, not refs/heads/main)`,
			`project.defaultBranch: branch "refs/heads/main" is not a branch name (write main, not refs/heads/main)`,
			`project.repository: repository "https://github.com/acme/widget" is not owner/name or host/owner/name`,
		}},
		{"project accepted", func(c *Config) {
			c.Project.Repository, c.Project.DefaultBranch, c.Project.Branches = "ghe.example.com/acme/widget", "trunk", []string{"release/2.x"}
		}, nil},
		{"ranges", func(c *Config) {
			c.Scan.MaxFileBytes, c.Scan.MaxFiles, c.Analysis.Derive.Depth = maxMaxFileBytes+1, 0, 9
		}, []string{
			"analysis.derive.depth: must be between 1 and 4, got 9",
			"scan.maxFileBytes: must be between 1 and 67108864, got 67108865",
			"scan.maxFiles: must be between 1 and 1000000, got 0",
		}},
		{"areas", func(c *Config) {
			c.Analysis.Areas = []Area{{Path: "a"}, {Path: "a"}, {Path: "../b"}}
		}, []string{
			`analysis.areas.1.path: duplicate area "a" (first at analysis.areas.0)`,
			`analysis.areas.2.path: "../b" must not contain ".."`,
		}},
		{"sites", func(c *Config) {
			c.Sites = []Site{
				{Root: "docs", Generator: "sphinx"},
				{Root: "..", Generator: GeneratorMkDocs, Slugify: "slugify", DocsDir: "/d"},
				{Root: "blog", Generator: GeneratorJekyll, BaseURL: "http://x/y", Src: "s"},
				{Root: "web", Generator: GeneratorNone, HeadingIDs: "github", SrcDir: "src"},
				{Root: "book", Generator: GeneratorMdBook, Src: "src"},
			}
		}, []string{
			`sites.0.generator: "sphinx" is not one of hugo, mkdocs, mdbook, jekyll, vitepress, docusaurus, astro, none`,
			`sites.1.docsDir: "/d" must be relative to the repository root`,
			`sites.1.root: ".." must not contain ".."`,
			`sites.1.slugify: "slugify" is not one of ` + strings.Join(MkDocsSlugify, ", "),
			`sites.2.baseurl: "http://x/y" must be the path the site is served under ("/project"), not a URL`,
			`sites.2.src: src applies to generator mdbook only, not jekyll`,
			`sites.3.headingIds: headingIds applies to generator hugo only, not none`,
			`sites.3.srcDir: srcDir applies to generators vitepress, astro only, not none`,
		}},
		{"roots and patterns", func(c *Config) {
			c.Analysis.Derive.Roots = []string{"src", "src", "/x"}
			c.Scan.Exclude = []string{""}
			c.Analysis.Derive.Exclude = []string{"a/../b"}
		}, []string{
			`analysis.derive.exclude.0: "a/../b" must not contain ".."`,
			`analysis.derive.roots.1: duplicate root "src" (first at analysis.derive.roots.0)`,
			`analysis.derive.roots.2: "/x" must be relative to the repository root`,
			`scan.exclude.0: must not be empty`,
		}},
		{"bounds", func(c *Config) {
			c.Analysis.Derive.Roots = make([]string, maxRoots+1)
			for i := range c.Analysis.Derive.Roots {
				c.Analysis.Derive.Roots[i] = "r" + strings.Repeat("x", i)
			}
		}, []string{"analysis.derive.roots: too many entries (101, at most 100)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			tt.mutate(c)
			err := c.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Validate() = nil, want %q", tt.want)
			}
			if got := err.Error(); got != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", got, strings.Join(tt.want, "\n"))
			}
		})
	}
}
