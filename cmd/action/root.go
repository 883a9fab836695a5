package main

import (
	"io"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func newRootCommand(stdout, stderr io.Writer) *cobra.Command {
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
		return defaultDirFlag(cmd, stderr)
	}
	guardCommandGroups(root)
	return root
}
