package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/knowledgedocs"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/repoquery"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// The knowledge-document verbs (`docbridge docs …` and the MCP docs tool)
// share what follows: the convention's configuration, its findings, a
// search among the knowledge documents, and add, which judges a document
// against the tree before it writes it under docs/.

// docsRefusal is a refused docs call; Field names the argument at fault.
type docsRefusal struct {
	Field, Reason string
}

func (e *docsRefusal) Error() string { return "argument " + e.Field + ": " + e.Reason }

func docsRefuse(field, format string, args ...any) error {
	return &docsRefusal{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// asDocsRefusal turns a knowledgedocs refusal into a docs refusal.
func asDocsRefusal(err error) error {
	var e *knowledgedocs.Error
	if errors.As(err, &e) {
		return &docsRefusal{Field: e.Field, Reason: e.Reason}
	}
	return err
}

// conventionConfig is cfg with the knowledge-docs preset on and
// NEAR_TWIN_DOCUMENT on at warn — unless checks.severity sets it, or
// always with forceTwins (add's near-twin refusal does not depend on the
// repository's severities). Severities set in checks.severity win as they
// do with the preset in docbridge.yaml.
func conventionConfig(cfg *config.Config, forceTwins bool) *config.Config {
	c := *cfg
	c.Checks.Presets = slices.Clone(cfg.Checks.Presets)
	if !c.Checks.PresetOn(catalog.GroupKnowledge) {
		c.Checks.Presets = append(c.Checks.Presets, catalog.GroupKnowledge)
	}
	c.Checks.Severity = maps.Clone(cfg.Checks.Severity)
	if c.Checks.Severity == nil {
		c.Checks.Severity = map[string]catalog.Level{}
	}
	if _, set := c.Checks.Severity[catalog.NearTwinDocument]; !set || forceTwins {
		c.Checks.Severity[catalog.NearTwinDocument] = catalog.Warn
	}
	return &c
}

// conventionCode reports whether a code belongs to the convention: the
// KNOWLEDGE_* codes and NEAR_TWIN_DOCUMENT.
func conventionCode(code string) bool {
	r, ok := catalog.Lookup(code)
	return ok && r.Group == catalog.GroupKnowledge || code == catalog.NearTwinDocument
}

// underRoot reports whether the repository path p is under root ("." is
// the whole repository).
func underRoot(p, root string) bool {
	root = path.Clean(root)
	return root == "." || strings.HasPrefix(p, root+"/")
}

// docsFindings reconciles head with the convention on and returns the
// convention's findings located under its root, in the report's shape.
func docsFindings(out *pipeline.Outcome) []report.Finding {
	cfg := conventionConfig(out.Config, false)
	diags := reconcile.Run(reconcile.Input{Head: out.Head, Signals: out.Signals, Config: cfg})
	root := cfg.Checks.KnowledgeDocs.Root
	var keep []reconcile.Diagnostic
	for _, d := range diags {
		if conventionCode(d.Code) && underRoot(d.Primary().Path, root) {
			keep = append(keep, d)
		}
	}
	r := report.Build(report.Input{Version: version, Project: out.Head.Project.Name, SnapshotHash: out.Head.ContentHash, Diagnostics: keep})
	if r.Findings == nil {
		return []report.Finding{}
	}
	return r.Findings
}

// docsCheckAnswer is the check verb's answer.
type docsCheckAnswer struct {
	Root     string           `json:"root"`
	Total    int              `json:"total"`
	Cut      int              `json:"cut"`
	Findings []report.Finding `json:"findings"`
}

// docsCheck lists the convention's findings, only those located in paths
// when some are given.
func docsCheck(out *pipeline.Outcome, paths []string) docsCheckAnswer {
	ans := docsCheckAnswer{Root: out.Config.Checks.KnowledgeDocs.Root, Findings: []report.Finding{}}
	for _, f := range docsFindings(out) {
		if len(paths) > 0 && !slices.Contains(paths, f.Location.Path) {
			continue
		}
		ans.Total++
		if len(ans.Findings) < mcpMaxFindings {
			ans.Findings = append(ans.Findings, f)
		}
	}
	ans.Cut = ans.Total - len(ans.Findings)
	return ans
}

// docsSearch ranks the documents for query as knowledge_search does, from
// a ranking as deep as search goes, and keeps those under the
// convention's root, in that order.
func docsSearch(ctx context.Context, dir string, out *pipeline.Outcome, ix *retrieval.Index, query string, limit int) retrieval.Results {
	res := repoquery.Search(ctx, dir, out.Head, ix, retrieval.Query{Text: query, Kinds: []string{snapshot.KindDocument}, Limit: retrieval.MaxLimit})
	root := out.Config.Checks.KnowledgeDocs.Root
	hits := []retrieval.Hit{}
	total := 0
	for _, h := range res.Hits {
		if !underRoot(h.Path, root) {
			continue
		}
		total++
		if len(hits) < limit {
			hits = append(hits, h)
		}
	}
	res.Hits, res.Total, res.Cut = hits, total, total-len(hits)
	return res
}

// docsHelpAnswer is the help verb's answer: the convention as configured,
// the verbs, and a document that passes it.
type docsHelpAnswer struct {
	Root           string            `json:"root"`
	RequiredFields []string          `json:"requiredFields"`
	ClaimSections  []string          `json:"claimSections"`
	PresetOn       bool              `json:"presetOn"`
	Verbs          map[string]string `json:"verbs"`
	Example        string            `json:"example"`
}

func docsHelp(cfg *config.Config) docsHelpAnswer {
	k := cfg.Checks.KnowledgeDocs
	meta := map[string]any{}
	for _, f := range k.RequiredFields {
		switch strings.ToLower(f) {
		case "keywords":
			meta[f] = []any{"cache", "content-hash"}
		case "area":
			meta[f] = "internal/cache"
		default:
			meta[f] = "One sentence that says what the document establishes."
		}
	}
	body := "# Snapshot cache keyed by content hash\n\n"
	if len(k.ClaimSections) > 0 {
		body += "## " + k.ClaimSections[0] + "\n\nWhat was verified, with where.\n"
	}
	example, _, err := knowledgedocs.Render(knowledgedocs.Draft{Metadata: meta, Body: body}, k.RequiredFields)
	if err != nil {
		example = []byte(err.Error())
	}
	return docsHelpAnswer{
		Root: k.Root, RequiredFields: nonNilStrings(k.RequiredFields), ClaimSections: nonNilStrings(k.ClaimSections),
		PresetOn: cfg.Checks.PresetOn(catalog.GroupKnowledge),
		Verbs: map[string]string{
			"search": "rank the knowledge documents (documents under the root) for a query, in knowledge_search's order",
			"check":  "the convention's findings (KNOWLEDGE_* and NEAR_TWIN_DOCUMENT) under the root, the preset on whatever docbridge.yaml says",
			"add":    "write a new document (no path: named after its H1 under the root; refused when it is a near twin of a document of its area) or replace the one at path, from metadata (front matter) and a body that starts with an H1; refused when a required field is blank, the target is not a .md file under docs/ and the root, or the document would break the convention",
			"help":   "this answer",
		},
		Example: string(example),
	}
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// docsAddAnswer is the add verb's answer.
type docsAddAnswer struct {
	Path   string `json:"path"`
	Action string `json:"action"` // created or replaced
	Title  string `json:"title"`
	Bytes  int    `json:"bytes"`
	// Findings are those the document has once written (every code, the
	// convention on), which add does not refuse: a broken link, say.
	Findings []report.Finding `json:"findings"`
}

// docsAdd renders the draft, judges it against the scanned tree as if it
// were written — the convention's findings in it refuse it, and so does a
// near twin in its area (declared or in the graph; see
// reconcile.KnowledgeTwins) when no path was given — and writes it under
// docs/ of the repository at root (its real path). p is the path argument,
// already resolved against the root ("" when none was given).
func docsAdd(root string, out *pipeline.Outcome, p string, d knowledgedocs.Draft) (*docsAddAnswer, error) {
	cfg := conventionConfig(out.Config, p == "")
	k := cfg.Checks.KnowledgeDocs
	data, title, err := knowledgedocs.Render(d, k.RequiredFields)
	if err != nil {
		return nil, asDocsRefusal(err)
	}
	target := p
	if target == "" {
		if target, err = knowledgedocs.DefaultPath(title, k.Root); err != nil {
			return nil, asDocsRefusal(err)
		}
	}
	if err := knowledgedocs.Target(target, k.Root); err != nil {
		return nil, asDocsRefusal(err)
	}
	exists, err := docsTargetExists(root, target)
	if err != nil {
		return nil, err
	}
	if exists && p == "" {
		return nil, docsRefuse("path", "%s exists (named after the H1); give it as path to replace it, or title the document apart", target)
	}

	// Judge the tree with the document written, without writing it.
	st, err := scan.WithDocument(out.Store, target, data)
	if err != nil {
		return nil, err
	}
	snap, err := scan.Rebuild(st)
	if err != nil {
		return nil, err
	}
	sig := graph.Compute(snap, reconcile.SignalOptions(cfg, nil))
	diags := reconcile.FilterChanged(reconcile.Run(reconcile.Input{Head: snap, Signals: sig, Config: cfg}), []string{target})
	var problems []string
	field := "metadata"
	for _, dg := range diags {
		r, _ := catalog.Lookup(dg.Code)
		if r.Group != catalog.GroupKnowledge {
			continue
		}
		problems = append(problems, dg.Code+": "+dg.Message)
		switch dg.Code {
		case catalog.KnowledgeTitleMissing, catalog.KnowledgeClaimsMissing, catalog.KnowledgeIdentityWeak:
			field = "body"
		}
	}
	if len(problems) > 0 {
		return nil, docsRefuse(field, "the document would break the convention: %s", strings.Join(problems, "; "))
	}
	if p == "" {
		if twins := reconcile.KnowledgeTwins(snap, cfg, target); len(twins) > 0 {
			return nil, docsRefuse("path", "%s; give %s as path to replace it, or make the subject distinct", twins[0].Message, twins[0].Path)
		}
	}

	if err := writeDoc(root, target, data); err != nil {
		return nil, err
	}
	ans := &docsAddAnswer{Path: target, Action: "created", Title: title, Bytes: len(data), Findings: []report.Finding{}}
	if exists {
		ans.Action = "replaced"
	}
	if len(diags) > 0 {
		r := report.Build(report.Input{Version: version, Project: snap.Project.Name, SnapshotHash: snap.ContentHash, Diagnostics: diags})
		ans.Findings = r.Findings
	}
	return ans, nil
}

// docsTargetExists reports whether the target exists as a regular file;
// a symlink or anything else there is refused.
func docsTargetExists(root, target string) (bool, error) {
	info, err := os.Lstat(filepath.Join(root, filepath.FromSlash(target)))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	case !info.Mode().IsRegular():
		return false, docsRefuse("path", "%s is not a regular file (%s); only files are replaced", target, info.Mode().Type())
	}
	return true, nil
}

// writeDoc writes data to target (under docs/) atomically, through an
// os.Root on the repository's docs directory, which must be a directory
// of the repository and not a symlink: nothing is written outside it.
func writeDoc(root, target string, data []byte) error {
	rel, ok := strings.CutPrefix(target, knowledgedocs.DocsDir+"/")
	if !ok {
		return docsRefuse("path", "%q: documents are written under %s/ only", target, knowledgedocs.DocsDir)
	}
	docs := filepath.Join(root, knowledgedocs.DocsDir)
	info, err := os.Lstat(docs)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.Mkdir(docs, 0o755); err != nil {
			return fmt.Errorf("create %s: %w", knowledgedocs.DocsDir, err)
		}
	} else if err != nil {
		return err
	} else if !info.IsDir() {
		return docsRefuse("path", "%s/ is not a directory of the repository (%s); nothing is written through it", knowledgedocs.DocsDir, info.Mode().Type())
	}
	r, err := os.OpenRoot(docs)
	if err != nil {
		return err
	}
	defer r.Close()
	native := filepath.FromSlash(rel)
	if dir := filepath.Dir(native); dir != "." {
		if err := r.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("write %s: %w", target, err)
		}
	}
	tmp := native + ".docbridge-tmp"
	f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("write %s: %w", target, err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = r.Rename(tmp, native)
	}
	if werr != nil {
		_ = r.Remove(tmp)
		return fmt.Errorf("write %s: %w", target, werr)
	}
	return nil
}

// newDocsCommand is `docbridge docs help|search|check|add`: the MCP docs
// tool's verbs on the command line, each printing the tool's JSON answer.
func newDocsCommand(stdout, stderr io.Writer) *cobra.Command {
	o := pipeline.Repo{}
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
	addRepoFlags(f, &o)

	open := func(cmd *cobra.Command) (*pipeline.Outcome, string, error) {
		out, err := pipeline.Run(cmd.Context(), stderr, pipeline.Options{Repo: o})
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
			cfg, err := pipeline.LoadConfig(o.Dir, o.ConfigPath)
			if err != nil {
				return err
			}
			return writeJSON(stdout, docsHelp(cfg), "help")
		}}

	var limit int
	search := &cobra.Command{Use: "search [query...]", Short: "Rank the knowledge documents for a query",
		RunE: func(cmd *cobra.Command, args []string) error {
			if limit < 1 || limit > repoquery.MaxLimit {
				return fmt.Errorf("--limit %d: use 1 to %d", limit, repoquery.MaxLimit)
			}
			out, _, err := open(cmd)
			if err != nil {
				return err
			}
			ix, err := repoquery.NewIndex(stderr, o.Dir, out.Head, out.Signals)
			if err != nil {
				return err
			}
			return writeJSON(stdout, docsSearch(cmd.Context(), o.Dir, out, ix, strings.TrimSpace(strings.Join(args, " ")), limit), "results")
		}}
	search.Flags().IntVar(&limit, "limit", retrieval.DefaultLimit, fmt.Sprintf("list at most `N` documents (1 to %d)", repoquery.MaxLimit))
	setFlagRange(search.Flags(), "limit", 1, repoquery.MaxLimit)

	check := &cobra.Command{Use: "check [path...]", Short: "List the convention's findings, only in the given files when some are",
		RunE: func(cmd *cobra.Command, args []string) error {
			out, root, err := open(cmd)
			if err != nil {
				return err
			}
			var paths []string
			for _, a := range args {
				p, err := resolveRepoPath(root, "path", a)
				if err != nil {
					return err
				}
				paths = append(paths, p)
			}
			return writeJSON(stdout, docsCheck(out, paths), "findings")
		}}

	var (
		target, bodyFile string
		fields, lists    []string
	)
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
			if bodyFile == "" {
				return fmt.Errorf("--body-file: give the body's file (- for stdin)")
			}
			var r io.Reader = os.Stdin
			if bodyFile != "-" {
				fh, err := os.Open(bodyFile)
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
			if target != "" {
				if p, err = resolveRepoPath(root, "path", target); err != nil {
					return err
				}
			}
			ans, err := docsAdd(root, out, p, knowledgedocs.Draft{Metadata: meta, Body: string(body)})
			if err != nil {
				return err
			}
			return writeJSON(stdout, ans, "answer")
		}}
	add.Flags().StringVar(&target, "path", "", "replace (or create) the document at `PATH` (under docs/)")
	add.Flags().StringArrayVar(&fields, "field", nil, "a front-matter field, `KEY=VALUE` (repeatable)")
	add.Flags().StringArrayVar(&lists, "list", nil, "a front-matter list, `KEY=A,B,C` (repeatable)")
	add.Flags().StringVar(&bodyFile, "body-file", "", "read the body from `FILE` (- for stdin)")

	cmd.AddCommand(help, search, check, add)
	return cmd
}
