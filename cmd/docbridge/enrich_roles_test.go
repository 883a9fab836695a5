package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/testtree"
)

// fakeReviewerEnv makes the test binary act as a command agent that
// objects to every proposal it is asked about, signing with the origin
// (JSON) in fakeReviewerOriginEnv.
const (
	fakeReviewerEnv       = "DOCBRIDGE_TEST_FAKE_REVIEWER"
	fakeReviewerOriginEnv = "DOCBRIDGE_TEST_FAKE_REVIEWER_ORIGIN"
)

func init() {
	if os.Getenv(fakeReviewerEnv) == "1" {
		os.Exit(fakeReviewer())
	}
}

func fakeReviewer() int {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		return 2
	}
	var req agent.Request
	if json.Unmarshal(data, &req) != nil || req.Task != agent.TaskReview || req.Role != agent.RoleReviewer {
		return 3
	}
	var js []string
	for _, raw := range req.Proposals {
		var p enrich.Proposal
		if err := json.Unmarshal(raw, &p); err != nil {
			return 4
		}
		js = append(js, fmt.Sprintf(`{"proposalId":%q,"verdict":"object","reason":"not what the page says","evidence":[{"source":"snapshot","path":%q}],"origin":%s}`,
			p.ProposalID, p.Evidence[0].Path, os.Getenv(fakeReviewerOriginEnv)))
	}
	fmt.Printf(`{"judgements":[%s]}`, strings.Join(js, ","))
	return 0
}

// TestEnrichCommandReviewer: a command agent as the reviewer objects to
// the built-in curator's proposals; the objections are recorded and move
// nothing; the builtin adjudicator is skipped and said; an unchanged
// repository asks the reviewer nothing.
func TestEnrichCommandReviewer(t *testing.T) {
	dir := enrichFixture(t)
	testtree.File(t, filepath.Join(dir, "docbridge.yaml"), fmt.Sprintf("enrich:\n  reviewer: command\n  adjudicator: builtin\n  command:\n    argv: [%q, \"-test.run=^$\"]\n", os.Args[0]))
	cfg := config.Default().Enrich.Command
	cfg.Argv = []string{os.Args[0], "-test.run=^$"}
	a, err := agent.NewCommand(cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	origin, _ := json.Marshal(enrich.Origin{AgentID: a.Identity().ID, AgentVersion: a.Identity().Version, PromptVersion: run.CommandReviewPrompt, Provider: "command"})
	t.Setenv(fakeReviewerEnv, "1")
	t.Setenv(fakeReviewerOriginEnv, string(origin))
	first := runEnrichJSON(t, dir)
	if first.Review == nil || first.Review.Asked == 0 || first.Review.Calls == 0 || first.Review.AgentError != "" {
		t.Fatalf("review step: %+v", first.Review)
	}
	if first.Judgements["object"] != first.Review.Asked {
		t.Fatalf("judgements %v for %d asked", first.Judgements, first.Review.Asked)
	}
	if first.Adjudication == nil || !strings.Contains(first.Adjudication.NotAsked, "builtin") {
		t.Fatalf("adjudication step: %+v", first.Adjudication)
	}
	ov := readOverlayFile(t, dir)
	if len(ov.Judgements) != first.Review.Asked || first.Accepted == 0 {
		t.Fatalf("overlay: %d judgements, %d accepted", len(ov.Judgements), first.Accepted)
	}
	second := runEnrichJSON(t, dir)
	if second.Review.Asked != 0 || second.Review.Calls != 0 || second.OverlayHash != first.OverlayHash {
		t.Fatalf("unchanged repository: %+v, %s vs %s", second.Review, second.OverlayHash, first.OverlayHash)
	}
	if code, out, _ := runCLI(t, "enrich", "list", dir); code != 0 || !strings.Contains(out, "      reviewer "+a.Identity().ID+": object\n") {
		t.Fatalf("list (exit %d):\n%s", code, out)
	}
	code, out, _ := runCLI(t, "enrich", dir)
	if code != 0 || !strings.Contains(out, "Review: command:") || !strings.Contains(out, "Adjudication: skipped") || !strings.Contains(out, "Judgements: (object ") {
		t.Fatalf("text report (exit %d):\n%s", code, out)
	}
}
