package repourl

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
)

// maxInputBytes bounds each file Read reads.
const maxInputBytes = 1 << 20

// Read gathers the inputs of Resolve for the work tree at dir: the
// environment through getenv, the event file GITHUB_EVENT_PATH names, and
// the git directory's config and refs/remotes/origin/HEAD (a .git file,
// "gitdir: …", and a linked worktree's commondir are followed). What
// cannot be read is left empty: the identity is then resolved from the
// rest, or is unknown.
func Read(dir string, p config.Project, getenv func(string) string) Inputs {
	in := Inputs{Project: p, EnvRepository: getenv("GITHUB_REPOSITORY"), EnvServerURL: getenv("GITHUB_SERVER_URL")}
	if ev := getenv("GITHUB_EVENT_PATH"); ev != "" {
		in.Event = readBounded(ev)
	}
	gitDir := filepath.Join(dir, ".git")
	info, err := os.Stat(gitDir)
	if err != nil {
		// No work tree here: a subdirectory of one is not the root the
		// repository's URLs are relative to.
		if abs, err := filepath.Abs(dir); err == nil {
			for d := filepath.Dir(abs); d != filepath.Dir(d); d = filepath.Dir(d) {
				if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
					in.Subdirectory = true
					break
				}
			}
		}
		return in
	}
	if !info.IsDir() {
		// A worktree or submodule: .git is "gitdir: <path>".
		line := strings.TrimSpace(string(readBounded(gitDir)))
		target, ok := strings.CutPrefix(line, "gitdir:")
		if !ok {
			return in
		}
		gitDir = strings.TrimSpace(target)
		if !filepath.IsAbs(gitDir) {
			gitDir = filepath.Join(dir, gitDir)
		}
	}
	common := gitDir
	if c := strings.TrimSpace(string(readBounded(filepath.Join(gitDir, "commondir")))); c != "" {
		common = c
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
	}
	in.GitConfig = readBounded(filepath.Join(common, "config"))
	in.OriginHEAD = string(readBounded(filepath.Join(common, "refs", "remotes", "origin", "HEAD")))
	return in
}

// readBounded returns at most maxInputBytes of a file, nil when it cannot
// be read.
func readBounded(name string) []byte {
	f, err := os.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxInputBytes))
	if err != nil {
		return nil
	}
	return data
}
