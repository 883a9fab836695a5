package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/gitrepo"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
)

// scanOptions are the scan command's flags and directory.
type scanOptions struct {
	dir           string
	asJSON        bool
	out           string
	configPath    string
	stateDir      string
	maxStateBytes int64
}

func newScanCommand(fac *factory, runF func(*scanOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := scanOptions{}
	cmd := &cobra.Command{
		Use:   "scan [dir]",
		Short: "Scan a repository into a knowledge-graph snapshot",
		Long: `Scan walks the repository (honouring .gitignore), extracts every document and
source module, resolves links, mentions, imports and declarations, and prints a
summary — or, with --json or --out, the snapshot as canonical JSON.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dir = repoDirArg(args, stderr)
			if runF != nil {
				return runF(&o)
			}
			dir, asJSON, out := o.dir, o.asJSON, o.out
			cfg, err := pipeline.LoadConfig(dir, o.configPath, os.Getenv)
			if err != nil {
				return err
			}
			var progress *terminalProgress
			if !asJSON {
				progress = newTerminalProgress(stderr)
			}
			revision := gitrepo.WorkTree{}.Revision(cmd.Context(), dir)
			res, warnings, err := pipeline.ScanWithState(cmd.Context(), dir, cfg, o.stateDir, o.maxStateBytes, progress.progressFunc(), revision)
			progress.end()
			if err != nil {
				return err
			}
			printWarnings(stderr, warnings)
			snap, st := res.Snapshot, res.Stats
			if out == "" && !asJSON {
				printSummary(stdout, snap, st)
				return nil
			}
			data, err := snapshot.Marshal(snap)
			if err != nil {
				return err
			}
			if isStdout(out) {
				if out == stdioName {
					printSummary(stderr, snap, st) // as with --out FILE
				}
				_, err = stdout.Write(data)
				return err
			}
			if err := atomicfile.Write(out, data); err != nil {
				return outError("--out", out, err)
			}
			printSummary(stderr, snap, st)
			fmt.Fprintf(stderr, "snapshot written to %s\n", out)
			return nil
		},
	}
	addFormatFlags(cmd.Flags(), &o.asJSON, "the snapshot")
	cmd.Flags().StringVar(&o.out, "out", "", "write the snapshot to `FILE` (- for stdout; the summary goes to stderr)")
	cmd.Flags().StringVar(&o.configPath, "config", "", "configuration `FILE` (default: docbridge.yaml in dir, when present)")
	cmd.Flags().StringVar(&o.stateDir, "state", "", "read the previous scan's state from `DIR` and write this scan's there (incremental scans)")
	cmd.Flags().Int64Var(&o.maxStateBytes, "max-state-bytes", state.DefaultMaxBytes, "neither read nor write a state larger than `N` bytes")
	setFlagRange(cmd.Flags(), "max-state-bytes", 0, maxStateBytesFlag)
	return cmd
}

// maxSummaryNotes bounds the coverage notes the human summary lists.
const maxSummaryNotes = 40

func printSummary(w io.Writer, s *snapshot.Snapshot, st *scan.Stats) {
	fmt.Fprintf(w, "docbridge scan: %s (content hash %s)\n\n", s.Project.Name, s.ContentHash)
	printCounts(w, "Entities", countBy(len(s.Entities), func(i int) string { return s.Entities[i].Kind }))
	printCounts(w, "Relations", countBy(len(s.Relations), func(i int) string { return s.Relations[i].Kind }))

	var notes []snapshot.Coverage
	for _, c := range s.Coverage {
		if c.Status != snapshot.StatusComplete && c.Status != snapshot.StatusNotApplicable {
			notes = append(notes, c)
		}
	}
	fmt.Fprintf(w, "Coverage: %d notes\n", len(notes))
	for i, c := range notes {
		if i == maxSummaryNotes {
			fmt.Fprintf(w, "  … and %d more (see the coverage list in --json)\n", len(notes)-maxSummaryNotes)
			break
		}
		loc := c.Scope
		if c.Line > 0 {
			loc = fmt.Sprintf("%s:%d", c.Scope, c.Line)
		}
		code := ""
		if c.Code != "" {
			code = c.Code + " "
		}
		fmt.Fprintf(w, "  %-12s %-12s %s: %s%s\n", c.Analyzer, c.Status, loc, code, c.Reason)
	}
	secs := st.Total.Seconds()
	if secs <= 0 {
		secs = 1e-9
	}
	fmt.Fprintf(w, "\nScanned %d files (%.1f MB; %d parsed, %d reused) in %s with %d workers: %.0f files/s, %.1f MB/s (walk %s, read and extract %s, resolve %s, canonical form and hash %s)\n",
		st.Files, float64(st.Bytes)/1e6, st.Parsed, st.Reused, st.Total.Round(1e6), st.Workers, float64(st.Files)/secs, float64(st.Bytes)/1e6/secs,
		st.Walk.Round(1e6), st.Extract.Round(1e6), st.Resolve.Round(1e6), st.Canonical.Round(1e6))
}

func countBy(n int, key func(int) string) map[string]int {
	m := map[string]int{}
	for i := 0; i < n; i++ {
		m[key(i)]++
	}
	return m
}

func printCounts(w io.Writer, title string, m map[string]int) {
	keys := make([]string, 0, len(m))
	total := 0
	for k, v := range m {
		keys = append(keys, k)
		total += v
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	if total == 0 {
		fmt.Fprintf(w, "%s: 0\n", title)
		return
	}
	fmt.Fprintf(w, "%s: %d (%s)\n", title, total, strings.Join(parts, ", "))
}
