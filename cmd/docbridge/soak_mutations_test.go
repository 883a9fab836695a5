package main

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// The soak's mutations: one change a pull request makes, applied to the
// working tree on disk, and what it took away — the paths, symbols and
// anchors that references in the base's documents may have named. The
// expected drift is computed from those and the two trees (soakExpected),
// never from docbridge's own reading of them.

// soakTree is the generated repository the soak changes.
type soakTree struct {
	root string
	rng  *rand.Rand
	next int      // makes fresh names unique
	gone []string // every path a mutation took away, for recreate
}

// soakGone is what a mutation took away.
type soakGone struct {
	paths   []string    // files moved away or deleted
	symbols []string    // symbols as documents write them (Handler3.Serve3)
	anchors [][2]string // {document, anchor} whose heading was retitled
}

func (g *soakGone) add(o soakGone) {
	g.paths = append(g.paths, o.paths...)
	g.symbols = append(g.symbols, o.symbols...)
	g.anchors = append(g.anchors, o.anchors...)
}

// soakMutation is one kind of change; apply returns false when the tree
// offers nothing to apply it to.
type soakMutation struct {
	name   string
	weight int
	apply  func(t *soakTree) (desc string, gone soakGone, ok bool, err error)
}

var soakMutations = []soakMutation{
	{"edit document", 2, (*soakTree).editDocument},
	{"add document", 1, (*soakTree).addDocument},
	{"add module", 1, (*soakTree).addModule},
	{"rename document", 2, (*soakTree).renameDocument},
	{"delete document", 1, (*soakTree).deleteDocument},
	{"move module", 2, (*soakTree).moveModule},
	{"move directory", 1, (*soakTree).moveDirectory},
	{"delete module", 1, (*soakTree).deleteModule},
	{"rename symbol", 2, (*soakTree).renameSymbol},
	{"retitle heading", 2, (*soakTree).retitleHeading},
	{"recreate a gone path", 1, (*soakTree).recreate},
}

// mutate applies one mutation picked by weight.
func (t *soakTree) mutate() (string, soakGone, error) {
	total := 0
	for _, m := range soakMutations {
		total += m.weight
	}
	for range 100 {
		n := t.rng.IntN(total)
		for _, m := range soakMutations {
			if n -= m.weight; n < 0 {
				desc, gone, ok, err := m.apply(t)
				if err != nil {
					return "", soakGone{}, fmt.Errorf("%s: %w", m.name, err)
				}
				if ok {
					t.gone = append(t.gone, gone.paths...)
					return m.name + ": " + desc, gone, nil
				}
				break
			}
		}
	}
	return "", soakGone{}, fmt.Errorf("no mutation applied in 100 attempts")
}

func soakIsDoc(p string) bool { return strings.HasSuffix(p, ".md") }
func soakIsModule(p string) bool {
	return strings.HasSuffix(p, ".ts") && path.Base(p) != "index.ts" || strings.HasSuffix(p, ".go") ||
		strings.HasSuffix(p, ".py") && path.Base(p) != "__init__.py"
}

// files lists the tree's files that keep accepts, sorted.
func (t *soakTree) files(keep func(string) bool) ([]string, error) {
	var out []string
	err := filepath.WalkDir(t.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".docbridge" {
				return filepath.SkipDir // the action's report
			}
			return nil
		}
		rel, err := filepath.Rel(t.root, p)
		if rel = filepath.ToSlash(rel); err == nil && keep(rel) {
			out = append(out, rel)
		}
		return err
	})
	slices.Sort(out)
	return out, err
}

// snapshotFiles reads every document and module: the base a pull request
// is judged against.
func (t *soakTree) snapshotFiles() (map[string]string, error) {
	list, err := t.files(func(p string) bool { return soakIsDoc(p) || soakIsModule(p) })
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(list))
	for _, p := range list {
		if out[p], err = t.read(p); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (t *soakTree) pickFile(keep func(string) bool) (string, bool, error) {
	list, err := t.files(keep)
	if err != nil || len(list) == 0 {
		return "", false, err
	}
	return list[t.rng.IntN(len(list))], true, nil
}

// pickRead picks one file that keep accepts and reads it.
func (t *soakTree) pickRead(keep func(string) bool) (p, content string, ok bool, err error) {
	if p, ok, err = t.pickFile(keep); !ok {
		return "", "", false, err
	}
	content, err = t.read(p)
	return p, content, err == nil, err
}

func (t *soakTree) fresh() int { t.next++; return t.next }

func (t *soakTree) abs(p string) string { return filepath.Join(t.root, filepath.FromSlash(p)) }

func (t *soakTree) read(p string) (string, error) {
	data, err := os.ReadFile(t.abs(p))
	return string(data), err
}

func (t *soakTree) write(p, content string) error {
	if err := os.MkdirAll(filepath.Dir(t.abs(p)), 0o755); err != nil {
		return err
	}
	return os.WriteFile(t.abs(p), []byte(content), 0o644)
}

func (t *soakTree) move(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(t.abs(to)), 0o755); err != nil {
		return err
	}
	return os.Rename(t.abs(from), t.abs(to))
}

// relLink is the relative link from document from to file to.
func relLink(from, to string) string {
	rel, err := filepath.Rel(filepath.FromSlash(path.Dir(from)), filepath.FromSlash(to))
	if err != nil {
		return to
	}
	return filepath.ToSlash(rel)
}

// editDocument appends prose, and sometimes a link to a document or a
// mention of a module that exists: nothing drifts.
func (t *soakTree) editDocument() (string, soakGone, bool, error) {
	p, s, ok, err := t.pickRead(soakIsDoc)
	if !ok {
		return "", soakGone{}, false, err
	}
	add := fmt.Sprintf("\nAnother paragraph, number %d, says more.\n", t.fresh())
	if t.rng.IntN(2) == 0 {
		if target, ok, err := t.pickFile(func(q string) bool { return soakIsDoc(q) || soakIsModule(q) }); err != nil {
			return "", soakGone{}, false, err
		} else if ok && target != p {
			add += fmt.Sprintf("See [%s](%s) and `%s`.\n", path.Base(target), relLink(p, target), target)
		}
	}
	return p, soakGone{}, true, t.write(p, s+add)
}

// addDocument writes a new document that links to and mentions what
// exists.
func (t *soakTree) addDocument() (string, soakGone, bool, error) {
	n := t.fresh()
	p := fmt.Sprintf("%s/added-%d.md", []string{"docs", "docs/more", "packages/pkg-1/docs"}[t.rng.IntN(3)], n)
	targets, err := t.files(func(q string) bool { return soakIsDoc(q) || soakIsModule(q) })
	if err != nil || len(targets) == 0 {
		return "", soakGone{}, false, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Added %d\n\n## Overview\n\n", n)
	for range 3 {
		target := targets[t.rng.IntN(len(targets))]
		fmt.Fprintf(&b, "See [%s](%s) and `%s`.\n", path.Base(target), relLink(p, target), target)
	}
	return p, soakGone{}, true, t.write(p, b.String())
}

// addModule writes a new TypeScript module with a fresh export.
func (t *soakTree) addModule() (string, soakGone, bool, error) {
	n := t.fresh()
	p := fmt.Sprintf("packages/pkg-%d/src/feature%d/added%d.ts", t.rng.IntN(3), t.rng.IntN(3), n)
	return p, soakGone{}, true, t.write(p, fmt.Sprintf("export function added%d(): number {\n  return %d;\n}\n", n, n))
}

func (t *soakTree) renameDocument() (string, soakGone, bool, error) {
	p, ok, err := t.pickFile(soakIsDoc)
	if !ok || p == "README.md" {
		return "", soakGone{}, false, err
	}
	dir := path.Dir(p)
	if t.rng.IntN(2) == 0 {
		dir = []string{"docs", "docs/moved", "packages/pkg-0/docs"}[t.rng.IntN(3)]
	}
	to := path.Join(dir, fmt.Sprintf("renamed-%d.md", t.fresh()))
	return p + " → " + to, soakGone{paths: []string{p}}, true, t.move(p, to)
}

func (t *soakTree) deleteDocument() (string, soakGone, bool, error) {
	p, ok, err := t.pickFile(soakIsDoc)
	if !ok || p == "README.md" {
		return "", soakGone{}, false, err
	}
	return p, soakGone{paths: []string{p}}, true, os.Remove(t.abs(p))
}

// moveModule renames a module in its directory or into a subdirectory: its
// path is gone, its symbols are declared at the new one.
func (t *soakTree) moveModule() (string, soakGone, bool, error) {
	p, ok, err := t.pickFile(soakIsModule)
	if !ok {
		return "", soakGone{}, false, err
	}
	dir := path.Dir(p)
	if t.rng.IntN(3) == 0 && !strings.HasSuffix(p, ".go") { // a Go file in another directory is another package
		dir = path.Join(dir, "moved")
	}
	to := path.Join(dir, fmt.Sprintf("renamed%d%s", t.fresh(), path.Ext(p)))
	return p + " → " + to, soakGone{paths: []string{p}}, true, t.move(p, to)
}

// moveDirectory renames a directory of modules (a TypeScript feature
// directory, a Go package, a Python package): every file below it is
// gone from its path, the references into it drift together.
func (t *soakTree) moveDirectory() (string, soakGone, bool, error) {
	p, ok, err := t.pickFile(soakIsModule)
	if !ok {
		return "", soakGone{}, false, err
	}
	dir := path.Dir(p)
	if !strings.Contains(dir, "/") { // not a directory at the top of the tree
		return "", soakGone{}, false, nil
	}
	below, err := t.files(func(q string) bool { return strings.HasPrefix(q, dir+"/") && (soakIsDoc(q) || soakIsModule(q)) })
	if err != nil {
		return "", soakGone{}, false, err
	}
	to := fmt.Sprintf("%s-moved%d", dir, t.fresh())
	return dir + "/ → " + to + "/", soakGone{paths: below}, true, t.move(dir, to)
}

// deleteModule deletes a module: its path and the symbols it declared are
// gone.
func (t *soakTree) deleteModule() (string, soakGone, bool, error) {
	p, s, ok, err := t.pickRead(soakIsModule)
	if !ok {
		return "", soakGone{}, false, err
	}
	gone := soakGone{paths: []string{p}}
	for _, d := range soakDeclared(s) {
		gone.symbols = append(gone.symbols, d.mention)
	}
	return p, gone, true, os.Remove(t.abs(p))
}

// soakDecl is a declaration the corpus's documents mention: the name as
// declared and the span a document writes for it.
type soakDecl struct {
	name, mention string
}

var (
	soakTSDecl = regexp.MustCompile(`(?m)^export (?:function|class) ((?:compute|Service)\w+)`)
	soakGoDecl = regexp.MustCompile(`(?m)^func \(h \*(\w+)\) (\w+)\(`)
	soakPyDecl = regexp.MustCompile(`(?m)^class (Worker\w+)`)
)

// soakDeclared lists the declarations of a module that documents mention.
func soakDeclared(src string) []soakDecl {
	var out []soakDecl
	for _, m := range soakTSDecl.FindAllStringSubmatch(src, -1) {
		out = append(out, soakDecl{m[1], m[1]})
	}
	for _, m := range soakGoDecl.FindAllStringSubmatch(src, -1) {
		out = append(out, soakDecl{m[2], m[1] + "." + m[2]})
	}
	for _, m := range soakPyDecl.FindAllStringSubmatch(src, -1) {
		out = append(out, soakDecl{m[1], m[1]})
	}
	return out
}

// renameSymbol renames one declaration in its module, every use in the
// file with it: the mention documents write is gone.
func (t *soakTree) renameSymbol() (string, soakGone, bool, error) {
	p, s, ok, err := t.pickRead(soakIsModule)
	if !ok {
		return "", soakGone{}, false, err
	}
	decls := soakDeclared(s)
	if len(decls) == 0 {
		return "", soakGone{}, false, nil
	}
	d := decls[t.rng.IntN(len(decls))]
	to := fmt.Sprintf("%sRenamed%d", d.name, t.fresh())
	out := regexp.MustCompile(`\b`+regexp.QuoteMeta(d.name)+`\b`).ReplaceAllString(s, to)
	return fmt.Sprintf("%s: %s → %s", p, d.name, to), soakGone{symbols: []string{d.mention}}, true, t.write(p, out)
}

var soakHeading = regexp.MustCompile(`(?m)^## (Section \d+)$`)

// retitleHeading retitles one "## Section N" of a document: its anchor
// is gone.
func (t *soakTree) retitleHeading() (string, soakGone, bool, error) {
	p, s, ok, err := t.pickRead(soakIsDoc)
	if !ok {
		return "", soakGone{}, false, err
	}
	hs := soakHeading.FindAllStringSubmatchIndex(s, -1)
	if len(hs) == 0 {
		return "", soakGone{}, false, nil
	}
	h := hs[t.rng.IntN(len(hs))]
	title := s[h[2]:h[3]]
	anchor := strings.ToLower(strings.ReplaceAll(title, " ", "-"))
	if strings.Count(s, "\n## "+title+"\n") != 1 {
		return "", soakGone{}, false, nil // a duplicate title keeps its anchor
	}
	to := fmt.Sprintf("Part %d", t.fresh())
	out := s[:h[2]] + to + s[h[3]:]
	return fmt.Sprintf("%s: %q → %q", p, title, to), soakGone{anchors: [][2]string{{p, anchor}}}, true, t.write(p, out)
}

// recreate writes a new file at a path a mutation took away earlier: a
// link or mention that was broken resolves again, to other content.
func (t *soakTree) recreate() (string, soakGone, bool, error) {
	var free []string
	for _, p := range t.gone {
		if _, err := os.Stat(t.abs(p)); err != nil && (soakIsDoc(p) || soakIsModule(p)) && !slices.Contains(free, p) {
			free = append(free, p)
		}
	}
	if len(free) == 0 {
		return "", soakGone{}, false, nil
	}
	p, n := free[t.rng.IntN(len(free))], t.fresh()
	var content string
	switch path.Ext(p) {
	case ".md":
		content = fmt.Sprintf("# Recreated %d\n\n## Section 0\n\nWritten again.\n", n)
	case ".ts":
		content = fmt.Sprintf("export function recreated%d(): number {\n  return %d;\n}\n", n, n)
	case ".go":
		pkg := strings.NewReplacer("-", "_", ".", "_").Replace(path.Base(path.Dir(p)))
		content = fmt.Sprintf("package %s\n\n// Recreated%d is new.\nfunc Recreated%d() int { return %d }\n", pkg, n, n, n)
	default:
		content = fmt.Sprintf("def recreated_%d():\n    return %d\n", n, n)
	}
	return p, soakGone{}, true, t.write(p, content)
}
