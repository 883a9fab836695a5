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
		{"ranges", func(c *Config) {
			c.Scan.MaxFileBytes, c.Scan.MaxFiles, c.Analysis.Derive.Depth = MaxMaxFileBytes+1, 0, 9
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
			c.Analysis.Derive.Roots = make([]string, MaxRoots+1)
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
