package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/docstool"
	"github.com/docbridge/docbridge/internal/knowledgedocs"
	"github.com/docbridge/docbridge/internal/mcpserver"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/repoquery"
	"github.com/docbridge/docbridge/internal/retrieval"
)

// newDocsCommand is `docbridge docs help|search|check|add`: the MCP docs
// tool's verbs on the command line, each printing the tool's JSON answer.
// docsOptions are the docs verbs' flags and arguments; verb says which
// verb they are for.
type docsOptions struct {
	pipeline.Repo
	verb string
	// search
	limit int
	query string
	// check: the paths as given
	paths []string
	// add
	target, bodyFile string
	meta             map[string]any
}

func newDocsCommand(fac *factory, runF func(*docsOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := docsOptions{}
	cmd := &cobra.Command{
		Use:   "docs",
		Short: "Search, check and add knowledge documents under docs/",
		Long: `Docs works with the knowledge documents of a repository that keeps them under
docs/ (the convention of the knowledge-docs preset; see docs/mcp.md and
docs/diagnostics.md): help shows the convention as configured, search ranks
the knowledge documents, check lists the convention's findings (the preset on
whatever docbridge.yaml says), add writes a document from typed fields. Each
prints the JSON answer of the MCP docs tool.

Exit status: 0 on an answer, 2 on bad input or a refused document.`,
	}
	f := cmd.PersistentFlags()
	f.StringVar(&o.Dir, "dir", "", "the repository `DIR` (default: the root of the git work tree containing the working directory, else the working directory)")
	addRepoFlags(f, &o.Repo)

	open := func(cmd *cobra.Command) (*pipeline.Outcome, string, error) {
		out, err := runPipeline(cmd.Context(), stderr, pipeline.Options{Repo: o.Repo})
		if err != nil {
			return nil, "", err
		}
		abs, err := filepath.Abs(o.Dir)
		if err != nil {
			return nil, "", err
		}
		root, err := filepath.EvalSymlinks(abs)
		return out, root, err
	}

	help := &cobra.Command{Use: "help", Short: "Show the convention as configured, the verbs and an example document", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.verb = "help"
			if runF != nil {
				return runF(&o)
			}
			cfg, err := pipeline.LoadConfig(o.Dir, o.ConfigPath, o.Getenv)
			if err != nil {
				return err
			}
			return writeJSON(stdout, docstool.Help(cfg), "help")
		}}

	search := &cobra.Command{Use: "search [query...]", Short: "Rank the knowledge documents for a query",
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.limit < 1 || o.limit > repoquery.MaxLimit {
				return fmt.Errorf("--limit %d: use 1 to %d", o.limit, repoquery.MaxLimit)
			}
			o.verb, o.query = "search", strings.TrimSpace(strings.Join(args, " "))
			if runF != nil {
				return runF(&o)
			}
			out, _, err := open(cmd)
			if err != nil {
				return err
			}
			ix, err := repoquery.NewIndex(stderr, o.Dir, out.Head, out.Signals)
			if err != nil {
				return err
			}
			return writeJSON(stdout, docstool.Search(cmd.Context(), o.Dir, out, ix, o.query, o.limit), "results")
		}}
	search.Flags().IntVar(&o.limit, "limit", retrieval.DefaultLimit, fmt.Sprintf("list at most `N` documents (1 to %d)", repoquery.MaxLimit))
	setFlagRange(search.Flags(), "limit", 1, repoquery.MaxLimit)

	check := &cobra.Command{Use: "check [path...]", Short: "List the convention's findings, only in the given files when some are",
		RunE: func(cmd *cobra.Command, args []string) error {
			o.verb, o.paths = "check", args
			if runF != nil {
				return runF(&o)
			}
			out, root, err := open(cmd)
			if err != nil {
				return err
			}
			var paths []string
			for _, a := range o.paths {
				p, err := mcpserver.ResolvePath(root, "path", a)
				if err != nil {
					return err
				}
				paths = append(paths, p)
			}
			return writeJSON(stdout, docstool.Check(out, paths, version, mcpserver.MaxFindings), "findings")
		}}

	var fields, lists []string
	add := &cobra.Command{Use: "add", Short: "Write a knowledge document from typed fields", Args: cobra.NoArgs,
		Long: `Add writes a knowledge document under docs/: --field KEY=VALUE and --list
KEY=A,B,C give the front matter, --body-file FILE (- for stdin) the body, which
must start with an H1. Without --path the document is new, named after its H1
under the convention's root, and refused when it is a near twin of a document
of its area; --path replaces (or creates) the document there. A blank
required field, a target that is not a .md file under docs/ and the root, or
a document the convention would report is refused.`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			meta := map[string]any{}
			for _, kv := range fields {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return fmt.Errorf("--field %q: write KEY=VALUE", kv)
				}
				meta[k] = v
			}
			for _, kv := range lists {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return fmt.Errorf("--list %q: write KEY=A,B,C", kv)
				}
				var items []any
				for _, it := range strings.Split(v, ",") {
					items = append(items, strings.TrimSpace(it))
				}
				meta[k] = items
			}
			if o.bodyFile == "" {
				return fmt.Errorf("--body-file: give the body's file (- for stdin)")
			}
			o.verb, o.meta = "add", meta
			if runF != nil {
				return runF(&o)
			}
			var r io.Reader = os.Stdin
			if o.bodyFile != "-" {
				fh, err := os.Open(o.bodyFile)
				if err != nil {
					return fmt.Errorf("--body-file: %w", err)
				}
				defer fh.Close()
				r = fh
			}
			body, err := io.ReadAll(io.LimitReader(r, knowledgedocs.MaxBodyBytes+1))
			if err != nil {
				return fmt.Errorf("--body-file: %w", err)
			}
			out, root, err := open(cmd)
			if err != nil {
				return err
			}
			p := ""
			if o.target != "" {
				if p, err = mcpserver.ResolvePath(root, "path", o.target); err != nil {
					return err
				}
			}
			ans, err := docstool.Add(root, out, p, knowledgedocs.Draft{Metadata: meta, Body: string(body)}, version)
			if err != nil {
				return err
			}
			return writeJSON(stdout, ans, "answer")
		}}
	add.Flags().StringVar(&o.target, "path", "", "replace (or create) the document at `PATH` (under docs/)")
	add.Flags().StringArrayVar(&fields, "field", nil, "a front-matter field, `KEY=VALUE` (repeatable)")
	add.Flags().StringArrayVar(&lists, "list", nil, "a front-matter list, `KEY=A,B,C` (repeatable)")
	add.Flags().StringVar(&o.bodyFile, "body-file", "", "read the body from `FILE` (- for stdin)")

	cmd.AddCommand(help, search, check, add)
	return cmd
}
