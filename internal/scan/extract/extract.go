// Package extract holds the vocabulary shared by the per-file extractors.
//
// Extraction is the first of the scan's two phases: a pure function of one
// file's bytes (plus its analyzer's version and the configuration keys the
// analyzer reads). Every extractor returns plain, JSON-serialisable values so
// that an extraction can be stored and reused by an incremental scan; nothing
// here refers to other files — that is resolution's job.
package extract

// Status values of an Issue, matching the snapshot's coverage statuses.
const (
	StatusPartial     = "partial"
	StatusNotAnalyzed = "not-analyzed"
)

// Issue is something an extractor could not do, or found wrong, in one file.
// The scan turns every Issue into a coverage entry (and reconcile later turns
// the ones with a Code into diagnostics), so nothing is skipped silently.
type Issue struct {
	// Line is 1-based; 0 when the issue concerns the whole file.
	Line int `json:"line,omitempty"`
	// Code is a stable UPPER_SNAKE code when the issue is a diagnostic an
	// author must fix (for example DOCBRIDGE_UNKNOWN_KEY); empty otherwise.
	Code string `json:"code,omitempty"`
	// Status is StatusPartial (the file was analyzed, but not all of it) or
	// StatusNotAnalyzed (nothing useful came out of the file).
	Status  string `json:"status"`
	Message string `json:"message"`
}
