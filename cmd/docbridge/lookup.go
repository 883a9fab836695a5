package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/repoquery"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// lookupOptions are the inputs of one lookup run.
type lookupOptions struct {
	pipeline.Repo
	depth, budget int
	json          bool
	// target is the argument: an id, path, alias or symbol.
	target string
}

func newLookupCommand(fac *factory, runF func(*lookupOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := lookupOptions{}
	cmd := &cobra.Command{
		Use:   "lookup <id|path|alias|symbol>",
		Short: "Show an entity, its neighbours, the documents about it, its findings and evidence",
		Long: `Lookup scans the repository (--dir; by default the root of the git work tree
containing the working directory, else the working directory) and shows one
entity of its knowledge graph: the neighbours within --depth relations,
grouped by relation kind with direction and distance; the documents that cover,
mention or link to it, most canonical first; its open findings; and excerpts of
the lines that are its evidence.

The argument is an entity id (module:internal/scan/scan.go), a path (a file, or
a directory: its package, else its area), an alias or a package name, or an
exported symbol — BaseModel, pkg.Func, httpx.Client, Type.Method — answered with
the module declaring it and the declaration's kind and line. With
--budget the answer is trimmed to about that many tokens (4 characters per
token plus 2 per section): evidenceExcerpts, related, neighbours and summaries
are dropped whole in that order until it fits; the entity and its findings
never are, and "fits: false" says they alone are over.

Exit status: 0 on an answer, 2 on bad input or when the argument names no
entity or more than one (the message lists suggestions or candidates: for a
symbol several modules declare, each declaration with its path and line).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Repo = withDefaultState(cmd.Flags(), o.Repo)
			o.target = args[0]
			if runF != nil {
				return runF(&o)
			}
			res, err := runLookup(cmd.Context(), stderr, o, o.target)
			if err != nil {
				return err
			}
			if o.json {
				return writeJSON(stdout, res, "lookup")
			}
			return writeLookupText(stdout, res, o.depth)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Dir, "dir", "", "the repository `DIR` (default: the root of the git work tree containing the working directory, else the working directory)")
	f.IntVar(&o.depth, "depth", retrieval.DefaultLookupDepth, fmt.Sprintf("list neighbours up to `N` relations away (1 to %d)", retrieval.MaxLookupDepth))
	setFlagRange(f, "depth", 1, retrieval.MaxLookupDepth)
	f.IntVar(&o.budget, "budget", 0, "trim the answer to about `TOKENS` tokens (0: no budget)")
	addFormatFlags(f, &o.json, "the answer")
	addReadRepoFlags(f, &o.Repo)
	return cmd
}

// runLookup is the lookup pipeline: configuration, scan, graph signals,
// reconciliation, lookup with excerpts read from dir, budget.
func runLookup(ctx context.Context, stderr io.Writer, o lookupOptions, target string) (*retrieval.LookupResult, error) {
	repo, err := openRepo(ctx, stderr, o.Repo)
	if err != nil {
		return nil, err
	}
	s, sig := repo.Scan.Snapshot, repo.Signals
	diags := reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: repo.Config})
	return repoquery.Lookup(o.Dir, s, sig, diags, target, o.depth, o.budget)
}

// writeLookupText prints the answer for a reader: the entity, its
// findings, documents, neighbours by relation kind, excerpts, then what was
// cut. File text is printed with control characters replaced.
func writeLookupText(w io.Writer, res *retrieval.LookupResult, depth int) error {
	var b strings.Builder
	e := res.Entity
	fmt.Fprintf(&b, "%s\n  kind: %s  name: %s\n", e.ID, e.Kind, lookupClean(e.Name))
	if e.Path != "" {
		fmt.Fprintf(&b, "  path: %s\n", lookupClean(e.Path))
	}
	if sym := e.Symbol; sym != nil {
		fmt.Fprintf(&b, "  symbol: %s %s", lookupClean(sym.Kind), lookupClean(sym.Name))
		if sym.Line > 0 {
			fmt.Fprintf(&b, " at %s:%d", lookupClean(e.Path), sym.Line)
		}
		if sym.Member != "" {
			fmt.Fprintf(&b, " (its member %s is not recorded)", lookupClean(sym.Member))
		}
		b.WriteByte('\n')
	}
	if len(e.Aliases) > 0 {
		fmt.Fprintf(&b, "  aliases: %s\n", lookupClean(strings.Join(e.Aliases, ", ")))
	}
	if s := res.Summaries[e.ID]; s != "" {
		fmt.Fprintf(&b, "  summary: %s\n", lookupClean(s))
	}
	fmt.Fprintf(&b, "\nFindings (%d)\n", len(res.Diagnostics))
	for _, d := range res.Diagnostics {
		p := d.Primary()
		loc := p.Path
		if p.Line > 0 {
			loc = fmt.Sprintf("%s:%d", p.Path, p.Line)
		}
		fmt.Fprintf(&b, "  %-5s %s %s: %s\n", d.Severity, d.Code, lookupClean(loc), lookupClean(d.Message))
	}
	if res.Documents != nil {
		fmt.Fprintf(&b, "\nDocuments (%d), most canonical first\n", len(res.Documents))
		for _, d := range res.Documents {
			fmt.Fprintf(&b, "  %.6f  %s  %q  %s\n", d.Canonicality, lookupClean(d.Path), lookupClean(d.Title), strings.Join(d.Relations, ", "))
			if s := res.Summaries[d.ID]; s != "" {
				fmt.Fprintf(&b, "            %s\n", lookupClean(s))
			}
		}
	}
	if res.Neighbours != nil {
		fmt.Fprintf(&b, "\nNeighbours (depth %d)\n", depth)
		for _, kind := range slices.Sorted(maps.Keys(res.Neighbours)) {
			fmt.Fprintf(&b, "  %s\n", kind)
			for _, n := range res.Neighbours[kind] {
				fmt.Fprintf(&b, "    %-3s %d  %s", n.Direction, n.Distance, lookupClean(n.ID))
				if n.Via != "" {
					fmt.Fprintf(&b, "  via %s", lookupClean(n.Via))
				}
				b.WriteByte('\n')
			}
		}
	}
	if res.EvidenceExcerpts != nil {
		b.WriteString("\nEvidence\n")
		for _, x := range res.EvidenceExcerpts {
			fmt.Fprintf(&b, "  %s:%d  %s\n", lookupClean(x.Path), x.Line, lookupClean(x.Text))
		}
	}
	for _, t := range res.Truncated {
		what := t.Bound
		if t.Kind != "" {
			what += " " + t.Kind
		}
		fmt.Fprintf(&b, "\nTruncated: %s: %d left out (bound %d)", what, t.Omitted, t.Limit)
	}
	if len(res.Truncated) > 0 {
		b.WriteByte('\n')
	}
	if bu := res.Budget; bu != nil {
		fits := "fits"
		if !bu.Fits {
			fits = "does not fit (the entity and its findings alone are over)"
		}
		fmt.Fprintf(&b, "\nBudget: %d of %d tokens, %s; kept: %s; dropped: %s\n", bu.Used, bu.Limit, fits, listOrNone(bu.Kept), listOrNone(bu.Dropped))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// lookupClean replaces control and bidi characters (a terminal escape in a
// file, a reordering override) so that text from the repository cannot
// drive the terminal or mislead a reader.
func lookupClean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' {
			return ' '
		}
		if textwriter.UnsafeRune(r) {
			return '\uFFFD'
		}
		return r
	}, s)
}
