package reconcile

// Documents that are test input (the scan's judgement, recorded as the
// document metadata testInputKey: Markdown in a directory of test data, or
// in a site or book a test builds) are read by the project's tests, not by
// people, and are often broken on purpose. Nothing located in one is
// reported: not its links, anchors, paths in backticks or front matter. A
// finding located elsewhere that names one (a real page linking to a
// fixture's missing heading) is reported as usual.

// testInputKey is the document metadata key the scan sets to the
// test-input tree the document lies in.
const testInputKey = "testInput"

// isTestInput reports whether the document at p is test input.
func (v *view) isTestInput(p string) bool {
	d := v.docByPath[p]
	return d != nil && d.Entity != nil && metaString(d.Entity.Metadata[testInputKey]) != ""
}

// inTestInput reports whether a finding is located in a test-input
// document.
func (v *view) inTestInput(f finding) bool {
	p := primary(f).Path
	return p != "" && v.isTestInput(p)
}
