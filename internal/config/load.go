package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Load reads root/docbridge.yaml; when it is absent the defaults apply.
// The file must be a regular file: a symbolic link is refused, because
// error messages quote the file's content and a link could point at a
// secret outside the repository.
func Load(root string) (*Config, error) {
	path := filepath.Join(root, FileName)
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("load config: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("load config: %s is not a regular file (mode %s)", path, info.Mode().Type())
	}
	return readAndParse(path, FileName)
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
