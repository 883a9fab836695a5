// Package gitrepo is docbridge's one git client: every git subprocess the
// tool runs goes through it. Against a work tree (git -C dir): the commit
// checked out and the files renamed since a base (WorkTree, what the check
// pipeline asks through the edge that runs it) and the
// newest commit time of each path (CommitTimes) — each a best effort whose
// failure means "git cannot say", never an error. Against a repository's
// git directory (git --git-dir), for the drift miner: the log with
// name-status (Log), one-shot commands (Output) and blobs read through one
// `git cat-file --batch` process (Batch).
package gitrepo
