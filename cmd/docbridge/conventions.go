package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The conventions every command shares (docs/cli.md): where the
// repository is when none is named, which numeric flag values are
// accepted, and what an unknown subcommand does.

// findRepoRoot returns the root of the git work tree that contains start
// (the nearest directory, start or above, holding a .git directory or
// file), and false when start is in none.
func findRepoRoot(start string) (string, bool) {
	dir := filepath.Clean(start)
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// defaultRepoDir is the repository a command reads when none is named:
// the root of the git work tree containing the working directory ("."
// when that is the working directory itself, or when it is in no work
// tree). Starting from a subdirectory says so on stderr, so that nobody
// wonders which directory was read.
func defaultRepoDir(stderr io.Writer) string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	root, ok := findRepoRoot(wd)
	if !ok || root == filepath.Clean(wd) {
		return "."
	}
	fmt.Fprintf(stderr, "docbridge: reading the repository at %s (the git work tree containing the working directory)\n", root)
	return root
}

// repoDirArg is the repository of a command that takes it as its one
// optional positional argument: that argument, else defaultRepoDir.
func repoDirArg(args []string, stderr io.Writer) string {
	if len(args) == 1 {
		return args[0]
	}
	return defaultRepoDir(stderr)
}

// defaultDirFlag fills an unset --dir flag of cmd (its own or inherited)
// with defaultRepoDir, before the command runs.
func defaultDirFlag(cmd *cobra.Command, stderr io.Writer) error {
	f := cmd.Flag("dir")
	if f == nil || f.Changed || f.Value.String() != "" {
		return nil
	}
	return f.Value.Set(defaultRepoDir(stderr))
}

// rangeAnnotation is the flag annotation holding a numeric flag's bounds
// ("min", "max"); flags without one accept 0 to defaultFlagMax.
const rangeAnnotation = "docbridge_range"

// defaultFlagMax bounds every count flag without bounds of its own: far
// above any useful value, low enough to refuse a typo's extra digits.
const defaultFlagMax = 1_000_000_000

// maxStateBytesFlag bounds --max-state-bytes (1 TiB) and maxMineCommits
// --max-commits.
const (
	maxStateBytesFlag = 1 << 40
	maxMineCommits    = 1_000_000
)

// setFlagRange gives the numeric flag name of f the bounds [lo, hi].
func setFlagRange(f *pflag.FlagSet, name string, lo, hi int64) {
	if err := f.SetAnnotation(name, rangeAnnotation, []string{strconv.FormatInt(lo, 10), strconv.FormatInt(hi, 10)}); err != nil {
		panic(err) // a programming error: the flag is not registered
	}
}

// checkFlagRanges refuses a numeric flag of cmd whose value lies outside
// its bounds, naming the flag and the accepted range.
func checkFlagRanges(cmd *cobra.Command) error {
	var bad error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if bad != nil {
			return
		}
		switch f.Value.Type() {
		case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
		default:
			return
		}
		lo, hi := int64(0), int64(defaultFlagMax)
		if r := f.Annotations[rangeAnnotation]; len(r) == 2 {
			lo, _ = strconv.ParseInt(r[0], 10, 64)
			hi, _ = strconv.ParseInt(r[1], 10, 64)
		}
		v, err := strconv.ParseFloat(f.Value.String(), 64)
		if err != nil || math.IsNaN(v) || v < float64(lo) || v > float64(hi) {
			bad = fmt.Errorf("--%s %s: use %d to %d", f.Name, f.Value.String(), lo, hi)
		}
	})
	return bad
}

// hintAnnotation is a numeric flag's annotation saying what to give in
// place of a value that is not a number ("a count such as 10, or 0 for no
// limit"); flags without one are told their range.
const hintAnnotation = "docbridge_hint"

// setFlagHint gives the numeric flag name of f the hint of hintAnnotation.
func setFlagHint(f *pflag.FlagSet, name, hint string) {
	if err := f.SetAnnotation(name, hintAnnotation, []string{hint}); err != nil {
		panic(err) // a programming error: the flag is not registered
	}
}

// flagError is every command's flag error function: a value the flag
// cannot parse, which pflag reports as `invalid argument "abc" for
// "--max-per-code" flag: strconv.ParseInt: parsing "abc": invalid syntax`,
// becomes one line naming the flag and the value and saying what to give.
// Other flag errors (an unknown flag, a missing value) pass unchanged.
func flagError(_ *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) || bad.GetFlag() == nil {
		return err
	}
	f, v := bad.GetFlag(), bad.GetValue()
	switch f.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
		what := "a number"
		if _, err := strconv.ParseFloat(v, 64); err == nil {
			what = "a whole number" // 1.5 to an int flag
		}
		return fmt.Errorf("--%s: %q is not %s; give %s", f.Name, v, what, numberHint(f))
	case "bool":
		return fmt.Errorf("--%s: %q is not true or false; give --%s or --%s=false", f.Name, v, f.Name, f.Name)
	}
	if cause := bad.Unwrap(); cause != nil {
		return fmt.Errorf("--%s: %w", f.Name, cause)
	}
	return err
}

// numberHint says what a numeric flag accepts: its hintAnnotation, else
// its range.
func numberHint(f *pflag.Flag) string {
	if h := f.Annotations[hintAnnotation]; len(h) == 1 {
		return h[0]
	}
	lo, hi := int64(0), int64(defaultFlagMax)
	if r := f.Annotations[rangeAnnotation]; len(r) == 2 {
		lo, _ = strconv.ParseInt(r[0], 10, 64)
		hi, _ = strconv.ParseInt(r[1], 10, 64)
	}
	what := "a whole number"
	if strings.HasPrefix(f.Value.Type(), "float") {
		what = "a number"
	}
	return fmt.Sprintf("%s from %d to %d", what, lo, hi)
}

// guardCommandGroups makes every command that only groups subcommands
// (bench, docs) refuse an unknown subcommand as the root does — an error,
// exit 2 — instead of printing its help and succeeding; with no argument
// it still prints its help.
func guardCommandGroups(root *cobra.Command) {
	for _, c := range root.Commands() {
		guardCommandGroups(c)
		if !c.HasSubCommands() || c.Runnable() {
			continue
		}
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
			if cmd.SuggestionsMinimumDistance <= 0 {
				cmd.SuggestionsMinimumDistance = 2 // cobra's own default
			}
			if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
				msg += "; did you mean " + strings.Join(s, " or ") + "?"
			}
			return fmt.Errorf("%s (see '%s --help')", msg, cmd.CommandPath())
		}
	}
}

// queryNotDir refuses a query of several words whose first word is an
// existing directory while --dir is unset: "docbridge search hugo menus"
// most likely means the repository in hugo, which --dir names, not the
// words "hugo menus" in the working directory's repository. One quoted
// argument is always a query.
func queryNotDir(cmd *cobra.Command, args []string) error {
	if len(args) < 2 {
		return nil
	}
	if f := cmd.Flag("dir"); f == nil || f.Changed {
		return nil
	}
	if fi, err := os.Stat(args[0]); err != nil || !fi.IsDir() {
		return nil
	}
	rest := strings.Join(args[1:], " ")
	return fmt.Errorf("%q is a directory: to search the repository in it, run %s --dir %s %s; to search for the words, quote them: %s %q",
		args[0], cmd.CommandPath(), args[0], rest, cmd.CommandPath(), strings.Join(args, " "))
}

// outError is the error of writing the file an output flag (--out) names:
// the flag, the file and the cause, and what to do when the directory is
// the cause — the file is written beside its name and renamed into place,
// so its directory must exist and be writable.
func outError(flag, path string, err error) error {
	cause := err
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		cause = pe.Err
	}
	dir := filepath.Dir(path)
	switch {
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s %s: %v: cannot create a file in %s; give a path in a writable directory, or - for stdout", flag, path, cause, dir)
	case errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("%s %s: %s is not a directory; give a path in a directory, or - for stdout", flag, path, dir)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %s: the directory %s does not exist; create it first, or give - for stdout", flag, path, dir)
	}
	return fmt.Errorf("%s %s: %v", flag, path, cause)
}

// formatValue is --format text|json over a command's JSON switch: the one
// output flag of every command (check and graph have more formats and
// their own list), with --json kept as its alias, as gh and golangci-lint
// spell it.
type formatValue struct{ asJSON *bool }

func (v formatValue) String() string {
	if v.asJSON != nil && *v.asJSON {
		return "json"
	}
	return "text"
}

func (v formatValue) Set(s string) error {
	switch s {
	case "text":
		*v.asJSON = false
	case "json":
		*v.asJSON = true
	default:
		return fmt.Errorf("%q: use text or json", s)
	}
	return nil
}

func (v formatValue) Type() string { return "format" }

// addFormatFlags registers --format text|json and its alias --json, both
// setting asJSON; what names the output ("the report").
func addFormatFlags(f *pflag.FlagSet, asJSON *bool, what string) {
	f.Var(formatValue{asJSON}, "format", "output `FORMAT` of "+what+": text or json")
	f.BoolVar(asJSON, "json", false, "print "+what+" as JSON (the alias of --format json)")
}

// stdioName is the file name that means standard output to a flag that
// writes (--out) and standard input to one that reads (--changed-files).
const stdioName = "-"

// isStdout reports whether an output flag's value means standard output:
// unset, or "-".
func isStdout(path string) bool { return path == "" || path == stdioName }
