package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// gitTree is a fixture repository with a .git directory and a nested
// subdirectory; README.md links to a page that does not exist.
func gitTree(t *testing.T) (root, sub string) {
	t.Helper()
	root = testtree.New(t, map[string]string{
		"README.md":         "# Demo\n\nSee [the guide](docs/missing.md).\n",
		"docs/inner/one.md": "# One\n",
		".git/HEAD":         "ref: refs/heads/main\n",
	})
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	return root, filepath.Join(root, "docs", "inner")
}

func TestFindRepoRoot(t *testing.T) {
	root, sub := gitTree(t)
	if got, ok := findRepoRoot(sub); !ok || got != root {
		t.Fatalf("findRepoRoot(sub) = %q, %v; want %q", got, ok, root)
	}
	if got, ok := findRepoRoot(root); !ok || got != root {
		t.Fatalf("findRepoRoot(root) = %q, %v; want %q", got, ok, root)
	}
	// A .git file (a worktree or submodule) marks a root as well.
	wt := testtree.New(t, map[string]string{".git": "gitdir: /elsewhere\n", "a/b.md": "# B\n"})
	if got, ok := findRepoRoot(filepath.Join(wt, "a")); !ok || got != filepath.Clean(wt) {
		t.Fatalf("findRepoRoot under a .git file = %q, %v; want %q", got, ok, wt)
	}
}

// TestCommandsFromASubdirectoryReadTheRepositoryRoot: with no directory
// named, a command run inside a subdirectory of a git work tree reads the
// whole work tree and says so; from the root it says nothing; a directory
// named explicitly is read as named.
func TestCommandsFromASubdirectoryReadTheRepositoryRoot(t *testing.T) {
	root, sub := gitTree(t)
	t.Chdir(sub)
	code, out, errOut := runCLI(t, "check", "--fail-on", "none")
	if code != 0 || !strings.Contains(out, "docs/missing.md") {
		t.Fatalf("check from a subdirectory: exit %d, want the root's broken link\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "reading the repository at "+root) {
		t.Fatalf("no note of the directory read: %q", errOut)
	}
	// --dir commands follow the same rule.
	code, out, errOut = runCLI(t, "search", "--json", "guide")
	if code != 0 || !strings.Contains(out, "README.md") || !strings.Contains(errOut, "reading the repository at "+root) {
		t.Fatalf("search from a subdirectory: exit %d\n%s\n%s", code, out, errOut)
	}
	// Named explicitly, the subdirectory alone is read.
	code, out, errOut = runCLI(t, "check", "--fail-on", "none", ".")
	if code != 0 || strings.Contains(out, "docs/missing.md") || strings.Contains(errOut, "reading the repository") {
		t.Fatalf("check .: exit %d\n%s\n%s", code, out, errOut)
	}

	t.Chdir(root)
	if _, _, errOut := runCLI(t, "check", "--fail-on", "none"); strings.Contains(errOut, "reading the repository") {
		t.Fatalf("a note at the root itself: %q", errOut)
	}
}

func TestUnknownSubcommandExitsTwo(t *testing.T) {
	for _, args := range [][]string{{"nope"}, {"bench", "nope"}, {"docs", "serch"}} {
		code, _, errOut := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, `unknown command "`+args[len(args)-1]+`"`) {
			t.Errorf("%v: exit %d, %q; want 2 and an unknown-command message", args, code, errOut)
		}
	}
	if code, _, errOut := runCLI(t, "docs", "serch"); !strings.Contains(errOut, "did you mean search") {
		t.Errorf("no suggestion: exit %d, %q", code, errOut)
	}
	// A group alone still shows its help.
	if code, out, _ := runCLI(t, "bench"); code != 0 || !strings.Contains(out, "retrieval") {
		t.Errorf("bench alone: exit %d\n%s", code, out)
	}
}

// TestNumericFlagsAreRangeChecked: every numeric flag of every command
// refuses a value outside its bounds, naming the flag — checked on the
// whole command tree, so that a new flag cannot escape.
func TestNumericFlagsAreRangeChecked(t *testing.T) {
	root, _ := newRootCommand(&bytes.Buffer{}, &bytes.Buffer{})
	var seen int
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			switch f.Value.Type() {
			case "int", "int64", "float64":
			default:
				return
			}
			seen++
			if r := f.Annotations[rangeAnnotation]; len(r) == 2 && r[0] == "-9223372036854775808" && r[1] == "9223372036854775807" {
				return // any value (a seed)
			}
			for _, v := range []string{"-1", "2000000000000000"} {
				fresh, _ := newRootCommand(&bytes.Buffer{}, &bytes.Buffer{})
				cmd, _, err := fresh.Find(strings.Fields(c.CommandPath())[1:])
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Flags().Set(f.Name, v); err != nil {
					t.Fatal(err)
				}
				if err := checkFlagRanges(cmd); err == nil || !strings.HasPrefix(err.Error(), "--"+f.Name+" "+v+": use ") {
					t.Errorf("%s --%s %s: %v, want a refusal naming the flag", c.CommandPath(), f.Name, v, err)
				}
			}
			if err := checkFlagRanges(c); err != nil {
				t.Errorf("%s: the default of --%s is refused: %v", c.CommandPath(), f.Name, err)
			}
		})
	}
	walk(root)
	if seen < 15 {
		t.Fatalf("only %d numeric flags seen", seen)
	}

	// Through the CLI: exit 2, the flag named.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--max-per-code", "-1", "."}, "--max-per-code -1: use 0 to "},
		{[]string{"search", "--limit", "5000", "x"}, "--limit 5000: use 1 to 100"},
		{[]string{"docs", "search", "--limit", "101", "x"}, "--limit 101: use 1 to 100"},
		{[]string{"lookup", "--budget", "-3", "x"}, "--budget -3: use 0 to "},
		{[]string{"scan", "--max-state-bytes", "-1", "."}, "--max-state-bytes -1: use 0 to "},
		{[]string{"bench", "drift", "--max-commits", "0"}, "--max-commits 0: use 1 to "},
	} {
		args := c.args
		code, _, errOut := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// TestSearchRefusesADirectoryAsQuery: "docbridge search hugo menus" with
// a directory hugo asks for --dir instead of searching the working
// directory for "hugo menus"; --dir and a quoted query are accepted.
func TestSearchRefusesADirectoryAsQuery(t *testing.T) {
	repo := testtree.New(t, map[string]string{"hugo/README.md": "# Menus\n\nHow menus work.\n"})
	t.Chdir(repo)
	code, _, errOut := runCLI(t, "search", "hugo", "menus")
	if code != 2 || !strings.Contains(errOut, `"hugo" is a directory`) || !strings.Contains(errOut, "--dir hugo menus") {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	if code, out, errOut := runCLI(t, "search", "--dir", "hugo", "menus"); code != 0 || !strings.Contains(out, "README.md") {
		t.Fatalf("--dir hugo: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, "search", "hugo menus"); code != 0 {
		t.Fatalf("a quoted query: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "search", "hugo"); code != 0 {
		t.Fatalf("one word: exit %d, %s", code, errOut)
	}
}

// TestCancelledContextExits130: a command run under a cancelled context
// (main's signal.NotifyContext after SIGINT) stops with exit 130.
func TestCancelledContextExits130(t *testing.T) {
	dir := testtree.New(t, map[string]string{"README.md": "# Demo\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	if code := runContext(ctx, []string{"check", dir}, &out, &errOut); code != exitInterrupted || !strings.Contains(errOut.String(), "interrupted") {
		t.Fatalf("exit %d, %q; want %d", code, errOut.String(), exitInterrupted)
	}
	if code := runContext(context.Background(), []string{"check", dir}, &out, &errOut); code != 0 {
		t.Fatalf("uncancelled: exit %d", code)
	}
}

// TestDecodeErrorsArePlain: a JSON file of the wrong shape is refused with
// the file, where and what was expected — never Go's type names.
func TestDecodeErrorsArePlain(t *testing.T) {
	dir := testtree.New(t, map[string]string{"README.md": "# Demo\n"})
	for _, tc := range []struct{ name, data, want string }{
		{"array.json", "[1, 2]", "array.json: decode snapshot: the top level: expected an object, got a list"},
		{"field.json", `{"type": "docbridge.snapshot", "schemaVersion": "one"}`, `field.json: decode snapshot: "schemaVersion": expected a whole number, got a string`},
	} {
		base := filepath.Join(t.TempDir(), tc.name)
		testtree.File(t, base, tc.data)
		code, _, errOut := runCLI(t, "check", "--base", base, dir)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", tc.name, code, errOut, tc.want)
		}
		for _, internal := range []string{"Go value", "Go struct", "interface {}", "json: cannot"} {
			if strings.Contains(errOut, internal) {
				t.Errorf("%s: %q shows Go internals", tc.name, errOut)
			}
		}
	}
}
