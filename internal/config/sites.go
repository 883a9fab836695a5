package config

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"
)

// SectionSites is the sites section: documentation sites named or
// overridden by hand. The scan detects sites by their generators' marker
// files; an entry here adds a site the scan cannot see, changes how one is
// read, or (generator none) says a directory is no site.
const SectionSites = "sites"

// Bounds of the sites section.
const (
	maxSites       = 100
	maxContentDirs = 100
	maxMounts      = 100
)

// Generators a site entry may name.
const (
	GeneratorHugo       = "hugo"
	GeneratorMkDocs     = "mkdocs"
	GeneratorMdBook     = "mdbook"
	GeneratorJekyll     = "jekyll"
	GeneratorVitePress  = "vitepress"
	GeneratorDocusaurus = "docusaurus"
	GeneratorAstro      = "astro"
	// GeneratorNone turns detection off for the root.
	GeneratorNone = "none"
)

// siteGenerators are the accepted values of sites.N.generator.
var siteGenerators = []string{GeneratorHugo, GeneratorMkDocs, GeneratorMdBook, GeneratorJekyll, GeneratorVitePress, GeneratorDocusaurus, GeneratorAstro, GeneratorNone}

// siteOptions maps each generator-specific key of a site entry to the
// generators it applies to.
var siteOptions = map[string][]string{
	"contentDirs":   {GeneratorHugo},
	"mounts":        {GeneratorHugo},
	"headingIds":    {GeneratorHugo},
	"docsDir":       {GeneratorMkDocs, GeneratorDocusaurus},
	"slugify":       {GeneratorMkDocs},
	"src":           {GeneratorMdBook},
	"baseurl":       {GeneratorJekyll},
	"srcDir":        {GeneratorVitePress, GeneratorAstro},
	"routeBasePath": {GeneratorDocusaurus},
}

// MkDocsSlugify lists the toc slugify functions a mkdocs site entry may
// name, as mkdocs.yml names them: Python-Markdown's two and pymdownx.slugs'
// named variants (pymdownx.slugs.slugify called with case lower is
// uslugify, with case lower-ascii gfm, with percent_encode the _encoded
// variant).
var MkDocsSlugify = []string{
	"markdown.extensions.toc.slugify",
	"markdown.extensions.toc.slugify_unicode",
	"pymdownx.slugs.uslugify",
	"pymdownx.slugs.uslugify_encoded",
	"pymdownx.slugs.uslugify_cased",
	"pymdownx.slugs.uslugify_cased_encoded",
	"pymdownx.slugs.gfm",
	"pymdownx.slugs.gfm_encoded",
}

// hugoIDTypes are the accepted values of sites.N.headingIds for Hugo.
var hugoIDTypes = []string{"github", "github-ascii", "blackfriday"}

// Site is one sites entry.
type Site struct {
	// Root is the site's directory, relative to the repository root ("."
	// for the root itself).
	Root      string `json:"root"`
	Generator string `json:"generator"`
	// ContentDirs (hugo) are the content roots, relative to Root; each is
	// served at "/". Empty keeps what the site's configuration says.
	ContentDirs []string `json:"contentDirs"`
	// HeadingIDs (hugo) is the heading-id type (github, github-ascii,
	// blackfriday); empty keeps the site's configuration.
	HeadingIDs string `json:"headingIds"`
	// Mounts (hugo) add module mounts into the content tree: a source
	// relative to Root (it may be absent from the repository: generated at
	// build time, or a submodule) and a target under content/.
	Mounts []Mount `json:"mounts"`
	// DocsDir (mkdocs, docusaurus) is the docs directory, relative to
	// Root: MkDocs' docs_dir, the Docusaurus docs plugin's path. Empty
	// keeps the site's configuration, else "docs".
	DocsDir string `json:"docsDir,omitempty"`
	// Slugify (mkdocs) names the toc slugify function (MkDocsSlugify);
	// empty keeps mkdocs.yml's, else Python-Markdown's default.
	Slugify string `json:"slugify,omitempty"`
	// Src (mdbook) is the book's source directory, relative to Root;
	// empty keeps book.toml's [book] src, else "src".
	Src string `json:"src,omitempty"`
	// BaseURL (jekyll) is the path the site is served under; empty keeps
	// _config.yml's baseurl.
	BaseURL string `json:"baseurl,omitempty"`
	// SrcDir (vitepress) is the source directory served at "/", relative
	// to Root; empty means Root itself. For astro it is Astro's srcDir
	// (the docs collection is its content/docs); empty keeps
	// astro.config.*'s, else "src".
	SrcDir string `json:"srcDir,omitempty"`
	// RouteBasePath (docusaurus) is the URL path the docs are served at
	// ("/" for the site root); empty keeps the configuration's, else
	// "docs".
	RouteBasePath string `json:"routeBasePath,omitempty"`
}

// Mount is one sites.N.mounts entry.
type Mount struct {
	Source string `json:"source"`
	Target string `json:"target"`
}

// decodeSites decodes the sites section: a list of site entries with a
// required, distinct root and a required generator.
func (d *decoder) decodeSites(n *yaml.Node, key string, dst *[]Site) {
	items, ok := d.sequence(n, key, maxSites)
	if !ok {
		return
	}
	out := make([]Site, 0, len(items))
	seen := map[string]int{}
	for i, it := range items {
		k := fmt.Sprintf("%s.%d", key, i)
		if it.Kind == yaml.AliasNode {
			continue
		}
		if it.Kind != yaml.MappingNode {
			d.typeError(it, k, "a mapping with a root and a generator")
			continue
		}
		var s Site
		var rootNode, genNode *yaml.Node
		opts := map[string]*yaml.Node{}
		fields := []field{
			{"root", func(n *yaml.Node, key string) {
				if v, ok := d.item(n, key); ok {
					s.Root, rootNode = v, n
				}
			}},
			{"generator", func(n *yaml.Node, key string) {
				if v, ok := d.item(n, key); ok {
					s.Generator, genNode = v, n
				}
			}},
			{"contentDirs", func(n *yaml.Node, key string) {
				opts["contentDirs"] = n
				items, ok := d.sequence(n, key, maxContentDirs)
				if !ok {
					return
				}
				for j, c := range items {
					ck := fmt.Sprintf("%s.%d", key, j)
					if v, ok := d.item(c, ck); ok {
						d.add(c, ck, checkPath(v, true))
						s.ContentDirs = append(s.ContentDirs, v)
					}
				}
			}},
			{"mounts", func(n *yaml.Node, key string) {
				opts["mounts"] = n
				items, ok := d.sequence(n, key, maxMounts)
				if !ok {
					return
				}
				for j, it := range items {
					mk := fmt.Sprintf("%s.%d", key, j)
					if it.Kind != yaml.MappingNode {
						d.typeError(it, mk, "a mapping with a source and a target")
						continue
					}
					var m Mount
					d.mapping(it, mk, []field{
						{"source", func(n *yaml.Node, key string) {
							if v, ok := d.item(n, key); ok {
								d.add(n, key, checkMountSource(v))
								m.Source = v
							}
						}},
						{"target", func(n *yaml.Node, key string) {
							if v, ok := d.item(n, key); ok {
								d.add(n, key, checkMountTarget(v))
								m.Target = v
							}
						}},
					})
					for _, name := range []string{"source", "target"} {
						if !hasKey(it, name) {
							d.add(it, mk, &problem{codeMissing, fmt.Sprintf("missing required key %q", name)})
						}
					}
					s.Mounts = append(s.Mounts, m)
				}
			}},
			{"headingIds", func(n *yaml.Node, key string) {
				opts["headingIds"] = n
				if v, ok := d.item(n, key); ok {
					if !slices.Contains(hugoIDTypes, v) {
						d.add(n, key, &problem{codeInvalid, fmt.Sprintf("%s is not one of %s", quoteValue(v), strings.Join(hugoIDTypes, ", "))})
						return
					}
					s.HeadingIDs = v
				}
			}},
		}
		for _, o := range s.stringOptions() {
			fields = append(fields, field{o.name, func(n *yaml.Node, key string) {
				opts[o.name] = n
				if v, ok := d.item(n, key); ok {
					d.add(n, key, o.check(v))
					*o.value = v
				}
			}})
		}
		d.mapping(it, k, fields)
		for _, name := range []string{"root", "generator"} {
			if !hasKey(it, name) {
				d.add(it, k, &problem{codeMissing, fmt.Sprintf("missing required key %q", name)})
			}
		}
		if genNode != nil && !slices.Contains(siteGenerators, s.Generator) {
			d.add(genNode, k+".generator", &problem{codeInvalid, fmt.Sprintf("%s is not one of %s", quoteValue(s.Generator), strings.Join(siteGenerators, ", "))})
			continue
		}
		for _, name := range sortedOptionNames(opts) {
			d.add(opts[name], k+"."+name, checkSiteOption(name, s.Generator))
		}
		if rootNode == nil || genNode == nil {
			continue
		}
		rk := k + ".root"
		if p := checkPath(s.Root, true); p != nil {
			d.add(rootNode, rk, p)
			continue
		}
		if first, dup := seen[s.Root]; dup {
			d.add(rootNode, rk, &problem{codeDuplicate, fmt.Sprintf("duplicate site root %s (first at line %d)", quoteValue(s.Root), first)})
			continue
		}
		seen[s.Root] = rootNode.Line
		out = append(out, s)
	}
	*dst = out
}

// siteString is one of a site entry's one-string options: its key, where
// its value is kept, and the check the value takes.
type siteString struct {
	name  string
	value *string
	check func(string) *problem
}

// stringOptions lists s's one-string options, for the decoder and the
// validator to read and check alike.
func (s *Site) stringOptions() []siteString {
	dir := func(v string) *problem { return checkPath(v, true) }
	return []siteString{
		{"docsDir", &s.DocsDir, dir}, {"src", &s.Src, dir}, {"srcDir", &s.SrcDir, dir},
		{"slugify", &s.Slugify, checkSlugify}, {"baseurl", &s.BaseURL, checkBaseURL}, {"routeBasePath", &s.RouteBasePath, checkBaseURL},
	}
}

// validateSites checks a sites section built in code.
func validateSites(sites []Site, add func(string, *problem)) {
	add(SectionSites, checkCount(len(sites), maxSites))
	seen := map[string]int{}
	for i, s := range sites {
		k := fmt.Sprintf("%s.%d", SectionSites, i)
		add(k+".root", checkPath(s.Root, true))
		if first, dup := seen[s.Root]; dup {
			add(k+".root", &problem{codeDuplicate, fmt.Sprintf("duplicate site root %s (first at %s.%d)", quoteValue(s.Root), SectionSites, first)})
		}
		seen[s.Root] = i
		if !slices.Contains(siteGenerators, s.Generator) {
			add(k+".generator", &problem{codeInvalid, fmt.Sprintf("%s is not one of %s", quoteValue(s.Generator), strings.Join(siteGenerators, ", "))})
		}
		for j, c := range s.ContentDirs {
			add(fmt.Sprintf("%s.contentDirs.%d", k, j), checkPath(c, true))
		}
		for j, m := range s.Mounts {
			add(fmt.Sprintf("%s.mounts.%d.source", k, j), checkMountSource(m.Source))
			add(fmt.Sprintf("%s.mounts.%d.target", k, j), checkMountTarget(m.Target))
		}
		if s.HeadingIDs != "" && !slices.Contains(hugoIDTypes, s.HeadingIDs) {
			add(k+".headingIds", &problem{codeInvalid, fmt.Sprintf("%s is not one of %s", quoteValue(s.HeadingIDs), strings.Join(hugoIDTypes, ", "))})
		}
		for _, o := range s.stringOptions() {
			if *o.value != "" {
				add(k+"."+o.name, o.check(*o.value))
				add(k+"."+o.name, checkSiteOption(o.name, s.Generator))
			}
		}
		if len(s.ContentDirs) > 0 {
			add(k+".contentDirs", checkSiteOption("contentDirs", s.Generator))
		}
		if len(s.Mounts) > 0 {
			add(k+".mounts", checkSiteOption("mounts", s.Generator))
		}
		if s.HeadingIDs != "" {
			add(k+".headingIds", checkSiteOption("headingIds", s.Generator))
		}
	}
}

// checkSiteOption reports a generator-specific key given for another
// generator. An unknown generator is reported on its own.
func checkSiteOption(name, generator string) *problem {
	gens := siteOptions[name]
	if slices.Contains(gens, generator) || !slices.Contains(siteGenerators, generator) {
		return nil
	}
	which := "generator " + gens[0]
	if len(gens) > 1 {
		which = "generators " + strings.Join(gens, ", ")
	}
	return &problem{codeInvalid, fmt.Sprintf("%s applies to %s only, not %s", name, which, generator)}
}

// sortedOptionNames returns the keys of opts sorted, so that problems
// come out in a stable order.
func sortedOptionNames(opts map[string]*yaml.Node) []string {
	names := make([]string, 0, len(opts))
	for n := range opts {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// checkSlugify reports a slugify function the scan does not reproduce.
func checkSlugify(v string) *problem {
	if slices.Contains(MkDocsSlugify, v) {
		return nil
	}
	return &problem{codeInvalid, fmt.Sprintf("%s is not one of %s", quoteValue(v), strings.Join(MkDocsSlugify, ", "))}
}

// checkBaseURL reports a Jekyll baseurl or a Docusaurus routeBasePath
// that is not a URL path.
func checkBaseURL(v string) *problem {
	switch {
	case strings.Contains(v, "://"):
		return &problem{codeInvalid, fmt.Sprintf("%s must be the path the site is served under (%q), not a URL", quoteValue(v), "/project")}
	case strings.IndexFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 || strings.ContainsAny(v, "?#"):
		return &problem{codeInvalid, fmt.Sprintf("%s is not a URL path", quoteValue(v))}
	}
	return nil
}

// checkMountSource reports a mount source that is not a clean relative
// path (it may climb out of the site root with "..", not out of the
// repository, which the scan checks).
func checkMountSource(p string) *problem {
	if p == "" {
		return &problem{codeInvalid, "must not be empty"}
	}
	if strings.HasPrefix(p, "/") || strings.Contains(p, `\`) {
		return &problem{codeInvalid, fmt.Sprintf("%s must be relative to the site root, with forward slashes", quoteValue(p))}
	}
	return nil
}

// checkMountTarget reports a mount target outside Hugo's content tree.
func checkMountTarget(p string) *problem {
	if p != "content" && !strings.HasPrefix(p, "content/") {
		return &problem{codeInvalid, fmt.Sprintf("%s must be content or a path under content/", quoteValue(p))}
	}
	return checkPath(p, false)
}

// nonNilSites is sites, never nil, for canonical hashing.
func nonNilSites(sites []Site) []Site {
	if sites == nil {
		return []Site{}
	}
	out := make([]Site, len(sites))
	for i, s := range sites {
		s.ContentDirs = nonNil(s.ContentDirs)
		if s.Mounts == nil {
			s.Mounts = []Mount{}
		}
		out[i] = s
	}
	return out
}
