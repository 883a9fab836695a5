package walk

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// result sorts and bounds what the walk collected.
func (w *walker) result() *Result {
	res := &Result{}
	res.Files = w.bounded(w.files, w.opts.MaxFiles, "files beyond scan.maxFiles")
	if n := len(w.files); n > len(res.Files) {
		res.Unlisted = &Unlisted{From: w.files[len(res.Files)].Path,
			Reason: fmt.Sprintf("the walk listed only the first %d files by path (scan.maxFiles)", len(res.Files))}
	}
	if w.stopped {
		res.Unlisted = &Unlisted{Reason: fmt.Sprintf("the walk stopped after examining %d directory entries, its bound", maxEntries)}
	}
	res.Aliases = listedAliases(w.aliases, res.Files)
	res.Ignores = w.ignores
	res.Skipped = w.bounded(w.skipped, maxSkipped, "skipped files beyond walk.MaxSkipped")
	slices.Sort(w.dirs)
	res.Dirs = w.dirs
	if n := len(res.Dirs) - maxDirs; n > 0 {
		res.Dirs = res.Dirs[:maxDirs:maxDirs]
		w.aggregate = append(w.aggregate, Note{Path: ".", Status: extract.StatusPartial,
			Reason: fmt.Sprintf("%d directories beyond walk.MaxDirs (%d) not listed", n, maxDirs)})
	}
	res.Excluded = w.boundedPaths(w.excluded, "excluded paths", "them")
	res.Output = w.boundedPaths(w.output, "build output directories", "their files")
	res.Notes = boundNotes(w.notes, w.aggregate)
	return res
}

// boundedPaths sorts paths and keeps the first maxExcluded, noting the
// rest: references to what (them, their files) resolve as if it did not
// exist.
func (w *walker) boundedPaths(paths []string, what, refs string) []string {
	slices.Sort(paths)
	if n := len(paths) - maxExcluded; n > 0 {
		paths = paths[:maxExcluded:maxExcluded]
		w.aggregate = append(w.aggregate, Note{Path: ".", Status: extract.StatusPartial,
			Reason: fmt.Sprintf("%d %s beyond walk.MaxExcluded (%d) not listed; references to %s resolve as if they did not exist", n, what, maxExcluded, refs)})
	}
	return paths
}

// bounded sorts files by path and keeps the first limit, noting the rest.
func (w *walker) bounded(files []File, limit int, what string) []File {
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	if n := len(files) - limit; n > 0 {
		files = files[:limit:limit]
		w.aggregate = append(w.aggregate, Note{Path: ".", Status: extract.StatusPartial,
			Reason: fmt.Sprintf("%d %s (%d) not listed", n, what, limit)})
	}
	return files
}

// boundNotes sorts the notes and keeps at most maxNotes, the last of which
// then counts the ones left out. Notes about the walk as a whole are always
// kept: they say a list is incomplete.
func boundNotes(notes, aggregate []Note) []Note {
	byPathReason := func(a, b Note) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), strings.Compare(a.Reason, b.Reason), strings.Compare(a.Status, b.Status))
	}
	slices.SortFunc(notes, byPathReason)
	dropped := 0
	if room := maxNotes - len(aggregate); len(notes) > room {
		keep := max(room-1, 0) // one slot for the counting note
		dropped = len(notes) - keep
		notes = notes[:keep]
	}
	out := slices.Concat(notes, aggregate)
	slices.SortFunc(out, byPathReason)
	if dropped > 0 {
		out = append(out, Note{Path: ".", Status: extract.StatusPartial,
			Reason: fmt.Sprintf("%d more notes beyond walk.MaxNotes (%d) not listed", dropped, maxNotes)})
	}
	return out
}

// listedAliases sorts the aliases of the listed files by path and drops
// those of files the MaxFiles bound left out.
func listedAliases(aliases []Alias, files []File) []Alias {
	listed := make(map[string]bool, len(aliases))
	for _, f := range files {
		listed[f.Path] = true
	}
	out := aliases[:0]
	for _, a := range aliases {
		if listed[a.Path] {
			out = append(out, a)
		}
	}
	slices.SortFunc(out, func(a, b Alias) int { return strings.Compare(a.Path, b.Path) })
	if len(out) == 0 {
		return nil
	}
	return out
}
