package scan

import (
	"cmp"
	"fmt"
	"net/url"
	"path"
	"sort"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/hugo"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Hugo sites. A Hugo site is rooted where its configuration is (hugo.*, a
// config.* with Hugo keys, or config/_default/). Hugo serves a virtual
// content tree assembled from mounts (module.mounts targeting content,
// languages.*.contentDir, or contentDir), resolves paths in it
// case-insensitively (lowercased, spaces as '-'), and serves a page at its
// path without extension: /a/b/ is a/b.md, a/b/_index.md or a/b/index.md.

// hugoSite is one Hugo site of the repository.
type hugoSite struct {
	root string
	// permalinks maps a top-level section to its permalink pattern.
	permalinks map[string]string
	configs    []string // the configuration files read, sorted
	// content maps the virtual content tree onto the repository; static
	// holds the directories served at "/".
	content []hugoMount
	static  []string
	langs   []string
	// idType is the heading-id type; attributes says whether {#id} sets a
	// heading's id.
	idType     string
	attributes bool
	// emoji is enableEmoji: :emoji: shortcodes in headings are emoji.
	emoji bool
	// terms is set when definition terms get ids (autoDefinitionTermID).
	terms bool
	// renderHook is the path of a link render hook (layouts/…/_markup/
	// render-link.html, in the site or a theme in the tree); empty if none.
	renderHook string
	// inferred names the content roots taken from language directories
	// (content/<lang>) when the configuration in the tree names none.
	inferred []string
	// configured is set when docbridge.yaml declares the site.
	configured bool
	// themes are the theme directories found in the tree.
	themes []string
	// generated are the first path segments of pages Hugo generates
	// without a content file (taxonomy lists); outputs are the base names
	// of files it writes at the root (sitemap.xml, an llms.txt format).
	generated, outputs []string
}

// hugoMount maps the repository directory (or file) source to target, a
// path of the virtual content tree ("" for its root).
type hugoMount struct {
	source, target string
	// missing is set when source is not in the scanned tree (a directory
	// generated at build time, a submodule): links into target cannot be
	// checked.
	missing bool
}

// hugoSites finds the Hugo sites of the tree, sorted by root.
func hugoSites(t *tree) []*hugoSite {
	byRoot := map[string][]*Extraction{}
	for i := range t.ex {
		x := &t.ex[i]
		if x.HugoConfig != nil && x.HugoConfig.Hugo && !hugo.InEnvironmentDir(x.Path) {
			r := hugo.SiteRoot(x.Path)
			byRoot[r] = append(byRoot[r], x)
		}
	}
	var sites []*hugoSite
	themes := map[string]bool{}
	for _, root := range sortedKeys(byRoot) {
		if s := newHugoSite(t, root, byRoot[root]); s != nil {
			sites = append(sites, s)
			for _, th := range s.themes {
				themes[th] = true
			}
		}
	}
	// A theme (or module) with a configuration of its own is part of the
	// sites that use it, not a site; the files it generates are theirs.
	var out []*hugoSite
	for _, s := range sites {
		if themes[s.root] {
			continue
		}
		for _, th := range s.themes {
			for _, x := range byRoot[th] {
				s.outputs = append(s.outputs, x.HugoConfig.OutputBaseNames...)
			}
		}
		out = append(out, s)
	}
	return out
}

// configRank orders a site's configuration files by precedence: the root
// file (hugo.* before config.*), then config/_default's root file, then
// config/_default's section files by name.
func configRank(p string) (int, string) {
	base := path.Base(p)
	switch {
	case !hugo.InConfigDir(p) && strings.HasPrefix(base, "hugo."):
		return 0, p
	case !hugo.InConfigDir(p):
		return 1, p
	case hugo.Primary(p):
		return 2, p
	}
	return 3, p
}

func newHugoSite(t *tree, root string, xs []*Extraction) *hugoSite {
	sort.Slice(xs, func(i, j int) bool {
		ri, pi := configRank(xs[i].Path)
		rj, pj := configRank(xs[j].Path)
		return ri < rj || ri == rj && pi < pj
	})
	s := &hugoSite{root: root, attributes: true}
	contentDir, themesDir := "", ""
	var themes, imports, taxonomies []string
	taxonomiesSet := false
	var mounts, templateMounts []hugo.Mount
	langDirs := map[string]string{}
	hugoFile := false
	for _, x := range xs {
		c := x.HugoConfig
		s.configs = append(s.configs, x.Path)
		hugoFile = hugoFile || strings.HasPrefix(path.Base(x.Path), "hugo.") || hugo.InConfigDir(x.Path)
		contentDir = cmp.Or(contentDir, c.ContentDir)
		themesDir = cmp.Or(themesDir, c.ThemesDir)
		s.idType = cmp.Or(s.idType, c.AutoIDType)
		if c.AttributeTitleOff {
			s.attributes = false
		}
		s.terms = s.terms || c.AutoDefinitionTermID
		s.emoji = s.emoji || c.EnableEmoji
		if len(themes) == 0 {
			themes = c.Themes
		}
		imports = append(imports, c.Imports...)
		if c.Template {
			templateMounts = append(templateMounts, c.Mounts...)
		} else {
			mounts = append(mounts, c.Mounts...)
		}
		if c.Taxonomies != nil && !taxonomiesSet {
			taxonomies, taxonomiesSet = c.Taxonomies, true
		}
		s.outputs = append(s.outputs, c.OutputBaseNames...)
		for _, pl := range c.Permalinks {
			if _, ok := s.permalinks[pl.Section]; !ok {
				if s.permalinks == nil {
					s.permalinks = map[string]string{}
				}
				s.permalinks[pl.Section] = pl.Pattern
			}
		}
		for _, l := range c.Languages {
			if _, ok := langDirs[l.Key]; !ok || langDirs[l.Key] == "" {
				langDirs[l.Key] = l.ContentDir
			}
		}
	}
	sort.Strings(s.configs)
	if len(mounts) == 0 {
		// The file a build renders from its template is absent (or holds
		// no mounts): the template says what it will mount.
		mounts = templateMounts
	}
	if !taxonomiesSet {
		taxonomies = []string{"tags", "categories"}
	}
	s.generated = taxonomies
	s.outputs = append(s.outputs, "sitemap", "robots", "index", "404")
	// A legacy config.* with Hugo keys is a site only with a site's layout.
	if !hugoFile && len(mounts) == 0 && !t.dirs[path.Join(root, cmp.Or(contentDir, "content"))] && !t.dirs[path.Join(root, "layouts")] {
		return nil
	}
	s.langs = sortedKeys(langDirs)
	for _, m := range mounts {
		src := repoPath(root, m.Source)
		if src == "" {
			continue
		}
		if tg := path.Clean(m.Target); tg == "content" || strings.HasPrefix(tg, "content/") {
			s.content = append(s.content, contentMount(t, src, tg))
		} else if tg == "static" {
			s.static = append(s.static, src)
		}
	}
	if len(s.content) == 0 {
		for _, l := range s.langs {
			if d := langDirs[l]; d != "" {
				if src := repoPath(root, d); src != "" {
					s.content = append(s.content, hugoMount{source: src})
				}
			}
		}
		base := repoPath(root, cmp.Or(contentDir, "content"))
		if base != "" {
			s.content = append(s.content, hugoMount{source: base})
		}
		if len(s.content) == 1 && base != "" {
			// No mount and no language content directory in the tree's
			// configuration, but a content directory per language: the
			// layout of a multilingual site whose mounts are generated.
			for _, l := range s.langs {
				if d := path.Join(base, l); t.dirs[d] {
					s.content = append(s.content, hugoMount{source: d})
					s.inferred = append(s.inferred, d)
				}
			}
		}
	}
	if len(s.static) == 0 {
		s.static = append(s.static, path.Join(root, "static"))
	}
	s.renderHook = renderHookIn(t, path.Join(root, "layouts"))
	for _, th := range themes {
		dir := themeDir(t, root, cmp.Or(themesDir, "themes"), th)
		if dir == "" {
			continue
		}
		s.themes = append(s.themes, dir)
		s.static = append(s.static, path.Join(dir, "static"))
		if s.renderHook == "" {
			s.renderHook = renderHookIn(t, path.Join(dir, "layouts"))
		}
	}
	for _, im := range imports {
		if s.renderHook == "" && moduleRenderHooks[strings.TrimSuffix(im, "/v2")] {
			s.renderHook = "the link render hook of " + im
		}
	}
	return s
}

// moduleRenderHooks are theme modules whose link render hook looks a
// root-absolute destination up as a page (GetPage), read at the source:
// Hextra's layouts/_markup/render-link.html.
var moduleRenderHooks = map[string]bool{"github.com/imfing/hextra": true}

// contentMount mounts the repository path src at target, a cleaned path
// under Hugo's content/ ("content/docs" is the content path docs).
func contentMount(t *tree, src, target string) hugoMount {
	return hugoMount{source: src, target: strings.TrimPrefix(strings.TrimPrefix(target, "content"), "/"),
		missing: !t.files[src] && !t.dirs[src]}
}

// repoPath joins a path of the site's configuration to the site root; ""
// when it leaves the repository.
func repoPath(root, p string) string {
	j := path.Clean(path.Join(root, p))
	if path.IsAbs(p) || j == ".." || strings.HasPrefix(j, "../") {
		return ""
	}
	return j
}

// themeDir finds a theme in the tree: themesDir/name under the site root,
// or, for a module path ("docsy/theme"), its trailing segments from the
// repository root (a theme developed in the same repository).
func themeDir(t *tree, root, themesDir, name string) string {
	if d := repoPath(root, path.Join(themesDir, name)); d != "" && t.dirs[d] {
		return d
	}
	segs := strings.Split(path.Clean(name), "/")
	for k := 1; k < len(segs); k++ {
		if d := strings.Join(segs[k:], "/"); t.dirs[d] {
			return d
		}
	}
	return ""
}

// renderHookIn returns a link render hook under a layouts directory:
// _markup/render-link.html at any depth (_default/_markup/ before Hugo
// 0.146), output-format variants included.
func renderHookIn(t *tree, layouts string) string {
	if !t.dirs[layouts] {
		return ""
	}
	for _, p := range t.paths {
		if !within(p, layouts) {
			continue
		}
		base := path.Base(p)
		if path.Base(path.Dir(p)) == "_markup" && strings.HasPrefix(base, "render-link") && strings.HasSuffix(base, ".html") {
			return p
		}
	}
	return ""
}

// virtual returns the paths of Hugo's content tree a repository path is
// mounted at, in mount order.
func (s *hugoSite) virtual(p string) []string {
	var out []string
	for _, m := range s.content {
		if p == m.source || within(p, m.source) {
			rest := strings.TrimPrefix(strings.TrimPrefix(p, m.source), "/")
			out = append(out, path.Join(m.target, rest))
		}
	}
	return out
}

// pageTarget is the page path a file mount's target serves: without its
// extension, and without a final _index or index ("docs/x/_index.md" is
// the page docs/x).
func pageTarget(target string) string {
	ext := path.Ext(target)
	if !hugoContentExts[strings.ToLower(ext)] {
		return target
	}
	t := strings.TrimSuffix(target, ext)
	if b := path.Base(t); b == "_index" || b == "index" {
		t = path.Dir(t)
	}
	return t
}

// sources returns the repository paths a virtual content path may come
// from, in mount order.
func (s *hugoSite) sources(v string) []string {
	var out []string
	for _, m := range s.content {
		switch {
		case m.target == "":
			out = append(out, path.Join(m.source, v))
		case v == m.target || hugoKey(v) == hugoKey(pageTarget(m.target)):
			out = append(out, m.source)
		case strings.HasPrefix(v, m.target+"/"):
			out = append(out, path.Join(m.source, strings.TrimPrefix(v, m.target+"/")))
		}
	}
	return out
}

// sourcesFrom is sources with the content roots the document itself is
// mounted from first, innermost first: a page links into its own
// language's tree before another's.
func (s *hugoSite) sourcesFrom(doc, v string) []string {
	own := s.ownRoots(doc)
	if len(own) == 0 {
		return s.sources(v)
	}
	out := make([]string, 0, len(s.content))
	for _, r := range own {
		out = append(out, path.Join(r, v))
	}
	return append(out, s.sources(v)...)
}

// ownRoots are the content roots (mounts at the root of the content tree)
// doc lies in, innermost first, in mount order among equals.
func (s *hugoSite) ownRoots(doc string) []string {
	var own []string
	for _, m := range s.content {
		if m.target == "" && within(doc, m.source) {
			own = append(own, m.source)
		}
	}
	sort.SliceStable(own, func(i, j int) bool { return len(own[i]) > len(own[j]) })
	return own
}

// contains reports whether a document belongs to the site: it lies under
// the site root or is mounted into its content.
func (s *hugoSite) contains(doc string) bool {
	return within(doc, s.root) || s.root == "." || len(s.virtual(doc)) > 0
}

// hugoIndex finds files and directories the way Hugo's path lookups do:
// lowercased, spaces as '-', a content file also by its path without
// extension.
type hugoIndex struct {
	paths map[string][]string // normalized path → repository paths
	pages map[string][]string // normalized path of a page without its extension → repository paths
	// urls maps the normalized url, aliases and slug paths set in front
	// matter to the documents that set them.
	urls map[string][]string
}

func hugoKey(p string) string {
	return strings.ReplaceAll(strings.ToLower(strings.Trim(p, "/")), " ", "-")
}

var hugoContentExts = map[string]bool{".md": true, ".markdown": true, ".mdown": true, ".html": true, ".htm": true, ".adoc": true, ".org": true, ".pdc": true, ".rst": true}

func newHugoIndex(t *tree) *hugoIndex {
	ix := &hugoIndex{paths: map[string][]string{}, pages: map[string][]string{}, urls: map[string][]string{}}
	for _, p := range t.paths {
		k := hugoKey(p)
		ix.paths[k] = append(ix.paths[k], p)
		if ext := path.Ext(p); hugoContentExts[strings.ToLower(ext)] {
			k := strings.TrimSuffix(k, strings.ToLower(ext))
			ix.pages[k] = append(ix.pages[k], p)
		}
	}
	for _, d := range sortedKeys(t.dirs) {
		k := hugoKey(d)
		ix.paths[k] = append(ix.paths[k], d)
	}
	return ix
}

// page returns the repository path of the page or file at repository path
// p, found Hugo's way: p itself, p without ".html", p.md (any content
// extension), p/_index.md, p/index.md, p as a directory.
func (ix *hugoIndex) page(p string) (string, bool) {
	k := hugoKey(p)
	if strings.HasSuffix(k, ".html") {
		k2 := strings.TrimSuffix(k, ".html")
		if l := ix.pages[k2]; len(l) > 0 {
			return l[0], true
		}
	}
	for _, c := range []string{k, k + "/_index", k + "/index"} {
		if l := ix.pages[c]; len(l) > 0 {
			return l[0], true
		}
	}
	if l := ix.paths[k]; len(l) > 0 {
		return l[0], true
	}
	return "", false
}

// hugoState is what resolution keeps of the repository's Hugo sites.
type hugoState struct {
	sites []*hugoSite
	index *hugoIndex
	// docSites maps every document of a site to it.
	docSites map[string]*hugoSite
	// pageURL maps a page its section's permalink serves to that URL
	// (no leading or trailing slash).
	pageURL map[string]string
	// openPages maps a page that calls a shortcode of its site
	// (not a built-in, not closed, not resolved as an include) to its
	// name: its output is rendered as Markdown and may bring headings the
	// scan cannot see, so a missing anchor there is not reported.
	openPages map[string]string
	// included maps a page to the files its shortcodes pull in (includes);
	// includedBy maps such a file to those pages, sorted: its links resolve
	// from them and its anchors are theirs.
	included, includedBy map[string][]string
}

// newHugoState finds the sites and indexes the tree for them; nil when the
// repository has no Hugo site.
func newHugoState(t *tree) *hugoState {
	sites := mergeConfiguredSites(t, hugoSites(t), t.cfg)
	if len(sites) == 0 {
		return nil
	}
	h := &hugoState{sites: sites, index: newHugoIndex(t), docSites: map[string]*hugoSite{}, pageURL: map[string]string{}, included: map[string][]string{}, includedBy: map[string][]string{}, openPages: map[string]string{}}
	for i := range t.ex {
		x := &t.ex[i]
		if x.Markdown == nil {
			continue
		}
		s := h.siteOf(x.Path)
		if s == nil {
			continue
		}
		h.docSites[x.Path] = s
		fm := x.Markdown.FrontMatter.Fields
		if u := hugoKey(fm["url"]); u != "" {
			h.index.urls[u] = append(h.index.urls[u], x.Path)
		}
		for _, v := range s.virtual(x.Path) {
			// Aliases and slugs are relative to the page's directory (a
			// bundle's: the directory holding it).
			dir := path.Dir(v)
			if b := path.Base(v); strings.HasPrefix(b, "index.") || strings.HasPrefix(b, "_index.") {
				dir = path.Dir(dir)
			}
			var keys []string
			for _, a := range strings.Split(fm["aliases"], ", ") {
				switch {
				case a == "":
				case strings.HasPrefix(a, "/"):
					keys = append(keys, hugoKey(a))
				default:
					keys = append(keys, hugoKey(path.Join(dir, a)))
				}
			}
			if slug := fm["slug"]; slug != "" {
				keys = append(keys, hugoKey(path.Join(dir, slug)))
			}
			if u, ok := s.permalink(v, fm); ok {
				keys = append(keys, hugoKey(u))
				if _, seen := h.pageURL[x.Path]; !seen {
					h.pageURL[x.Path] = strings.Trim(u, "/")
				}
			}
			for _, k := range keys {
				h.index.urls[k] = append(h.index.urls[k], x.Path)
			}
		}
	}
	for i := range t.ex {
		x := &t.ex[i]
		if s := h.docSites[x.Path]; s != nil && x.Markdown != nil {
			incs := h.includes(s, x)
			if len(incs) > 0 {
				h.included[x.Path] = incs
			}
			if name := openShortcode(x.Markdown, len(incs)); name != "" {
				h.openPages[x.Path] = name
			}
			for _, inc := range incs {
				if l := h.includedBy[inc]; len(l) == 0 || l[len(l)-1] != x.Path {
					h.includedBy[inc] = append(l, x.Path)
				}
			}
		}
	}
	return h
}

// siteOf returns the innermost site a document belongs to.
func (h *hugoState) siteOf(doc string) *hugoSite {
	var best *hugoSite
	for _, s := range h.sites {
		if s.contains(doc) && (best == nil || len(s.root) > len(best.root)) {
			best = s
		}
	}
	return best
}

// anchors returns the anchors a Hugo page renders, lowercased.
func (s *hugoSite) anchors(doc *markdown.Document) map[string]bool {
	set := map[string]bool{}
	for _, a := range markdown.HugoAnchors(doc.Hugo, markdown.HugoIDOptions{Kind: s.idType, Attributes: s.attributes, Terms: s.terms, Emoji: s.emoji}) {
		set[strings.ToLower(a)] = true
	}
	return set
}

// hugoOutcome is how a Hugo link resolved.
type hugoOutcome int

const (
	hugoBroken     hugoOutcome = iota
	hugoFound                  // target is the repository path
	hugoNotAPath               // a template, or a word the render hook resolves
	hugoUnverified             // into a mount whose source is not in the tree
)

// unverified returns the missing mount source a virtual path lies in.
func (s *hugoSite) unverified(v string) (string, bool) {
	for _, m := range s.content {
		if m.missing && (m.target == "" || v == m.target || strings.HasPrefix(v, m.target+"/") || hugoKey(v) == hugoKey(pageTarget(m.target))) {
			return m.source, true
		}
	}
	return "", false
}

// resolveLink resolves a Markdown link destination of doc the ways Hugo
// (and a browser reading its output) may: a template ({{ … }}) or, where a
// render hook exists, a bare word is not a path; a root-absolute path is
// looked up in the content tree, then the static directories, then the
// repository; a relative one as the repository path, then from the page's
// file, from the page's URL and from the content root. It returns the
// repository path found.
func (h *hugoState) resolveLink(s *hugoSite, doc string, l markdown.Link) (out hugoOutcome, found string, tried []string) {
	dest := l.Destination
	if strings.Contains(dest, "{{") {
		return hugoNotAPath, "", nil
	}
	p := dest
	if i := strings.IndexAny(p, "#?"); i >= 0 {
		p = p[:i]
	}
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	if s.renderHook != "" && p != "" && !strings.ContainsAny(p, "/.") {
		return hugoNotAPath, "", nil
	}
	// files are the repository paths tried after the content tree. The
	// link's own target (GitHub's reading) comes first for a relative link,
	// last for a root-absolute one: Hugo serves the site at /, not the
	// repository.
	var virtual, files []string
	if strings.HasPrefix(p, "/") {
		v := strings.Trim(path.Clean(p), "/")
		virtual = append(virtual, v)
		if lang, rest, _ := strings.Cut(v, "/"); contains(s.langs, lang) {
			virtual = append(virtual, rest)
			v = rest
		}
		if s.generatedPath(v) {
			return hugoNotAPath, "", nil
		}
		for _, st := range s.static {
			files = append(files, path.Join(st, v))
		}
		if l.Target != "" {
			files = append(files, l.Target)
		}
	} else {
		if (p == "." || p == "./") && s.renderHook == "" && !hugoIndexPage(doc) {
			// "./#id" on a regular page: Hugo serves a/b.md at /a/b/, and
			// the browser resolves "./" to that URL, the page itself
			// (not the section's index, GitHub's reading).
			return hugoFound, doc, nil
		}
		if l.Target != "" {
			tried = append(tried, l.Target)
			if got, ok := h.index.page(l.Target); ok {
				return hugoFound, got, nil
			}
		}
		var froms []string
		for _, page := range append([]string{doc}, h.includedBy[doc]...) {
			froms = append(froms, s.virtual(page)...)
		}
		for _, v := range froms {
			dir := path.Dir(v)
			virtual = append(virtual, path.Join(dir, p))
			// The browser reads the link from the page's URL: /dir/ for
			// a section or a bundle, /a/b/ for a regular page a/b.md; a
			// static file served at the URL it names lands too (an image
			// of the home page, static/shot.png for "shot.png").
			urlDir := dir
			if b := path.Base(v); !strings.HasPrefix(b, "_index.") && !strings.HasPrefix(b, "index.") {
				urlDir = strings.TrimSuffix(v, path.Ext(v))
			}
			if u := path.Join(urlDir, p); u != ".." && !strings.HasPrefix(u, "../") {
				for _, st := range s.static {
					files = append(files, path.Join(st, u))
				}
			}
			switch b := path.Base(v); {
			case strings.HasPrefix(b, "index."):
				// A link render hook (GetPage) resolves from the
				// directory holding a leaf bundle.
				virtual = append(virtual, path.Join(path.Dir(dir), p))
			case !strings.HasPrefix(b, "_index."):
				// A regular page is served one level down (/a/b/ for
				// a/b.md): the browser resolves from there.
				virtual = append(virtual, path.Join(strings.TrimSuffix(v, path.Ext(v)), p))
			}
		}
		for _, page := range append([]string{doc}, h.includedBy[doc]...) {
			// A page with a permalink is served there: the browser reads
			// the link from that URL.
			if u := h.pageURL[page]; u != "" {
				if v := path.Join(u, p); v != ".." && !strings.HasPrefix(v, "../") {
					virtual = append(virtual, v)
					for _, st := range s.static {
						files = append(files, path.Join(st, v))
					}
				}
			}
		}
		virtual = append(virtual, path.Clean(p))
	}
	for _, v := range virtual {
		if v == ".." || strings.HasPrefix(v, "../") {
			continue
		}
		if got, ok := h.lookup(s, doc, v); ok {
			return hugoFound, got, nil
		}
		tried = append(tried, s.sources(v)...)
	}
	for _, c := range files {
		tried = append(tried, c)
		if got, ok := h.index.page(c); ok {
			return hugoFound, got, nil
		}
	}
	for _, v := range virtual {
		if src, ok := s.unverified(v); ok {
			return hugoUnverified, src, nil
		}
	}
	return hugoBroken, "", tried
}

// generatedPath reports whether a virtual path names what Hugo generates
// without a content file: a taxonomy's pages, a root output file.
func (s *hugoSite) generatedPath(v string) bool {
	first, _, _ := strings.Cut(v, "/")
	if contains(s.generated, first) {
		return true
	}
	b := path.Base(v)
	if name, ext, ok := strings.Cut(b, "."); ok && ext != "" && !strings.Contains(ext, "/") {
		if contains(s.outputs, name) && (name != "index" || ext == "xml") {
			return true
		}
	}
	return false
}

// lookup finds the page at virtual content path v.
func (h *hugoState) lookup(s *hugoSite, doc, v string) (string, bool) {
	srcs := s.sourcesFrom(doc, v)
	// Translation by file name: in a multilingual site a.md is also
	// a.<lang>.md (and a section's _index.md its _index.<lang>.md). A page
	// in a language looks pages up in its own language's site first (ref
	// "partials#コメント" from a .ja.md page is partials/index.ja.md), then
	// as the default language holds them, then in the other languages.
	own := fileLang(s, doc)
	if own != "" {
		for _, src := range srcs {
			for _, c := range langVariants(src, own) {
				if got, ok := h.index.page(c); ok {
					return got, true
				}
			}
		}
	}
	for _, src := range srcs {
		if got, ok := h.index.page(src); ok {
			return got, true
		}
	}
	for _, lang := range s.langsFor(doc) {
		if lang == own {
			continue
		}
		for _, src := range srcs {
			for _, c := range langVariants(src, lang) {
				if got, ok := h.index.page(c); ok {
					return got, true
				}
			}
		}
	}
	if l := h.index.urls[hugoKey(v)]; len(l) > 0 {
		return l[0], true
	}
	if s.renderHook != "" {
		// A link render hook looks the destination up as a page (GetPage),
		// where a/index.md and a/_index.md name the page a, whatever its
		// file: a.md or a bundle; so do a/index and a/_index (a link to
		// /customization/index/ is the section's _index.md).
		if b := path.Base(v); b != v && (b == "index" || b == "_index" ||
			(strings.HasPrefix(b, "index.") || strings.HasPrefix(b, "_index.")) && hugoContentExts[strings.ToLower(path.Ext(b))]) {
			return h.lookup(s, doc, path.Dir(v))
		}
	}
	return "", false
}

// langsFor are the site's languages, doc's own first (the language its
// file name carries: guide.fr.md is French).
func (s *hugoSite) langsFor(doc string) []string {
	if len(s.langs) == 0 {
		return nil
	}
	own := fileLang(s, doc)
	out := make([]string, 0, len(s.langs))
	if own != "" {
		out = append(out, own)
	}
	for _, l := range s.langs {
		if l != own {
			out = append(out, l)
		}
	}
	return out
}

// fileLang is the site language p's file name carries (a.en.md: en), or "".
func fileLang(s *hugoSite, p string) string {
	b := strings.TrimSuffix(path.Base(p), path.Ext(p))
	if i := strings.LastIndexByte(b, '.'); i > 0 {
		for _, l := range s.langs {
			if strings.EqualFold(b[i+1:], l) {
				return l
			}
		}
	}
	return ""
}

// langVariants are the files that hold page p in language lang when a
// site translates by file name: p.<lang>.md for p.md; for p without a
// content extension (a page or a section named by its path),
// p.<lang>, p/_index.<lang> and p/index.<lang>, which page completes with
// an extension.
func langVariants(p, lang string) []string {
	if ext := path.Ext(p); hugoContentExts[strings.ToLower(ext)] {
		return []string{strings.TrimSuffix(p, ext) + "." + lang + ext}
	}
	return []string{p + "." + lang, path.Join(p, "_index."+lang), path.Join(p, "index."+lang)}
}

// resolveRef resolves the path of a ref or relref shortcode (Hugo's
// GetPage): "" is the page itself; "/x" is looked up from the content
// root, then (one segment) by base name; another path first relative to the page (a branch bundle's own
// directory, else the directory holding the page or its bundle), then,
// unless it starts with ".", from the content root, then, without a "/",
// by base name anywhere in the site.
func (h *hugoState) resolveRef(s *hugoSite, doc, ref string) (string, bool) {
	ref = strings.TrimSuffix(strings.ReplaceAll(ref, `\`, "/"), "/")
	if ref == "" {
		return doc, true
	}
	if strings.HasPrefix(ref, "/") {
		rest := strings.TrimPrefix(path.Clean(ref), "/")
		if got, ok := h.lookup(s, doc, rest); ok || strings.Contains(rest, "/") {
			return got, ok
		}
		// "/name" that is no page at the root: Hugo then looks the name
		// up among all pages, as for "name".
		return h.byBaseName(s, rest)
	}
	for _, v := range s.virtual(doc) {
		dir := path.Dir(v)
		if strings.HasPrefix(path.Base(v), "index.") {
			dir = path.Dir(dir)
		}
		if got, ok := h.lookup(s, doc, path.Join(dir, ref)); ok {
			return got, true
		}
	}
	// The file system next to the source file.
	if got, ok := h.index.page(path.Join(path.Dir(doc), ref)); ok {
		return got, true
	}
	if strings.HasPrefix(ref, ".") {
		return "", false
	}
	if got, ok := h.lookup(s, doc, path.Clean(ref)); ok {
		return got, true
	}
	if !strings.Contains(ref, "/") {
		return h.byBaseName(s, ref)
	}
	return "", false
}

// refCandidates are the repository paths resolveRef looks at first (for
// telling an excluded target from a missing one).
func (h *hugoState) refCandidates(s *hugoSite, doc, ref string) []string {
	ref = strings.TrimSuffix(ref, "/")
	var out []string
	if strings.HasPrefix(ref, "/") {
		return s.sources(strings.TrimPrefix(path.Clean(ref), "/"))
	}
	for _, v := range s.virtual(doc) {
		out = append(out, s.sources(path.Join(path.Dir(v), ref))...)
	}
	return append(out, path.Join(path.Dir(doc), ref))
}

// byBaseName finds the one page of the site whose file or bundle is named
// name (with or without extension).
func (h *hugoState) byBaseName(s *hugoSite, name string) (string, bool) {
	want := hugoKey(strings.TrimSuffix(name, path.Ext(name)))
	var found []string
	for doc, ds := range h.docSites {
		if ds != s || len(s.virtual(doc)) == 0 {
			continue
		}
		b := strings.TrimSuffix(path.Base(doc), path.Ext(doc))
		if l := fileLang(s, doc); l != "" {
			b = strings.TrimSuffix(b, "."+l) // translation by file name
		}
		if b == "index" || b == "_index" {
			b = path.Base(path.Dir(doc))
		}
		if hugoKey(b) == want {
			found = append(found, doc)
		}
	}
	sort.Strings(found)
	if len(found) == 0 {
		return "", false
	}
	return found[0], true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hugoLink resolves one link of a document in a Hugo site; it reports
// false when the link is not Hugo's to resolve (an external link, a
// same-page anchor), leaving it to link.
func (d *docRefs) hugoLink(x *Extraction, from string, s *hugoSite, l markdown.Link) bool {
	if l.Kind != markdown.LinkRelative {
		return false
	}
	ev := snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: l.Line, Context: l.Destination}
	if markdown.IsArchetype(x.Path) {
		return true // a template: its links are filled in when content is created
	}
	out, target, tried := d.hugo.resolveLink(s, x.Path, l)
	switch out {
	case hugoNotAPath:
		return true
	case hugoUnverified:
		d.unverified[mountReason(target)]++
		return true
	case hugoFound:
		ids := d.entitiesAt(target)
		if len(ids) == 0 {
			return true // a file or directory that is no entity
		}
		d.linkTo(x, from, l, target, ids, ev)
		return true
	}
	if d.hugoExcluded(l.Line, tried) {
		return true
	}
	if inIncludes(x.Path) && len(d.hugo.includedBy[x.Path]) == 0 && !strings.HasPrefix(l.Destination, "/") {
		// Relative to the page that includes the file, which the scan
		// could not tell (a custom shortcode pulls it in).
		d.unverified["relative, in an _includes file whose including pages are not known"]++
		return true
	}
	if placeholderDestination(l.Destination) {
		return true // names no file: a link still to be written
	}
	if d.builtIntoSite(s.root, tried) || d.servedByHost(s.root, l.Destination) || d.draft(x.Path) {
		return true
	}
	d.relate(snapshot.RelLinksTo, from, d.unresolved(d.hugoBrokenTarget(s, x.Path, l), l.Destination), snapshot.Observed, ev)
	return true
}

// inIncludes reports whether doc lies in an _includes directory: a
// fragment that shortcodes pull into pages, not a page.
func inIncludes(doc string) bool {
	for _, seg := range strings.Split(path.Dir(doc), "/") {
		if seg == "_includes" {
			return true
		}
	}
	return false
}

// hugoExcluded records a reference whose candidates include a path
// excluded from the scan: it may exist, so it is not reported broken.
func (d *docRefs) hugoExcluded(line int, tried []string) bool {
	for _, c := range tried {
		if ex, ok := d.t.excludedAt(c); ok {
			d.excludedRefs[excludedRef{line, c}] = ex
			return true
		}
	}
	return false
}

// hugoBrokenTarget names the path a broken link meant: a root-absolute
// link under the first content root, another its GitHub target.
func (d *docRefs) hugoBrokenTarget(s *hugoSite, doc string, l markdown.Link) string {
	p := l.Destination
	if i := strings.IndexAny(p, "#?"); i >= 0 {
		p = p[:i]
	}
	if strings.HasPrefix(p, "/") && len(s.content) > 0 {
		v := strings.Trim(path.Clean(p), "/")
		// Under the content root the page itself is mounted from.
		if own := s.ownRoots(doc); len(own) > 0 {
			return path.Join(own[0], v)
		}
		if src := s.sources(v); len(src) > 0 {
			return src[0]
		}
	}
	if l.Target != "" {
		return l.Target
	}
	return path.Join(path.Dir(doc), p)
}

// hugoRefs resolves a document's ref and relref shortcodes: links Hugo
// checks when it builds (an unknown page fails the build).
func (d *docRefs) hugoRefs(x *Extraction, from string, s *hugoSite) {
	doc := x.Markdown
	if doc.Hugo == nil || markdown.IsArchetype(x.Path) {
		return
	}
	for _, sc := range doc.Hugo.Shortcodes {
		if sc.Name != "ref" && sc.Name != "relref" {
			continue
		}
		ref, anchor, _ := strings.Cut(sc.Arg, "#")
		if strings.Contains(ref, "{{") || strings.Contains(ref, "://") {
			continue
		}
		// Hugo parses the argument as a URL: its path is percent-decoded.
		if u, err := url.PathUnescape(ref); err == nil {
			ref = u
		}
		l := markdown.Link{Destination: sc.Arg, Line: sc.Line, Kind: markdown.LinkRelative, Anchor: anchor}
		// The context is the destination as written, as a link's is, so
		// that a finding reads its anchor back from it.
		ev := snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: sc.Line, Context: sc.Arg}
		target, ok := d.hugo.resolveRef(s, x.Path, ref)
		if !ok && strings.HasPrefix(ref, "/") {
			if src, un := s.unverified(strings.TrimPrefix(path.Clean(ref), "/")); un {
				d.unverified[mountReason(src)]++
				continue
			}
		}
		if !ok && d.hugoExcluded(sc.Line, d.hugo.refCandidates(s, x.Path, ref)) {
			continue
		}
		if !ok {
			// Named as a broken link to the same path is.
			missing := d.hugoBrokenTarget(s, x.Path, markdown.Link{Destination: ref})
			d.relate(snapshot.RelLinksTo, from, d.unresolved(missing, sc.Arg), snapshot.Observed, ev)
			continue
		}
		if target == x.Path {
			d.selfAnchor(from, x.Path, l)
			continue
		}
		if ids := d.entitiesAt(target); len(ids) > 0 {
			d.linkTo(x, from, l, target, ids, ev)
		}
	}
}

// hugoIndexPage reports whether doc is a bundle's or a section's index
// (index.md, _index.md), served at its directory's URL.
func hugoIndexPage(doc string) bool {
	b := path.Base(doc)
	return strings.HasPrefix(b, "index.") || strings.HasPrefix(b, "_index.")
}

// mountReason is the note for links into a mount whose source is absent.
func mountReason(src string) string {
	return "into Hugo content mounted from " + src + ", which is not in the repository"
}

// flushUnverified notes what the current document links to that its site
// would resolve but the scan cannot check: one note per reason.
func (d *docRefs) flushUnverified(doc string) {
	for _, reason := range sortedKeys(d.unverified) {
		n := d.unverified[reason]
		d.b.note(snapshot.Coverage{Analyzer: "sites", Scope: doc, Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("%d %s %s, not checked", n, plural(n, "link", "links"), reason)})
	}
	d.unverified = nil
}

// hugoCoverage records each Hugo site and how it was read.
func (h *hugoState) coverage(b *builder) {
	if h == nil {
		return
	}
	for _, s := range h.sites {
		var roots []string
		for _, m := range s.content {
			if m.target == "" {
				roots = append(roots, m.source)
			} else {
				roots = append(roots, m.source+" → "+m.target)
			}
		}
		how := "configuration " + strings.Join(s.configs, ", ")
		if s.configured {
			how = "docbridge.yaml sites"
			if len(s.configs) > 0 {
				how += " over " + strings.Join(s.configs, ", ")
			}
		}
		reason := fmt.Sprintf("Hugo site (%s): content %s; heading ids %s", how, strings.Join(roots, ", "), cmp.Or(s.idType, markdown.HugoIDGitHub))
		if s.renderHook != "" {
			reason += "; link render hook " + s.renderHook + " resolves bare-word destinations"
		}
		if len(s.inferred) > 0 {
			reason += "; content roots " + strings.Join(s.inferred, ", ") + " inferred from the language directories (no mount in the tree names them)"
		}
		b.note(snapshot.Coverage{Analyzer: "sites", Scope: s.root, Status: snapshot.StatusComplete, Reason: reason})
	}
}

// mergeConfiguredSites applies docbridge.yaml's sites entries to the
// detected Hugo sites: generator none (or another generator) removes a
// detected site, a hugo entry overrides the content roots and id type of
// the site at its root, or adds one the scan did not detect.
func mergeConfiguredSites(t *tree, detected []*hugoSite, cfg *config.Config) []*hugoSite {
	if cfg == nil || len(cfg.Sites) == 0 {
		return detected
	}
	byRoot := map[string]*hugoSite{}
	for _, s := range detected {
		byRoot[s.root] = s
	}
	for _, c := range cfg.Sites {
		switch c.Generator {
		default:
			// none, or another generator at the root: no Hugo site there.
			delete(byRoot, c.Root)
		case config.GeneratorHugo:
			s := byRoot[c.Root]
			if s == nil {
				s = &hugoSite{root: c.Root, attributes: true, static: []string{path.Join(c.Root, "static")}}
				byRoot[c.Root] = s
			}
			s.configured = true
			if len(c.ContentDirs) > 0 {
				s.content, s.inferred = nil, nil
				for _, d := range c.ContentDirs {
					s.content = append(s.content, hugoMount{source: path.Join(c.Root, d)})
				}
			} else if len(s.content) == 0 {
				s.content = []hugoMount{{source: path.Join(c.Root, "content")}}
			}
			for _, m := range c.Mounts {
				src := repoPath(c.Root, m.Source)
				if src == "" {
					continue
				}
				s.content = append(s.content, contentMount(t, src, path.Clean(m.Target)))
			}
			if c.HeadingIDs != "" {
				s.idType = c.HeadingIDs
			}
		}
	}
	out := make([]*hugoSite, 0, len(byRoot))
	for _, r := range sortedKeys(byRoot) {
		out = append(out, byRoot[r])
	}
	return out
}

// hugoSite returns the Hugo site a document belongs to, or nil.
func (d *docRefs) hugoSite(doc string) *hugoSite {
	if d.hugo == nil {
		return nil
	}
	return d.hugo.docSites[doc]
}

// hugoAnchors replaces the anchors of every page of a Hugo site's content
// with the ids Hugo renders, and keeps them on the document so a "did you
// mean" names one that works there.
func (d *docRefs) hugoAnchors() {
	if d.hugo == nil {
		return
	}
	for i := range d.t.ex {
		x := &d.t.ex[i]
		s := d.hugoSite(x.Path)
		if x.Markdown == nil || s == nil || len(s.virtual(x.Path)) == 0 {
			continue
		}
		// Hugo's ids replace GitHub's heading slugs; other anchors of the
		// document (explicit, raw HTML) stay.
		set := s.anchors(x.Markdown)
		github := map[string]bool{}
		for _, a := range x.Markdown.Anchors {
			github[strings.ToLower(a)] = true
		}
		for a := range d.anchors[x.Path] {
			if !github[a] {
				set[a] = true
			}
		}
		for _, inc := range d.hugo.included[x.Path] {
			if ix := d.t.byPath[inc]; ix != nil && ix.Markdown != nil {
				for a := range s.anchors(ix.Markdown) {
					set[a] = true
				}
			}
		}
		d.anchors[x.Path] = set
		e := d.b.entity(snapshot.KindDocument, x.Path, x.Markdown.Title, x.Path)
		if e.Metadata != nil {
			e.Metadata["siteAnchors"] = sortedKeys(set)
		}
	}
	// An included file's anchors are those of the pages that include it.
	for _, inc := range sortedKeys(d.hugo.includedBy) {
		set := d.anchors[inc]
		if set == nil {
			continue
		}
		for _, page := range d.hugo.includedBy[inc] {
			for a := range d.anchors[page] {
				set[a] = true
			}
		}
		if e := d.b.entities[snapshot.EntityID(snapshot.KindDocument, inc)]; e != nil && e.Metadata != nil {
			e.Metadata["siteAnchors"] = sortedKeys(set)
		}
	}
}

// hugoBuiltinShortcodes are Hugo's own shortcodes: none brings headings.
var hugoBuiltinShortcodes = map[string]bool{"comment": true, "details": true, "figure": true, "gist": true, "highlight": true,
	"instagram": true, "param": true, "qr": true, "ref": true, "relref": true, "twitter": true, "vimeo": true, "x": true, "youtube": true}

// openShortcode returns the name of a shortcode call of doc that may
// bring headings into it: not a built-in, never closed (a closed one wraps
// the page's own Markdown), and not resolved as an include (included, the
// count of calls that resolved). {{% %}} output is rendered as Markdown,
// {{< >}} output is HTML that may hold <h2 id=…>: either may add anchors.
func openShortcode(doc *markdown.Document, included int) string {
	if doc.Hugo == nil {
		return ""
	}
	closed := map[string]bool{}
	for _, sc := range doc.Hugo.Shortcodes {
		if strings.HasPrefix(sc.Name, "/") {
			closed[sc.Name[1:]] = true
		}
	}
	for _, sc := range doc.Hugo.Shortcodes {
		if strings.HasPrefix(sc.Name, "/") || closed[sc.Name] || hugoBuiltinShortcodes[sc.Name] {
			continue
		}
		if included > 0 && strings.HasSuffix(strings.ToLower(sc.Arg), ".md") {
			continue
		}
		return sc.Name
	}
	return ""
}

// missingAnchor reports whether an anchor missing from target is to be
// reported: not when a layout renders it around target, nor when target
// is a page whose shortcodes (Hugo), hooks (MkDocs) or imported
// components (MDX) may render it, which the current document's notes
// count instead.
func (d *docRefs) missingAnchor(target, anchor string) bool {
	if x := d.t.byPath[target]; x != nil && x.Markdown != nil && x.Markdown.AnchorsCut {
		d.unverified[fmt.Sprintf("to anchors of documents with more headings or ids than the scan lists (%d of each kind)", markdown.MaxAnchors)]++
		return false
	}
	if !d.mkdocsRendered(target, anchor) {
		return false
	}
	if l := d.layoutAnchor(target, anchor); l != "" {
		d.unverified["to anchors rendered by a layout ("+l+")"]++
		return false
	}
	if h, ok := d.templated[target]; ok {
		d.unverified[fmt.Sprintf("to anchors of %s, whose heading %q a template fills", target, h)]++
		return false
	}
	if c := d.components[target]; len(c) > 0 {
		d.unverified[fmt.Sprintf("to anchors of %s, whose component %s may render headings the scan cannot see", target, c[0])]++
		return false
	}
	if d.hashRoutes && d.routePage(anchor) != "" {
		d.unverified["to hash routes of a single-page app that name a page (#core/components/button for button.md), not heading ids"]++
		return false
	}
	if sib := d.siblingPage(target, anchor); sib != "" {
		d.unverified["to anchors named as a page beside their target (a generator that renders a directory's pages as one page gives each its file name as id: #allowJs for allowJs.md)"]++
		return false
	}
	if arg := d.tagAnchor(target, anchor); arg != "" {
		d.unverified["to anchors a template tag of the page may build from its argument ("+arg+")"]++
		return false
	}
	if d.templateHeading(target, anchor) {
		d.unverified["to headings whose text a template tag fills at build time ({{% param %}}, {{ page.title }})"]++
		return false
	}
	if f := d.sourceReference(target); f != "" {
		d.unverified["to anchors of pages whose front matter names source files a layout may render a reference of ("+f+")"]++
		return false
	}
	if d.titledElement(target, anchor) {
		d.unverified["to anchors that a titled element (a tab, an accordion, an expandable block) may take from its title, outside a site whose generator the scan knows"]++
		return false
	}
	if d.hugo == nil {
		return true
	}
	if d.hugo.docSites[target] != nil && inIncludes(target) && len(d.hugo.includedBy[target]) == 0 {
		// Its anchors are those of the pages including it, unknown here.
		d.unverified["to anchors of "+target+", an _includes file whose including pages are not known"]++
		return false
	}
	name, open := d.hugo.openPages[target]
	for _, page := range d.hugo.includedBy[target] {
		if n, ok := d.hugo.openPages[page]; ok && !open {
			name, open = n+" (of "+page+", which includes it)", true
		}
	}
	if open {
		d.unverified[fmt.Sprintf("to anchors of %s, whose shortcode %s may render headings the scan cannot see", target, name)]++
	}
	return !open
}

// includes returns the Markdown files a page's shortcodes pull in: a call
// whose argument names a Markdown file, found relative to the page, in an
// _includes directory of the page's directory or one above it (the
// convention of include shortcodes), from a content root or from the site
// root. Shortcodes are the site's own templates, so this is a reading of
// the argument, not of the template; it only ever adds anchors.
func (h *hugoState) includes(s *hugoSite, x *Extraction) []string {
	doc := x.Markdown
	if doc.Hugo == nil {
		return nil
	}
	var out []string
	for _, sc := range doc.Hugo.Shortcodes {
		arg := sc.Arg
		if sc.Name == "ref" || sc.Name == "relref" || !strings.HasSuffix(strings.ToLower(arg), ".md") || strings.Contains(arg, "://") {
			continue
		}
		var cands []string
		if strings.HasPrefix(arg, "/") {
			cands = append(cands, s.sources(strings.TrimPrefix(path.Clean(arg), "/"))...)
		} else {
			for dir := path.Dir(x.Path); ; dir = path.Dir(dir) {
				cands = append(cands, path.Join(dir, arg), path.Join(dir, "_includes", arg))
				if dir == "." || dir == s.root {
					break
				}
			}
			cands = append(cands, s.sources(path.Clean(arg))...)
			cands = append(cands, path.Join(s.root, arg))
		}
		for _, c := range cands {
			if c == ".." || strings.HasPrefix(c, "../") {
				continue
			}
			if got, ok := h.index.page(c); ok && got != x.Path {
				out = append(out, got)
				break
			}
		}
	}
	return out
}
