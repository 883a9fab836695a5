package main

import (
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/graphview"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/reconcile"
)

var graphFormats = []string{"text", "mermaid", "dot"}

// graphOptions are the graph command's flags and directory.
type graphOptions struct {
	pipeline.Repo
	format      string
	top         int
	typeImports bool
}

func newGraphCommand(fac *factory, runF func(*graphOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := graphOptions{}
	cmd := &cobra.Command{
		Use:   "graph [dir]",
		Short: "Show the import graph's cycles, central modules and area suggestions",
		Long: `Graph scans the repository and prints its graph signals: import cycles with
the import lines that make them, the most central modules (normalized
betweenness) and Louvain area suggestions — as text, a Mermaid flowchart or
Graphviz DOT.

Cycles are those IMPORT_CYCLE reports: runtime imports only, outside the
trees checks.cycles.exclude leaves out. --type-imports counts type-only
imports (import type, TYPE_CHECKING, …) too, so cycles that exist only
through types are listed as well; their type-only edges are marked.

Relations accepted from the enrichment overlay (.docbridge/enrich/overlay.json:
propose-relation entries a person approved) are drawn dashed and listed
under their own heading, never as observed edges.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Dir = repoDirArg(args, stderr)
			o.Repo = withDefaultState(cmd.Flags(), o.Repo)
			if !slices.Contains(graphFormats, o.format) {
				return fmt.Errorf("--format %q: use text, mermaid or dot", o.format)
			}
			if runF != nil {
				return runF(&o)
			}
			repo, err := openRepo(cmd.Context(), stderr, o.Repo)
			if err != nil {
				return err
			}
			sig := repo.Signals
			if o.typeImports {
				gopts := reconcile.SignalOptions(repo.Config, nil)
				gopts.TypeImports = true
				sig = graph.Compute(repo.Scan.Snapshot, gopts)
			}
			// Relations an agent proposed and a person accepted are drawn
			// dashed and listed apart, never as observed edges.
			opts := graphview.Options{TopCentral: o.top, Proposed: graphProposed(readOverlayQuiet(o.Dir, stderr), repo.Scan.Snapshot)}
			switch o.format {
			case "mermaid":
				return graphview.WriteMermaid(stdout, sig, opts)
			case "dot":
				return graphview.WriteDOT(stdout, sig, opts)
			}
			return graphview.WriteText(stdout, sig, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "output `FORMAT`: text, mermaid or dot")
	f.IntVar(&o.top, "top", graphview.DefaultTopCentral, "show the `N` most central modules")
	setFlagRange(f, "top", 1, graphview.MaxTopCentral)
	f.BoolVar(&o.typeImports, "type-imports", false, "count type-only imports in cycles too")
	addReadRepoFlags(f, &o.Repo)
	return cmd
}
