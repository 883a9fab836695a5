package scan

import (
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// Jekyll (_config.yml): the site source is the configuration's directory
// (or its source key); pages are served at their path with .md as .html or
// at their permalink, under baseurl; {% link %} and {% post_url %} name
// pages from the source; heading ids are kramdown's (kramdownGFMAnchors
// for Jekyll's default GFM input).

// jekyllOptions is what resolution needs from _config.yml.
type jekyllOptions struct {
	baseurl string
	// input is kramdown's parser: "GFM" (Jekyll's default) or "kramdown";
	// markdown is the converter ("kramdown" unless the site chose another).
	input, markdown string
	idPrefix        string
	// collections maps a collection's name to its permalink pattern
	// (posts always, from the global permalink style unless set); dir is
	// collections_dir, relative to the source.
	collections map[string]string
	dir         string
}

// jekyllStyles are Jekyll's built-in permalink styles, for posts.
var jekyllStyles = map[string]string{
	"date": "/:categories/:year/:month/:day/:title:output_ext", "pretty": "/:categories/:year/:month/:day/:title/",
	"ordinal": "/:categories/:year/:y_day/:title:output_ext", "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
	"none": "/:categories/:title:output_ext",
}

// jekyllKeys are top-level keys only Jekyll's configuration has; one of
// them, or a directory only Jekyll uses beside the file, makes _config.yml
// a Jekyll site's.
var jekyllKeys = []string{"baseurl", "permalink", "collections", "defaults", "plugins", "gems", "theme", "remote_theme",
	"markdown", "kramdown", "highlighter", "paginate", "paginate_path", "sass", "jekyll-archives", "jekyll_compose", "whitelist"}

// jekyllDirs are directories a Jekyll source holds.
var jekyllDirs = []string{"_layouts", "_includes", "_posts", "_data", "_sass"}

// notJekyllKeys mark other tools' _config.yml: Jupyter Book's, and
// Hexo's (source_dir, public_dir, new_post_name, post_asset_folder),
// whose site is then read as a tree no generator marks.
var notJekyllKeys = []string{"execute", "sphinx", "launch_buttons", "parse", "source_dir", "public_dir", "new_post_name", "post_asset_folder"}

// siteJekyll names the Jekyll generator.
const siteJekyll = "jekyll"

// jekyllGen is Jekyll: a _config.yml with Jekyll's keys or directories
// marks its source.
type jekyllGen struct{ siteDefaults }

func (jekyllGen) kind() string { return siteJekyll }

// jekyll returns the site's Jekyll options; nil for another generator's.
func (s docSite) jekyll() *jekyllOptions {
	o, _ := s.opts.(*jekyllOptions)
	return o
}

func (jekyllGen) detect(t *tree) []docSite {
	var out []docSite
	for _, p := range t.paths {
		if b := path.Base(p); b != "_config.yml" && b != "_config.yaml" {
			continue
		}
		_, data := siteConfigFile(t, parentDir(p), path.Base(p))
		if src, o, ok := parseJekyll(t, p, data); ok && (src == "." || t.dirs[src]) {
			out = append(out, docSite{root: src, gen: jekyllGen{}, config: p, opts: o})
		}
	}
	return out
}

// configured reads the entry's _config.yml when the tree has one, its
// baseurl over the file's.
func (jekyllGen) configured(t *tree, c config.Site) (docSite, bool) {
	p, data := siteConfigFile(t, c.Root, "_config.yml", "_config.yaml")
	src, o, ok := c.Root, (*jekyllOptions)(nil), false
	if p != "" {
		src, o, ok = parseJekyll(t, p, data)
	}
	if !ok {
		src, o = c.Root, jekyllDefaults()
	}
	if c.BaseURL != "" {
		o.baseurl = "/" + strings.Trim(c.BaseURL, "/")
	}
	return docSite{root: src, gen: jekyllGen{}, config: p, opts: o}, true
}

// anchors are the converter's heading ids, attribute lists' ids and
// kramdown's footnote ids.
func (jekyllGen) anchors(doc *markdown.Document, site docSite) ([]string, bool) {
	o := site.jekyll()
	if o == nil {
		o = jekyllDefaults()
	}
	return append(append(jekyllAnchors(doc, o), doc.AttrAnchors...), footnoteAnchors(doc)...), true
}

// links: {% link %} names a file of the source, {% post_url %} a post; a
// destination starts after {{site.baseurl}}, and a root-absolute one is
// looked up among the permalinks first.
func (jekyllGen) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	switch l.Kind {
	case markdown.LinkSite:
		p := path.Join(site.root, l.Target)
		return []string{p}, p, true
	case markdown.LinkPost:
		return postCandidates(site.root, l.Target), path.Join(site.root, "_posts", l.Target), true
	}
	dest := stripSiteURL(l.Destination)
	l, ok := siteDestination(l, dest, doc)
	if !ok {
		return nil, "", false
	}
	var first []string
	if strings.HasPrefix(dest, "/") {
		first = d.jekyllRootCandidates(site, dest)
	}
	out, urlTarget := d.fileLinks(site, doc, l, first)
	return d.withIncluders(doc, l, out, urlTarget)
}

// pageDir: a page with a literal permalink reads its URLs from the
// permalink's directory below the site source ("/a/b/" is a/b, "/a/b.html"
// is a); any other, for pretty permalinks and collections, from x/ (both
// readings of such a page are tried).
func (jekyllGen) pageDir(d *docRefs, site docSite, doc string) (string, bool) {
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
	return stemDir(doc)
}

// urlCandidates: the URL read is a URL of the site: a permalink, or a
// document of a collection, as a root-absolute link to it would be.
func (jekyllGen) urlCandidates(d *docRefs, site docSite, t string) []string {
	if !within(t, site.root) {
		return nil
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(t, site.root), "/")
	if site.root == "." {
		rel = t
	}
	base := ""
	if o := site.jekyll(); o != nil {
		base = strings.TrimRight(o.baseurl, "/")
	}
	return d.jekyllRootCandidates(site, base+"/"+rel)
}

// includeBases: {% include %} reads the source's _includes.
func (jekyllGen) includeBases(site docSite, inc markdown.Include) (markdown.Include, []string, bool) {
	if inc.Syntax == markdown.IncludeJekyll {
		return inc, []string{path.Join(site.root, "_includes")}, true
	}
	return siteDefaults{}.includeBases(site, inc)
}

// jekyllDefaults are the options of a Jekyll site whose _config.yml sets
// none: kramdown with the GFM parser, posts at date-style permalinks.
func jekyllDefaults() *jekyllOptions {
	return &jekyllOptions{input: "GFM", markdown: "kramdown", collections: map[string]string{"posts": jekyllStyles["date"]}}
}

// parseJekyll reads _config.yml at configPath. ok is false when it is not a
// Jekyll site's configuration.
func parseJekyll(t *tree, configPath string, data []byte) (source string, o *jekyllOptions, ok bool) {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return "", nil, false
	}
	top := root.Content[0]
	dir := parentDir(configPath)
	for _, k := range notJekyllKeys {
		if mapValue(top, k) != nil {
			return "", nil, false
		}
	}
	jekyll := false
	for _, k := range jekyllKeys {
		jekyll = jekyll || mapValue(top, k) != nil
	}
	for _, d := range jekyllDirs {
		jekyll = jekyll || t.dirs[path.Join(dir, d)]
	}
	if !jekyll {
		return "", nil, false
	}
	o = jekyllDefaults()
	if n := mapValue(top, "permalink"); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
		o.collections["posts"] = n.Value
		if style, ok := jekyllStyles[n.Value]; ok {
			o.collections["posts"] = style
		}
	}
	if n := mapValue(top, "collections_dir"); n != nil && n.Kind == yaml.ScalarNode {
		o.dir = n.Value
	}
	if c := mapValue(top, "collections"); c != nil && c.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(c.Content); i += 2 {
			name := c.Content[i].Value
			if pl := mapValue(c.Content[i+1], "permalink"); pl != nil && pl.Kind == yaml.ScalarNode && pl.Value != "" {
				o.collections[name] = pl.Value
			} else if _, ok := o.collections[name]; !ok {
				o.collections[name] = "/:collection/:path:output_ext"
			}
		}
	} else if c != nil && c.Kind == yaml.SequenceNode {
		for _, n := range c.Content {
			if _, ok := o.collections[n.Value]; !ok && n.Kind == yaml.ScalarNode {
				o.collections[n.Value] = "/:collection/:path:output_ext"
			}
		}
	}
	source = dir
	if n := mapValue(top, "source"); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
		source = path.Join(dir, n.Value)
	}
	if n := mapValue(top, "baseurl"); n != nil && n.Kind == yaml.ScalarNode {
		o.baseurl = "/" + strings.Trim(n.Value, "/")
	}
	if n := mapValue(top, "markdown"); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
		o.markdown = strings.ToLower(n.Value)
	}
	if k := mapValue(top, "kramdown"); k != nil {
		if n := mapValue(k, "input"); n != nil && n.Value != "" {
			o.input = n.Value
		}
		if n := mapValue(k, "auto_id_prefix"); n != nil {
			o.idPrefix = n.Value
		}
	}
	return source, o, true
}

// jekyllAnchors are the ids the site's Markdown converter gives the
// headings: kramdown's, or GitHub's for the CommonMark converters
// (jekyll-commonmark-ghpages renders GitHub's ids).
func jekyllAnchors(doc *markdown.Document, o *jekyllOptions) []string {
	switch {
	case o.markdown != "kramdown":
		return doc.Anchors
	case strings.EqualFold(o.input, "kramdown"):
		return kramdownAnchors(doc.SiteHeadings, o.idPrefix)
	}
	return kramdownGFMAnchors(doc.SiteHeadings, o.idPrefix)
}

// jekyllPermalink normalises a URL path the way a permalink and a link to
// it compare: without baseurl, a trailing "/", "index.html" or ".html".
func jekyllPermalink(u, baseurl string) string {
	u = "/" + strings.TrimLeft(u, "/")
	if baseurl != "/" && baseurl != "" {
		if rest, ok := strings.CutPrefix(u, baseurl); ok && (rest == "" || rest[0] == '/') {
			u = rest
		}
	}
	u = strings.TrimSuffix(u, "index.html")
	u = strings.TrimSuffix(u, ".html")
	return strings.Trim(u, "/")
}

// collectionCandidates lists the files of the site's collections whose
// permalink pattern the URL path u (normalised by jekyllPermalink) fits:
// a post for /:year/:month/:day/:title, a document for /:collection/:path.
func (o *jekyllOptions) collectionCandidates(root, u string) []string {
	if o == nil {
		return nil
	}
	var out []string
	for _, name := range sortedKeys(o.collections) {
		vars, ok := matchPermalink(o.collections[name], name, u)
		if !ok {
			continue
		}
		dir := path.Join(root, o.dir, "_"+name)
		var stems []string
		switch {
		case name == "posts" && vars["year"] != "" && vars["month"] != "" && vars["day"] != "" && vars["title"] != "":
			stems = append(stems, vars["year"]+"-"+vars["month"]+"-"+vars["day"]+"-"+vars["title"])
		case vars["path"] != "":
			stems = append(stems, vars["path"])
		case vars["title"] != "":
			stems = append(stems, vars["title"])
		case vars["name"] != "":
			stems = append(stems, vars["name"])
		}
		for _, st := range stems {
			p := path.Join(dir, st)
			out = append(out, p+".md", p+".markdown", p+"/index.md", p+".html")
		}
	}
	return out
}

// matchPermalink matches a URL path (no leading or trailing '/', no
// .html) against a permalink pattern, returning its placeholders. A
// :categories segment may be absent; :path takes the rest of the URL.
func matchPermalink(pattern, collection, u string) (map[string]string, bool) {
	pattern = strings.TrimSuffix(strings.TrimSuffix(pattern, ":output_ext"), ".html")
	pat := strings.Split(strings.Trim(pattern, "/"), "/")
	segs := strings.Split(u, "/")
	vars := map[string]string{}
	var match func(i, j int) bool
	match = func(i, j int) bool {
		if i == len(pat) {
			return j == len(segs)
		}
		p := pat[i]
		switch {
		case p == ":categories":
			return match(i+1, j) || (j < len(segs) && match(i+1, j+1))
		case p == ":path":
			if j >= len(segs) {
				return false
			}
			vars["path"] = strings.Join(segs[j:], "/")
			return i == len(pat)-1
		case j >= len(segs):
			return false
		case p == ":collection":
			return segs[j] == collection && match(i+1, j+1)
		case strings.HasPrefix(p, ":") && !strings.Contains(p[1:], ":"):
			vars[p[1:]] = segs[j]
			return match(i+1, j+1)
		default:
			return p == segs[j] && match(i+1, j+1)
		}
	}
	return vars, match(0, 0)
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
	o := site.jekyll()
	if o != nil {
		baseurl = o.baseurl
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
	return append(out, o.collectionCandidates(site.root, key)...)
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

// index maps every page's permalink (as jekyllPermalink normalises it),
// and the old URLs jekyll-redirect-from serves it at too, to the page.
func (jekyllGen) index(d *docRefs, site docSite) {
	m := map[string]string{}
	base := ""
	if o := site.jekyll(); o != nil {
		base = o.baseurl
	}
	for _, x := range d.sitePages(site) {
		urls := []string{x.Markdown.FrontMatter.Fields["permalink"]}
		urls = append(urls, strings.Split(x.Markdown.FrontMatter.Fields["redirect_from"], ", ")...)
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
	if len(m) > 0 {
		d.permalinks[site.root] = m
	}
}
