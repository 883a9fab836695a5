package scan

import (
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// Sphinx with MyST Markdown (conf.py beside an index page), and MyST's
// own toolchain (mystmd, Jupyter Book 2: a myst.yml), which reads the same
// Markdown the same way: pages are
// documents of the source directory, linked with or without their
// extension; a line "(label)=" declares a target a reference resolves
// anywhere in the project — "[text](#label)" and "[](label)" — so labels
// are anchors of every page and a bare reference naming one is no path.
// Headings keep GitHub-like ids (myst_heading_anchors).

// siteSphinx names the Sphinx generator.
const siteSphinx = "sphinx"

// sphinxOptions is what resolution needs of a Sphinx project: its MyST
// targets, lowercased as links are compared.
type sphinxOptions struct {
	labels map[string]bool
	// mystmd is set for a myst.yml project: no Sphinx domains behind it.
	mystmd bool
}

// sphinxGen is Sphinx: a conf.py whose directory holds an index page
// (index.md, index.rst, index.ipynb) marks the source directory; a
// myst.yml marks a mystmd project's, where a reference "#x" also finds a
// page's front matter label and any page's heading.
type sphinxGen struct{ siteDefaults }

func (sphinxGen) kind() string { return siteSphinx }

// sphinx returns the site's Sphinx options; nil for another generator's.
func (s docSite) sphinx() *sphinxOptions {
	o, _ := s.opts.(*sphinxOptions)
	return o
}

func (sphinxGen) detect(t *tree) []docSite {
	var out []docSite
	for _, p := range t.paths {
		switch path.Base(p) {
		case "myst.yml":
		case "conf.py":
			dir := parentDir(p)
			if !t.files[path.Join(dir, "index.md")] && !t.files[path.Join(dir, "index.rst")] && !t.files[path.Join(dir, "index.ipynb")] {
				continue
			}
		default:
			continue
		}
		dir := parentDir(p)
		mystmd := path.Base(p) == "myst.yml"
		o := &sphinxOptions{labels: map[string]bool{}, mystmd: mystmd}
		for i := range t.ex {
			x := &t.ex[i]
			if x.Markdown == nil || !within(x.Path, dir) {
				continue
			}
			for _, l := range x.Markdown.Targets {
				o.labels[strings.ToLower(l)] = true
			}
			if mystmd {
				// mystmd resolves "#x" against every target of the
				// project: a page's label (front matter) and its
				// headings' ids too.
				if l := x.Markdown.FrontMatter.Fields["label"]; l != "" {
					o.labels[strings.ToLower(l)] = true
				}
				for _, a := range x.Markdown.Anchors {
					o.labels[strings.ToLower(a)] = true
				}
			}
		}
		out = append(out, docSite{root: dir, gen: sphinxGen{}, config: p, opts: o})
	}
	return out
}

// anchors: a page's GitHub-like heading ids, and every target of the
// project (a reference "#label" resolves wherever the label is).
func (sphinxGen) anchors(doc *markdown.Document, site docSite) ([]string, bool) {
	out := append([]string(nil), doc.Anchors...)
	for l := range site.sphinx().labels {
		out = append(out, l)
	}
	return out, true
}

// uncheckedLink: a bare reference naming a target is a reference, not a
// path; the target exists, so there is nothing to report. Under Sphinx,
// MyST reads "#x" that names no heading or label as a cross-reference in
// any domain (myst_ref_domains): "[](#Spawner.start)" is the Python object
// autodoc documents, which no Markdown file shows. A heading id or a label
// is lower-case and dotless, so an anchor in the shape of an object name
// (objectShaped) can only be such a reference, or a mistake the scan cannot
// tell from it.
func (sphinxGen) uncheckedLink(site docSite, l markdown.Link) string {
	o := site.sphinx()
	if o != nil && !o.mystmd && l.Kind == markdown.LinkAnchor && objectShaped(l.Anchor) && !o.labels[strings.ToLower(l.Anchor)] {
		return "to objects of Sphinx domains (MyST reads #Name as a cross-reference; autodoc documents them outside Markdown)"
	}
	if o == nil || l.Kind != markdown.LinkRelative {
		return ""
	}
	dest, _, _ := strings.Cut(l.Destination, "#")
	if dest != "" && o.labels[strings.ToLower(dest)] {
		return "to MyST (label)= targets of the project, which name no file"
	}
	return ""
}

// objectShaped reports whether anchor reads as a qualified object name —
// identifiers joined by dots, with a capital letter or a dot in it
// (Spawner, HubAuth.allow_token_in_url, jupyterhub.app.main) — which no
// heading slug or Sphinx label is.
func objectShaped(anchor string) bool {
	if anchor == "" || (strings.ToLower(anchor) == anchor && !strings.Contains(anchor, ".")) {
		return false
	}
	for _, seg := range strings.Split(anchor, ".") {
		if seg == "" {
			return false
		}
		for i, r := range seg {
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}

// links: a page's path, with or without its extension, from the page or
// (root-absolute) from the source directory.
func (sphinxGen) links(d *docRefs, site docSite, doc string, l markdown.Link) ([]string, string, bool) {
	if l.Kind == markdown.LinkSite || l.Kind == markdown.LinkPost {
		return nil, "", false
	}
	l, ok := siteDestination(l, l.Destination, doc)
	if !ok {
		return nil, "", false
	}
	out, urlTarget := d.fileLinks(site, doc, l, nil)
	if path.Ext(l.Target) == "" {
		out = append(out, l.Target+".rst", l.Target+".ipynb")
	}
	return d.withIncluders(doc, l, out, urlTarget)
}

// includeBases: a MyST {include} reads its file from the page, or from
// the source directory when the path starts with "/".
func (sphinxGen) includeBases(site docSite, inc markdown.Include) (markdown.Include, []string, bool) {
	if inc.Syntax != markdown.IncludeMyST {
		return siteDefaults{}.includeBases(site, inc)
	}
	if rest, ok := strings.CutPrefix(inc.Path, "/"); ok {
		inc.Path = rest
		return inc, []string{site.root}, true
	}
	return inc, nil, true
}

// configured: Sphinx is detected only; a sites entry cannot name it yet.
func (sphinxGen) configured(*tree, config.Site) (docSite, bool) { return docSite{}, false }
