package walk

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// runGit runs git in dir with no user or system configuration, so the
// answer does not depend on the machine.
func runGit(t *testing.T, gitBin, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(gitBin, append([]string{"-c", "core.excludesFile=/dev/null"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %v: %v", args, err)
	}
	return out
}

// gitUntracked lists what git would add in dir: untracked, not ignored.
func gitUntracked(t *testing.T, gitBin, dir string) []string {
	t.Helper()
	var got []string
	for _, p := range bytes.Split(runGit(t, gitBin, dir, "ls-files", "--others", "--exclude-standard", "-z"), []byte{0}) {
		if len(p) > 0 {
			got = append(got, string(p))
		}
	}
	slices.Sort(got)
	return got
}

// ignoreVocabulary are the pattern shapes the randomized comparison draws
// from: names, globs, negations, directory-only, anchored, "**".
var ignoreVocabulary = []string{
	"a", "b", "c.md", "*.md", "*.txt", "!*.md", "!c.md", "a/", "!a/", "/b", "!/b",
	"b/*", "!b/*", "a/c.md", "!a/c.md", "**/c", "a/**", "!a/**", "**/b/*.md", "*", "!*/",
	"a/**/c.md", "!a/**/c.md", "/a/b/", "b/c/", "!b/c.md", "**/a", "c/**/*.txt",
	"**/b/**", "a/*/c", "!**/c/", "*/", "c*", "[ab]", "?.md", "!**", "b/**/", "/*/*.txt",
	"**/b/**/c.md", "!a/**/b/**", "**/a/**/a", "/**/c/", "!**/b/*",
}

// TestWalkAgreesWithGitRandom builds random trees with random .gitignore
// files and compares the walk with git's own listing.
func TestWalkAgreesWithGitRandom(t *testing.T) {
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	names := []string{"a", "b", "c", "c.md", "d.txt"}
	seeds := uint64(60)
	if testing.Short() {
		seeds = 20
	}
	for seed := range seeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel() // each seed has its own tree and its own git
			rng := rand.New(rand.NewPCG(seed, 7))
			root := t.TempDir()
			runGit(t, gitBin, root, "init", "-q")
			var spec strings.Builder
			dirs := []string{"."}
			for range 40 {
				// A random path of depth 1-4 over a small alphabet, so paths collide
				// with patterns often; names that are already dirs stay dirs.
				p := dirs[rng.IntN(len(dirs))]
				for range 1 + rng.IntN(3) {
					p = join(p, names[rng.IntN(len(names))])
				}
				full := filepath.Join(root, filepath.FromSlash(p))
				if _, err := os.Stat(full); err == nil {
					continue
				}
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					continue // a prefix is a file
				}
				if err := os.WriteFile(full, nil, 0o644); err != nil {
					t.Fatal(err)
				}
				if d := filepath.ToSlash(filepath.Dir(p)); !slices.Contains(dirs, d) {
					dirs = append(dirs, d)
				}
			}
			for _, d := range dirs {
				if rng.IntN(2) == 0 {
					continue
				}
				var lines []string
				for range 1 + rng.IntN(4) {
					lines = append(lines, ignoreVocabulary[rng.IntN(len(ignoreVocabulary))])
				}
				content := strings.Join(lines, "\n") + "\n"
				fmt.Fprintf(&spec, "%s/.gitignore: %q\n", d, content)
				testtree.File(t, filepath.Join(root, filepath.FromSlash(d), ".gitignore"), content)
			}
			want := gitUntracked(t, gitBin, root)
			res, err := Walk(context.Background(), root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := paths(res.Files); !slices.Equal(got, want) {
				t.Errorf("walk and git differ\n%s only walk: %q\n only git: %q", spec.String(), minus(got, want), minus(want, got))
			}
		})
	}
}

// minus returns the elements of a not in b.
func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
