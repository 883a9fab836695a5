package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// enrichFixture is a small repository every curator rule has something
// to say about: a README with a lead paragraph behind badges, a guide with
// task headings and an acronym, a document naming a package in prose, and
// an area nothing documents.
func enrichFixture(t *testing.T) string {
	t.Helper()
	return testtree.New(t, map[string]string{
		"README.md": "# Widgets\n\n[![CI](https://example.com/ci.svg)](https://example.com/ci) Status: beta\n\n" +
			"Widgets turns plain configuration files into running widget servers, one per team, with no code to write.\n\n" +
			"See [the guide](docs/getting-started.md).\n",
		"docs/getting-started.md": "---\ntitle: Quick tour\n---\n# Quick tour\n\n" +
			"This page walks through a first widget server, from an empty directory to a running process.\n\n" +
			"## Installing the CLI\n\nDownload it.\n\n## Configure the cache\n\nEdit it.\n\n## Troubleshooting\n\nAsk.\n",
		"docs/architecture.md": "# Architecture\n\n" +
			"The server reads its configuration through internal/config and hands every request to the widget pipeline, which the rest of this page describes.\n",
		"docs/mcp.md":                 "# The MCP server\n\nWidgets speaks the Model Context Protocol (MCP) to editors and agents that ask about widgets.\n",
		"go.mod":                      "module example.com/widgets\n\ngo 1.22\n",
		"main.go":                     "package main\n\nimport \"example.com/widgets/internal/config\"\n\nfunc main() { config.Load() }\n",
		"internal/config/config.go":   "// Package config reads widget configuration.\npackage config\n\n// Load reads it.\nfunc Load() {}\n",
		"internal/storage/storage.go": "// Package storage keeps widgets on disk.\npackage storage\n\n// Put stores one.\nfunc Put() {}\n",
	})
}

// countingAgents replaces the enrich command's agent with the built-in
// curator behind a fake that records every pack it is asked about.
type countingAgents struct {
	mu    sync.Mutex
	calls int
	asked map[string]string // target id → pack hash, this run
}

func (c *countingAgents) install(t *testing.T) {
	t.Helper()
	old := newEnrichAgent
	t.Cleanup(func() { newEnrichAgent = old })
	newEnrichAgent = func(name string, cfg *config.Config, dir string, facts *pipeline.Repository) (agent.Agent, string, error) {
		a, prompt, err := old(name, cfg, dir, facts)
		return &fakeAgent{inner: a, counts: c}, prompt, err
	}
}

func (c *countingAgents) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls, c.asked = 0, map[string]string{}
}

type fakeAgent struct {
	inner  agent.Agent
	counts *countingAgents
}

func (f *fakeAgent) Identity() agent.Identity { return f.inner.Identity() }

func (f *fakeAgent) Ask(ctx context.Context, req agent.Request) (agent.Response, error) {
	f.counts.mu.Lock()
	f.counts.calls++
	for _, p := range req.Packs {
		f.counts.asked[p.Target.ID] = p.PackHash
	}
	f.counts.mu.Unlock()
	return f.inner.Ask(ctx, req)
}

func runEnrichJSON(t *testing.T, args ...string) run.Report {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"enrich", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("enrich exit %d: %s", code, errOut)
	}
	var rep run.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("enrich --json: %v\n%s", err, out)
	}
	return rep
}

func readOverlayFile(t *testing.T, dir string) *enrich.Overlay {
	t.Helper()
	ov, warn := enrich.ReadOverlay(dir)
	if ov == nil {
		t.Fatalf("no overlay: %s", warn)
	}
	return ov
}

// proposalsOf lists the overlay's proposals of one kind, whatever their
// standing, as "entity payload" lines.
func proposalsOf(ov *enrich.Overlay, kind enrich.Kind) []string {
	var out []string
	add := func(p enrich.Proposal) {
		if p.Kind == kind {
			b, _ := json.Marshal(p.Payload)
			out = append(out, p.Entity+" "+string(b))
		}
	}
	for _, a := range ov.Accepted {
		add(a.Proposal)
	}
	for _, p := range ov.Pending {
		add(p.Proposal)
	}
	for _, f := range ov.Findings {
		add(f.Proposal)
	}
	slices.Sort(out)
	return out
}

func TestEnrichBuiltinRun(t *testing.T) {
	dir := enrichFixture(t)
	rep := runEnrichJSON(t, dir)
	if rep.Agent.ID != "docbridge-curator" || rep.Packs == 0 || rep.Calls != 1 || rep.Asked != rep.Packs || rep.CacheHits != 0 {
		t.Fatalf("first run: %+v", rep)
	}
	ov := readOverlayFile(t, dir)
	if rep.OverlayHash != ov.ContentHash {
		t.Errorf("report hash %s, overlay %s", rep.OverlayHash, ov.ContentHash)
	}
	if rep.Accepted != len(ov.Accepted) || rep.Pending != len(ov.Pending) || rep.Findings != len(ov.Findings) || rep.Rejected != len(ov.Rejected) {
		t.Errorf("report partition %d/%d/%d/%d, overlay %d/%d/%d/%d", rep.Accepted, rep.Pending, rep.Findings, rep.Rejected,
			len(ov.Accepted), len(ov.Pending), len(ov.Findings), len(ov.Rejected))
	}
	for _, r := range ov.Rejected {
		t.Errorf("rejected %s %s on %s: %s %s", r.ProposalID, r.Kind, r.Entity, r.Reason, r.Detail)
	}
	want := map[enrich.Kind][]string{
		enrich.KindSummarize: {`document:README.md {"summary":"Widgets turns plain configuration files into running widget servers, one per team, with no code to write.","language":"en"}`},
		enrich.KindAddAlias: {
			`document:docs/getting-started.md {"alias":"getting started"}`,
			`document:docs/mcp.md {"alias":"Model Context Protocol"}`,
		},
		enrich.KindAddIntent: {
			`document:docs/getting-started.md {"phrase":"configure the cache","language":"en"}`,
			`document:docs/getting-started.md {"phrase":"install the CLI","language":"en"}`,
		},
		enrich.KindProposeRelation: {`document:docs/architecture.md {"from":"document:docs/architecture.md","to":"package:internal/config","kind":"mentions","detection":"prose"}`},
		// internal/config is named in prose only, which the scan does not
		// read: the report finds it undocumented too.
		enrich.KindFlagGap: {
			`area:internal/config {"area":"area:internal/config","missing":"a document that explains internal/config: what it is for and how its parts fit together (it holds config.go)"}`,
			`area:internal/storage {"area":"area:internal/storage","missing":"a document that explains internal/storage: what it is for and how its parts fit together (it holds storage.go)"}`,
		},
	}
	for kind, w := range want {
		if got := proposalsOf(ov, kind); !slices.Equal(got, w) {
			t.Errorf("%s:\n got  %q\n want %q", kind, got, w)
		}
	}
	if got := proposalsOf(ov, enrich.KindClassifyDocument); !slices.Contains(got, `document:README.md {"type":"readme","audience":"user","lifecycle":"current","criticality":"high"}`) {
		t.Errorf("classify-document: %q", got)
	}
	// The policy: a relation waits for a person, a gap is a finding.
	if len(ov.Pending) != 1 || ov.Pending[0].Proposal.Kind != enrich.KindProposeRelation {
		t.Errorf("pending: %+v", ov.Pending)
	}
	for _, a := range ov.Accepted {
		if a.AcceptedBy != enrich.ActorPolicy || a.Proposal.Kind.Policy() != enrich.PolicyAuto {
			t.Errorf("accepted %s %s by %s", a.Proposal.Kind, a.Proposal.Entity, a.AcceptedBy)
		}
	}

	code, out, errOut := runCLI(t, "enrich", dir)
	if code != 0 || !strings.Contains(out, "Packs: ") || !strings.Contains(out, "Overlay hash: "+ov.ContentHash) {
		t.Errorf("text report (exit %d): %s%s", code, out, errOut)
	}
}

func TestEnrichCache(t *testing.T) {
	dir := enrichFixture(t)
	counts := &countingAgents{}
	counts.install(t)

	counts.reset()
	first := runEnrichJSON(t, dir)
	all := counts.asked
	if counts.calls != 1 || len(all) != first.Packs {
		t.Fatalf("first run: %d calls, %d packs asked of %d", counts.calls, len(all), first.Packs)
	}

	counts.reset()
	second := runEnrichJSON(t, dir)
	if counts.calls != 0 || second.Calls != 0 || second.CacheHits != second.Packs {
		t.Fatalf("unchanged repository: %d calls (report %d), %d cache hits of %d", counts.calls, second.Calls, second.CacheHits, second.Packs)
	}
	if second.OverlayHash != first.OverlayHash {
		t.Errorf("unchanged repository: overlay hash %s, then %s", first.OverlayHash, second.OverlayHash)
	}

	// One document changes: only the packs whose hash moved are asked.
	testtree.File(t, filepath.Join(dir, "docs/getting-started.md"), "# Quick tour\n\nThis page walks through a first widget server, from an empty directory to a running process, twice.\n")
	counts.reset()
	third := runEnrichJSON(t, dir)
	edited := counts.asked
	if counts.calls != 1 || edited["document:docs/getting-started.md"] == "" {
		t.Fatalf("after an edit: %d calls, asked %v", counts.calls, edited)
	}
	if len(edited) >= len(all)/2 || third.CacheHits != third.Packs-len(edited) {
		t.Errorf("after an edit: %d of %d packs asked, %d cache hits", len(edited), len(all), third.CacheHits)
	}
	// The edited document's old proposals expired.
	ov := readOverlayFile(t, dir)
	expired := 0
	for _, r := range ov.Rejected {
		if r.Reason == enrich.ReasonExpired {
			expired++
			if r.Entity != "document:docs/getting-started.md" {
				t.Errorf("expired %s on %s", r.Kind, r.Entity)
			}
		}
	}
	if expired == 0 {
		t.Error("no proposal of the edited document expired")
	}
	// Every moved pack, and no other: a run without the cache sees them all.
	counts.reset()
	runEnrichJSON(t, "--cache", t.TempDir(), dir)
	for id, h := range counts.asked {
		moved := all[id] != h
		if _, asked := edited[id]; asked != moved {
			t.Errorf("%s: pack moved %v, asked again %v", id, moved, asked)
		}
	}

}

func TestEnrichApproveReject(t *testing.T) {
	dir := enrichFixture(t)
	testtree.File(t, filepath.Join(dir, "docs/storage.md"), "# Storage\n\nWidgets are kept on disk by internal/storage, and configured through internal/config as any other part of the server.\n")
	runEnrichJSON(t, dir)
	ov := readOverlayFile(t, dir)
	if len(ov.Pending) != 3 {
		t.Fatalf("pending: %+v", ov.Pending)
	}
	approve, reject := ov.Pending[0].Proposal, ov.Pending[1].Proposal

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"enrich", "approve", approve.ProposalID, dir}, "--by"},
		{[]string{"enrich", "approve", approve.ProposalID, dir, "--by", "policy"}, "refused (policy)"},
		{[]string{"enrich", "approve", approve.ProposalID, dir, "--by", "agent:docbridge-curator"}, "refused (self-approval)"},
		{[]string{"enrich", "approve", "0000000000000000", dir, "--by", "alice"}, "refused (unknown)"},
	} {
		code, _, errOut := runCLI(t, tc.args...)
		if code != exitBadInput || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %s; want %d and %q", tc.args[1:3], code, errOut, exitBadInput, tc.want)
		}
	}
	if after := readOverlayFile(t, dir); after.ContentHash != ov.ContentHash {
		t.Fatal("a refused decision changed the overlay")
	}

	code, out, errOut := runCLI(t, "enrich", "approve", approve.ProposalID, dir, "--by", "alice")
	if code != 0 || !strings.Contains(out, "approved") {
		t.Fatalf("approve: exit %d: %s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "enrich", "reject", reject.ProposalID, dir, "--by", "bob", "--reason", "the page names it in passing")
	if code != 0 || !strings.Contains(out, "rejected") {
		t.Fatalf("reject: exit %d: %s%s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, "enrich", "reject", approve.ProposalID, dir, "--by", "bob"); code != exitBadInput || !strings.Contains(errOut, "already-decided") {
		t.Errorf("deciding twice: exit %d: %s", code, errOut)
	}
	ov = readOverlayFile(t, dir)
	if !slices.ContainsFunc(ov.Accepted, func(a enrich.Accepted) bool {
		return a.Proposal.ProposalID == approve.ProposalID && a.AcceptedBy == "alice"
	}) {
		t.Error("the approved proposal is not accepted by alice")
	}
	if !slices.ContainsFunc(ov.Rejected, func(r enrich.Rejected) bool {
		return r.ProposalID == reject.ProposalID && r.Reason == enrich.ReasonRejectedByPerson && r.RejectedBy == "bob"
	}) {
		t.Error("the rejected proposal is not rejected by bob")
	}
	for _, p := range []enrich.Proposal{approve, reject} {
		if _, err := os.Stat(filepath.Join(dir, enrich.ApprovalsDir, enrich.ApprovalID(p.ProposalID, p.TargetContentHash)+".json")); err != nil {
			t.Errorf("approval record of %s: %v", p.ProposalID, err)
		}
	}
	code, out, _ = runCLI(t, "enrich", "list", "--pending", dir)
	if code != 0 || !strings.HasPrefix(out, "Pending: 1\n") || strings.Contains(out, approve.ProposalID) {
		t.Errorf("list --pending: exit %d: %s", code, out)
	}

	// The decisions survive the next run: the records decide again.
	rep := runEnrichJSON(t, dir)
	if rep.OverlayHash != ov.ContentHash {
		t.Errorf("the next run moved the overlay: %s, then %s", ov.ContentHash, rep.OverlayHash)
	}
}

func TestEnrichRevalidate(t *testing.T) {
	dir := enrichFixture(t)
	runEnrichJSON(t, dir)
	ov := readOverlayFile(t, dir)
	id := ov.Pending[0].Proposal.ProposalID
	if code, out, errOut := runCLI(t, "enrich", "approve", id, dir, "--by", "alice"); code != 0 {
		t.Fatalf("approve: %s%s", out, errOut)
	}
	code, out, errOut := runCLI(t, "enrich", "revalidate", dir)
	if code != 0 || !strings.Contains(out, " 0 mismatches") {
		t.Fatalf("revalidate: exit %d: %s%s", code, out, errOut)
	}
	// Without its approval record, alice's acceptance does not reproduce.
	p := ov.Pending[0].Proposal
	if err := os.Remove(filepath.Join(dir, enrich.ApprovalsDir, enrich.ApprovalID(p.ProposalID, p.TargetContentHash)+".json")); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "enrich", "revalidate", dir)
	if code != exitFindings || !strings.Contains(out, id+": stored accepted by alice, reproduced pending") {
		t.Errorf("revalidate without the record: exit %d: %s", code, out)
	}
}

func TestEnrichBadInput(t *testing.T) {
	dir := enrichFixture(t)
	for _, args := range [][]string{
		{"enrich", "--agent", "oracle", dir},
		{"enrich", "list", dir},
		{"enrich", "revalidate", dir},
		{"enrich", "approve"},
	} {
		if code, _, _ := runCLI(t, args...); code != exitBadInput {
			t.Errorf("%v: exit %d, want %d", args, code, exitBadInput)
		}
	}
}

// The models agent through the command: the token comes from the
// environment, the endpoint from the configuration, and a second run on an
// unchanged repository asks nothing.
func TestEnrichModelsAgent(t *testing.T) {
	var mu sync.Mutex
	requests := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests++
		mu.Unlock()
		if r.Header.Get("Authorization") != "Bearer test-token" {
			http.Error(w, "no token", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "c1", "object": "chat.completion", "created": 1, "model": "m",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": `{"proposals": []}`, "refusal": nil}}},
			"usage": map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
		})
	}))
	defer srv.Close()
	dir := enrichFixture(t)
	testtree.File(t, filepath.Join(dir, "docbridge.yaml"), "enrich:\n  agent: models\n  models:\n    baseURL: "+srv.URL+"\n    requestsPerMinute: 0\n")
	t.Setenv(agent.TokenEnv, "test-token")
	first := runEnrichJSON(t, dir)
	if first.Agent.ID != "openai-compatible" || first.Calls != 1 || first.AgentError != "" || requests == 0 {
		t.Fatalf("first run: %+v, %d requests", first, requests)
	}
	before := requests
	second := runEnrichJSON(t, dir)
	if second.Calls != 0 || requests != before || second.CacheHits != second.Packs {
		t.Errorf("unchanged repository: %+v, %d requests", second, requests-before)
	}
	t.Setenv(agent.TokenEnv, "")
	if code, _, errOut := runCLI(t, "enrich", dir); code != exitBadInput || !strings.Contains(errOut, agent.TokenEnv) {
		t.Errorf("without a token: exit %d: %s", code, errOut)
	}
}

// TestSearchReadsTheOverlay: after `enrich`, every command's projection
// carries the accepted proposals (intents the curator found in task
// headings); an overlay edited by hand is ignored with a warning and the
// search still answers; without an overlay the projection is
// retrieval.Project's, byte for byte.
func TestSearchReadsTheOverlay(t *testing.T) {
	dir := enrichFixture(t)
	if code, out, errOut := runCLI(t, "enrich", dir); code != 0 {
		t.Fatalf("enrich: exit %d\n%s%s", code, out, errOut)
	}
	repo, err := pipeline.Open(context.Background(), pipeline.Repo{Dir: dir, MaxStateBytes: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	s := repo.Scan.Snapshot
	proj, warning := pipeline.Projection(dir, s, repo.Signals, nil)
	intents := 0
	for _, e := range proj.Entries {
		for _, in := range e.Intents {
			if in.Provenance == snapshot.Proposed {
				intents++
			}
		}
	}
	if warning != "" || intents == 0 {
		t.Fatalf("projection with the overlay: %d proposed intents, warning %q", intents, warning)
	}
	plain := retrieval.Project(s, repo.Signals, nil)
	if proj.Hash == plain.Hash {
		t.Fatal("the overlay changed nothing in the projection")
	}

	overlay := filepath.Join(dir, filepath.FromSlash(enrich.OverlayPath))
	data, err := os.ReadFile(overlay)
	if err != nil {
		t.Fatal(err)
	}
	testtree.File(t, overlay, strings.Replace(string(data), `"accepted"`, `"accepted" `, 1)+"garbage")
	code, out, errOut := runCLI(t, "search", "--dir", dir, "--json", "widget")
	if code != 0 || !strings.Contains(errOut, "enrichment overlay ignored") || !strings.Contains(out, `"hits"`) {
		t.Fatalf("search over a broken overlay: exit %d, stderr %q\n%s", code, errOut, out)
	}

	if err := os.Remove(overlay); err != nil {
		t.Fatal(err)
	}
	got, _ := pipeline.Projection(dir, s, repo.Signals, nil)
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(plain)
	if string(a) != string(b) {
		t.Fatal("without an overlay the projection differs from retrieval.Project's")
	}
}

// TestWriteOverlayListPrintable: what an agent wrote reaches the terminal
// escaped, never as the control sequence it spelled.
func TestWriteOverlayListPrintable(t *testing.T) {
	raw := json.RawMessage(`{"proposalId":"\u001b]0;owned\u0007","kind":"no-such-kind","entity":"doc:\u202eevil"}`)
	ov := enrich.Build(enrich.BuildInput{Answers: []enrich.Answer{{Proposals: []json.RawMessage{raw}}}})
	if len(ov.Rejected) != 1 {
		t.Fatalf("fixture: %+v", ov.Rejected)
	}
	var b strings.Builder
	if err := writeOverlayList(&b, ov, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.ContainsFunc(strings.ReplaceAll(out, "\n", ""), textwriter.UnsafeRune) {
		t.Fatalf("a control character reached the output: %q", out)
	}
	if !strings.Contains(out, `\x1b]0;owned\x07`) || !strings.Contains(out, `doc:\u202eevil`) {
		t.Fatalf("the rejected entry is not shown escaped: %q", out)
	}
}

// A judge's error may quote its answer: control and bidi characters are
// made visible, never sent to the terminal.
func TestJudgeReportPrintsAgentErrorsPrintable(t *testing.T) {
	var b strings.Builder
	writeJudgeReport(&b, "review", &run.JudgeReport{AgentError: "bad answer \x1b[2J\u202egnirts"})
	if out := b.String(); strings.ContainsAny(out, "\x1b\u202e") || !strings.Contains(out, "bad answer") {
		t.Errorf("report %q: want the error without raw control or bidi characters", out)
	}
}
