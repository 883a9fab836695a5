// Package dirwatch tells what happened in a set of directories since it
// last asked, so that a long-lived reader of a tree (docbridge mcp) can
// tell an unchanged tree from a changed one without a stat of every file.
//
// On Linux it is inotify, read without blocking: the kernel queues an
// event before the write, create or rename that causes it returns, so a
// Drain started after a change returns the change. Elsewhere New returns
// ErrUnsupported and the caller stats what it needs.
//
// A Watch watches each directory itself, not the directories below it: the
// caller lists every directory it wants.
package dirwatch

import "errors"

// Op is what happened, as far as a reader of the tree cares.
type Op uint8

const (
	// Written: the file Name in Dir was written to or truncated.
	Written Op = iota + 1
	// Touched: the metadata of Name in Dir (of Dir itself when Name is
	// empty) changed, or a file opened for writing was closed: compare
	// what a stat says with what it said.
	Touched
	// Entries: Name was created in Dir, removed from it, or renamed into
	// or out of it.
	Entries
	// Gone: Dir itself was removed, renamed or unmounted; the watch on it
	// has ended.
	Gone
)

// Event is one change in a watched directory. Dir is the directory as
// given to New; when one directory was given under several names (a
// symlinked directory and its target), each name gets the event.
type Event struct {
	Dir, Name string
	Op        Op
}

// ErrUnsupported is New's error where the platform has no watch.
var ErrUnsupported = errors.New("dirwatch: not supported on this platform")
