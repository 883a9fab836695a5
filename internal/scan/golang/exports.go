package golang

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
)

// exports lists the file's exported top-level declarations, sorted by
// (Line, Name, Kind).
func exports(f *ast.File, line func(token.Pos) int) []Export {
	var out []Export
	add := func(id *ast.Ident, kind string) {
		if id != nil && id.IsExported() {
			out = append(out, Export{Name: id.Name, Kind: kind, Line: line(id.Pos())})
		}
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Name == nil {
				continue
			}
			if d.Recv == nil {
				add(d.Name, KindFunc)
				continue
			}
			recv := receiverBase(d.Recv)
			if recv != nil && recv.IsExported() && d.Name.IsExported() {
				out = append(out, Export{Name: recv.Name + "." + d.Name.Name, Kind: KindMethod, Line: line(d.Name.Pos())})
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					add(s.Name, KindType)
				case *ast.ValueSpec:
					kind := KindVar
					if d.Tok == token.CONST {
						kind = KindConst
					}
					for _, id := range s.Names {
						add(id, kind)
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
