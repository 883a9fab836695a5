package scan

import (
	"maps"
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/markup"
	"github.com/docbridge/docbridge/internal/scan/typescript"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// How documents inside sites resolve, whatever the generator: the files
// include directives splice in, MDX imports, and the paths a link may name,
// each step asking the site's generator (siteGenerator).

// siteNotes records one coverage entry per site: its generator, root and
// where it comes from (siteNote).
func (d *docRefs) siteNotes() {
	for _, s := range d.sites {
		reason, complete := siteNote(d.t, s)
		reason += s.gen.note(s)
		status := snapshot.StatusComplete
		if !complete {
			status = snapshot.StatusPartial
		}
		d.b.note(snapshot.Coverage{Analyzer: "sites", Scope: s.root, Status: status, Reason: reason})
	}
}

// includes splices the anchors of every file a document includes into the
// document's own (the included headings render in the including page), and
// remembers who includes whom: links inside an included file resolve from
// the page it lands in. Nested includes are followed to a bounded depth.
// An MDX page's imports that it renders as components are includes too:
// a Markdown partial's headings render in the page; a component module's
// may, which the page's components record (missingAnchor).
func (d *docRefs) includes() {
	d.includedBy, d.filled = map[string][]string{}, map[string]bool{}
	direct := map[string][]string{}
	// components are the modules each page renders itself; d.components
	// adds those of the partials it includes.
	components := map[string][]string{}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil || len(x.Markdown.Includes)+len(x.Markdown.Autodoc) == 0 {
			continue
		}
		site, inSite := siteRootOf(d.sites, x.Path)
		if inSite && site.gen.filled(site, x.Markdown) {
			d.filled[x.Path] = true
		}
		for _, inc := range x.Markdown.Includes {
			if inc.Syntax == markdown.IncludeMDX {
				// Only MDX renders them: .mdx files, and the .md ones of a
				// generator that compiles every page as MDX (Docusaurus).
				// MDX compiles a partial's links from the partial itself,
				// so it is no includedBy entry.
				if !strings.EqualFold(path.Ext(x.Path), ".mdx") && !(inSite && siteMDX(site)) {
					continue
				}
				switch p, kind := d.mdxImport(site, inSite, x.Path, inc.Path); kind {
				case mdxPartial:
					direct[x.Path] = append(direct[x.Path], p)
				case mdxMarkup:
					// A component that renders no heading: its literal
					// ids are the page's anchors.
					direct[x.Path] = append(direct[x.Path], p)
					if d.anchors[p] == nil {
						d.anchors[p] = lowerSet(d.t.byPath[p].Markup.IDs)
					}
				case mdxComponent:
					components[x.Path] = append(components[x.Path], "<"+inc.Component+"> ("+p+")")
				}
				continue
			}
			if inc.Syntax == markdown.IncludeTemplate {
				continue // a page the generator fills (filled)
			}
			// Only where no generator the scan knows renders the page is
			// an include element taken for one (dumi's <embed>, Fumadocs'
			// <include>).
			element := inc.Syntax == markdown.IncludeElement
			if element && inSite && site.kind() != siteInferred {
				continue
			}
			if p, ok := d.includeTarget(site, inSite, x.Path, inc); ok {
				direct[x.Path] = append(direct[x.Path], p)
				d.includedBy[p] = append(d.includedBy[p], x.Path)
			} else if element {
				// A file the checkout lacks (synced or generated at build)
				// renders headings the scan cannot see.
				components[x.Path] = append(components[x.Path], "<include> ("+inc.Path+")")
			}
		}
	}
	d.components = maps.Clone(components)
	for _, doc := range sortedKeys(direct) {
		seen := map[string]bool{doc: true}
		frontier := direct[doc]
		for depth := 0; depth < maxIncludeDepth && len(frontier) > 0; depth++ {
			var next []string
			for _, p := range frontier {
				if seen[p] {
					continue
				}
				seen[p] = true
				for a := range d.anchors[p] {
					d.anchors[doc][a] = true
				}
				d.components[doc] = append(d.components[doc], components[p]...)
				next = append(next, direct[p]...)
			}
			frontier = next
		}
	}
}

// templatedHeadings records the pages no known generator renders (none,
// or one inferred) that have a heading whose text is a template
// expression, "# {{ title }}" after "{% set title = … %}": whatever
// renders the page fills it in, so the heading's id is unknown and an
// anchor into the page is unverified, not broken (missingAnchor). A known
// generator's pages keep its rules.
func (d *docRefs) templatedHeadings() {
	d.templated = map[string]string{}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil || !x.Markdown.SiteSyntax {
			continue
		}
		if site, inSite := siteRootOf(d.sites, x.Path); inSite && site.kind() != siteInferred {
			continue
		}
		for _, h := range x.Markdown.Headings {
			if open := strings.Index(h.Text, "{{"); open >= 0 && strings.Contains(h.Text[open:], "}}") {
				d.templated[x.Path] = h.Text
				break
			}
		}
	}
}

// What an MDX import a page renders names (mdxImport).
type mdxModule int

const (
	mdxPackage   mdxModule = iota // a package's component (@theme/Tabs): no heading of the page
	mdxPartial                    // a Markdown or MDX file of the repository
	mdxMarkup                     // an Astro or Vue component whose markup renders no heading (markup.File)
	mdxComponent                  // another module of the repository, or one that does not resolve
)

// lowerSet is the set of ids, lowercased as links are compared.
func lowerSet(ids []string) map[string]bool {
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[strings.ToLower(id)] = true
	}
	return out
}

// siteMDX reports whether the site's generator compiles .md pages as MDX.
func siteMDX(site docSite) bool {
	_, ok := site.gen.mdx(site)
	return ok
}

// mdxImport resolves the specifier of an MDX import from doc, as the
// bundler does: relative to the page, @site/ and / from the site directory
// of a generator that has one (Docusaurus, siteGenerator.mdx), else by the TypeScript resolver (tsconfig paths such as
// Astro's ~/, workspace packages). It returns the file and what it is;
// p is the specifier when nothing in the repository answers it.
func (d *docRefs) mdxImport(site docSite, inSite bool, doc, spec string) (p string, kind mdxModule) {
	var t typescript.Target
	siteDir, hasSiteDir := "", false
	if inSite {
		siteDir, hasSiteDir = site.gen.mdx(site)
	}
	rest, atSite := strings.CutPrefix(spec, "@site/")
	if abs, ok := strings.CutPrefix(spec, "/"); ok {
		// webpack resolves a root-relative request from its roots, the
		// site's directory.
		rest, atSite = abs, true
	}
	switch {
	case atSite && hasSiteDir:
		t = typescript.Target{Kind: typescript.TargetUnresolved, Name: spec}
		if q, ok := d.probeModule(path.Join(siteDir, rest)); ok {
			t = typescript.Target{Kind: typescript.TargetFile, Path: q}
		}
	case d.langs != nil && d.langs.typescript != nil:
		t = d.langs.typescript.Resolve(doc, spec)
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
		t = typescript.Target{Kind: typescript.TargetUnresolved, Name: spec}
		if q, ok := d.probeModule(path.Join(parentDir(doc), spec)); ok {
			t = typescript.Target{Kind: typescript.TargetFile, Path: q}
		}
	default:
		return spec, mdxPackage
	}
	switch t.Kind {
	case typescript.TargetExternal:
		return spec, mdxPackage
	case typescript.TargetModule, typescript.TargetFile:
		x := d.t.byPath[t.Path]
		switch {
		case x != nil && x.Markdown != nil:
			return t.Path, mdxPartial
		case x != nil && x.Markup != nil && !x.Markup.Headings:
			return t.Path, mdxMarkup
		}
		return t.Path, mdxComponent
	case typescript.TargetPackage:
		return t.Name, mdxComponent
	}
	return spec, mdxComponent
}

// probeModule finds the file a module path names, as the TypeScript
// resolver probes one (typescript.ModuleFiles).
func (d *docRefs) probeModule(p string) (string, bool) {
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	for q := range typescript.ModuleFiles(p) {
		if d.t.files[q] {
			return q, true
		}
	}
	return "", false
}

// indexLayouts records the literal ids of every layout (markup.LayoutScope).
func (d *docRefs) indexLayouts() {
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markup == nil || len(x.Markup.IDs) == 0 {
			continue
		}
		if dir, ok := markup.LayoutScope(x.Path); ok {
			d.layouts = append(d.layouts, layoutIDs{dir: dir, path: x.Path, ids: lowerSet(x.Markup.IDs)})
		}
	}
}

// layoutAnchor returns a layout that renders anchor, as a literal id,
// around the pages of the directory it serves (markup.LayoutScope) that
// hold doc; "" when none does.
func (d *docRefs) layoutAnchor(doc, anchor string) string {
	a := strings.ToLower(anchor)
	for _, l := range d.layouts {
		if within(doc, l.dir) && l.ids[a] {
			return l.path
		}
	}
	return ""
}

// layoutIDs are the literal ids one layout renders around the pages
// below dir.
type layoutIDs struct {
	dir, path string
	ids       map[string]bool
}

// maxIncludeDepth bounds nested includes, which the generators recurse
// into (and which may loop).
const maxIncludeDepth = 8

// includeTarget returns the file an include directive names, as its
// syntax resolves it: from the bases the site's generator gives it
// (siteGenerator.includeBases: pymdownx.snippets' and markdown-include's
// base paths, Jekyll's _includes), then from the including page.
func (d *docRefs) includeTarget(site docSite, inSite bool, doc string, inc markdown.Include) (string, bool) {
	inc, bases, ok := siteDefaults{}.includeBases(site, inc)
	if inSite {
		inc, bases, ok = site.gen.includeBases(site, inc)
	}
	if !ok {
		return "", false
	}
	bases = append(bases, parentDir(doc))
	for _, b := range bases {
		p := path.Join(b, inc.Path)
		if strings.HasPrefix(p, "../") || p == ".." {
			continue
		}
		if d.t.files[p] {
			return p, true
		}
	}
	return "", false
}

// siteLinkCandidates lists, in order, the paths a link may name, the way
// the document's site resolves it (siteGenerator.links); ok is false when
// the link names no file this scan can check: a Liquid tag outside a
// Jekyll site, or a destination that is a template ({{ … }}, {% … %}) the
// generator fills. Outside a site a link names its own target.
func (d *docRefs) siteLinkCandidates(site docSite, inSite bool, doc string, l markdown.Link) (candidates []string, target string, ok bool) {
	if inSite {
		return site.gen.links(d, site, doc, l)
	}
	if l.Kind == markdown.LinkSite || l.Kind == markdown.LinkPost {
		return nil, "", false
	}
	var out []string
	if l.Target != "" {
		out = d.untranslated(doc, linkCandidates(site.root, false, l.Destination, l.Target))
		if strings.HasPrefix(l.Destination, "/") && d.writtenForSite(doc) {
			// A page written for a site nobody marks (a Slidev deck's
			// layout: front matter) is served by its project: "/" is its
			// public/ directory, not the repository's root.
			out = append(out, servedAtRoot(doc, l.Target)...)
		}
	}
	return d.withIncluders(doc, l, out, "")
}

// writtenForSite reports whether doc is a page written for a site
// (sitePageShape: a site's front matter or syntax) and not one GitHub
// shows wherever it lies (readOnGitHub).
func (d *docRefs) writtenForSite(doc string) bool {
	x := d.t.byPath[doc]
	return x != nil && x.Markdown != nil && sitePageShape(x.Markdown) && !readOnGitHub(x)
}

// siteDestination reads a link by the destination its generator serves it
// at (dest: Jekyll's without {{site.baseurl}}, a versioned MkDocs site's
// without the version); ok is false when dest is a template the generator
// fills ({{ … }}, {% … %}) or names nothing inside the repository.
func siteDestination(l markdown.Link, dest, doc string) (markdown.Link, bool) {
	if strings.Contains(dest, "{{") || strings.Contains(dest, "{%") {
		return l, false
	}
	if dest == l.Destination {
		return l, true
	}
	lt, ok := markdown.Retarget(l, dest, doc)
	return lt, ok && lt.Target != ""
}

// fileLinks lists the paths a link of a page may name when its site
// serves files: first (the generator's own readings), then, for a page
// served at a URL of its own, the link read from that URL, then the link's
// path probed as generators probe pages (linkCandidates). urlTarget is the
// path the URL reading names, by which a link broken either way is
// reported; "" when there is none.
func (d *docRefs) fileLinks(site docSite, doc string, l markdown.Link, first []string) (out []string, urlTarget string) {
	out = first
	// The browser reads a link the generator leaves alone from the page's
	// URL; that reading comes first.
	if fromURL := d.pageURLCandidates(site, doc, l); len(fromURL) > 0 {
		out = append(out, fromURL...)
		urlTarget = fromURL[0]
	}
	if l.Target != "" {
		// Empty when the link climbs above the repository root and only
		// the page's URL reads it inside (readBySite).
		out = append(out, linkCandidates(site.root, true, l.Destination, l.Target)...)
	}
	return out, urlTarget
}

// withIncluders adds to a link's candidates its readings from the pages
// its file is spliced into (an included file's links are written from the
// page it lands in), and returns them with the path a broken link is
// reported by: urlTarget when not empty, else the link's target.
func (d *docRefs) withIncluders(doc string, l markdown.Link, out []string, urlTarget string) ([]string, string, bool) {
	for _, from := range d.includedBy[doc] {
		if lt, ok := markdown.Retarget(l, l.Destination, from); ok && lt.Target != "" && lt.Target != l.Target {
			fromSite, fromIn := siteRootOf(d.sites, from)
			out = append(out, linkCandidates(fromSite.root, fromIn, lt.Destination, lt.Target)...)
		}
	}
	if urlTarget != "" {
		return out, urlTarget, true
	}
	return out, l.Target, true
}

// pageURLCandidates lists what a relative link that is not to a Markdown
// file may name when read from the page's URL (pageURLTarget), with what
// the site's generator adds for a URL of the site (urlCandidates); nil
// when that reading is the file's own.
func (d *docRefs) pageURLCandidates(site docSite, doc string, l markdown.Link) []string {
	t, ok := d.pageURLTarget(site, doc, l)
	if !ok || t == l.Target {
		return nil
	}
	out := linkCandidates(site.root, true, l.Destination, t)
	return append(out, site.gen.urlCandidates(d, site, t)...)
}

// pageURLTarget reads a relative link that is not to a Markdown file from
// the page's URL, the directory the site's generator serves it at
// (siteGenerator.pageDir), and returns the
// repo-relative path it names; ok is false when the link is no such link,
// the page is served at its own directory, or the reading climbs above the
// repository root.
func (d *docRefs) pageURLTarget(site docSite, doc string, l markdown.Link) (string, bool) {
	if strings.HasPrefix(l.Destination, "/") || l.Kind != markdown.LinkRelative {
		return "", false
	}
	p, _, _ := strings.Cut(l.Destination, "#")
	p, _, _ = strings.Cut(p, "?")
	if p == "" || strings.HasSuffix(p, ".md") {
		return "", false
	}
	dir, ok := site.gen.pageDir(d, site, doc)
	if !ok {
		return "", false
	}
	lt, ok := markdown.Retarget(l, l.Destination, path.Join(dir, "index.md"))
	if !ok || lt.Target == "" {
		return "", false
	}
	return lt.Target, true
}

// hasAnchor reports whether doc renders anchor: a heading or HTML anchor,
// or an object an API-documentation directive renders there (the object
// itself, any of its members, or a heading of their docstrings, which
// mkdocstrings ids "<object>--<heading>"; hf-doc-builder ids an object
// named without its package "<package>.<name>"), or, on a page GitHub
// shows, a heading's id as GitHub renders it ("user-content-<id>").
func (d *docRefs) hasAnchor(doc, anchor string) bool {
	a := strings.ToLower(anchor)
	if d.anchors[doc][a] {
		return true
	}
	// GitHub renders a heading's id with a prefix (githubIDPrefix); a
	// site renders its own ids.
	if id, ok := strings.CutPrefix(a, githubIDPrefix); ok && d.anchors[doc][id] && !d.rendered(doc) {
		return true
	}
	if f := d.foldedAnchors[doc]; f != nil && f[foldAnchor(anchor)] {
		return true
	}
	for _, obj := range d.objectAnchors[doc] {
		if a == obj || strings.HasPrefix(a, obj+".") || strings.HasPrefix(a, obj+"--") {
			return true
		}
	}
	if x := d.t.byPath[doc]; x != nil && x.Markdown != nil {
		for _, name := range x.Markdown.AutodocNames {
			n := strings.ToLower(name)
			if a == n || strings.HasPrefix(a, n+".") || strings.HasSuffix(a, "."+n) || strings.Contains(a, "."+n+".") {
				return true
			}
		}
	}
	return false
}

// footnoteAnchors are the ids Python-Markdown's footnotes extension and
// kramdown give a footnote and its first reference: fn:label, fnref:label.
func footnoteAnchors(doc *markdown.Document) []string {
	out := make([]string, 0, 2*len(doc.Footnotes))
	for _, l := range doc.Footnotes {
		out = append(out, "fn:"+l, "fnref:"+l)
	}
	return out
}

// pageRefs records the relations the page's generator reads beyond its
// links (siteGenerator.pageRefs).
func (d *docRefs) pageRefs(x *Extraction, from string) {
	if site, inSite := siteRootOf(d.sites, x.Path); inSite {
		site.gen.pageRefs(d, site, x, from)
	}
}
