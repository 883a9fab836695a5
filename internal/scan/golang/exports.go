package golang

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
)

// exports lists the file's exported top-level declarations, sorted by
// (Line, Name, Kind).
//
// Each export carries the hashes of its shape (see shapeHasher), by which
// drift recognises a rename; a nil sh leaves them out. Only exported
// declarations are hashed: the others' hashes were never read.
func exports(f *ast.File, line func(token.Pos) int, sh *shapeHasher) []Export {
	var out []Export
	add := func(id *ast.Ident, kind, sig, body string) {
		if id != nil && id.IsExported() {
			out = append(out, Export{Name: id.Name, Kind: kind, Line: line(id.Pos()), Sig: sig, Body: body})
		}
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Name == nil || !d.Name.IsExported() {
				continue
			}
			if d.Recv == nil {
				sig, body := sh.funcShape(d)
				add(d.Name, kindFunc, sig, body)
				continue
			}
			if recv := receiverBase(d.Recv); recv != nil && recv.IsExported() {
				sig, body := sh.funcShape(d)
				out = append(out, Export{Name: recv.Name + "." + d.Name.Name, Kind: kindMethod, Line: line(d.Name.Pos()), Sig: sig, Body: body})
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name == nil || !s.Name.IsExported() {
						continue
					}
					sig, body := sh.typeShape(s)
					add(s.Name, kindType, sig, body)
				case *ast.ValueSpec:
					kind := kindVar
					if d.Tok == token.CONST {
						kind = kindConst
					}
					for i, id := range s.Names {
						if id != nil && id.IsExported() {
							add(id, kind, sh.valueShape(kind, s, i), "")
						}
					}
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b Export) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Kind, b.Kind))
	})
	return out
}

// receiverBase is the named type of a method receiver: T from T, *T, T[P],
// *T[P, Q] and parenthesised forms; nil when the parser could not read one.
func receiverBase(recv *ast.FieldList) *ast.Ident {
	if recv == nil || len(recv.List) != 1 {
		return nil
	}
	x := recv.List[0].Type
	for {
		switch t := x.(type) {
		case *ast.Ident:
			return t
		case *ast.StarExpr:
			x = t.X
		case *ast.ParenExpr:
			x = t.X
		case *ast.IndexExpr:
			x = t.X
		case *ast.IndexListExpr:
			x = t.X
		default:
			return nil
		}
	}
}
