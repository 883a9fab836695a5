package walk

import (
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Ignorer answers, for a path the walk never met, whether the walk would
// have left it out: a documented path that git ignores (dist/index.js, .env)
// or a built-in rule or the configuration excludes is not one a fresh
// checkout has, so its absence is no news.
type Ignorer struct {
	git    gitignore.Matcher // every ignore file's patterns, in walk order
	config gitignore.Matcher // Options.Exclude; nil when there are none
	// KeepInOutputDirs is the walk's Options.KeepInOutputDirs: a file it
	// keeps is not left out by an outputDirs name above it.
	KeepInOutputDirs func(path string) bool
}

// NewIgnorer builds the Ignorer of a walk from its Result.Ignores and the
// Options.Exclude it ran with. The ignore files must be in Result.Ignores'
// order: a directory's patterns after those of the directories above it,
// so that the deeper file wins, as in git.
func NewIgnorer(files []IgnoreFile, exclude []string) *Ignorer {
	var patterns []gitignore.Pattern
	for _, f := range files {
		var domain []string
		if f.Dir != "." && f.Dir != "" {
			domain = strings.Split(f.Dir, "/")
		}
		for _, line := range f.Patterns {
			if p, ok := newExactPattern(line, domain); ok {
				patterns = append(patterns, p)
			}
		}
	}
	ig := &Ignorer{git: gitignore.NewMatcher(patterns)}
	if len(exclude) > 0 {
		ig.config = gitignore.NewMatcher(parseIgnore([]byte(strings.Join(exclude, "\n")), nil).patterns)
	}
	return ig
}

// Ignored reports whether the walk would leave out the repository path p
// (slash-separated, relative to the root): p or a directory above it is
// ignored by git, excluded by the configuration, or (a directory above p,
// or p itself when isDir) has a builtinExcludes name — unless that name
// is an outputDirs one and KeepInOutputDirs keeps the file p.
func (ig *Ignorer) Ignored(p string, isDir bool) bool {
	p = strings.Trim(p, "/")
	if p == "" || p == "." {
		return false
	}
	comps := strings.Split(p, "/")
	kept := !isDir && ig.KeepInOutputDirs != nil && ig.KeepInOutputDirs(p)
	for i := 1; i <= len(comps); i++ {
		dir := i < len(comps) || isDir
		if dir && builtinExcluded(comps[i-1]) && !(kept && slices.Contains(outputDirs, comps[i-1])) {
			return true
		}
		if ig.git.Match(comps[:i], dir) || (ig.config != nil && ig.config.Match(comps[:i], dir)) {
			return true
		}
	}
	return false
}

func builtinExcluded(name string) bool {
	for _, b := range builtinExcludes {
		if name == b {
			return true
		}
	}
	return false
}
