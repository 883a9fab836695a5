// Package python is the scan's Python analyzer.
//
// Extraction (Extractor) parses one .py or .pyi file with tree-sitter and
// returns its imports, its exports and the problems found, as plain values
// that depend on the file's bytes alone. Resolution (Resolver) maps those
// imports onto the repository's files, given the package roots (Roots) of
// the tree being scanned.
package python
