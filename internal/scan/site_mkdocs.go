package scan

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// MkDocs (mkdocs.yml): pages under docs_dir, heading ids from
// Python-Markdown's toc extension with the configured slugify function,
// explicit ids from attr_list, and files spliced in by pymdownx.snippets
// and markdown-include before Markdown is parsed.

// mkdocsOptions is what resolution needs from mkdocs.yml.
type mkdocsOptions struct {
	// slugify names the toc slugify function (slugifyPyDefault when none is
	// configured); slugCase, percent and normalize are pymdownx.slugs'
	// keyword arguments.
	slugify   string
	slugCase  string
	percent   bool
	normalize string
	attrList  bool
	footnotes bool
	// snippetBase and includeBase are the repo-relative directories
	// pymdownx.snippets and markdown-include resolve paths against.
	snippetBase []string
	includeBase string
	// fileURLs is use_directory_urls: false (page x.md served at x.html).
	fileURLs bool
	// rewriter names what rewrites the site's pages before Markdown is
	// read (its hooks, or the macros plugin), "" when nothing does: such
	// a site may give headings ids no heading text gives.
	rewriter string
	// versioned is set when mike publishes the site in versions: a
	// root-absolute link may start with a version (/dev/page/).
	versioned bool
	// tabs is pymdownx.tabbed's options, nil when it is not configured.
	tabs *mkdocsTabs
	// emoji is set when pymdownx.emoji is configured: a :shortcode: in a
	// tab title renders as an image or an icon, which gives a slug no text.
	emoji bool
	// nav are the pages the nav option lists, relative to docs_dir, in
	// order (site_nav.go).
	nav []string
	// mounts are the other sites the monorepo plugin merges in
	// (mkdocsIncludes).
	mounts []mkdocsMount
	// i18n is the static-i18n plugin's folder structure; nil without.
	i18n *mkdocsI18n
	// includeMarkdown is set when mkdocs-include-markdown-plugin renders
	// {% include-markdown "file" %} and {% include "file" %}.
	includeMarkdown bool
}

// siteMkDocs names the MkDocs generator.
const siteMkDocs = "mkdocs"

// mkdocsGen is MkDocs: mkdocs.yml marks a site whose pages are its
// docs_dir.
type mkdocsGen struct{ siteDefaults }

func (mkdocsGen) kind() string { return siteMkDocs }

// mkdocs returns the site's MkDocs options; nil for another generator's.
func (s docSite) mkdocs() *mkdocsOptions {
	o, _ := s.opts.(*mkdocsOptions)
	return o
}

// detect: a file the scan could not read as configuration still marks
// its default root, with default options.
func (mkdocsGen) detect(t *tree) []docSite {
	var out []docSite
	for _, p := range mkdocsConfigs(t) {
		_, data := siteConfigFile(t, parentDir(p), path.Base(p))
		docs, o, why, ok := parseMkDocsIn(t, p, data)
		if !ok {
			docs, o = mkdocsDefaults(parentDir(p))
		}
		if t.dirs[docs] {
			out = append(out, docSite{root: docs, gen: mkdocsGen{}, config: p, unread: why, opts: o})
		}
	}
	return out
}

// mkdocsConfigs lists the MkDocs configurations a site is built from, in
// the tree's order: each mkdocs.yml (or .yaml), and in a directory without
// one, the first variant (mkdocs-online.yml, mkdocs.insiders.yml — built
// with mkdocs build -f) that no other variant there inherits: the others
// are the shared part, or another build of the same pages.
func mkdocsConfigs(t *tree) []string {
	variants := map[string][]string{} // directory → its variants, in order
	var out []string
	for _, p := range t.paths {
		switch b := path.Base(p); {
		case b == "mkdocs.yml" || b == "mkdocs.yaml":
			out = append(out, p)
		case mkdocsVariant(b):
			variants[parentDir(p)] = append(variants[parentDir(p)], p)
		}
	}
	for dir, ps := range variants {
		if t.files[path.Join(dir, "mkdocs.yml")] || t.files[path.Join(dir, "mkdocs.yaml")] {
			continue
		}
		inherited := map[string]bool{}
		for _, p := range ps {
			if parent := mkdocsInherit(p, t.byPath[p]); parent != "" {
				inherited[parent] = true
			}
		}
		for _, p := range ps {
			if !inherited[p] {
				out = append(out, p)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

// mkdocsVariant reports whether a file name is a MkDocs configuration
// other than mkdocs.yml: "mkdocs", a separator, a name, ".yml".
func mkdocsVariant(base string) bool {
	rest, ok := strings.CutPrefix(base, "mkdocs")
	if !ok || rest == "" || !strings.ContainsRune("-._", rune(rest[0])) {
		return false
	}
	stem := strings.TrimSuffix(strings.TrimSuffix(rest[1:], ".yml"), ".yaml")
	return stem != "" && stem != rest[1:]
}

// mkdocsInherit returns the configuration p's INHERIT key names, joined to
// p's directory; "" when it names none.
func mkdocsInherit(p string, x *Extraction) string {
	if x == nil {
		return ""
	}
	top, _ := mkdocsMapping(path.Base(p), x.SiteConfig)
	if n := mapValue(top, "INHERIT"); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
		return path.Join(parentDir(p), n.Value)
	}
	return ""
}

// configured reads the entry's mkdocs.yml when the tree has one; its
// docs_dir and slugify over the file's.
func (mkdocsGen) configured(t *tree, c config.Site) (docSite, bool) {
	root := c.Root
	p, data := siteConfigFile(t, root, "mkdocs.yml", "mkdocs.yaml")
	docs, o, why, ok := parseMkDocsIn(t, path.Join(root, "mkdocs.yml"), data)
	if !ok {
		docs, o = mkdocsDefaults(root)
	}
	s := docSite{gen: mkdocsGen{}}
	if p != "" {
		s.unread = why
	}
	if c.DocsDir != "" {
		docs = path.Join(root, c.DocsDir)
	}
	if c.Slugify != "" {
		o.slugify, o.slugCase, o.percent, o.normalize = "", "", false, ""
		o.slugFunction(&yaml.Node{Kind: yaml.ScalarNode, Value: c.Slugify})
	}
	s.root, s.config, s.opts = docs, p, o
	return s, true
}

// anchors are toc's ids under the configured slugify, pymdownx.tabbed's,
// attr_list's and the footnotes extension's.
func (mkdocsGen) anchors(doc *markdown.Document, site docSite) ([]string, bool) {
	o := site.mkdocs()
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
}

// links: a versioned site's root-absolute link may start with a version.
func (mkdocsGen) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	if l.Kind == markdown.LinkSite || l.Kind == markdown.LinkPost {
		return nil, "", false
	}
	dest := l.Destination
	if o := site.mkdocs(); o != nil && o.versioned {
		dest = stripVersion(dest)
	}
	l, ok := siteDestination(l, dest, doc)
	if !ok {
		return nil, "", false
	}
	out, urlTarget := d.fileLinks(site, doc, l, nil)
	if o := site.mkdocs(); o != nil {
		out = o.i18n.fallbacks(o.mounted(site.root, out))
	}
	return d.withIncluders(doc, l, out, urlTarget)
}

// mkdocsMount is a site the monorepo plugin (or Backstage's techdocs-core,
// which bundles it) merges into another: the docs directory of the
// included mkdocs.yml, served under that file's site_name.
type mkdocsMount struct{ alias, docs string }

// maxMkDocsMounts bounds the sites one configuration includes.
const maxMkDocsMounts = 256

// mkdocsIncludes reads the nav entries that include another site:
// "!include ./v1/mkdocs.yml" (a YAML tag or a string) and
// "*include ./components/*/mkdocs.yml" (every configuration the glob
// matches), relative to dir, the including configuration's directory.
// An included file the tree does not hold, or without a site_name, mounts
// nothing.
func mkdocsIncludes(t *tree, dir string, nav *yaml.Node) []mkdocsMount {
	var out []mkdocsMount
	if t == nil {
		return nil
	}
	navEntries(nav, 0, func(n *yaml.Node) bool {
		spec, glob := "", false
		v := strings.TrimSpace(n.Value)
		switch {
		case n.Tag == "!include":
			spec = v
		case strings.HasPrefix(v, "!include "):
			spec = strings.TrimSpace(strings.TrimPrefix(v, "!include "))
		case strings.HasPrefix(v, "*include "):
			spec, glob = strings.TrimSpace(strings.TrimPrefix(v, "*include ")), true
		default:
			return true
		}
		configs := []string{path.Join(dir, spec)}
		if glob {
			configs = nil
			for _, p := range t.paths {
				if ok, _ := path.Match(path.Join(dir, spec), p); ok {
					configs = append(configs, p)
				}
			}
		}
		for _, c := range configs {
			if m, ok := mkdocsMountOf(t, c); ok {
				out = append(out, m)
			}
		}
		return len(out) < maxMkDocsMounts
	})
	return out
}

// mkdocsMountOf reads the included configuration c: its docs directory
// (docs_dir, "docs" by default) served under its site_name.
func mkdocsMountOf(t *tree, c string) (mkdocsMount, bool) {
	x := t.byPath[c]
	if x == nil {
		return mkdocsMount{}, false
	}
	top, _ := mkdocsMapping(path.Base(c), x.SiteConfig)
	name := mapValue(top, "site_name")
	if name == nil || name.Kind != yaml.ScalarNode || strings.Trim(name.Value, "/ ") == "" {
		return mkdocsMount{}, false
	}
	docs, _ := mkdocsDefaults(parentDir(c))
	if d := mapValue(top, "docs_dir"); d != nil && d.Kind == yaml.ScalarNode && d.Value != "" {
		docs = path.Join(parentDir(c), d.Value)
	}
	return mkdocsMount{alias: path.Clean(strings.Trim(name.Value, "/ ")), docs: docs}, true
}

// mounted adds, after candidates, the paths they name in the sites the
// configuration includes: root/alias/x is x in that site's docs.
func (o *mkdocsOptions) mounted(root string, candidates []string) []string {
	if len(o.mounts) == 0 {
		return candidates
	}
	out := slices.Clip(candidates)
	for _, c := range candidates {
		for _, m := range o.mounts {
			at := path.Join(root, m.alias)
			if c == at {
				out = append(out, m.docs)
			} else if rest, ok := strings.CutPrefix(c, at+"/"); ok {
				out = append(out, path.Join(m.docs, rest))
			}
		}
	}
	return out
}

// pageDir: use_directory_urls (the default) serves x.md at x/.
func (mkdocsGen) pageDir(_ *docRefs, site docSite, doc string) (string, bool) {
	if o := site.mkdocs(); o != nil && o.fileURLs {
		return "", false
	}
	return stemDir(doc)
}

// includeBases: pymdownx.snippets' base_path and markdown-include's
// base_path (the directory of mkdocs.yml by default), then the root;
// include-markdown's docs_dir.
func (mkdocsGen) includeBases(site docSite, inc markdown.Include) (markdown.Include, []string, bool) {
	o := site.mkdocs()
	switch {
	case o != nil && inc.Syntax == markdown.IncludeSnippets:
		return inc, append(slices.Clone(o.snippetBase), "."), true
	case o != nil && inc.Syntax == markdown.IncludeMarkdownInclude:
		return inc, []string{o.includeBase, "."}, true
	case o != nil && o.includeMarkdown && inc.Syntax == markdown.IncludeMarkdownPlugin:
		// From the including page's directory (tried after these), or
		// from docs_dir.
		return inc, []string{site.root}, true
	}
	return siteDefaults{}.includeBases(site, inc)
}

// filled: a command-reference directive (::: mkdocs-click) renders a
// heading for every command; where hooks or macros rewrite pages, a line
// that is one template expression ({{ name }}) renders content.
func (mkdocsGen) filled(site docSite, doc *markdown.Document) bool {
	if slices.ContainsFunc(doc.Autodoc, commandReference) {
		return true
	}
	o := site.mkdocs()
	return o != nil && o.rewriter != "" && slices.ContainsFunc(doc.Includes, func(inc markdown.Include) bool {
		return inc.Syntax == markdown.IncludeTemplate
	})
}

// index records the mkdocstrings directives of the site's pages: the
// object and every member below it are anchors (hasAnchor).
func (mkdocsGen) index(d *docRefs, site docSite) {
	for _, x := range d.sitePages(site) {
		for _, obj := range x.Markdown.Autodoc {
			d.objectAnchors[x.Path] = append(d.objectAnchors[x.Path], strings.ToLower(obj))
		}
	}
}

// nav: the pages the nav option lists.
func (mkdocsGen) nav(_ *docRefs, site docSite) []string {
	var pages []string
	if o := site.mkdocs(); o != nil {
		for _, p := range o.nav {
			pages = append(pages, path.Join(site.root, p))
		}
	}
	return pages
}

// note: a toc slugify the scan does not model.
func (mkdocsGen) note(site docSite) string {
	if o := site.mkdocs(); o != nil && !o.modelled() {
		return "; toc slugify " + o.slugify + " is not modelled: heading ids of every modelled slugify are accepted"
	}
	return ""
}

// Slugify functions modelled, by the name mkdocs.yml gives them.
const (
	slugifyPyDefault = "markdown.extensions.toc.slugify"
	slugifyPyUnicode = "markdown.extensions.toc.slugify_unicode"
	slugifyPymdownx  = "pymdownx.slugs.slugify"
)

// pymdownxAliases are pymdownx.slugs' deprecated functions, as slugify
// keyword arguments (case, percent_encode).
var pymdownxAliases = map[string][2]string{
	"uslugify": {"lower", ""}, "uslugify_encoded": {"lower", "1"}, "uslugify_cased": {"none", ""},
	"uslugify_cased_encoded": {"none", "1"}, "gfm": {"lower-ascii", ""}, "gfm_encoded": {"lower-ascii", "1"},
}

// mkdocsDefaults are the docs directory and options of an mkdocs.yml in
// dir that sets nothing (or that the scan could not read).
func mkdocsDefaults(dir string) (string, *mkdocsOptions) {
	return path.Join(dir, "docs"), &mkdocsOptions{slugify: slugifyPyDefault, snippetBase: []string{dir}, includeBase: dir}
}

// mkdocsMaxInherit bounds a chain of INHERIT keys (and so a cycle).
const mkdocsMaxInherit = 4

// parseMkDocsIn reads the MkDocs configuration at configPath, over the
// one its INHERIT names in t (none when t is nil): MkDocs loads the parent
// and merges the file over it, mappings key by key, anything else
// replaced; paths stay relative to configPath. Tags MkDocs gives to Python
// (!!python/name:…, !!python/object/apply:…, !ENV) are read as names,
// never resolved. ok is false when a file is not a YAML mapping.
func parseMkDocsIn(t *tree, configPath string, data []byte) (docsDir string, o *mkdocsOptions, why string, ok bool) {
	name := path.Base(configPath)
	top, why := mkdocsMapping(name, data)
	if top == nil {
		return "", nil, why, false
	}
	for i, p := 0, configPath; t != nil && i < mkdocsMaxInherit; i++ {
		n := mapValue(top, "INHERIT")
		if n == nil || n.Kind != yaml.ScalarNode || n.Value == "" {
			break
		}
		p = path.Join(parentDir(p), n.Value)
		x := t.byPath[p]
		if x == nil {
			return "", nil, name + " inherits " + p + ", which the tree does not hold", false
		}
		parent, why := mkdocsMapping(path.Base(p), x.SiteConfig)
		if parent == nil {
			return "", nil, why, false
		}
		top = mergeMapping(parent, deleteKey(top, "INHERIT"))
	}
	dir := parentDir(configPath)
	docsDir, o = mkdocsDefaults(dir)
	if n := mapValue(top, "docs_dir"); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
		docsDir = path.Join(dir, n.Value)
	}
	if n := mapValue(top, "use_directory_urls"); n != nil && n.Kind == yaml.ScalarNode {
		if v, err := strconv.ParseBool(strings.ToLower(n.Value)); err == nil {
			o.fileURLs = !v
		}
	}
	o.rewriter = mkdocsRewriter(top)
	o.versioned = mkdocsVersioned(top)
	o.nav = mkdocsNav(mapValue(top, "nav"), nil, 0)
	for _, p := range mkdocsPluginEntries(top) {
		switch p[0].Value {
		case "monorepo", "techdocs-core":
			if o.mounts == nil {
				o.mounts = mkdocsIncludes(t, dir, mapValue(top, "nav"))
			}
		case "i18n":
			o.i18n = parseI18n(docsDir, p[1])
		case "include-markdown":
			o.includeMarkdown = true
		}
	}
	for _, e := range mkdocsExtensions(mapValue(top, "markdown_extensions")) {
		name, opts := e[0].Value, e[1]
		switch name {
		case "attr_list", "markdown.extensions.attr_list":
			o.attrList = true
		case "footnotes", "markdown.extensions.footnotes":
			o.footnotes = true
		case "extra", "markdown.extensions.extra", "pymdownx.extra":
			o.attrList, o.footnotes = true, true // both load attr_list and footnotes
		case "toc", "markdown.extensions.toc":
			if s := mapValue(opts, "slugify"); s != nil {
				o.slugFunction(s)
			}
		case "pymdownx.tabbed":
			o.tabs = parseTabbed(opts)
		case "pymdownx.emoji":
			o.emoji = true
		case "pymdownx.snippets":
			if b := mapValue(opts, "base_path"); b != nil {
				o.snippetBase = nil
				for _, v := range scalars(b) {
					o.snippetBase = append(o.snippetBase, path.Join(dir, v))
				}
			}
		case "markdown_include.include":
			if b := mapValue(opts, "base_path"); b != nil && b.Kind == yaml.ScalarNode {
				o.includeBase = path.Join(dir, b.Value)
			}
		}
	}
	return docsDir, o, "", true
}

// mkdocsExtensions lists markdown_extensions as (name, options) pairs,
// options nil when none are given. MkDocs takes a list of names and
// one-key mappings, or one mapping of names to options.
func mkdocsExtensions(exts *yaml.Node) [][2]*yaml.Node {
	var out [][2]*yaml.Node
	switch {
	case exts == nil:
	case exts.Kind == yaml.SequenceNode:
		for _, e := range exts.Content {
			switch {
			case e.Kind == yaml.ScalarNode:
				out = append(out, [2]*yaml.Node{e, nil})
			case e.Kind == yaml.MappingNode && len(e.Content) == 2:
				out = append(out, [2]*yaml.Node{e.Content[0], e.Content[1]})
			}
		}
	case exts.Kind == yaml.MappingNode:
		for i := 0; i+1 < len(exts.Content); i += 2 {
			out = append(out, [2]*yaml.Node{exts.Content[i], exts.Content[i+1]})
		}
	}
	return out
}

// mkdocsRewriter names what rewrites a MkDocs site's pages as they load:
// hooks (Python modules with on_page_markdown and the like) or the macros
// plugin (mkdocs-macros, Jinja over every page); "" when neither is
// configured.
func mkdocsRewriter(top *yaml.Node) string {
	if h := mapValue(top, "hooks"); h != nil && len(scalars(h)) > 0 {
		return "hooks"
	}
	if slices.Contains(mkdocsPlugins(top), "macros") {
		return "the macros plugin"
	}
	return ""
}

// mkdocsPlugins lists the names of the configured plugins.
func mkdocsPlugins(top *yaml.Node) []string {
	var out []string
	for _, e := range mkdocsPluginEntries(top) {
		out = append(out, e[0].Value)
	}
	return out
}

// mkdocsPluginEntries lists the configured plugins as (name, options)
// pairs, options nil when none are given. They are written as a list
// ("- search", "- macros: {…}") or as a mapping ("mike: {…}").
func mkdocsPluginEntries(top *yaml.Node) [][2]*yaml.Node {
	p := mapValue(top, "plugins")
	if p == nil {
		return nil
	}
	var out [][2]*yaml.Node
	switch p.Kind {
	case yaml.SequenceNode:
		for _, e := range p.Content {
			if e.Kind == yaml.MappingNode && len(e.Content) > 1 {
				out = append(out, [2]*yaml.Node{e.Content[0], e.Content[1]})
			} else {
				out = append(out, [2]*yaml.Node{e, nil})
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(p.Content); i += 2 {
			out = append(out, [2]*yaml.Node{p.Content[i], p.Content[i+1]})
		}
	}
	return out
}

// mkdocsI18n is the static-i18n plugin's folder structure: each
// language but the default has its pages under docs_dir/<locale>/, and a
// page a language lacks is served from the default language's
// (fallback_to_default, on by default), so a translated page's link to
// one works.
type mkdocsI18n struct {
	// locales are the folders of the languages other than the default;
	// defaults are where the default language's pages are: its own
	// folder, and the docs directory itself.
	locales  []string
	defaults []string
}

// parseI18n reads the i18n plugin's options (mkdocs-static-i18n 1.x);
// nil unless the structure is folders and fallback is on.
func parseI18n(docsDir string, opts *yaml.Node) *mkdocsI18n {
	if n := mapValue(opts, "docs_structure"); n == nil || n.Value != "folder" {
		return nil // the suffix structure keeps every language's pages side by side
	}
	if n := mapValue(opts, "fallback_to_default"); n != nil {
		if v, err := strconv.ParseBool(strings.ToLower(n.Value)); err == nil && !v {
			return nil
		}
	}
	o := &mkdocsI18n{}
	langs := mapValue(opts, "languages")
	if langs == nil || langs.Kind != yaml.SequenceNode {
		return nil
	}
	for _, l := range langs.Content {
		locale := mapValue(l, "locale")
		if locale == nil || locale.Kind != yaml.ScalarNode || !safeSegment(locale.Value) {
			continue
		}
		if d := mapValue(l, "default"); d != nil && strings.EqualFold(d.Value, "true") {
			o.defaults = append(o.defaults, path.Join(docsDir, locale.Value))
			continue
		}
		o.locales = append(o.locales, path.Join(docsDir, locale.Value))
	}
	if len(o.locales) == 0 {
		return nil
	}
	o.defaults = append(o.defaults, docsDir)
	return o
}

// safeSegment reports whether s is one path segment that names a folder.
func safeSegment(s string) bool {
	return s != "" && s != "." && s != ".." && !strings.ContainsAny(s, "/\\")
}

// fallbacks adds, after candidates, what each names in the default
// language's pages when it lies in another language's folder.
func (o *mkdocsI18n) fallbacks(candidates []string) []string {
	if o == nil {
		return candidates
	}
	out := slices.Clip(candidates)
	for _, c := range candidates {
		for _, l := range o.locales {
			rest, ok := strings.CutPrefix(c, l+"/")
			if !ok {
				continue
			}
			for _, d := range o.defaults {
				out = append(out, path.Join(d, rest))
			}
		}
	}
	return out
}

// mkdocsVersioned reports whether the site is published in versions by
// mike (the mike plugin, or extra.version.provider: mike): each version
// is served under its own first URL segment (/latest/, /dev/, /2.1/).
func mkdocsVersioned(top *yaml.Node) bool {
	if slices.Contains(mkdocsPlugins(top), "mike") {
		return true
	}
	v := mapValue(mapValue(mapValue(top, "extra"), "version"), "provider")
	return v != nil && v.Value == "mike"
}

// versionLabel reports whether a URL segment names a version of a site
// mike publishes: an alias (latest, stable, dev, main, master, next,
// nightly) or a version number (2, 2.1, v2.1.0, 1.x).
func versionLabel(seg string) bool {
	switch seg {
	case "latest", "stable", "dev", "main", "master", "next", "nightly":
		return true
	}
	v := strings.TrimPrefix(seg, "v")
	if v == "" || v[0] < '0' || v[0] > '9' {
		return false
	}
	for _, part := range strings.Split(v, ".") {
		if part == "x" {
			continue
		}
		if part == "" || strings.Trim(part, "0123456789") != "" {
			return false
		}
	}
	return true
}

// mkdocsRendered reports whether an anchor missing from target is to be
// reported as far as MkDocs goes: not when target is a page of a site
// whose hooks or macros rewrite pages and the anchor is one the site's
// slugify gives no heading text (config.blog_dir, +type:abstract) — an id
// such a rewrite renders, which the current document's notes count
// instead. A slug-shaped anchor (a renamed heading) is still reported,
// unless the page has a line that is one template expression ({{ name }},
// d.filled): the rewrite puts content there, headings and all.
func (d *docRefs) mkdocsRendered(target, anchor string) bool {
	if d.filled[target] {
		d.unverified["to anchors of "+target+", where a template expression or a command-reference directive renders content the scan cannot see"]++
		return false
	}
	site, ok := siteRootOf(d.sites, target)
	o := site.mkdocs()
	if !ok || o == nil || o.rewriter == "" || strings.EqualFold(o.slug(anchor), anchor) {
		return true
	}
	d.unverified[fmt.Sprintf("to anchors of %s that no heading text gives, which the site's %s may render", target, o.rewriter)]++
	return false
}

// slugFunction reads toc's slugify option: a !!python/name: tag naming a
// function, or a !!python/object/apply: tag calling pymdownx.slugs.slugify
// with keyword arguments.
func (o *mkdocsOptions) slugFunction(n *yaml.Node) {
	tag := strings.TrimPrefix(strings.TrimPrefix(n.Tag, "tag:yaml.org,2002:"), "!!")
	name, apply := "", false
	switch {
	case strings.HasPrefix(tag, "python/name:"):
		name = strings.TrimPrefix(tag, "python/name:")
	case strings.HasPrefix(tag, "python/object/apply:"):
		name, apply = strings.TrimPrefix(tag, "python/object/apply:"), true
	default:
		name = n.Value
	}
	switch {
	case name == slugifyPyDefault, name == slugifyPyUnicode:
		o.slugify = name
	case apply && name == slugifyPymdownx:
		o.slugify, o.slugCase, o.normalize = slugifyPymdownx, "none", "NFC"
		kw := mapValue(n, "kwds")
		if c := mapValue(kw, "case"); c != nil {
			o.slugCase = c.Value
		}
		if p := mapValue(kw, "percent_encode"); p != nil {
			o.percent, _ = strconv.ParseBool(strings.ToLower(p.Value))
		}
		if v := mapValue(kw, "normalize"); v != nil {
			o.normalize = v.Value
		}
	case strings.HasPrefix(name, "pymdownx.slugs."):
		if a, ok := pymdownxAliases[strings.TrimPrefix(name, "pymdownx.slugs.")]; ok {
			o.slugify, o.slugCase, o.percent, o.normalize = slugifyPymdownx, a[0], a[1] != "", "NFC"
			return
		}
		o.slugify = name
	default:
		o.slugify = name // not modelled: see mkdocsAnchorRuns
	}
}

// mapValue returns the value of key in a mapping node, nil when absent.
// mkdocsMapping parses a MkDocs configuration's top-level mapping; nil and
// why when it is not one.
func mkdocsMapping(name string, data []byte) (*yaml.Node, string) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, name + " is not YAML: " + err.Error()
	}
	if len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return nil, name + " is not a mapping"
	}
	return root.Content[0], ""
}

// mergeMapping returns over merged onto base, as MkDocs merges a file over
// the one it inherits: a key both map to mappings is merged, any other
// value of over replaces base's. Neither node is changed.
func mergeMapping(base, over *yaml.Node) *yaml.Node {
	out := *base
	out.Content = slices.Clone(base.Content)
	for i := 0; i+1 < len(over.Content); i += 2 {
		k, v := over.Content[i], over.Content[i+1]
		j := -1
		for i := 0; i+1 < len(out.Content); i += 2 {
			if out.Content[i].Value == k.Value {
				j = i
				break
			}
		}
		switch {
		case j < 0:
			out.Content = append(out.Content, k, v)
		case out.Content[j+1].Kind == yaml.MappingNode && v.Kind == yaml.MappingNode:
			out.Content[j+1] = mergeMapping(out.Content[j+1], v)
		default:
			out.Content[j+1] = v
		}
	}
	return &out
}

// deleteKey returns n without key; n is not changed.
func deleteKey(n *yaml.Node, key string) *yaml.Node {
	out := *n
	out.Content = nil
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value != key {
			out.Content = append(out.Content, n.Content[i], n.Content[i+1])
		}
	}
	return &out
}

func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// scalars returns a scalar's value or a sequence's scalar values.
func scalars(n *yaml.Node) []string {
	switch n.Kind {
	case yaml.ScalarNode:
		return []string{n.Value}
	case yaml.SequenceNode:
		var out []string
		for _, c := range n.Content {
			if c.Kind == yaml.ScalarNode {
				out = append(out, c.Value)
			}
		}
		return out
	}
	return nil
}

// mkdocsModelled reports whether the configured slugify is one this
// package reproduces.
func (o *mkdocsOptions) modelled() bool {
	switch o.slugify {
	case slugifyPyDefault, slugifyPyUnicode, slugifyPymdownx:
		return true
	}
	return false
}

// mkdocsAnchorRuns returns the ids Python-Markdown's toc gives the
// headings, as toc does: explicit attr_list ids are taken first, then every
// other heading gets unique(slugify(text)); one run per slugify function:
// the configured one, or, for an unmodelled one, each modelled one in its
// stead, so that no link it might serve is reported. Each run has an id per
// heading, in order.
func mkdocsAnchorRuns(hs []markdown.SiteHeading, o *mkdocsOptions) [][]string {
	if !o.modelled() {
		var runs [][]string
		for _, alt := range []*mkdocsOptions{
			{slugify: slugifyPyDefault, attrList: o.attrList},
			{slugify: slugifyPyUnicode, attrList: o.attrList},
			{slugify: slugifyPymdownx, slugCase: "lower", normalize: "NFC", attrList: o.attrList},
		} {
			runs = append(runs, mkdocsAnchorRuns(hs, alt)...)
		}
		return runs
	}
	used := map[string]bool{}
	if o.attrList {
		for _, h := range hs {
			if h.ID != "" {
				used[h.ID] = true
			}
		}
	}
	out := make([]string, 0, len(hs))
	for _, h := range hs {
		if o.attrList && h.ID != "" {
			out = append(out, h.ID)
			continue
		}
		text := h.Text
		if !o.attrList {
			text = headingWithAttrs(h)
		}
		out = append(out, pyUnique(o.slug(text), used))
	}
	return [][]string{out}
}

// headingWithAttrs is a heading's text with its attribute list, which
// Markdown without attr_list renders as text.
func headingWithAttrs(h markdown.SiteHeading) string {
	if h.ID == "" {
		return h.Text
	}
	return h.Text + " {#" + h.ID + "}"
}

// slug is the configured slugify function with separator "-".
func (o *mkdocsOptions) slug(text string) string {
	switch o.slugify {
	case slugifyPyUnicode:
		return pyTocSlug(text, true)
	case slugifyPymdownx:
		return pymdownxSlug(text, o.slugCase, o.normalize, o.percent)
	}
	return pyTocSlug(text, false)
}

// pyTocSlug is Python-Markdown's toc.slugify (unicode=false) and
// slugify_unicode (unicode=true): NFKD and drop non-ASCII unless unicode,
// remove [^\w\s-], strip, lower, then every run of [-\s]+ becomes "-".
func pyTocSlug(text string, unicode bool) string {
	if !unicode {
		var b strings.Builder
		for _, r := range norm.NFKD.String(text) {
			if r < 0x80 {
				b.WriteRune(r)
			}
		}
		text = b.String()
	}
	var b strings.Builder
	for _, r := range text {
		if pyWord(r) || pySpace(r) || r == '-' {
			b.WriteRune(r)
		}
	}
	s := strings.ToLower(strings.TrimFunc(b.String(), pySpace))
	b.Reset()
	run := false
	for _, r := range s {
		if r == '-' || pySpace(r) {
			run = true
			continue
		}
		if run {
			b.WriteByte('-')
			run = false
		}
		b.WriteRune(r)
	}
	if run {
		b.WriteByte('-')
	}
	return b.String()
}

// pymdownxSlug is pymdownx.slugs.slugify(case, percent_encode, normalize)
// with separator "-": normalize, remove tags, strip, apply the case,
// remove [^\w\- ], then each space becomes "-".
func pymdownxSlug(text, slugCase, normalize string, percent bool) string {
	switch normalize {
	case "NFD":
		text = norm.NFD.String(text)
	case "NFKC":
		text = norm.NFKC.String(text)
	case "NFKD":
		text = norm.NFKD.String(text)
	default:
		text = norm.NFC.String(text)
	}
	text = strings.TrimFunc(stripTags(text), pySpace)
	switch slugCase {
	case "lower":
		text = strings.ToLower(text)
	case "lower-ascii":
		text = strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, text)
	case "fold":
		text = cases.Fold().String(text)
	}
	var b strings.Builder
	for _, r := range text {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case pyWord(r), r == '-':
			b.WriteRune(r)
		}
	}
	if percent {
		return pyQuote(b.String())
	}
	return b.String()
}

// pyQuote is Python's urllib.parse.quote with its default safe "/".
func pyQuote(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_.-~/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)>>4, 16)+strconv.FormatUint(uint64(c)&15, 16)))
	}
	return b.String()
}

// stripTags removes what pymdownx's </?[^>]*> matches.
func stripTags(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// pyWord is Python's \w on str: alphanumeric (letters, and anything with a
// numeric value) or '_'. Combining marks are not word characters.
func pyWord(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// pySpace is Python's \s and str.strip's whitespace, which includes the
// information separators U+001C–U+001F.
func pySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// pyIDCount is toc's IDCOUNT_RE: an id already ending in _<n>.
var pyIDCount = regexp.MustCompile(`^(.*)_([0-9]+)$`)

// pyUnique is toc's unique(): while the id is taken or empty, append _1,
// or increment a trailing _<n>; the id is then taken.
func pyUnique(id string, used map[string]bool) string {
	for used[id] || id == "" {
		if m := pyIDCount.FindStringSubmatch(id); m != nil {
			n, err := strconv.Atoi(m[2])
			if err != nil {
				id += "_1" // more digits than an int holds
				continue
			}
			id = m[1] + "_" + strconv.Itoa(n+1)
		} else {
			id += "_1"
		}
	}
	used[id] = true
	return id
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

// commandReference reports whether an API-documentation directive is one
// of the Markdown extensions that render a command-line reference from the
// program itself (::: mkdocs-click, ::: mkdocs-typer): a heading for every
// command, none of them in the file.
func commandReference(object string) bool {
	return object == "mkdocs-click" || object == "mkdocs-typer"
}

// pageRefs relates an MkDocs page to the Python module each of its
// API-documentation directives renders (mkdocstrings' "::: httpx.Client"),
// and to the package when that module is one's __init__.py: the page
// documents that code, as an observed covers relation. The dotted name
// resolves as an import of its longest prefix that is a module of the
// tree (httpx.Client: httpx/__init__.py); an object nothing in the tree
// declares relates nothing, and a page outside an MkDocs site (where
// "::: tip" is VitePress' container) is not read.
func (mkdocsGen) pageRefs(d *docRefs, _ docSite, x *Extraction, from string) {
	if len(x.Markdown.Autodoc) == 0 || d.langs.python == nil {
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
