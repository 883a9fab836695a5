package walk

import (
	"context"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

func fixtures(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "ignore", "*.txtar"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	return names
}

// TestIgnoreFixtures checks the walk against each fixture's expected list.
func TestIgnoreFixtures(t *testing.T) {
	for _, name := range fixtures(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			fx := readFixture(t, name)
			root := t.TempDir()
			fx.write(t, root)
			res, err := Walk(context.Background(), root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := slices.Sorted(slices.Values(fx.want))
			if got := paths(res.Files); !slices.Equal(got, want) {
				t.Errorf("files\n got %q\nwant %q", got, want)
			}
			if len(res.Notes) != 0 {
				t.Errorf("unexpected notes %+v", res.Notes)
			}
		})
	}
}

// TestIgnoreFixturesAgreeWithGit proves the fixtures' expectations are git's
// own: git lists the untracked, not-ignored files of the same tree.
func TestIgnoreFixturesAgreeWithGit(t *testing.T) {
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	for _, name := range fixtures(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			fx := readFixture(t, name)
			root := t.TempDir()
			runGit(t, gitBin, root, "init", "-q")
			fx.write(t, root) // after init, so the fixture's .git/info/exclude wins
			got := gitUntracked(t, gitBin, root)
			want := slices.Sorted(slices.Values(fx.want))
			if !slices.Equal(got, want) {
				t.Errorf("git lists\n %q\nfixture wants\n %q", got, want)
			}
		})
	}
}

func TestExactPattern(t *testing.T) {
	tests := []struct {
		name   string
		line   string
		domain string // directory of the .gitignore, "" for the root
		path   string
		isDir  bool
		want   gitignore.MatchResult
	}{
		{"simple matches basename at depth", "*.log", "", "a/b/c.log", false, gitignore.Exclude},
		{"simple ignores parent components", "!*/", "", "src/readme.md", false, gitignore.NoMatch},
		{"simple dir-only matches dir", "!*/", "", "src/sub", true, gitignore.Include},
		{"dir-only skips file", "tmp/", "", "lib/tmp", false, gitignore.NoMatch},
		{"dir-only matches dir at depth", "tmp/", "", "lib/tmp", true, gitignore.Exclude},
		{"anchored matches at its level", "/gen", "", "gen", true, gitignore.Exclude},
		{"anchored not deeper", "/gen", "", "a/gen", true, gitignore.NoMatch},
		{"anchored not a descendant", "!/docs", "", "docs/a.md", false, gitignore.NoMatch},
		{"slash pattern relative to domain", "src/*.go", "app", "app/src/x.go", false, gitignore.Exclude},
		{"slash pattern star stays in segment", "src/*.go", "app", "app/src/d/x.go", false, gitignore.NoMatch},
		{"slash pattern outside domain", "src/*.go", "app", "src/x.go", false, gitignore.NoMatch},
		{"domain itself is not matched", "*", "app", "app", true, gitignore.NoMatch},
		{"trailing ** matches inside", "out/**", "", "out/a/b", false, gitignore.Exclude},
		{"trailing ** not the dir itself", "out/**", "", "out", true, gitignore.NoMatch},
		{"leading ** at root", "**/foo", "", "foo", false, gitignore.Exclude},
		{"leading ** deep", "**/foo", "", "a/b/foo", false, gitignore.Exclude},
		{"leading ** not a child of foo", "**/foo", "", "foo/bar", false, gitignore.NoMatch},
		{"middle ** zero dirs", "a/**/b", "", "a/b", false, gitignore.Exclude},
		{"middle ** many dirs", "a/**/b", "", "a/x/y/b", false, gitignore.Exclude},
		{"middle ** not under b", "a/**/b", "", "a/b/c", false, gitignore.NoMatch},
		{"leading ** takes the last fit", "**/b/*.md", "", "b/b/x.md", false, gitignore.Exclude},
		{"trailing ** with leading **", "**/secret/**", "", "a/secret", true, gitignore.NoMatch},
		{"trailing ** with leading ** inside", "**/secret/**", "", "a/secret/s", false, gitignore.Exclude},
		{"two ** in order", "a/**/b/**/c", "", "a/x/b/y/z/c", false, gitignore.Exclude},
		{"two ** zero dirs", "a/**/b/**/c", "", "a/b/c", false, gitignore.Exclude},
		{"two ** piece missing", "a/**/b/**/c", "", "a/x/c", false, gitignore.NoMatch},
		{"two ** pieces out of order", "a/**/b/**/c", "", "a/c/b", false, gitignore.NoMatch},
		{"repeated **", "**/**/x", "", "x", false, gitignore.Exclude},
		{"root /** matches everything", "/**", "", "a/b", false, gitignore.Exclude},
		{"dir-only trailing ** skips files", "x/**/", "", "x/f", false, gitignore.NoMatch},
		{"dir-only trailing ** takes dirs", "x/**/", "", "x/d", true, gitignore.Exclude},
		{"many ** stay linear", strings.Repeat("**/a/", 12) + "**/b", "", strings.Repeat("a/", 250) + "c", false, gitignore.NoMatch},
		{"many ** match", strings.Repeat("**/a/", 12) + "**/b", "", strings.Repeat("a/", 250) + "b", false, gitignore.Exclude},
		{"escaped hash", `\#x`, "", "#x", false, gitignore.Exclude},
		{"escaped bang is not negation", `\!x`, "", "!x", false, gitignore.Exclude},
		{"negation", "!keep.log", "", "keep.log", false, gitignore.Include},
		{"trailing spaces dropped", "trail   ", "", "trail", false, gitignore.Exclude},
		{"escaped trailing space kept", `sp\ `, "", "sp ", false, gitignore.Exclude},
		{"escaped trailing space not dropped", `sp\ `, "", "sp", false, gitignore.NoMatch},
		{"bad glob matches nothing", "[", "", "[", false, gitignore.NoMatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var domain []string
			if tt.domain != "" {
				domain = strings.Split(tt.domain, "/")
			}
			p, ok := newExactPattern(tt.line, domain)
			if !ok {
				t.Fatalf("%q: no pattern", tt.line)
			}
			if got := p.Match(strings.Split(tt.path, "/"), tt.isDir); got != tt.want {
				t.Errorf("%q on %q (dir %v) = %v, want %v", tt.line, tt.path, tt.isDir, got, tt.want)
			}
		})
	}
}

func TestParseIgnore(t *testing.T) {
	tests := []struct {
		name    string
		data    string
		n       int    // patterns expected
		path    string // a path the last pattern must exclude
		dropped int
	}{
		{"comments and blanks", "# c\n\n   \n!\n/\nx\n", 1, "x", 0},
		{"crlf", "a\r\nb\r\n", 2, "b", 0},
		{"bom", "\xef\xbb\xbfbom\n", 1, "bom", 0},
		{"no final newline", "a\nlast", 2, "last", 0},
		{"bounded", strings.Repeat("p\n", maxIgnorePatterns+3), maxIgnorePatterns, "p", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseIgnore([]byte(tt.data), nil)
			if len(got.patterns) != tt.n || got.dropped != tt.dropped {
				t.Fatalf("patterns %d dropped %d, want %d and %d", len(got.patterns), got.dropped, tt.n, tt.dropped)
			}
			if r := got.patterns[len(got.patterns)-1].Match([]string{tt.path}, false); r != gitignore.Exclude {
				t.Errorf("last pattern on %q = %v, want Exclude", tt.path, r)
			}
		})
	}
}
