package scan

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/parallel"
	"github.com/docbridge/docbridge/internal/repourl"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/symspan"
	"github.com/docbridge/docbridge/internal/symtab"
)

// Bounds on what documents contribute: the occurrences one document records
// as evidence (every reference still resolves; past the bound a relation
// keeps only its first occurrence and the document says evidenceTruncated),
// and the ambiguous symbol mentions one scan lists.
const (
	maxDocumentEvidence = 64
	maxAmbiguityNotes   = 2000
	// maxUnresolvedSymbols bounds the symbol-shaped code spans naming no
	// export that one document records; past it the document says
	// unresolvedSymbolsTruncated.
	maxUnresolvedSymbols = 64
	// maxExcludedListed bounds the excluded paths one document's coverage
	// note names; the note still counts every reference.
	maxExcludedListed = 5
)

// docRefs resolves what documents say — links, code spans, link texts and
// the docbridge block — against the entities the code produced.
type docRefs struct {
	*resolver
	// shared is the scan's builder. It holds every document's own entity;
	// r.b is where references go, the same builder or, while documents
	// resolve in parallel, one private to the document (see part).
	shared   *builder
	anchors  map[string]map[string]bool // document path → the anchors its headings render
	symbols  *symtab.Table              // exported names, their declaring modules and what qualifies them
	members  *memberIndex               // recorded members by their own name
	near     *lazyNear
	topLevel map[string]bool
	sites    []docSite // documentation-site roots
	// redirects are the host's redirect rules (site_redirects.go).
	redirects []hostRule
	// docusaurus holds, per Docusaurus site root, its pages' URLs; astro,
	// per Starlight site root (indexSites).
	docusaurus map[string]*docusaurusRoutes
	astro      map[string]*astroRoutes
	hugo       *hugoState // the Hugo sites; nil when there is none
	// repo is the repository whose own URLs are links into the tree
	// (self_urls.go); hasRepo is false when its identity is unknown.
	repo    repourl.Repo
	hasRepo bool
	// docState is the current document's: refs makes it, finish flushes it.
	*docState
	// includedBy maps a file spliced into pages by an include directive to
	// those pages; permalinks maps, per Jekyll site root, a permalink to
	// its page (site_resolve.go).
	includedBy map[string][]string
	permalinks map[string]map[string]string
	// filled holds the MkDocs pages whose headings are rendered from
	// outside the file: a line that is one template expression ({{ name }})
	// where hooks or macros rewrite pages, or a command-reference
	// directive (::: mkdocs-click).
	filled map[string]bool
	// components maps an MDX page to the components it renders from modules
	// of the repository that are not Markdown (<Foo> (src/Foo.tsx)), its
	// partials' included: headings they render are unknown (includes).
	components map[string][]string
	// templated maps a page no known generator renders to a heading of it
	// whose text a template fills ("# {{ title }}"): its id is unknown
	// (templatedHeadings).
	templated map[string]string
	// exts are the extensions, lowercased, of the tree's files
	// (foreignLanguage).
	exts map[string]bool
	// layouts are the literal ids of the repository's layouts
	// (layoutAnchor), in path order.
	layouts []layoutIDs
	// objectAnchors maps a page to the objects an API-documentation
	// directive renders there (mkdocstrings' "::: module.Name"), lowercased:
	// the object and every member below it are anchors.
	objectAnchors map[string][]string
	// foldedAnchors holds, for a page a generator the scan does not know
	// renders, the folds of its headings (foldAnchor): an anchor with one
	// of them is accepted, whatever the generator does with punctuation.
	foldedAnchors map[string]map[string]bool
	// concatenated holds the directories, in trees a generator the scan
	// does not know renders, whose pages' anchors show they are rendered
	// as one page with each page's file name as id (siblingPage).
	concatenated map[string]bool
	// hashRoutes is set when the repository's failing anchors show a
	// single-page app's hash routes to pages (routeAnchors).
	hashRoutes bool
	// embedded holds the Markdown files a Go program embeds (//go:embed):
	// shown where the program puts them (embeddedMarkdown).
	embedded map[string]bool
	byPath   map[string][]string // path → the entities it names (entitiesAt)
	// routes are the URLs Next.js apps serve from code (site_generated.go).
	routes []appRoute
	// commands maps a command name to the area and package at its
	// directory (commandNames).
	commands       map[string][]string
	ambiguityNotes int
	// flooded holds the documentation trees whose failing site-shaped
	// links are counted, not reported one by one; dated maps "dir/name" to
	// the files dir/YYYY-MM-DD-name.md, stems a path without extensions to
	// its first file, pageRoutes a router's URL path to its page,
	// declaredURLs a URL path a page's front matter serves or redirects
	// to it to the pages (site_inferred.go).
	flooded      map[string]bool
	treeOf       map[string]string // a document outside every recognised site → its tree
	dated        map[string][]string
	stems        map[string]string
	pageRoutes   map[string]string
	declaredURLs map[string][]string
	pageNames    map[string][]string // a page's file name → the pages (site_inferred.go)
	// translations maps each translated tree outside modelled sites to
	// the tree it translates (site_translations.go).
	translations map[string]string
}

// docState is what resolving one document gathers, flushed into notes and
// metadata when the document finishes. Each document gets a fresh one
// (refs), so documents resolving in parallel (part) share none.
type docState struct {
	// unverified counts the links its site resolves but the scan cannot
	// check, by reason (flushUnverified).
	unverified     map[string]int
	references     int // relations recorded (maxDocumentEvidence)
	unresolvedSyms int // unresolved symbol mentions (maxUnresolvedSymbols)
	// excludedRefs are the references into excluded paths: by (line, path
	// named), the excluded path it lies in. A link and its text naming the
	// same path count once.
	excludedRefs map[excludedRef]string
	// siteReads are the links its site reads inside the site though they
	// climb above the repository root (site_outside.go).
	siteReads []siteReadKey
	// ambiguous collects the symbols mentioned that more than one module
	// declares: one coverage note per symbol, not per mention.
	ambiguous map[string]*ambiguity
}

func newDocState() *docState {
	return &docState{unverified: map[string]int{}, excludedRefs: map[excludedRef]string{}, ambiguous: map[string]*ambiguity{}}
}

// excludedRef is one reference into an excluded path.
type excludedRef struct {
	line int
	path string
}

// relate records one reference of the current document, bounding the
// evidence the document contributes.
func (d *docRefs) relate(kind, from, to, provenance string, ev snapshot.Evidence) *snapshot.Relation {
	d.references++
	if d.references > maxDocumentEvidence {
		if r := d.b.lookup(kind, from, to); r != nil {
			return r
		}
	}
	return d.b.relate(kind, from, to, provenance, ev)
}

type ambiguity struct {
	line, count int
	modules     []string
}

// lazyNear builds the near-miss index of every path the first time a
// document needs it, once, whichever goroutine asks first.
type lazyNear struct {
	once  sync.Once
	paths []string
	ix    *nearmiss.Index
	// dirs are the directories; byBase maps a last segment to the files
	// and directories of that name, sorted, built on first use (under).
	dirs     map[string]bool
	baseOnce sync.Once
	byBase   map[string][]string
}

// named returns the files and directories whose last segment is name.
func (n *lazyNear) named(name string) []string {
	n.baseOnce.Do(func() {
		n.byBase = map[string][]string{}
		for _, q := range n.paths {
			n.byBase[path.Base(q)] = append(n.byBase[path.Base(q)], q)
		}
		for _, q := range sortedKeys(n.dirs) {
			n.byBase[path.Base(q)] = append(n.byBase[path.Base(q)], q)
		}
	})
	return n.byBase[name]
}

func (n *lazyNear) index() *nearmiss.Index {
	n.once.Do(func() { n.ix = nearmiss.NewIndex(n.paths) })
	return n.ix
}

// under returns the one existing path that ends in p after a directory
// (server/api/x.go for api/x.go), and false when none or several do: the
// span is written from a directory other than the root or the document's.
func (n *lazyNear) under(p string) (string, bool) {
	found := ""
	for _, q := range n.named(path.Base(p)) {
		if strings.HasSuffix(q, "/"+p) {
			if found != "" {
				return "", false
			}
			found = q
		}
	}
	return found, found != ""
}

// documents runs after every code relation exists, so that mentions and
// declarations resolve against the complete set of entities.
//
// A document's links and code spans resolve against indexes that no
// document changes, into relations from that document alone, so they
// resolve in parallel (part), each into a builder of its own. The parts are
// then merged in path order, and what depends on the documents before —
// the docbridge block, the scan-wide bound on ambiguity notes — runs
// during the merge, in the order a sequential pass would run it.
func (r *resolver) documents() {
	d := &docRefs{resolver: r, shared: r.b, anchors: map[string]map[string]bool{}, foldedAnchors: map[string]map[string]bool{}, concatenated: map[string]bool{}, topLevel: map[string]bool{}, docState: newDocState(),
		near: &lazyNear{paths: r.t.paths, dirs: r.t.dirs}}
	d.sites = siteRoots(r.t)
	d.redirects = hostRules(r.t, r.b)
	d.indexSites()
	d.hugo = newHugoState(r.t)
	d.repo, d.hasRepo = repourl.FromProject(r.t.cfg.Project)
	for i := range r.t.ex {
		x := &r.t.ex[i]
		if x.Markdown == nil {
			continue
		}
		site, inSite := siteRootOf(d.sites, x.Path)
		d.anchors[x.Path] = headingAnchors(x.Markdown, site, inSite)
		if inSite {
			// The anchors this site renders differ from GitHub's: keep them,
			// so a "did you mean" names one that works there.
			e := r.b.entity(snapshot.KindDocument, x.Path, x.Markdown.Title, x.Path)
			if e.Metadata != nil {
				e.Metadata["siteAnchors"] = sortedKeys(d.anchors[x.Path])
			}
		}
	}
	d.hugoAnchors()
	d.hugo.coverage(r.b)
	d.siteNotes()
	d.markTestInput()
	d.embedded = embeddedMarkdown(r.t)
	d.includes()
	d.templatedHeadings()
	d.exts = treeExtensions(r.t.paths)
	d.indexLayouts()
	d.navigation()
	for p := range r.t.files {
		d.topLevel[strings.SplitN(p, "/", 2)[0]] = true
	}
	symMods := symbolModules(r.t.ex)
	d.symbols = symbolTable(r.t.ex, symMods)
	d.members = newMemberIndex(r.t.ex, symMods)
	d.indexPaths()
	d.inferSites()
	d.misreadSites()
	d.markUnknownSites()
	d.inferredAnchors()
	d.foldAnchors()
	d.routeAnchors()
	var docs []*Extraction
	for i := range r.t.ex {
		if r.t.ex[i].Markdown != nil {
			docs = append(docs, &r.t.ex[i])
		}
	}
	parts := d.parts(docs, r.workers)
	for i, x := range docs {
		if parts[i] == nil {
			d.document(x)
			continue
		}
		d.merge(x, parts[i])
	}
}

// document resolves one document in sequence, straight into the scan's
// builder.
func (d *docRefs) document(x *Extraction) {
	from := snapshot.EntityID(snapshot.KindDocument, x.Path)
	d.refs(x, from)
	d.finish(x, from)
}

// refs resolves a document's links and code spans: relations from the
// document itself, and unresolved entities.
func (d *docRefs) refs(x *Extraction, from string) {
	doc := x.Markdown
	d.docState = newDocState()
	defer d.flushUnverified(x.Path)
	for _, l := range doc.Links {
		d.link(x, from, l)
		if l.Text != "" {
			d.mention(x, from, l.Text, l.Line, nil)
		}
	}
	if s := d.hugoSite(x.Path); s != nil {
		d.hugoRefs(x, from, s)
	}
	for i := range doc.CodeSpans {
		c := &doc.CodeSpans[i]
		d.mention(x, from, c.Text, c.Line, c)
	}
	d.pageRefs(x, from)
}

// finish does what follows the references, in document order: the
// docbridge block (its declarations may come from any entity, and see
// those of earlier documents), the notes, and the evidence bound.
func (d *docRefs) finish(x *Extraction, from string) {
	doc := x.Markdown
	if doc.Block != nil {
		d.block(x, from, doc.Block)
	}
	d.flushAmbiguities(x.Path)
	d.flushExcluded(x.Path)
	d.flushSiteRead()
	if d.references > maxDocumentEvidence || doc.EvidenceTruncated {
		e := d.shared.entities[from]
		setMeta(&e.Metadata, "evidenceTruncated", true)
		setMeta(&e.Metadata, "referenceCount", doc.ReferenceCount)
	}
}

// docPart is what refs produced for one document in a builder of its own,
// and its state, which finish goes on with (the block goes on counting
// references).
type docPart struct {
	b     *builder
	state *docState
}

// parts resolves the references of docs on up to workers goroutines. A
// document that some docbridge block names as the source of a declared
// relation gets no part (nil): relations from it exist before its own turn,
// so it resolves in sequence, as does everything when one worker is all
// there is.
func (d *docRefs) parts(docs []*Extraction, workers int) []*docPart {
	parts := make([]*docPart, len(docs))
	workers = min(workers, len(docs))
	if workers < 2 {
		return parts
	}
	declaredFrom := declaredSources(docs)
	parallel.For(len(docs), workers, func() func(int) {
		slabs := &builder{} // this goroutine's relation and evidence slabs
		return func(i int) {
			if !declaredFrom[docs[i].Path] {
				parts[i] = d.part(docs[i], slabs)
			}
		}
	})
	return parts
}

// part resolves one document's references into a builder of its own. It
// reads the shared indexes and the scan's builder, and writes only to its
// own builder and to the document's own entity, which no other document
// touches.
func (d *docRefs) part(x *Extraction, slabs *builder) *docPart {
	b := &builder{entities: map[string]*snapshot.Entity{}, groups: map[groupKey]*relGroup{}, relSlab: slabs.relSlab, evSlab: slabs.evSlab}
	r := *d.resolver
	r.b = b
	w := *d
	w.resolver = &r
	w.refs(x, snapshot.EntityID(snapshot.KindDocument, x.Path))
	slabs.relSlab, slabs.evSlab = b.relSlab, b.evSlab
	return &docPart{b: b, state: w.docState}
}

// merge adds a document's part to the scan's builder as if refs had run
// there, then finishes the document. The part's relations all come from the
// document, whose groups nothing else has created (parts leaves out the
// documents a block declares relations from); an unresolved entity keeps
// the evidence of whoever created it first, in scan order.
func (d *docRefs) merge(x *Extraction, p *docPart) {
	b := d.b
	for id, e := range p.b.entities {
		if _, ok := b.entities[id]; !ok {
			b.entities[id] = e
		}
	}
	for k, g := range p.b.groups {
		b.groups[k] = g
	}
	b.relations += p.b.relations
	b.last = nil
	b.coverage = append(b.coverage, p.b.coverage...)
	d.docState = p.state
	d.finish(x, snapshot.EntityID(snapshot.KindDocument, x.Path))
}

// declaredSources are the documents a docbridge block declares a relation
// from.
func declaredSources(docs []*Extraction) map[string]bool {
	out := map[string]bool{}
	for _, x := range docs {
		if x.Markdown.Block == nil {
			continue
		}
		for _, rel := range x.Markdown.Block.Relations {
			if kind, p, _ := snapshot.ParseEntityID(rel.From); kind == snapshot.KindDocument {
				out[p] = true
			}
		}
	}
	return out
}

// fileDirectives are the link directives whose destination is a file of
// the repository, checked as any link: Paradox's @ref (a page),
// @@include and @@snip (a file spliced in).
var fileDirectives = map[string]bool{"ref": true, "@include": true, "@snip": true}

// link resolves one Markdown link. A relative link to a file or directory
// that exists but is not an entity resolves to nothing to relate; one to
// nothing is a links-to an unresolved entity.
func (d *docRefs) link(x *Extraction, from string, l markdown.Link) {
	if l.OutsideRoot && d.wikiRoute(x.Path, l) {
		return // a page GitHub serves beside the wiki
	}
	if l.OutsideRoot && !d.readBySite(x.Path, l) {
		return // LINK_OUTSIDE_ROOT, as extraction reported it
	}
	if d.selfURL(x, from, l) {
		return
	}
	if l.Directive != "" && !fileDirectives[l.Directive] && l.Kind != markdown.LinkExternal {
		d.unverified["to targets of link directives (Paradox's @scaladoc, @javadoc, @apidoc, @extref), which name API documentation or pages elsewhere, not files"]++
		return
	}
	// A file spliced into pages is read there too: its page's site may
	// leave the link unchecked (a MyST reference in an included changelog).
	for _, p := range append([]string{x.Path}, d.includedBy[x.Path]...) {
		if site, in := siteRootOf(d.sites, p); in {
			if why := site.gen.uncheckedLink(site, l); why != "" {
				d.unverified[why]++
				return
			}
		}
	}
	if s := d.hugoSite(x.Path); s != nil && d.hugoLink(x, from, s, l) {
		return
	}
	ev := snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: l.Line, Context: l.Destination}
	switch l.Kind {
	case "anchor":
		d.selfAnchor(from, x.Path, l)
		return
	case markdown.LinkRelative, markdown.LinkSite, markdown.LinkPost:
	default:
		return
	}
	if l.Target == "" && !l.OutsideRoot {
		return
	}
	site, inSite := siteRootOf(d.sites, x.Path)
	candidates, target, ok := d.siteLinkCandidates(site, inSite, x.Path, l)
	if !ok {
		return
	}
	ids := []string(nil)
	for _, c := range candidates {
		if ids = d.entitiesAt(c); len(ids) > 0 {
			target = c
			break
		}
	}
	if len(ids) == 0 {
		for _, c := range candidates {
			if d.t.files[c] || d.t.dirs[c] {
				d.pathRef(from, snapshot.PathRefLink, l.Destination, l.Line, c)
				return
			}
		}
		for _, c := range candidates {
			if ex, ok := d.t.excludedAt(c); ok {
				d.excludedRefs[excludedRef{l.Line, c}] = ex
				return
			}
		}
		if inSite && d.builtIntoSite(site.root, append(candidates, target)) {
			return
		}
		if l.Kind == markdown.LinkRelative && placeholderDestination(l.Destination) {
			return // names no file: a link still to be written
		}
		if inSite && d.servedByHost(siteProjectDir(site), l.Destination) {
			return
		}
		if l.Kind == markdown.LinkRelative && d.generatedAsset(x.Path, l.Destination, inSite) {
			return
		}
		if l.Cue != "" {
			// "creating this file will override…": the document says the
			// file may not exist.
			d.unverified["to files their table row says are still to be made (\"creating this file\")"]++
			return
		}
		if l.Kind == markdown.LinkRelative && d.copiedFromAnother(x) {
			d.unverified["relative, in pages whose front matter names another repository as the project they come from (a copy of its README): they resolve there"]++
			return
		}
		if p, ok := webRoutePath(l.Destination); ok && l.Kind == markdown.LinkRelative {
			if d.t.files[p] || d.t.dirs[p] {
				return // a web route to a file that exists (../tree/HEAD/README.md)
			}
			target = p // the route's file, which is what is missing
		}
		if d.draft(x.Path) {
			return
		}
		// A broken link stays broken: the "did you mean" for it is
		// reconcile's, computed for the findings it reports.
		rel := d.relate(snapshot.RelLinksTo, from, d.unresolved(target, l.Destination), snapshot.Observed, ev)
		if why := d.unlistedLink(append(candidates, target)); why != "" {
			// Not "no such file": the walk stopped listing before it.
			setMeta(&rel.Metadata, snapshot.MetaUnlisted, why)
		} else if why := d.unreachableLink(append(candidates, target)); why != "" {
			// Not "no such file": the walk could not look (permission
			// denied, a symlink out of the repository).
			setMeta(&rel.Metadata, snapshot.MetaUnreachable, why)
		} else if tree, ok := d.floodedLink(x.Path, l); ok {
			setMeta(&rel.Metadata, snapshot.MetaUnrecognisedSite, tree)
			if inSite && site.root == tree && site.kind() != siteInferred {
				setMeta(&rel.Metadata, snapshot.MetaMisreadSite, site.kind())
			}
		} else if tree, ok := d.unverifiedLink(x.Path, l); ok {
			setMeta(&rel.Metadata, snapshot.MetaUnverifiedSite, tree)
		} else if kind := d.shownElsewhere(x.Path); kind != "" && l.Kind == markdown.LinkRelative && (!strings.HasPrefix(l.Destination, "/") || kind == snapshot.RenderedEmbedded) {
			// An embedded file's root-absolute link is a URL of the site
			// that shows it, too.
			setMeta(&rel.Metadata, snapshot.MetaRenderedElsewhere, kind)
		}
		return
	}
	d.linkTo(x, from, l, target, ids, ev)
	if _, last, ok := repourl.Lines(l.Anchor); ok && !isDocumentID(ids[0]) {
		// GitHub shows a source file with its line anchors; a document's
		// anchors are its headings, checked above.
		d.lineAnchor(from, target, ids[0], l.Anchor, last)
	}
}

// unlistedLink names the bound that cut the walk's listing short before one
// of a link's candidate paths; "" when the listing holds all of them.
func (d *docRefs) unlistedLink(candidates []string) string {
	for _, c := range candidates {
		if d.t.unlisted.Lacks(c) {
			return d.t.unlisted.Reason
		}
	}
	return ""
}

// unreachableLink is why the walk could not see the first of a link's
// candidate paths that lies in or below what it could not read or follow;
// "" when none does.
func (d *docRefs) unreachableLink(candidates []string) string {
	for _, c := range candidates {
		if why := d.t.unreachableAt(c); why != "" {
			return why
		}
	}
	return ""
}

// builtIntoSite reports, and notes, a link of a site's page to a path
// that git ignores in the site's source: what the site's build writes
// there (a generated API reference, pages imported from another
// repository) is on the published site although a checkout lacks it. A
// path without an extension is also read as the page files a generator
// serves it from (a.md, a.mdx, a/index.md, a/index.mdx, a/_index.md).
// Outside a site GitHub shows the checkout, where such a link is broken.
func (d *docRefs) builtIntoSite(root string, candidates []string) bool {
	ignored := func(c string) bool {
		return c != "" && within(c, root) && (d.t.ignored(c, false) || d.t.ignored(c, true))
	}
	if !slices.ContainsFunc(candidates, func(c string) bool {
		if ignored(c) {
			return true
		}
		return path.Ext(c) == "" && slices.ContainsFunc(pageFileSuffixes, func(suffix string) bool { return ignored(c + suffix) })
	}) {
		return false
	}
	d.unverified["into paths git ignores in the site's source (build output)"]++
	return true
}

// copiedFromAnother reports whether the document's front matter names a
// repository other than this one as the project it describes
// (markdown.FrontMatter.Origin): a gallery's page that is a copy of a
// theme's or plugin's README, whose relative links (its screenshot, its
// LICENSE) resolve in that repository. A repository of unknown identity
// takes any named repository for another.
func (d *docRefs) copiedFromAnother(x *Extraction) bool {
	if x.Markdown == nil {
		return false
	}
	host, owner, name, ok := repourl.ParseRemote(x.Markdown.FrontMatter.Origin)
	return ok && !(d.hasRepo && d.repo.Is(host, owner, name))
}

// pageFileSuffixes turn a path without an extension into the files a
// generator serves a page at that path from.
var pageFileSuffixes = []string{".md", ".mdx", "/index.md", "/index.mdx", "/_index.md"}

// servedByHost reports, and notes, a root-absolute link of a page of the
// site whose project directory is root (where its configuration is, beside
// the public/ or static/ directory the host publishes) that a redirect rule
// of the host serves.
func (d *docRefs) servedByHost(root, dest string) bool {
	r, ok := hostRedirect(d.redirects, root, dest)
	if ok {
		d.unverified["served by a redirect rule of the host ("+r.file+"), which the scan does not follow"]++
	}
	return ok
}

// linkTo relates the document to the entities at target, the path a link
// resolved to, checking its anchor against a target document's headings.
func (d *docRefs) linkTo(x *Extraction, from string, l markdown.Link, target string, ids []string, ev snapshot.Evidence) {
	for _, to := range ids {
		if to == from {
			// A link to the document itself is a same-document anchor,
			// never a self-loop in the graph.
			d.selfAnchor(from, x.Path, l)
			continue
		}
		rel := d.relate(snapshot.RelLinksTo, from, to, snapshot.Observed, ev)
		if l.Anchor == "" || !isDocumentID(to) {
			continue
		}
		addSorted(&rel.Metadata, "anchors", l.Anchor)
		// The anchors of the document itself: target may be an alias.
		if _, doc, _ := snapshot.ParseEntityID(to); !d.hasAnchor(doc, l.Anchor) && d.missingAnchor(doc, l.Anchor) && !d.draft(x.Path) {
			addSorted(&rel.Metadata, "missingAnchors", l.Anchor)
		}
	}
}

// selfAnchor checks a link into the document itself against its own
// headings; a missing one is document metadata.
func (d *docRefs) selfAnchor(from, doc string, l markdown.Link) {
	if l.Anchor == "" || d.hasAnchor(doc, l.Anchor) {
		return
	}
	if kind := d.shownElsewhere(doc); (kind == snapshot.RenderedPartial || kind == snapshot.RenderedEmbedded) && d.missingAnchor(doc, l.Anchor) {
		// The page that includes the partial (or the program that shows
		// the embedded file) renders it among its own headings and those
		// of its other parts.
		d.unverified["to anchors of their own page from partials, which the pages including them render among other headings"]++
		return
	}
	if d.headingLink(doc, l) {
		d.unverified["to anchors of their own page from a heading that is only the link (a tab or section syntax of a generator the scan does not know: DocFX's # [Linux](#tab/linux))"]++
		return
	}
	if d.missingAnchor(doc, l.Anchor) && !d.draft(doc) {
		e := d.shared.entities[from]
		broken := map[string]any{"anchor": l.Anchor, "line": l.Line}
		if l.Destination != "#"+l.Anchor {
			// Written through the file's own name (guide.md#x) or encoded:
			// a fix rewrites the destination as written.
			broken["written"] = l.Destination
		}
		appendMeta(&e.Metadata, "brokenAnchors", broken)
	}
}

// draft reports, and counts among the links not checked, whether doc is
// a draft its site does not publish: front matter draft: true (Hugo,
// Docusaurus, Astro, Eleventy's convention) or published: false
// (Jekyll) on a page a site renders. Its links reach no reader of the
// site, so one that fails is not reported; a page GitHub shows is read
// whatever its front matter says.
func (d *docRefs) draft(doc string) bool {
	x := d.t.byPath[doc]
	if x == nil || x.Markdown == nil {
		return false
	}
	fm := x.Markdown.FrontMatter.Fields
	if !strings.EqualFold(fm["draft"], "true") && !strings.EqualFold(fm["published"], "false") {
		return false
	}
	if !d.rendered(doc) {
		return false
	}
	d.unverified["from draft pages (front matter draft: true or published: false), which their site does not publish"]++
	return true
}

// entitiesAt returns the entities a repo-relative path names: the document
// or module at a file, the area and package at a directory.
func (d *docRefs) entitiesAt(p string) []string { return d.byPath[p] }

// indexPaths maps every path that names an entity to those entities, in the
// order entitiesAt promises: document, module, area, package.
func (d *docRefs) indexPaths() {
	d.byPath = map[string][]string{}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		switch {
		case x.Markdown != nil:
			d.byPath[x.Path] = append(d.byPath[x.Path], snapshot.EntityID(snapshot.KindDocument, x.Path))
		case x.analyzable():
			d.byPath[x.Path] = append(d.byPath[x.Path], snapshot.EntityID(snapshot.KindModule, x.Path))
		}
	}
	for _, a := range d.t.aliases {
		// An alias is its target document: a link to it is a link there.
		if x := d.t.byPath[a.Target]; x != nil && x.Markdown != nil {
			d.byPath[a.Path] = append(d.byPath[a.Path], snapshot.EntityID(snapshot.KindDocument, a.Target))
		}
	}
	for _, dir := range sortedKeys(d.areaDirs) {
		d.byPath[dir] = append(d.byPath[dir], d.areaDirs[dir])
	}
	for _, dir := range sortedKeys(d.pkgDirs) {
		d.byPath[dir] = append(d.byPath[dir], d.pkgDirs[dir])
	}
	d.commands = d.commandNames()
	d.routes = append(nextRoutes(d.t.files), plusRoutes(d.t.paths)...)
	var docs []string
	for i := range d.t.ex {
		if x := &d.t.ex[i]; x.Markdown != nil {
			if _, in := siteRootOf(d.sites, x.Path); !in && d.hugoSite(x.Path) == nil {
				docs = append(docs, x.Path)
			}
		}
	}
	d.translations = translationTrees(docs, d.t.files)
	d.noteTranslations()
}

// mention resolves the text of a code span (span) or of a link (span nil)
// that names a path, a package or — code spans only — an exported symbol.
// A path followed by a place in the file (a.go#L10, a.go:10-20,
// x.py::TestY::test_z) names the file; a code span's place the file's
// analysis can refute (a line past its end, a test item its module does not
// declare) is recorded on the relation (see missingPlace).
func (d *docRefs) mention(x *Extraction, from, text string, line int, span *markdown.CodeSpan) {
	text = strings.TrimSpace(text)
	if span != nil && len(text) <= 300 {
		// `foo serve` names the command foo (cmd/foo): the command's area
		// and package are documented by it.
		if ids := d.commandMention(text); len(ids) > 0 {
			ev := snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: line, Context: text}
			for _, to := range ids {
				if to != from {
					d.relate(snapshot.RelMentions, from, to, snapshot.Observed, ev)
				}
			}
			if strings.ContainsAny(text, " \t\n") {
				return
			}
		}
	}
	if text == "" || len(text) > 300 {
		return
	}
	if strings.ContainsAny(text, " \t\n") {
		// White space is a symbol only inside an argument or type list
		// (`rank(docs, q)`) or after `new`.
		if span == nil {
			return
		}
		if ref, ok := symspan.Parse(text); ok {
			d.symbolMention(from, ref, line, snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: line, Context: text})
		}
		return
	}
	if strings.Trim(text, "./") == "" {
		return // ".", "../", "/": navigation, not a name
	}
	ev := snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: line, Context: text}
	pl := pathLocation(text)
	ref := pl.path
	candidates := d.pathCandidates(x.Path, ref)
	if rest, ok := d.fromClone(ref); ok {
		// Written from the directory a clone makes: the rest is the path.
		ref, candidates = rest, append(candidates, strings.TrimSuffix(rest, "/"))
	}
	for _, p := range candidates {
		if ids := d.entitiesAt(p); len(ids) > 0 {
			missing := map[string]any(nil)
			if span != nil {
				missing = d.missingPlace(p, pl)
			}
			for _, to := range ids {
				if to != from {
					rel := d.relate(snapshot.RelMentions, from, to, snapshot.Observed, ev)
					markMissingPlace(rel, text, line, missing)
				}
			}
			return
		}
		if d.t.files[p] || d.t.dirs[p] {
			// A file or directory that is no entity (a script, a YAML
			// file, go.sum, a directory of protos): no relation, but the
			// evidence drift needs. A bare word naming a directory
			// (`vendor`, `test`) is prose as often as a path.
			if span != nil && (strings.Contains(text, "/") || d.t.files[p]) {
				d.pathRef(from, snapshot.PathRefMention, text, line, p)
			}
			return
		}
	}
	if span != nil && strings.Contains(text, "/") {
		// A module written as its import path names, without the file's
		// extension (`src/lib/utils/plugins` for plugins.ts), or a page as
		// its URL does (`docs/guide/setup` for setup.md).
		for _, p := range candidates {
			if m := cmp.Or(d.moduleFile(p), d.pageFile(p)); m != "" {
				for _, to := range d.entitiesAt(m) {
					if to != from {
						d.relate(snapshot.RelMentions, from, to, snapshot.Observed, ev)
					}
				}
				return
			}
		}
	}
	for _, p := range candidates {
		// A bare word (`vendor`, `build`) is prose, not a path, even when a
		// directory of that name was excluded.
		if ex, ok := d.t.excludedAt(p); ok && (strings.Contains(text, "/") || ex == p) {
			d.excludedRefs[excludedRef{line, p}] = ex
			return
		}
	}
	if ids := d.pkgNames[text]; len(ids) == 1 {
		if ids[0] != from {
			d.relate(snapshot.RelMentions, from, ids[0], snapshot.Observed, ev)
		}
		return
	}
	if span == nil {
		return
	}
	if ref, ok := symspan.Parse(text); ok && d.symbolMention(from, ref, line, ev) {
		return
	}
	if p, strength := d.pathShaped(x.Path, ref); strength != notPath {
		// A near miss that is no entity (a workflow, a config file) has
		// nothing to relate to: the span is then as unresolved as any.
		s, near := d.suggest(p)
		// A typo is evidence the span means this repository: a near miss
		// in the span's own directory (`src/mian.go`), not one elsewhere
		// (`docs/about.md` for `docs/about/license.md`).
		typo := near && parentDir(s) == parentDir(p)
		if !near && !strings.HasPrefix(ref, ".") {
			// A path written from another directory, which exactly one
			// directory has (`src/lib/x.ts` that is packages/bar/src/lib/x.ts),
			// is the suggestion; it is no evidence of a claim, though: a
			// span that agrees with the tree only at its first directory
			// may be the reader's project as well.
			s, near = d.near.under(path.Clean(strings.TrimPrefix(ref, "/")))
		}
		// The document's own path is no suggestion: a reference from a
		// document to itself is never a relation (selfRef), so a near miss
		// of its own name is as unresolved as any other path.
		targets := slices.DeleteFunc(slices.Clone(d.entitiesAt(s)), func(id string) bool { return id == from })
		near = near && len(targets) > 0
		why := d.unclaimed(x.Path, ref, p, span, near, typo)
		if near {
			for _, to := range targets {
				rel := d.relate(snapshot.RelMentions, from, to, snapshot.Observed, ev)
				rel.Confidence = snapshot.ConfidenceFuzzy
				addSorted(&rel.Metadata, "references", text)
				markUnclaimed(rel, text, line, why)
			}
			return
		}
		if strength == pathShape {
			rel := d.relate(snapshot.RelMentions, from, d.unresolved(p, text), snapshot.Observed, ev)
			markUnclaimed(rel, text, line, why)
		}
	}
}

// moduleExtensions are the extensions an import path leaves out of the
// module file it names.
var moduleExtensions = []string{".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".py"}

// isDocumentID reports whether id is a document's.
func isDocumentID(id string) bool {
	kind, _, _ := snapshot.ParseEntityID(id)
	return kind == snapshot.KindDocument
}

// moduleFile returns the module p names without its extension — the one
// analyzed module at p plus one of moduleExtensions — or "".
func (d *docRefs) moduleFile(p string) string {
	if p == "" || path.Ext(p) != "" {
		return ""
	}
	for _, ext := range moduleExtensions {
		for _, id := range d.entitiesAt(p + ext) {
			if kind, _, _ := snapshot.ParseEntityID(id); kind == snapshot.KindModule {
				return p + ext
			}
		}
	}
	return ""
}

// pageFile returns the document p names as a generator serves it
// (pageFileSuffixes: p.md, p.mdx, p/index.md, …), "" for none: a page
// written as its URL path.
func (d *docRefs) pageFile(p string) string {
	if p == "" || path.Ext(p) != "" {
		return ""
	}
	for _, suffix := range pageFileSuffixes {
		if x := d.t.byPath[p+suffix]; x != nil && x.Markdown != nil {
			return p + suffix
		}
	}
	return ""
}

// How sure pathShaped is that a code span names a path.
const (
	notPath   = iota
	typoShape // only a near-miss of an existing path makes it a reference
	pathShape // a reference: resolved, a near-miss, or unresolved
)

// pathCandidates are the repo-relative paths a mention may name: relative to
// the root, then to the document's directory (for ./x, then the root too:
// a command run from the root), then — a plain relative path of two
// segments or more only (a bare word is a name) — to each directory above
// it, nearest first: a package's page names `src/index.ts` of its package,
// a book's page `src/SUMMARY.md` of its book.
func (d *docRefs) pathCandidates(doc, text string) []string {
	t := strings.TrimSuffix(text, "/")
	var out []string
	add := func(p string) {
		if p != "." && p != ".." && !strings.HasPrefix(p, "../") && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	dotted := strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../")
	if !dotted {
		add(path.Clean(strings.TrimPrefix(t, "/")))
	}
	if !strings.HasPrefix(t, "/") {
		add(path.Join(parentDir(doc), t))
	}
	if rest, ok := strings.CutPrefix(t, "./"); ok && !strings.HasPrefix(rest, "../") {
		// `./scripts/fix.sh` in prose is a command run from the root as
		// often as a path from the document: after the document's reading.
		add(path.Clean(rest))
	}
	if !dotted && !strings.HasPrefix(t, "/") && strings.Contains(t, "/") {
		for dir := parentDir(parentDir(doc)); dir != "."; dir = parentDir(dir) {
			add(path.Join(dir, t))
		}
	}
	return out
}

// pathShaped decides whether an unresolved code span is a path reference a
// reader would expect to resolve: it has a slash and starts at a directory
// that exists (the root's top level, or one entered right after ./ or ../
// from the document). Other text with a slash ("and/or",
// "application/json") is not a path. A ./ or ../ span that enters no
// directory ("./Component.jsx" in prose about imports) is usually an
// example, so it counts only as a typo of a path that exists. It returns
// the repo-relative path the reference names.
func (d *docRefs) pathShaped(doc, text string) (string, int) {
	if !strings.Contains(text, "/") || strings.Contains(text, "://") || strings.HasPrefix(text, "-") || strings.ContainsAny(text, "*?<>|{}$`\"'") {
		return "", notPath
	}
	t := strings.TrimSuffix(text, "/")
	for _, seg := range strings.Split(strings.TrimPrefix(t, "/"), "/") {
		if seg == "" {
			return "", notPath // "//", "a//b": not a path anyone writes
		}
	}
	if strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") {
		p := path.Join(parentDir(doc), t)
		if p == "." || strings.HasPrefix(p, "../") || p == ".." {
			return "", notPath
		}
		rest := t
		for strings.HasPrefix(rest, "./") || strings.HasPrefix(rest, "../") {
			_, rest, _ = strings.Cut(rest, "/")
		}
		first, _, nested := strings.Cut(rest, "/")
		base := path.Join(parentDir(doc), strings.TrimSuffix(t, rest))
		if nested && d.t.dirs[path.Join(base, first)] {
			return p, pathShape
		}
		return p, typoShape
	}
	rooted := strings.HasPrefix(t, "/")
	t = strings.TrimPrefix(t, "/")
	first := strings.SplitN(t, "/", 2)[0]
	if d.topLevel[first] && d.t.dirs[first] {
		return path.Clean(t), pathShape
	}
	// A path from / starts at the root, never at the document.
	if rel := path.Join(parentDir(doc), first); !rooted && parentDir(doc) != "." && d.t.dirs[rel] {
		return path.Join(parentDir(doc), t), pathShape
	}
	return "", notPath
}

// suggest returns the single existing path within the near-miss threshold.
func (d *docRefs) suggest(p string) (string, bool) {
	s, _, ok := d.near.index().Match(p)
	return s, ok
}

// symbolMention resolves a code span read as a symbol reference (see
// resolveRef) and reports whether it resolved, to one module or — two or
// more declarers, a coverage note — to none. One that names no export is
// recorded as unresolved, by its key.
func (d *docRefs) symbolMention(from string, ref symspan.Ref, line int, ev snapshot.Evidence) bool {
	mods, member := d.resolveRef(ref)
	if member && len(mods) > 1 {
		return true // a member of several types: which one is unknown
	}
	if d.symbol(from, ref.Key(), mods, line, ev) {
		return true
	}
	d.unresolvedSymbol(from, ref.Key(), ev.Context, line)
	return false
}

// symbol relates the document to the one module of mods that declares
// name; two or more declarers resolve to neither and leave a coverage note.
func (d *docRefs) symbol(from, name string, mods []string, line int, ev snapshot.Evidence) bool {
	switch {
	case len(mods) == 1:
		rel := d.relate(snapshot.RelMentionsSymbol, from, mods[0], snapshot.Observed, ev)
		addSorted(&rel.Metadata, "symbols", name)
		return true
	case len(mods) > 1:
		if a, ok := d.ambiguous[name]; ok {
			a.count++
		} else {
			d.ambiguous[name] = &ambiguity{line: line, count: 1, modules: mods}
		}
		return true
	}
	return false
}

// unresolvedSymbol records a symbol-shaped code span that no module
// declares as document metadata (unresolvedSymbols: {symbol, line}, and
// text, the span as written, when it is not the key), so that drift against
// a base can tell a mention that stopped resolving from one the document
// dropped.
func (d *docRefs) unresolvedSymbol(from, key, text string, line int) {
	d.unresolvedSyms++
	e := d.shared.entities[from]
	if d.unresolvedSyms > maxUnresolvedSymbols {
		setMeta(&e.Metadata, "unresolvedSymbolsTruncated", true)
		return
	}
	item := map[string]any{"symbol": key, "line": line}
	if text != key {
		item["text"] = text
	}
	list, _ := e.Metadata["unresolvedSymbols"].([]any)
	setMeta(&e.Metadata, "unresolvedSymbols", append(list, item))
}

// flushAmbiguities turns one document's ambiguous mentions into coverage
// notes, bounded per scan.
func (d *docRefs) flushAmbiguities(doc string) {
	for _, name := range sortedKeys(d.ambiguous) {
		a := d.ambiguous[name]
		d.ambiguityNotes++
		switch {
		case d.ambiguityNotes <= maxAmbiguityNotes:
			shown := a.modules
			if len(shown) > 3 {
				shown = shown[:3]
			}
			times := ""
			if a.count > 1 {
				times = fmt.Sprintf(" (%d mentions)", a.count)
			}
			d.b.note(snapshot.Coverage{Analyzer: "markdown", Scope: doc, Line: a.line, Status: snapshot.StatusPartial,
				Reason: fmt.Sprintf("`%s`%s is declared by %d modules (%s); the mention is not resolved", name, times, len(a.modules), strings.Join(shown, ", "))})
		case d.ambiguityNotes == maxAmbiguityNotes+1:
			d.b.note(snapshot.Coverage{Analyzer: "markdown", Scope: "ambiguous-symbols", Status: snapshot.StatusPartial,
				Reason: fmt.Sprintf("more than %d ambiguous symbol mentions; the rest are not listed", maxAmbiguityNotes)})
		}
	}
	clear(d.ambiguous)
}

// flushExcluded turns the current document's references into excluded
// paths into one coverage note: they resolve to nothing, so without it
// they would vanish silently.
func (d *docRefs) flushExcluded(doc string) {
	if len(d.excludedRefs) == 0 {
		return
	}
	var paths []string
	seen := map[string]bool{}
	for _, ex := range d.excludedRefs {
		if !seen[ex] {
			seen[ex] = true
			paths = append(paths, ex)
		}
	}
	sort.Strings(paths)
	shown := strings.Join(paths, ", ")
	if len(paths) > maxExcludedListed {
		shown = strings.Join(paths[:maxExcludedListed], ", ") + fmt.Sprintf(", and %d more", len(paths)-maxExcludedListed)
	}
	n := len(d.excludedRefs)
	d.b.note(snapshot.Coverage{Analyzer: "markdown", Scope: doc, Status: snapshot.StatusPartial,
		Reason: fmt.Sprintf("%d %s into paths excluded from the scan (scan.exclude or a built-in rule), not resolved: %s",
			n, plural(n, "reference", "references"), shown)})
	clear(d.excludedRefs)
}

// symbolTable maps every exported name to the modules that declare it
// (never the barrels that re-export it: extraction keeps declarations and
// re-exports apart), declarers in tests, fixtures and examples only where
// nothing else declares the name (symtab.Builder.Declare), with the
// modules of mods.
func symbolTable(ex []Extraction, mods map[string]*symtab.Module) *symtab.Table {
	b := symtab.NewBuilder()
	for i := range ex {
		x := &ex[i]
		id := snapshot.EntityID(snapshot.KindModule, x.Path)
		aux := symtab.AuxiliaryPath(x.Path)
		if m := moduleOf(x); m != nil {
			m.declaredNames(x, func(name string) { b.Declare(id, name, aux) })
		}
	}
	for id, m := range mods {
		b.AddModule(id, m)
	}
	return b.Table()
}

// block records the docbridge block's declarations. A declaration naming an
// entity the scan did not find points at an unresolved entity that keeps the
// declared id, so reconcile can report it as stale.
func (d *docRefs) block(x *Extraction, from string, b *markdown.Block) {
	selfLoop := func(line int, what string) {
		d.b.note(snapshot.Coverage{Analyzer: "markdown", Scope: x.Path, Line: line, Status: snapshot.StatusPartial,
			Reason: "the docbridge block declares " + what + " from an entity to itself; ignored"})
	}
	for _, c := range b.Covers {
		if d.declaredExcluded(c.Line, c.ID) {
			continue
		}
		to := d.declared(c.ID)
		if to == from {
			selfLoop(c.Line, "covers")
			continue
		}
		ev := snapshot.Evidence{Source: "docbridge-block", Path: x.Path, LineStart: c.Line, Context: c.ID}
		d.relate(snapshot.RelCovers, from, to, snapshot.Declared, ev)
	}
	for _, rel := range b.Relations {
		if d.declaredExcluded(rel.Line, rel.To) || (rel.From != "" && d.declaredExcluded(rel.Line, rel.From)) {
			continue
		}
		src := from
		if rel.From != "" {
			src = d.declared(rel.From)
		}
		to := d.declared(rel.To)
		if to == src {
			selfLoop(rel.Line, rel.Kind)
			continue
		}
		ev := snapshot.Evidence{Source: "docbridge-block", Path: x.Path, LineStart: rel.Line, Context: rel.Kind}
		out := d.relate(rel.Kind, src, to, snapshot.Declared, ev)
		if rel.Detection != "" {
			setMeta(&out.Metadata, "detection", rel.Detection)
		}
		if rel.Confidence != "" && out.Provenance == snapshot.Declared {
			out.Confidence = rel.Confidence
		}
	}
}

// declaredExcluded reports whether a declared id names a document, module,
// area or package at an excluded path, and records it as a reference into
// an excluded path: it exists, but the scan made no entity of it. An id the
// scan did produce is never excluded.
func (d *docRefs) declaredExcluded(line int, id string) bool {
	if d.b.has(id) {
		return false
	}
	kind, p, _ := snapshot.ParseEntityID(id)
	switch kind {
	case snapshot.KindDocument, snapshot.KindModule, snapshot.KindArea, snapshot.KindPackage:
	default:
		return false
	}
	ex, ok := d.t.excludedAt(p)
	if ok {
		d.excludedRefs[excludedRef{line, p}] = ex
	}
	return ok
}

func (d *docRefs) declared(id string) string {
	if d.b.has(id) {
		return id
	}
	e := d.b.entity(snapshot.KindUnresolved, id, id, "")
	if len(e.Evidence) == 0 {
		e.Evidence = append(e.Evidence, snapshot.Evidence{Source: "docbridge-block", Path: id})
	}
	setMeta(&e.Metadata, "declared", id)
	return e.ID
}

// maxPathRefs bounds the path references one document records.
const maxPathRefs = 64

// pathRef records on the document that a link or code span, as written
// (text) on line, names the repository path p, which exists but is no
// entity: against a base, drift reads these (a script deleted, a directory
// of protos moved). At most maxPathRefs per document, once per text (at its
// first line).
func (d *docRefs) pathRef(from, kind, text string, line int, p string) {
	e := d.shared.entities[from]
	if e == nil {
		return
	}
	list, _ := e.Metadata["paths"].([]map[string]any)
	if len(list) >= maxPathRefs {
		return
	}
	for _, m := range list {
		if m["text"] == text {
			return // one entry a reference: drift finds every occurrence in the head
		}
	}
	appendMeta(&e.Metadata, "paths", map[string]any{"kind": kind, "text": text, "line": line, "path": p})
}

func appendMeta(m *map[string]any, key string, v map[string]any) {
	if *m == nil {
		*m = map[string]any{}
	}
	list, _ := (*m)[key].([]map[string]any)
	(*m)[key] = append(list, v)
}
