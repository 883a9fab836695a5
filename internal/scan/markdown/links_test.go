package markdown

import "testing"

func TestClassifyLink(t *testing.T) {
	tests := []struct {
		doc, dest            string
		kind, target, anchor string
		outside              bool
	}{
		{"docs/guide.md", "https://example.com/x#y", LinkExternal, "", "", false},
		{"docs/guide.md", "HTTP://EXAMPLE.COM", LinkExternal, "", "", false},
		{"docs/guide.md", "//cdn.example.com/a.js", LinkExternal, "", "", false},
		{"docs/guide.md", "mailto:team@example.com", LinkExternal, "", "", false},
		{"docs/guide.md", "vscode://file/x", LinkExternal, "", "", false},
		{"docs/guide.md", "#usage", LinkAnchor, "", "usage", false},
		{"docs/guide.md", "#%C3%A9migr%C3%A9", LinkAnchor, "", "émigré", false},
		{"docs/guide.md", "setup.md", LinkRelative, "docs/setup.md", "", false},
		{"docs/guide.md", "./setup.md#install", LinkRelative, "docs/setup.md", "install", false},
		{"docs/guide.md", "../README.md", LinkRelative, "README.md", "", false},
		{"docs/guide.md", "/src/index.ts", LinkRelative, "src/index.ts", "", false},
		{"docs/guide.md", "../src/", LinkRelative, "src", "", false},
		{"docs/guide.md", "my%20file.md?plain=1#L3", LinkRelative, "docs/my file.md", "L3", false},
		{"docs/guide.md", "100%.md", LinkRelative, "docs/100%.md", "", false},
		{"docs/guide.md", "?plain=1", LinkRelative, "docs/guide.md", "", false},
		{"docs/guide.md", "", LinkRelative, "docs/guide.md", "", false},
		{"docs/guide.md", "..", LinkRelative, ".", "", false},
		{"README.md", "docs/a.md", LinkRelative, "docs/a.md", "", false},
		{"README.md", "../x.md", LinkRelative, "", "", true},
		{"docs/guide.md", "../../x.md", LinkRelative, "", "", true},
		{"docs/guide.md", "/../x.md", LinkRelative, "", "", true},
		{"docs/guide.md", "a/../../../x.md#top", LinkRelative, "", "top", true},
		{"docs/guide.md", "#:~:text=install%20it", LinkAnchor, "", "", false},
		{"docs/guide.md", "setup.md#:~:text=go,-get", LinkRelative, "docs/setup.md", "", false},
		{"docs/guide.md", "setup.md#install:~:text=go", LinkRelative, "docs/setup.md", "install", false},
		{"docs/guide.md", "C:/x.md", LinkExternal, "", "", false}, // a scheme, as browsers read it
		// GitHub's routes of the repository: two levels above the root.
		{"README.md", "../../issues", LinkExternal, "", "", false},
		{"README.md", "../../graphs/contributors", LinkExternal, "", "", false},
		{"docs/releasing/README.md", "/../../releases", LinkExternal, "", "", false},
		{"docs/guide.md", "../../../tree/main/docs#top", LinkExternal, "", "top", false},
		{"README.md", "../../", LinkExternal, "", "", false},
		{"README.md", "../../unknown-page", LinkRelative, "", "", true},
		{"README.md", "../issues", LinkRelative, "", "", true},
		{"README.md", "../../../issues", LinkRelative, "", "", true},
		// rustdoc's intra-doc links: code, never files.
		{"src/docs/m.md", "crate::extract::Path", linkCode, "", "", false},
		{"src/docs/m.md", "tower_http::trace", linkCode, "", "", false},
		{"src/docs/m.md", "fn@crate::middleware::from_fn", linkCode, "", "", false},
		{"src/docs/m.md", "`tower::Service`", linkCode, "", "", false},
		{"src/docs/m.md", "crate#sharing-state", linkCode, "", "", false},
		{"src/docs/m.md", "http::StatusCode", linkCode, "", "", false},
		{"src/docs/m.md", "::std::fmt::Display", linkCode, "", "", false},
		{"src/docs/m.md", "Vec::new()", linkCode, "", "", false},
		{"src/docs/m.md", "std::vec!", linkCode, "", "", false},
		{"src/docs/m.md", "super", linkCode, "", "", false},
		// Near misses stay what they were.
		{"src/docs/m.md", "crates/x.md", LinkRelative, "src/docs/crates/x.md", "", false},
		{"src/docs/m.md", "x::y/z.md", LinkExternal, "", "", false}, // a scheme, as browsers read it
		{"src/docs/m.md", "a_b::", LinkRelative, "src/docs/a_b::", "", false},
		{"src/docs/m.md", "tower_http", LinkRelative, "src/docs/tower_http", "", false},
		{"src/docs/m.md", "user@example.com", LinkRelative, "src/docs/user@example.com", "", false},
	}
	for _, tt := range tests {
		l := Link{Destination: tt.dest}
		inside := classifyLink(&l, tt.doc)
		if l.Kind != tt.kind || l.Target != tt.target || l.Anchor != tt.anchor || inside == tt.outside {
			t.Errorf("classifyLink(%q from %s) = kind %q target %q anchor %q inside %v; want %q %q %q inside %v",
				tt.dest, tt.doc, l.Kind, l.Target, l.Anchor, inside, tt.kind, tt.target, tt.anchor, !tt.outside)
		}
	}
}
