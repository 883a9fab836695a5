//go:build linux

package dirwatch

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

func drain(t *testing.T, w *Watch) []Event {
	t.Helper()
	var got []Event
	lost, err := w.Drain(func(e Event) { got = append(got, e) })
	if err != nil || lost {
		t.Fatalf("drain: lost %v, %v", lost, err)
	}
	return got
}

// has reports whether events holds e.
func has(events []Event, e Event) bool { return slices.Contains(events, e) }

func TestWatchSaysWhatChanged(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"docs", "docs/deep", "src"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	guide := filepath.Join(root, "docs", "guide.md")
	if err := os.WriteFile(guide, []byte("# Guide\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("docs", filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	w, err := New(root, []string{".", "docs", "docs/deep", "linked", "gone", "docs/guide.md"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for d, want := range map[string]bool{".": true, "docs": true, "linked": true, "gone": false, "docs/guide.md": false, "src": false} {
		if w.Watching(d) != want {
			t.Errorf("Watching(%s) = %v", d, !want)
		}
	}
	if got := drain(t, w); len(got) != 0 {
		t.Fatalf("nothing happened yet: %v", got)
	}

	if err := os.WriteFile(guide, []byte("# Guide, edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := drain(t, w)
	// The symlinked directory is the same directory: both names hear it.
	for _, d := range []string{"docs", "linked"} {
		if !has(got, Event{Dir: d, Name: "guide.md", Op: Written}) || !has(got, Event{Dir: d, Name: "guide.md", Op: Touched}) {
			t.Errorf("a write in %s: %v", d, got)
		}
	}
	if got := drain(t, w); len(got) != 0 {
		t.Errorf("drained twice: %v", got)
	}

	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(guide, later, later); err != nil {
		t.Fatal(err)
	}
	if got := drain(t, w); !has(got, Event{Dir: "docs", Name: "guide.md", Op: Touched}) {
		t.Errorf("a new time: %v", got)
	}

	if err := os.WriteFile(filepath.Join(root, "docs", "deep", "new.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(root, "docs", "guide.md"), filepath.Join(root, "guide.md")); err != nil {
		t.Fatal(err)
	}
	got = drain(t, w)
	for _, e := range []Event{{"docs/deep", "new.md", Entries}, {"docs", "guide.md", Entries}, {".", "guide.md", Entries}} {
		if !has(got, e) {
			t.Errorf("no %v in %v", e, got)
		}
	}

	// Below an unwatched directory nothing is heard.
	if err := os.WriteFile(filepath.Join(root, "src", "x.go"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := drain(t, w); len(got) != 0 {
		t.Errorf("src is not watched: %v", got)
	}

	if err := os.RemoveAll(filepath.Join(root, "docs", "deep")); err != nil {
		t.Fatal(err)
	}
	if got := drain(t, w); !has(got, Event{Dir: "docs/deep", Op: Gone}) || !has(got, Event{Dir: "docs", Name: "deep", Op: Entries}) {
		t.Errorf("a directory removed: %v", got)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("a second close: %v", err)
	}
}

func TestWatchOverflowIsLost(t *testing.T) {
	root := t.TempDir()
	w, err := New(root, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	limit := 16384
	if b, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events"); err == nil {
		var n int
		if _, err := fmt.Sscan(string(b), &n); err == nil && n > 0 {
			limit = n
		}
	}
	if limit > 1<<16 {
		t.Skipf("a queue of %d events is too long to fill in a test", limit)
	}
	for i := range limit + 10 {
		f, err := os.Create(filepath.Join(root, "f"+strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	lost, err := w.Drain(func(Event) {})
	if err != nil || !lost {
		t.Errorf("after %d events: lost %v, %v", 2*(limit+10), lost, err)
	}
}
