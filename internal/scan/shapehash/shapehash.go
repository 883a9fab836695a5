// Package shapehash hashes the shape of a declaration parsed by
// tree-sitter — its signature, its body — as the sequence of its leaf
// tokens, comments and semicolons left out, so that formatting and
// comments do not count.
// Drift compares the hashes of a symbol that disappeared with those of the
// symbols that appeared to recognise a rename.
package shapehash

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// minBodyTokens is the size below which a body is not hashed: a short body
// (`{ return null; }`, `pass`) is shared by too many declarations to
// identify one.
const minBodyTokens = 12

// Hasher accumulates tokens of one source.
type Hasher struct {
	h     hash.Hash
	src   []byte
	count int
	// buf holds one Add's tokens, written to the hash at once.
	buf []byte
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
// left out. It walks with a tree cursor: a cursor's steps are constant
// time where Node.Child(i) counts from the first child, and nodes nest as
// deep as the input likes.
func (h *Hasher) Add(n *sitter.Node) *Hasher {
	h.h.Write([]byte{1})
	if n == nil {
		return h
	}
	c := n.Walk()
	defer c.Close()
	buf := h.buf[:0]
	depth := 0
	for {
		node := c.Node()
		if !(node.IsExtra() && node.Kind() == "comment") {
			if c.GotoFirstChild() {
				depth++
				continue
			}
			start, end := node.ByteRange()
			if end <= uint(len(h.src)) && start < end && string(h.src[start:end]) != ";" {
				// (a semicolon ends a statement or member: layout)
				h.count++
				buf = append(buf, h.src[start:end]...)
				buf = append(buf, 0)
			}
		}
		for depth > 0 && !c.GotoNextSibling() {
			c.GotoParent()
			depth--
		}
		if depth == 0 {
			break
		}
	}
	h.h.Write(buf)
	h.buf = buf
	return h
}

// Sum is the hash, 16 hex digits.
func (h *Hasher) Sum() string { return hex.EncodeToString(h.h.Sum(nil)[:8]) }

// Body is the hash of a body of minBodyTokens tokens or more, else "".
func Body(src []byte, label string, n *sitter.Node) string {
	h := New(src, label).Add(n)
	if h.count < minBodyTokens {
		return ""
	}
	return h.Sum()
}

// Tokens are the leaf tokens of one parsed file in source order, as a walk
// of its whole tree records them. A walk that visits every node anyway
// records them in passing, and the hashes of the declarations it met are
// then read from the record (Sum, SumBody) instead of walking each
// declaration's subtree again through cgo. The hashes equal Add's: a
// node's leaves are the recorded leaves within its byte range.
type Tokens struct {
	src   []byte
	spans []span
	// skipTo ends the last extra comment met: leaves before it are the
	// comment's.
	skipTo uint
}

type span struct{ start, end uint }

// NewTokens starts the record of src's tokens.
func NewTokens(src []byte) *Tokens { return &Tokens{src: src} }

// Leaf records a leaf the walk reached, in source order.
func (t *Tokens) Leaf(n *sitter.Node) {
	start, end := n.ByteRange()
	if start < t.skipTo || end > uint(len(t.src)) || start >= end || string(t.src[start:end]) == ";" {
		return // (a semicolon ends a statement or member: layout)
	}
	t.spans = append(t.spans, span{start, end})
}

// Comment tells the record that the walk met an extra comment, which does
// not count, nor anything under it: the walk calls it before it records
// the comment or its leaves.
func (t *Tokens) Comment(n *sitter.Node) {
	t.skipTo = max(t.skipTo, n.EndByte())
}

// Part is the byte range of a node to hash, taken while the tree is
// walked; the zero Part stands for a nil node (a separator only).
type Part struct {
	start, end uint
	present    bool
}

// PartOf is n's part (nil gives the zero Part).
func PartOf(n *sitter.Node) Part {
	if n == nil {
		return Part{}
	}
	start, end := n.ByteRange()
	return Part{start: start, end: end, present: true}
}

// add feeds the recorded leaves of p into h, as Add feeds a node's.
func (t *Tokens) add(h *Hasher, p Part) {
	h.h.Write([]byte{1})
	if !p.present {
		return
	}
	i, _ := slices.BinarySearchFunc(t.spans, p.start, func(s span, start uint) int { return cmp.Compare(s.start, start) })
	buf := h.buf[:0]
	for ; i < len(t.spans) && t.spans[i].end <= p.end; i++ {
		s := t.spans[i]
		h.count++
		buf = append(buf, t.src[s.start:s.end]...)
		buf = append(buf, 0)
	}
	h.h.Write(buf)
	h.buf = buf
}

// Sum is New(src, label).Add(…).Add(…).Sum() over the parts' nodes.
func (t *Tokens) Sum(label string, parts ...Part) string {
	h := New(t.src, label)
	for _, p := range parts {
		t.add(h, p)
	}
	return h.Sum()
}

// SumBody is Body(src, label, node) for p's node.
func (t *Tokens) SumBody(label string, p Part) string {
	h := New(t.src, label)
	t.add(h, p)
	if h.count < minBodyTokens {
		return ""
	}
	return h.Sum()
}
