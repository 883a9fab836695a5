package scan

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/golang"
	"github.com/docbridge/docbridge/internal/scan/manifest"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// languages holds the per-language import resolvers, built once per scan
// by the module analyzers (moduleAnalyzer.packages) from the manifests and
// configs the extractions found.
type languages struct {
	golang     *golang.Resolver
	typescript *typescript.Resolver
	python     *python.Resolver
}

// Ecosystem names in package and external metadata.
const (
	ecoGo     = "go"
	ecoNPM    = "npm"
	ecoPython = "python"
)

// packages creates package entities — one per import unit: a Go package
// directory, an npm package (package.json with a name), a Python import
// package (a directory with __init__.py) and the root of every manifest — and
// builds the language resolvers. Entities are keyed by directory: several
// ecosystems at one directory are one package with the other names as
// aliases, the first name met its name. The manifests declare theirs
// first, in path order; then each module analyzer, in registry order,
// declares its language's packages and builds its resolver.
func (r *resolver) packages() {
	r.pkgDirs = map[string]string{}
	r.pkgNames = map[string][]string{}
	r.langs = &languages{}
	for i := range r.t.ex {
		if m := manifestOf(&r.t.ex[i]); m != nil {
			m.declarePackage(r, &r.t.ex[i])
		}
	}
	for _, a := range registry {
		if m, ok := a.(moduleAnalyzer); ok {
			m.packages(r)
		}
	}
}

// pkg creates or extends the package entity at dir.
func (r *resolver) pkg(dir, name, ecosystem string, ev snapshot.Evidence) {
	e := r.b.entity(snapshot.KindPackage, dir, name, dir)
	if e.Name != name {
		e.Aliases = append(e.Aliases, name)
	}
	e.Evidence = append(e.Evidence, ev)
	addSorted(&e.Metadata, "ecosystems", ecosystem)
	r.pkgDirs[dir] = e.ID
	ids := r.pkgNames[name]
	for _, id := range ids {
		if id == e.ID {
			return
		}
	}
	r.pkgNames[name] = append(ids, e.ID)
}

// goPackageDoc is the package doc of a Go package directory: that of its
// doc.go (where Go convention puts a long package comment), else of the
// first non-test file in path order that has one; a _test.go file's comment
// documents package x_test, if anything.
func goPackageDoc(members []*Extraction) string {
	doc, from := "", ""
	for _, m := range members {
		if m.Go.IsTest || m.Go.Doc == "" {
			continue
		}
		if path.Base(m.Path) == "doc.go" {
			return m.Go.Doc
		}
		if from == "" || m.Path < from {
			doc, from = m.Go.Doc, m.Path
		}
	}
	return doc
}

// memberEvidence is the evidence of a package made of several files: its
// content hash covers every member's path and hash.
func memberEvidence(source, dir string, members []*Extraction) snapshot.Evidence {
	var sb strings.Builder
	for _, m := range members {
		sb.WriteString(m.Path)
		sb.WriteByte(0)
		sb.WriteString(m.Hash)
		sb.WriteByte(0)
	}
	return snapshot.Evidence{Source: source, Path: dir, ContentHash: snapshot.HashBytes([]byte(sb.String()))}
}

// packageEntry is the repo-relative entry file a package.json names.
func packageEntry(dir string, pj *manifest.PackageJSON) string {
	for _, e := range []string{pj.Exports, pj.Module, pj.Main, pj.Types} {
		if e != "" {
			p := path.Join(dir, e)
			if p == dir || strings.HasPrefix(p, "../") || p == ".." {
				continue
			}
			return p
		}
	}
	return ""
}

// uniqueWorkspaces drops package names declared by more than one
// package.json: resolving an import to either would be a guess. Those
// package.json files, like the unnamed ones, stay without a name: they
// still scope the `#…` imports of their files.
func uniqueWorkspaces(ws []typescript.Workspace, b *builder) []typescript.Workspace {
	byName := map[string][]typescript.Workspace{}
	var out []typescript.Workspace
	for _, w := range ws {
		if w.Name == "" {
			out = append(out, w)
			continue
		}
		byName[w.Name] = append(byName[w.Name], w)
	}
	for _, name := range sortedKeys(byName) {
		group := byName[name]
		if len(group) == 1 {
			out = append(out, group[0])
			continue
		}
		dirs := make([]string, len(group))
		for i, w := range group {
			dirs[i] = w.Dir
			w.Name = ""
			out = append(out, w)
		}
		b.note(snapshot.Coverage{Analyzer: "manifest", Scope: name, Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("package name declared by %d package.json files (%s); imports of it are not resolved", len(group), strings.Join(dirs, ", "))})
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
