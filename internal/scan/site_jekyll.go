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
}

// jekyllKeys are top-level keys only Jekyll's configuration has; one of
// them, or a directory only Jekyll uses beside the file, makes _config.yml
// a Jekyll site's.
var jekyllKeys = []string{"baseurl", "permalink", "collections", "defaults", "plugins", "gems", "theme", "remote_theme",
	"markdown", "kramdown", "highlighter", "paginate", "paginate_path", "sass", "jekyll-archives", "jekyll_compose", "whitelist"}

// jekyllDirs are directories a Jekyll source holds.
var jekyllDirs = []string{"_layouts", "_includes", "_posts", "_data", "_sass"}

// notJekyllKeys mark other tools' _config.yml (Jupyter Book).
var notJekyllKeys = []string{"execute", "sphinx", "launch_buttons", "parse"}

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
	o = &jekyllOptions{input: "GFM", markdown: "kramdown"}
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
