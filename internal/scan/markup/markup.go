// Package markup reads what an HTML-like template or component file —
// a layout (.njk, .liquid, .hbs, .html), an Astro or Vue component —
// renders that a link's #anchor may name: the ids it writes literally,
// and whether it may render headings the scan cannot know (a heading
// element, an id it computes, another component). It reads the file with
// golang.org/x/net/html's tokenizer, which takes template syntax and JSX
// expressions as text or attribute values and never fails.
package markup

import (
	"bytes"
	"path"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// Version identifies the extraction output; bump it whenever Extract's
// output for some input changes.
const Version = "markup/1"

// Bounds on what one file contributes.
const (
	// maxFileBytes is the largest file read; a larger one is generated or
	// a page, not a layout.
	maxFileBytes = 256 << 10
	// maxIDs bounds File.IDs.
	maxIDs = 256
)

// File is what one template renders for anchors.
type File struct {
	// IDs are the literal values of its id attributes, sorted, unique,
	// at most maxIDs.
	IDs []string `json:"ids,omitempty"`
	// Headings is set when it may render anchors beyond IDs: an h1–h6
	// element (a generator gives it an id), an id attribute holding a
	// template or JSX expression, or a capitalised element — a component
	// whose markup is elsewhere.
	Headings bool `json:"headings,omitempty"`
	// Oversized is set when the file was over maxFileBytes and not read;
	// Headings is then set too.
	Oversized bool `json:"oversized,omitempty"`
}

// layoutDirs are the directories whose HTML-like files are layouts or
// partials a site generator wraps pages in.
var layoutDirs = map[string]bool{
	"_includes": true, "_layouts": true, "layouts": true, "_partials": true, "partials": true,
	"templates": true, "_templates": true, "theme": true, "themes": true, "_theme": true,
}

// IsTemplate reports whether p is a file this package reads: an Astro or
// Vue component anywhere, an HTML, Nunjucks, Liquid or Handlebars file in
// a layout directory (layoutDirs).
func IsTemplate(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".astro", ".vue":
		return true
	case ".html", ".njk", ".liquid", ".hbs":
		_, ok := LayoutScope(p)
		return ok
	}
	return false
}

// LayoutScope returns the directory whose pages a layout at p wraps: the
// one holding its outermost layout directory (site for
// site/_includes/base.njk, src for src/layouts/Doc.astro); ok is false
// when p lies in no layout directory.
func LayoutScope(p string) (dir string, ok bool) {
	segs := strings.Split(path.Dir(p), "/")
	for i, s := range segs {
		if layoutDirs[s] {
			if i == 0 {
				return ".", true
			}
			return strings.Join(segs[:i], "/"), true
		}
	}
	return "", false
}

// Extract reads one template. It never fails.
func Extract(data []byte) File {
	if len(data) > maxFileBytes {
		return File{Headings: true, Oversized: true}
	}
	var f File
	ids := map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(data))
	for {
		switch z.Next() {
		case html.ErrorToken:
			f.IDs = slices.Sorted(func(yield func(string) bool) {
				for id := range ids {
					if !yield(id) {
						return
					}
				}
			})
			return f
		case html.StartTagToken, html.SelfClosingTagToken:
			raw := z.Raw()
			if len(raw) > 1 && raw[1] >= 'A' && raw[1] <= 'Z' {
				f.Headings = true // a component: its markup is elsewhere
			}
			name, hasAttr := z.TagName()
			if len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6' {
				f.Headings = true
			}
			for hasAttr {
				var key, val []byte
				key, val, hasAttr = z.TagAttr()
				if string(key) != "id" {
					continue
				}
				switch id := string(val); {
				case computed(id):
					f.Headings = true
				case id != "" && len(ids) < maxIDs:
					ids[id] = true
				}
			}
		}
	}
}

// computed reports whether an attribute value is an expression a template
// engine or JSX fills in, not the id itself.
func computed(v string) bool {
	return strings.ContainsAny(v, "{}") || strings.Contains(v, "<%") || strings.Contains(v, "${")
}
