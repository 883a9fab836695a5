package finding

// FilterChanged keeps the diagnostics whose primary location is one of the
// changed files, as reviewdog's "file" filter mode does. Other evidence
// does not count, and repository-level findings (no path) are dropped: no
// change is located in them. The order is kept.
func FilterChanged(ds []Diagnostic, changed []string) []Diagnostic {
	return InFiles(ds, changed, func(d Diagnostic) string { return d.Primary().Path })
}

// InFiles keeps the items whose path is one of the changed files (an
// empty path is in none), in order: FilterChanged's rule for anything
// located by a path.
func InFiles[T any](xs []T, changed []string, path func(T) string) []T {
	set := make(map[string]bool, len(changed))
	for _, p := range changed {
		set[p] = true
	}
	out := []T{}
	for _, x := range xs {
		if p := path(x); p != "" && set[p] {
			out = append(out, x)
		}
	}
	return out
}
