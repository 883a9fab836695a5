package review

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
	goldenfile "github.com/docbridge/docbridge/internal/golden"
)

var testOrigin = enrich.Origin{AgentID: "curator", AgentVersion: "1", PromptVersion: "p/1"}

// pendingProposal is a proposal as the overlay holds it; the renderers
// read values and do not revalidate, so the id is made up.
func pendingProposal(id, entity string, conf float64, reason string, payload enrich.Payload) enrich.Pending {
	p := enrich.Proposal{
		ProposalID: id, Kind: payload.ProposalKind(), Entity: entity, TargetContentHash: "00000000000000a1",
		Confidence: conf, Reason: reason, Origin: testOrigin, Payload: payload,
		Evidence: []enrich.Evidence{{Source: enrich.SourceSnapshot, Path: strings.TrimPrefix(entity, "document:"), LineStart: 3, LineEnd: 9}},
	}
	return enrich.Pending{Proposal: p, ApprovalID: "ap-" + id}
}

func proposalsOverlay() *enrich.Overlay {
	return &enrich.Overlay{
		Pending: []enrich.Pending{
			pendingProposal("00000000000000c1", "document:docs/guide.md", 0.9, "the only install page", &enrich.MarkCanonical{Scope: "installation"}),
			pendingProposal("00000000000000c2", "document:docs/ops.md", 0.6, "both list the endpoints", &enrich.FlagRedundancy{With: "document:docs/api.md"}),
			pendingProposal("00000000000000c3", "document:docs/guide.md", 0.7, "the guide points at the API", &enrich.ProposeRelation{From: "document:docs/guide.md", To: "document:docs/api.md", Kind: "related-to", Detection: "prose"}),
			pendingProposal("00000000000000c4", "document:docs/api.md", 0.8, "says v1, code says v2", &enrich.FlagContradiction{Against: "module:api/v2.go", Claim: "the API is v1", Observed: "v2 routes"}),
			pendingProposal("00000000000000c5", "area:internal", 0.5, "one package", &enrich.SuggestArea{Directories: []string{"internal/a", "internal/b"}, Name: "core"}),
		},
		Accepted: []enrich.Accepted{
			{Proposal: pendingProposal("00000000000000a1", "document:docs/api.md", 0.8, "", &enrich.Summarize{Summary: "Every endpoint.", Language: "en"}).Proposal, AcceptedBy: enrich.ActorPolicy},
			{Proposal: pendingProposal("00000000000000a2", "document:docs/faq.md", 0.8, "", &enrich.MarkCanonical{Scope: "faq"}).Proposal, AcceptedBy: "mona", ApprovalID: "ap2"},
		},
		Findings: []enrich.Finding{{Proposal: pendingProposal("00000000000000f1", "area:internal", 0.5, "", &enrich.FlagGap{Area: "area:internal", Missing: "a README"}).Proposal}},
		Rejected: []enrich.Rejected{
			{ProposalID: "00000000000000b1", Kind: "flag-redundancy", Entity: "document:docs/a.md", Reason: enrich.ReasonRejectedByPerson, Detail: "they differ", RejectedBy: "octocat"},
			{ProposalID: "00000000000000b2", Kind: "add-alias", Entity: "document:docs/a.md", Reason: enrich.ReasonAliasCollision, Detail: "x"},
		},
	}
}

func TestProposalsGolden(t *testing.T) {
	cases := []struct {
		name   string
		render func() string
	}{
		{"enrichment-body.md.golden", func() string {
			return EnrichmentPRBody(proposalsOverlay(), "Proposals by the built-in curator: GitHub Models is not permitted here.")
		}},
		{"enrichment-body-empty.md.golden", func() string { return EnrichmentPRBody(&enrich.Overlay{}, "") }},
		{"proposals-section.md.golden", func() string { return ProposalsSection(proposalsOverlay(), MaxCommentChars) }},
		{"command-reply.md.golden", func() string {
			return CommandReply("docbridge took 1 of 3 commands of this comment and refused these:", []RefusedCommand{
				{Line: "/approve", Reason: "/approve needs a proposal id: /approve <proposalId>"},
				{Line: "- 1. /approved @octocat <b>", Reason: "/approved is not a command: write /approve or /reject"},
			}, "")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			goldenfile.CheckStable(t, filepath.Join("testdata", c.name), func() ([]byte, error) { return []byte(c.render()), nil })
		})
	}
}

// The order the overlay lists its proposals in does not change the text.
func TestProposalsDeterministic(t *testing.T) {
	want := ProposalsSection(proposalsOverlay(), MaxCommentChars) + EnrichmentPRBody(proposalsOverlay(), "")
	for seed := range uint64(5) {
		ov := proposalsOverlay()
		r := rand.New(rand.NewPCG(seed, 1))
		r.Shuffle(len(ov.Pending), func(i, j int) { ov.Pending[i], ov.Pending[j] = ov.Pending[j], ov.Pending[i] })
		if got := ProposalsSection(ov, MaxCommentChars) + EnrichmentPRBody(ov, ""); got != want {
			t.Fatalf("seed %d: the text moved with the order", seed)
		}
	}
}

// Agent-written text cannot ping, inject HTML or markup, or break a list.
func TestProposalsEscapeHostileText(t *testing.T) {
	hostile := "@octocat <img src=x> [click](javascript:x) `code` | **b**\n- injected item <!-- docbridge:sticky v1 -->"
	ov := &enrich.Overlay{Pending: []enrich.Pending{
		pendingProposal("00000000000000d1", "document:docs/`x`|@y.md", 0.5, hostile, &enrich.FlagContradiction{Against: "module:a.go", Claim: hostile, Observed: hostile}),
	}, Rejected: []enrich.Rejected{{ProposalID: "00000000000000d2", Kind: "mark-canonical", Entity: "document:@z.md", Reason: enrich.ReasonRejectedByPerson, Detail: hostile, RejectedBy: "mona"}}}
	for name, out := range map[string]string{"body": EnrichmentPRBody(ov, hostile), "section": ProposalsSection(ov, MaxCommentChars)} {
		for _, bad := range []string{"@octocat", "@y", "<img", "[click](", "`code`", "**b**", "\n- injected", "<!--"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s holds %q:\n%s", name, bad, out)
			}
		}
		// A mention inside a code span notifies no one.
		if name == "section" && !strings.Contains(out, "| `document:@z.md` |") {
			t.Errorf("the rejected entity is not in a code span:\n%s", out)
		}
		if !strings.Contains(out, "`/approve 00000000000000d1`") && name == "body" {
			t.Errorf("%s lacks the command line", name)
		}
	}
}

// Many proposals: the body stays under GitHub's limit and says how many
// it left out.
func TestProposalsBounded(t *testing.T) {
	ov := &enrich.Overlay{}
	for i := range 2000 {
		ov.Pending = append(ov.Pending, pendingProposal(fmt.Sprintf("%016x", i), fmt.Sprintf("document:docs/p%04d.md", i), 0.5,
			strings.Repeat("long reason ", 40), &enrich.MarkCanonical{Scope: fmt.Sprintf("scope %d", i)}))
	}
	body := EnrichmentPRBody(ov, "")
	if len(body) > MaxCommentChars || len(body) < MaxCommentChars/2 {
		t.Fatalf("body of %d bytes", len(body))
	}
	shown := strings.Count(body, "`/approve ")
	if !strings.Contains(body, fmt.Sprintf("%d rows", 2000-shown)) || !strings.Contains(body, overlayWhere) {
		t.Fatalf("%d shown; the cut notice:\n%s", shown, body[len(body)-400:])
	}
	if s := ProposalsSection(ov, 10000); len(s) > 10000 || !strings.Contains(s, "Cut to stay under 10,000 characters") {
		t.Fatalf("section of %d bytes", len(s))
	}
	var refused []RefusedCommand
	for range 20 {
		refused = append(refused, RefusedCommand{Line: strings.Repeat("\x01", 1000), Reason: strings.Repeat("\x02", 1000)})
	}
	if r := CommandReply("head", refused, "tail"); len(r) > MaxCommentChars {
		t.Fatalf("reply of %d bytes", len(r))
	}
}

// The gate knows no agent note: RefreshEnrichmentPRBody keeps the one the
// nightly wrote, and renders the overlay it is given.
func TestRefreshEnrichmentPRBody(t *testing.T) {
	note := "Proposed by docbridge-curator (prompt rules/1) <b>x</b>."
	ov := proposalsOverlay()
	old := EnrichmentPRBody(&enrich.Overlay{}, note)
	if got, want := RefreshEnrichmentPRBody(ov, old), EnrichmentPRBody(ov, note); got != want {
		t.Fatalf("the note was not kept:\n%s\n--- want ---\n%s", got, want)
	}
	if got, want := RefreshEnrichmentPRBody(ov, EnrichmentPRBody(proposalsOverlay(), "")), EnrichmentPRBody(ov, ""); got != want {
		t.Fatalf("a body without a note gained one:\n%s", got)
	}
	if got, want := RefreshEnrichmentPRBody(ov, "written by a person"), EnrichmentPRBody(ov, ""); got != want {
		t.Fatalf("a foreign body:\n%s", got)
	}
}
