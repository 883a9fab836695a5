package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/scan"
)

// TestTerminalProgress: nothing before two seconds; then the phase and
// its counts on one rewritten line, at most every 200 ms but a new phase
// and the last count at once, nothing that repeats the line; the line is
// cleared at the end. A writer that is not a
// terminal gets no progress at all.
func TestTerminalProgress(t *testing.T) {
	var buf bytes.Buffer
	clock := time.Unix(0, 0)
	p := startProgress(&buf, func() time.Time { return clock })
	p.update(scan.PhaseWalk, 0, 0)
	clock = clock.Add(time.Second)
	p.update(scan.PhaseExtract, 1, 3)
	if buf.Len() != 0 {
		t.Fatalf("printed before 2 s: %q", buf.String())
	}
	clock = clock.Add(1500 * time.Millisecond)
	p.update(scan.PhaseExtract, 2, 3)
	clock = clock.Add(50 * time.Millisecond)
	p.update(scan.PhaseExtract, 2, 3) // throttled
	p.update(scan.PhaseExtract, 3, 3) // the last count is shown anyway
	p.update(scan.PhaseResolve, 0, 0) // a new phase is shown at once
	clock = clock.Add(time.Second)
	p.update(scan.PhaseResolve, 0, 0) // nothing new
	p.end()
	want := "\r\033[Kdocbridge: reading files 2 of 3" + "\r\033[Kdocbridge: reading files 3 of 3" +
		"\r\033[Kdocbridge: resolving references" + "\r\033[K"
	if got := buf.String(); got != want {
		t.Errorf("progress\n got %q\nwant %q", got, want)
	}
	if newTerminalProgress(&buf) != nil {
		t.Error("a buffer is no terminal")
	}
	var none *terminalProgress
	none.update(scan.PhaseWalk, 0, 0)
	none.end()
	if none.progressFunc() != nil || strings.Contains(buf.String(), "\n") {
		t.Error("no progress must do nothing")
	}
}
