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

// newRootCommand is the root command and the profiles its --cpu-profile
// and --mem-profile flags ask for; the caller stops them when the command
// has run, whatever it returned.
func newRootCommand(stdout, stderr io.Writer) (*cobra.Command, *profiles) {
	prof := &profiles{}
	root := &cobra.Command{
		Use:           "docbridge",
		Short:         "Keep a repository's documentation bridged to its code",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(newScanCommand(stdout, stderr))
	root.AddCommand(newCheckCommand(stdout, stderr))
	root.AddCommand(newFixCommand(stdout, stderr))
	root.AddCommand(newGraphCommand(stdout, stderr))
	root.AddCommand(newActionCommand(stdout, stderr))
	root.AddCommand(newSearchCommand(stdout, stderr))
	root.AddCommand(newLookupCommand(stdout, stderr))
	root.AddCommand(newBenchCommand(stdout, stderr))
	root.AddCommand(newDoctorCommand(stdout, stderr))
	root.AddCommand(newMCPCommand(stdout, stderr))
	root.AddCommand(newDocsCommand(stdout, stderr))
	root.AddCommand(newEnrichCommand(stdout, stderr))
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
	guardCommandGroups(root)
	return root, prof
}
