package main

import (
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/mcpserver/mcptest"
)

// TestMCPEnrichPending: without an overlay the tool says so; after a run
// it lists the pending proposals with their approval ids, as `enrich list
// --pending --json` does; a person's approval outside MCP is reflected in
// the next call, and the accepted relation joins graph_edges and
// graph_neighbors marked proposed.
func TestMCPEnrichPending(t *testing.T) {
	dir := enrichFixture(t)
	cs := connectMCP(t, dir)
	none := mcptest.CallTool(t, cs, "enrich_pending", map[string]any{}).(map[string]any)
	if none["overlay"] != false || !strings.Contains(none["warning"].(string), "no enrichment overlay") || len(none["pending"].([]any)) != 0 {
		t.Fatalf("without an overlay: %v", none)
	}

	runEnrichJSON(t, dir)
	ov := readOverlayFile(t, dir)
	cli := cliJSON(t, "enrich", "list", "--pending", "--json", dir).(map[string]any)["pending"].([]any)
	got := mcptest.CallTool(t, cs, "enrich_pending", map[string]any{}).(map[string]any)
	if got["overlay"] != true || got["overlayHash"] != ov.ContentHash || got["total"] != float64(len(cli)) || len(cli) == 0 {
		t.Fatalf("pending: %v\nCLI: %v", got, cli)
	}
	var rel enrich.Proposal
	for i, e := range got["pending"].([]any) {
		e := e.(map[string]any)
		want := cli[i].(map[string]any)
		if e["proposalId"] != want["proposal"].(map[string]any)["proposalId"] || e["approvalId"] != want["approvalId"] || e["stale"] != false {
			t.Errorf("entry %d: %v, CLI %v", i, e, want)
		}
	}
	for _, p := range ov.Pending {
		if p.Proposal.Kind == enrich.KindProposeRelation {
			rel = p.Proposal
		}
	}
	one := mcptest.CallTool(t, cs, "enrich_pending", map[string]any{"kind": "propose-relation", "limit": 1}).(map[string]any)
	if rs := one["pending"].([]any); len(rs) != 1 || rs[0].(map[string]any)["proposalId"] != rel.ProposalID {
		t.Fatalf("kind filter: %v", one)
	}
	to := rel.Payload.(*enrich.ProposeRelation).To
	edges := mcptest.CallTool(t, cs, "graph_edges", map[string]any{"from": rel.Entity}).(map[string]any)
	for _, r := range edges["relations"].([]any) {
		if r.(map[string]any)["provenance"] == "proposed" {
			t.Fatalf("a pending relation is an edge: %v", r)
		}
	}

	if code, out, errOut := runCLI(t, "enrich", "approve", rel.ProposalID, dir, "--by", "alice"); code != 0 {
		t.Fatalf("approve: exit %d: %s%s", code, out, errOut)
	}
	after := mcptest.CallTool(t, cs, "enrich_pending", map[string]any{"kind": "propose-relation"}).(map[string]any)
	if after["total"] != float64(0) {
		t.Fatalf("approved but still pending: %v", after)
	}
	edges = mcptest.CallTool(t, cs, "graph_edges", map[string]any{"from": rel.Entity, "kind": "mentions"}).(map[string]any)
	var proposed map[string]any
	for _, r := range edges["relations"].([]any) {
		if r := r.(map[string]any); r["provenance"] == "proposed" {
			proposed = r
		}
	}
	if proposed == nil || proposed["to"] != to || proposed["id"] != "proposed:"+rel.ProposalID ||
		proposed["metadata"].(map[string]any)["acceptedBy"] != "alice" {
		t.Fatalf("graph_edges: %v", edges)
	}
	n := mcptest.CallTool(t, cs, "graph_neighbors", map[string]any{"id": rel.Entity}).(map[string]any)
	found := false
	for _, x := range n["nodes"].([]any) {
		x := x.(map[string]any)
		if x["id"] == to && x["relation"] == "proposed:"+rel.ProposalID {
			found = x["provenance"] == "proposed"
		}
		if x["provenance"] == "proposed" && x["relation"] != "proposed:"+rel.ProposalID {
			t.Errorf("an observed neighbour marked proposed: %v", x)
		}
	}
	if !found {
		t.Fatalf("graph_neighbors: %v", n)
	}
	node := mcptest.CallTool(t, cs, "graph_node", map[string]any{"id": rel.Entity}).(map[string]any)
	if node["proposedOut"].(map[string]any)["mentions"] != float64(1) {
		t.Fatalf("graph_node: %v", node)
	}
	if msg := mcptest.CallErr(t, cs, "enrich_pending", map[string]any{"kind": "praise"}); !strings.Contains(msg, "/properties/kind") || !strings.Contains(msg, "propose-relation") {
		t.Errorf("bad kind: %s", msg)
	}
	if msg := mcptest.CallErr(t, cs, "enrich_pending", map[string]any{"limit": 201}); !strings.Contains(msg, "/properties/limit") {
		t.Errorf("bad limit: %s", msg)
	}
}
