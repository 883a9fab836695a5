package scan

import (
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// documentAliases splits off the walk's files that are another document: a
// Markdown file reached through a symlink (its own, or a symlinked
// directory's) whose real file is a Markdown file the walk listed too. Such
// a file is the same document, so it is scanned once, as its target: it is
// not extracted, it is no document of its own, a link or a mention of its
// path resolves to the target, and the target's entity lists it (metadata
// aliases) while a coverage note says so. It returns the files left to
// extract and the aliases, both in path order.
func documentAliases(cfg *config.Config, w *walk.Result) ([]walk.File, []walk.Alias) {
	if !enabled(cfg, kindMarkdown) || len(w.Aliases) == 0 {
		return w.Files, nil
	}
	listed := make(map[string]bool, len(w.Files))
	for _, f := range w.Files {
		listed[f.Path] = true
	}
	var aliases []walk.Alias
	alias := map[string]bool{}
	for _, a := range w.Aliases {
		if classify(a.Path) == kindMarkdown && classify(a.Target) == kindMarkdown && listed[a.Target] {
			aliases = append(aliases, a)
			alias[a.Path] = true
		}
	}
	if len(aliases) == 0 {
		return w.Files, nil
	}
	files := make([]walk.File, 0, len(w.Files)-len(aliases))
	for _, f := range w.Files {
		if !alias[f.Path] {
			files = append(files, f)
		}
	}
	return files, aliases
}

// aliases records each document alias: its path names the target's
// entities, the target's entity lists it, and a coverage note says it was
// scanned as its target. An alias whose target is no document (its
// extraction failed) is only a file that exists.
func (r *resolver) aliases() {
	for _, a := range r.t.aliases {
		e := r.b.entities[snapshot.EntityID(snapshot.KindDocument, a.Target)]
		if e == nil {
			continue
		}
		list, _ := e.Metadata["aliases"].([]any)
		setMeta(&e.Metadata, "aliases", append(list, a.Path))
		r.b.note(snapshot.Coverage{Analyzer: "markdown", Scope: a.Path, Status: snapshot.StatusNotApplicable,
			Reason: "symlink to " + a.Target + ": the same document, scanned once, as " + a.Target})
	}
}
