// Package enrich holds what an agent may propose about the knowledge graph
// and everything that decides about it without judgement: the proposal
// union (Proposal, Kind, one payload type per kind, ProposalID), strict
// decoding (Decode), the validators and the closed set of rejection
// reasons, the overlay file that records decisions, approvals, and the
// projection of accepted proposals into retrieval.
//
// An agent never decides anything: it returns raw proposals, and this
// package accepts, parks or rejects them by fixed rules.
package enrich
