package main

import (
	"io"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is the release this binary is: what the build set with -ldflags
// "-X main.version=…" (the action's image), else the module version the go
// command recorded in the build info (`go install …/cmd/docbridge@v1.2.0`
// records v1.2.0; a build in a git checkout records a pseudo-version of its
// commit), else "dev".
var version = "dev"

func init() { version = resolveVersion(version, debug.ReadBuildInfo) }

// resolveVersion is version's rule: a linker-set value other than "dev"
// wins; then the main module's version from the build info, unless the go
// command had none to record ("(devel)", empty); then "dev".
func resolveVersion(linked string, buildInfo func() (*debug.BuildInfo, bool)) string {
	if linked != "" && linked != "dev" {
		return linked
	}
	if info, ok := buildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "dev"
}

// factory is what every command's constructor takes, as in cli/cli's
// NewCmdX(f, runF): the streams the commands write to. The constructor of
// a command that runs also takes runF, which receives the options once
// parsed and checked: nil runs the command, a test passes a function that
// keeps them, so that flag parsing is tested without a scan
// (flags_test.go).
type factory struct {
	stdout, stderr io.Writer
}

// newRootCommand is the root command and the profiles its --cpu-profile
// and --mem-profile flags ask for; the caller stops them when the command
// has run, whatever it returned.
func newRootCommand(stdout, stderr io.Writer) (*cobra.Command, *profiles) {
	f := &factory{stdout: stdout, stderr: stderr}
	root, prof := newBareRoot(f)
	root.AddCommand(newScanCommand(f, nil))
	root.AddCommand(newCheckCommand(f, nil))
	root.AddCommand(newFixCommand(f, nil))
	root.AddCommand(newGraphCommand(f, nil))
	root.AddCommand(newActionCommand(f, nil))
	root.AddCommand(newSearchCommand(f, nil))
	root.AddCommand(newLookupCommand(f, nil))
	root.AddCommand(newBenchCommand(f))
	root.AddCommand(newDoctorCommand(f, nil))
	root.AddCommand(newMCPCommand(f, nil))
	root.AddCommand(newDocsCommand(f, nil))
	root.AddCommand(newEnrichCommand(f, nil))
	guardCommandGroups(root)
	return root, prof
}

// newBareRoot is the root command without its subcommands: the version,
// the profile flags, and what every command's flags go through — their
// ranges, the messages of bad values, the default directory.
func newBareRoot(f *factory) (*cobra.Command, *profiles) {
	stderr := f.stderr
	prof := &profiles{}
	root := &cobra.Command{
		Use:           "docbridge",
		Short:         "Keep a repository's documentation bridged to its code",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(f.stdout)
	root.SetErr(stderr)
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if err := checkFlagRanges(cmd); err != nil {
			return err
		}
		if err := prof.start(); err != nil {
			return err
		}
		return defaultDirFlag(cmd, stderr)
	}
	prof.addFlags(root.PersistentFlags())
	root.SetFlagErrorFunc(flagError)
	return root, prof
}
