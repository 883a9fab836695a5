//go:build linux

package atomicfile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestWriteKeepsASpecialFile: writing to a FIFO (as to
// /dev/null or /dev/stdout) goes through it and leaves it what it was; a
// rename would have put a regular file in its place.
func TestWriteKeepsASpecialFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// Opened read-write, a FIFO opens at once on Linux and has a reader
	// for the writer to find.
	r, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := Write(name, []byte("report")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(name)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO became %v", fi.Mode())
	}
	if err := r.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, len("report"))
	if _, err := io.ReadFull(r, got); err != nil || string(got) != "report" {
		t.Fatalf("the reader got %q (%v), want %q", got, err, "report")
	}
}
