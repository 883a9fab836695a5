package golang

import (
	"crypto/sha256"
	"encoding/hex"
	"go/ast"
	"go/scanner"
	"go/token"
	"hash"
)

// minBodyTokens is the size below which a body is not hashed: a short
// body (`{ return nil }`) is shared by too many declarations to identify
// one.
const minBodyTokens = 12

// shapeHasher hashes the source of declarations as token streams, so that
// formatting and comments do not count: what a rename leaves unchanged.
type shapeHasher struct {
	file *token.File
	src  []byte
	// buf holds one node's stream, written to the hash at once: four
	// writes per token through the hash's interface cost more than
	// scanning the token.
	buf []byte
}

func newShapeHasher(file *token.File, src []byte) *shapeHasher {
	return &shapeHasher{file: file, src: src}
}

// tokens feeds the tokens of n's source, scanned on its own, into h and
// returns how many there were.
func (s *shapeHasher) tokens(h hash.Hash, n ast.Node) int {
	if n == nil || s.file == nil {
		return 0
	}
	from, to := n.Pos(), n.End()
	base := s.file.Base()
	if !from.IsValid() || int(from) < base || int(to) > base+s.file.Size() || from > to {
		return 0
	}
	part := s.src[int(from)-base : int(to)-base]
	var sc scanner.Scanner
	sc.Init(token.NewFileSet().AddFile("", -1, len(part)), part, func(token.Position, string) {}, 0)
	buf := s.buf[:0]
	count := 0
	for {
		_, t, lit := sc.Scan()
		if t == token.EOF {
			break
		}
		if t == token.SEMICOLON {
			continue // written or inserted at a line end: layout
		}
		count++
		buf = append(buf, t.String()...)
		buf = append(buf, 0)
		buf = append(buf, lit...)
		buf = append(buf, 0)
	}
	h.Write(buf)
	s.buf = buf
	return count
}

func sum(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)[:8]) }

// fieldTypes feeds the types of a field list, once per name they declare
// (names do not count: `f(a, b int)` and `f(x int, y int)` are alike).
func (s *shapeHasher) fieldTypes(h hash.Hash, fl *ast.FieldList) {
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		for range max(1, len(f.Names)) {
			s.tokens(h, f.Type)
			h.Write([]byte{','})
		}
	}
	h.Write([]byte{'|'})
}

// funcShape returns the signature hash (receiver, type parameter, parameter
// and result types) and the body hash of a function or method.
func (s *shapeHasher) funcShape(d *ast.FuncDecl) (sig, body string) {
	if s == nil {
		return "", ""
	}
	h := sha256.New()
	h.Write([]byte("func|"))
	s.fieldTypes(h, d.Recv)
	if d.Type != nil {
		s.fieldTypes(h, d.Type.TypeParams)
		s.fieldTypes(h, d.Type.Params)
		s.fieldTypes(h, d.Type.Results)
	}
	sig = sum(h)
	if d.Body != nil {
		b := sha256.New()
		b.Write([]byte("body|"))
		if s.tokens(b, d.Body) >= minBodyTokens {
			body = sum(b)
		}
	}
	return sig, body
}

// typeShape returns the hashes of a type declaration: its type parameters
// and definition are its signature; a definition of minBodyTokens or more
// is also its body.
func (s *shapeHasher) typeShape(t *ast.TypeSpec) (sig, body string) {
	if s == nil {
		return "", ""
	}
	h := sha256.New()
	h.Write([]byte("type|"))
	s.fieldTypes(h, t.TypeParams)
	if t.Assign.IsValid() {
		h.Write([]byte("="))
	}
	n := s.tokens(h, t.Type)
	sig = sum(h)
	if n >= minBodyTokens {
		b := sha256.New()
		b.Write([]byte("body|"))
		s.tokens(b, t.Type)
		body = sum(b)
	}
	return sig, body
}

// valueShape returns the signature hash of the i-th name of a const or var
// spec: its kind, declared type and value.
func (s *shapeHasher) valueShape(kind string, v *ast.ValueSpec, i int) string {
	if s == nil {
		return ""
	}
	h := sha256.New()
	h.Write([]byte(kind + "|"))
	s.tokens(h, v.Type)
	h.Write([]byte{'|'})
	if i < len(v.Values) {
		s.tokens(h, v.Values[i])
	}
	return sum(h)
}
