package docstool

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
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

// Refusal is a refused docs call; Field names the argument at fault. The
// MCP docs tool answers it as a bad argument, the CLI prints it.
type Refusal struct {
	Field, Reason string
}

func (e *Refusal) Error() string { return "argument " + e.Field + ": " + e.Reason }

func refuse(field, format string, args ...any) error {
	return &Refusal{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// asRefusal turns a knowledgedocs refusal into a docs refusal.
func asRefusal(err error) error {
	var e *knowledgedocs.Error
	if errors.As(err, &e) {
		return &Refusal{Field: e.Field, Reason: e.Reason}
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

// findings reconciles head with the convention on and returns the
// convention's findings located under its root, in the report's shape.
func findings(out *pipeline.Outcome, version string) []report.Finding {
	cfg := conventionConfig(out.Config, false)
	diags := reconcile.Run(reconcile.Input{Head: out.Head, Signals: out.Signals, Config: cfg})
	root := cfg.Checks.KnowledgeDocs.Root
	var keep []finding.Diagnostic
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

// CheckAnswer is the check verb's answer.
type CheckAnswer struct {
	Root     string           `json:"root"`
	Total    int              `json:"total"`
	Cut      int              `json:"cut"`
	Findings []report.Finding `json:"findings"`
}

// Check lists the convention's findings, only those located in paths when
// some are given, at most limit of them (Cut says how many more); version
// is the one the findings' report names.
func Check(out *pipeline.Outcome, paths []string, version string, limit int) CheckAnswer {
	ans := CheckAnswer{Root: out.Config.Checks.KnowledgeDocs.Root, Findings: []report.Finding{}}
	for _, f := range findings(out, version) {
		if len(paths) > 0 && !slices.Contains(paths, f.Location.Path) {
			continue
		}
		ans.Total++
		if len(ans.Findings) < limit {
			ans.Findings = append(ans.Findings, f)
		}
	}
	ans.Cut = ans.Total - len(ans.Findings)
	return ans
}

// Search ranks the documents for query as knowledge_search does, from
// a ranking as deep as search goes, and keeps those under the
// convention's root, in that order.
func Search(ctx context.Context, dir string, out *pipeline.Outcome, ix *retrieval.Index, query string, limit int) retrieval.Results {
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

// HelpAnswer is the help verb's answer: the convention as configured,
// the verbs, and a document that passes it.
type HelpAnswer struct {
	Root           string            `json:"root"`
	RequiredFields []string          `json:"requiredFields"`
	ClaimSections  []string          `json:"claimSections"`
	PresetOn       bool              `json:"presetOn"`
	Verbs          map[string]string `json:"verbs"`
	Example        string            `json:"example"`
}

// Help is the help verb's answer for the configuration cfg.
func Help(cfg *config.Config) HelpAnswer {
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
	return HelpAnswer{
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

// AddAnswer is the add verb's answer.
type AddAnswer struct {
	Path   string `json:"path"`
	Action string `json:"action"` // created or replaced
	Title  string `json:"title"`
	Bytes  int    `json:"bytes"`
	// Findings are those the document has once written (every code, the
	// convention on), which add does not refuse: a broken link, say.
	Findings []report.Finding `json:"findings"`
}

// Add renders the draft, judges it against the scanned tree as if it
// were written — the convention's findings in it refuse it, and so does a
// near twin in its area (declared or in the graph; see
// reconcile.KnowledgeTwins) when no path was given — and writes it under
// docs/ of the repository at root (its real path). p is the path argument,
// already resolved against the root ("" when none was given); version is
// the one the findings' report names.
func Add(root string, out *pipeline.Outcome, p string, d knowledgedocs.Draft, version string) (*AddAnswer, error) {
	cfg := conventionConfig(out.Config, p == "")
	k := cfg.Checks.KnowledgeDocs
	data, title, err := knowledgedocs.Render(d, k.RequiredFields)
	if err != nil {
		return nil, asRefusal(err)
	}
	target := p
	if target == "" {
		if target, err = knowledgedocs.DefaultPath(title, k.Root); err != nil {
			return nil, asRefusal(err)
		}
	}
	if err := knowledgedocs.Target(target, k.Root); err != nil {
		return nil, asRefusal(err)
	}
	exists, err := targetExists(root, target)
	if err != nil {
		return nil, err
	}
	if exists && p == "" {
		return nil, refuse("path", "%s exists (named after the H1); give it as path to replace it, or title the document apart", target)
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
	diags := finding.FilterChanged(reconcile.Run(reconcile.Input{Head: snap, Signals: sig, Config: cfg}), []string{target})
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
		return nil, refuse(field, "the document would break the convention: %s", strings.Join(problems, "; "))
	}
	if p == "" {
		if twins := reconcile.KnowledgeTwins(snap, cfg, target); len(twins) > 0 {
			return nil, refuse("path", "%s; give %s as path to replace it, or make the subject distinct", twins[0].Message, twins[0].Path)
		}
	}

	if err := write(root, target, data); err != nil {
		return nil, err
	}
	ans := &AddAnswer{Path: target, Action: "created", Title: title, Bytes: len(data), Findings: []report.Finding{}}
	if exists {
		ans.Action = "replaced"
	}
	if len(diags) > 0 {
		r := report.Build(report.Input{Version: version, Project: snap.Project.Name, SnapshotHash: snap.ContentHash, Diagnostics: diags})
		ans.Findings = r.Findings
	}
	return ans, nil
}

// targetExists reports whether the target exists as a regular file;
// a symlink or anything else there is refused.
func targetExists(root, target string) (bool, error) {
	info, err := os.Lstat(filepath.Join(root, filepath.FromSlash(target)))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	case !info.Mode().IsRegular():
		return false, refuse("path", "%s is not a regular file (%s); only files are replaced", target, info.Mode().Type())
	}
	return true, nil
}

// write writes data to target (under docs/) atomically, through an
// os.Root on the repository's docs directory, which must be a directory
// of the repository and not a symlink: nothing is written outside it.
func write(root, target string, data []byte) error {
	rel, ok := strings.CutPrefix(target, knowledgedocs.DocsDir+"/")
	if !ok {
		return refuse("path", "%q: documents are written under %s/ only", target, knowledgedocs.DocsDir)
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
		return refuse("path", "%s/ is not a directory of the repository (%s); nothing is written through it", knowledgedocs.DocsDir, info.Mode().Type())
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
