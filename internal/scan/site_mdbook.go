package scan

import (
	"path"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// mdBook (book.toml): chapters under [book] src (default "src"), links
// relative to the page with .md rewritten to .html, {{#include file}}
// relative to the page, heading ids per mdBookAnchors; chapters SUMMARY.md
// names are created when missing unless [build] create-missing is false.

// mdbookOptions is what resolution needs from book.toml.
type mdbookOptions struct {
	// createMissing is [build] create-missing (default true): mdBook
	// creates the chapter files SUMMARY.md names and the tree lacks.
	createMissing bool
}

// siteMdBook names the mdBook generator.
const siteMdBook = "mdbook"

// mdbookGen is mdBook: book.toml marks a book whose chapters are its
// source directory.
type mdbookGen struct{ siteDefaults }

func (mdbookGen) kind() string { return siteMdBook }

// mdbook returns the site's mdBook options; nil for another generator's.
func (s docSite) mdbook() *mdbookOptions {
	o, _ := s.opts.(*mdbookOptions)
	return o
}

// detect: a book.toml the scan could not read still marks its default
// source, with default options.
func (mdbookGen) detect(t *tree) []docSite {
	var out []docSite
	for _, p := range t.paths {
		if path.Base(p) != "book.toml" {
			continue
		}
		_, data := siteConfigFile(t, parentDir(p), path.Base(p))
		src, o, why, ok := parseBookTOML(p, data)
		if !ok {
			src, o = mdbookDefaults(parentDir(p))
		}
		if t.dirs[src] {
			out = append(out, docSite{root: src, gen: mdbookGen{}, config: p, unread: why, opts: o})
		}
	}
	return out
}

// configured reads the entry's book.toml when the tree has one; its src
// over the file's.
func (mdbookGen) configured(t *tree, c config.Site) (docSite, bool) {
	p, data := siteConfigFile(t, c.Root, "book.toml")
	src, o, why, ok := parseBookTOML(path.Join(c.Root, "book.toml"), data)
	if !ok {
		src, o = mdbookDefaults(c.Root)
	}
	s := docSite{gen: mdbookGen{}}
	if p != "" {
		s.unread = why
	}
	if c.Src != "" {
		src = path.Join(c.Root, c.Src)
	}
	s.root, s.config, s.opts = src, p, o
	return s, true
}

func (mdbookGen) anchors(doc *markdown.Document, _ docSite) ([]string, bool) {
	return mdBookAnchors(doc.SiteHeadings), true
}

// nav: SUMMARY.md and the chapters it links to.
func (mdbookGen) nav(d *docRefs, site docSite) []string {
	var pages []string
	if site.mdbook() == nil {
		return nil
	}
	summary := path.Join(site.root, "SUMMARY.md")
	if x := d.t.byPath[summary]; x != nil && x.Markdown != nil {
		pages = append(pages, summary)
		for _, l := range x.Markdown.Links {
			if l.Kind == markdown.LinkRelative {
				pages = append(pages, l.Target)
			}
		}
	}
	return pages
}

// links: a chapter SUMMARY.md names that mdBook creates is no broken
// link, and a README chapter is rendered as index.html.
func (mdbookGen) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	if l.Kind == markdown.LinkSite || l.Kind == markdown.LinkPost {
		return nil, "", false
	}
	if createdChapter(site, doc, l) && !d.t.files[l.Target] {
		return nil, "", false // mdBook writes the chapter when it builds
	}
	l, ok := siteDestination(l, l.Destination, doc)
	if !ok {
		return nil, "", false
	}
	out, urlTarget := d.fileLinks(site, doc, l, nil)
	if b := path.Base(l.Target); (b == "index.html" || b == "index.md") && within(l.Target, site.root) {
		out = append(out, path.Join(parentDir(l.Target), "README.md"))
	}
	return d.withIncluders(doc, l, out, urlTarget)
}

// mdbookDefaults are the source directory and options of a book.toml in
// dir that sets nothing (or that the scan could not read).
func mdbookDefaults(dir string) (string, *mdbookOptions) {
	return path.Join(dir, "src"), &mdbookOptions{createMissing: true}
}

// parseBookTOML returns the book's source directory, repo-relative, and
// its options.
func parseBookTOML(configPath string, data []byte) (src string, o *mdbookOptions, why string, ok bool) {
	var cfg struct {
		Book struct {
			Src string `toml:"src"`
		} `toml:"book"`
		Build struct {
			CreateMissing *bool `toml:"create-missing"`
		} `toml:"build"`
	}
	if _, err := toml.Decode(string(data), &cfg); err != nil {
		return "", nil, "book.toml is not TOML: " + err.Error(), false
	}
	o = &mdbookOptions{createMissing: cfg.Build.CreateMissing == nil || *cfg.Build.CreateMissing}
	src = cfg.Book.Src
	if src == "" {
		src = "src"
	}
	return path.Join(parentDir(configPath), src), o, "", true
}

// createdChapter reports whether a link in the book's SUMMARY.md names a
// chapter file mdBook creates when it is missing.
func createdChapter(site docSite, doc string, l markdown.Link) bool {
	if o := site.mdbook(); o == nil || !o.createMissing || doc != path.Join(site.root, "SUMMARY.md") {
		return false
	}
	return l.Kind == markdown.LinkRelative && path.Ext(l.Target) == ".md" && within(l.Target, site.root)
}

// pageRefs reports the includes of an mdBook page that name nothing: a
// missing {{#include}} fails the book's build, so it is a broken link
// (MkDocs skips a missing snippet or markdown-include file and builds on).
func (mdbookGen) pageRefs(d *docRefs, _ docSite, x *Extraction, from string) {
	for _, inc := range x.Markdown.Includes {
		if inc.Syntax != markdown.IncludeMdBook {
			continue
		}
		p := path.Join(parentDir(x.Path), inc.Path)
		if p == ".." || strings.HasPrefix(p, "../") || d.t.files[p] || d.t.dirs[p] {
			continue
		}
		if ex, ok := d.t.excludedAt(p); ok {
			d.excludedRefs[excludedRef{inc.Line, p}] = ex
			continue
		}
		ev := snapshot.Evidence{Source: "markdown", Path: x.Path, LineStart: inc.Line, Context: "{{#include " + inc.Path + "}}"}
		d.relate(snapshot.RelLinksTo, from, d.unresolved(p, inc.Path), snapshot.Observed, ev)
	}
}
