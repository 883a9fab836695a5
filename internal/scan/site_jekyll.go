package scan

import (
	"path"
	"strings"

	"gopkg.in/yaml.v3"

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
