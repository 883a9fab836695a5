package scan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/mod/modfile"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// The edit generator of the warm-equals-cold property test. A world is a
// generated repository on disk; every edit is one small, realistic change a
// developer makes between two scans. Edits read the tree as it is now, so a
// sequence of them keeps producing meaningful changes (an import of a module
// that still exists, a heading that can be removed, and so on).

// world is the repository a property run edits.
type world struct {
	root string
	rng  *rand.Rand
	next int // makes fresh names unique within a run
	// The docbridge.yaml the run maintains.
	depth   int
	exclude []string
}

// change is what one edit did, and what the warm scan after it must show.
type change struct {
	desc string
	// touched are the files created or rewritten, plus files that became
	// visible to the walk: a warm scan may parse no more than these.
	touched []string
	// refuse, when set, is a substring of the reason the warm scan must give
	// for refusing the previous store.
	refuse string
	// previous, when set, rewrites the previous store before the warm scan.
	previous func(*Store) *Store
}

// edit is one kind of change; apply reports false when the tree offers
// nothing to apply it to (no Python module left to delete, say).
type edit struct {
	name  string
	apply func(w *world) (change, bool, error)
}

// edits are picked uniformly.
var edits = []edit{
	{"add document", (*world).addDocument},
	{"delete document", (*world).deleteDocument},
	{"rename document", (*world).renameDocument},
	{"modify document", (*world).modifyDocument},
	{"toggle document BOM", (*world).toggleBOM},
	{"add module", (*world).addModule},
	{"delete module", (*world).deleteModule},
	{"rename module", (*world).renameModule},
	{"modify module", (*world).modifyModule},
	{"break module", (*world).breakModule},
	{"add export", (*world).addExport},
	{"remove export", (*world).removeExport},
	{"add import", (*world).addImport},
	{"remove import", (*world).removeImport},
	{"add link", (*world).addLink},
	{"remove link", (*world).removeLink},
	{"add anchor link", (*world).addAnchorLink},
	{"add heading", (*world).addHeading},
	{"remove heading", (*world).removeHeading},
	{"add code span", (*world).addCodeSpan},
	{"change tsconfig paths", (*world).changeTSConfigPaths},
	{"change go.mod module path", (*world).changeGoModulePath},
	{"change package.json", (*world).changePackageJSON},
	{"change .gitignore", (*world).changeGitignore},
	{"change docbridge.yaml", (*world).changeConfig},
	{"bump an analyzer version", (*world).bumpAnalyzer},
}

// maxEditAttempts bounds the retries when the picked edit does not apply.
const maxEditAttempts = 200

// propertySpec is the repository every run starts from.
func propertySpec(seed uint64) corpus.Spec {
	return corpus.Spec{Seed: seed, Packages: 3, TSModules: 30, Documents: 20, GoModules: 12, PyModules: 8}
}

func newWorld(root string, seed uint64) (*world, error) {
	if err := corpus.Write(root, propertySpec(seed)); err != nil {
		return nil, err
	}
	w := &world{root: root, rng: rand.New(rand.NewPCG(seed, 0x5eed)), depth: 1}
	return w, w.writeConfig()
}

// step applies one uniformly picked edit.
func (w *world) step() (change, error) {
	for range maxEditAttempts {
		e := edits[w.rng.IntN(len(edits))]
		c, ok, err := e.apply(w)
		if err != nil {
			return change{}, fmt.Errorf("%s: %w", e.name, err)
		}
		if ok {
			c.desc = e.name + ": " + c.desc
			return c, nil
		}
	}
	return change{}, fmt.Errorf("no edit applied in %d attempts", maxEditAttempts)
}

// --- the tree ---

// files lists the files on disk (ignored ones too) that keep, sorted.
func (w *world) files(keep func(string) bool) ([]string, error) {
	var out []string
	err := filepath.WalkDir(w.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(w.root, p)
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); keep(rel) {
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

func (w *world) pick(list []string) string { return list[w.rng.IntN(len(list))] }

// pickIndex picks one of a list of line indexes or offsets.
func (w *world) pickIndex(list []int) int { return list[w.rng.IntN(len(list))] }

func (w *world) fresh() int { w.next++; return w.next }

func (w *world) abs(p string) string { return filepath.Join(w.root, filepath.FromSlash(p)) }

func (w *world) read(p string) (string, error) {
	data, err := os.ReadFile(w.abs(p))
	return string(data), err
}

func (w *world) write(p, content string) error {
	if err := os.MkdirAll(filepath.Dir(w.abs(p)), 0o755); err != nil {
		return err
	}
	return os.WriteFile(w.abs(p), []byte(content), 0o644)
}

// rewrite replaces a file's content and reports the change; an edit that
// would leave the file as it is does not apply.
func (w *world) rewrite(p, content, desc string) (change, bool, error) {
	if old, err := w.read(p); err == nil && old == content {
		return change{}, false, nil
	}
	return change{desc: desc, touched: []string{p}}, true, w.write(p, content)
}

// pickFile picks one file that keep accepts; ok is false when there is none.
func (w *world) pickFile(keep func(string) bool) (string, bool, error) {
	list, err := w.files(keep)
	if err != nil || len(list) == 0 {
		return "", false, err
	}
	return w.pick(list), true, nil
}

// pickRead picks one file that keep accepts and reads it; ok is false when
// there is none or it cannot be read.
func (w *world) pickRead(keep func(string) bool) (p, s string, ok bool, err error) {
	p, ok, err = w.pickFile(keep)
	if !ok {
		return "", "", false, err
	}
	if s, err = w.read(p); err != nil {
		return "", "", false, err
	}
	return p, s, true, nil
}

func isDoc(p string) bool { return strings.HasSuffix(p, ".md") }
func isTS(p string) bool  { return strings.HasSuffix(p, ".ts") }
func isGo(p string) bool  { return strings.HasSuffix(p, ".go") }
func isPy(p string) bool  { return strings.HasSuffix(p, ".py") }
func isModule(p string) bool {
	return isTS(p) || isGo(p) || isPy(p)
}

// language picks TS, Go or Python.
func (w *world) language() (string, func(string) bool) {
	switch w.rng.IntN(3) {
	case 0:
		return "ts", isTS
	case 1:
		return "go", isGo
	}
	return "py", isPy
}

// relFrom is the relative reference from the directory of file from to to.
func relFrom(from, to string) string {
	rel, err := filepath.Rel(filepath.FromSlash(path.Dir(from)), filepath.FromSlash(to))
	if err != nil {
		return to
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, "../") {
		rel = "./" + rel
	}
	return rel
}

func lines(s string) []string { return strings.SplitAfter(s, "\n") }

// removeLine drops line i of s.
func removeLine(s string, i int) string {
	l := lines(s)
	return strings.Join(slices.Delete(l, i, i+1), "")
}

// lineIndexes returns the indexes of the lines of s that keep accepts.
func lineIndexes(s string, keep func(string) bool) []int {
	var out []int
	for i, l := range lines(s) {
		if keep(l) {
			out = append(out, i)
		}
	}
	return out
}

// --- documents ---

func (w *world) addDocument() (change, bool, error) {
	n := w.fresh()
	dir := w.pick([]string{"docs", "notes", "packages/pkg-1/docs", "internal/pkg0"})
	p := fmt.Sprintf("%s/added-%d.md", dir, n)
	var b strings.Builder
	if w.rng.IntN(2) == 0 {
		mods, err := w.files(isModule)
		if err != nil {
			return change{}, false, err
		}
		if len(mods) > 0 {
			fmt.Fprintf(&b, "---\ntitle: Added %d\ndocbridge:\n  covers: [module:%s]\n---\n\n", n, w.pick(mods))
		}
	}
	fmt.Fprintf(&b, "# Added %d\n\n## Section %d\n\n", n, w.rng.IntN(5))
	targets, err := w.files(func(q string) bool { return isDoc(q) || isModule(q) })
	if err != nil {
		return change{}, false, err
	}
	for range 3 {
		t := w.pick(targets)
		fmt.Fprintf(&b, "See [%s](%s) and `%s`.\n", path.Base(t), relFrom(p, t), t)
	}
	return change{desc: p, touched: []string{p}}, true, w.write(p, b.String())
}

func (w *world) deleteDocument() (change, bool, error) {
	p, ok, err := w.pickFile(isDoc)
	if !ok {
		return change{}, ok, err
	}
	return change{desc: p}, true, os.Remove(w.abs(p))
}

func (w *world) renameDocument() (change, bool, error) {
	p, ok, err := w.pickFile(isDoc)
	if !ok {
		return change{}, ok, err
	}
	dir := path.Dir(p)
	if w.rng.IntN(2) == 0 {
		dir = w.pick([]string{"docs", "docs/moved", "packages/pkg-0/docs", "."})
	}
	return w.move(p, path.Join(dir, fmt.Sprintf("renamed-%d.md", w.fresh())))
}

func (w *world) move(from, to string) (change, bool, error) {
	if err := os.MkdirAll(filepath.Dir(w.abs(to)), 0o755); err != nil {
		return change{}, false, err
	}
	return change{desc: from + " → " + to, touched: []string{to}}, true, os.Rename(w.abs(from), w.abs(to))
}

func (w *world) modifyDocument() (change, bool, error) {
	p, s, ok, err := w.pickRead(isDoc)
	if !ok {
		return change{}, false, err
	}
	n := w.fresh()
	if strings.HasPrefix(s, "---\ntitle: ") && w.rng.IntN(2) == 0 {
		return w.rewrite(p, strings.Replace(s, "title: ", fmt.Sprintf("title: Retitled %d ", n), 1), p+" (front-matter title)")
	}
	return w.rewrite(p, s+fmt.Sprintf("\nA new paragraph, number %d, with more words.\n", n), p+" (prose)")
}

var utf8BOMText = string(utf8BOM)

// toggleBOM adds or removes a leading BOM: the document's hash (taken after
// the BOM) stays the same while its bytes change.
func (w *world) toggleBOM() (change, bool, error) {
	p, s, ok, err := w.pickRead(isDoc)
	if !ok {
		return change{}, false, err
	}
	if t, had := strings.CutPrefix(s, utf8BOMText); had {
		return w.rewrite(p, t, p+" (BOM removed)")
	}
	return w.rewrite(p, utf8BOMText+s, p+" (BOM added)")
}

// appendDoc appends text to a random document.
func (w *world) appendDoc(text func(doc string) (string, error)) (change, bool, error) {
	p, s, ok, err := w.pickRead(isDoc)
	if !ok {
		return change{}, false, err
	}
	add, err := text(p)
	if err != nil {
		return change{}, false, err
	}
	return w.rewrite(p, s+"\n"+add+"\n", fmt.Sprintf("%s += %q", p, add))
}

func (w *world) addLink() (change, bool, error) {
	targets, err := w.files(func(q string) bool { return isDoc(q) || isModule(q) || strings.HasSuffix(q, ".json") })
	if err != nil {
		return change{}, false, err
	}
	return w.appendDoc(func(doc string) (string, error) {
		t := relFrom(doc, w.pick(targets))
		switch w.rng.IntN(4) {
		case 0:
			t = path.Dir(t) // a directory: an area or a package
		case 1:
			t = strings.TrimSuffix(t, path.Ext(t)) + "-missing" + path.Ext(t) // broken
		}
		return fmt.Sprintf("Read [this link](%s).", t), nil
	})
}

func (w *world) removeLink() (change, bool, error) {
	p, s, ok, err := w.pickRead(func(q string) bool {
		if !isDoc(q) {
			return false
		}
		s, err := os.ReadFile(w.abs(q))
		return err == nil && bytes.Contains(s, []byte("]("))
	})
	if !ok {
		return change{}, false, err
	}
	// Unwrap one [text](destination) into its text.
	var starts []int
	for i := 0; ; {
		j := strings.Index(s[i:], "](")
		if j < 0 {
			break
		}
		starts = append(starts, i+j)
		i += j + 2
	}
	mid := starts[w.rng.IntN(len(starts))]
	open := strings.LastIndexAny(s[:mid], "[\n")
	end := strings.IndexAny(s[mid:], ")\n")
	if open < 0 || s[open] != '[' || end < 0 || s[mid+end] != ')' {
		return change{}, false, nil
	}
	link := s[open : mid+end+1]
	return w.rewrite(p, s[:open]+s[open+1:mid]+s[mid+end+1:], fmt.Sprintf("%s: unlinked %s", p, link))
}

// headings returns the ATX headings of a Markdown text.
func headings(s string) []int {
	return lineIndexes(s, func(l string) bool { return strings.HasPrefix(l, "#") })
}

func (w *world) addAnchorLink() (change, bool, error) {
	docs, err := w.files(isDoc)
	if err != nil {
		return change{}, false, err
	}
	return w.appendDoc(func(doc string) (string, error) {
		target := doc
		if w.rng.IntN(2) == 0 {
			target = w.pick(docs)
		}
		s, err := w.read(target)
		if err != nil {
			return "", err
		}
		anchor := fmt.Sprintf("section-%d", w.rng.IntN(10)) // may or may not exist
		if hs := headings(s); len(hs) > 0 && w.rng.IntN(2) == 0 {
			anchor = markdown.Slug(strings.TrimSpace(strings.TrimLeft(lines(s)[w.pickIndex(hs)], "#")))
		}
		if target == doc {
			return fmt.Sprintf("Jump to [that part](#%s).", anchor), nil
		}
		return fmt.Sprintf("See [that part](%s#%s).", relFrom(doc, target), anchor), nil
	})
}

func (w *world) addHeading() (change, bool, error) {
	return w.appendDoc(func(string) (string, error) {
		// "Section 9" repairs the corpus's deliberately broken #section-9.
		title := w.pick([]string{"Section 9", fmt.Sprintf("Section %d", w.rng.IntN(5)), fmt.Sprintf("Topic %d", w.fresh())})
		return fmt.Sprintf("## %s\n\nText under it.", title), nil
	})
}

func (w *world) removeHeading() (change, bool, error) {
	p, s, ok, err := w.pickRead(isDoc)
	if !ok {
		return change{}, false, err
	}
	hs := headings(s)
	if len(hs) == 0 {
		return change{}, false, nil
	}
	i := w.pickIndex(hs)
	return w.rewrite(p, removeLine(s, i), fmt.Sprintf("%s: removed %q", p, strings.TrimSpace(lines(s)[i])))
}

func (w *world) addCodeSpan() (change, bool, error) {
	mods, err := w.files(isModule)
	if err != nil || len(mods) == 0 {
		return change{}, false, err
	}
	var span string
	mod := w.pick(mods)
	switch w.rng.IntN(5) {
	case 0:
		span = mod
	case 1:
		span = path.Dir(mod) // a package or area directory
	case 2: // a near miss: two adjacent letters of the base name swapped
		b := []byte(mod)
		i := strings.LastIndex(mod, "/") + 1
		if i+1 < len(b) {
			b[i], b[i+1] = b[i+1], b[i]
		}
		span = string(b)
	default:
		syms, err := w.exportedNames(mod)
		if err != nil {
			return change{}, false, err
		}
		if len(syms) == 0 {
			return change{}, false, nil
		}
		span = w.pick(syms)
	}
	return w.appendDoc(func(doc string) (string, error) {
		if w.rng.IntN(4) == 0 && strings.Contains(span, "/") {
			return fmt.Sprintf("Relative: `%s`.", relFrom(doc, span)), nil
		}
		return fmt.Sprintf("Mentions `%s` here.", span), nil
	})
}

// --- modules ---

func (w *world) addModule() (change, bool, error) {
	lang, _ := w.language()
	n := w.fresh()
	var p, content string
	switch lang {
	case "ts":
		dir := fmt.Sprintf("packages/pkg-%d/src/feature%d", w.rng.IntN(3), w.rng.IntN(3))
		p = fmt.Sprintf("%s/fresh%d.ts", dir, n)
		imp, err := w.tsImport(p)
		if err != nil {
			return change{}, false, err
		}
		content = fmt.Sprintf("%s\nexport function fresh%d(): number {\n  return %d;\n}\n", imp, n, n)
	case "go":
		dir := w.pick([]string{"internal/pkg0", "internal/pkg1", fmt.Sprintf("internal/extra%d", n)})
		p = fmt.Sprintf("%s/fresh%d.go", dir, n)
		imp, err := w.goImport(dir)
		if err != nil {
			return change{}, false, err
		}
		content = fmt.Sprintf("// Package %s is extended.\npackage %s\n\n%s\n// Fresh%d is new.\nfunc Fresh%d() int { return %d }\n", path.Base(dir), path.Base(dir), imp, n, n, n)
	default:
		dir := w.pick([]string{"py/src/corpus", fmt.Sprintf("py/src/corpus/sub%d", n)})
		p = fmt.Sprintf("%s/fresh%d.py", dir, n)
		imp, err := w.pyImport(p)
		if err != nil {
			return change{}, false, err
		}
		content = fmt.Sprintf("%s\n\ndef fresh_%d():\n    return %d\n", imp, n, n)
	}
	return change{desc: p, touched: []string{p}}, true, w.write(p, content)
}

func (w *world) deleteModule() (change, bool, error) {
	_, keep := w.language()
	p, ok, err := w.pickFile(keep)
	if !ok {
		return change{}, ok, err
	}
	return change{desc: p}, true, os.Remove(w.abs(p))
}

func (w *world) renameModule() (change, bool, error) {
	_, keep := w.language()
	p, ok, err := w.pickFile(keep)
	if !ok {
		return change{}, ok, err
	}
	dir := path.Dir(p)
	if w.rng.IntN(3) == 0 {
		dir = path.Join(dir, "moved")
	}
	return w.move(p, path.Join(dir, fmt.Sprintf("renamed%d%s", w.fresh(), path.Ext(p))))
}

func (w *world) modifyModule() (change, bool, error) {
	lang, keep := w.language()
	p, s, ok, err := w.pickRead(keep)
	if !ok {
		return change{}, false, err
	}
	comment := "//"
	if lang == "py" {
		comment = "#"
	}
	return w.rewrite(p, s+fmt.Sprintf("\n%s edited, %d\n", comment, w.fresh()), p)
}

// breakModule appends a syntax error or a NUL byte (binary content): the
// extraction then carries issues, which a reused extraction must keep.
func (w *world) breakModule() (change, bool, error) {
	lang, keep := w.language()
	p, s, ok, err := w.pickRead(keep)
	if !ok {
		return change{}, false, err
	}
	bad := map[string]string{"ts": "export function (\n", "go": "func (\n", "py": "def (:\n"}[lang]
	if w.rng.IntN(3) == 0 {
		bad = "\x00\n"
	}
	return w.rewrite(p, s+bad, fmt.Sprintf("%s += %q", p, bad))
}

func (w *world) addExport() (change, bool, error) {
	lang, keep := w.language()
	p, s, ok, err := w.pickRead(keep)
	if !ok {
		return change{}, false, err
	}
	n := w.fresh()
	var add string
	switch lang {
	case "ts":
		add = fmt.Sprintf("\nexport function added%d(): number {\n  return %d;\n}\n", n, n)
	case "go":
		add = fmt.Sprintf("\n// Added%d is added.\nfunc Added%d() int { return %d }\n", n, n, n)
	default:
		add = fmt.Sprintf("\n\ndef added_%d():\n    return %d\n", n, n)
	}
	return w.rewrite(p, s+add, fmt.Sprintf("%s += %q", p, strings.TrimSpace(add)))
}

// removeExport makes one declaration private: TS loses `export`, Go's name
// is lower-cased, Python's gets a leading underscore.
func (w *world) removeExport() (change, bool, error) {
	lang, keep := w.language()
	p, s, ok, err := w.pickRead(keep)
	if !ok {
		return change{}, false, err
	}
	if lang == "go" {
		offs := goExportOffsets(p, s)
		if len(offs) == 0 {
			return change{}, false, nil
		}
		i := w.pickIndex(offs)
		r := []rune(s[i:])
		out := s[:i] + string(unicode.ToLower(r[0])) + string(r[1:])
		return w.rewrite(p, out, fmt.Sprintf("%s: unexported %s", p, strings.SplitN(s[i:], "\n", 2)[0]))
	}
	var idx []int
	var fix func(string) string
	if lang == "ts" {
		idx = lineIndexes(s, func(l string) bool { return strings.HasPrefix(l, "export ") && !strings.HasPrefix(l, "export *") })
		fix = func(l string) string { return strings.TrimPrefix(l, "export ") }
	} else {
		idx = lineIndexes(s, func(l string) bool {
			return (strings.HasPrefix(l, "def ") || strings.HasPrefix(l, "class ")) && !strings.Contains(l, " _")
		})
		fix = func(l string) string { return strings.Replace(l, " ", " _", 1) }
	}
	if len(idx) == 0 {
		return change{}, false, nil
	}
	i := w.pickIndex(idx)
	l := lines(s)
	old := l[i]
	l[i] = fix(old)
	return w.rewrite(p, strings.Join(l, ""), fmt.Sprintf("%s: %q → %q", p, strings.TrimSpace(old), strings.TrimSpace(l[i])))
}

// goExportOffsets returns the offsets of the exported top-level names of a
// Go file (functions, methods, types, constants, variables).
func goExportOffsets(p, src string) []int {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []int
	add := func(id *ast.Ident) {
		if id != nil && id.IsExported() {
			out = append(out, fset.Position(id.Pos()).Offset)
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			add(d.Name)
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					add(sp.Name)
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						add(n)
					}
				}
			}
		}
	}
	return out
}

// exportedNames lists what a module declares for export, as a document
// would name it (Go methods as Type.Method).
func (w *world) exportedNames(p string) ([]string, error) {
	s, err := w.read(p)
	if err != nil {
		return nil, err
	}
	var out []string
	switch {
	case isGo(p):
		f, err := parser.ParseFile(token.NewFileSet(), p, s, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				t := fd.Recv.List[0].Type
				if st, ok := t.(*ast.StarExpr); ok {
					t = st.X
				}
				if id, ok := t.(*ast.Ident); ok {
					name = id.Name + "." + name
				}
			}
			out = append(out, name)
		}
	case isTS(p):
		for _, l := range lines(s) {
			f := strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '(' || r == ':' || r == '<' })
			if len(f) >= 3 && f[0] == "export" && slices.Contains([]string{"function", "class", "const", "interface"}, f[1]) {
				out = append(out, f[2])
			}
		}
	default:
		for _, l := range lines(s) {
			f := strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '(' || r == ':' })
			if len(f) >= 2 && (f[0] == "def" || f[0] == "class") && !strings.HasPrefix(f[1], "_") {
				out = append(out, f[1])
			}
		}
	}
	return out, nil
}

// tsImport is a relative import of another TypeScript module of the same
// package, in one of the spellings resolution must follow.
func (w *world) tsImport(from string) (string, error) {
	pkg := strings.Join(strings.SplitN(from, "/", 3)[:2], "/") + "/"
	mods, err := w.files(func(q string) bool { return isTS(q) && strings.HasPrefix(q, pkg) && q != from })
	if err != nil || len(mods) == 0 {
		return "", err
	}
	spec := strings.TrimSuffix(relFrom(from, w.pick(mods)), ".ts")
	switch w.rng.IntN(3) {
	case 0:
		spec += ".js"
	case 1:
		spec += ".ts"
	}
	return fmt.Sprintf("import * as imported%d from '%s';\n", w.fresh(), spec), nil
}

// goImport imports another in-tree Go package through the module path
// go.mod declares now.
func (w *world) goImport(fromDir string) (string, error) {
	gomod, err := os.ReadFile(w.abs("go.mod"))
	if err != nil {
		return "", nil // no go.mod: nothing in-tree to import
	}
	mod := modfile.ModulePath(gomod)
	dirs, err := w.files(isGo)
	if err != nil || mod == "" {
		return "", err
	}
	var others []string
	for _, d := range dirs {
		if dir := path.Dir(d); dir != fromDir && !slices.Contains(others, dir) {
			others = append(others, dir)
		}
	}
	if len(others) == 0 {
		return "", nil
	}
	return fmt.Sprintf("import _ %q\n", mod+"/"+w.pick(others)), nil
}

// pyImport is a relative import of a sibling module.
func (w *world) pyImport(from string) (string, error) {
	dir := path.Dir(from)
	mods, err := w.files(func(q string) bool { return isPy(q) && path.Dir(q) == dir && q != from })
	if err != nil || len(mods) == 0 {
		return "from . import missing_sibling\n", err
	}
	name := strings.TrimSuffix(path.Base(w.pick(mods)), ".py")
	if name == "__init__" {
		return "from . import *\n", nil
	}
	if w.rng.IntN(2) == 0 {
		return fmt.Sprintf("from . import %s\n", name), nil
	}
	return fmt.Sprintf("from .%s import *\n", name), nil
}

func (w *world) addImport() (change, bool, error) {
	lang, keep := w.language()
	p, s, ok, err := w.pickRead(keep)
	if !ok {
		return change{}, false, err
	}
	var imp string
	switch lang {
	case "ts":
		imp, err = w.tsImport(p)
	case "go":
		imp, err = w.goImport(path.Dir(p))
	default:
		imp, err = w.pyImport(p)
	}
	if err != nil || imp == "" {
		return change{}, false, err
	}
	out := imp + s
	if lang == "go" {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, s, parser.PackageClauseOnly)
		if err != nil {
			return change{}, false, nil
		}
		// Right after the package clause, before any other declaration.
		at := fset.Position(f.Name.End()).Offset
		out = s[:at] + "\n\n" + imp + s[at:]
	}
	return w.rewrite(p, out, fmt.Sprintf("%s += %q", p, strings.TrimSpace(imp)))
}

func (w *world) removeImport() (change, bool, error) {
	lang, keep := w.language()
	p, s, ok, err := w.pickRead(keep)
	if !ok {
		return change{}, false, err
	}
	if lang == "go" {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, s, parser.ImportsOnly)
		if err != nil || len(f.Imports) == 0 {
			return change{}, false, nil
		}
		// Remove one spec, or the whole declaration when it is unparenthesised.
		var start, end token.Pos
		i := w.rng.IntN(len(f.Imports))
		spec := f.Imports[i]
		start, end = spec.Pos(), spec.End()
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT && !g.Lparen.IsValid() && g.Specs[0] == spec {
				start, end = g.Pos(), g.End()
			}
		}
		a, b := fset.Position(start).Offset, fset.Position(end).Offset
		return w.rewrite(p, s[:a]+s[b:], fmt.Sprintf("%s: removed %s", p, s[a:b]))
	}
	prefixes := []string{"import "}
	if lang == "py" {
		prefixes = append(prefixes, "from ")
	}
	idx := lineIndexes(s, func(l string) bool {
		return slices.ContainsFunc(prefixes, func(pre string) bool { return strings.HasPrefix(l, pre) })
	})
	if len(idx) == 0 {
		return change{}, false, nil
	}
	i := w.pickIndex(idx)
	return w.rewrite(p, removeLine(s, i), fmt.Sprintf("%s: removed %q", p, strings.TrimSpace(lines(s)[i])))
}

// --- manifests and configuration ---

func (w *world) changeTSConfigPaths() (change, bool, error) {
	p, ok, err := w.pickFile(func(q string) bool { return path.Base(q) == "tsconfig.json" })
	if !ok {
		return change{}, ok, err
	}
	variants := []string{
		`"baseUrl": ".", "paths": {"@/*": ["src/*"]}`,
		`"baseUrl": ".", "paths": {"@/*": ["src/feature0/*"]}`,
		`"baseUrl": ".", "paths": {"~/*": ["src/*"], "@/*": ["src/feature1/*", "src/*"]}`,
		`"baseUrl": "src"`,
		`"paths": {"@/*": ["./src/*"]}`,
	}
	content := fmt.Sprintf("{\n  \"extends\": \"../../tsconfig.base.json\",\n  \"compilerOptions\": {%s}\n}\n", w.pick(variants))
	return w.rewrite(p, content, fmt.Sprintf("%s = %s", p, strings.Join(strings.Fields(content), " ")))
}

func (w *world) changeGoModulePath() (change, bool, error) {
	data, err := os.ReadFile(w.abs("go.mod"))
	if err != nil {
		return change{}, false, nil
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil || f.Module == nil {
		return change{}, false, nil
	}
	var others []string
	for _, m := range []string{"example.com/corpus", "example.com/corpus/v2", "example.org/renamed"} {
		if m != f.Module.Mod.Path {
			others = append(others, m)
		}
	}
	to := w.pick(others)
	if err := f.AddModuleStmt(to); err != nil {
		return change{}, false, err
	}
	out, err := f.Format()
	if err != nil {
		return change{}, false, err
	}
	return w.rewrite("go.mod", string(out), "module "+to)
}

// changePackageJSON edits the root workspaces list or one package's name.
func (w *world) changePackageJSON() (change, bool, error) {
	p, ok, err := w.pickFile(func(q string) bool { return path.Base(q) == "package.json" })
	if !ok {
		return change{}, ok, err
	}
	data, err := os.ReadFile(w.abs(p))
	if err != nil {
		return change{}, false, err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return change{}, false, nil
	}
	var desc string
	if _, ok := m["workspaces"]; ok {
		ws := w.pick([]string{`["packages/*"]`, `["packages/pkg-0", "packages/pkg-2"]`, `[]`, `["packages/pkg-1", "docs"]`})
		var list []any
		if err := json.Unmarshal([]byte(ws), &list); err != nil {
			return change{}, false, err
		}
		m["workspaces"], desc = list, "workspaces "+ws
	} else {
		name := w.pick([]string{"@corpus/pkg-0", "@corpus/pkg-1", "@corpus/pkg-2", fmt.Sprintf("@corpus/renamed-%d", w.fresh())})
		m["name"], desc = name, "name "+name
	}
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return change{}, false, err
	}
	return w.rewrite(p, string(out)+"\n", p+": "+desc)
}

// changeGitignore ignores a directory, or un-ignores one: the files below
// it then enter the walk, and the warm scan may parse them all.
func (w *world) changeGitignore() (change, bool, error) {
	s, err := w.read(".gitignore")
	if err != nil {
		return change{}, false, err
	}
	dir := w.pick([]string{"packages/pkg-1", "internal/pkg1", "docs", "py/src/corpus"})
	line := "/" + dir + "/\n"
	if strings.Contains(s, line) {
		below, err := w.files(func(q string) bool { return strings.HasPrefix(q, dir+"/") })
		if err != nil {
			return change{}, false, err
		}
		c := change{desc: "un-ignore " + dir, touched: append([]string{".gitignore"}, below...)}
		return c, true, w.write(".gitignore", strings.Replace(s, line, "", 1))
	}
	return change{desc: "ignore " + dir, touched: []string{".gitignore"}}, true, w.write(".gitignore", s+line)
}

// changeConfig changes the effective configuration, so the store must be
// refused whole.
func (w *world) changeConfig() (change, bool, error) {
	var desc string
	if w.rng.IntN(2) == 0 {
		d := config.MinDepth + w.rng.IntN(config.MaxDepth-config.MinDepth)
		if d >= w.depth {
			d++ // any depth but the current one
		}
		w.depth, desc = d, fmt.Sprintf("analysis.derive.depth = %d", d)
	} else {
		pat := w.pick([]string{"packages/pkg-2/", "py/", "docs/guide-1*.md", "internal/pkg0/", "*.py"})
		if i := slices.Index(w.exclude, pat); i >= 0 {
			w.exclude, desc = slices.Delete(w.exclude, i, i+1), "scan.exclude -= "+pat
		} else {
			w.exclude, desc = append(w.exclude, pat), "scan.exclude += "+pat
		}
	}
	return change{desc: desc, touched: []string{config.FileName}, refuse: "configuration changed"}, true, w.writeConfig()
}

func (w *world) writeConfig() error {
	quoted := make([]string, len(w.exclude))
	for i, e := range w.exclude {
		quoted[i] = fmt.Sprintf("%q", e)
	}
	return w.write(config.FileName, fmt.Sprintf("version: 1\nscan:\n  exclude: [%s]\nanalysis:\n  derive:\n    depth: %d\n",
		strings.Join(quoted, ", "), w.depth))
}

// bumpAnalyzer makes the previous store look written by an older version of
// one analyzer: the warm scan must refuse it whole.
func (w *world) bumpAnalyzer() (change, bool, error) {
	versions := analyzerVersions()
	name := w.pick(sortedKeys(versions))
	bump := func(s *Store) *Store {
		c := copyStore(s)
		c.Header.AnalyzerVersions[name] = versions[name] + "-previous"
		return c
	}
	return change{desc: name, refuse: "an analyzer version changed (" + name + " ", previous: bump}, true, nil
}
