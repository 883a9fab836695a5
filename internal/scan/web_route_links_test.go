package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

func TestWebRoutePath(t *testing.T) {
	tests := []struct {
		dest, want string
		ok         bool
	}{
		{"../tree/HEAD/README.md", "README.md", true},
		{"../../blob/main/docs/x.md#usage", "docs/x.md", true},
		{"./../raw/v1.2.3/LICENSE", "LICENSE", true},
		{"../edit/main/docs/", "docs", true},
		{"tree/HEAD/README.md", "", false},  // no climb: a path of the tree
		{"../pull/1/files", "", false},      // not a file route
		{"../blob/main", "", false},         // a ref and no path
		{"../blob/main/../../x", "", false}, // out of the repository
		{"../docs/x.md", "", false},
	}
	for _, tc := range tests {
		got, ok := webRoutePath(tc.dest)
		if got != tc.want || ok != tc.ok {
			t.Errorf("webRoutePath(%q) = %q, %v; want %q, %v", tc.dest, got, ok, tc.want, tc.ok)
		}
	}
}

// A comment template's web route to a file that exists is no broken link;
// one to a file that does not exist still is.
func TestWebRouteLinks(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"README.md": "# R\n",
		".github/actions/spelling/advice.md": "# Advice\n\n" +
			"Exclude [README.md](../tree/HEAD/README.md) and [gone](../tree/HEAD/GONE.md).\n",
	})
	s := scanDir(t, root, nil, Options{})
	var broken []string
	for _, r := range s.Relations {
		if r.From == "document:.github/actions/spelling/advice.md" && r.Kind == snapshot.RelLinksTo {
			broken = append(broken, r.To)
		}
	}
	if want := []string{"unresolved:GONE.md"}; !slices.Equal(broken, want) {
		t.Errorf("links from advice.md: %v, want %v", broken, want)
	}
}
