// Package target holds what the language import resolvers share: the
// answer to "where does this import lead" (Target, with its kinds) and the
// view of the scanned tree they probe (FileSystem). Each resolver answers
// with the kinds that make sense for its language; resolution in package
// scan maps every answer onto an entity the same way.
package target

// Target kinds.
const (
	Module     = "module"     // a scanned source file
	File       = "file"       // another scanned file: css, json, svg…
	Package    = "package"    // an in-tree package (a directory)
	External   = "external"   // not in the tree: a standard library or third-party name
	Unresolved = "unresolved" // should be in the tree, but is not
)

// Target is where one import leads.
type Target struct {
	// Kind is one of the kind constants.
	Kind string `json:"kind"`
	// Path is the repo-relative file (module, file) or directory (package).
	Path string `json:"path,omitempty"`
	// Name is the external name, the package name, or the import as
	// written (unresolved); each resolver documents which.
	Name string `json:"name,omitempty"`
}

// FileSystem answers whether repo-relative slash paths ("." is the root)
// exist in the scanned tree. A resolver only reads it, so a resolver is
// safe for concurrent use when its FileSystem is.
type FileSystem interface {
	IsFile(p string) bool
	IsDir(p string) bool
}
