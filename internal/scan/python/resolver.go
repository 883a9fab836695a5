package python

import (
	"path"
	"sort"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/target"
)

// Target kinds.
const (
	TargetModule     = target.Module     // a file of the tree
	targetExternal   = target.External   // not in the tree: stdlib or third party
	targetUnresolved = target.Unresolved // should be in the tree, but is not
)

// Target is where an import leads (see target.Target). Kind is
// TargetModule, targetExternal or targetUnresolved; Path is the
// repo-relative .py or .pyi file of a module target (a package resolves to
// its __init__.py); Name is, for an external target, the top-level module
// name (the first dotted component), for an unresolved one the dotted name
// as written, with its leading dots.
type Target = target.Target

// FileSystem answers whether repo-relative slash paths exist in the tree.
type FileSystem = target.FileSystem

// Resolver maps imports onto files. It only reads its FileSystem, so it is
// safe for concurrent use when the FileSystem is.
//
// An absolute import costs a few FileSystem probes per root; the roots of a
// tree are few (a handful even in a monorepo), so no cache is kept.
type Resolver struct {
	fs    FileSystem
	roots []string // cleaned, sorted, without duplicates
}

// NewResolver returns a Resolver over fsys with the given package roots
// (usually from Roots). Roots outside the repository are ignored.
func NewResolver(fsys FileSystem, roots []string) *Resolver {
	seen := map[string]bool{}
	var clean []string
	for _, r := range roots {
		if r, ok := cleanRel(r); ok && !seen[r] {
			seen[r] = true
			clean = append(clean, r)
		}
	}
	sort.Strings(clean)
	return &Resolver{fs: fsys, roots: clean}
}

// Resolve returns the targets of one import of fromFile, in the order of
// imp.Names and without duplicates: a from-import yields one target per
// name (a submodule, else the module the name is defined in), a plain
// import one target.
//
// Absolute names are looked up under every root, the roots containing
// fromFile first (the nearest first) and then the others in sorted order;
// last, when fromFile's directory is not a package, under that directory
// (Python puts a script's directory on sys.path). A name found nowhere is
// external. Relative names are looked up from fromFile's package only, and
// are unresolved when not found or when they climb above the nearest root.
func (r *Resolver) Resolve(fromFile string, imp Import) []Target {
	from, ok := cleanRel(fromFile)
	if !ok || imp.Level < 0 || (imp.Module != "" && !isDottedName(imp.Module)) ||
		(imp.Module == "" && imp.Level == 0) {
		return []Target{{Kind: targetUnresolved, Name: spelled(imp)}}
	}
	var parts []string
	if imp.Module != "" {
		parts = strings.Split(imp.Module, ".")
	}
	var dirs []string
	if imp.Level > 0 {
		dir, ok := r.relativeBase(from, imp.Level)
		if !ok {
			return []Target{{Kind: targetUnresolved, Name: spelled(imp)}}
		}
		dirs = []string{dir}
	} else {
		dirs = r.searchOrder(from)
	}
	if len(imp.Names) == 0 {
		return []Target{r.lookup(dirs, parts, "", imp)}
	}
	var out []Target
	seen := map[Target]bool{}
	for _, name := range imp.Names {
		t := r.lookup(dirs, parts, name, imp)
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// lookup resolves parts (plus name, for a from-import) in the first of dirs
// where either exists: the submodule parts.name, else the module parts.
func (r *Resolver) lookup(dirs, parts []string, name string, imp Import) Target {
	sub := parts
	if name != "" && name != "*" && isIdentifier(name) {
		sub = append(append([]string(nil), parts...), name)
	}
	for _, d := range dirs {
		if p := r.probe(d, sub); p != "" {
			return Target{Kind: TargetModule, Path: p}
		}
		if len(sub) > len(parts) {
			if p := r.probe(d, parts); p != "" {
				return Target{Kind: TargetModule, Path: p}
			}
		}
	}
	if imp.Level == 0 {
		// A regular package or module of the tree shadows any installed
		// one, so a missing part below it is broken, not external. A
		// namespace directory does not: other distributions may extend it.
		for _, d := range dirs {
			if r.probe(d, parts[:1]) != "" {
				return Target{Kind: targetUnresolved, Name: imp.Module}
			}
		}
		return Target{Kind: targetExternal, Name: parts[0]}
	}
	if imp.Module == "" && len(sub) > 0 {
		return Target{Kind: targetUnresolved, Name: strings.Repeat(".", imp.Level) + name}
	}
	return Target{Kind: targetUnresolved, Name: spelled(imp)}
}

// probe finds the module parts under dir: parts.py, parts.pyi, then the
// package parts/__init__.py(i). Empty parts is dir's own package. A
// directory without __init__.py is a namespace package: it never resolves
// itself, but its submodules do.
func (r *Resolver) probe(dir string, parts []string) string {
	base := path.Join(append([]string{dir}, parts...)...)
	if len(parts) > 0 {
		// One IsDir spares four IsFile probes for most external names. A
		// single part's parent is dir itself, which need not be listed.
		if len(parts) > 1 && !r.fs.IsDir(path.Dir(base)) {
			return ""
		}
		for _, p := range []string{base + ".py", base + ".pyi"} {
			if r.fs.IsFile(p) {
				return p
			}
		}
	}
	for _, p := range []string{path.Join(base, "__init__.py"), path.Join(base, "__init__.pyi")} {
		if r.fs.IsFile(p) {
			return p
		}
	}
	return ""
}

// searchOrder lists the directories an absolute import of from is looked up
// in: the roots containing from (nearest first), the other roots sorted,
// then from's own directory when it is not a package and not a root.
func (r *Resolver) searchOrder(from string) []string {
	var containing, others []string
	for _, root := range r.roots {
		if within(from, root) {
			containing = append(containing, root)
		} else {
			others = append(others, root)
		}
	}
	// Roots containing one file are nested in each other, so the longer is
	// the nearer.
	sort.SliceStable(containing, func(i, j int) bool { return len(containing[i]) > len(containing[j]) })
	order := append(containing, others...)
	dir := path.Dir(from)
	if !r.isPackage(dir) && !r.isRoot(dir) {
		order = append(order, dir)
	}
	return order
}

// relativeBase is the directory a relative import of the given level
// starts from: from's package, then one directory up per further dot.
// False when that climbs above the nearest root containing from.
func (r *Resolver) relativeBase(from string, level int) (string, bool) {
	dir := path.Dir(from)
	for i := 1; i < level; i++ {
		if dir == "." {
			return "", false
		}
		dir = path.Dir(dir)
	}
	return dir, within(dir, r.nearestRoot(from))
}

// nearestRoot is the deepest root containing p, "." when none does.
func (r *Resolver) nearestRoot(p string) string {
	best := "."
	for _, root := range r.roots {
		if within(p, root) && root != "." && len(root) > len(best) {
			best = root
		}
	}
	return best
}

func (r *Resolver) isRoot(dir string) bool {
	i := sort.SearchStrings(r.roots, dir)
	return i < len(r.roots) && r.roots[i] == dir
}

func (r *Resolver) isPackage(dir string) bool {
	return r.fs.IsFile(path.Join(dir, "__init__.py")) || r.fs.IsFile(path.Join(dir, "__init__.pyi"))
}

// ModuleName returns the dotted module name of file under the nearest root
// containing it: pkg/sub/__init__.py is "pkg.sub", src/pkg/m.py under the
// root src is "pkg.m". False when file is not a Python source or a path
// component is not an identifier.
func (r *Resolver) ModuleName(file string) (string, bool) {
	f, ok := cleanRel(file)
	if !ok || !IsSource(f) {
		return "", false
	}
	rel := f
	if root := r.nearestRoot(f); root != "." {
		rel = strings.TrimPrefix(f, root+"/")
	}
	rel = strings.TrimSuffix(strings.TrimSuffix(rel, ".pyi"), ".py")
	if path.Base(rel) == "__init__" {
		rel = path.Dir(rel)
	}
	if rel == "." || rel == "" {
		return "", false
	}
	name := strings.ReplaceAll(rel, "/", ".")
	if !isDottedName(name) {
		return "", false
	}
	return name, true
}

// spelled is an import's module as written, leading dots included.
func spelled(imp Import) string {
	if imp.Level <= 0 {
		return imp.Module
	}
	return strings.Repeat(".", imp.Level) + imp.Module
}
