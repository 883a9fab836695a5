// Package doctor grades how findable and healthy a repository's
// documentation is: a score out of 100 from measured dimensions
// (reachability, connectivity, the retrieval benchmark and five health
// checks), a grade with the A's extra requirements, the problems behind
// every lost point and the next actions ordered by the points they recover.
//
// It is a pure stage: Diagnose reads a snapshot, the reconcile diagnostics
// and two numbers measured by the retrieval stage; nothing here reads
// files. The score is built so that removing documentation never raises
// it (see the dimension comments).
package doctor
