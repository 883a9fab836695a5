package scan

import (
	"cmp"
	"encoding/json"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"gopkg.in/yaml.v3"
)

// Docusaurus serves a site directory (the one holding docusaurus.config.*)
// through content plugins: docs (each version of them), the blog and
// pages, plus static directories at "/". A link that is not to a .md/.mdx
// file is a URL the browser resolves against the page's URL and the site
// checks against its routes, so the scan computes every page's URL the way
// the plugins do and resolves such links against those routes.
//
// The options come from the literal part of the configuration module's
// exported value (typescript.File.SiteConfig: presets and plugins, baseUrl,
// trailingSlash, staticDirectories); an option that is not a literal takes
// the plugin's default.

// siteDocusaurus names the Docusaurus generator.
const siteDocusaurus = "docusaurus"

// docusaurusGen is Docusaurus: a docusaurus.config.* marks a site directory
// whose content plugins serve pages.
type docusaurusGen struct{ siteDefaults }

func (docusaurusGen) kind() string { return siteDocusaurus }

// docusaurus returns the site's Docusaurus options; nil for another
// generator's.
func (s docSite) docusaurus() *docusaurusOptions {
	o, _ := s.opts.(*docusaurusOptions)
	return o
}

// detect: the site is the config's directory, widened to hold every
// content directory (docs may lie beside it: path '../docs'), when one
// exists.
func (docusaurusGen) detect(t *tree) []docSite {
	var out []docSite
	for _, p := range t.paths {
		if !strings.HasPrefix(path.Base(p), "docusaurus.config.") {
			continue
		}
		if o := parseDocusaurus(t, p); o.servesAny(t) {
			out = append(out, docSite{root: o.root(t), gen: docusaurusGen{}, config: p, opts: o})
		}
	}
	return out
}

// configured reads the entry's docusaurus.config.* when the tree has one,
// else the classic preset's defaults; the entry's path and route replace
// the first docs instance's.
func (docusaurusGen) configured(t *tree, c config.Site) (docSite, bool) {
	root := c.Root
	p := ""
	for _, q := range t.paths {
		if parentDir(q) == root && strings.HasPrefix(path.Base(q), "docusaurus.config.") {
			p = q
			break
		}
	}
	o := parseDocusaurus(t, cmp.Or(p, path.Join(root, "docusaurus.config.js")))
	if c.DocsDir != "" || c.RouteBasePath != "" {
		opts := map[string]any{}
		if c.DocsDir != "" {
			opts["path"] = c.DocsDir
		}
		if c.RouteBasePath != "" {
			opts["routeBasePath"] = c.RouteBasePath
		}
		var rest []docusaurusDocs
		if len(o.docs) > 0 {
			rest = o.docs[1:]
		}
		o.docs = nil
		o.add(t, "docs", opts)
		o.docs = append(o.docs, rest...)
	}
	return docSite{root: root, gen: docusaurusGen{}, config: p, opts: o}, true
}

// anchors: GitHub's slugger plus explicit {#id}s on the pages of its
// content directories; GitHub's alone elsewhere.
func (docusaurusGen) anchors(doc *markdown.Document, site docSite) ([]string, bool) {
	if o := site.docusaurus(); o == nil || o.serves(doc.Path) {
		return slices.Concat(doc.Anchors, doc.CustomAnchors), true
	}
	return nil, false
}

// links: against the site's routes (docusaurusLinkCandidates); a
// destination is read as written, templates and all.
func (docusaurusGen) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	if l.Kind == markdown.LinkSite || l.Kind == markdown.LinkPost {
		return nil, "", false
	}
	if site.docusaurus() != nil {
		return d.docusaurusLinkCandidates(site, doc, l)
	}
	out, urlTarget := d.fileLinks(site, doc, l, nil)
	return d.withIncluders(doc, l, out, urlTarget)
}

// mdx: every page, .md too, is MDX; @site/ is the site directory.
func (docusaurusGen) mdx(site docSite) (string, bool) {
	if o := site.docusaurus(); o != nil {
		return o.siteDir, true
	}
	return "", true
}

// index computes every page's URL.
func (docusaurusGen) index(d *docRefs, site docSite) {
	if site.docusaurus() != nil {
		d.docusaurus[site.root] = newDocusaurusRoutes(d.t, site)
	}
}

// docusaurusOptions are the content plugins of one Docusaurus site.
type docusaurusOptions struct {
	siteDir       string
	baseURL       string
	trailingSlash bool
	docs          []docusaurusDocs
	blogs, pages  []docusaurusContent
	static        []string // repository paths of the static directories
	// locales are the site's locales other than the default (i18n): each
	// is built at /<locale>/, its docs from i18n/<locale>/<plugin>/.
	locales []string
	// unbuilt are the version directories of docs instances — a
	// versioned_docs/version-X, or a locale's translation of one under
	// i18n/ — whose version versions.json does not list: the site builds
	// none of their pages (docusaurusUnbuilt).
	unbuilt []string
}

// docusaurusContent is one plugin instance's content directory
// (repository path) and the route it is served at ("/blog", "/").
type docusaurusContent struct {
	dir, route string
}

// docusaurusDocs is one docs plugin instance: each version's content
// directory and the URL prefix it is served at, and its sidebars module.
type docusaurusDocs struct {
	route    string
	versions []docusaurusContent
	// sidebars is the repository path of the sidebars module
	// (sidebarPath), "" for none (sidebarPath: false), and sidebarsAuto
	// is set when the instance names none: Docusaurus then generates a
	// sidebar of every document.
	sidebars     string
	sidebarsAuto bool
}

// parseDocusaurus reads the site options of the configuration at config.
// A configuration the scan could not read gives the classic preset's
// defaults.
func parseDocusaurus(t *tree, config string) *docusaurusOptions {
	dir := parentDir(config)
	var cfg map[string]any
	if x := t.byPath[config]; x != nil {
		cfg = x.TypeScript.SiteConfigValue()
	}
	o := &docusaurusOptions{siteDir: dir, baseURL: "/"}
	if s, ok := cfg["baseUrl"].(string); ok && strings.HasPrefix(s, "/") {
		o.baseURL = strings.TrimSuffix(s, "/") + "/"
	}
	o.trailingSlash, _ = cfg["trailingSlash"].(bool)
	statics := []string{"static"}
	if list, ok := cfg["staticDirectories"].([]any); ok {
		statics = nil
		for _, s := range list {
			if s, ok := s.(string); ok {
				statics = append(statics, s)
			}
		}
	}
	for _, s := range statics {
		o.static = append(o.static, path.Join(dir, s))
	}
	if i18n, ok := cfg["i18n"].(map[string]any); ok {
		def, _ := i18n["defaultLocale"].(string)
		locales, _ := i18n["locales"].([]any)
		for _, l := range locales {
			if l, ok := l.(string); ok && l != def && safeSegment(l) {
				o.locales = append(o.locales, l)
			}
		}
	}
	presets, ok := cfg["presets"].([]any)
	if _, has := cfg["presets"]; !has || !ok {
		// No literal presets: the classic preset, as nearly every site has.
		presets = []any{"@docusaurus/preset-classic"}
	}
	for _, p := range presets {
		name, opts := pluginEntry(p)
		if name == "" {
			continue
		}
		for _, kind := range []string{"docs", "blog", "pages"} {
			v, has := opts[kind]
			if has && v == false {
				continue
			}
			m, _ := v.(map[string]any)
			o.add(t, kind, m)
		}
	}
	if plugins, ok := cfg["plugins"].([]any); ok {
		for _, p := range plugins {
			name, opts := pluginEntry(p)
			switch {
			case strings.Contains(name, "plugin-content-docs"):
				o.add(t, "docs", opts)
			case strings.Contains(name, "plugin-content-blog"):
				o.add(t, "blog", opts)
			case strings.Contains(name, "plugin-content-pages"):
				o.add(t, "pages", opts)
			}
		}
	}
	return o
}

// contentDirs lists the site's content directories: every docs
// version's, the blogs' and the pages'.
func (o *docusaurusOptions) contentDirs() []string {
	var out []string
	for _, d := range o.docs {
		for _, v := range d.versions {
			out = append(out, v.dir)
		}
	}
	for _, c := range append(slices.Clone(o.blogs), o.pages...) {
		out = append(out, c.dir)
	}
	return out
}

// servesAny reports whether any content directory of the site exists.
func (o *docusaurusOptions) servesAny(t *tree) bool {
	return slices.ContainsFunc(o.contentDirs(), func(d string) bool { return t.dirs[d] })
}

// serves reports whether the file lies in a content directory of the
// site: a page Docusaurus renders (or a partial it imports).
func (o *docusaurusOptions) serves(p string) bool {
	return slices.ContainsFunc(o.contentDirs(), func(d string) bool { return within(p, d) })
}

// root is the directory holding the site directory and every existing
// content directory (docs may lie beside the site: path: '../docs').
func (o *docusaurusOptions) root(t *tree) string {
	root := o.siteDir
	for _, d := range o.contentDirs() {
		for t.dirs[d] && !within(d, root) {
			root = parentDir(root)
		}
	}
	return root
}

// pluginEntry splits a presets or plugins entry ("name" or [name, opts]).
func pluginEntry(v any) (string, map[string]any) {
	switch v := v.(type) {
	case string:
		return v, nil
	case []any:
		if len(v) == 0 {
			return "", nil
		}
		name, _ := v[0].(string)
		var opts map[string]any
		if len(v) > 1 {
			opts, _ = v[1].(map[string]any)
		}
		return name, opts
	}
	return "", nil
}

// add records one content plugin instance with its options (nil: the
// defaults).
func (o *docusaurusOptions) add(t *tree, kind string, opts map[string]any) {
	str := func(key, def string) string {
		if s, ok := opts[key].(string); ok {
			return s
		}
		return def
	}
	defPath := map[string]string{"docs": "docs", "blog": "blog", "pages": "src/pages"}[kind]
	defRoute := map[string]string{"docs": "docs", "blog": "blog", "pages": ""}[kind]
	dir := path.Join(o.siteDir, str("path", defPath))
	// Routes are written without the baseUrl: the site prepends it to
	// every link.
	route := routeJoin(str("routeBasePath", defRoute))
	switch kind {
	case "blog":
		o.blogs = append(o.blogs, docusaurusContent{dir, route})
		return
	case "pages":
		o.pages = append(o.pages, docusaurusContent{dir, route})
		return
	}
	id := str("id", "default")
	prefix := ""
	if id != "default" {
		prefix = id + "_"
	}
	versions := docusaurusVersions(t, path.Join(o.siteDir, prefix+"versions.json"))
	last := str("lastVersion", "current")
	if _, set := opts["lastVersion"]; !set && len(versions) > 0 {
		last = versions[0]
	}
	vopts, _ := opts["versions"].(map[string]any)
	versionPath := func(name, def string) string {
		if name == last {
			return ""
		}
		if m, ok := vopts[name].(map[string]any); ok {
			if s, ok := m["path"].(string); ok {
				return s
			}
		}
		return def
	}
	d := docusaurusDocs{route: route}
	if v, set := opts["sidebarPath"]; !set || v != false {
		// sidebarPath: false turns the sidebar off. A literal path, or require.resolve('./sidebars.js') as the
		// templates write it — which no literal reading evaluates, so it
		// reads as unset —: the module next to the configuration. With
		// none there, Docusaurus generates a sidebar of every document.
		s, _ := v.(string)
		d.sidebars = docusaurusSidebars(t, o.siteDir, s)
		d.sidebarsAuto = d.sidebars == ""
	}
	if inc, ok := opts["includeCurrentVersion"].(bool); !ok || inc {
		d.versions = append(d.versions, docusaurusContent{dir, routeJoin(route, versionPath("current", "next"))})
	}
	for _, v := range versions {
		vdir := path.Join(o.siteDir, prefix+"versioned_docs", "version-"+v)
		d.versions = append(d.versions, docusaurusContent{vdir, routeJoin(route, versionPath(v, v))})
	}
	plugin := "docusaurus-plugin-content-docs"
	if id != "default" {
		plugin += "-" + id
	}
	d.versions = append(d.versions, o.translations(t, prefix, plugin, d.versions)...)
	o.docs = append(o.docs, d)
	o.unbuilt = append(o.unbuilt, docusaurusUnbuilt(t, o.siteDir, prefix, plugin, versions)...)
}

// translations lists, for each locale, the content of each version as
// that locale's build serves it at /<locale>/: first the version's
// translation, i18n/<locale>/<plugin>/current (or version-X), where the
// tree has one, then the version's own pages, which the locale's build
// serves where no translation replaces them. Routes go to the first file
// that claims them (newDocusaurusRoutes), so a translated page wins.
func (o *docusaurusOptions) translations(t *tree, prefix, plugin string, versions []docusaurusContent) []docusaurusContent {
	var out []docusaurusContent
	versioned := path.Join(o.siteDir, prefix+"versioned_docs")
	for _, l := range o.locales {
		for _, v := range versions {
			name := "current"
			if path.Dir(v.dir) == versioned {
				name = path.Base(v.dir) // version-X
			}
			dir := path.Join(o.siteDir, "i18n", l, plugin, name)
			if !t.dirs[dir] {
				continue
			}
			route := routeJoin("/"+l, v.route)
			out = append(out, docusaurusContent{dir, route}, docusaurusContent{v.dir, route})
		}
	}
	return out
}

// docusaurusUnbuilt lists, sorted, the version directories of one docs
// instance that the site does not build: versioned_docs/version-X and
// i18n/<locale>/<plugin>/version-X whose X versions.json does not list (a
// version dropped from the list, its pages and their translations left
// behind). Nobody reads their pages on the site.
func docusaurusUnbuilt(t *tree, siteDir, prefix, plugin string, versions []string) []string {
	built := make(map[string]bool, len(versions))
	for _, v := range versions {
		built["version-"+v] = true
	}
	versioned, i18n := path.Join(siteDir, prefix+"versioned_docs"), path.Join(siteDir, "i18n")
	var out []string
	for dir := range t.dirs {
		base := path.Base(dir)
		if !strings.HasPrefix(base, "version-") || built[base] {
			continue
		}
		parent := path.Dir(dir)
		if parent == versioned || path.Base(parent) == plugin && path.Dir(path.Dir(parent)) == i18n {
			out = append(out, dir)
		}
	}
	slices.Sort(out)
	return out
}

// docusaurusSidebars is the sidebars module a docs instance names: the
// literal path from the site directory, else the sidebars.{js,ts,mjs,cjs}
// beside the configuration; "" when the tree has none.
func docusaurusSidebars(t *tree, siteDir, literal string) string {
	if literal != "" {
		return path.Join(siteDir, literal)
	}
	for _, ext := range []string{"js", "ts", "mjs", "cjs"} {
		if p := path.Join(siteDir, "sidebars."+ext); t.files[p] {
			return p
		}
	}
	return ""
}

// nav: the documents a docs instance's sidebars list in its current
// version — doc ids, category links, autogenerated directories — or every
// document of the instance when it names no sidebars module (Docusaurus
// then generates one of all of them). A sidebars module the scan cannot
// read literally lists nothing.
func (docusaurusGen) nav(d *docRefs, site docSite) []string {
	o := site.docusaurus()
	if o == nil {
		return nil
	}
	var out []string
	for _, docs := range o.docs {
		if len(docs.versions) == 0 {
			continue
		}
		dir := docs.versions[0].dir
		ids := docusaurusDocIDs(d.t, dir)
		if docs.sidebarsAuto {
			out = append(out, autogenerated(ids, dir, ".")...)
			continue
		}
		x := d.t.byPath[docs.sidebars]
		if x == nil || x.TypeScript == nil {
			continue
		}
		out = sidebarItems(x.TypeScript.SiteConfigValue(), ids, dir, out)
	}
	return out
}

// docusaurusDocIDs maps each document of a docs directory to its id: its
// path below the directory without the extension and with number prefixes
// dropped as Docusaurus drops them (stripNumberPrefix: 01-intro.md is
// intro), the last segment replaced by a front matter id.
func docusaurusDocIDs(t *tree, dir string) map[string]string {
	out := map[string]string{}
	for i := range t.ex {
		x := &t.ex[i]
		if x.Markdown == nil || !within(x.Path, dir) {
			continue
		}
		rel := strings.TrimPrefix(x.Path, dir+"/")
		rel = strings.TrimSuffix(rel, path.Ext(rel))
		segs := strings.Split(rel, "/")
		for j, seg := range segs {
			segs[j] = stripNumberPrefix(seg)
		}
		if id := x.Markdown.FrontMatter.Fields["id"]; id != "" && !strings.Contains(id, "/") {
			segs[len(segs)-1] = id
		}
		if _, taken := out[strings.Join(segs, "/")]; !taken {
			out[strings.Join(segs, "/")] = x.Path
		}
	}
	return out
}

// autogenerated lists the documents below sub (a directory of the docs
// directory, "." for all of it), in path order.
func autogenerated(ids map[string]string, dir, sub string) []string {
	base := path.Join(dir, sub)
	var out []string
	for _, id := range sortedKeys(ids) {
		if p := ids[id]; within(p, base) {
			out = append(out, p)
		}
	}
	return out
}

// walkSidebar calls visit with each item of a sidebars value — a doc id
// string or an item object — descending into lists, a category's items
// (after the category itself) and the values of a category shorthand or
// the top-level object; it stops when visit returns false.
func walkSidebar(v any, depth int, visit func(item any) bool) bool {
	if depth > maxNavDepth {
		return true
	}
	switch x := v.(type) {
	case []any:
		for _, it := range x {
			if !walkSidebar(it, depth+1, visit) {
				return false
			}
		}
		return true
	case map[string]any:
		typ, _ := x["type"].(string)
		switch typ {
		case "":
			for _, k := range sortedKeys(x) {
				if !walkSidebar(x[k], depth+1, visit) {
					return false
				}
			}
			return true
		case "category":
			return visit(x) && walkSidebar(x["items"], depth+1, visit)
		}
	}
	return visit(v)
}

// sidebarItems appends the pages a sidebars value lists: a doc id string;
// an item object of type doc or ref (id), category (a link to a doc), or
// autogenerated (dirName).
func sidebarItems(v any, ids map[string]string, dir string, out []string) []string {
	page := func(id any) {
		if s, ok := id.(string); ok {
			if p, ok := ids[s]; ok {
				out = append(out, p)
			}
		}
	}
	walkSidebar(v, 0, func(item any) bool {
		if len(out) >= maxNavPages {
			return false
		}
		x, ok := item.(map[string]any)
		if !ok {
			page(item)
			return true
		}
		switch x["type"] {
		case "doc", "ref":
			page(x["id"])
		case "autogenerated":
			sub, _ := x["dirName"].(string)
			out = append(out, autogenerated(ids, dir, cmp.Or(sub, "."))...)
		case "category":
			if link, ok := x["link"].(map[string]any); ok && link["type"] == "doc" {
				page(link["id"])
			}
		}
		return true
	})
	return out
}

// docusaurusVersions reads a versions.json (newest first); none when the
// file is absent or not a list of strings.
func docusaurusVersions(t *tree, p string) []string {
	x := t.byPath[p]
	if x == nil {
		return nil
	}
	var out []string
	if err := json.Unmarshal(x.SiteConfig, &out); err != nil {
		return nil
	}
	return out
}

// docusaurusRoutes are the URLs of one site's pages.
type docusaurusRoutes struct {
	opts *docusaurusOptions
	// byURL maps a URL (routeKey) to the file served there, or to a
	// content directory for the pages a plugin generates (a blog's list,
	// tags, a docs category index).
	byURL map[string]string
	// urlOf is a page's URL; content is the content directory a page lies
	// in (the directories its .md links are tried from).
	urlOf   map[string]string
	content map[string]string
}

// newDocusaurusRoutes computes the URL of every page of the site.
func newDocusaurusRoutes(t *tree, site docSite) *docusaurusRoutes {
	o := site.docusaurus()
	r := &docusaurusRoutes{opts: o, byURL: map[string]string{}, urlOf: map[string]string{}, content: map[string]string{}}
	add := func(u, file string) {
		k := routeKey(u)
		if _, ok := r.byURL[k]; !ok {
			r.byURL[k] = file
		}
		if _, ok := r.urlOf[file]; !ok && t.files[file] {
			r.urlOf[file] = k
		}
	}
	for _, d := range o.docs {
		for _, v := range d.versions {
			for _, p := range docusaurusFiles(t, v.dir, false) {
				x := t.byPath[p]
				if x == nil || x.Markdown == nil {
					continue
				}
				r.content[p] = v.dir
				add(routeJoin(v.route, docSlug(strings.TrimPrefix(p, v.dir+"/"), x.Markdown.FrontMatter.Fields)), p)
			}
			// Generated pages: category indexes, tags, the version root.
			for _, g := range []string{"", "category", "tags"} {
				add(routeJoin(v.route, g), v.dir)
			}
			for _, slug := range categoryIndexes(t, v.dir) {
				add(routeJoin(v.route, slug), v.dir)
			}
		}
		if len(d.versions) > 0 {
			// The sidebars module's categories are the current version's.
			if x := t.byPath[d.sidebars]; x != nil && x.TypeScript != nil {
				for _, slug := range sidebarIndexes(x.TypeScript.SiteConfigValue()) {
					add(routeJoin(d.versions[0].route, slug), d.versions[0].dir)
				}
			}
		}
	}
	for _, b := range o.blogs {
		for _, p := range docusaurusFiles(t, b.dir, false) {
			x := t.byPath[p]
			if x == nil || x.Markdown == nil {
				continue
			}
			r.content[p] = b.dir
			add(routeJoin(b.route, blogSlug(strings.TrimPrefix(p, b.dir+"/"), x.Markdown.FrontMatter.Fields["slug"])), p)
		}
		for _, g := range []string{"", "tags", "archive", "authors", "page"} {
			add(routeJoin(b.route, g), b.dir)
		}
	}
	for _, pg := range o.pages {
		for _, p := range docusaurusFiles(t, pg.dir, true) {
			r.content[p] = pg.dir
			add(routeJoin(pg.route, fileRoute(strings.TrimPrefix(p, pg.dir+"/"))), p)
		}
	}
	return r
}

// categoryFiles name the metadata of an autogenerated sidebar category.
var categoryFiles = map[string]bool{"_category_.json": true, "_category_.yml": true, "_category_.yaml": true}

// categoryIndexes are the slugs of the category index pages a docs
// directory's _category_ files ask Docusaurus to generate (link: {type:
// generated-index}), relative to the version's route.
func categoryIndexes(t *tree, dir string) []string {
	var out []string
	for _, p := range pathsBelow(t.paths, dir) {
		x := t.byPath[p]
		if !categoryFiles[path.Base(p)] || x == nil || x.SiteConfig == nil {
			continue
		}
		var meta map[string]any
		if yaml.Unmarshal(x.SiteConfig, &meta) != nil { // JSON is YAML
			continue
		}
		label, _ := meta["label"].(string)
		if label == "" {
			label = stripNumberPrefix(path.Base(parentDir(p)))
		}
		link, _ := meta["link"].(map[string]any)
		if slug, ok := categoryIndexSlug(label, link); ok {
			out = append(out, slug)
		}
	}
	return out
}

// sidebarIndexes are the slugs of the generated-index categories of a
// sidebars value.
func sidebarIndexes(v any) []string {
	var out []string
	walkSidebar(v, 0, func(item any) bool {
		if x, ok := item.(map[string]any); ok && x["type"] == "category" {
			label, _ := x["label"].(string)
			link, _ := x["link"].(map[string]any)
			if slug, ok := categoryIndexSlug(label, link); ok {
				out = append(out, slug)
			}
		}
		return len(out) < maxNavPages
	})
	return out
}

// categoryIndexSlug is the slug of a category's generated index page: the
// link's own slug, else /category/ and the label's slug (Docusaurus'
// normalizeCategoryLink, with the GitHub slugger); false when the link is
// no generated index.
func categoryIndexSlug(label string, link map[string]any) (string, bool) {
	if link == nil || link["type"] != "generated-index" {
		return "", false
	}
	if slug, _ := link["slug"].(string); strings.TrimSpace(slug) != "" {
		return strings.TrimSpace(slug), true
	}
	if slug := markdown.Slug(label); slug != "" {
		return "/category/" + slug, true
	}
	return "", false
}

// docusaurusFiles lists the files a content directory serves: Markdown
// (and, for pages, JavaScript and TypeScript components), leaving out those
// whose name or a directory of which starts with "_" (partials, the
// plugins' default exclude).
func docusaurusFiles(t *tree, dir string, pages bool) []string {
	var out []string
	for _, p := range pathsBelow(t.paths, dir) {
		rel := strings.TrimPrefix(p, dir+"/")
		if partialPath(rel) || strings.Contains(rel, "node_modules/") {
			continue
		}
		switch strings.ToLower(path.Ext(p)) {
		case ".md", ".mdx":
		case ".js", ".jsx", ".ts", ".tsx":
			if !pages || strings.HasSuffix(p, ".d.ts") {
				continue
			}
		default:
			continue
		}
		out = append(out, p)
	}
	return out
}

// numberPrefix is Docusaurus' DefaultNumberPrefixParser: "01-intro" is
// "intro"; a date or a version ("2021-05-05-x", "1.2-x") is no prefix.
var (
	numberPrefix     = regexp.MustCompile(`^\d+\s*[-_.]+\s*([^-_.\s].*)$`)
	ignoredPrefix    = regexp.MustCompile(`^(?:\d{2}|\d{4})[-_.]\d{2}(?:[-_.](?:\d{2}|\d{4}))?.*$|^\d+[-_.]\d+.*$`)
	blogDatePrefixed = regexp.MustCompile(`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*)$`)
)

func stripNumberPrefix(s string) string {
	if ignoredPrefix.MatchString(s) {
		return s
	}
	if m := numberPrefix.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return s
}

// docSlug is the URL path of a doc below its version's route: its front
// matter slug (absolute, or relative to its directory), a category index's
// directory (index, README, or named like its directory), or its directory
// and id (the front matter id, or the file name), number prefixes removed.
func docSlug(rel string, fm map[string]string) string {
	dir, file := parentDir(rel), path.Base(rel)
	stem := stripNumberPrefix(strings.TrimSuffix(file, path.Ext(file)))
	var dirs []string
	if dir != "." {
		for _, s := range strings.Split(dir, "/") {
			dirs = append(dirs, stripNumberPrefix(s))
		}
	}
	dirSlug := "/" + strings.Join(dirs, "/")
	slug := strings.TrimSpace(fm["slug"])
	switch {
	case strings.HasPrefix(slug, "/"):
		return slug
	case slug != "":
		return path.Join(dirSlug, slug)
	}
	low := strings.ToLower(stem)
	if low == "index" || low == "readme" || (len(dirs) > 0 && strings.EqualFold(stem, dirs[len(dirs)-1])) {
		return dirSlug
	}
	id := stem
	if v := strings.TrimSpace(fm["id"]); v != "" && !strings.Contains(v, "/") {
		id = v
	}
	return path.Join(dirSlug, id)
}

// blogSlug is a post's URL path below the blog's route: its front matter
// slug, or its file path (a folder post's directory) with a leading date
// written as year/month/day.
func blogSlug(rel, slug string) string {
	if slug = strings.TrimSpace(slug); slug != "" {
		return slug
	}
	rel = fileRoute(rel)
	if m := blogDatePrefixed.FindStringSubmatch(rel); m != nil {
		return path.Join(m[1], m[2], m[3], m[4])
	}
	return rel
}

// docusaurusLinkCandidates lists what a link from doc may name in its
// Docusaurus site: a .md/.mdx file link from the file (then from the
// content directory and the site directory, as the MDX loader tries them),
// an @site/ path, or a URL resolved against the page's URL and looked up
// among the site's routes and static files. target is the path a broken
// link is reported by. A document outside every content directory
// follows GitHub's rules.
func (d *docRefs) docusaurusLinkCandidates(site docSite, doc string, l markdown.Link) (candidates []string, target string, ok bool) {
	r := d.docusaurus[site.root]
	content, inContent := r.content[doc]
	if !inContent {
		return []string{l.Target}, l.Target, true
	}
	p := linkURLPath(l.Destination)
	if rest, ok := strings.CutPrefix(p, "@site/"); ok {
		t := path.Join(r.opts.siteDir, rest)
		return []string{t}, t, true
	}
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".mdx":
		rel := strings.TrimPrefix(p, "/")
		var out []string
		if !strings.HasPrefix(p, "/") {
			out = append(out, l.Target)
		}
		if !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") {
			out = append(out, path.Join(content, rel), path.Join(r.opts.siteDir, rel))
		}
		return out, out[0], true
	}
	page, known := r.urlOf[doc]
	if !known && !strings.HasPrefix(p, "/") {
		return linkCandidates(site.root, true, l.Destination, l.Target), l.Target, true
	}
	urls := baseReadings(resolveURL(page, r.opts.trailingSlash, p), r.opts.baseURL, false)
	out := routeCandidates(r.byURL, r.opts.static, urls)
	// Reported by the file the URL would be: the longest route it lies
	// below names the content directory.
	u := urls[0]
	target = path.Join(r.opts.siteDir, strings.TrimPrefix(u, "/"))
	best := -1
	for _, dv := range r.opts.docs {
		for _, v := range dv.versions {
			if rest, ok := strings.CutPrefix(u, strings.TrimSuffix(v.route, "/")+"/"); ok && len(v.route) > best {
				target, best = path.Join(v.dir, rest), len(v.route)
			}
		}
	}
	// The file the link would name read as a file path: Docusaurus does
	// not resolve it, but a page written for GitHub too often means it.
	if !strings.HasPrefix(p, "/") {
		out = append(out, linkCandidates(site.root, true, l.Destination, l.Target)...)
	}
	return out, target, true
}
