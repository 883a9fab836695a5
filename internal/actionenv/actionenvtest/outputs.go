// Package actionenvtest reads what an action run leaves in the runner's
// file-command files. Tests only.
package actionenvtest

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
)

// ReadOutputs parses GITHUB_OUTPUT's heredoc entries; a missing file is
// no outputs.
func ReadOutputs(t testing.TB, path string) map[string]string {
	t.Helper()
	out := map[string]string{}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i := 0; i+2 < len(lines); i++ {
		name, delim, ok := strings.Cut(lines[i], "<<")
		if !ok || lines[i+2] != delim {
			continue
		}
		if _, dup := out[name]; dup {
			t.Fatalf("output %s written twice", name)
		}
		out[name] = lines[i+1]
		i += 2
	}
	return out
}
