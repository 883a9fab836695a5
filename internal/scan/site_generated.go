package scan

import (
	"cmp"
	"path"
	"slices"
	"strings"
)

// A web project's build makes files at the site's root that a checkout
// never holds: /llms.txt and /llms-full.txt for language models, the
// sitemap, the feeds, and routes a framework serves from code. A
// root-absolute link to one from a page of the project is no broken file
// when the project shows it makes it (generatedAsset).

// nextConfigs are the files that make a directory a Next.js project.
var nextConfigs = []string{"next.config.js", "next.config.mjs", "next.config.cjs", "next.config.ts", "next.config.mts"}

// appRoute is one URL a web app serves from code: a Next.js route
// handler (app/llms.txt/route.ts) or metadata file (app/sitemap.ts), or a
// route file of an app that routes by "+" files (plusRoutes).
type appRoute struct {
	project string   // the directory of next.config.*, or the one holding src/routes
	segs    []string // URL segments; [x], [...x] and [[...x]] are dynamic
	file    string
	app     string // what serves it, as notes name it: "the Next.js app"
}

// nextRoutes lists the routes of every Next.js app directory (app/ or
// src/app/ beside a next.config.*), sorted by file. Route groups ((docs))
// and parallel-route slots (@modal) are no URL segment; a private folder
// (_lib) is no route.
func nextRoutes(files map[string]bool) []appRoute {
	projects := map[string]bool{}
	for p := range files {
		if slices.Contains(nextConfigs, path.Base(p)) {
			projects[parentDir(p)] = true
		}
	}
	if len(projects) == 0 {
		return nil
	}
	var out []appRoute
	for _, p := range sortedKeys(files) {
		base := path.Base(p)
		stem, ext := strings.TrimSuffix(base, path.Ext(base)), path.Ext(base)
		handler := stem == "route" && slices.Contains([]string{".js", ".ts", ".mjs", ".jsx", ".tsx"}, ext)
		meta := metadataRoutes[stem] != "" && slices.Contains([]string{".js", ".ts", ".jsx", ".tsx"}, ext)
		if !handler && !meta {
			continue
		}
		project, segs, ok := appSegments(parentDir(p), projects)
		if !ok {
			continue
		}
		if meta {
			if len(segs) > 0 {
				continue // a nested metadata file has dynamic URL rules; the root's is plain
			}
			segs = []string{metadataRoutes[stem]}
		}
		out = append(out, appRoute{project: project, segs: segs, file: p, app: "the Next.js app"})
	}
	return out
}

// plusRoutes lists, sorted by file, the routes of the apps that route by
// files named with a "+" below a routes/ or pages/ directory: SvelteKit's
// src/routes/blog/+page.svelte and +server.ts, @marko/run's +page.marko
// and +handler.ts, Vike's pages/about/+Page.tsx. Each directory below is
// a URL segment, but a route group "(name)"; a name before the "+" is
// more of them, split at "." (@marko/run's flat routes: a%2exml+handler.ts
// serves a.xml, %2e a literal dot); @marko/run's $id and $$rest are
// dynamic, as SvelteKit's [id] and [...rest] are. The project is the
// directory above src/ (or above routes/ and pages/ when no src/ holds
// them).
func plusRoutes(paths []string) []appRoute {
	var out []appRoute
	for _, p := range paths {
		base := path.Base(p)
		flat, file, ok := strings.Cut(base, "+")
		if !ok || !plusRouteFile(file) {
			continue
		}
		parts := strings.Split(parentDir(p), "/")
		i := slices.IndexFunc(parts, func(s string) bool { return s == "routes" || s == "pages" })
		if i < 0 {
			continue
		}
		project := strings.Join(parts[:i], "/")
		if i > 0 && parts[i-1] == "src" {
			project = strings.Join(parts[:i-1], "/")
		}
		var segs []string
		dirs := parts[i+1:]
		if flat != "" {
			dirs = append(slices.Clone(dirs), strings.Split(flat, ".")...)
		}
		for _, s := range dirs {
			switch {
			case s == "" || strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")"):
				continue
			case strings.HasPrefix(s, "$$"):
				s = "[..." + s[2:] + "]"
			case strings.HasPrefix(s, "$"):
				s = "[" + s[1:] + "]"
			}
			segs = append(segs, strings.ReplaceAll(strings.ReplaceAll(s, "%2e", "."), "%2E", "."))
		}
		out = append(out, appRoute{project: cmp.Or(project, "."), segs: segs, file: p, app: "the app's route files"})
	}
	return out
}

// plusRouteFile reports whether what follows a "+" names a file that
// serves a URL: a page or an endpoint (page.svelte, Page.tsx, server.ts,
// handler.ts), not a layout, a style or a middleware.
func plusRouteFile(name string) bool {
	stem, _, _ := strings.Cut(name, ".")
	switch stem {
	case "page", "Page", "server", "handler":
		return strings.Contains(name, ".")
	}
	return false
}

// metadataRoutes are Next.js' metadata files that generate a file in code
// (app/sitemap.ts), by the URL each serves.
var metadataRoutes = map[string]string{"sitemap": "sitemap.xml", "robots": "robots.txt", "manifest": "manifest.webmanifest"}

// appSegments returns the project and the URL segments of dir when dir
// lies in a project's app directory.
func appSegments(dir string, projects map[string]bool) (string, []string, bool) {
	parts := strings.Split(dir, "/")
	for i, seg := range parts {
		if seg != "app" {
			continue
		}
		project := strings.Join(parts[:i], "/")
		if i > 0 && parts[i-1] == "src" && projects[cmp.Or(strings.Join(parts[:i-1], "/"), ".")] {
			project = strings.Join(parts[:i-1], "/")
		}
		project = cmp.Or(project, ".")
		if !projects[project] {
			continue
		}
		var segs []string
		for _, s := range parts[i+1:] {
			switch {
			case strings.HasPrefix(s, "_"):
				return "", nil, false
			case strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")"), strings.HasPrefix(s, "@"):
				continue
			}
			segs = append(segs, s)
		}
		return project, segs, true
	}
	return "", nil, false
}

// matches reports whether the route serves the URL path segments.
func (r appRoute) matches(url []string) bool {
	for i, s := range r.segs {
		switch {
		case strings.HasPrefix(s, "[[...") && strings.HasSuffix(s, "]]"):
			return i == len(r.segs)-1
		case strings.HasPrefix(s, "[...") && strings.HasSuffix(s, "]"):
			return i == len(r.segs)-1 && len(url) > i
		case i >= len(url):
			return false
		case strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]"):
		case s != url[i]:
			return false
		}
	}
	return len(url) == len(r.segs)
}

// wellKnownGenerated are the names site builds write at the root by
// convention — llms.txt files, the sitemap, the feeds — often by a plugin
// or default the scan does not read; the value is the word a package that
// makes it has in its name (@rspress/plugin-llms, @astrojs/sitemap,
// @astrojs/rss).
var wellKnownGenerated = map[string][]string{
	"llms.txt": {"llms"}, "llms-full.txt": {"llms"}, "llms-small.txt": {"llms"},
	"sitemap.xml": {"sitemap"}, "sitemap-index.xml": {"sitemap"},
	"rss.xml": {"rss", "feed"}, "feed.xml": {"rss", "feed"}, "atom.xml": {"rss", "feed", "atom"},
}

// generatedAsset reports, and notes, a root-absolute link (dest) of the
// document doc to a file the project's build makes, by the strongest
// evidence there is:
//   - a Next.js route in the app directory of the project the document lies
//     in serves the path (app/llms.txt/route.ts; app/raw/[...slug]/route.ts
//     for /raw/guide.md; app/sitemap.ts for /sitemap.xml);
//   - git ignores the file in the project's public/ or static/ directory,
//     where a build script writes it;
//   - a well-known generated name (wellKnownGenerated) at the root, and a
//     package.json of a directory above the document depends on a package
//     named for it, or the document is a page of a documentation site,
//     whose generators write these by default or by plugin: unverified.
func (d *docRefs) generatedAsset(doc, dest string, inSite bool) bool {
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") {
		return false
	}
	p = strings.Trim(path.Clean(p), "/")
	if p == "" || p == "." {
		return false
	}
	url := strings.Split(p, "/")
	for _, r := range d.routes {
		if within(doc, r.project) && r.matches(url) {
			d.unverified["to a route "+r.app+" serves from code ("+r.file+")"]++
			return true
		}
	}
	for dir := parentDir(doc); ; dir = parentDir(dir) {
		for _, static := range []string{"public", "static"} {
			if f := path.Join(dir, static, p); d.t.ignored(f, false) {
				d.unverified["to files git ignores in the project's "+static+"/ directory (build output)"]++
				return true
			}
		}
		if dir == "." {
			break
		}
	}
	words := wellKnownGenerated[p]
	if words == nil {
		return false
	}
	if dep, ok := d.generatingDependency(doc, words); ok {
		d.unverified["to "+p+", which the dependency "+dep+" generates"]++
		return true
	}
	if inSite {
		d.unverified["to "+p+", a file site builds generate by convention (unverified)"]++
		return true
	}
	return false
}

// generatingDependency returns a dependency of a package.json in a
// directory above doc whose name has one of words as a part (split at
// "/", "-", "_", "."), nearest directory first.
func (d *docRefs) generatingDependency(doc string, words []string) (string, bool) {
	for dir := parentDir(doc); ; dir = parentDir(dir) {
		if x := d.t.byPath[path.Join(dir, "package.json")]; x != nil && x.PackageJSON != nil {
			for _, dep := range x.PackageJSON.Dependencies {
				parts := strings.FieldsFunc(strings.TrimPrefix(dep.Name, "@"), func(r rune) bool { return strings.ContainsRune("/-_.", r) })
				if slices.ContainsFunc(parts, func(s string) bool { return slices.Contains(words, s) }) {
					return dep.Name, true
				}
			}
		}
		if dir == "." {
			return "", false
		}
	}
}
