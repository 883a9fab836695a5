package scan

import (
	"net/url"
	"path"
	"slices"
	"strings"
)

// The URL side of the generators that route pages themselves (Docusaurus,
// Astro Starlight): a page's URL from its file path, a link's URL read
// against the page's URL, the site's base removed, and the lookup among
// the site's routes and static directories.

// routeJoin joins URL path segments into "/a/b" ("/" for none).
func routeJoin(parts ...string) string {
	var segs []string
	for _, p := range parts {
		for _, s := range strings.Split(p, "/") {
			if s != "" && s != "." {
				segs = append(segs, s)
			}
		}
	}
	return "/" + strings.Join(segs, "/")
}

// routeKey normalises a URL path for lookup: no trailing slash, no
// index.html or .html.
func routeKey(u string) string {
	u = strings.TrimSuffix(u, "/index.html")
	u = strings.TrimSuffix(u, ".html")
	if u != "/" {
		u = strings.TrimRight(u, "/")
	}
	if u == "" {
		u = "/"
	}
	return u
}

// pathsBelow returns the repository paths below dir, in order (a
// subslice of the sorted paths).
func pathsBelow(paths []string, dir string) []string {
	prefix := dir + "/"
	start, _ := slices.BinarySearch(paths, prefix)
	end := start
	for end < len(paths) && strings.HasPrefix(paths[end], prefix) {
		end++
	}
	return paths[start:end]
}

// partialPath reports whether a path below a content directory has a
// name, or a directory, starting with "_": a partial, never a route.
func partialPath(rel string) bool {
	return strings.HasPrefix(rel, "_") || strings.Contains(rel, "/_")
}

// fileRoute is the route of a file-routed page below its directory: its
// path without extension, an index page served at its directory.
func fileRoute(rel string) string {
	rel = strings.TrimSuffix(rel, path.Ext(rel))
	if path.Base(rel) == "index" {
		rel = parentDir(rel)
	}
	return rel
}

// linkURLPath is a link destination's path: fragment and query cut off,
// percent-escapes decoded (kept as written when they do not decode).
func linkURLPath(dest string) string {
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	return p
}

// resolveURL reads ref against the URL of the page served at page (a
// route key): a root-absolute ref as written, a relative one from the
// page's directory, which is the page itself when the site serves it with
// a trailing slash (/a/b/ + ../c is /a/c; /a/b + ../c is /c).
func resolveURL(page string, trailingSlash bool, ref string) string {
	if strings.HasPrefix(ref, "/") {
		return ref
	}
	if trailingSlash {
		page += "/"
	}
	return path.Join(path.Dir(page), ref)
}

// baseReadings lists the readings of the root-absolute URL u on a site
// served below base ("/docs/"): u without the base first, when it lies
// below it, then u as written. With baseIsRoot, u equal to the base
// without its slash is read as the site's root too.
func baseReadings(u, base string, baseIsRoot bool) []string {
	b := strings.TrimSuffix(base, "/")
	switch {
	case b != "" && strings.HasPrefix(u, b+"/"):
		return []string{strings.TrimPrefix(u, b), u}
	case b != "" && baseIsRoot && u == b:
		return []string{"/", u}
	}
	return []string{u}
}

// routeCandidates lists, for each URL reading in turn, the file the site's
// routes serve there and the file each static directory holds at it.
func routeCandidates(byURL map[string]string, static []string, urls []string) []string {
	var out []string
	for _, u := range urls {
		if f, ok := byURL[routeKey(u)]; ok {
			out = append(out, f)
		}
		for _, s := range static {
			out = append(out, path.Join(s, strings.TrimPrefix(u, "/")))
		}
	}
	return out
}
