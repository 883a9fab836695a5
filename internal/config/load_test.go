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
		}, nil, "docbridge.yaml:2: scan.maxFiles: expected an integer, got a string"},
		{"a directory is refused", func(t *testing.T, root string) {
			if err := os.Mkdir(filepath.Join(root, FileName), 0o755); err != nil {
				t.Fatal(err)
			}
		}, nil, "is not a regular file"},
		{"a symbolic link out of the repository is refused", func(t *testing.T, root string) {
			target := filepath.Join(t.TempDir(), "secret")
			write(t, target, []byte("version: 1\n"))
			if err := os.Symlink(target, filepath.Join(root, FileName)); err != nil {
				t.Skip("symlinks unavailable:", err)
			}
		}, nil, "docbridge.yaml is a symlink that leads out of the repository"},
		{"a symbolic link that climbs out relatively is refused", func(t *testing.T, root string) {
			write(t, filepath.Join(filepath.Dir(root), "outside.yaml"), []byte("version: 1\n"))
			if err := os.Symlink("../outside.yaml", filepath.Join(root, FileName)); err != nil {
				t.Skip("symlinks unavailable:", err)
			}
		}, nil, "leads out of the repository"},
		{"a symbolic link inside the repository is the file it names", func(t *testing.T, root string) {
			if err := os.Mkdir(filepath.Join(root, "ci"), 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(root, "ci", "docbridge.yaml"), full)
			if err := os.Symlink(filepath.Join("ci", "docbridge.yaml"), filepath.Join(root, FileName)); err != nil {
				t.Skip("symlinks unavailable:", err)
			}
		}, fullConfig(), ""},
		{"a symbolic link to a directory inside is refused", func(t *testing.T, root string) {
			if err := os.Mkdir(filepath.Join(root, "d"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("d", filepath.Join(root, FileName)); err != nil {
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
	checkLoad(t, nil, err, nil, path+":1: languages.go: expected a boolean (true or false), got a string")

	_, err = LoadFile(filepath.Join(dir, "missing.yaml"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LoadFile of a missing file: %v, want fs.ErrNotExist", err)
	}

	// A huge file is read only up to the bound, and rejected.
	big := filepath.Join(dir, "big.yaml")
	write(t, big, []byte(strings.Repeat("# padding\n", 3*MaxFileBytes/10)))
	_, err = LoadFile(big)
	if e := firstError(t, err); e.Code != codeTooLarge {
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
