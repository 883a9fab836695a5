package cache

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/state"
)

func TestDirContract(t *testing.T) {
	// Entries saved within one clock tick tie on mtime; the contract's keys
	// then order by run id, which is the order they were saved in.
	contract{tick: func() {}, immutable: true}.run(t, NewDir(t.TempDir()))
}

// setMtime stamps an entry's modification time.
func setMtime(t *testing.T, d *Dir, key string, at time.Time) {
	t.Helper()
	if err := os.Chtimes(filepath.Join(d.path, key+dirSuffix), at, at); err != nil {
		t.Fatal(err)
	}
}

func TestDirNewest(t *testing.T) {
	const p = "docbridge-v1-p-c-main.1-"
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	cases := []struct {
		name   string
		mtimes map[string]time.Duration // key suffix → offset from base
		want   string
	}{
		{"latest mtime wins over a larger run id", map[string]time.Duration{"9-1": 2 * time.Second, "10-1": time.Second}, "9-1"},
		{"equal mtimes: run ids compared as numbers", map[string]time.Duration{"9-1": 0, "10-1": 0}, "10-1"},
		{"equal mtimes: the later attempt", map[string]time.Duration{"10-1": 0, "10-2": 0}, "10-2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := NewDir(t.TempDir())
			for suffix, off := range c.mtimes {
				mustSave(t, d, p+suffix, []byte(suffix))
				setMtime(t, d, p+suffix, base.Add(off))
			}
			wantEntry(t, mustLoad(t, d, p), p+c.want, []byte(c.want))
		})
	}
}

func TestDirMiss(t *testing.T) {
	ctx := context.Background()
	for name, path := range map[string]string{
		"no directory": filepath.Join(t.TempDir(), "absent"),
		"empty":        t.TempDir(),
	} {
		if _, err := NewDir(path).Load(ctx, "docbridge-v1-"); !errors.Is(err, errMiss) {
			t.Errorf("%s: Load = %v, want errMiss", name, err)
		}
	}
}

// TestDirForeignFiles: files the store did not write are not entries.
func TestDirForeignFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"docbridge-v1-readme.md", ".tmp-123", ".docbridge-v1-hidden.entry", "docbridge-v1-a,b.entry"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "docbridge-v1-dir.entry"), 0o755); err != nil {
		t.Fatal(err)
	}
	if e, err := NewDir(dir).Load(context.Background(), "docbridge-v1-", ".docbridge-v1-"); !errors.Is(err, errMiss) {
		t.Errorf("Load = %q, %v, want errMiss", e.Key, err)
	}
}

func TestDirSaveAtomicAndBounded(t *testing.T) {
	ctx := context.Background()
	d := NewDir(filepath.Join(t.TempDir(), "nested", "state"))
	d.MaxBytes = 8
	mustSave(t, d, "k-1", []byte("12345678"))
	if err := d.Save(ctx, "k-2", []byte("123456789")); !errors.Is(err, state.ErrTooLarge) {
		t.Errorf("Save over the bound = %v", err)
	}
	names := dirNames(t, d.path)
	if !slices.Equal(names, []string{"k-1" + dirSuffix}) {
		t.Errorf("directory holds %q, want the one entry and no temporary file", names)
	}
	// An entry grown past the bound behind the store's back is refused.
	if err := os.WriteFile(filepath.Join(d.path, "k-3"+dirSuffix), []byte("123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Load(ctx, "k-3"); !errors.Is(err, state.ErrTooLarge) {
		t.Errorf("Load over the bound = %v", err)
	}
	for _, key := range []string{"../escape", "a/b", ".hidden", "sp ace", strings.Repeat("k", maxDirKeyLen+1)} {
		if err := d.Save(ctx, key, []byte("x")); err == nil {
			t.Errorf("Save(%q) accepted", key)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(d.path), "escape"+dirSuffix)); err == nil {
		t.Error("a key escaped the directory")
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if err := d.Save(canceled, "k-4", []byte("x")); !errors.Is(err, context.Canceled) {
		t.Errorf("Save with a canceled context = %v", err)
	}
	if _, err := d.Load(canceled, "k-1"); !errors.Is(err, context.Canceled) {
		t.Errorf("Load with a canceled context = %v", err)
	}
}

func TestDirEvicts(t *testing.T) {
	d := NewDir(t.TempDir())
	d.Keep = 3
	var evicted []string
	d.OnEvict = func(key string) { evicted = append(evicted, key) }
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var keys []string
	for i := 1; i <= 5; i++ {
		key := "docbridge-v1-p-c-main.1-" + strconv.Itoa(i) + "-1"
		keys = append(keys, key)
		mustSave(t, d, key, []byte(key))
		// Stamp after saving: run 2 is the newest by time, run 5 by number.
		setMtime(t, d, key, base.Add(time.Duration(map[int]int{1: 1, 2: 9, 3: 2, 4: 3, 5: 4}[i])*time.Second))
	}
	// Saving 4 kept {4, 2, 3} (newest by mtime at the time: 2, 3, and the
	// saved one) and evicted 1; saving 5 kept {5, 2, 4} and evicted 3.
	if !slices.Equal(evicted, []string{keys[0], keys[2]}) {
		t.Errorf("evicted %q, want runs 1 and 3", evicted)
	}
	want := []string{keys[1] + dirSuffix, keys[3] + dirSuffix, keys[4] + dirSuffix}
	if got := dirNames(t, d.path); !slices.Equal(got, want) {
		t.Errorf("kept %q, want %q", got, want)
	}
}

func TestDirBoundOnFiles(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i <= maxDirEntries; i++ {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := NewDir(dir).Load(context.Background(), "docbridge-v1-")
	if err == nil || errors.Is(err, errMiss) || !strings.Contains(err.Error(), strconv.Itoa(maxDirEntries)) {
		t.Errorf("Load of an overfull directory = %v, want a refusal naming the bound", err)
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, de := range des {
		out = append(out, de.Name())
	}
	return out
}
