package scan

// ExportReader reads the exported names of source modules outside a scan
// (the drift miner reads them from a git history), through the registry:
// the analyzer that would take a path in a scan extracts it when that
// analyzer is a language's, so the miner knows no language.
type ExportReader struct {
	extractors map[analyzer]fileExtractor
}

// NewExportReader returns a reader; the caller closes it.
func NewExportReader() *ExportReader {
	return &ExportReader{extractors: map[analyzer]fileExtractor{}}
}

// IsModule reports whether a scan reads the file at the repo-relative
// slash path p as a source module.
func IsModule(p string) bool {
	_, ok := classify(p).(moduleAnalyzer)
	return ok
}

// Names returns the bare names of the exports of the source module at p
// with the bytes data, in declaration order, as prose names one that was
// removed (a Go method by its name alone, no private Python name); nil for
// no data or a path that is no source module.
func (r *ExportReader) Names(p string, data []byte) []string {
	a, ok := classify(p).(moduleAnalyzer)
	if !ok || data == nil {
		return nil
	}
	ex, ok := r.extractors[a]
	if !ok {
		ex = a.NewExtractor()
		r.extractors[a] = ex
	}
	x := &Extraction{Path: p}
	ex.Extract(x, data)
	if !a.Extracted(x) {
		return nil
	}
	var names []string
	a.exportNames(x, func(n string) { names = append(names, n) })
	return names
}

// Close releases the extractors' parsers.
func (r *ExportReader) Close() {
	for _, ex := range r.extractors {
		ex.Close()
	}
}
