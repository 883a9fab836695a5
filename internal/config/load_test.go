package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	full, err := os.ReadFile(filepath.Join("testdata", "full.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		setup   func(t *testing.T, root string)
		want    *Config
		wantErr string
	}{
		{"absent means defaults", func(*testing.T, string) {}, Default(), ""},
		{"present", func(t *testing.T, root string) {
			write(t, filepath.Join(root, FileName), full)
		}, fullConfig(), ""},
		{"errors name the file, not the absolute path", func(t *testing.T, root string) {
			write(t, filepath.Join(root, FileName), []byte("scan:\n  maxFiles: big\n"))
		}, nil, "docbridge.yaml:2: scan.maxFiles: expected an integer, got string \"big\""},
		{"a directory is refused", func(t *testing.T, root string) {
			if err := os.Mkdir(filepath.Join(root, FileName), 0o755); err != nil {
				t.Fatal(err)
			}
		}, nil, "is not a regular file"},
		{"a symbolic link is refused", func(t *testing.T, root string) {
			target := filepath.Join(t.TempDir(), "secret")
			write(t, target, []byte("version: 1\n"))
			if err := os.Symlink(target, filepath.Join(root, FileName)); err != nil {
				t.Skip("symlinks unavailable:", err)
			}
		}, nil, "is not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			tt.setup(t, root)
			got, err := Load(root)
			checkLoad(t, got, err, tt.want, tt.wantErr)
		})
	}
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "custom.yaml")
	write(t, path, []byte("languages: {go: nope}\n"))
	_, err := LoadFile(path)
	checkLoad(t, nil, err, nil, path+":1: languages.go: expected a boolean (true or false), got string \"nope\"")

	_, err = LoadFile(filepath.Join(dir, "missing.yaml"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadFile of a missing file: %v, want fs.ErrNotExist", err)
	}

	// A huge file is read only up to the bound, and rejected.
	big := filepath.Join(dir, "big.yaml")
	write(t, big, []byte(strings.Repeat("# padding\n", 3*MaxFileBytes/10)))
	_, err = LoadFile(big)
	if e := firstError(t, err); e.Code != CodeTooLarge {
		t.Errorf("LoadFile of a 3 MiB file: %+v", e)
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func checkLoad(t *testing.T, got *Config, err error, want *Config, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("error %v, want one containing %q", err, wantErr)
		}
		return
	}
	if err != nil {
		t.Fatalf("error: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}
