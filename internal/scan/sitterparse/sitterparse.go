// Package sitterparse runs a tree-sitter parse that reads its input in
// chunks and gives up after a bounded number of steps.
//
// tree-sitter's error recovery does not always converge: on some broken
// input (found by fuzzing the TSX grammar) it keeps the parser at one byte
// for ever, its stack versions growing, and the scan hangs. The parser
// calls a progress callback every 100 operations; counting those calls
// bounds the work by the input's size. The count is deterministic, so one
// input is always parsed or always given up on, unlike a clock.
package sitterparse

import (
	"fmt"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// readChunk is how many bytes the parser is handed per read. The binding
// copies every chunk into C memory and frees them only when the parse ends;
// handing it the whole rest of the input each time (as Parser.Parse does)
// costs O(size) per read, and the lexer re-reads after error recovery.
const readChunk = 16 << 10

// The budget, in progress checks (100 parser operations each): a base for
// small inputs and one check per four bytes. Real code takes at most 0.02
// checks a byte (a 4 MB bundle, minified libraries, declaration files), the
// fuzz corpora's broken inputs at most 97 checks (3 KB). On an input that
// never converges a check costs about a millisecond, not microseconds: the
// small ones the fuzzers found are given up in under a second.
const (
	budgetBase    = 500
	budgetPerByte = 4 // bytes per check
)

// opsPerCheck is how many operations tree-sitter makes between two calls
// of the progress callback (OP_COUNT_PER_PARSER_TIMEOUT_CHECK).
const opsPerCheck = 100

// budget is the number of progress checks a parse of n bytes may take.
func budget(n int) int { return budgetBase + n/budgetPerByte }

// GaveUp says why an input of n bytes has no syntax tree: Parse gave up.
func GaveUp(n int) string {
	return fmt.Sprintf("tree-sitter's error recovery did not finish within %d operations, the bound for %d bytes", budget(n)*opsPerCheck, n)
}

// Parse parses src with p, which has its language set. It returns nil when
// the parse passes its budget; the parser is then reset, ready for the
// next input. The caller closes the tree.
func Parse(p *sitter.Parser, src []byte) *sitter.Tree {
	limit, checks := budget(len(src)), 0
	tree := p.ParseWithOptions(func(offset int, _ sitter.Point) []byte {
		if offset < 0 || offset >= len(src) {
			return nil
		}
		return src[offset:min(offset+readChunk, len(src))]
	}, nil, &sitter.ParseOptions{ProgressCallback: func(sitter.ParseState) bool {
		checks++
		return checks > limit
	}})
	if tree == nil {
		// A cancelled parser resumes where it stopped unless reset.
		p.Reset()
	}
	return tree
}
