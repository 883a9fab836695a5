package scan

import (
	"path"
	"strings"
)

// cmdDir is the directory that holds a repository's commands by
// convention (cmd/foo, tools/cmd/foo).
const cmdDir = "cmd"

// commandNames maps each command of the repository to the area and
// package entities at its directory: a directory directly under a cmd/
// directory, and a directory holding a Go main package (etcdctl/), each
// named by its last segment. A name two directories share is left out:
// a mention of it could mean either.
func (d *docRefs) commandNames() map[string][]string {
	dirs := map[string]bool{}
	for dir := range d.areaDirs {
		if path.Base(parentDir(dir)) == cmdDir {
			dirs[dir] = true
		}
	}
	for dir := range d.pkgDirs {
		if path.Base(parentDir(dir)) == cmdDir {
			dirs[dir] = true
		}
	}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Go != nil && x.Go.Package == "main" && !x.Go.IsTest {
			if dir := parentDir(x.Path); dir != "." && dir != "" {
				dirs[dir] = true
			}
		}
	}
	byName := map[string][]string{}
	count := map[string]int{}
	for _, dir := range sortedKeys(dirs) {
		name := path.Base(dir)
		count[name]++
		for _, id := range []string{d.areaDirs[dir], d.pkgDirs[dir]} {
			if id != "" {
				byName[name] = append(byName[name], id)
			}
		}
	}
	for name, n := range count {
		if n > 1 || len(byName[name]) == 0 {
			delete(byName, name)
		}
	}
	return byName
}

// commandMention returns the entities of the command a code span names
// as a command: its first word (after a shell prompt "$ "), when the span
// is a command line ("foo serve --port 80") or the bare name.
func (d *docRefs) commandMention(text string) []string {
	fields := strings.Fields(strings.TrimPrefix(strings.TrimSpace(text), "$ "))
	if len(fields) == 0 {
		return nil
	}
	return d.commands[fields[0]]
}
