package ghapi

import (
	"context"
	"testing"

	"github.com/docbridge/docbridge/internal/review"
)

// fakeCheckPoster records the conclusion a Poster was given.
type fakeCheckPoster struct {
	Poster
	conclusion string
	ctxErr     error
}

func (f *fakeCheckPoster) FinishCheck(ctx context.Context, _ CheckRef, _ review.CheckRunOutput, conclusion string) error {
	f.conclusion, f.ctxErr = conclusion, ctx.Err()
	return nil
}

// TestSessionCancel: a session completes the check run it began with
// GitHub's "cancelled" conclusion.
func TestSessionCancel(t *testing.T) {
	f := &fakeCheckPoster{}
	s := NewSession(f, "abc", 0, review.GitHubContext{})
	s.ref = &CheckRef{ID: 7}
	if err := s.Cancel(context.Background()); err != nil {
		t.Fatal(err)
	}
	if f.conclusion != "cancelled" || f.ctxErr != nil {
		t.Fatalf("conclusion %q, want cancelled", f.conclusion)
	}
}
