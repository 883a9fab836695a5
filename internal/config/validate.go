package config

import (
	"fmt"
	"path"
	"strings"
	"unicode"
)

// problem is a validation failure before it is given a file and a line; the
// decoder and Validate share these checks so they cannot disagree.
type problem struct {
	code, message string
}

// checkRange reports v outside [lo, hi].
func checkRange(v int64, lo, hi int) *problem {
	if v < int64(lo) || v > int64(hi) {
		return &problem{codeInvalid, fmt.Sprintf("must be between %d and %d, got %d", lo, hi, v)}
	}
	return nil
}

// checkVersion reports any version but version.
func checkVersion(v int64) *problem {
	if v != version {
		return &problem{codeUnsupported, fmt.Sprintf("unsupported version %d (the only version is %d)", v, version)}
	}
	return nil
}

// checkPath reports a directory path that is not relative, slash-separated
// and clean. allowRoot admits "." (the repository root itself).
func checkPath(p string, allowRoot bool) *problem {
	switch {
	case p == "":
		return &problem{codeInvalid, "must not be empty"}
	case strings.IndexFunc(p, unicode.IsControl) >= 0:
		return &problem{codeInvalid, fmt.Sprintf("%s contains a control character", quoteValue(p))}
	case strings.Contains(p, `\`):
		return &problem{codeInvalid, fmt.Sprintf("%s must use forward slashes", quoteValue(p))}
	case strings.HasPrefix(p, "/") || hasDriveLetter(p):
		return &problem{codeInvalid, fmt.Sprintf("%s must be relative to the repository root", quoteValue(p))}
	case hasDotDot(p):
		return &problem{codeInvalid, fmt.Sprintf("%s must not contain \"..\"", quoteValue(p))}
	case path.Clean(p) != p:
		return &problem{codeInvalid, fmt.Sprintf("%s is not clean (write %q)", quoteValue(p), path.Clean(p))}
	case p == "." && !allowRoot:
		return &problem{codeInvalid, `"." is the repository root, not a directory below it`}
	}
	return nil
}

// validatePatterns checks a list of gitignore-syntax patterns at key: its
// length, then each pattern.
func validatePatterns(key string, patterns []string, add func(string, *problem)) {
	add(key, checkCount(len(patterns), maxPatterns))
	for i, p := range patterns {
		add(fmt.Sprintf("%s.%d", key, i), checkPattern(p))
	}
}

// checkPattern reports a gitignore-syntax pattern that could not match inside
// the root. A leading "/" anchors a pattern to the root in gitignore, so it is
// allowed here, as are "!" negations, a trailing "/" and backslash escapes.
func checkPattern(p string) *problem {
	body := strings.TrimPrefix(p, "!")
	body = strings.TrimPrefix(body, "/")
	body = strings.TrimSuffix(body, "/")
	switch {
	case strings.TrimSpace(p) == "":
		return &problem{codeInvalid, "must not be empty"}
	case strings.IndexFunc(p, unicode.IsControl) >= 0:
		return &problem{codeInvalid, fmt.Sprintf("%s contains a control character", quoteValue(p))}
	case body == "":
		return &problem{codeInvalid, fmt.Sprintf("%s matches nothing", quoteValue(p))}
	case hasDriveLetter(body) || strings.HasPrefix(body, "/"):
		return &problem{codeInvalid, fmt.Sprintf("%s must be relative to the repository root", quoteValue(p))}
	case hasDotDot(body):
		return &problem{codeInvalid, fmt.Sprintf("%s must not contain \"..\"", quoteValue(p))}
	case path.Clean(body) != body:
		return &problem{codeInvalid, fmt.Sprintf("%s is not clean", quoteValue(p))}
	}
	return nil
}

// hasDriveLetter reports a Windows absolute path such as "C:/x" or "C:".
func hasDriveLetter(p string) bool {
	return len(p) >= 2 && p[1] == ':' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')
}

// hasDotDot reports a ".." path element.
func hasDotDot(p string) bool {
	for _, elem := range strings.Split(p, "/") {
		if elem == ".." {
			return true
		}
	}
	return false
}

// checkCount reports a list longer than its bound.
func checkCount(n, bound int) *problem {
	if n > bound {
		return &problem{codeTooMany, fmt.Sprintf("too many entries (%d, at most %d)", n, bound)}
	}
	return nil
}

// Validate checks a Config built in code (Parse already validates what it
// returns) and returns an *errorList without lines, or nil.
func (c *Config) Validate() error {
	var errs []*Error
	add := func(key string, p *problem) {
		if p != nil {
			errs = append(errs, &Error{Key: key, Message: p.message, Code: p.code})
		}
	}
	add(sectionVersion, checkVersion(int64(c.Version)))
	add("project.repository", checkRepository(c.Project.Repository))
	add("project.defaultBranch", checkBranch(c.Project.DefaultBranch))
	add("project.branches", checkCount(len(c.Project.Branches), maxBranches))
	for i, b := range c.Project.Branches {
		p := checkBranch(b)
		if b == "" {
			p = &problem{codeInvalid, "empty string"}
		}
		add(fmt.Sprintf("project.branches.%d", i), p)
	}
	validatePatterns("scan.exclude", c.Scan.Exclude, add)
	add("scan.maxFileBytes", checkRange(int64(c.Scan.MaxFileBytes), minMaxFileBytes, maxMaxFileBytes))
	add("scan.maxFiles", checkRange(int64(c.Scan.MaxFiles), minMaxFiles, maxMaxFiles))
	add("analysis.areas", checkCount(len(c.Analysis.Areas), maxAreas))
	seen := make(map[string]int, len(c.Analysis.Areas))
	for i, a := range c.Analysis.Areas {
		key := fmt.Sprintf("analysis.areas.%d.path", i)
		if first, dup := seen[a.Path]; dup {
			add(key, &problem{codeDuplicate, fmt.Sprintf("duplicate area %s (first at analysis.areas.%d)", quoteValue(a.Path), first)})
			continue
		}
		seen[a.Path] = i
		add(key, checkPath(a.Path, false))
	}
	d := c.Analysis.Derive
	add("analysis.derive.roots", checkCount(len(d.Roots), maxRoots))
	roots := make(map[string]int, len(d.Roots))
	for i, r := range d.Roots {
		key := fmt.Sprintf("analysis.derive.roots.%d", i)
		if first, dup := roots[r]; dup {
			add(key, &problem{codeDuplicate, fmt.Sprintf("duplicate root %s (first at analysis.derive.roots.%d)", quoteValue(r), first)})
			continue
		}
		roots[r] = i
		add(key, checkPath(r, true))
	}
	add("analysis.derive.depth", checkRange(int64(d.Depth), MinDepth, MaxDepth))
	validatePatterns("analysis.derive.exclude", d.Exclude, add)
	validatePatterns("checks.cycles.exclude", c.Checks.Cycles.Exclude, add)
	validatePatterns("checks.documents.exclude", c.Checks.Documents.Exclude, add)
	validateSites(c.Sites, add)
	if l := newErrorList(errs); l != nil {
		return l
	}
	return nil
}

// maxQuotedRunes bounds how much of a value an error message repeats.
const maxQuotedRunes = 60

// quoteValue quotes v for a message, shortened to maxQuotedRunes.
func quoteValue(v string) string {
	r := []rune(v)
	if len(r) > maxQuotedRunes {
		return fmt.Sprintf("%q…", string(r[:maxQuotedRunes]))
	}
	return fmt.Sprintf("%q", v)
}
