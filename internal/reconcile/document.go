package reconcile

import (
	"github.com/docbridge/docbridge/internal/snapshot"
)

// document is a document entity's metadata in typed form. The snapshot
// holds metadata as plain JSON values (numbers may be int or float64 after
// a JSON round trip); this is the one place that reads them.
type document struct {
	ID            string
	Path          string
	Title         string
	TitleSource   string
	Summary       string
	Headings      []heading
	Generated     []region
	BrokenAnchors []anchorRef
	// PathRefs are the document's references to existing paths that are
	// no entity, in document order (see pathRef).
	PathRefs []pathRef
	// SiteAnchors are the anchors a documentation site renders for the
	// document (VitePress, Docusaurus); nil outside a site.
	SiteAnchors []string
	// Navigation is the site configuration (mkdocs.yml, SUMMARY.md's
	// book, .vitepress/config) whose navigation lists the document; "" when
	// none does.
	Navigation string
	// FrontMatter is the subset of front-matter keys the snapshot keeps.
	FrontMatter map[string]string
	// FrontMatterFields holds every top-level scalar front-matter key as
	// written (read them with Field); FrontMatterLines their lines.
	FrontMatterFields map[string]string
	FrontMatterLines  map[string]int
	Entity            *snapshot.Entity
}

// heading is a heading of levels 1–3.
type heading struct {
	Level int
	Text  string
	Slug  string
	Line  int
}

// region is a generated region.
type region struct {
	LineStart, LineEnd       int
	DeclaredHash, ActualHash string
	Closed                   bool
}

// pathRef is a link or code span of the document, as written, that named
// a path of the repository which exists but is no entity (a script, a
// YAML file, a directory of protos): no relation records it, so the
// document does (metadata paths). Kind is "link" or "mention".
type pathRef struct {
	Kind, Text, Path string
	Line             int
}

// anchorRef is a same-document #anchor link that matches no heading.
type anchorRef struct {
	Anchor string
	Line   int
	// Written is the link's destination when it is not "#"+Anchor
	// (guide.md#x inside guide.md, or percent-encoded).
	Written string
}

// written is the link's destination as the document wrote it.
func (a anchorRef) written() string {
	if a.Written != "" {
		return a.Written
	}
	return "#" + a.Anchor
}

func newDocument(e *snapshot.Entity) *document {
	m := e.Metadata
	d := &document{
		ID: e.ID, Path: e.Path, Entity: e,
		Title:       metaString(m["title"]),
		TitleSource: metaString(m["titleSource"]),
		Summary:     metaString(m["summary"]),
		FrontMatter: map[string]string{},
	}
	if d.Path == "" {
		_, d.Path, _ = snapshot.ParseEntityID(e.ID)
	}
	for _, h := range snapshot.MetaMaps(m["headings"]) {
		d.Headings = append(d.Headings, heading{
			Level: snapshot.MetaInt(h["level"]), Text: metaString(h["text"]),
			Slug: metaString(h["slug"]), Line: snapshot.MetaInt(h["line"]),
		})
	}
	for _, g := range snapshot.MetaMaps(m["generated"]) {
		d.Generated = append(d.Generated, region{
			LineStart: snapshot.MetaInt(g["lineStart"]), LineEnd: snapshot.MetaInt(g["lineEnd"]),
			DeclaredHash: metaString(g["declaredHash"]), ActualHash: metaString(g["actualHash"]),
			Closed: metaBool(g["closed"]),
		})
	}
	d.SiteAnchors = snapshot.MetaStrings(m["siteAnchors"])
	d.Navigation = metaString(m["navigation"])
	for _, p := range snapshot.MetaMaps(m["paths"]) {
		d.PathRefs = append(d.PathRefs, pathRef{Kind: metaString(p["kind"]), Text: metaString(p["text"]), Path: metaString(p["path"]), Line: snapshot.MetaInt(p["line"])})
	}
	for _, a := range snapshot.MetaMaps(m["brokenAnchors"]) {
		d.BrokenAnchors = append(d.BrokenAnchors, anchorRef{Anchor: metaString(a["anchor"]), Line: snapshot.MetaInt(a["line"]), Written: metaString(a["written"])})
	}
	if fm, ok := m["frontMatter"].(map[string]any); ok {
		for k, val := range fm {
			d.FrontMatter[k] = metaString(val)
		}
	}
	d.FrontMatterFields, d.FrontMatterLines = metaStringMap(m["frontMatterFields"]), metaIntMap(m["frontMatterLines"])
	return d
}

// metaString reads a string value; anything else is "".
func metaString(v any) string {
	s, _ := v.(string)
	return s
}

func metaBool(v any) bool {
	b, _ := v.(bool)
	return b
}
