package scan

import (
	"path"

	"github.com/BurntSushi/toml"
)

// mdBook (book.toml): chapters under [book] src (default "src"), links
// relative to the page with .md rewritten to .html, {{#include file}}
// relative to the page, heading ids per mdBookAnchors.

// parseBookTOML returns the book's source directory, repo-relative.
func parseBookTOML(configPath string, data []byte) (src, why string, ok bool) {
	var cfg struct {
		Book struct {
			Src string `toml:"src"`
		} `toml:"book"`
	}
	if _, err := toml.Decode(string(data), &cfg); err != nil {
		return "", "book.toml is not TOML: " + err.Error(), false
	}
	src = cfg.Book.Src
	if src == "" {
		src = "src"
	}
	return path.Join(parentDir(configPath), src), "", true
}
