package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/state"
)

var graphFormats = []string{"text", "mermaid", "dot"}

func newGraphCommand(stdout, stderr io.Writer) *cobra.Command {
	var (
		format, configPath, stateDir string
		top                          int
		maxStateBytes                int64
	)
	cmd := &cobra.Command{
		Use:   "graph [dir]",
		Short: "Show the import graph's cycles, central modules and area suggestions",
		Long: `Graph scans the repository and prints its graph signals: import cycles with
the import lines that make them, the most central modules (normalized
betweenness) and Louvain area suggestions — as text, a Mermaid flowchart or
Graphviz DOT.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			if !slices.Contains(graphFormats, format) {
				return fmt.Errorf("--format %q: use text, mermaid or dot", format)
			}
			if top < 1 || top > report.MaxTopCentral {
				return fmt.Errorf("--top %d: use 1 to %d", top, report.MaxTopCentral)
			}
			cfg, err := loadConfig(dir, configPath)
			if err != nil {
				return err
			}
			res, err := scanWithState(cmd.Context(), stderr, dir, cfg, stateDir, maxStateBytes)
			if err != nil {
				return err
			}
			sig := graph.Compute(res.Snapshot, graph.Options{})
			opts := report.GraphOptions{TopCentral: top}
			switch format {
			case "mermaid":
				return report.WriteGraphMermaid(stdout, sig, opts)
			case "dot":
				return report.WriteGraphDOT(stdout, sig, opts)
			}
			return report.WriteGraphText(stdout, sig, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "text", "output `FORMAT`: text, mermaid or dot")
	f.IntVar(&top, "top", report.DefaultTopCentral, "show the `N` most central modules")
	f.StringVar(&configPath, "config", "", "configuration `FILE` (default: docbridge.yaml in dir, when present)")
	f.StringVar(&stateDir, "state", "", "reuse and update the scan state in `DIR` (incremental scans)")
	f.Int64Var(&maxStateBytes, "max-state-bytes", state.DefaultMaxBytes, "neither read nor write a state larger than `N` bytes")
	cmd.SetContext(context.Background())
	return cmd
}
