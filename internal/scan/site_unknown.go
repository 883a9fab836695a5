package scan

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// A documentation tree that a site generator renders, when the scan does
// not know which, is a tree whose links and anchors the scan reads without
// the generator's rules: routes made in code, redirect maps, pages a build
// generates, slug rules of its own. Measured on 21 repositories whose
// generators nobody here had modelled, the links such trees fail under
// GitHub's reading were broken in 19 % of cases (48 of 251 judged), the
// anchors in 45 %; in trees of generators the scan knows, or read on
// GitHub, in over 90 %. So in such a tree the scan says what it cannot
// check instead of accusing: a link to no file is unverified
// (UNVERIFIED_LINK, info; drift against a base is still reported), an
// anchor is matched under every common slug rule (inferredAnchors) and,
// where the tree's own anchors show it, without regard to punctuation
// (foldAnchors), and the tree's pages are pages for the project's users
// (unclaimedUserDoc).

// unmodelledSiteFiles are the files that mark a tree a site generator the
// scan does not model builds: DocFX, docsify, Quarto, Antora, Retype,
// Eleventy, Gatsby, Nextra's and Mintlify's navigation, Pelican,
// Writerside. (A
// myst.yml marks a mystmd project, read as Sphinx: sphinxGen.)
// (GitBook and HonKit read relative links as GitHub does: gitBookTree.)
var unmodelledSiteFiles = map[string]bool{
	"docfx.json": true, "toc.yml": true, "toc.yaml": true, "_sidebar.md": true, "_navbar.md": true,
	"_quarto.yml": true, "antora.yml": true, "retype.yml": true,
	".eleventy.js": true, "eleventy.config.js": true, "eleventy.config.mjs": true, "eleventy.config.cjs": true,
	"gatsby-config.js": true, "gatsby-config.ts": true, "gatsby-config.mjs": true,
	"_meta.json": true, "_meta.js": true, "_meta.ts": true, "mint.json": true,
	"pelicanconf.py": true, "writerside.cfg": true, "project.ihp": true,
}

// markerDepth bounds how deep below a tree's root a marker file counts
// (docs/docfx.json, docs/src/_meta.json).
const markerDepth = 2

// markUnknownSites maps the documents of every tree a site generator the
// scan does not know renders to that tree (resolver.unknownSite): an
// inferred site, a flooded tree, and a tree outside every recognised site
// whose pages are mostly written for a site (sitePageShape: front matter
// or syntax no page GitHub shows needs) or that holds, or lies right
// below the directory of, a marker of a generator the scan does not model. Documents
// for contributors are read on GitHub wherever they are (readOnGitHub). It notes once per such tree what is not checked. It runs after
// inferSites and misreadSites.
func (d *docRefs) markUnknownSites() {
	type tally struct{ pages, fronted int }
	tallies := map[string]*tally{}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		tree, ok := d.treeOf[x.Path]
		if x.Markdown == nil || !ok || readOnGitHub(x) {
			continue
		}
		t := tallies[tree]
		if t == nil {
			t = &tally{}
			tallies[tree] = t
		}
		t.pages++
		if sitePageShape(x.Markdown) {
			t.fronted++
		}
	}
	why := map[string]string{}
	for tree, t := range tallies {
		if d.gitBookTree(tree) {
			delete(tallies, tree)
			continue
		}
		if t.pages >= minFrontedPages && 2*t.fronted >= t.pages {
			why[tree] = fmt.Sprintf("%d of its %d pages carry a site's front matter or syntax", t.fronted, t.pages)
		}
	}
	for _, p := range d.t.paths {
		if !unmodelledSiteFiles[path.Base(p)] {
			continue
		}
		// The marker belongs to the innermost tree above it, and to the
		// trees right below its directory (Writerside's project.ihp beside
		// topics/).
		for dir := parentDir(p); ; dir = parentDir(dir) {
			if _, ok := tallies[dir]; ok {
				if why[dir] == "" && depthBelow(p, dir) <= markerDepth {
					why[dir] = "it holds " + p
				}
				break
			}
			if dir == "." {
				break
			}
		}
		for tree := range tallies {
			if tree != "." && parentDir(tree) == parentDir(p) && why[tree] == "" {
				why[tree] = "beside " + p
			}
		}
	}
	d.resolver.unknownSite = map[string]string{}
	d.resolver.siteless = map[string]bool{}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil {
			continue
		}
		if readOnGitHub(x) {
			continue
		}
		if site, in := siteRootOf(d.sites, x.Path); in && site.kind() == siteInferred {
			d.resolver.unknownSite[x.Path] = site.opts.(*inferredOptions).tree
			continue
		}
		tree, ok := d.treeOf[x.Path]
		if !ok {
			continue
		}
		if d.flooded[tree] || why[tree] != "" {
			d.resolver.unknownSite[x.Path] = tree
		}
	}
	for i := range d.t.ex {
		if x := &d.t.ex[i]; x.Markdown != nil && !d.rendered(x.Path) {
			d.resolver.siteless[x.Path] = true
		}
	}
	for _, tree := range sortedKeys(why) {
		if d.flooded[tree] {
			continue // its own note says what is not checked
		}
		d.b.note(snapshot.Coverage{Analyzer: snapshot.AnalyzerSiteInference, Scope: tree, Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("a site generator docbridge does not recognise renders %s (%s): its links to no file are reported as UNVERIFIED_LINK (info), not BROKEN_LINK, and its anchors are matched under every common slug rule; declare the site in docbridge.yaml `sites` to check them as it serves them",
				textwriter.Dir(tree), why[tree])})
	}
}

// sitePageShape reports whether a page is written for a site generator,
// not for GitHub: its front matter has a key only a site reads
// (siteFrontMatter), its text uses syntax only a site renders (template
// tags, ::: directives, !!! admonitions), or it is MDX, which GitHub shows
// as source.
func sitePageShape(doc *markdown.Document) bool {
	return siteFrontMatter(doc.FrontMatter) || doc.SiteSyntax || doc.MDX
}

// readOnGitHub reports whether a document is read on GitHub wherever it
// lies: one for contributors (contributorDocument), unless its front
// matter says a site renders it (a site's "Development" page) or it is
// MDX, which GitHub shows as source (guide/development.mdx).
func readOnGitHub(x *Extraction) bool {
	return contributorDocument(x.Path) && !siteFrontMatter(x.Markdown.FrontMatter) && !x.Markdown.MDX
}

// siteKeys are front matter keys that only a site generator reads: a
// page's place, address, layout or listing. A title alone does not say a
// site renders the page (a design proposal's metadata has one, and GitHub
// shows it as a table).
var siteKeys = map[string]bool{
	"layout": true, "permalink": true, "slug": true, "nav": true, "nav_order": true, "navigation": true,
	"sidebar": true, "sidebar_position": true, "sidebar_label": true, "sidebarDepth": true, "weight": true,
	"order": true, "description": true, "id": true, "template": true, "menu": true, "toc": true, "hide": true,
	"aliases": true, "redirect_from": true, "eleventyNavigation": true, "parent": true, "has_children": true,
	"icon": true, "keywords": true, "summary": true, "image": true, "prev": true, "next": true, "head": true,
	"outline": true, "editLink": true, "lastUpdated": true, "pageClass": true, "linkTitle": true, "excerpt": true,
	"hero": true, "features": true, "sidebarTitle": true, "position": true, "route": true, "path": true,
}

// siteFrontMatter reports whether a page's front matter has a key only a
// site generator reads (siteKeys).
func siteFrontMatter(fm markdown.FrontMatter) bool {
	if !fm.Present {
		return false
	}
	for k := range fm.Fields {
		if siteKeys[k] {
			return true
		}
	}
	return slices.ContainsFunc(fm.Tables, func(k string) bool { return siteKeys[k] })
}

// gitBookTree reports whether GitBook or HonKit renders tree: a table of
// contents (SUMMARY.md) or a book.json at its root, or a .gitbook.yaml at
// the repository's. They read a relative link as the file it names, as
// GitHub does, so the tree's links are checked as GitHub reads them.
func (d *docRefs) gitBookTree(tree string) bool {
	if d.t.files[".gitbook.yaml"] {
		return true
	}
	for _, f := range []string{"SUMMARY.md", "book.json", ".gitbook.yaml"} {
		if d.t.files[path.Join(tree, f)] {
			return true
		}
	}
	return false
}

// minFrontedPages is how many pages a tree needs before its front matter
// says a site renders it.
const minFrontedPages = 3

// depthBelow is how many directories below dir the file p lies (0: in
// dir itself).
func depthBelow(p, dir string) int {
	rel := p
	if dir != "." {
		rel = strings.TrimPrefix(p, dir+"/")
	}
	return strings.Count(rel, "/")
}

// unverifiedLink returns the tree of a link to no file of a page a
// generator the scan does not know renders (markUnknownSites), unless the
// link is an image or a download written relative to the page whose file
// name no file of the repository has: every generator serves such a file
// from beside the page or from a static directory, so it is missing
// wherever the site puts it.
func (d *docRefs) unverifiedLink(doc string, l markdown.Link) (string, bool) {
	tree, ok := d.unknownRenderer(doc)
	if !ok {
		return "", false
	}
	dest, _, _ := strings.Cut(l.Destination, "#")
	dest, _, _ = strings.Cut(dest, "?")
	if ext := strings.ToLower(path.Ext(dest)); l.Kind == markdown.LinkRelative && !strings.HasPrefix(dest, "/") &&
		assetExtensions[ext] && len(d.near.named(path.Base(dest))) == 0 {
		return "", false
	}
	return tree, true
}

// assetExtensions are the file types a page shows or offers for download
// rather than links to as a page.
var assetExtensions = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true, ".avif": true,
	".ico": true, ".bmp": true, ".mp4": true, ".webm": true, ".mov": true, ".mp3": true, ".pdf": true,
	".zip": true, ".gz": true, ".tgz": true,
}

// rendered reports whether a site renders doc as a page: a recognised
// or inferred site holds it, a generator the scan does not know renders
// its tree (unknownRenderer), or it is a Hugo site's content (a Hugo
// site's README is none). Any other document is what GitHub shows.
func (d *docRefs) rendered(doc string) bool {
	if _, in := siteRootOf(d.sites, doc); in {
		return true
	}
	if _, unknown := d.unknownRenderer(doc); unknown {
		return true
	}
	h := d.hugoSite(doc)
	return h != nil && len(h.virtual(doc)) > 0
}

// sourceReference returns the front matter field ("sass: scss/x/*.scss")
// of target, a page a generator the scan does not know renders, that names
// source files of the repository — a path or a glob, from the repository
// root or the page's directory, matching a source or style sheet file: a
// layout may render a reference of them into the page (Foundation's
// supercollider adds a Sass reference with a heading per mixin), whose
// ids the scan cannot see. "" when there is none.
func (d *docRefs) sourceReference(target string) string {
	x := d.t.byPath[target]
	if x == nil || x.Markdown == nil || len(x.Markdown.FrontMatter.Fields) == 0 {
		return ""
	}
	if _, unknown := d.unknownRenderer(target); !unknown {
		return ""
	}
	fields := x.Markdown.FrontMatter.Fields
	for _, key := range sortedKeys(fields) {
		for _, item := range strings.Split(fields[key], ", ") {
			item = strings.TrimPrefix(strings.TrimSpace(item), "./")
			ext := strings.ToLower(path.Ext(item))
			if !sourceExtensions[ext] && !styleExtensions[ext] {
				continue
			}
			for _, p := range []string{path.Clean(item), path.Join(path.Dir(target), item)} {
				if d.matchesFile(p) {
					return key + ": " + item
				}
			}
		}
	}
	return ""
}

// styleExtensions are the style sheet languages a reference is rendered
// from (SassDoc comments).
var styleExtensions = map[string]bool{".scss": true, ".sass": true, ".less": true}

// matchesFile reports whether the repository has the file p, or a file
// the glob p (path.Match syntax) matches.
func (d *docRefs) matchesFile(p string) bool {
	if !strings.ContainsAny(p, "*?[") {
		return d.t.files[p]
	}
	dir := p
	for strings.ContainsAny(dir, "*?[") {
		dir = path.Dir(dir)
	}
	candidates := d.t.paths
	if dir != "." {
		candidates = pathsBelow(d.t.paths, dir)
	}
	for _, f := range candidates {
		if ok, _ := path.Match(p, f); ok {
			return true
		}
	}
	return false
}

// unknownRenderer returns the tree of a document a site generator the
// scan does not know renders (markUnknownSites).
func (d *docRefs) unknownRenderer(doc string) (string, bool) {
	tree, ok := d.resolver.unknownSite[doc]
	return tree, ok
}

// foldAnchor keeps the letters and digits of s, lower-cased: two slug
// rules that differ only in what they do with punctuation and spaces
// (GitHub drops "." and keeps "_", others turn every run into "-" or keep
// it) give one heading the same fold.
func foldAnchor(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// foldMinAnchors is how many of a tree's same-page anchors that fail must
// match a heading by their fold before folding is the tree's rule.
const foldMinAnchors = 3

// foldAnchors fills foldedAnchors for the pages of the trees whose own
// anchors show that their generator slugs otherwise than the rules the
// scan knows: at least foldMinAnchors of the tree's failing same-page
// anchors match a heading of their page by their fold, and they are at
// least half as many as its distinct failing anchors (see tally)
// (pmndrs' slugger keeps the commas of "#yes,-no"). Elsewhere punctuation
// is part of a slug, and an anchor that differs in it is broken. It runs
// once inferredAnchors has given every page its anchors.
//
// The same anchors say which directories are rendered as one page: where
// at least foldMinAnchors distinct failing anchors of a directory's pages
// name a page beside them (#allowJs in options/checkJs.md, beside
// options/allowJs.md), the directory is concatenated (siblingPage).
func (d *docRefs) foldAnchors() {
	// A tally counts failing anchors by their text, so one link a template
	// repeats on every release note (#Details) is one mistake, not ten;
	// and folded ones by page and anchor, since each matches a heading of
	// its own page, and three pages whose headings slug alike are three
	// pieces of evidence even when one anchor text names them all.
	type tally struct{ failing, folded map[string]bool }
	tallies := map[string]*tally{}
	folds := map[string]map[string]bool{}    // a page's heading folds, made once
	siblings := map[string]map[string]bool{} // a directory's failing anchors that name a page in it
	for i := range d.t.ex {
		x := &d.t.ex[i]
		tree, ok := d.unknownRenderer(x.Path)
		if !ok {
			continue
		}
		t := tallies[tree]
		if t == nil {
			t = &tally{failing: map[string]bool{}, folded: map[string]bool{}}
			tallies[tree] = t
		}
		for _, l := range x.Markdown.Links {
			if l.Kind != markdown.LinkAnchor || l.Anchor == "" || d.anchors[x.Path][strings.ToLower(l.Anchor)] || d.headingLink(x.Path, l) {
				continue
			}
			t.failing[l.Anchor] = true
			if siblingOf(d.t.files, x.Path, l.Anchor) != "" {
				dir := parentDir(x.Path)
				if siblings[dir] == nil {
					siblings[dir] = map[string]bool{}
				}
				siblings[dir][l.Anchor] = true
			}
			if folds[x.Path] == nil {
				folds[x.Path] = headingFolds(x.Markdown)
			}
			if folds[x.Path][foldAnchor(l.Anchor)] {
				t.folded[x.Path+"#"+l.Anchor] = true
			}
		}
	}
	for _, dir := range sortedKeys(siblings) {
		if n := len(siblings[dir]); n >= foldMinAnchors {
			d.concatenated[dir] = true
			d.b.note(snapshot.Coverage{Analyzer: snapshot.AnalyzerSiteInference, Scope: dir, Status: snapshot.StatusPartial,
				Reason: fmt.Sprintf("the pages of %s are read as one page whose sections take their file names as ids: %d of their anchors that match no heading name a page beside them",
					textwriter.Dir(dir), n)})
		}
	}
	kept := map[string]bool{}
	for _, tree := range sortedKeys(tallies) {
		if t := tallies[tree]; len(t.folded) >= foldMinAnchors && 2*len(t.folded) >= len(t.failing) {
			kept[tree] = true
			d.b.note(snapshot.Coverage{Analyzer: snapshot.AnalyzerSiteInference, Scope: tree, Status: snapshot.StatusPartial,
				Reason: fmt.Sprintf("anchors in %s are matched without regard to punctuation: of the %d distinct same-page anchors that match no heading of its pages under the slug rules docbridge knows, %d (counted per page) match one that way",
					textwriter.Dir(tree), len(t.failing), len(t.folded))})
		}
	}
	if len(kept) == 0 {
		return
	}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if tree, ok := d.unknownRenderer(x.Path); ok && kept[tree] {
			if folds[x.Path] == nil {
				folds[x.Path] = headingFolds(x.Markdown)
			}
			d.foldedAnchors[x.Path] = folds[x.Path]
		}
	}
}

// headingFolds are the folds of a page's headings, with and without their
// template tags, each also after the fold of the heading it sits under
// (svelte.dev's "#Options-port" for "Options" > "port": some sites join a
// section's id to its parent's); a heading with an explicit id has none
// (the id replaces its slug).
func headingFolds(doc *markdown.Document) map[string]bool {
	set := map[string]bool{}
	levels := make(map[int]int, len(doc.Headings))
	for _, h := range doc.Headings {
		levels[h.Line] = h.Level
	}
	var parents []string // parents[level-1]: the fold of the last heading at that level
	for _, h := range doc.SiteHeadings {
		level := levels[h.Line]
		folds := []string{}
		if _, _, ok := markdown.BracketID(h.Text); !ok && h.ID == "" {
			for _, text := range []string{h.Text, withoutTemplateTags(h.Text)} {
				if f := foldAnchor(text); f != "" {
					folds = append(folds, f)
					set[f] = true
				}
			}
		}
		if level < 1 || level > 6 {
			continue
		}
		parent := ""
		for lv := min(level-1, len(parents)); lv >= 1 && parent == ""; lv-- {
			parent = parents[lv-1]
		}
		for _, f := range folds {
			if parent != "" {
				set[parent+f] = true
			}
		}
		for len(parents) < level {
			parents = append(parents, "")
		}
		parents = parents[:level]
		parents[level-1] = ""
		if len(folds) > 0 {
			parents[level-1] = folds[0]
		}
	}
	return set
}

// headingLink reports whether l, a link of a page a generator the scan does
// not know renders, is the whole text of one of its headings (levels 1–3,
// where DocFX writes its tabs): a heading that only links into its own
// page is the generator's syntax (DocFX's "# [Linux](#tab/linux)"), whose
// anchor the generator makes.
func (d *docRefs) headingLink(doc string, l markdown.Link) bool {
	if _, ok := d.unknownRenderer(doc); !ok {
		return false
	}
	x := d.t.byPath[doc]
	if x == nil || x.Markdown == nil {
		return false
	}
	for _, h := range x.Markdown.Headings {
		if h.Line == l.Line && strings.TrimSpace(h.Text) == strings.TrimSpace(l.Text) {
			return true
		}
	}
	return false
}

// siblingPage returns the page beside target whose file name without its
// extension is anchor ("allowJs.md" for #allowJs in options/checkJs.md)
// when target's directory is concatenated (foldAnchors), or "". Generators
// that render a directory's pages as one page (a reference of options, a
// glossary) give each page's section its file name as id; elsewhere, and
// on GitHub, where each file is its own page, the anchor is broken.
func (d *docRefs) siblingPage(target, anchor string) string {
	if !d.concatenated[parentDir(target)] {
		return ""
	}
	return siblingOf(d.t.files, target, anchor)
}

// siblingOf returns the Markdown page beside doc named anchor, or "".
func siblingOf(files map[string]bool, doc, anchor string) string {
	if anchor == "" || strings.ContainsAny(anchor, "/.") {
		return ""
	}
	for _, ext := range []string{".md", ".mdx"} {
		if p := path.Join(parentDir(doc), anchor+ext); p != doc && files[p] {
			return p
		}
	}
	return ""
}

// renderedElsewhere says whether a document is shown somewhere other than
// where it lies, so that its relative links are read from a place the
// scan does not know: snapshot.RenderedPartial for a generator's partial (a file named
// _x.md, or one in an _includes or _partials directory, which the pages
// that include it render; Hugo's _index.md is a page),
// snapshot.RenderedTemplate for a
// template copied where it is used (dataset_card_template.md, an ADR
// template, a pull request template), snapshot.ReadByAgent for a file in
// an AI agent's directory (agentDirs). Measured on 74 repositories, the
// failing relative links of such files were broken for the reader in 5 of
// 17 cases judged.
func renderedElsewhere(doc string) string {
	stem := strings.ToLower(path.Base(doc))
	if i := strings.IndexByte(stem, '.'); i > 0 {
		stem = stem[:i]
	}
	switch {
	case stem == "template" || strings.HasSuffix(stem, "_template") || strings.HasPrefix(stem, "template_") || strings.HasPrefix(stem, "template-") ||
		strings.EqualFold(path.Base(parentDir(doc)), "ISSUE_TEMPLATE"):
		// Not "templates.md" or "create-a-template.md", pages about them.
		return snapshot.RenderedTemplate
	case strings.HasPrefix(stem, "_") && stem != "_index":
		return snapshot.RenderedPartial
	case slices.ContainsFunc(strings.Split(parentDir(doc), "/"), func(seg string) bool { return seg == "_includes" || seg == "_partials" }):
		return snapshot.RenderedPartial
	case slices.ContainsFunc(strings.Split(parentDir(doc), "/"), func(seg string) bool { return agentDirs[seg] }):
		return snapshot.ReadByAgent
	}
	return ""
}

// agentDirs are the directories AI coding agents read their instructions,
// skills and rules from: what they hold is read by an agent, not
// published, and is often copied in (a vendored skill) without the images
// and files it links.
var agentDirs = map[string]bool{
	".agents": true, ".claude": true, ".cursor": true, ".windsurf": true, ".codex": true, ".gemini": true,
	".continue": true, ".roo": true, ".kiro": true, ".junie": true, ".clinerules": true, ".ruler": true, ".apm": true,
}

// shownElsewhere is renderedElsewhere, and snapshot.RenderedEmbedded for
// a Markdown file a Go program embeds (d.embedded).
func (d *docRefs) shownElsewhere(doc string) string {
	if kind := renderedElsewhere(doc); kind != "" {
		return kind
	}
	if d.embedded[doc] {
		return snapshot.RenderedEmbedded
	}
	return ""
}

// embeddedMarkdown returns the Markdown files the //go:embed directives of
// the tree's Go files name one by one — the file itself or a glob of
// files, from the Go file's directory: a program's help text that a
// generator, or the program itself, shows on another page (rclone's
// command pages), where its links and anchors resolve. A directory
// embedded whole is a content tree the program serves as pages of their
// own (golang/website's _content): its pages are read as they are.
func embeddedMarkdown(t *tree) map[string]bool {
	var pats []string
	for i := range t.ex {
		x := &t.ex[i]
		if x.Go == nil || x.Go.IsTest {
			continue
		}
		for _, p := range x.Go.Embeds {
			pats = append(pats, path.Join(parentDir(x.Path), strings.TrimPrefix(p, "all:")))
		}
	}
	if len(pats) == 0 {
		return nil
	}
	out := map[string]bool{}
	for i := range t.ex {
		x := &t.ex[i]
		if x.Markdown == nil {
			continue
		}
		for _, pat := range pats {
			if ok, _ := path.Match(pat, x.Path); ok {
				out[x.Path] = true
				break
			}
		}
	}
	return out
}

// routeMinAnchors is how many distinct failing anchors must be routes to
// pages before the repository's anchors are read as hash routes.
const routeMinAnchors = 3

// routeAnchors sets hashRoutes when at least routeMinAnchors distinct
// anchors that match no heading of their page are paths whose last
// segment names a page of the repository (routePage): a single-page app
// (Blueprint's Documentalist, docsify) routes #core/components/button to
// button.md, and a slug never holds a '/'. One such anchor proves nothing
// (go1.10.md's #encoding/json, beside a json.md), so it takes several. It
// runs once every page has its anchors.
func (d *docRefs) routeAnchors() {
	routes := map[string]bool{}
	if d.pageNames == nil {
		d.pageNames = pageNames(d.t.paths)
	}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		if x.Markdown == nil {
			continue
		}
		for _, l := range x.Markdown.Links {
			if !strings.Contains(l.Anchor, "/") || routes[l.Anchor] {
				continue
			}
			target := x.Path
			if l.Kind == markdown.LinkRelative {
				if t := d.t.byPath[l.Target]; t == nil || t.Markdown == nil {
					continue
				}
				target = l.Target
			} else if l.Kind != markdown.LinkAnchor {
				continue
			}
			if !d.hasAnchor(target, l.Anchor) && d.routePage(l.Anchor) != "" {
				routes[l.Anchor] = true
			}
		}
	}
	if len(routes) < routeMinAnchors {
		return
	}
	d.hashRoutes = true
	d.b.note(snapshot.Coverage{Analyzer: snapshot.AnalyzerSiteInference, Scope: ".", Status: snapshot.StatusPartial,
		Reason: fmt.Sprintf("anchors are read as a single-page app's hash routes where they name a page: %d anchors that match no heading are paths to pages (#core/components/button for button.md)", len(routes))})
}

// routePage returns a page the path-shaped anchor routes to — one whose
// file name is the anchor's last segment, before any ".section" — or "".
// It only reads d.pageNames, which routeAnchors builds before any
// document resolves (missingAnchor asks it from parallel workers).
func (d *docRefs) routePage(anchor string) string {
	if !strings.Contains(anchor, "/") {
		return ""
	}
	last := anchor[strings.LastIndexByte(anchor, '/')+1:]
	last, _, _ = strings.Cut(last, ".")
	if last == "" {
		return ""
	}
	if ps := d.pageNames[last]; len(ps) > 0 {
		return ps[0]
	}
	return ""
}
