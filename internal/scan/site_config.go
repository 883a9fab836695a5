package scan

import (
	"fmt"
	"maps"
	"path"
	"strings"

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

// configuredDocSite builds the site a sites entry names, by the generator
// of that name (siteGenerator.configured); ok is false for generators that
// make no docSite (hugo, none).
func configuredDocSite(t *tree, c config.Site) (docSite, bool) {
	for _, g := range siteGenerators {
		if g.kind() == c.Generator {
			return g.configured(t, c)
		}
	}
	return docSite{}, false
}

// siteConfigFile returns the first of the configuration files names in
// dir the tree has, with what the scan read of it; "" when none.
func siteConfigFile(t *tree, dir string, names ...string) (string, []byte) {
	for _, n := range names {
		p := path.Join(dir, n)
		if x := t.byPath[p]; x != nil {
			return p, x.SiteConfig
		}
	}
	return "", nil
}

// siteNote is the coverage reason of a site: its generator, root, and
// where it comes from: the file it was detected from, or the sites entry
// that names it (over the generator's configuration, when the tree has it).
// A configuration the scan could not read leaves the note partial.
func siteNote(t *tree, s docSite) (reason string, complete bool) {
	if s.origin == "" {
		reason = s.kind() + " site detected from " + s.config
	} else {
		reason = s.kind() + " site configured in " + s.origin
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
		for c := range typescript.ModuleFiles(p) {
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
