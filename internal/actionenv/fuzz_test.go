package actionenv

import (
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

var fuzzEvents = []string{EventPullRequest, EventPush, eventWorkflowDispatch, EventSchedule, EventIssueComment, "other"}

// FuzzDecodeEvent feeds arbitrary payloads to the decoder and the router:
// neither panics, and what the router acts on is what the decoder checked.
func FuzzDecodeEvent(f *testing.F) {
	sha := strings.Repeat("a", 40)
	f.Add(uint8(0), []byte(`{"action":"opened","number":2,"pull_request":{"head":{"sha":"`+sha+`","repo":{"full_name":"o/r"}},"base":{"ref":"main","repo":{"full_name":"o/r"}}},"repository":{"default_branch":"main"}}`))
	f.Add(uint8(0), []byte(`{"action":"synchronize","number":1,"pull_request":{"number":1,"head":{"sha":"`+sha+`","repo":null},"base":{"ref":"x"}}}`))
	f.Add(uint8(1), []byte(`{"ref":"refs/heads/main","after":"`+sha+`","repository":{"default_branch":"main"}}`))
	f.Add(uint8(1), []byte(`{"ref":"refs/tags/v1","deleted":true}`))
	f.Add(uint8(2), []byte(`{"ref":"refs/heads/dev"}`))
	f.Add(uint8(4), []byte(`{"action":"created","issue":{"number":3,"pull_request":{}},"comment":{"user":{"type":"Bot"}}}`))
	f.Add(uint8(3), []byte(`{"schedule":"* * * * *"}`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		name := fuzzEvents[int(which)%len(fuzzEvents)]
		ev, err := DecodeEvent(name, data)
		if err != nil {
			return
		}
		d := Route(&Env{Ref: "refs/heads/main", SHA: sha}, ev, modes[int(which)%len(modes)])
		if d.Reason == "" {
			t.Fatalf("decision without a reason: %+v", d)
		}
		switch d.Act {
		case ActReview:
			if ev.PullRequest == nil || d.PR <= 0 || !isSHA(d.HeadSHA) || d.BaseBranch == "" || d.Branch != "pull/"+strconv.Itoa(d.PR)+"/merge" {
				t.Fatalf("review of an unchecked pull request: %+v", d)
			}
		case ActScan:
			if ev.Push != nil && (d.Branch == "" || d.Branch != d.DefaultBranch || !isSHA(d.HeadSHA)) {
				t.Fatalf("scan of a push that is not the default branch's: %+v", d)
			}
		case ActEnrich:
			if d.Branch == "" || d.Branch != d.DefaultBranch || d.PR != 0 {
				t.Fatalf("enrichment off the default branch: %+v", d)
			}
		case ActGate:
			if ev.IssueComment == nil || ev.IssueComment.Action != "created" || d.PR <= 0 || d.Comment == 0 {
				t.Fatalf("a gate run on what is not a new pull-request comment: %+v", d)
			}
		case ActIgnore:
			if d.Branch != "" || d.PR != 0 {
				t.Fatalf("an ignored event carries a scope: %+v", d)
			}
		default:
			t.Fatalf("unknown act %q", d.Act)
		}
	})
}

// FuzzReadInputs feeds arbitrary input values: accepted ones are always
// within the documented sets, and paths stay inside the workspace.
func FuzzReadInputs(f *testing.F) {
	f.Add("error", "new", "true", ".", "", "github-actions[bot]")
	f.Add("none", "all", "FALSE", "a/../b", "ci/x.yaml", "app[bot]")
	f.Add("warn", "changed-files", "yes", "../x", "/abs", "@me")
	f.Fuzz(func(t *testing.T, failOn, filter, comment, wd, cfg, bot string) {
		in, err := ReadInputs(getenvOf(map[string]string{
			"INPUT_FAIL-ON": failOn, "INPUT_FILTER": filter, "INPUT_COMMENT": comment,
			"INPUT_WORKING-DIRECTORY": wd, "INPUT_CONFIG": cfg, "INPUT_BOT-LOGIN": bot,
		}))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "input ") {
				t.Fatalf("an error that names no input: %v", err)
			}
			return
		}
		if !slices.Contains(catalog.FailOns, in.FailOn) || !slices.Contains(filters, in.Filter) || !botLogin.MatchString(in.BotLogin) {
			t.Fatalf("accepted %+v", in)
		}
		for _, p := range []string{in.WorkingDirectory, in.Config} {
			if p != "" && (path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") || path.Clean(p) != p) {
				t.Fatalf("accepted a path outside the workspace: %q", p)
			}
		}
	})
}
