// Package mcpserver is `docbridge mcp`: a Model Context Protocol server
// over the official Go SDK that keeps one repository's scan, search index
// and findings in memory and answers coding agents' tool calls from them —
// knowledge_search and knowledge_lookup (internal/repoquery, as the search
// and lookup commands answer), docbridge_diagnostics, the graph tools over
// the snapshot's shared index (snapshot.Index, carried by its signals)
// with the overlay's accepted proposed relations beside it, enrich_pending and docs
// (internal/docstool). The first scan runs in the background while the
// server answers initialize; before each call a fingerprint of the files
// the last scan read (a directory watch on Linux) says whether to rescan
// incrementally. The CLI parses the flags and calls New, Serve and Close.
package mcpserver
