package main

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/review"
)

// The suggestions fixture: the pull request adds docs/guide.md with two
// near-miss anchors (lines 3 and 4) and docs/setup.md, and writes a third
// near miss into docs/intro.md, whose patch GitHub does not list (as for a
// large diff): that one is outside the diff.
const (
	sgGuide = "# Guide\n\nRead [setup](setup.md#instal) first.\nSee [ranking](rank.md#rankng) too.\n"
	sgSetup = "# Setup\n\n## Install\n\nSteps.\n"
	sgIntro = "# Intro\n\nStart with [ranking](rank.md#rankin).\n"
)

// patchOf is the patch of a new file holding content.
func patchOf(content string) string {
	lines := strings.Split(strings.TrimSuffix(content, "\n"), "\n")
	return "@@ -0,0 +1," + strconv.Itoa(len(lines)) + " @@\n+" + strings.Join(lines, "\n+") + "\n"
}

func suggestWorkspace(t *testing.T, w *e2eWorld, guide string) string {
	t.Helper()
	ws := workspace(t, "base")
	for p, c := range map[string]string{"docs/guide.md": guide, "docs/setup.md": sgSetup, "docs/intro.md": sgIntro} {
		if err := writeFileAll(filepath.Join(ws, filepath.FromSlash(p)), []byte(c)); err != nil {
			t.Fatal(err)
		}
	}
	w.gh.SetFiles(e2ePR, []string{"docs/guide.md", "docs/intro.md", "docs/setup.md"})
	w.gh.SetPatch(e2ePR, "docs/guide.md", patchOf(guide))
	w.gh.SetPatch(e2ePR, "docs/setup.md", patchOf(sgSetup))
	return ws
}

// standing are the bot's suggestion comments, by line of docs/guide.md.
func standing(t *testing.T, gh *ghapitest.Fake) map[int]string {
	t.Helper()
	out := map[int]string{}
	for _, c := range gh.ReviewComments() {
		if _, ok := review.SuggestionFingerprint(c.Body); ok && c.User == ghapitest.Bot {
			if c.Path != "docs/guide.md" {
				t.Errorf("a suggestion on %s", c.Path)
			}
			out[c.Line] = c.Body
		}
	}
	return out
}

// suggested is the text of a suggestion block.
func suggested(t *testing.T, body string) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, "```suggestion\n")
	text, _, ok2 := strings.Cut(rest, "\n```")
	if !ok || !ok2 {
		t.Fatalf("no suggestion block in %q", body)
	}
	return text
}

// TestE2ESuggestedChanges: a pull request's fixable findings on added
// lines get one review of suggested changes, each of which, applied,
// removes its finding and adds none; the finding off the diff gets its
// exact fix command; a second run posts nothing again; once a suggestion
// is applied, it is withdrawn and the other stays.
func TestE2ESuggestedChanges(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	w.pushMain()
	ws := suggestWorkspace(t, w, sgGuide)
	pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: ws})
	pr.wantExit(t, 1)

	rvs := w.gh.Reviews()
	if len(rvs) != 1 || rvs[0].Event != "COMMENT" || rvs[0].CommitID != e2eHeadSHA || len(rvs[0].Comments) != 2 {
		t.Fatalf("reviews = %+v, want one COMMENT review of 2 on the head", rvs)
	}
	got := standing(t, w.gh)
	want := map[int]string{3: "Read [setup](setup.md#install) first.", 4: "See [ranking](rank.md#ranking) too."}
	for line, text := range want {
		if s := suggested(t, got[line]); s != text {
			t.Errorf("line %d suggests %q, want %q", line, s, text)
		}
	}
	// Each suggestion, applied alone to the head's file, removes its
	// finding and adds none: checked by the CLI on the edited tree.
	ids := reportIDs(pr.report)
	for line, body := range got {
		lines := strings.Split(sgGuide, "\n")
		lines[line-1] = suggested(t, body)
		after := checkTree(t, ws, map[string]string{"docs/guide.md": strings.Join(lines, "\n")})
		for _, f := range after.Findings {
			if !ids[f.ID] {
				t.Errorf("applying line %d's suggestion adds %s at %s:%d", line, f.Code, f.Location.Path, f.Location.Line)
			}
			if f.Location.Path == "docs/guide.md" && f.Location.Line == line {
				t.Errorf("applying line %d's suggestion leaves %s", line, f.Code)
			}
		}
	}
	intro := slices.IndexFunc(pr.report.Findings, func(f report.Finding) bool { return f.Location.Path == "docs/intro.md" && len(f.Edits) > 0 })
	if intro < 0 {
		t.Fatal("no fixable finding in docs/intro.md")
	}
	cmd := "`docbridge fix --finding " + pr.report.Findings[intro].ID + "` on this branch"
	sticky := stickyComments(w.gh)
	for name, text := range map[string]string{"comment": sticky[0].Body, "summary": pr.summary} {
		for _, s := range []string{"💡 2 suggested changes on the diff: 2 posted by this run, 0 from earlier runs kept, 0 withdrawn.", cmd} {
			if !strings.Contains(text, s) {
				t.Errorf("the %s lacks %q:\n%s", name, s, text)
			}
		}
	}

	// The same head again: nothing posted twice, nothing deleted.
	again := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.synchronize.json", workspace: ws})
	again.wantExit(t, 1)
	if n := len(w.gh.Reviews()); n != 1 {
		t.Errorf("%d reviews after the second run, want 1", n)
	}
	if n := len(w.gh.Requests(http.MethodDelete, "/pulls/comments/")); n != 0 {
		t.Errorf("the second run deleted %d suggestions", n)
	}
	if !strings.Contains(again.summary, "💡 2 suggested changes on the diff: 0 posted by this run, 2 from earlier runs kept, 0 withdrawn.") {
		t.Errorf("second summary:\n%s", again.summary)
	}

	// Line 3's suggestion committed: it is withdrawn, line 4's stays.
	lines := strings.Split(sgGuide, "\n")
	lines[2] = want[3]
	ws3 := suggestWorkspace(t, w, strings.Join(lines, "\n"))
	third := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.synchronize.json", workspace: ws3})
	third.wantExit(t, 1)
	if got := standing(t, w.gh); len(got) != 1 || got[4] == "" {
		t.Errorf("suggestions standing after the fix: %v, want line 4's only", got)
	}
	if n := len(w.gh.Reviews()); n != 1 {
		t.Errorf("%d reviews after the third run, want 1", n)
	}
	if !strings.Contains(third.summary, "💡 1 suggested change on the diff: 0 posted by this run, 1 from earlier runs kept, 1 withdrawn.") {
		t.Errorf("third summary:\n%s", third.summary)
	}
}

// TestE2EForkSuggestions: a fork's read-only token posts no review; the
// job summary shows the suggestions as a diff in a collapsed block.
func TestE2EForkSuggestions(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	w.pushMain()
	ws := suggestWorkspace(t, w, sgGuide)
	w.gh.Forbid(ghapitest.CheckRuns, ghapitest.Comments, ghapitest.Pulls)
	pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.fork.json", workspace: ws})
	pr.wantExit(t, 1)
	if n := len(w.gh.Writes()); n != 0 {
		t.Errorf("a fork's run wrote %d times", n)
	}
	for _, s := range []string{"<details><summary>💡 2 suggested changes not posted (a pull request from a fork gets a read-only token): the diff</summary>",
		"-Read [setup](setup.md#instal) first.\n+Read [setup](setup.md#install) first.\n"} {
		if !strings.Contains(pr.summary, s) {
			t.Errorf("the summary lacks %q:\n%s", s, pr.summary)
		}
	}
}

// reportIDs are the ids of a report's findings.
func reportIDs(r *report.Report) map[string]bool {
	out := map[string]bool{}
	for _, f := range r.Findings {
		out[f.ID] = true
	}
	return out
}

// checkTree checks a copy of ws with files replaced, in process.
func checkTree(t *testing.T, ws string, files map[string]string) *report.Report {
	t.Helper()
	dir := t.TempDir()
	err := filepath.WalkDir(ws, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(ws, p)
		if strings.HasPrefix(rel, ".docbridge") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if c, ok := files[filepath.ToSlash(rel)]; ok {
			data = []byte(c)
		}
		return writeFileAll(filepath.Join(dir, rel), data)
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := pipeline.Run(context.Background(), pipeline.Options{Repo: pipeline.Repo{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	return res.Report("test")
}

// TestE2EReviewRefused: a token refused the review (403) degrades as a
// fork does, but its sticky comment still goes out, with the diff.
func TestE2EReviewRefused(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	w.pushMain()
	ws := suggestWorkspace(t, w, sgGuide)
	w.gh.Forbid(ghapitest.Pulls)
	pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: ws})
	pr.wantExit(t, 1)
	if n := len(w.gh.Reviews()); n != 0 {
		t.Errorf("%d reviews", n)
	}
	sticky := stickyComments(w.gh)
	if len(sticky) != 1 {
		t.Fatalf("%d sticky comments", len(sticky))
	}
	for name, text := range map[string]string{"comment": sticky[0].Body, "summary": pr.summary} {
		for _, s := range []string{"<details><summary>💡 2 suggested changes not posted (the token may not post a review): the diff</summary>",
			"-See [ranking](rank.md#rankng) too.\n+See [ranking](rank.md#ranking) too.\n"} {
			if !strings.Contains(text, s) {
				t.Errorf("the %s lacks %q:\n%s", name, s, text)
			}
		}
	}
}
