package main

import (
	"errors"
	"os"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/enrich/run"
)

// actionOptions are the action command's flags: the run's options and
// the file of changed files a dry run reads them from.
type actionOptions struct {
	actionrun.Options
	changedFiles string
}

func newActionCommand(fac *factory, runF func(*actionOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := actionOptions{Options: actionrun.Options{Version: version, Enrich: run.Stage{}}}
	cmd := &cobra.Command{
		Use:   "action",
		Short: "Run as the GitHub Action (the container's entry point)",
		Long: `Action is the GitHub Action's entry point. It reads the runner's environment
(GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, INPUT_* …) and acts on the event: a push
to the default branch or a workflow_dispatch scans and saves the state for later
runs; a pull request (opened, synchronize, reopened) is checked against its base
branch's state and the results are posted; a schedule (or a workflow_dispatch
with mode enrich) enriches the default branch and updates the enrichment pull
request; a new pull-request comment's /approve and /reject lines are decided
and committed; other events end with a notice.

With --dry-run nothing leaves the machine: the event comes from --event-name and
--event (or the environment), the cache is not used and what would be posted is
printed. Outputs and the job summary go to GITHUB_OUTPUT and
GITHUB_STEP_SUMMARY when those are set, to stdout otherwise.

Exit status: 0 when no judged finding is at or above the fail-on input, 1 when
one is, 2 on bad input (inputs, payload, configuration).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.changedFiles != "" {
				if !o.DryRun {
					return errors.New("--changed-files needs --dry-run (on GitHub the changed files come from the API)")
				}
				list, err := readChangedFiles(o.changedFiles)
				if err != nil {
					return err
				}
				o.ChangedFiles = list
			}
			if runF != nil {
				return runF(&o)
			}
			setMemoryLimit(stdout)
			return actionrun.Run(cmd.Context(), stdout, stderr, o.Options, os.Getenv)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.DryRun, "dry-run", false, "print what would be posted and saved instead of calling GitHub")
	f.StringVar(&o.EventName, "event-name", "", "the event `NAME` (default: $GITHUB_EVENT_NAME)")
	f.StringVar(&o.EventPath, "event", "", "the event payload `FILE` (default: $GITHUB_EVENT_PATH)")
	f.StringVar(&o.CacheDir, "cache-dir", "", "keep scan states in `DIR` instead of the Actions cache (also in a dry run)")
	f.StringVar(&o.changedFiles, "changed-files", "", "with --dry-run, the pull request's changed files, one path per line, from `FILE`")
	f.Var(&o.FailOn, "fail-on", "replace the fail-on input with `LEVEL`: error, warn, info or none")
	f.Var(&o.Filter, "filter", "replace the filter input with `FILTER`: new, changed-files or all")
	f.Var(&o.Mode, "mode", "replace the mode input with `MODE`: auto, scan or enrich")
	return cmd
}
