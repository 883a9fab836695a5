package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/repoquery"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// searchOptions are the inputs of one search run.
type searchOptions struct {
	pipeline.Repo
	kinds              []string
	limit, budget      int
	explain, json, how bool
	// query is the arguments, joined.
	query string
}

func newSearchCommand(fac *factory, runF func(*searchOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := searchOptions{}
	cmd := &cobra.Command{
		Use:   "search [--dir DIR] [query...]",
		Short: "Find the documents, areas, packages and modules a query is about",
		Long: `Search scans the repository (--dir; by default the root of the git work
tree containing the working directory, else the working directory), projects
it into search entries and ranks them for the query (the arguments, joined):
field-weighted BM25 plus identity boosts, graph proximity and canonicality —
'docbridge search --how [query]' explains the ranking and which of its two
paths (identifier or natural-language) the query takes. Entries matching every term come
first; when none does, those matching any term come back flagged closest. A
blank query lists the most recently changed documents (last commit time when
the directory is a git work tree, else file time), and so does a query that
matches nothing. Every answer is capped by --limit and says how many more
matched.

The arguments are the query only: a query of several words whose first word
is an existing directory (docbridge search hugo menus) is refused, because
the directory to search is given with --dir (docbridge search --dir hugo
menus); quote the words to search for them ("hugo menus").

Exit status: 0 on an answer, 2 on bad input.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Repo = withDefaultState(cmd.Flags(), o.Repo)
			o.query = strings.TrimSpace(strings.Join(args, " "))
			if o.how {
				if runF != nil {
					return runF(&o)
				}
				return writeSearchHow(cmd, stdout, stderr, o, o.query)
			}
			for _, k := range o.kinds {
				if !slices.Contains(repoquery.SearchKinds, k) {
					return fmt.Errorf("--kinds %q: use %s", k, strings.Join(repoquery.SearchKinds, ", "))
				}
			}
			if err := queryNotDir(cmd, args); err != nil {
				return err
			}
			query := o.query
			if query == "" && len(o.kinds) > 0 && !slices.Contains(o.kinds, snapshot.KindDocument) {
				return fmt.Errorf("a blank query lists documents; --kinds %s excludes them", strings.Join(o.kinds, ","))
			}
			if runF != nil {
				return runF(&o)
			}
			res, err := runSearch(cmd, stderr, o, query)
			if err != nil {
				return err
			}
			if o.budget > 0 {
				answer, report, err := retrieval.FitSearch(res, o.budget)
				if err != nil {
					return err
				}
				if o.json {
					return writeJSON(stdout, answer, "results")
				}
				if slices.Contains(report.Dropped, "summaries") {
					for i := range res.Hits {
						res.Hits[i].Summary = ""
					}
				}
				if err := writeSearchText(stdout, res, o.explain); err != nil {
					return err
				}
				_, err = fmt.Fprintf(stdout, "budget: %d of %d tokens, fits %v; kept %s; dropped %s\n", report.Used, report.Limit, report.Fits,
					listOrNone(report.Kept), listOrNone(report.Dropped))
				return err
			}
			if o.json {
				return writeJSON(stdout, res, "results")
			}
			return writeSearchText(stdout, res, o.explain)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Dir, "dir", "", "the repository `DIR` to search (default: the root of the git work tree containing the working directory, else the working directory)")
	f.StringSliceVar(&o.kinds, "kinds", nil, "only list entries of these `KINDS` (document, area, package, module; comma-separated)")
	f.IntVar(&o.limit, "limit", retrieval.DefaultLimit, fmt.Sprintf("list at most `N` hits (1 to %d)", repoquery.MaxLimit))
	setFlagRange(f, "limit", 1, repoquery.MaxLimit)
	f.BoolVar(&o.explain, "explain", false, "show every score component of each hit")
	f.IntVar(&o.budget, "budget", 0, "fit the answer into about `TOKENS` tokens (4 characters each), dropping summaries first; 0 means no budget")
	addFormatFlags(f, &o.json, "the results")
	f.BoolVar(&o.how, "how", false, "explain how the ranking works (and, with a query, which path it takes) and exit")
	addReadRepoFlags(f, &o.Repo)
	return cmd
}

// runSearch is the search pipeline: configuration, scan, graph signals,
// projection, index, query — or the recent documents for a blank query
// and for a query nothing matches.
func runSearch(cmd *cobra.Command, stderr io.Writer, o searchOptions, query string) (retrieval.Results, error) {
	repo, err := openRepo(cmd.Context(), stderr, o.Repo)
	if err != nil {
		return retrieval.Results{}, err
	}
	s := repo.Scan.Snapshot
	ix, err := repoquery.NewIndex(stderr, o.Dir, s, repo.Signals)
	if err != nil {
		return retrieval.Results{}, err
	}
	return repoquery.Search(cmd.Context(), o.Dir, s, ix, retrieval.Query{Text: query, Kinds: o.kinds, Limit: o.limit, Explain: o.explain}), nil
}

// writeSearchHow prints how the ranking works and, for a query, which of
// the two paths it takes and why (that needs the index: a query naming
// an entry exactly is ranked as a name).
func writeSearchHow(cmd *cobra.Command, stdout, stderr io.Writer, o searchOptions, query string) error {
	if _, err := io.WriteString(stdout, retrieval.How()); err != nil || query == "" {
		return err
	}
	repo, err := openRepo(cmd.Context(), stderr, o.Repo)
	if err != nil {
		return err
	}
	ix, err := repoquery.NewIndex(stderr, o.Dir, repo.Scan.Snapshot, repo.Signals)
	if err != nil {
		return err
	}
	class, reason := ix.Classify(query)
	_, err = fmt.Fprintf(stdout, "\nThis query: %q takes the %s path: %s.\n", query, class, reason)
	return err
}

// listOrNone joins names, or says none.
func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// writeJSON prints v as indented JSON, HTML characters unescaped; what
// names it in an error.
func writeJSON(w io.Writer, v any, what string) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write %s: %w", what, err)
	}
	return nil
}

// writeSearchText prints one line per hit: rank, score (or date for the
// recent documents), kind, path (with the best section's anchor), title,
// and under it the section's snippet when the query was a question.
func writeSearchText(w io.Writer, res retrieval.Results, explain bool) error {
	var b strings.Builder
	switch {
	case res.Recent && res.Query != "":
		fmt.Fprintf(&b, "docbridge search %q: no entry matches; the most recently changed documents:\n", res.Query)
	case res.Recent:
		fmt.Fprintf(&b, "docbridge search: the most recently changed documents:\n")
	default:
		fmt.Fprintf(&b, "docbridge search %q: %d match(es)\n", res.Query, res.Total)
		if res.Closest {
			fmt.Fprintf(&b, "closest: no entry matches every term; these match some of them\n")
		}
	}
	for i, h := range res.Hits {
		loc := h.Path
		if loc == "" {
			loc = h.ID
		}
		// Paths and titles come from the repository's files: escaped on
		// every line, the recent documents' too.
		title := textwriter.Printable(h.Title)
		if res.Recent {
			date := "unknown   "
			if h.Modified != 0 {
				date = time.Unix(h.Modified, 0).UTC().Format(time.DateOnly)
			}
			fmt.Fprintf(&b, "%3d  %s  %s  %s\n", i+1, date, textwriter.Printable(loc), title)
			continue
		}
		if h.Anchor != "" {
			loc += "#" + h.Anchor
		}
		fmt.Fprintf(&b, "%3d  %7.2f  %-8s  %s  %s\n", i+1, h.Score, h.Kind, textwriter.Printable(loc), title)
		if explain {
			var parts []string
			for _, name := range retrieval.ComponentNames() {
				parts = append(parts, fmt.Sprintf("%s %.2f", name, h.Components[name]))
			}
			fmt.Fprintf(&b, "     %s\n", strings.Join(parts, " · "))
		}
		if h.Snippet != "" {
			fmt.Fprintf(&b, "     %s\n", textwriter.Printable(h.Snippet))
		}
	}
	if res.Cut > 0 {
		fmt.Fprintf(&b, "%d more not shown (--limit)\n", res.Cut)
	}
	for _, t := range res.Truncated {
		fmt.Fprintf(&b, "note: %s bound of %d crossed (%d left out)\n", t.Bound, t.Limit, t.Omitted)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
