// Package repoquery answers the read-side questions the CLI and the MCP
// server both ask of a scanned repository, so that a person and an agent
// get the same answer: the search index (document bodies read from the
// directory, the enrichment overlay's accepted proposals projected in),
// a search that falls back to the most recently changed documents (last
// commit time from git, else file time), and a lookup with excerpts read
// through an os.Root.
package repoquery
