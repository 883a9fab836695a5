//go:build unix

package scan

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadRegular covers the size the walk saw disagreeing with the file by
// the time it is read: the result is always the file's bytes at one instant,
// bounded by maxBytes, whatever the hint.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f.md")
	content := bytes.Repeat([]byte("0123456789"), 1000) // 10,000 bytes
	if err := os.WriteFile(name, content, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		hint    int64
		max     int64
		want    []byte
		wantErr string
	}{
		{"hint exact", 10000, 1 << 20, content, ""},
		{"file shrank since the walk", 20000, 1 << 20, content, ""},
		{"file grew since the walk", 10, 1 << 20, content, ""},
		{"no hint", -1, 1 << 20, content, ""},
		{"grew to exactly the bound", 10, 10000, content, ""},
		{"grew past the bound", 10, 9999, nil, "grew past scan.maxFileBytes (9999)"},
		{"hint above the bound", 1 << 30, 9999, nil, "grew past scan.maxFileBytes (9999)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readRegular(name, tt.hint, tt.max)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tt.want) {
				t.Errorf("read %d bytes, want %d", len(got), len(tt.want))
			}
		})
	}

	t.Run("empty file", func(t *testing.T) {
		empty := filepath.Join(dir, "empty.md")
		if err := os.WriteFile(empty, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readRegular(empty, 0, 10)
		if err != nil || len(got) != 0 {
			t.Errorf("got %q, %v", got, err)
		}
	})
	t.Run("missing", func(t *testing.T) {
		_, err := readRegular(filepath.Join(dir, "gone.md"), 3, 10)
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("err = %v, want a not-exist error", err)
		}
	})
	t.Run("a FIFO swapped in after the walk does not hang", func(t *testing.T) {
		fifo := filepath.Join(dir, "fifo.md")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		done := make(chan error, 1)
		go func() { _, err := readRegular(fifo, 5, 10); done <- err }()
		select {
		case err := <-done:
			if err == nil {
				t.Error("reading a FIFO with no writer must fail, not return nothing")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("readRegular blocked on a FIFO")
		}
	})
}
