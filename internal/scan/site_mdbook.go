package scan

import (
	"path"

	"github.com/BurntSushi/toml"

	"github.com/docbridge/docbridge/internal/scan/markdown"
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
	if site.mdbook == nil || !site.mdbook.createMissing || doc != path.Join(site.root, "SUMMARY.md") {
		return false
	}
	return l.Kind == markdown.LinkRelative && path.Ext(l.Target) == ".md" && within(l.Target, site.root)
}
