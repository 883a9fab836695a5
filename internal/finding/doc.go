// Package finding holds what a check reports, as plain data: a Diagnostic
// (code, severity, message, evidence, fingerprint), its Locations and the
// Edits `docbridge fix` applies, with the reading helpers every consumer
// shares (order, base/head comparison, narrowing to changed files).
//
// It is a leaf: it imports only catalog, so the report, the doctor,
// retrieval and fix read findings without depending on the rule engine
// (reconcile) that produces them.
package finding
