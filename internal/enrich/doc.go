// Package enrich holds what an agent may propose about the knowledge graph
// and everything that decides about it without judgement. An agent never
// decides anything: it returns raw proposals, and this package accepts,
// parks or rejects them by fixed rules.
//
// The API, in the order a run uses it:
//
//   - Proposals: Proposal (the envelope), Kind and its Policy, one payload
//     type per kind, ProposalID, TargetHash, Decode (strict; its error is a
//     *rejection), AnswerSchema (the JSON schema a model's structured
//     output follows).
//   - Build(BuildInput{Facts, Previous, Answers, Approvals}) decides a run:
//     decode, the envelope checks in their fixed order, each kind's rule,
//     the policy, the approvals people recorded; entries of Previous whose
//     target moved become rejected "expired". Pure and deterministic.
//   - Overlay files: ReadOverlay (never writes; a bad overlay is nil and a
//     warning), WriteOverlay, ParseOverlay and MarshalOverlay for bytes from
//     elsewhere.
//   - Revalidate re-runs the validators over a stored overlay and lists the
//     decisions that do not reproduce.
//   - Decide(DecideInput{Overlay, Approvals, Targets}, DecideRequest) is the
//     one place a person approves or rejects, on values; DecideFiles does it
//     on the files under a root (record first, overlay second);
//     ReadApprovals, writeApproval, ParseApproval, ApprovalID.
//   - Enrichment(overlay, snapshot) projects the accepted proposals for
//     retrieval (retrieval.Projection.Enrich, retrieval.Entry.Signal).
//
// The query path (check, scan, search, lookup, doctor, graph) may import
// this package; it must not import enrich/agent, and this package does not.
package enrich
