// Package walk lists the files of a checkout that git would track, in a
// deterministic order, and says why anything else was left out.
//
// It is the scan's first step: it lists, stats and filters; reading contents
// and hashing belong to the pipeline. Ignore rules follow git's semantics:
// .git/info/exclude, then every .gitignore from the root down (deeper files
// and later lines win), matched with go-git's gitignore patterns; a directory
// that is excluded is never entered, so nothing under it can be re-included.
// Symlinks are followed only when their fully resolved target lies inside the
// root. Everything that exists but is not listed for analysis — oversized
// files, unreadable directories, irregular files, undecodable names, symlinks
// out of the root, truncated lists — becomes a Note, never an error. A file
// is not opened here: the scan reads it once and reports a failure there.
package walk
