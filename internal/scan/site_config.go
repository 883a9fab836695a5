package scan

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/typescript"
)

// Sites named in docbridge.yaml. An entry's root is the site's project
// directory (where the generator's configuration is, or would be); its
// content directory is taken, as detection takes it, from that
// configuration when the tree has it, and the entry's own options override
// it. An entry replaces every detected site whose project directory or
// content root is its root (never a site another entry made); generator
// none only removes them, so their documents follow GitHub's rules. Hugo entries are applied to the Hugo
// sites (mergeConfiguredSites).

// applyConfiguredSites applies the configuration's sites entries to the
// detected sites, keyed by content root, in place.
func applyConfiguredSites(t *tree, sites map[string]docSite) {
	if t.cfg == nil {
		return
	}
	for i, c := range t.cfg.Sites {
		for root, s := range sites {
			if s.origin == "" && (s.root == c.Root || siteProjectDir(s) == c.Root) {
				delete(sites, root)
			}
		}
		if s, ok := configuredDocSite(t, c); ok {
			s.origin = fmt.Sprintf("%s (%s.%d)", config.FileName, config.SectionSites, i)
			sites[s.root] = s
		}
	}
}

// siteProjectDir is the directory of the file (or .vitepress directory) a
// site was detected from: the root a sites entry names it by.
func siteProjectDir(s docSite) string {
	if s.config == "" {
		return s.root
	}
	return parentDir(s.config)
}

// configuredDocSite builds the site a sites entry names; ok is false for
// generators that make no docSite (hugo, none).
func configuredDocSite(t *tree, c config.Site) (docSite, bool) {
	root := c.Root
	cfgFile := func(names ...string) (string, []byte) {
		for _, n := range names {
			p := path.Join(root, n)
			if x := t.byPath[p]; x != nil {
				return p, x.SiteConfig
			}
		}
		return "", nil
	}
	s := docSite{kind: c.Generator}
	switch c.Generator {
	case config.GeneratorMkDocs:
		p, data := cfgFile("mkdocs.yml", "mkdocs.yaml")
		docs, o, why, ok := parseMkDocs(path.Join(root, "mkdocs.yml"), data)
		if !ok {
			docs, o = mkdocsDefaults(root)
		}
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
		s.root, s.config, s.mkdocs = docs, p, o
	case config.GeneratorMdBook:
		p, data := cfgFile("book.toml")
		src, o, why, ok := parseBookTOML(path.Join(root, "book.toml"), data)
		if !ok {
			src, o = mdbookDefaults(root)
		}
		if p != "" {
			s.unread = why
		}
		if c.Src != "" {
			src = path.Join(root, c.Src)
		}
		s.root, s.config, s.mdbook = src, p, o
	case config.GeneratorJekyll:
		p, data := cfgFile("_config.yml", "_config.yaml")
		src, o, ok := root, (*jekyllOptions)(nil), false
		if p != "" {
			src, o, ok = parseJekyll(t, p, data)
		}
		if !ok {
			src, o = root, jekyllDefaults()
		}
		if c.BaseURL != "" {
			o.baseurl = "/" + strings.Trim(c.BaseURL, "/")
		}
		s.root, s.config, s.jekyll = src, p, o
	case config.GeneratorVitePress:
		// The configuration module, when the tree has it, as detection
		// reads it; srcDir over it.
		dir := path.Join(root, ".vitepress")
		s = vitepressSite(t, dir)
		if !t.dirs[dir] {
			s.config = ""
		}
		if c.SrcDir != "" {
			s.root = path.Join(root, c.SrcDir)
		}
	case config.GeneratorAstro:
		// astro.config.* when the tree has it, as detection reads it;
		// srcDir over it. Without a docs collection the entry still names
		// the site (its directory is reported missing).
		p := ""
		for _, ext := range astroConfigExts {
			if q := path.Join(root, "astro.config"+ext); t.files[q] && p == "" {
				p = q
			}
		}
		s, _ = astroSite(t, cmp.Or(p, path.Join(root, "astro.config.mjs")), c.SrcDir)
		if s.kind == "" {
			return docSite{}, false // srcDir outside the repository
		}
		s.config = p
	case config.GeneratorDocusaurus:
		p := ""
		for _, q := range t.paths {
			if parentDir(q) == root && strings.HasPrefix(path.Base(q), "docusaurus.config.") {
				p = q
				break
			}
		}
		// Without a configuration in the tree, the classic preset's
		// defaults.
		o := parseDocusaurus(t, cmp.Or(p, path.Join(root, "docusaurus.config.js")))
		if c.DocsDir != "" || c.RouteBasePath != "" {
			// The entry's path and route replace the first docs instance.
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
		s.root, s.config, s.docusaurus = root, p, o
	default:
		return docSite{}, false
	}
	return s, true
}

// siteNote is the coverage reason of a site: its generator, root, and
// where it comes from: the file it was detected from, or the sites entry
// that names it (over the generator's configuration, when the tree has it).
// A configuration the scan could not read leaves the note partial.
func siteNote(t *tree, s docSite) (reason string, complete bool) {
	if s.origin == "" {
		reason = s.kind + " site detected from " + s.config
	} else {
		reason = s.kind + " site configured in " + s.origin
		if s.config != "" {
			reason += " over " + s.config
		}
	}
	switch {
	case s.unread != "":
		return reason + "; " + s.unread + ": the generator's default options are used", false
	case s.origin != "" && s.root != "." && !t.dirs[s.root]:
		return reason + "; its directory " + s.root + " is not in the repository", false
	}
	return reason, true
}

// withImports returns m with each default import of a relative module that
// the configuration at config spread into it (typescript.ImportKeyPrefix)
// replaced by that module's literal default export; the configuration's
// own keys win. A module the tree lacks, or whose default export is not
// an object literal, adds nothing.
func withImports(t *tree, config string, m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for _, k := range sortedKeys(m) {
		spec, ok := strings.CutPrefix(k, typescript.ImportKeyPrefix)
		if !ok {
			continue
		}
		p := path.Join(parentDir(config), spec)
		for _, c := range typescript.ModuleFiles(p) {
			if x := t.byPath[c]; x != nil && x.TypeScript != nil {
				maps.Copy(out, x.TypeScript.SiteConfigValue())
				break
			}
		}
	}
	for k, v := range m {
		if !strings.HasPrefix(k, typescript.ImportKeyPrefix) {
			out[k] = v
		}
	}
	return out
}
