package mcpserver

import (
	"context"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/docstool"
	"github.com/docbridge/docbridge/internal/knowledgedocs"
	"github.com/docbridge/docbridge/internal/repoquery"
	"github.com/docbridge/docbridge/internal/retrieval"
)

// docsArgs are the docs tool's arguments; which apply depends on verb.
type docsArgs struct {
	Verb     string         `json:"verb" jsonschema:"search, check, add or help"`
	Query    string         `json:"query,omitempty" jsonschema:"search: the search text"`
	Limit    int            `json:"limit,omitempty" jsonschema:"search: list at most this many documents, 1 to 100 (default 10)"`
	Paths    []string       `json:"paths,omitempty" jsonschema:"check: only findings located in these files"`
	Path     string         `json:"path,omitempty" jsonschema:"add: replace (or create) the document at this path under docs/; absent, a new document named after its H1 under the convention's root"`
	Metadata map[string]any `json:"metadata,omitempty" jsonschema:"add: the front matter, each field a string or a list of strings; the required fields (see help) must not be blank"`
	Body     string         `json:"body,omitempty" jsonschema:"add: the Markdown body; it must start with an H1 that names the subject"`
}

var docsVerbs = []string{"search", "check", "add", "help"}

func (m *Server) docs(ctx context.Context, _ *mcp.CallToolRequest, a docsArgs) (*mcp.CallToolResult, any, error) {
	if !containsString(docsVerbs, a.Verb) {
		return nil, nil, badArgument("verb", "%q: use %s", a.Verb, strings.Join(docsVerbs, ", "))
	}
	for _, s := range []struct{ name, v string }{{"query", a.Query}, {"path", a.Path}} {
		if err := checkString(s.name, s.v); err != nil {
			return nil, nil, err
		}
	}
	switch a.Verb {
	case "help":
		t, err := m.current(ctx)
		if err != nil {
			return nil, nil, err
		}
		return nil, docstool.Help(t.out.Config), nil
	case "search":
		if a.Limit == 0 {
			a.Limit = retrieval.DefaultLimit
		}
		if a.Limit < 1 || a.Limit > repoquery.MaxLimit {
			return nil, nil, badArgument("limit", "%d: use 1 to %d", a.Limit, repoquery.MaxLimit)
		}
		t, err := m.current(ctx)
		if err != nil {
			return nil, nil, err
		}
		return nil, docstool.Search(ctx, m.o.Dir, t.out, t.index, strings.TrimSpace(a.Query), a.Limit), nil
	case "check":
		if len(a.Paths) > mcpMaxListArgs {
			return nil, nil, badArgument("paths", "%d paths; at most %d", len(a.Paths), mcpMaxListArgs)
		}
		var paths []string
		for _, p := range a.Paths {
			clean, err := m.repoPath("paths", p)
			if err != nil {
				return nil, nil, err
			}
			paths = append(paths, clean)
		}
		t, err := m.current(ctx)
		if err != nil {
			return nil, nil, err
		}
		return nil, docstool.Check(t.out, paths, m.version, MaxFindings), nil
	}
	// add
	if len(a.Body) > knowledgedocs.MaxBodyBytes {
		return nil, nil, badArgument("body", "%d bytes; at most %d", len(a.Body), knowledgedocs.MaxBodyBytes)
	}
	p := ""
	if a.Path != "" {
		var err error
		if p, err = m.repoPath("path", a.Path); err != nil {
			return nil, nil, err
		}
	}
	// One add at a time: each judges the tree the last one left.
	m.addMu.Lock()
	defer m.addMu.Unlock()
	t, err := m.current(ctx)
	if err != nil {
		return nil, nil, err
	}
	ans, err := docstool.Add(m.root, t.out, p, knowledgedocs.Draft{Metadata: a.Metadata, Body: a.Body}, m.version)
	var refusal *docstool.Refusal
	if errors.As(err, &refusal) {
		return nil, nil, badArgument(refusal.Field, "%s", refusal.Reason)
	}
	if err != nil {
		return nil, nil, err
	}
	return nil, ans, nil
}
