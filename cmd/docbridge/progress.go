package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"
)

// progressAfter is how long a scan runs before it says where it is: a
// short scan prints nothing, a long one (a cold monorepo, a first build's
// slow disk) is not a silent terminal.
const (
	progressAfter = 2 * time.Second
	progressEvery = 200 * time.Millisecond
)

// terminalProgress shows a scan's phase and counts on one line of a
// terminal that it rewrites, and clears it when the scan ends. It writes
// nothing before progressAfter, and is never made for a writer that is
// not a terminal (a log, a pipe, a JSON report on stdout).
type terminalProgress struct {
	w           io.Writer
	now         func() time.Time
	start, last time.Time
	shown       bool
	// phase and done are what the line shows.
	phase string
	done  int
}

// newTerminalProgress returns the progress line for w, or nil when w is not
// a terminal.
func newTerminalProgress(w io.Writer) *terminalProgress {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return startProgress(w, time.Now)
}

func startProgress(w io.Writer, now func() time.Time) *terminalProgress {
	return &terminalProgress{w: w, now: now, start: now()}
}

// update is scan.Options.Progress. A nil progress does nothing.
func (p *terminalProgress) update(phase string, done, total int) {
	if p == nil {
		return
	}
	t := p.now()
	same := p.shown && phase == p.phase
	switch {
	case t.Sub(p.start) < progressAfter:
		return
	case same && done == p.done:
		return // nothing new
	case same && done != total && t.Sub(p.last) < progressEvery:
		return // a new phase and the last count show at once, the rest at most every progressEvery
	}
	line := "docbridge: " + phase
	if total > 0 {
		line += fmt.Sprintf(" %d of %d", done, total)
	}
	fmt.Fprintf(p.w, "\r\033[K%s", line)
	p.shown, p.last, p.phase, p.done = true, t, phase, done
}

// end clears the line, when one was shown.
func (p *terminalProgress) end() {
	if p != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}

// progressFunc is p's update, or nil for no progress.
func (p *terminalProgress) progressFunc() func(string, int, int) {
	if p == nil {
		return nil
	}
	return p.update
}
