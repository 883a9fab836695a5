package scan

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/markup"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// How documents inside MkDocs, mdBook and Jekyll sites resolve: which
// configuration file makes a site, the anchors its pages render, the files
// its include directives splice in, and the paths a link may name.

// configuredSite returns the site the configuration file at p makes, if
// it makes one: mkdocs.yml (docs_dir), book.toml ([book] src) or a Jekyll
// _config.yml. A file the scan could not read as configuration still
// marks its default root, with default options.
func configuredSite(t *tree, p string) (docSite, bool) {
	var data []byte
	if x := t.byPath[p]; x != nil {
		data = x.SiteConfig
	}
	dir := parentDir(p)
	switch path.Base(p) {
	case "mkdocs.yml", "mkdocs.yaml":
		docs, o, why, ok := parseMkDocs(p, data)
		if !ok {
			docs, o = mkdocsDefaults(dir)
		}
		if t.dirs[docs] {
			return docSite{root: docs, kind: siteMkDocs, config: p, unread: why, mkdocs: o}, true
		}
	case "book.toml":
		src, o, why, ok := parseBookTOML(p, data)
		if !ok {
			src, o = mdbookDefaults(dir)
		}
		if t.dirs[src] {
			return docSite{root: src, kind: siteMdBook, config: p, unread: why, mdbook: o}, true
		}
	case "_config.yml", "_config.yaml":
		if src, o, ok := parseJekyll(t, p, data); ok && (src == "." || t.dirs[src]) {
			return docSite{root: src, kind: siteJekyll, config: p, jekyll: o}, true
		}
	}
	return docSite{}, false
}

// generatorAnchors returns the heading ids the site's generator renders
// for doc; ok is false when they are GitHub's (Astro's Starlight, a page
// outside Docusaurus' content directories; Hugo's are set apart, in
// hugoAnchors). VitePress renders only its own slugs and explicit ids;
// Docusaurus shares GitHub's slugger and adds explicit ids; MkDocs, mdBook
// and Jekyll render their generator's ids.
func generatorAnchors(doc *markdown.Document, site docSite) ([]string, bool) {
	switch site.kind {
	case siteVitePress, siteVuePress:
		return slices.Concat(doc.VitePressAnchors, site.vitepress.attrAnchors(doc)), true
	case siteDocusaurus:
		if site.docusaurus == nil || site.docusaurus.serves(doc.Path) {
			return slices.Concat(doc.Anchors, doc.CustomAnchors), true
		}
	case siteMkDocs:
		o := site.mkdocs
		if o == nil {
			o = &mkdocsOptions{slugify: slugifyPyDefault}
		}
		runs := mkdocsAnchorRuns(doc.SiteHeadings, o)
		a := append(slices.Concat(runs...), mkdocsTabsOf(runs, doc, o)...)
		if o.attrList {
			a = append(a, doc.AttrAnchors...)
		}
		if o.footnotes {
			a = append(a, footnoteAnchors(doc)...)
		}
		return a, true
	case siteMdBook:
		return mdBookAnchors(doc.SiteHeadings), true
	case siteJekyll:
		o := site.jekyll
		if o == nil {
			o = jekyllDefaults()
		}
		return append(append(jekyllAnchors(doc, o), doc.AttrAnchors...), footnoteAnchors(doc)...), true
	}
	return nil, false
}

// siteNotes records one coverage entry per site: its generator, root and
// where it comes from (siteNote).
func (d *docRefs) siteNotes() {
	for _, s := range d.sites {
		reason, complete := siteNote(d.t, s)
		if s.mkdocs != nil && !s.mkdocs.modelled() {
			reason += "; toc slugify " + s.mkdocs.slugify + " is not modelled: heading ids of every modelled slugify are accepted"
		}
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
		if inSite && site.kind == siteMkDocs && slices.ContainsFunc(x.Markdown.Autodoc, commandReference) {
			d.filled[x.Path] = true
		}
		for _, inc := range x.Markdown.Includes {
			if inc.Syntax == markdown.IncludeMDX {
				// Only MDX renders them: .mdx files, and Docusaurus' .md
				// ones. MDX compiles a partial's links from the partial
				// itself, so it is no includedBy entry.
				if !strings.EqualFold(path.Ext(x.Path), ".mdx") && (!inSite || site.kind != siteDocusaurus) {
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
				if inSite && site.mkdocs != nil && site.mkdocs.rewriter != "" {
					d.filled[x.Path] = true
				}
				continue
			}
			if p, ok := d.includeTarget(site, inSite, x.Path, inc); ok {
				direct[x.Path] = append(direct[x.Path], p)
				d.includedBy[p] = append(d.includedBy[p], x.Path)
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

// mdxImport resolves the specifier of an MDX import from doc, as the
// bundler does: relative to the page, @site/ and / from a Docusaurus
// site's directory, else by the TypeScript resolver (tsconfig paths such as
// Astro's ~/, workspace packages). It returns the file and what it is;
// p is the specifier when nothing in the repository answers it.
func (d *docRefs) mdxImport(site docSite, inSite bool, doc, spec string) (p string, kind mdxModule) {
	var t typescript.Target
	rest, atSite := strings.CutPrefix(spec, "@site/")
	if abs, ok := strings.CutPrefix(spec, "/"); ok {
		// webpack resolves a root-relative request from its roots, the
		// site's directory.
		rest, atSite = abs, true
	}
	switch {
	case atSite && inSite && site.docusaurus != nil:
		t = typescript.Target{Kind: typescript.TargetUnresolved, Name: spec}
		if q, ok := d.probeModule(path.Join(site.docusaurus.siteDir, rest)); ok {
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
	for _, q := range typescript.ModuleFiles(p) {
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

// commandReference reports whether an API-documentation directive is one
// of the Markdown extensions that render a command-line reference from the
// program itself (::: mkdocs-click, ::: mkdocs-typer): a heading for every
// command, none of them in the file.
func commandReference(object string) bool {
	return object == "mkdocs-click" || object == "mkdocs-typer"
}

// maxIncludeDepth bounds nested includes, which the generators recurse
// into (and which may loop).
const maxIncludeDepth = 8

// includeTarget returns the file an include directive names, as its
// syntax resolves it: pymdownx.snippets and markdown-include from their
// base paths (the directory of mkdocs.yml by default), mdBook from the
// including page. Each falls back to the page's directory.
func (d *docRefs) includeTarget(site docSite, inSite bool, doc string, inc markdown.Include) (string, bool) {
	var bases []string
	switch inc.Syntax {
	case markdown.IncludeSnippets:
		if inSite && site.mkdocs != nil {
			bases = append(bases, site.mkdocs.snippetBase...)
		}
		bases = append(bases, ".")
	case markdown.IncludeMarkdownInclude:
		if inSite && site.mkdocs != nil {
			bases = append(bases, site.mkdocs.includeBase)
		}
		bases = append(bases, ".")
	case markdown.IncludeJekyll:
		if !inSite || site.kind != siteJekyll {
			return "", false
		}
		bases = append(bases, path.Join(site.root, "_includes"))
	case markdown.IncludeVitePress:
		if !inSite || !vitepressLike(site.kind) {
			return "", false
		}
		// "@/x.md" (or "@x.md") starts at the source directory.
		if rest, ok := strings.CutPrefix(inc.Path, "@"); ok {
			inc.Path = strings.TrimPrefix(rest, "/")
			bases = append(bases, site.root)
		}
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
// the document's site resolves it; ok is false when the link names no
// file this scan can check: a Liquid tag outside a Jekyll site, or a
// destination that is a template ({{ … }}, {% … %}) the generator fills.
func (d *docRefs) siteLinkCandidates(site docSite, inSite bool, doc string, l markdown.Link) (candidates []string, target string, ok bool) {
	jekyll := inSite && site.kind == siteJekyll
	switch l.Kind {
	case markdown.LinkSite:
		if !jekyll {
			return nil, "", false
		}
		p := path.Join(site.root, l.Target)
		return []string{p}, p, true
	case markdown.LinkPost:
		if !jekyll {
			return nil, "", false
		}
		return postCandidates(site.root, l.Target), path.Join(site.root, "_posts", l.Target), true
	}
	if inSite && site.kind == siteDocusaurus && site.docusaurus != nil {
		return d.docusaurusLinkCandidates(site, doc, l)
	}
	if inSite && site.kind == siteAstro && site.astro != nil {
		return d.astroLinkCandidates(site, doc, l)
	}
	if inSite && site.kind == siteInferred {
		if l, ok = unsigiled(l, doc); !ok || l.Target == "" {
			return nil, "", false
		}
	}
	if inSite && site.kind == siteMdBook && createdChapter(site, doc, l) && !d.t.files[l.Target] {
		return nil, "", false // mdBook writes the chapter when it builds
	}
	dest := l.Destination
	if inSite && !vitepressLike(site.kind) && site.kind != siteDocusaurus {
		if jekyll {
			dest = stripSiteURL(dest)
		}
		if site.kind == siteMkDocs && site.mkdocs != nil && site.mkdocs.versioned {
			dest = stripVersion(dest)
		}
		if strings.Contains(dest, "{{") || strings.Contains(dest, "{%") {
			return nil, "", false
		}
		if dest != l.Destination {
			if l, ok = markdown.Retarget(l, dest, doc); !ok || l.Target == "" {
				return nil, "", false
			}
		}
	}
	var out []string
	if inSite && vitepressLike(site.kind) {
		var extra []string
		l, extra = d.vitepressCandidates(site, doc, l)
		out = append(out, extra...)
	}
	urlTarget := ""
	if jekyll && strings.HasPrefix(dest, "/") {
		out = d.jekyllRootCandidates(site, dest)
	}
	if inSite && directoryURLs(site) {
		// The browser reads a link the generator leaves alone from the
		// page's URL; that reading comes first.
		if fromURL := d.pageURLCandidates(site, doc, l); len(fromURL) > 0 {
			out = append(out, fromURL...)
			// A link broken either way is reported by the path the site
			// would serve.
			urlTarget = fromURL[0]
		}
	}
	if l.Target != "" {
		// Empty when the link climbs above the repository root and only
		// the page's URL reads it inside (readBySite).
		out = append(out, linkCandidates(site.root, inSite, l.Destination, l.Target)...)
	}
	if inSite && site.kind == siteMdBook {
		// mdBook renders every README chapter as index.html.
		if b := path.Base(l.Target); (b == "index.html" || b == "index.md") && within(l.Target, site.root) {
			out = append(out, path.Join(parentDir(l.Target), "README.md"))
		}
	}
	if inSite && site.kind == siteInferred {
		out = append(out, d.inferredCandidates(site, doc, l, out)...)
	}
	// A file spliced into other pages: its links are written from the page
	// it lands in.
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

// stripVersion drops the version a root-absolute link of a site mike
// publishes starts with: /dev/community/users/ is the page
// community/users/ of another version of the site, read in this one.
func stripVersion(dest string) string {
	rest, ok := strings.CutPrefix(dest, "/")
	if !ok {
		return dest
	}
	first, after, nested := strings.Cut(rest, "/")
	if !nested || !versionLabel(first) {
		return dest
	}
	return "/" + after
}

// stripSiteURL drops a leading {{site.baseurl}} (or {{site.url}}, or both)
// from a Jekyll link destination, leaving the root-absolute path.
func stripSiteURL(dest string) string {
	for strings.HasPrefix(dest, "{{") {
		end := strings.Index(dest, "}}")
		if end < 0 {
			return dest
		}
		inner := strings.Join(strings.Fields(dest[2:end]), "")
		if inner != "site.baseurl" && inner != "site.url" {
			return dest
		}
		dest = dest[end+2:]
	}
	return dest
}

// jekyllRootCandidates lists what a root-absolute link in a Jekyll site
// may name: the page whose permalink it is (baseurl removed), then the
// path below the site source and in a collection (/docs/x is _docs/x.md).
func (d *docRefs) jekyllRootCandidates(site docSite, dest string) []string {
	var out []string
	baseurl := ""
	if site.jekyll != nil {
		baseurl = site.jekyll.baseurl
	}
	u := dest
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	key := jekyllPermalink(u, baseurl)
	if p, ok := d.permalinks[site.root][key]; ok {
		out = append(out, p)
	}
	rel := key
	if rel == "" {
		rel = "."
	}
	c := path.Join(site.root, rel)
	out = append(out, c, c+".md", c+".markdown", c+"/index.md", c+"/index.markdown", c+"/index.html", c+"/README.md")
	if strings.HasSuffix(u, ".html") {
		out = append(out, c+".html")
	}
	return append(out, site.jekyll.collectionCandidates(site.root, key)...)
}

// postCandidates lists the files a {% post_url name %} may name: the post
// in _posts (or in _posts below the name's directory), as Markdown or HTML.
func postCandidates(root, name string) []string {
	dir, base := parentDir(name), path.Base(name)
	var out []string
	for _, p := range []string{path.Join(root, "_posts", name), path.Join(root, dir, "_posts", base)} {
		out = append(out, p+".md", p+".markdown", p+".html")
	}
	return out
}

// indexPermalinks maps, per Jekyll site, every page's permalink (as
// jekyllPermalink normalises it) to the page.
func (d *docRefs) indexPermalinks() {
	d.permalinks = map[string]map[string]string{}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil {
			continue
		}
		site, inSite := siteRootOf(d.sites, x.Path)
		if !inSite || site.kind != siteJekyll {
			continue
		}
		urls := []string{x.Markdown.FrontMatter.Fields["permalink"]}
		// jekyll-redirect-from serves a page at its old URLs too.
		urls = append(urls, strings.Split(x.Markdown.FrontMatter.Fields["redirect_from"], ", ")...)
		m := d.permalinks[site.root]
		if m == nil {
			m = map[string]string{}
			d.permalinks[site.root] = m
		}
		base := ""
		if site.jekyll != nil {
			base = site.jekyll.baseurl
		}
		for _, u := range urls {
			if u = strings.TrimSpace(u); u == "" || strings.Contains(u, ":") {
				continue // none, or a pattern (/:categories/:title/)
			}
			key := jekyllPermalink(u, base)
			if old, ok := m[key]; !ok || x.Path < old {
				m[key] = x.Path
			}
		}
	}
}

// directoryURLs reports whether the site serves a page x.md at x/, so a
// relative URL in it resolves from x/: MkDocs (use_directory_urls, the
// default) and Jekyll (for pretty permalinks and collections; both readings
// are tried).
func directoryURLs(site docSite) bool {
	switch site.kind {
	case siteJekyll:
		return true
	case siteMkDocs:
		return site.mkdocs == nil || !site.mkdocs.fileURLs
	case siteInferred:
		return site.inferred.pageURLs
	}
	return false
}

// pageURLCandidates lists what a relative link that is not to a Markdown
// file may name when read from the page's URL (pageURLTarget); nil when
// that reading is the file's own.
func (d *docRefs) pageURLCandidates(site docSite, doc string, l markdown.Link) []string {
	t, ok := d.pageURLTarget(site, doc, l)
	if !ok || t == l.Target {
		return nil
	}
	out := linkCandidates(site.root, true, l.Destination, t)
	if site.kind == siteJekyll && within(t, site.root) {
		// The URL read is a URL of the site: a permalink, or a document
		// of a collection, as a root-absolute link to it would be.
		rel := strings.TrimPrefix(strings.TrimPrefix(t, site.root), "/")
		if site.root == "." {
			rel = t
		}
		base := ""
		if site.jekyll != nil {
			base = strings.TrimRight(site.jekyll.baseurl, "/")
		}
		out = append(out, d.jekyllRootCandidates(site, base+"/"+rel)...)
	}
	return out
}

// pageURLTarget reads a relative link that is not to a Markdown file from
// the page's URL, the directory pageURLDir names, and returns the
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
	dir, ok := d.pageURLDir(site, doc)
	if !ok {
		return "", false
	}
	lt, ok := markdown.Retarget(l, l.Destination, path.Join(dir, "index.md"))
	if !ok || lt.Target == "" {
		return "", false
	}
	return lt.Target, true
}

// pageURLDir is the directory, repo-relative, that a browser resolves the
// page's relative URLs from: for x.md the directory x/; for a Jekyll page
// with a literal permalink, the permalink's directory below the site
// source ("/a/b/" is a/b, "/a/b.html" is a). ok is false for an index or
// README page without a permalink, served at its own directory already.
func (d *docRefs) pageURLDir(site docSite, doc string) (string, bool) {
	if site.kind == siteJekyll {
		if x := d.t.byPath[doc]; x != nil && x.Markdown != nil {
			u := strings.TrimSpace(x.Markdown.FrontMatter.Fields["permalink"])
			if u != "" && !strings.Contains(u, ":") && !strings.Contains(u, "{") {
				dir := strings.Trim(u, "/")
				if !strings.HasSuffix(u, "/") {
					dir = strings.Trim(path.Dir("/"+dir), "/")
				}
				return path.Join(site.root, dir), true
			}
		}
	}
	stem := strings.TrimSuffix(path.Base(doc), path.Ext(doc))
	if strings.EqualFold(stem, "index") || strings.EqualFold(stem, "readme") {
		return "", false
	}
	return path.Join(parentDir(doc), stem), true
}

// hasAnchor reports whether doc renders anchor: a heading or HTML anchor,
// or an object an API-documentation directive renders there (the object
// itself or any of its members).
func (d *docRefs) hasAnchor(doc, anchor string) bool {
	a := strings.ToLower(anchor)
	if d.anchors[doc][a] {
		return true
	}
	for _, obj := range d.objectAnchors[doc] {
		if a == obj || strings.HasPrefix(a, obj+".") {
			return true
		}
	}
	return false
}

// indexObjectAnchors records the mkdocstrings directives of MkDocs pages.
func (d *docRefs) indexObjectAnchors() {
	d.objectAnchors = map[string][]string{}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil || len(x.Markdown.Autodoc) == 0 {
			continue
		}
		if site, inSite := siteRootOf(d.sites, x.Path); !inSite || site.kind != siteMkDocs {
			continue
		}
		for _, obj := range x.Markdown.Autodoc {
			d.objectAnchors[x.Path] = append(d.objectAnchors[x.Path], strings.ToLower(obj))
		}
	}
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

// autodocRefs relates an MkDocs page to the Python module each of its
// API-documentation directives renders (mkdocstrings' "::: httpx.Client"),
// and to the package when that module is one's __init__.py: the page
// documents that code, as an observed covers relation. The dotted name
// resolves as an import of its longest prefix that is a module of the
// tree (httpx.Client: httpx/__init__.py); an object nothing in the tree
// declares relates nothing, and a page outside an MkDocs site (where
// "::: tip" is VitePress' container) is not read.
func (d *docRefs) autodocRefs(x *Extraction, from string) {
	if len(x.Markdown.Autodoc) == 0 || d.langs.python == nil {
		return
	}
	if site, inSite := siteRootOf(d.sites, x.Path); !inSite || site.kind != siteMkDocs {
		return
	}
	for _, obj := range x.Markdown.Autodoc {
		parts := strings.Split(obj, ".")
		for n := len(parts); n > 0; n-- {
			ts := d.langs.python.Resolve(x.Path, python.Import{Module: strings.Join(parts[:n], ".")})
			if len(ts) != 1 || ts[0].Kind != python.TargetModule {
				continue
			}
			ev := snapshot.Evidence{Source: "markdown", Path: x.Path, Context: "::: " + obj}
			p := ts[0].Path
			if id := snapshot.EntityID(snapshot.KindModule, p); slices.Contains(d.entitiesAt(p), id) {
				d.relate(snapshot.RelCovers, from, id, snapshot.Observed, ev)
			}
			if pkg := d.pkgDirs[parentDir(p)]; pkg != "" && strings.TrimSuffix(path.Base(p), path.Ext(p)) == "__init__" {
				d.relate(snapshot.RelCovers, from, pkg, snapshot.Observed, ev)
			}
			break
		}
	}
}

// includeRefs reports the includes of an mdBook page that name nothing: a
// missing {{#include}} fails the book's build, so it is a broken link
// (MkDocs skips a missing snippet or markdown-include file and builds on).
func (d *docRefs) includeRefs(x *Extraction, from string) {
	site, inSite := siteRootOf(d.sites, x.Path)
	if !inSite || site.kind != siteMdBook {
		return
	}
	for _, inc := range x.Markdown.Includes {
		if inc.Syntax != markdown.IncludeMdBook {
			continue
		}
		p := path.Join(parentDir(x.Path), inc.Path)
		if p == ".." || strings.HasPrefix(p, "../") || d.t.files[p] || d.t.dirs[p] {
			continue
		}
		if ex, ok := d.t.excludedAt(p); ok {
			d.excludedRefs[excludedRef{inc.Line, p}] = ex
			continue
		}
		ev := snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: inc.Line, Context: "{{#include " + inc.Path + "}}"}
		d.relate(snapshot.RelLinksTo, from, d.unresolved(p, inc.Path), snapshot.Observed, ev)
	}
}
