package main

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/mcpserver"
	"github.com/docbridge/docbridge/internal/pipeline"
)

// newMCPCommand is `docbridge mcp`: its flags, and the server
// (internal/mcpserver) on stdin and stdout.
// mcpOptions are the mcp command's flags and directory.
type mcpOptions struct {
	pipeline.Repo
	base string
}

func newMCPCommand(fac *factory, runF func(*mcpOptions) error) *cobra.Command {
	stderr := fac.stderr
	o := mcpOptions{}
	cmd := &cobra.Command{
		Use:   "mcp [dir]",
		Short: "Serve the knowledge graph to coding agents over the Model Context Protocol (stdio)",
		Long: `Mcp answers the client's initialize at once and scans the repository in the
background (incrementally with --state); the first tool call waits for that
scan, with progress notifications when the client asks for them. It keeps the
snapshot, the search index and the findings in memory, and answers Model
Context Protocol tool calls on stdin and stdout: knowledge_search,
knowledge_lookup, docbridge_diagnostics (compared with --base when given),
graph_node, graph_edges, graph_neighbors (with the enrichment overlay's accepted
relations, marked proposed), enrich_pending and docs. Before each call it
checks whether a file the last scan read changed (on Linux from what a watch
of the scanned directories heard, elsewhere from the size and modification
time of every file and directory), and rescans incrementally — reusing the
previous scan's extractions — when one did. The one tool that writes is docs
(verb add), and only under docs/; with --state the scan state is written
there after each scan. See docs/mcp.md.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Dir = repoDirArg(args, stderr)
			if runF != nil {
				return runF(&o)
			}
			srv, err := mcpserver.New(cmd.Context(), stderr, o.Repo, o.base, version)
			if err != nil {
				return err
			}
			defer srv.Close()
			return srv.Serve(cmd.Context(), &mcp.StdioTransport{})
		},
	}
	addRepoFlags(cmd.Flags(), &o.Repo)
	cmd.Flags().StringVar(&o.base, "base", "", "compare the findings with the base `SNAPSHOT` (a snapshot file or a state directory), as check --base does")
	return cmd
}
