package ghapi

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	goldenfile "github.com/docbridge/docbridge/internal/golden"
	"github.com/docbridge/docbridge/internal/review"

	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
)

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got)
}

func TestDryRunGolden(t *testing.T) {
	var out bytes.Buffer
	p, err := New(Config{DryRun: true, Out: &out, GitHub: GitHubOptions{Token: "ignored", Repository: fakeRepo}})
	if err != nil {
		t.Fatal(err)
	}
	if err := publish(context.Background(), p, nil, publication(findingsReport(4), 7)); err != nil {
		t.Fatal(err)
	}
	golden(t, "dryrun.golden", out.Bytes())
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "::") {
			t.Errorf("a dry run wrote a workflow command: %q", line)
		}
	}
}

func TestFallbackGolden(t *testing.T) {
	var out bytes.Buffer
	p, err := New(Config{Fork: true, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if err := publish(context.Background(), p, nil, publication(findingsReport(25), 7)); err != nil {
		t.Fatal(err)
	}
	golden(t, "fallback.golden", out.Bytes())
}

// TestFinishFailsMidway: the run is created and its first batch posted,
// then GitHub fails for good. The error is returned and every annotation
// still reaches the log as a workflow command.
func TestFinishFailsMidway(t *testing.T) {
	f := newFakeGitHub(t)
	f.AddFault(ghapitest.Fault{Method: "PATCH", PathContains: "/check-runs/", Skip: 1, Times: 100, Status: http.StatusInternalServerError,
		Body: `{"message":"Server Error"}`})
	var sleeps []time.Duration
	var out bytes.Buffer
	pub := publication(findingsReport(70), 0)
	err := publish(context.Background(), newPoster(t, f, &sleeps, &out), nil, pub)
	if err == nil || !strings.Contains(err.Error(), "batch 2 of 2") {
		t.Fatalf("error %v", err)
	}
	for _, r := range f.Runs() {
		if len(r.Annotations) != 50 || r.Status != "completed" {
			t.Errorf("run: %d annotations, %s", len(r.Annotations), r.Status)
		}
	}
	checkWorkflowCommands(t, out.String(), pub.CheckRun.Annotations)
}

func TestConclusion(t *testing.T) {
	if review.Conclusion(0) != review.ConclusionSuccess || review.Conclusion(3) != review.ConclusionFailure {
		t.Error("Conclusion")
	}
	if !strings.HasPrefix(publication(findingsReport(1), 1).Comment, review.StickyMarker) {
		t.Error("the rendered comment lacks the marker the poster looks for")
	}
}
