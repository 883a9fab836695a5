package scan

import (
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// A VitePress site is the directory holding .vitepress/; its pages are the
// Markdown files of its source directory (srcDir, default the site
// directory). The configuration module's literal options (typescript.File.
// SiteConfig) say where that is, the base the site is served below, and
// the rewrites that serve a page at another path.

// vitepressOptions are the options of one VitePress site.
type vitepressOptions struct {
	// base is the URL prefix the site is served below ("/docs/"), "/"
	// when none.
	base string
	// byRoute maps a rewritten page path (repository path, without .md)
	// to its source file; rewritten maps the source file to its served
	// path. Both are empty without rewrites.
	byRoute   map[string]string
	rewritten map[string]string
	// attrs are markdown.attrs' delimiters when they are not "{" and "}":
	// a heading "Title %{#id}%" then has the id "id".
	attrsLeft, attrsRight string
	// attrsOff is markdown.attrs.disable: no attribute list gives an id.
	attrsOff bool
	// sidebar is themeConfig.sidebar as the configuration writes it
	// (site_nav.go reads its links).
	sidebar any
}

// vitepressConfigExts are the extensions of .vitepress/config.*.
var vitepressConfigExts = []string{".ts", ".mts", ".js", ".mjs", ".cts", ".cjs"}

// siteVitePress names the VitePress generator.
const siteVitePress = "vitepress"

// vitepressGen is VitePress: a .vitepress directory marks its site.
// VuePress, from which it comes, renders and resolves the same way
// (vuepressGen).
type vitepressGen struct{ siteDefaults }

func (vitepressGen) kind() string { return siteVitePress }

// vitepress returns the site's VitePress (or VuePress) options; nil for
// another generator's.
func (s docSite) vitepress() *vitepressOptions {
	o, _ := s.opts.(*vitepressOptions)
	return o
}

func (vitepressGen) detect(t *tree) []docSite {
	var out []docSite
	for _, dir := range sortedKeys(t.dirs) {
		if path.Base(dir) == ".vitepress" {
			out = append(out, vitepressSite(t, dir))
		}
	}
	return out
}

// configured reads the configuration module when the tree has it, as
// detection reads it; srcDir over it.
func (vitepressGen) configured(t *tree, c config.Site) (docSite, bool) {
	dir := path.Join(c.Root, ".vitepress")
	s := vitepressSite(t, dir)
	if !t.dirs[dir] {
		s.config = ""
	}
	if c.SrcDir != "" {
		s.root = path.Join(c.Root, c.SrcDir)
	}
	return s, true
}

// anchors are markdown-it-anchor's slugs and markdown.attrs' ids: only
// those.
func (vitepressGen) anchors(doc *markdown.Document, site docSite) ([]string, bool) {
	return slices.Concat(doc.VitePressAnchors, site.vitepress().attrAnchors(doc)), true
}

// links: the base removed and the rewrites applied (vitepressCandidates);
// a destination is read as written, templates and all.
func (vitepressGen) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	if l.Kind == markdown.LinkSite || l.Kind == markdown.LinkPost {
		return nil, "", false
	}
	l, first := d.vitepressCandidates(site, doc, l)
	out, urlTarget := d.fileLinks(site, doc, l, first)
	return d.withIncluders(doc, l, out, urlTarget)
}

// nav: the pages themeConfig.sidebar links to.
func (vitepressGen) nav(d *docRefs, site docSite) []string {
	if o := site.vitepress(); o != nil {
		return d.vitepressSidebar(site, o.sidebar, "", nil, 0)
	}
	return nil
}

// includeBases: <!--@include: @/x.md--> (or @x.md) starts at the source
// directory.
func (vitepressGen) includeBases(site docSite, inc markdown.Include) (markdown.Include, []string, bool) {
	if inc.Syntax != markdown.IncludeVitePress {
		return siteDefaults{}.includeBases(site, inc)
	}
	if rest, ok := strings.CutPrefix(inc.Path, "@"); ok {
		inc.Path = strings.TrimPrefix(rest, "/")
		return inc, []string{site.root}, true
	}
	return inc, nil, true
}

// siteVuePress names the VuePress generator.
const siteVuePress = "vuepress"

// vuepressGen is VuePress: a .vuepress directory marks its site, which
// renders and resolves as VitePress does, but no docbridge.yaml entry
// names.
type vuepressGen struct{ vitepressGen }

func (vuepressGen) kind() string { return siteVuePress }

func (vuepressGen) detect(t *tree) []docSite {
	var out []docSite
	for _, dir := range sortedKeys(t.dirs) {
		if path.Base(dir) == ".vuepress" {
			out = append(out, vuepressSite(t, dir))
		}
	}
	return out
}

func (vuepressGen) configured(*tree, config.Site) (docSite, bool) { return docSite{}, false }

// nav: VuePress' sidebar is not read.
func (vuepressGen) nav(*docRefs, docSite) []string { return nil }

// uncheckedLink: @[code](@alias/x.sh) imports code through an alias of
// the configuration's importCode.handleImportPath, a function the scan
// does not run.
func (vuepressGen) uncheckedLink(_ docSite, l markdown.Link) string {
	if l.CodeImport && strings.HasPrefix(l.Destination, "@") {
		return "code imports through an alias of the site's configuration (VuePress' @[code])"
	}
	return ""
}

// vuepressSite returns the site the .vuepress directory at dir makes: its
// parent is the source directory, served at the configuration's literal
// base. VuePress has no srcDir or rewrites.
func vuepressSite(t *tree, dir string) docSite {
	o := &vitepressOptions{base: "/"}
	s := docSite{root: parentDir(dir), gen: vuepressGen{}, config: dir, opts: o}
	for _, ext := range vitepressConfigExts {
		p := path.Join(dir, "config"+ext)
		x := t.byPath[p]
		if x == nil {
			continue
		}
		s.config = p
		if b, ok := x.TypeScript.SiteConfigValue()["base"].(string); ok && strings.HasPrefix(b, "/") {
			o.base = strings.TrimSuffix(b, "/") + "/"
		}
		break
	}
	return s
}

// vitepressSite returns the site the .vitepress directory at dir makes.
func vitepressSite(t *tree, dir string) docSite {
	root := parentDir(dir)
	o := &vitepressOptions{base: "/"}
	s := docSite{root: root, gen: vitepressGen{}, config: dir, opts: o}
	// The configuration module, then the modules of a config/ directory
	// (config/index.ts first): an option is read from the first that sets
	// it.
	var cfgs []map[string]any
	entry := ""
	for _, ext := range vitepressConfigExts {
		for _, p := range []string{path.Join(dir, "config"+ext), path.Join(dir, "config", "index"+ext)} {
			if x := t.byPath[p]; x != nil && entry == "" {
				entry = p
				if c := x.TypeScript.SiteConfigValue(); c != nil {
					cfgs = append(cfgs, c)
				}
			}
		}
	}
	if entry != "" {
		s.config = entry
	}
	for _, p := range pathsBelow(t.paths, path.Join(dir, "config")) {
		if x := t.byPath[p]; p != entry && x != nil {
			if c := x.TypeScript.SiteConfigValue(); c != nil {
				cfgs = append(cfgs, c)
			}
		}
	}
	option := func(keys ...string) any {
		for _, c := range cfgs {
			var v any = c
			for _, k := range keys {
				m, ok := v.(map[string]any)
				if !ok {
					v = nil
					break
				}
				v = m[k]
			}
			if v != nil {
				return v
			}
		}
		return nil
	}
	cfg := map[string]any{"srcDir": option("srcDir"), "base": option("base"), "rewrites": option("rewrites")}
	// VitePress 1 passes markdown.attrs to markdown-it-attrs
	// (leftDelimiter, rightDelimiter), VitePress 2 to @mdit/plugin-attrs
	// (left, right).
	delimiter := func(v1, v2 string) (string, bool) {
		d, ok := option("markdown", "attrs", v1).(string)
		if !ok {
			d, ok = option("markdown", "attrs", v2).(string)
		}
		return d, ok
	}
	if l, ok := delimiter("leftDelimiter", "left"); ok && l != "" && l != "{" {
		o.attrsLeft = l
		o.attrsRight = "}"
	}
	if off, ok := option("markdown", "attrs", "disable").(bool); ok && off {
		o.attrsOff = true
	}
	if r, ok := delimiter("rightDelimiter", "right"); ok && r != "" && r != "}" {
		o.attrsRight = r
		if o.attrsLeft == "" {
			o.attrsLeft = "{"
		}
	}
	if src, ok := cfg["srcDir"].(string); ok {
		if p := path.Join(root, src); !strings.HasPrefix(p, "../") && p != ".." && t.dirs[p] {
			s.root = p
		}
	}
	if b, ok := cfg["base"].(string); ok && strings.HasPrefix(b, "/") {
		o.base = strings.TrimSuffix(b, "/") + "/"
	}
	if rw, ok := cfg["rewrites"].(map[string]any); ok {
		o.rewrite(t, s.root, rw)
	}
	o.sidebar = option("themeConfig", "sidebar")
	return s
}

// rewriteRule is one entry of rewrites: a path-to-regexp pattern over the
// page's path below the source directory, and its replacement.
type rewriteRule struct {
	re     *regexp.Regexp
	to     string
	params []string
}

var rewriteParam = regexp.MustCompile(`:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?([*+?])?|\((\.\*|[^)]*)\)`)

// rewriteModifier is a parameter's modifier in a replacement (":slug*").
var rewriteModifier = regexp.MustCompile(`(:[A-Za-z_][A-Za-z0-9_]*)[*+?]`)

// compileRewrite turns a rewrites key into a regexp: ":name" is one path
// segment, ":name(.*)", ":name*" (zero or more segments), ":name+" and
// "(.*)" any run of characters, ":name?" an optional segment.
func compileRewrite(from string) (*regexp.Regexp, []string, bool) {
	var b strings.Builder
	var params []string
	b.WriteString("^")
	last, unnamed := 0, 0
	for _, m := range rewriteParam.FindAllStringSubmatchIndex(from, -1) {
		b.WriteString(regexp.QuoteMeta(from[last:m[0]]))
		switch {
		case m[2] >= 0:
			params = append(params, from[m[2]:m[3]])
			switch {
			case m[4] >= 0, m[6] >= 0 && from[m[6]] == '*':
				b.WriteString("(.*)")
			case m[6] >= 0 && from[m[6]] == '+':
				b.WriteString("(.+)")
			case m[6] >= 0:
				b.WriteString("([^/]*)")
			default:
				b.WriteString("([^/]+)")
			}
		default:
			params = append(params, strconv.Itoa(unnamed)) // ":0" in the replacement
			unnamed++
			b.WriteString("(.*)")
		}
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(from[last:]))
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	return re, params, err == nil
}

// rewrite applies the site's rewrites to every page of its source
// directory.
func (o *vitepressOptions) rewrite(t *tree, root string, rw map[string]any) {
	var rules []rewriteRule
	keys := make([]string, 0, len(rw))
	for k := range rw {
		keys = append(keys, k)
	}
	sort.Strings(keys) // object order is lost; keep the answer stable
	for _, from := range keys {
		to, ok := rw[from].(string)
		if !ok {
			continue
		}
		to = rewriteModifier.ReplaceAllString(to, "$1")
		if re, params, ok := compileRewrite(from); ok {
			rules = append(rules, rewriteRule{re, to, params})
		}
	}
	if len(rules) == 0 {
		return
	}
	o.byRoute, o.rewritten = map[string]string{}, map[string]string{}
	for _, p := range t.paths {
		if !within(p, root) || path.Ext(p) != ".md" {
			continue
		}
		rel := strings.TrimPrefix(p, root+"/")
		if root == "." {
			rel = p
		}
		for _, r := range rules {
			m := r.re.FindStringSubmatch(rel)
			if m == nil {
				continue
			}
			to := r.to
			// Longer names first, so ":pkg" does not eat ":pkgName".
			idx := make([]int, len(r.params))
			for i := range idx {
				idx[i] = i
			}
			sort.SliceStable(idx, func(a, b int) bool { return len(r.params[idx[a]]) > len(r.params[idx[b]]) })
			for _, i := range idx {
				to = strings.ReplaceAll(to, ":"+r.params[i], m[i+1])
			}
			served := path.Join(root, strings.TrimPrefix(to, "/"))
			o.rewritten[p] = served
			key := strings.TrimSuffix(served, ".md")
			if _, ok := o.byRoute[key]; !ok {
				o.byRoute[key] = p
			}
			break
		}
	}
}

// vitepressCandidates adds what VitePress makes of a link: the base
// removed from a root-absolute one, and the page rewritten to the path
// named (read from where the linking page is served, too).
func (d *docRefs) vitepressCandidates(site docSite, doc string, l markdown.Link) (markdown.Link, []string) {
	o := site.vitepress()
	if o == nil {
		return l, nil
	}
	if b := strings.TrimSuffix(o.base, "/"); b != "" && strings.HasPrefix(l.Destination, b+"/") {
		if lt, ok := markdown.Retarget(l, strings.TrimPrefix(l.Destination, b), doc); ok && lt.Target != "" {
			l = lt
		}
	}
	if len(o.byRoute) == 0 {
		return l, nil
	}
	targets := []string{l.Target}
	if strings.HasPrefix(l.Destination, "/") {
		targets = []string{path.Join(site.root, l.Target)}
	} else if served, ok := o.rewritten[doc]; ok {
		if lt, ok := markdown.Retarget(l, l.Destination, served); ok && lt.Target != "" {
			targets = append(targets, lt.Target)
		}
	}
	var out []string
	for _, t := range targets {
		t = strings.TrimSuffix(strings.TrimSuffix(t, ".html"), ".md")
		for _, k := range []string{t, t + "/index"} {
			if p, ok := o.byRoute[k]; ok {
				out = append(out, p)
			}
		}
		// A page that is served elsewhere is not at its source path, but
		// the scan keeps that reading too (the source file exists).
		out = append(out, linkCandidates(site.root, true, "", t)...)
	}
	return l, out
}

// attrAnchors are the ids markdown.attrs gives elements other than a
// heading with the default delimiters — a paragraph "text {#id}", a line
// "{#id}" alone — or, with custom delimiters, the document's headings:
// "Title %{#id}%" (or "%{ #id .class }%").
func (o *vitepressOptions) attrAnchors(doc *markdown.Document) []string {
	if o != nil && o.attrsOff {
		return nil
	}
	if o == nil || o.attrsLeft == "" {
		return doc.AttrAnchors
	}
	var out []string
	for _, h := range doc.SiteHeadings {
		text := strings.TrimSpace(h.Text)
		body, ok := strings.CutSuffix(text, o.attrsRight)
		if !ok {
			continue
		}
		i := strings.LastIndex(body, o.attrsLeft)
		if i < 0 {
			continue
		}
		for _, f := range strings.Fields(body[i+len(o.attrsLeft):]) {
			if id, ok := strings.CutPrefix(f, "#"); ok && id != "" {
				out = append(out, id)
			}
		}
	}
	return out
}
