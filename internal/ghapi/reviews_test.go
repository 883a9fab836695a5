package ghapi

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/review"
)

const reviewPatch = "@@ -1,3 +1,5 @@\n # A\n-old\n+See [b](b.md#instal).\n+See [c](c.md#usag).\n+Third.\n \n"

func wanted(fp string, line int) ReviewSuggestion {
	return ReviewSuggestion{Fingerprint: fp, Path: "docs/a.md", StartLine: line, Line: line,
		Body: review.SuggestionMarker(fp) + "\n```suggestion\nx\n```\n"}
}

// SyncSuggestions keeps the suggestions still wanted, deletes this bot's
// others (never another user's), posts the rest as one COMMENT review on
// the head, and a second run with the same wish writes nothing.
func TestSyncSuggestions(t *testing.T) {
	f := newFakeGitHub(t)
	const pr = 7
	f.SetPatch(pr, "docs/a.md", reviewPatch)
	stale := f.SeedReviewComment(ghapitest.ReviewComment{PR: pr, User: fakeBot, Path: "docs/a.md", Line: 2,
		Body: review.SuggestionMarker("00000000000000aa") + "\nold"})
	f.SeedReviewComment(ghapitest.ReviewComment{PR: pr, User: fakeBot, Path: "docs/a.md", Line: 3,
		Body: review.SuggestionMarker("00000000000000bb") + "\nkept"})
	f.SeedReviewComment(ghapitest.ReviewComment{PR: pr, User: "mallory", Path: "docs/a.md", Line: 2,
		Body: review.SuggestionMarker("00000000000000cc") + "\nnot ours"})
	f.SeedReviewComment(ghapitest.ReviewComment{PR: pr, User: fakeBot, Path: "docs/a.md", Line: 2, Body: "a review comment of another kind"})
	g, err := NewGitHub(fakeOptions(f, nil))
	if err != nil {
		t.Fatal(err)
	}
	want := []ReviewSuggestion{wanted("00000000000000bb", 3), wanted("00000000000000dd", 2)}
	multi := wanted("00000000000000ee", 4)
	multi.StartLine = 3
	want = append(want, multi)
	res, err := g.SyncSuggestions(context.Background(), pr, "headsha", want)
	if err != nil {
		t.Fatal(err)
	}
	if res != (SyncResult{Posted: 2, Kept: 1, Removed: 1}) {
		t.Errorf("result = %+v", res)
	}
	rvs := f.Reviews()
	if len(rvs) != 1 || rvs[0].Event != "COMMENT" || rvs[0].CommitID != "headsha" || len(rvs[0].Comments) != 2 {
		t.Fatalf("reviews = %+v", rvs)
	}
	var bodies []string
	for _, c := range f.ReviewComments() {
		if c.ID == stale {
			t.Error("the stale suggestion stands")
		}
		bodies = append(bodies, c.User+":"+strings.SplitN(c.Body, "\n", 2)[0])
		if strings.Contains(c.Body, "00000000000000ee") && (c.StartLine != 3 || c.Line != 4) {
			t.Errorf("multi-line suggestion on %d..%d", c.StartLine, c.Line)
		}
	}
	if len(bodies) != 5 {
		t.Errorf("comments standing: %v", bodies)
	}

	writes := len(f.Writes())
	res, err = g.SyncSuggestions(context.Background(), pr, "headsha", want)
	if err != nil || res != (SyncResult{Kept: 3}) {
		t.Errorf("second run: %+v, %v", res, err)
	}
	if n := len(f.Writes()); n != writes {
		t.Errorf("the second run wrote %d times", n-writes)
	}
	// Nothing wanted: every one of ours goes, the others stay.
	res, err = g.SyncSuggestions(context.Background(), pr, "headsha", nil)
	if err != nil || res != (SyncResult{Removed: 3}) {
		t.Errorf("nothing wanted: %+v, %v", res, err)
	}
	if n := len(f.ReviewComments()); n != 2 {
		t.Errorf("%d comments left, want mallory's and the other kind", n)
	}
}

// A line off the diff is refused as GitHub refuses it; a read-only token
// is a 403 the caller degrades on.
func TestSyncSuggestionsRefused(t *testing.T) {
	f := newFakeGitHub(t)
	f.SetPatch(7, "docs/a.md", reviewPatch)
	g, err := NewGitHub(fakeOptions(f, nil))
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.SyncSuggestions(context.Background(), 7, "headsha", []ReviewSuggestion{wanted("00000000000000dd", 1)})
	if err == nil || !strings.Contains(err.Error(), "part of the diff") {
		t.Errorf("off the diff: %v", err)
	}
	f.Forbid(ghapitest.Pulls)
	_, err = g.SyncSuggestions(context.Background(), 7, "headsha", []ReviewSuggestion{wanted("00000000000000dd", 2)})
	if !IsForbidden(err) {
		t.Errorf("read-only: %v, want a 403", err)
	}
	if n := len(f.Requests(http.MethodPost, "/reviews")); n != 2 {
		t.Errorf("%d review posts", n)
	}
}

// PullFiles lists each file with its patch.
func TestPullFiles(t *testing.T) {
	f := newFakeGitHub(t)
	f.SetFiles(7, []string{"README.md"})
	f.SetPatch(7, "docs/a.md", reviewPatch)
	g, err := NewGitHub(fakeOptions(f, nil))
	if err != nil {
		t.Fatal(err)
	}
	files, err := g.PullFiles(context.Background(), 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0] != (PullFile{Path: "README.md"}) || files[1] != (PullFile{Path: "docs/a.md", Patch: reviewPatch}) {
		t.Errorf("files = %+v", files)
	}
}
