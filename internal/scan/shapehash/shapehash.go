// Package shapehash hashes the shape of a declaration parsed by
// tree-sitter — its signature, its body — as the sequence of its leaf
// tokens, comments and semicolons left out, so that formatting and
// comments do not count.
// Drift compares the hashes of a symbol that disappeared with those of the
// symbols that appeared to recognise a rename.
package shapehash

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// MinBodyTokens is the size below which a body is not hashed: a short body
// (`{ return null; }`, `pass`) is shared by too many declarations to
// identify one.
const MinBodyTokens = 12

// Hasher accumulates tokens of one source.
type Hasher struct {
	h     hash.Hash
	src   []byte
	count int
}

// New starts a hash of parts of src, labelled (a label keeps a function's
// signature apart from a class's).
func New(src []byte, label string) *Hasher {
	h := &Hasher{h: sha256.New(), src: src}
	h.h.Write([]byte(label))
	h.h.Write([]byte{0})
	return h
}

// Add feeds the leaf tokens of n (nil adds a separator only), comments
// left out. It walks with an explicit stack: nodes nest as deep as the
// input likes.
func (h *Hasher) Add(n *sitter.Node) *Hasher {
	h.h.Write([]byte{1})
	if n == nil {
		return h
	}
	stack := []*sitter.Node{n}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c == nil || c.IsExtra() && c.Kind() == "comment" {
			continue
		}
		if k := c.ChildCount(); k > 0 {
			for i := int(k) - 1; i >= 0; i-- {
				stack = append(stack, c.Child(uint(i)))
			}
			continue
		}
		start, end := c.ByteRange()
		if end > uint(len(h.src)) || start >= end || string(h.src[start:end]) == ";" {
			continue // a semicolon ends a statement or member: layout
		}
		h.count++
		h.h.Write(h.src[start:end])
		h.h.Write([]byte{0})
	}
	return h
}

// Sum is the hash, 16 hex digits.
func (h *Hasher) Sum() string { return hex.EncodeToString(h.h.Sum(nil)[:8]) }

// Body is the hash of a body of MinBodyTokens tokens or more, else "".
func Body(src []byte, label string, n *sitter.Node) string {
	h := New(src, label).Add(n)
	if h.count < MinBodyTokens {
		return ""
	}
	return h.Sum()
}
