// Package curator is docbridge's built-in curator: a deterministic,
// offline agent.Agent that reads context packs and proposes what plain
// rules can tell — a summary from a document's first paragraph, a
// classification from its path and front matter, aliases from its file
// name and the acronyms it defines, intents from its task-shaped
// headings, gaps from undocumented areas, redundancy from near twins, and
// relations to the modules a document names in prose. It needs no model,
// no secret and no network, so enrichment is useful without them; its
// proposals go through the same validators as any agent's.
package curator

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// id names the built-in curator; rulesVersion moves whenever a rule
// changes what it proposes, so cached answers of older rules are not
// reused.
// PromptVersion is what its proposals carry as the prompt version: it
// follows rules, not a prompt.
const (
	id            = "docbridge-curator"
	rulesVersion  = "1"
	provider      = "builtin"
	PromptVersion = "rules/" + rulesVersion
)

// Kinds are the proposal kinds the curator makes.
var Kinds = []enrich.Kind{
	enrich.KindAddAlias, enrich.KindAddIntent, enrich.KindClassifyDocument, enrich.KindFlagGap,
	enrich.KindFlagRedundancy, enrich.KindProposeRelation, enrich.KindSummarize,
}

// Curator is the built-in agent.
type Curator struct {
	names Names
}

// New returns a curator that knows the snapshot's module names (NamesOf).
func New(names Names) *Curator {
	return &Curator{names: names}
}

// Identity names the curator. Its version covers the rules and the
// module names it matches prose against.
func (c *Curator) Identity() agent.Identity {
	return agent.Identity{ID: id, Version: rulesVersion + "+names." + c.names.hash, Provider: provider}
}

// Ask proposes, for every pack of the request, what the rules find, in
// the kinds the request allows.
func (c *Curator) Ask(ctx context.Context, req agent.Request) (agent.Response, error) {
	allowed := map[enrich.Kind]bool{}
	for _, k := range req.Capabilities {
		allowed[enrich.Kind(k)] = true
	}
	origin := enrich.Origin{AgentID: id, AgentVersion: c.Identity().Version, PromptVersion: req.PromptVersion, Provider: provider}
	resp := agent.Response{Proposals: []json.RawMessage{}}
	for i := range req.Packs {
		if err := ctx.Err(); err != nil {
			return agent.Response{}, err
		}
		for _, p := range c.propose(&req.Packs[i]) {
			if !allowed[p.Kind] {
				continue
			}
			p.Origin, p.BaseSnapshotHash = origin, req.BaseSnapshotHash
			p.ProposalID = enrich.ProposalID(p)
			raw, err := json.Marshal(p)
			if err != nil {
				return agent.Response{}, fmt.Errorf("curator: %w", err)
			}
			resp.Proposals = append(resp.Proposals, raw)
		}
	}
	return resp, nil
}

// Confidence of each rule: how often what it finds is right.
const (
	confFrontMatter = 0.9
	confFileName    = 0.8
	confDirectory   = 0.7
	confTitle       = 0.6
	confSummary     = 0.8
	confAcronym     = 0.8
	confStem        = 0.6
	confHowTo       = 0.8
	confTask        = 0.7
	confGap         = 0.9
	confTwin        = 0.6
	confPathProse   = 0.8
	confShortProse  = 0.6
)

// propose applies every rule to one pack.
func (c *Curator) propose(pk *pack.Pack) []enrich.Proposal {
	t := &pk.Target
	if !nameable(t.ID) || !nameable(t.Path) {
		return nil // a file name with control characters, or too long: no proposal could name it
	}
	var out []enrich.Proposal
	add := func(conf float64, reason string, payload enrich.Payload, ev []enrich.Evidence, diags ...string) {
		out = append(out, enrich.Proposal{
			Kind: payload.ProposalKind(), Entity: t.ID, TargetContentHash: t.ContentHash, Confidence: conf,
			Reason: clip(collapse(reason), enrich.MaxReasonRunes), Evidence: ev, RelatedDiagnosticIDs: diags, Payload: payload,
		})
	}
	at := func(line int) []enrich.Evidence {
		return []enrich.Evidence{{Source: enrich.SourceSnapshot, Path: t.Path, LineStart: line, LineEnd: line}}
	}
	switch t.Kind {
	case snapshot.KindDocument:
		c.document(pk, add, at)
	case snapshot.KindArea:
		for _, d := range pk.Diagnostics {
			if (d.Code != catalog.UndocumentedArea && d.Code != catalog.RequiredDocMissing) || !nameable(d.ID) || !nameable(d.Path) {
				continue
			}
			add(confGap, "the report finds no document that covers, mentions or links into this area, and none inside it ("+d.Code+")",
				&enrich.FlagGap{Area: t.ID, Missing: gapText(pk)},
				[]enrich.Evidence{{Source: enrich.SourceReport, Path: d.Path}}, d.ID)
		}
	}
	return out
}

// document applies the document rules.
func (c *Curator) document(pk *pack.Pack, add func(float64, string, enrich.Payload, []enrich.Evidence, ...string), at func(int) []enrich.Evidence) {
	t := &pk.Target
	if _, fixture := t.Metadata["testInput"]; fixture {
		return // test input is nobody's documentation
	}
	title := metaString(t.Metadata, "title")
	if title == "" {
		title = t.Name
	}
	front := frontMatter(t.Metadata)
	if cl, ok := classify(t.Path, title, front); ok {
		conf := map[string]float64{"front matter": confFrontMatter, "file name": confFileName, "directory": confDirectory, "title": confTitle}[cl.from]
		add(conf, fmt.Sprintf("type from the document's %s; audience, lifecycle and criticality from its path and front matter", cl.from),
			&enrich.ClassifyDocument{Type: cl.Type, Audience: cl.Audience, Lifecycle: cl.Lifecycle, Criticality: cl.Criticality}, at(0))
	}
	stem := strings.TrimSuffix(path.Base(t.Path), path.Ext(t.Path))
	if a, ok := stemAlias(stem, title); ok && !slices.Contains(t.Aliases, a.text) {
		add(confStem, a.why, &enrich.AddAlias{Alias: a.text}, at(0))
	}
	if pk.Excerpt == nil {
		return // the rules below read the text
	}
	blocks := readMarkdown(pk.Excerpt.Text)
	if !pk.Excerpt.Truncated || len(blocks) > 0 {
		if b, ok := leadParagraph(blocks); ok && !sameSummary(metaString(t.Metadata, "summary"), b.text) {
			s := summaryOf(b.text)
			if lang := language(s); lang != "" {
				add(confSummary, fmt.Sprintf("the document's first paragraph of prose (line %d); the scan's summary is another paragraph or none", b.line),
					&enrich.Summarize{Summary: s, Language: lang}, at(b.line))
			}
		}
	}
	for _, a := range acronymAliases(title, blocks) {
		if !slices.Contains(t.Aliases, a.text) {
			add(confAcronym, a.why, &enrich.AddAlias{Alias: a.text}, at(a.line))
		}
	}
	seen := map[string]bool{}
	n := 0
	if announcement(t.Path) {
		n = maxIntentsPerDocument // a post announces a feature; its page explains it
	}
	for _, b := range blocks {
		if !b.heading || n == maxIntentsPerDocument {
			continue
		}
		phrase := taskPhrase(b.text)
		if phrase == "" || seen[strings.ToLower(phrase)] {
			continue
		}
		seen[strings.ToLower(phrase)] = true
		n++
		conf := confTask
		if hasPrefixFold(b.text, "how ") {
			conf = confHowTo
		}
		add(conf, fmt.Sprintf("the heading %q (line %d) names a task the document explains", b.text, b.line),
			&enrich.AddIntent{Phrase: phrase, Language: "en"}, at(b.line))
	}
	for _, d := range pk.Diagnostics {
		if d.Code != catalog.NearTwinDocument || len(d.EntityIDs) != 2 || d.EntityIDs[0] != t.ID || !nameable(d.EntityIDs[1]) || !nameable(d.ID) {
			continue
		}
		other := d.EntityIDs[1]
		_, otherPath, _ := snapshot.ParseEntityID(other)
		add(confTwin, "the report finds this document a near twin of "+other+": "+d.Message,
			&enrich.FlagRedundancy{With: other},
			[]enrich.Evidence{{Source: enrich.SourceSnapshot, Path: t.Path}, {Source: enrich.SourceSnapshot, Path: otherPath}}, d.ID)
	}
	related := map[string]bool{}
	for _, nb := range pk.Neighbours {
		if nb.Direction == "out" {
			related[nb.ID] = true
		}
	}
	for _, m := range c.names.proseMentions(blocks, t.ID) {
		if related[m.to] || (pk.Omitted.Neighbours > 0 && inCode(blocks, m.to)) {
			continue // observed already, or may be: the pack left neighbours out
		}
		conf := confPathProse
		if !strings.Contains(m.text, "/") {
			conf = confShortProse
		}
		add(conf, fmt.Sprintf("the document names %s in prose (%q, line %d), outside any code span or link the scan reads", m.to, m.text, m.line),
			&enrich.ProposeRelation{From: t.ID, To: m.to, Kind: snapshot.RelMentions, Detection: "prose"}, at(m.line))
	}
}

// announcement reports whether a document lies in a blog, news or
// release-notes tree.
func announcement(p string) bool {
	for _, d := range strings.Split(strings.ToLower(path.Dir(p)), "/") {
		switch d {
		case "blog", "news", "posts", "_posts", "changelog", "changelogs", "release-notes", "releases":
			return true
		}
	}
	return false
}

// inCode reports whether the document writes id's path in a code span
// (the scan then observes a mention the pack may have left out).
func inCode(blocks []block, id string) bool {
	_, p, _ := snapshot.ParseEntityID(id)
	for _, b := range blocks {
		if strings.Contains(b.text, p) && !strings.Contains(b.prose, p) {
			return true
		}
	}
	return false
}

// gapText says what an undocumented area lacks, naming what it holds.
func gapText(pk *pack.Pack) string {
	var inside []string
	for _, nb := range pk.Neighbours {
		if nb.Relation != snapshot.RelContains || nb.Direction != "out" || len(inside) == 3 || isTest(nb.Path) {
			continue
		}
		// By path inside the area: a Go package's name is its import path.
		name := strings.TrimPrefix(nb.Path, pk.Target.Path+"/")
		if name == "" {
			name = nb.Name
		}
		inside = append(inside, name)
	}
	s := "a document that explains " + pk.Target.Path + ": what it is for and how its parts fit together"
	if len(inside) > 0 {
		s += " (it holds " + strings.Join(inside, ", ") + ")"
	}
	return s
}

// nameable reports whether an id or a path can stand in a proposal: valid
// UTF-8 without control characters, and within the schema's bound
// (enrich.MaxIDRunes), which the validators would otherwise refuse.
func nameable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl) && utf8.RuneCountInString(s) <= enrich.MaxIDRunes
}

// clip cuts s to at most n runes.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// isTest reports whether a path is a test file by the common conventions
// (Go, JavaScript and TypeScript, Python).
func isTest(p string) bool {
	base := path.Base(p)
	for _, d := range strings.Split(p, "/") {
		if d == "testdata" || d == "fixtures" || d == "__tests__" || strings.HasSuffix(d, "-test") {
			return true
		}
	}
	return strings.HasSuffix(base, "_test.go") || strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") ||
		strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py")
}

// metaString reads a string value of a metadata map.
func metaString(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

// frontMatter is a document's front matter: every scalar field the scan
// kept (frontMatterFields), lowercased keys.
func frontMatter(m map[string]any) map[string]string {
	out := map[string]string{}
	for _, key := range []string{"frontMatter", "frontMatterFields"} {
		fields, _ := m[key].(map[string]any)
		for k, v := range fields {
			if s, ok := v.(string); ok {
				out[strings.ToLower(k)] = s
			} else if v != nil {
				out[strings.ToLower(k)] = fmt.Sprint(v)
			}
		}
	}
	return out
}
