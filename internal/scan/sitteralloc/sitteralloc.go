// Package sitteralloc makes tree-sitter allocate with the C library's
// malloc, calloc, realloc and free directly. go-tree-sitter installs
// allocation functions that call back into Go, which calls the C library
// again: two cgo crossings for each of the many allocations a parse makes
// (about 3 % of a cold scan's CPU). The memory is the same C heap either
// way, and go-tree-sitter's own frees go to the C library's free, so the
// switch holds for trees made before and after it.
//
// Importing the package makes the switch; the packages that parse with
// tree-sitter import it.
package sitteralloc

/*
#include <stdlib.h>

// ts_set_allocator is tree-sitter's public API (tree_sitter/api.h), linked
// into the binary by go-tree-sitter.
void ts_set_allocator(void *(*new_malloc)(size_t), void *(*new_calloc)(size_t, size_t),
	void *(*new_realloc)(void *, size_t), void (*new_free)(void *));

static void use_libc(void) { ts_set_allocator(malloc, calloc, realloc, free); }
*/
import "C"

import (
	// Its init installs the Go callbacks; importing it orders that init
	// before this package's, which replaces them.
	_ "github.com/tree-sitter/go-tree-sitter"
)

func init() { C.use_libc() }
