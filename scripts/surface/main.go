// Command surface measures a module's exported surface and narrows it: the
// package-level exported names (functions, types, variables, constants)
// declared in the non-test files of its internal/ packages, and which of
// them no other package uses — test files count as users, an external
// _test package of the same directory too. scripts/surface.sh runs it.
//
//	surface [-v] [-keep pkg.Name,...] [-skip pkg,...] [-rename pkg,...|all] DIR
//
// Per package it prints the exported names, those used by another package
// (used), those kept because a used name's signature, exported fields or
// methods show them, or -keep names them (api: a caller holds them
// without naming them), and the rest (unused). -rename unexports the
// unused names of the packages given through the type checker's uses and
// scopes — never by text — and leaves a name alone, saying why, when the
// lower-case name is a keyword or a builtin, is taken in the package or by
// an import, would be shadowed at a use, or the type is embedded (its
// field name would change). Comments follow: the declaration's own doc
// comment, [Name] doc links, and a name with an inner capital wherever the
// package's comments name it.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/packages"
)

type decl struct {
	key, pkg, name string
	obj            types.Object
	id             *ast.Ident
	doc            *ast.CommentGroup
}

func main() {
	skipFlag := flag.String("skip", "", "comma-separated package path suffixes (under the module) left alone; a trailing /... includes the subtree")
	renameFlag := flag.String("rename", "", "comma-separated package paths (relative to the module) whose unused exported names are renamed; 'all' for every package not skipped")
	verbose := flag.Bool("v", false, "list the names")
	asFlag := flag.String("as", "", "comma-separated pkg.Name=newName: the unexported name to give where lower-casing conflicts")
	keepFlag := flag.String("keep", "", "comma-separated names (package path relative to the module, a dot, the name) kept exported on purpose: a documented API")
	flag.Parse()
	dir := flag.Arg(0)
	cfg := &packages.Config{Dir: dir, Tests: true, Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
		packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if packages.PrintErrors(pkgs) > 0 {
		os.Exit(2)
	}
	mod := ""
	for _, p := range pkgs {
		if p.Module != nil {
			mod = p.Module.Path
			break
		}
	}
	internalPrefix := mod + "/internal/"
	var skips []string
	for _, s := range strings.Split(*skipFlag, ",") {
		if s != "" {
			skips = append(skips, mod+"/"+s)
		}
	}
	skipped := func(path string) bool {
		for _, s := range skips {
			if sub, ok := strings.CutSuffix(s, "/..."); ok {
				if path == sub || strings.HasPrefix(path, sub+"/") {
					return true
				}
			} else if path == s {
				return true
			}
		}
		return false
	}

	// Declarations: package-level exported names in non-test files.
	decls := map[string]*decl{}
	// variants: every loaded variant of a package (p, p [p.test]) by path.
	variants := map[string][]*packages.Package{}
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") {
			continue // the generated test main
		}
		variants[p.PkgPath] = append(variants[p.PkgPath], p)
		if !strings.HasPrefix(p.PkgPath, internalPrefix) || strings.HasSuffix(p.PkgPath, "_test") {
			continue
		}
		for _, f := range p.Syntax {
			fn := p.Fset.Position(f.Pos()).Filename
			if strings.HasSuffix(fn, "_test.go") {
				continue
			}
			add := func(id *ast.Ident, doc *ast.CommentGroup) {
				if !id.IsExported() {
					return
				}
				key := p.PkgPath + "." + id.Name
				if _, ok := decls[key]; ok {
					return
				}
				decls[key] = &decl{key: key, pkg: p.PkgPath, name: id.Name, obj: p.TypesInfo.Defs[id], id: id, doc: doc}
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						add(d.Name, d.Doc)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						doc := d.Doc
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Doc != nil || len(d.Specs) > 1 {
								doc = s.Doc
							}
							add(s.Name, doc)
						case *ast.ValueSpec:
							if s.Doc != nil || len(d.Specs) > 1 {
								doc = s.Doc
							}
							for _, n := range s.Names {
								add(n, doc)
							}
						}
					}
				}
			}
		}
	}

	// Uses from other packages, and embedded types.
	outside := map[string][]string{}
	inside := map[string]int{} // uses in the package's own files, over its variants
	embedded := map[string]bool{}
	keyOf := func(o types.Object) string {
		if o == nil || o.Pkg() == nil || o.Parent() != o.Pkg().Scope() {
			return ""
		}
		return o.Pkg().Path() + "." + o.Name()
	}
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") {
			continue
		}
		for _, o := range p.TypesInfo.Uses {
			k := keyOf(o)
			if k == "" || decls[k] == nil {
				continue
			}
			if o.Pkg().Path() != p.PkgPath {
				if !contains(outside[k], p.PkgPath) {
					outside[k] = append(outside[k], p.PkgPath)
				}
			} else {
				inside[k]++
			}
		}
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				st, ok := n.(*ast.StructType)
				if !ok {
					return true
				}
				for _, fl := range st.Fields.List {
					if len(fl.Names) != 0 {
						continue
					}
					t := fl.Type
					if s, ok := t.(*ast.StarExpr); ok {
						t = s.X
					}
					if ix, ok := t.(*ast.IndexExpr); ok {
						t = ix.X
					}
					var id *ast.Ident
					switch t := t.(type) {
					case *ast.Ident:
						id = t
					case *ast.SelectorExpr:
						id = t.Sel
					}
					if id != nil {
						if k := keyOf(p.TypesInfo.Uses[id]); k != "" {
							embedded[k] = true
						}
					}
				}
				return true
			})
		}
	}

	// The API closure: a type an exported name used outside shows in its
	// signature, fields or methods stays exported.
	kept := map[string]string{} // key → why
	var queue []string
	for k := range outside {
		kept[k] = "used"
		queue = append(queue, k)
	}
	for _, s := range strings.Split(*keepFlag, ",") {
		if k := mod + "/" + s; s != "" && decls[k] != nil && kept[k] == "" {
			kept[k] = "api"
			queue = append(queue, k)
		} else if s != "" && decls[k] == nil {
			fmt.Fprintf(os.Stderr, "-keep %s: no such exported name\n", s)
			os.Exit(2)
		}
	}
	seen := map[types.Type]bool{}
	var visit func(t types.Type)
	mark := func(o types.Object) {
		k := keyOf(o)
		if k == "" || decls[k] == nil {
			return
		}
		if _, ok := kept[k]; !ok {
			kept[k] = "api"
			queue = append(queue, k)
		}
	}
	visit = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			mark(t.Obj())
			if ta := t.TypeArgs(); ta != nil {
				for i := 0; i < ta.Len(); i++ {
					visit(ta.At(i))
				}
			}
		case *types.Alias:
			mark(t.Obj())
			visit(types.Unalias(t))
		case *types.Pointer:
			visit(t.Elem())
		case *types.Slice:
			visit(t.Elem())
		case *types.Array:
			visit(t.Elem())
		case *types.Map:
			visit(t.Key())
			visit(t.Elem())
		case *types.Chan:
			visit(t.Elem())
		case *types.Signature:
			for i := 0; i < t.Params().Len(); i++ {
				visit(t.Params().At(i).Type())
			}
			for i := 0; i < t.Results().Len(); i++ {
				visit(t.Results().At(i).Type())
			}
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if f := t.Field(i); f.Exported() {
					visit(f.Type())
				}
			}
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				visit(t.Method(i).Type())
			}
			for i := 0; i < t.NumEmbeddeds(); i++ {
				visit(t.EmbeddedType(i))
			}
		}
	}
	for len(queue) > 0 {
		k := queue[0]
		queue = queue[1:]
		d := decls[k]
		if d == nil || d.obj == nil {
			continue
		}
		switch o := d.obj.(type) {
		case *types.TypeName:
			if n, ok := o.Type().(*types.Named); ok {
				visit(n.Underlying())
				for i := 0; i < n.NumMethods(); i++ {
					if m := n.Method(i); m.Exported() {
						visit(m.Type())
					}
				}
			} else {
				visit(o.Type())
			}
		default:
			visit(o.Type())
		}
	}

	// Per package.
	type row struct {
		pkg                         string
		exported, used, api, unused int
		dead                        int
		skip                        bool
		names                       []string
	}
	rows := map[string]*row{}
	for _, d := range decls {
		r := rows[d.pkg]
		if r == nil {
			r = &row{pkg: d.pkg, skip: skipped(d.pkg)}
			rows[d.pkg] = r
		}
		r.exported++
		switch kept[d.key] {
		case "used":
			r.used++
		case "api":
			r.api++
		default:
			r.unused++
			if inside[d.key] == 0 {
				r.dead++
				r.names = append(r.names, d.name+"(dead)")
			} else {
				r.names = append(r.names, d.name)
			}
		}
	}
	var paths []string
	for p := range rows {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var tot row
	fmt.Printf("%-45s %8s %5s %4s %6s %4s\n", "package", "exported", "used", "api", "unused", "dead")
	for _, p := range paths {
		r := rows[p]
		mark := ""
		if r.skip {
			mark = " (skipped)"
		}
		fmt.Printf("%-45s %8d %5d %4d %6d %4d%s\n", strings.TrimPrefix(p, mod+"/"), r.exported, r.used, r.api, r.unused, r.dead, mark)
		if *verbose && r.unused > 0 {
			sort.Strings(r.names)
			fmt.Printf("    %s\n", strings.Join(r.names, " "))
		}
		tot.exported += r.exported
		tot.used += r.used
		tot.api += r.api
		tot.unused += r.unused
		tot.dead += r.dead
	}
	fmt.Printf("%-45s %8d %5d %4d %6d %4d\n", "total", tot.exported, tot.used, tot.api, tot.unused, tot.dead)

	if *renameFlag == "" {
		return
	}
	var targets []string
	if *renameFlag == "all" {
		for _, p := range paths {
			if !rows[p].skip {
				targets = append(targets, p)
			}
		}
	} else {
		for _, s := range strings.Split(*renameFlag, ",") {
			targets = append(targets, mod+"/"+s)
		}
	}
	as := map[string]string{}
	for _, s := range strings.Split(*asFlag, ",") {
		if k, v, ok := strings.Cut(s, "="); ok {
			as[mod+"/"+k] = v
		}
	}
	edits := map[string]map[int]edit{} // file → offset → edit
	for _, target := range targets {
		if skipped(target) {
			fmt.Fprintf(os.Stderr, "%s: skipped\n", target)
			continue
		}
		renamePackage(target, decls, kept, embedded, inside, as, variants[target], edits)
	}
	for fn, es := range edits {
		if err := apply(fn, es); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

type edit struct {
	n        int
	old, new string
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// lower is name unexported the way Go spells it: "HTTPClient" → "httpClient",
// "ID" → "id", "MaxBytes" → "maxBytes".
func lower(name string) string {
	rs := []rune(name)
	n := 0
	for n < len(rs) && unicode.IsUpper(rs[n]) {
		n++
	}
	if n > 1 && n < len(rs) && unicode.IsLower(rs[n]) {
		n--
	}
	if n == 0 {
		n = 1
	}
	for i := 0; i < n; i++ {
		rs[i] = unicode.ToLower(rs[i])
	}
	return string(rs)
}

// distinctive is a name that reads as an identifier in prose: an upper
// case letter or digit after its first letter.
func distinctive(name string) bool {
	_, sz := utf8.DecodeRuneInString(name)
	for _, r := range name[sz:] {
		if unicode.IsUpper(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func renamePackage(target string, decls map[string]*decl, kept map[string]string, embedded map[string]bool, inside map[string]int, as map[string]string, vs []*packages.Package, edits map[string]map[int]edit) {
	var names []string
	for _, d := range decls {
		if d.pkg == target && kept[d.key] == "" {
			names = append(names, d.name)
		}
	}
	sort.Strings(names)
	chosen := map[string]bool{}
	renamed := map[string]string{}
	for _, name := range names {
		key := target + "." + name
		nn := lower(name)
		if a, ok := as[key]; ok {
			nn = a
		}
		why := ""
		switch {
		case inside[key] == 0:
			why = "dead: used nowhere"
		case embedded[key]:
			why = "embedded"
		case token.IsKeyword(nn):
			why = "keyword"
		case types.Universe.Lookup(nn) != nil:
			why = "builtin"
		case chosen[nn]:
			why = "chosen twice"
		}
		var sites []*ast.Ident
		var fsets []*token.FileSet
		for _, p := range vs {
			if why != "" {
				break
			}
			if p.Types.Scope().Lookup(nn) != nil {
				why = "taken in package"
				break
			}
			for _, f := range p.Syntax {
				if fs := p.TypesInfo.Scopes[f]; fs != nil && fs.Lookup(nn) != nil {
					why = "an import's name"
					break
				}
			}
			for id, o := range p.TypesInfo.Defs {
				if o != nil && o.Parent() == p.Types.Scope() && o.Name() == name {
					sites = append(sites, id)
					fsets = append(fsets, p.Fset)
				}
			}
			for id, o := range p.TypesInfo.Uses {
				if o == nil || o.Pkg() == nil || o.Pkg().Path() != target || o.Parent() != o.Pkg().Scope() || o.Name() != name {
					continue
				}
				sc := p.Types.Scope().Innermost(id.Pos())
				if sc == nil {
					why = "no scope"
					break
				}
				if s, o2 := sc.LookupParent(nn, id.Pos()); o2 != nil {
					why = fmt.Sprintf("shadowed at %s (%s)", p.Fset.Position(id.Pos()), s.String()[:min(20, len(s.String()))])
					break
				}
				sites = append(sites, id)
				fsets = append(fsets, p.Fset)
			}
		}
		if why != "" {
			fmt.Fprintf(os.Stderr, "keep %s: %s\n", key, why)
			continue
		}
		chosen[nn] = true
		renamed[name] = nn
		for i, id := range sites {
			pos := fsets[i].Position(id.Pos())
			if edits[pos.Filename] == nil {
				edits[pos.Filename] = map[int]edit{}
			}
			edits[pos.Filename][pos.Offset] = edit{n: len(name), old: name, new: nn}
		}
	}
	// Comments: a distinctive name wherever the package's comments name it
	// (not after a dot: another package's or a field), any name as its
	// declaration's doc comment's first word (after A, An, The), and
	// [Name] doc links.
	for name, nn := range renamed {
		word := regexp.MustCompile(`(^|[^.\w])(` + regexp.QuoteMeta(name) + `)\b`)
		link := regexp.MustCompile(`\[(` + regexp.QuoteMeta(name) + `)\]`)
		d := decls[target+"."+name]
		p := vs[0]
		files := map[string]bool{}
		for _, p := range vs {
			for _, f := range p.Syntax {
				fn := p.Fset.Position(f.Pos()).Filename
				if files[fn] {
					continue
				}
				files[fn] = true
				for _, cg := range f.Comments {
					for _, c := range cg.List {
						base := p.Fset.Position(c.Pos())
						add := func(off int) {
							if edits[base.Filename] == nil {
								edits[base.Filename] = map[int]edit{}
							}
							edits[base.Filename][base.Offset+off] = edit{n: len(name), old: name, new: nn}
						}
						for _, m := range link.FindAllStringSubmatchIndex(c.Text, -1) {
							add(m[2])
						}
						if distinctive(name) {
							for _, m := range word.FindAllStringSubmatchIndex(c.Text, -1) {
								add(m[4])
							}
						}
					}
				}
			}
		}
		if d.doc != nil && len(d.doc.List) > 0 {
			c := d.doc.List[0]
			text := c.Text
			off := 0
			if t, ok := strings.CutPrefix(text, "// "); ok {
				off, text = 3, t
			}
			for _, art := range []string{"A ", "An ", "The "} {
				if t, ok := strings.CutPrefix(text, art); ok {
					off += len(art)
					text = t
					break
				}
			}
			if strings.HasPrefix(text, name) && (len(text) == len(name) || !isWord(text[len(name)])) {
				base := p.Fset.Position(c.Pos())
				if edits[base.Filename] == nil {
					edits[base.Filename] = map[int]edit{}
				}
				edits[base.Filename][base.Offset+off] = edit{n: len(name), old: name, new: nn}
			}
		}
		fmt.Printf("renamed %s.%s → %s\n", target, name, nn)
	}
}

func isWord(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

func apply(fn string, es map[int]edit) error {
	data, err := os.ReadFile(fn)
	if err != nil {
		return err
	}
	var offs []int
	for o := range es {
		offs = append(offs, o)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(offs)))
	for _, o := range offs {
		e := es[o]
		if string(data[o:o+e.n]) != e.old {
			return fmt.Errorf("%s:%d: %q is not %q", fn, o, data[o:o+e.n], e.old)
		}
		data = append(data[:o:o], append([]byte(e.new), data[o+e.n:]...)...)
	}
	return os.WriteFile(fn, data, 0o644)
}
