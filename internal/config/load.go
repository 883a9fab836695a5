package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Load reads root/docbridge.yaml; when it is absent the defaults apply.
// The file must be a regular file, or a symbolic link to one inside root:
// a link out of the repository is refused, since a checkout must not make
// docbridge read (and name in its errors) a file of the machine.
func Load(root string) (*Config, error) {
	path := filepath.Join(root, FileName)
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("load config: %w", err)
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		// A symlink is the file it names, as long as that stays in the
		// repository: a checkout must not make docbridge read the runner's
		// files.
		if path, err = insideRoot(root, path); err != nil {
			return nil, err
		}
	} else if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("load config: %s is not a regular file (mode %s)", path, info.Mode().Type())
	}
	return readAndParse(path, FileName)
}

// insideRoot resolves the symlink at path and returns where it leads,
// refusing a place outside root.
func insideRoot(root, path string) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", fmt.Errorf("load config: %s: %w", FileName, err)
	}
	top, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Errorf("load config: %w", err)
	}
	rel, err := filepath.Rel(top, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("load config: %s is a symlink that leads out of the repository", FileName)
	}
	return real, nil
}

// LoadFile reads a configuration file named explicitly (--config); unlike
// Load, a missing file is an error. Messages name the file as given.
func LoadFile(path string) (*Config, error) {
	return readAndParse(path, path)
}

// readAndParse reads at most one byte more than MaxFileBytes, which is enough
// for Parse to report the size error at the line where the bound is crossed.
func readAndParse(path, name string) (*Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load config: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("load config: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("load config: %s is not a regular file (mode %s)", path, info.Mode().Type())
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("load config %s: %w", path, err)
	}
	return Parse(name, data)
}
