package scan

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// A documentation tree that no recognised generator renders is read the
// way GitHub reads it — unless its own links say otherwise. When they fail
// in a pattern a site convention explains (root-absolute links written
// from a content root, extensionless "pretty" URLs, relative links read
// from the page's URL, dated file names served without their date, a
// sigil prefix), the convention is inferred from those links, the tree is
// resolved under it as a site of kind siteInferred, and one coverage note
// says which convention was inferred and on what evidence. Links that fail
// under it too are still broken. Where no convention explains a flood of
// failing site-shaped links, they are counted into one SITE_LINKS_UNRESOLVED
// finding for the tree instead of one error each: a generator nobody
// modelled must not turn into hundreds of false errors.
//
// Links to Markdown files (../a.md) are never site-shaped: they fail the
// same way everywhere, so they are findings whatever the tree's pattern.

// siteInferred is the kind of a site whose convention was inferred.
const siteInferred = "inferred"

// inferredGen renders a site whose convention was inferred: the
// registry's fallback for a tree no generator marks, never detected from
// a file (inferSites makes its sites). Heading ids are every common
// generator's (inferredAnchors).
type inferredGen struct{ siteDefaults }

func (inferredGen) kind() string { return siteInferred }

// inferred returns the site's inferred convention; nil for another
// generator's.
func (s docSite) inferred() *inferredOptions {
	o, _ := s.opts.(*inferredOptions)
	return o
}

// links: a sigil link read as the root-absolute link it stands for, and
// an extensionless one also as a template page or a dated file.
func (inferredGen) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	if l.Kind == markdown.LinkSite || l.Kind == markdown.LinkPost {
		return nil, "", false
	}
	l, ok := unsigiled(l, doc)
	if !ok || l.Target == "" {
		return nil, "", false
	}
	if l, ok = siteDestination(l, l.Destination, doc); !ok {
		return nil, "", false
	}
	out, urlTarget := d.fileLinks(site, doc, l, nil)
	out = append(out, d.inferredCandidates(site, doc, l, out)...)
	return d.withIncluders(doc, l, d.untranslated(doc, out), urlTarget)
}

// pageDir: a site whose links are read from the page's URL serves x.md
// at x/.
func (inferredGen) pageDir(_ *docRefs, site docSite, doc string) (string, bool) {
	if site.inferred().pageURLs {
		return stemDir(doc)
	}
	return "", false
}

// Evidence bounds. A convention is inferred when it resolves at least
// inferMinLinks failing links of the tree and they are at least half of
// the tree's site-shaped links: a tree written for GitHub, where a few
// extensionless links are mistakes, keeps reporting them. A flood is at
// least floodMinLinks failing site-shaped links, again at least half.
const (
	inferMinLinks = 5
	floodMinLinks = 20
)

// inferredOptions is how a site of kind siteInferred serves its pages;
// every option was switched on by the tree's own links.
type inferredOptions struct {
	// tree is the documentation tree the convention was inferred for.
	tree string
	// pageURLs: a page a/b.md is served at a/b/, and a relative link is
	// read from that URL (Eleventy's and Jekyll's pretty permalinks).
	pageURLs bool
	// dated: a page x is served from a file YYYY-MM-DD-x.md beside it.
	dated bool
	// parentRoot: the content root is one of several at a depth
	// (content/<locale>/), and a root-absolute link may also name its
	// locale, read from the directory above (/zh/guide from content/).
	parentRoot bool
	// byName: a page is served at its file name wherever it lies (a flat
	// slug, a wiki's link by page name): a link that is one name, x or /x,
	// is the one page x.md of the tree.
	byName bool
}

// siteShaped reports whether a link is written the way a site, not a
// repository browser, resolves it: root-absolute, without an extension,
// to an .html page, or behind a sigil (@/ or ~/, a content-root prefix).
func siteShaped(l markdown.Link) bool {
	if l.Kind != markdown.LinkRelative || l.Target == "" {
		return false
	}
	if strings.HasPrefix(l.Destination, "/") || sigilPrefixed(l.Destination) {
		return true
	}
	ext := path.Ext(l.Target)
	return ext == "" || ext == ".html" || !fileExtension(ext)
}

// assetLink reports whether l names a file that is no page: an image, a
// download, a source file.
func assetLink(l markdown.Link) bool {
	switch ext := strings.ToLower(path.Ext(l.Target)); ext {
	case "", ".md", ".mdx", ".markdown", ".html", ".htm":
		return false
	default:
		return fileExtension(ext)
	}
}

// fileExtension reports whether ext (".png") is one files are named with,
// rather than the tail of a page name with a dot in it
// ("/actions/policy.watchCreate", "Array.prototype.map").
func fileExtension(ext string) bool {
	return fileExtensions[strings.ToLower(strings.TrimPrefix(ext, "."))]
}

// fileExtensions are the extensions of the files documentation links to:
// pages, images, media, fonts, data, archives and source.
var fileExtensions = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`md mdx markdown html htm txt rst adoc json jsonc json5 yaml yml toml xml csv tsv ini cfg conf env
		svg png jpg jpeg gif webp avif ico bmp tif tiff pdf mp4 webm mov mp3 wav ogg woff woff2 ttf otf eot
		zip gz tgz tar bz2 xz 7z jar whl deb rpm dmg exe wasm lock mod sum ipynb
		js mjs cjs ts mts cts tsx jsx vue astro svelte css scss sass less go py pyi rs rb java kt kts scala swift c h cc cpp hpp cs fs php pl lua dart ex exs erl hs ml r jl sh bash zsh fish ps1 bat cmd sql proto graphql gql tf hcl nix dockerfile`) {
		m[e] = true
	}
	return m
}()

// sigilPrefixed reports whether dest starts with a content-root sigil:
// Zola's @/ and the ~/ some generators read the same way.
func sigilPrefixed(dest string) bool {
	return strings.HasPrefix(dest, "@/") || strings.HasPrefix(dest, "~/")
}

// docTree is the documentation tree a document belongs to: the innermost
// project directory holding it below the root (one with a site project's
// file: package.json, conf.py, config.toml), else its top-level directory,
// or "." for a file at the root. Two example sites side by side are two
// trees, each with its own convention.
func (d *docRefs) docTree(doc string) string {
	for dir := parentDir(doc); dir != "."; dir = parentDir(dir) {
		if slices.ContainsFunc(projectFiles, func(f string) bool { return d.t.files[dir+"/"+f] }) {
			return dir
		}
	}
	if first, _, nested := strings.Cut(doc, "/"); nested {
		return first
	}
	return "."
}

// projectFiles mark the directory of a site's project.
var projectFiles = []string{"package.json", "conf.py", "config.toml"}

// pathExists reports whether a candidate path names anything a link may
// point at: an entity, a file, a directory, or an excluded path.
func (d *docRefs) pathExists(c string) bool {
	if len(d.entitiesAt(c)) > 0 || d.t.files[c] || d.t.dirs[c] {
		return true
	}
	_, ok := d.t.excludedAt(c)
	return ok
}

// resolvesIn reports whether any candidate of the link, read as site reads
// it (inSite false: as GitHub reads it), exists.
func (d *docRefs) resolvesIn(site docSite, inSite bool, doc string, l markdown.Link) bool {
	cands, _, ok := d.siteLinkCandidates(site, inSite, doc, l)
	if !ok {
		return true // a link the reading leaves alone is no failure
	}
	for _, c := range cands {
		if d.pathExists(c) {
			return true
		}
	}
	return false
}

// treeLink is one site-shaped link of a document of a tree; foundFile is
// set on a link to an image or other file that is found as written.
type treeLink struct {
	doc       string
	l         markdown.Link
	foundFile bool
}

// inferSites infers the convention of every documentation tree outside
// the recognised sites (appending a site of kind siteInferred for each
// tree whose links show one) and marks the trees whose failures no
// convention explains (d.flooded). It runs after indexPaths, before any
// document resolves, and reads only indexes no document changes.
func (d *docRefs) inferSites() {
	d.flooded, d.treeOf = map[string]bool{}, map[string]string{}
	var github []string // roots docbridge.yaml says GitHub renders
	if d.t.cfg != nil {
		for _, c := range d.t.cfg.Sites {
			if c.Generator == config.GeneratorNone {
				github = append(github, c.Root)
			}
		}
	}
	trees := map[string][]*Extraction{}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil || d.hugoSite(x.Path) != nil || slices.ContainsFunc(github, func(r string) bool { return within(x.Path, r) }) {
			continue
		}
		if _, in := siteRootOf(d.sites, x.Path); in {
			continue
		}
		tree := d.docTree(x.Path)
		trees[tree] = append(trees[tree], x)
		d.treeOf[x.Path] = tree
	}
	for _, tree := range sortedKeys(trees) {
		d.inferTree(tree, trees[tree])
	}
}

// inferTree decides one tree: which of its site-shaped links fail under
// GitHub's reading, which convention resolves most of them, and whether
// that is evidence enough.
func (d *docRefs) inferTree(tree string, docs []*Extraction) {
	var shaped, failing []treeLink
	for _, x := range docs {
		for _, l := range x.Markdown.Links {
			if !siteShaped(l) {
				continue
			}
			resolves := d.resolvesIn(docSite{}, false, x.Path, l)
			tl := treeLink{doc: x.Path, l: l, foundFile: resolves && assetLink(l)}
			shaped = append(shaped, tl)
			if !resolves {
				failing = append(failing, tl)
			}
		}
	}
	if len(failing) < inferMinLinks {
		return
	}
	if d.dated == nil {
		d.dated, d.stems, d.pageRoutes = datedFiles(d.t.paths), pageStems(d.t.paths), routeFiles(d.t.paths)
		d.declaredURLs = declaredURLs(d.t.ex)
	}
	// An option no failing link can need is not tried: the page's URL
	// reads only relative links, dated names only exist in some trees.
	options := []inferredOptions{{}}
	if slices.ContainsFunc(failing, func(f treeLink) bool { return !strings.HasPrefix(f.l.Destination, "/") }) {
		options = append(options, inferredOptions{pageURLs: true})
	}
	if len(d.dated) > 0 {
		for _, o := range options {
			o.dated = true
			options = append(options, o)
		}
	}
	// Each distinct reading is probed once: a link written again from the
	// same page (a root-absolute one: from the same directory) resolves
	// the same way. The content root is a depth below the tree, not one
	// directory (at depth 2 every content/<locale>/ is a root of its own
	// pages); it is chosen under the plainest reading, then the options
	// at that depth — on a tie the simpler reading, tried first, stays.
	probes := distinctLinks(failing)
	hitsAt := func(depth int, o inferredOptions) int {
		o.tree = tree
		hits := 0
		for _, p := range probes {
			root, ok := rootAt(tree, p.doc, depth)
			if ok && d.resolvesIn(docSite{root: root, gen: inferredGen{}, opts: &o}, true, p.doc, p.l) {
				hits += p.n
			}
		}
		return hits
	}
	bestDepth, bestOpt := 0, options[0]
	bestHits := hitsAt(0, bestOpt)
	for depth := 1; depth <= maxRootDepth(tree, failing); depth++ {
		if hits := hitsAt(depth, bestOpt); hits > bestHits {
			bestDepth, bestHits = depth, hits
		}
	}
	for _, o := range options[1:] {
		if hits := hitsAt(bestDepth, o); hits > bestHits {
			bestOpt, bestHits = o, hits
		}
	}
	// Only once the depth is chosen: read from the directory above as
	// well, a deeper root would resolve what a shallower one rejects.
	if bestDepth > 0 {
		o := bestOpt
		o.parentRoot = true
		if hits := hitsAt(bestDepth, o); hits > bestHits {
			bestOpt, bestHits = o, hits
		}
	}
	// Last, pages served by their name: only when that reading explains
	// failures of its own — at least inferMinLinks more — since a name
	// may match a page by chance.
	{
		if d.pageNames == nil {
			d.pageNames = pageNames(d.t.paths)
		}
		o := bestOpt
		o.byName = true
		if hits := hitsAt(bestDepth, o); hits >= bestHits+inferMinLinks {
			bestOpt, bestHits = o, hits
		}
	}
	bestOpt.tree = tree
	roots := map[string]bool{}
	inRoot := 0
	for _, tl := range shaped {
		if root, ok := rootAt(tree, tl.doc, bestDepth); ok {
			roots[root] = true
			// A convention is weighed against the links to pages: an
			// image found as written says nothing of how pages are
			// served (an Azure DevOps wiki's /.attachments/ beside its
			// extensionless page links).
			if !tl.foundFile {
				inRoot++
			}
		}
	}
	remaining := len(failing)
	if bestHits >= inferMinLinks && 2*bestHits >= inRoot {
		o := bestOpt
		for _, root := range sortedKeys(roots) {
			d.sites = append(d.sites, docSite{root: root, gen: inferredGen{}, opts: &o})
		}
		d.b.note(snapshot.Coverage{Analyzer: snapshot.AnalyzerSiteInference, Scope: tree, Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("site generator not recognised in %s: %d of %d site-shaped links resolve %s; checking them as such",
				textwriter.Dir(tree), bestHits, inRoot, o.describe(sortedKeys(roots)))})
		remaining -= bestHits
	}
	if remaining >= floodMinLinks && 2*remaining >= len(shaped) {
		d.flooded[tree] = true
		d.b.note(snapshot.Coverage{Analyzer: snapshot.AnalyzerSiteInference, Scope: tree, Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("site generator not recognised in %s: %d of %d site-shaped links resolve under no convention docbridge knows; they are counted in one %s finding, not reported one by one",
				textwriter.Dir(tree), remaining, len(shaped), "SITE_LINKS_UNRESOLVED")})
	}
}

// linkProbe is a failing link and how many times it is written.
type linkProbe struct {
	treeLink
	n int
}

// distinctLinks folds the failing links that read the same: one
// destination from one page, or, root-absolute, from one directory.
func distinctLinks(failing []treeLink) []linkProbe {
	var out []linkProbe
	at := map[string]int{}
	for _, f := range failing {
		from := f.doc
		if strings.HasPrefix(f.l.Destination, "/") {
			from = parentDir(f.doc)
		}
		k := from + "\x00" + f.l.Destination
		if i, ok := at[k]; ok {
			out[i].n++
			continue
		}
		at[k] = len(out)
		out = append(out, linkProbe{f, 1})
	}
	return out
}

// maxRootDepth is how deep below the tree a content root may lie: the
// deepest directory of a document with a failing root-absolute or sigil
// link (the root such a link is written from), at most 4.
func maxRootDepth(tree string, failing []treeLink) int {
	deepest := 0
	for _, f := range failing {
		if strings.HasPrefix(f.l.Destination, "/") || sigilPrefixed(f.l.Destination) {
			deepest = max(deepest, len(relDirs(tree, f.doc)))
		}
	}
	return min(deepest, 4)
}

// rootAt is the content root at depth below tree that holds doc: the tree
// and the first depth directories of doc's path below it; ok is false for
// a document less deep than that.
func rootAt(tree, doc string, depth int) (string, bool) {
	dirs := relDirs(tree, doc)
	if len(dirs) < depth {
		return "", false
	}
	return path.Join(append([]string{tree}, dirs[:depth]...)...), true
}

// relDirs are the directories of doc's path below tree.
func relDirs(tree, doc string) []string {
	rel := parentDir(doc)
	if tree != "." {
		rel = strings.TrimPrefix(strings.TrimPrefix(rel, tree), "/")
	}
	if rel == "" || rel == "." {
		return nil
	}
	return strings.Split(rel, "/")
}

// describe says how the inferred site serves links, for the coverage note.
func (o *inferredOptions) describe(roots []string) string {
	parts := []string{"as a site serves pretty URLs (x as x.md, x.mdx, x/index.md or a template page x.*"}
	switch {
	case len(roots) == 1 && roots[0] != ".":
		parts[0] += "; /x from " + roots[0] + "/"
	case len(roots) > 1:
		parts[0] += fmt.Sprintf("; /x from each of %d directories: %s/", len(roots), strings.Join(roots[:min(len(roots), 3)], "/, "))
		if len(roots) > 3 {
			parts[0] += ", …"
		}
	}
	parts[0] += ")"
	if o.pageURLs {
		parts = append(parts, "read from the page's URL (a/b.md served at a/b/)")
	}
	if o.dated {
		parts = append(parts, "with dated file names served without their date (2024-01-31-x.md at x)")
	}
	if o.byName {
		parts = append(parts, "with pages served at their file name wherever they lie (x or /x as the tree's one x.md)")
	}
	return strings.Join(parts, ", ")
}

// unsigiled reads a sigil link (@/a/b.md) as the root-absolute link it
// stands for (/a/b.md); other links are left as they are.
func unsigiled(l markdown.Link, doc string) (markdown.Link, bool) {
	if !sigilPrefixed(l.Destination) {
		return l, true
	}
	return markdown.Retarget(l, l.Destination[1:], doc)
}

// inferredCandidates lists what an inferred site may serve a link from
// beyond linkCandidates' readings (cands): a root-absolute link also from
// the directory above a content root at a depth (naming its locale); for every extensionless
// candidate, a template page (x.njk, x.11ty.js, x/index.webc), a page a
// router serves at that URL (routeFiles: route groups, ordering prefixes,
// page.mdx) and, when the site serves dated file names, the dated files
// (YYYY-MM-DD-x.md) beside it; for a root-absolute link, a static file of
// a public/ or static/ directory of a directory holding the document (its
// project's, wherever that is), which hosts serve at "/".
func (d *docRefs) inferredCandidates(site docSite, doc string, l markdown.Link, cands []string) []string {
	var out []string
	if strings.HasPrefix(l.Destination, "/") && l.Target != "" && site.inferred().parentRoot {
		// A root at a depth is one of several (content/<locale>/): a link
		// may name the locale itself, /zh/guide from content/.
		parent := linkCandidates(parentDir(site.root), true, l.Destination, l.Target)
		out = append(out, parent...)
		cands = append(slices.Clip(cands), parent...)
	}
	for _, c := range cands {
		if ext := path.Ext(c); ext != "" {
			switch {
			case ext == ".html":
				out = append(out, strings.TrimSuffix(c, ext)+".mdx") // .md is linkCandidates'
			case !fileExtension(ext):
				out = append(out, c+".md", c+".mdx") // a page name with a dot
			}
			continue
		}
		if site.inferred().dated {
			out = append(out, d.dated[c]...)
		}
		for _, p := range []string{c, path.Join(c, "index")} {
			if f, ok := d.stems[p]; ok {
				out = append(out, f)
			}
		}
		if f, ok := d.pageRoutes[c]; ok {
			out = append(out, f)
		}
		if site.inferred().byName && singleName(l.Destination) {
			if ps := d.pageNames[path.Base(c)]; len(ps) == 1 && d.treeOf[ps[0]] == d.treeOf[doc] {
				out = append(out, ps[0])
			}
		}
	}
	if strings.HasPrefix(l.Destination, "/") && l.Target != "" {
		// A page whose front matter gives it this URL, or redirects this
		// URL to it, in the same tree.
		for _, p := range d.declaredURLs[urlKey(linkURLPath(l.Destination))] {
			if d.treeOf[p] == d.treeOf[doc] {
				out = append(out, p)
			}
		}
		out = append(out, servedAtRoot(doc, l.Target)...)
	}
	return out
}

// servedAtRoot lists, for the target of a root-absolute link of doc, the
// files of a public/ or static/ directory of each directory holding doc,
// its project's wherever that is: what hosts and dev servers (Vite,
// Next.js, Astro, Slidev, Hugo) serve at "/".
func servedAtRoot(doc, target string) []string {
	var out []string
	for dir := parentDir(doc); ; dir = parentDir(dir) {
		out = append(out, path.Join(dir, "public", target), path.Join(dir, "static", target))
		if dir == "." {
			return out
		}
	}
}

// urlFields are the front matter keys that give a page its URL
// (permalink, url) or redirect old URLs to it (aliases, redirect_from,
// oldUrl, old_url) across generators: Jekyll, Hugo, Eleventy, Lume and
// their plugins.
var urlFields = []string{"permalink", "url", "aliases", "redirect_from", "oldUrl", "old_url"}

// declaredURLs maps each root-absolute URL path a page's front matter
// declares (urlFields; a list is joined with ", ") to the pages, in path
// order. A value with template syntax ({{ page.fileSlug }}) is the
// generator's to compute and is left out.
func declaredURLs(ex []Extraction) map[string][]string {
	out := map[string][]string{}
	for i := range ex {
		x := &ex[i]
		if x.Markdown == nil || len(x.Markdown.FrontMatter.Fields) == 0 {
			continue
		}
		for _, k := range urlFields {
			for _, u := range strings.Split(x.Markdown.FrontMatter.Fields[k], ", ") {
				u = strings.TrimSpace(u)
				if !strings.HasPrefix(u, "/") || strings.ContainsAny(u, "{}%:*") {
					continue
				}
				if key := urlKey(u); key != "" && !slices.Contains(out[key], x.Path) {
					out[key] = append(out[key], x.Path)
				}
			}
		}
	}
	return out
}

// urlKey is a URL path as declaredURLs keys it: no leading or trailing
// slash, no .html, no index.html.
func urlKey(u string) string {
	u = strings.Trim(u, "/")
	u = strings.TrimSuffix(strings.TrimSuffix(u, "index.html"), ".html")
	return strings.Trim(u, "/")
}

// singleName reports whether a link names one page by its name alone —
// "about-semantic-versioning", "/about-semantic-versioning/" — the only
// shape a by-name site serves: a link with directories in it that fails
// (learn/x written without its leading /) is a broken link, whatever page
// of that name lies elsewhere.
func singleName(dest string) bool {
	p := strings.Trim(linkURLPath(dest), "/")
	return p != "" && !strings.Contains(p, "/") && !strings.HasPrefix(p, ".")
}

// pageNames maps a page's file name without its extension ("folders" for
// a/b/folders.mdx; an index or README page's directory name) to the
// Markdown pages of that name, in path order.
func pageNames(paths []string) map[string][]string {
	out := map[string][]string{}
	for _, p := range paths {
		ext := path.Ext(p)
		if ext != ".md" && ext != ".mdx" {
			continue
		}
		name := strings.TrimSuffix(path.Base(p), ext)
		if strings.EqualFold(name, "index") || strings.EqualFold(name, "readme") {
			if name = path.Base(path.Dir(p)); name == "." {
				continue
			}
		}
		out[name] = append(out[name], p)
	}
	return out
}

// routeFiles maps the URL path a file-system router serves a Markdown page
// at to the page: route groups ("(guides)/") and ordering prefixes
// ("1.getting-started/", "02-install.md") leave the URL, and so do the
// extension and an index, README or page file name (Next.js' page.mdx).
// Only paths whose URL differs from the file's own are kept; the first
// page in path order wins.
func routeFiles(paths []string) map[string]string {
	out := map[string]string{}
	for _, p := range paths {
		ext := path.Ext(p)
		if ext != ".md" && ext != ".mdx" {
			continue
		}
		segs := strings.Split(strings.TrimSuffix(p, ext), "/")
		url := segs[:0:0]
		for i, s := range segs {
			if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
				continue // a route group
			}
			s = unordered(s)
			if i == len(segs)-1 && (s == "index" || s == "README" || s == "page" || s == "_index") {
				continue
			}
			url = append(url, s)
		}
		u := strings.Join(url, "/")
		if u == "" || u == strings.TrimSuffix(p, ext) {
			continue
		}
		if _, ok := out[u]; !ok {
			out[u] = p
		}
	}
	return out
}

// unordered strips an ordering prefix (digits, then "." or "-", then a
// letter; or digits in parentheses, then a letter) from a path segment:
// "1.getting-started" and "(1)getting-started" are "getting-started". A
// dated name keeps its date (the dated convention reads it).
func unordered(seg string) string {
	if rest, ok := strings.CutPrefix(seg, "("); ok {
		j := strings.IndexByte(rest, ')')
		if j > 0 && j <= 3 && strings.Trim(rest[:j], "0123456789") == "" && j+1 < len(rest) {
			if c := rest[j+1]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				return rest[j+1:]
			}
		}
		return seg
	}
	i := 0
	for i < len(seg) && seg[i] >= '0' && seg[i] <= '9' {
		i++
	}
	if i == 0 || i > 3 || i+1 >= len(seg) || (seg[i] != '.' && seg[i] != '-') {
		return seg
	}
	if c := seg[i+1]; (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
		return seg
	}
	return seg[i+1:]
}

// datedFiles maps "dir/name" to the Markdown files dir/YYYY-MM-DD-name.md
// (or .mdx) among paths.
func datedFiles(paths []string) map[string][]string {
	out := map[string][]string{}
	for _, p := range paths {
		base := path.Base(p)
		ext := path.Ext(base)
		if ext != ".md" && ext != ".mdx" {
			continue
		}
		if name, ok := undated(strings.TrimSuffix(base, ext)); ok {
			k := path.Join(parentDir(p), name)
			out[k] = append(out[k], p)
		}
	}
	return out
}

// undated strips a leading YYYY-MM-DD- date from a file name.
func undated(name string) (string, bool) {
	if len(name) < 12 || name[4] != '-' || name[7] != '-' || name[10] != '-' {
		return "", false
	}
	for i, c := range name[:10] {
		if i == 4 || i == 7 {
			continue
		}
		if c < '0' || c > '9' {
			return "", false
		}
	}
	return name[11:], true
}

// floodedLink reports the tree of a link whose failure is counted into its
// tree's SITE_LINKS_UNRESOLVED finding instead of reported on its own.
// A sites entry with generator none keeps a tree under GitHub's rules: it
// is neither inferred nor flooded.
// Only the documents the tree was inferred from count: a page a
// recognised site holds keeps its own findings.
func (d *docRefs) floodedLink(doc string, l markdown.Link) (string, bool) {
	tree, ok := d.treeOf[doc]
	if !ok || !d.flooded[tree] || !siteShaped(l) {
		return "", false
	}
	return tree, true
}

// inferredAnchors adds to the anchors of every page a generator the scan
// does not know renders (an inferred site, a flooded tree, any tree
// markUnknownSites marks) the ids the common generators' slug rules give
// its headings — GitHub's,
// markdown-it-anchor's (VitePress), Python-Markdown's — each also with the
// heading's template tags ({% addedin "2.0" %}, {{ badge }}) removed, since
// they render as markup the slug leaves out, and the explicit ids of
// attribute lists (which replace the slug). The generator is unknown, so
// an anchor any of them renders is accepted; one none of them renders is
// still broken.
func (d *docRefs) inferredAnchors() {
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil {
			continue
		}
		_, in := siteRootOf(d.sites, x.Path)
		_, lenient := d.unknownRenderer(x.Path)
		if in && !lenient {
			continue // a generator the scan knows says what its ids are
		}
		set := d.anchors[x.Path]
		if set == nil {
			continue
		}
		for _, h := range x.Markdown.SiteHeadings {
			// An explicit id replaces the slug, under every generator
			// that reads one: a link to the text's slug is broken. Outside
			// any site, GitHub shows the syntax as text, yet whoever wrote
			// it wrote it for a renderer that reads it, so the id counts
			// beside GitHub's slug.
			if id, _, ok := markdown.BracketID(h.Text); ok {
				set[strings.ToLower(id)] = true
				continue
			}
			if h.BlockID != "" {
				// A kramdown block attribute list on the next line
				// ("{: #id}"), as IBM Cloud's docs and Jekyll write it.
				set[strings.ToLower(h.BlockID)] = true
				continue
			}
			if h.ID != "" {
				set[strings.ToLower(h.ID)] = true
				continue
			}
			if !lenient {
				continue
			}
			texts := []string{h.Text, withoutTemplateTags(h.Text)}
			if text, ok := withoutAttrList(h.Text); ok {
				texts = append(texts, text)
			}
			for _, text := range texts {
				for _, slug := range commonSlugs(text) {
					set[slug] = true
				}
			}
			if id, ok := signatureID(h.Text); ok {
				set[id] = true
			}
			if id, ok := bracketSuffixID(h.Text); ok {
				set[id] = true
			}
		}
		if lenient {
			// Attribute lists outside headings ("```…```\n{#id}",
			// markdown-it-attrs, kramdown) give ids where a renderer reads
			// them, and whoever wrote one wrote it for such a renderer.
			for _, id := range x.Markdown.AttrAnchors {
				set[strings.ToLower(id)] = true
			}
			// So do the ids of fences such a renderer may pass through
			// as raw HTML (Franklin.jl's ~~~ blocks), which GitHub shows
			// as code.
			for _, id := range x.Markdown.PassthroughAnchors {
				set[strings.ToLower(id)] = true
			}
		}
	}
}

// misreadSites marks the recognised sites whose own site-shaped links
// mostly fail under their generator's rules: a published site whose links
// mostly fail is one the scan reads otherwise than its generator does
// (routes made in code, a generator configured beyond what the scan
// reads), so the failures say more about the reading than about the links.
// Like a tree no convention explains, such a site's failing site-shaped
// links are counted into one SITE_LINKS_UNRESOLVED (d.flooded), with a note
// naming the generator it was taken for. Hugo sites, resolved apart, are
// left alone. It runs after inferSites.
func (d *docRefs) misreadSites() {
	type tally struct{ shaped, failing int }
	tallies := map[string]*tally{}
	var docs []string
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil {
			continue
		}
		site, in := siteRootOf(d.sites, x.Path)
		if !in || site.kind() == siteInferred {
			continue
		}
		t := tallies[site.root]
		if t == nil {
			t = &tally{}
			tallies[site.root] = t
		}
		docs = append(docs, x.Path)
		for _, l := range x.Markdown.Links {
			if !siteShaped(l) {
				continue
			}
			resolves := d.resolvesIn(site, true, x.Path, l) || d.servedByHost(siteProjectDir(site), l.Destination)
			if resolves && assetLink(l) {
				// An image found in a static directory says nothing of
				// how the site routes its pages (one that fails does).
				continue
			}
			t.shaped++
			if !resolves {
				t.failing++
			}
		}
	}
	d.docState = newDocState() // servedByHost counted into it
	for _, root := range sortedKeys(tallies) {
		t := tallies[root]
		if t.failing < floodMinLinks || 2*t.failing < t.shaped {
			continue
		}
		site, _ := siteRootOf(d.sites, path.Join(root, "x"))
		d.flooded[root] = true
		d.b.note(snapshot.Coverage{Analyzer: snapshot.AnalyzerSiteInference, Scope: root, Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("%s site detected in %s, yet %d of its %d site-shaped links resolve under no rule docbridge knows for it (routes made in code, or configuration it does not read); they are counted in one %s finding, not reported one by one",
				site.kind(), textwriter.Dir(root), t.failing, t.shaped, "SITE_LINKS_UNRESOLVED")})
	}
	for _, doc := range docs {
		if site, _ := siteRootOf(d.sites, doc); d.flooded[site.root] {
			d.treeOf[doc] = site.root
		}
	}
}

// titledElement reports whether anchor is the slug, under a common
// generator's rule, of a titled element of target (an HTML <summary>, an
// MDX component's title: markdown.Document.ElementTitles) while no
// generator the scan knows renders target: some renderers give such an
// element an anchor from its title (GitBook's expandable blocks,
// Mintlify's tabs), so the link may land, and the scan cannot tell.
func (d *docRefs) titledElement(target, anchor string) bool {
	x := d.t.byPath[target]
	if x == nil || x.Markdown == nil || len(x.Markdown.ElementTitles) == 0 {
		return false
	}
	if site, in := siteRootOf(d.sites, target); in && site.kind() != siteInferred {
		return false
	}
	anchor = strings.ToLower(anchor)
	for _, title := range x.Markdown.ElementTitles {
		if slices.Contains(commonSlugs(title), anchor) {
			return true
		}
	}
	return false
}

// commonSlugs are the anchors the common generators' slug rules give a
// heading or a title — GitHub's, markdown-it-anchor's (VitePress,
// Eleventy), Python-Markdown's, the hyphen slug (also of the words
// decamelize splits, as @sindresorhus/slugify does by default:
// "dynamicPaths" is "dynamic-paths") and the slugify package's —
// lower-cased, without leading or trailing hyphens, the empty ones left
// out. (Not the underscore slug of Franklin.jl and DevSite,
// "why_contribute": on 120 repositories it matched 8 anchors that land and
// 6 that do not, old release notes' #net_http among them.)
func commonSlugs(text string) []string {
	out := make([]string, 0, 5)
	for _, slug := range []string{markdown.Slug(text), markdown.VitePressSlug(text), pyTocSlug(text, true), hyphenSlug(text), hyphenSlug(decamelize(text)), punctSlug(text)} {
		if slug = strings.ToLower(strings.Trim(slug, "-")); slug != "" {
			out = append(out, slug)
		}
	}
	return out
}

// bracketSuffixID is the id a heading ending in one bracketed word gives
// where that word is its explicit id — "License management
// [manage-license]" (Elastic's docs-builder; Fumadocs writes [#id],
// which markdown.BracketID reads) — lower-cased; false when the heading
// does not end so, or the brackets hold more than letters, digits, '-'
// and '_' ("Array [T, U]").
func bracketSuffixID(text string) (string, bool) {
	text = strings.TrimSpace(text)
	i := strings.LastIndexByte(text, '[')
	if i <= 0 || !strings.HasSuffix(text, "]") || strings.TrimSpace(text[:i]) == "" {
		return "", false
	}
	id := text[i+1 : len(text)-1]
	if id == "" || strings.ContainsFunc(id, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_'
	}) {
		return "", false
	}
	return strings.ToLower(id), true
}

// withoutAttrList returns a heading's text without the attribute list it
// ends in, "Elevation {codemod-available}" or "Setup {.new data-x=1}":
// markdown-it-attrs, kramdown and Pandoc take the braces as attributes and
// slug the text before them. (An id in them, {#id}, is markdown.BracketID's.)
// false when the heading does not end in one.
func withoutAttrList(text string) (string, bool) {
	text = strings.TrimSpace(text)
	i := strings.LastIndexByte(text, '{')
	if i <= 0 || !strings.HasSuffix(text, "}") || strings.HasPrefix(text[i:], "{{") || strings.HasPrefix(text[i:], "{%") {
		return "", false
	}
	attrs, rest := text[i+1:len(text)-1], strings.TrimSpace(text[:i])
	if strings.TrimSpace(attrs) == "" || rest == "" || strings.ContainsAny(attrs, "{}") {
		return "", false
	}
	return rest, true
}

// signatureID is the id API reference generators give a heading that is
// one call signature, "Table.iter(func, table)": its qualified name,
// "table.iter" (lower-cased, as anchors are compared), as Soupault's
// reference plugin, Sphinx and rustdoc name such entries. false for any
// other heading: a name with a space or nothing before "(" is prose.
func signatureID(text string) (string, bool) {
	name, _, ok := strings.Cut(strings.TrimSpace(text), "(")
	if !ok || name == "" || !strings.HasSuffix(strings.TrimSpace(text), ")") {
		return "", false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '_' && r != ':' && r != '$' {
			return "", false
		}
	}
	return strings.ToLower(name), true
}

// hyphenSlug is the slug of the generators that turn every run of
// characters other than letters and digits into one hyphen (Hexo's
// slugize, @sindresorhus/slugify without transliteration): "list_categories"
// is "list-categories", "after_render Filters" "after-render-filters".
func hyphenSlug(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(text) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}

// decamelize splits camel-case words as @sindresorhus/slugify's default
// does: a space between a lower-case letter or digit and an upper-case
// one, and before the last capital of a run followed by a lower-case
// letter ("TypeScript" is "Type Script", "HTMLParser" "HTML Parser").
func decamelize(text string) string {
	rs := []rune(text)
	var b strings.Builder
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) {
			prev := rs[i-1]
			if unicode.IsLower(prev) || unicode.IsDigit(prev) ||
				(unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
				b.WriteByte(' ')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// punctSlug is the slug of the slugify package's default rule, which
// Eleventy sites hand markdown-it-anchor: the punctuation
// $*_+~.()'"!:@ and '-' are kept, other symbols dropped, every run of
// spaces turned into one '-': "Imperative DOM access: update()" is
// "imperative-dom-access:-update()".
func punctSlug(text string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.M, r) || strings.ContainsRune("$*_+~.()'\"!:@-", r):
		default:
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte('-')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// withoutTemplateTags removes the template tags ({% … %}, {{ … }}) of a
// heading's text, with the space around them.
func withoutTemplateTags(text string) string {
	parts, _ := templateParts(text)
	return strings.Join(strings.Fields(strings.Join(parts, "")), " ")
}

// templateParts splits text at its template tags ({% … %}, {{ … }}): the
// literal text before, between and after them, and whether it has any. An
// unclosed tag is literal text.
func templateParts(text string) ([]string, bool) {
	var parts []string
	var lit strings.Builder
	tagged := false
	for {
		i := strings.Index(text, "{")
		if i < 0 || i+1 >= len(text) || (text[i+1] != '%' && text[i+1] != '{') {
			if i < 0 {
				lit.WriteString(text)
				break
			}
			lit.WriteString(text[:i+1])
			text = text[i+1:]
			continue
		}
		closer := "%}"
		if text[i+1] == '{' {
			closer = "}}"
		}
		j := strings.Index(text[i+2:], closer)
		if j < 0 {
			lit.WriteString(text)
			break
		}
		lit.WriteString(text[:i])
		parts = append(parts, lit.String())
		lit.Reset()
		tagged = true
		text = text[i+2+j+len(closer):]
	}
	return append(parts, lit.String()), tagged
}

// tagAnchor returns the template tag argument of target an anchor may have
// been built from: one whose fold (at least tagArgumentMinFold letters and
// digits) starts the anchor's fold (#tab-one-2 from {% tabs Tab one %}),
// or "".
func (d *docRefs) tagAnchor(target, anchor string) string {
	x := d.t.byPath[target]
	if x == nil || x.Markdown == nil {
		return ""
	}
	fa := foldAnchor(anchor)
	for _, arg := range x.Markdown.TagArguments {
		if f := foldAnchor(arg); len(f) >= tagArgumentMinFold && strings.HasPrefix(fa, f) {
			return arg
		}
	}
	return ""
}

// tagArgumentMinFold is how long a tag argument's fold must be before an
// anchor it starts is taken for the tag's: a short one ("a", "v1") starts
// anchors by chance.
const tagArgumentMinFold = 4

// templateHeading reports whether anchor may be the id of a heading of
// target whose text a template tag fills at build time ("Configure {{%
// param "PRODUCT_NAME" %}}" renders as "Configure Alloy"): the anchor's
// fold holds the folds of the heading's literal parts in order — the
// first at its start, the last at its end — and more, the tag's text. A
// heading with no literal word fits nothing.
func (d *docRefs) templateHeading(target, anchor string) bool {
	x := d.t.byPath[target]
	if x == nil || x.Markdown == nil {
		return false
	}
	fa := foldAnchor(anchor)
	for _, h := range x.Markdown.SiteHeadings {
		parts, tagged := templateParts(h.Text)
		if !tagged || h.ID != "" {
			continue
		}
		rest, literal := fa, 0
		ok := true
		for i, p := range parts {
			f := foldAnchor(p)
			literal += len(f)
			switch {
			case i == 0:
				ok = strings.HasPrefix(rest, f)
				if ok {
					rest = rest[len(f):]
				}
			case i == len(parts)-1:
				ok = strings.HasSuffix(rest, f)
			default:
				k := strings.Index(rest, f)
				ok = k >= 0
				if ok {
					rest = rest[k+len(f):]
				}
			}
			if !ok {
				break
			}
		}
		// A heading all tag (a page title from front matter) fits every
		// anchor: it is no evidence for any.
		if ok && literal > 0 && len(fa) > literal {
			return true
		}
	}
	return false
}

// pageStems maps a path without its extensions ("a/feed" for
// a/feed.njk, "a/firehose" for a/firehose.11ty.js) to the first such file
// in path order: the template pages a site renders beside its Markdown,
// which an extensionless link of an inferred site may name.
func pageStems(paths []string) map[string]string {
	out := map[string]string{}
	for _, p := range paths {
		stem, _, ok := strings.Cut(path.Base(p), ".")
		if !ok || stem == "" {
			continue
		}
		if k := path.Join(parentDir(p), stem); out[k] == "" {
			out[k] = p
		}
	}
	return out
}
