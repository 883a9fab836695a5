package doctor

import (
	"fmt"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// builder assembles a hand-made snapshot.
type builder struct{ s *snapshot.Snapshot }

func newBuilder() *builder {
	return &builder{s: &snapshot.Snapshot{Type: snapshot.Type, SchemaVersion: snapshot.SchemaVersion}}
}

func (b *builder) entity(kind, path string, meta map[string]any) *builder {
	b.s.Entities = append(b.s.Entities, snapshot.Entity{
		ID: snapshot.EntityID(kind, path), Kind: kind, Name: path, Path: path,
		Provenance: snapshot.Observed, Evidence: []snapshot.Evidence{{Source: "file", Path: path}}, Metadata: meta,
	})
	return b
}

func (b *builder) doc(path string) *builder { return b.entity(snapshot.KindDocument, path, nil) }

func (b *builder) area(path string, required bool) *builder {
	return b.entity(snapshot.KindArea, path, map[string]any{"source": "config", "required": required})
}

func (b *builder) module(path string) *builder { return b.entity(snapshot.KindModule, path, nil) }

// rel adds a relation written n times (n evidence items) in from's file.
func (b *builder) rel(kind, from, to string, n int, provenance, source string) *builder {
	ev := make([]snapshot.Evidence, n)
	for i := range ev {
		ev[i] = snapshot.Evidence{Source: source, Path: from[len("document:"):], LineStart: i + 1}
	}
	b.s.Relations = append(b.s.Relations, snapshot.Relation{
		ID: snapshot.RelationID(kind, from, to), Kind: kind, From: from, To: to, Provenance: provenance, Evidence: ev,
	})
	return b
}

// link adds a links-to relation between two documents, written n times.
func (b *builder) link(from, to string, n int) *builder {
	return b.rel(snapshot.RelLinksTo, "document:"+from, "document:"+to, n, snapshot.Observed, "markdown")
}

// mention adds a mentions relation from a document to an entity id.
func (b *builder) mention(from, to string) *builder {
	return b.rel(snapshot.RelMentions, "document:"+from, to, 1, snapshot.Observed, "markdown")
}

// declare adds a covers declaration written n times.
func (b *builder) declare(from, to string, n int) *builder {
	return b.rel(snapshot.RelCovers, "document:"+from, to, n, snapshot.Declared, declarationSource)
}

// regions gives a document n generated regions.
func (b *builder) regions(path string, n int) *builder {
	for i := range b.s.Entities {
		if b.s.Entities[i].ID == "document:"+path {
			list := make([]any, n)
			for j := range list {
				list[j] = map[string]any{"lineStart": j*10 + 1, "lineEnd": j*10 + 5, "declaredHash": "a", "actualHash": "a", "closed": true}
			}
			b.s.Entities[i].Metadata = map[string]any{"generated": list}
		}
	}
	return b
}

// fixture facts the healthy repository is built with; the expectations
// below are computed from them.
const (
	healthyDocs         = 4 // README.md, AGENTS.md, docs/a.md, docs/b.md
	healthyAreas        = 2
	healthyLinks        = 4 // occurrences of links-to
	healthyDeclarations = 2 // lines declaring covers
	healthyRegions      = 2
)

// healthy is a repository with nothing wrong: entry documents linking
// every document, two areas mentioned, declarations and generated regions.
func healthy() *builder {
	return newBuilder().
		doc("AGENTS.md").doc("README.md").doc("docs/a.md").doc("docs/b.md").
		area("internal/x", true).area("internal/y", false).
		module("internal/x/x.go").module("internal/y/y.go").
		link("README.md", "docs/a.md", 2).link("AGENTS.md", "docs/b.md", 1).link("docs/a.md", "docs/b.md", 1).
		mention("docs/a.md", "area:internal/x").mention("docs/b.md", "area:internal/y").
		mention("README.md", "area:internal/x").mention("AGENTS.md", "module:internal/y/y.go").
		declare("docs/a.md", "module:internal/x/x.go", 2).
		regions("docs/b.md", healthyRegions)
}

// in wraps a snapshot with every document projected and a benchmark.
func in(b *builder, ds ...finding.Diagnostic) Input {
	docs := 0
	for _, e := range b.s.Entities {
		if e.Kind == snapshot.KindDocument {
			docs++
		}
	}
	return Input{Snapshot: b.s, Diagnostics: ds, ProjectedDocuments: docs, Benchmark: &Benchmark{Suite: "suite.json", Cases: 40, Hit3: 0.9}}
}

// diag is a diagnostic of code at path:line.
func diag(code, path string, line int) finding.Diagnostic {
	return finding.Diagnostic{ID: fmt.Sprintf("%s-%s-%d", code, path, line), Code: code, Severity: "error",
		Message: code + " at " + path, Evidence: []finding.Location{{Path: path, Line: line}}, EntityIDs: []string{}}
}

// dim returns the named dimension of a report.
func dim(r *Report, name string) Dimension {
	for _, d := range r.Dimensions {
		if d.Name == name {
			return d
		}
	}
	return Dimension{}
}
