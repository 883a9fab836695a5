package typescript

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// maxExtendsVisits bounds the configs visited to resolve one config's
// `extends` graph: with arrays, a graph can be exponentially larger than the
// configs in it.
const maxExtendsVisits = 256

// configLoader parses configurations and applies `extends`.
type configLoader struct {
	parsed map[string]configFile // every config, empty when unreadable
	issues []PathIssue
	seen   map[PathIssue]bool
}

// loadConfigs returns the effective options of every tsconfig.json and
// jsconfig.json. An unreadable one still governs its directory, with no
// options, rather than letting a parent's options apply where tsc would
// fail.
func loadConfigs(configs map[string][]byte) (map[string]options, []PathIssue) {
	l := &configLoader{parsed: map[string]configFile{}, seen: map[PathIssue]bool{}}
	keys := make([]string, 0, len(configs))
	for p := range configs {
		keys = append(keys, p)
	}
	slices.Sort(keys)
	for _, p := range keys {
		c := path.Clean(p)
		if _, dup := l.parsed[c]; dup {
			continue
		}
		if _, ok := joinWithin(".", c); !ok {
			l.issue(p, "configuration path is outside the repository; ignored")
			continue
		}
		cf, problems, err := parseConfig(c, configs[p])
		if err != nil {
			l.issue(c, fmt.Sprintf("%v; its options are not applied", err))
			cf = configFile{dir: path.Dir(c)}
		}
		for _, pr := range problems {
			l.issue(c, pr)
		}
		l.parsed[c] = cf
	}
	active := map[string]options{}
	for c := range l.parsed {
		// Every config is resolved, to report its problems; only those
		// named tsconfig.json or jsconfig.json govern files.
		budget := maxExtendsVisits
		o := l.resolve(c, nil, &budget)
		if slices.Contains(governingConfigs, path.Base(c)) {
			active[c] = o
		}
	}
	return active, l.issues
}

// resolve returns the effective options of config c: the options of each
// config it extends, in order, then its own on top. stack is the chain that
// led to c. Each config is resolved on its own, so an extends cycle is cut
// where it leads back into the chain: every config in the cycle keeps the
// options of the others, whichever is resolved first.
func (l *configLoader) resolve(c string, stack []string, budget *int) options {
	stack = append(stack, c)
	cf := l.parsed[c]
	var acc options
	for _, ext := range cf.extends {
		target, ok := l.extendsTarget(c, cf.dir, ext)
		if !ok {
			continue
		}
		if i := slices.Index(stack, target); i >= 0 {
			l.cycle(stack[i:])
			continue
		}
		if len(stack) >= maxExtendsDepth {
			l.issue(c, fmt.Sprintf("extends chain is deeper than %d; %q is not followed", maxExtendsDepth, ext))
			continue
		}
		if *budget == 0 {
			l.issue(stack[0], fmt.Sprintf("extends graph visits more than %d configurations; the rest are not followed", maxExtendsVisits))
			continue
		}
		*budget--
		acc = l.resolve(target, stack, budget).overlay(acc)
	}
	return cf.opts.overlay(acc)
}

// cycle reports an extends cycle once, on its smallest path, whichever
// config's resolution found it.
func (l *configLoader) cycle(configs []string) {
	start := slices.Index(configs, slices.Min(configs))
	ring := append(slices.Clone(configs[start:]), configs[:start]...)
	ring = append(ring, ring[0])
	l.issue(ring[0], fmt.Sprintf("extends cycle %s; each config in it ignores the extends that leads back to it", strings.Join(ring, " → ")))
}

// extendsTarget finds the config an `extends` entry names among those given:
// a relative path, as written or with ".json" added (as tsc tries).
func (l *configLoader) extendsTarget(c, dir, ext string) (string, bool) {
	switch {
	case ext == "":
		l.issue(c, "extends is empty; ignored")
		return "", false
	case path.IsAbs(ext):
		l.issue(c, fmt.Sprintf("extends %q is an absolute path; not followed", ext))
		return "", false
	case !isRelative(ext):
		l.issue(c, fmt.Sprintf("extends %q names a package; node_modules is not scanned, so its options are not applied", ext))
		return "", false
	}
	p, ok := joinWithin(dir, ext)
	if !ok {
		l.issue(c, fmt.Sprintf("extends %q points outside the repository; not followed", ext))
		return "", false
	}
	if _, ok := l.parsed[p]; ok {
		return p, true
	}
	if _, ok := l.parsed[p+".json"]; ok && !strings.HasSuffix(p, ".json") {
		return p + ".json", true
	}
	l.issue(c, fmt.Sprintf("extends %q: %s is not among the scanned configuration files; not followed", ext, p))
	return "", false
}

// issue records a PathIssue once; a config reached from several others
// would otherwise report the same problem each time.
func (l *configLoader) issue(p, msg string) {
	pi := PathIssue{Path: p, Issue: extract.Issue{Status: extract.StatusPartial, Message: msg}}
	if !l.seen[pi] {
		l.seen[pi] = true
		l.issues = append(l.issues, pi)
	}
}

func sortPathIssues(issues []PathIssue) {
	slices.SortStableFunc(issues, func(a, b PathIssue) int {
		if c := cmp.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return cmp.Compare(a.Issue.Message, b.Issue.Message)
	})
}
