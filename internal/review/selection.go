package review

import (
	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/report"
)

// Selection is what a pull-request run judged — the findings its filter
// kept, which are annotated, commented on and counted against fail-on —
// and how it chose them, as data. The renderers name the selection from
// these fields (the title's "new findings", the verdict's filter, the
// counts line); Note is for people reading the log and is never parsed.
type Selection struct {
	// Filter is the filter the run applied: actionenv.FilterNew,
	// FilterChangedFiles, or FilterAll (also when the changed files a
	// filter needed are unknown and every finding is judged); "" when no
	// filter applies (a push). The verdict names it unless it is new or "".
	Filter actionenv.Filter
	// OnlyNew is set when the findings are exactly the ones new against a
	// base state (filter new with a base): the texts call them new and say
	// that the unchanged ones are not annotated.
	OnlyNew bool
	// InChangedFiles is set when the findings are the ones located in the
	// pull request's changed files (filter changed-files, or new without a
	// base state), paths already in the scanned directory's coordinates.
	InChangedFiles bool
	// Note says in words how the findings were chosen ("findings new
	// against the base"), for the log and the exit message.
	Note string
	// Findings are the selected findings, in the report's canonical order.
	Findings []report.Finding
}
