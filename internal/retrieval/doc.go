// Package retrieval finds the right entity for a question: a projection of
// the snapshot into search entries, a ranker (field-weighted BM25 plus
// identity boosts, graph proximity and canonicality), lookup of an entity's
// neighbourhood, and token budgets for answers handed to agents.
//
// It is a pure stage: the projection reads a snapshot, its graph signals
// and document bodies supplied by the caller; nothing here reads files,
// calls the network or imports agent code.
package retrieval
