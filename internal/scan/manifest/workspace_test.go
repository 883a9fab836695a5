package manifest

import "testing"

func TestMatchWorkspace(t *testing.T) {
	tests := []struct {
		patterns  []string
		root, dir string
		want      bool
	}{
		{[]string{"packages/*"}, ".", "packages/ui", true},
		{[]string{"packages/*"}, ".", "packages/ui/sub", false},
		{[]string{"packages/*"}, ".", "packages", false},
		{[]string{"./packages/*/"}, ".", "packages/ui", true},
		{[]string{"packages/**"}, ".", "packages/a/b/c", true},
		{[]string{"packages/**"}, ".", "packages", true},
		{[]string{"**/lib"}, ".", "a/b/lib", true},
		{[]string{"**/lib"}, ".", "lib", true},
		{[]string{"a/**/b/**/c"}, ".", "a/x/b/y/z/c", true},
		{[]string{"a/**/b/**/c"}, ".", "a/x/y/z/c", false},
		{[]string{"packages/*", "!packages/legacy"}, ".", "packages/legacy", false},
		{[]string{"!packages/legacy", "packages/*"}, ".", "packages/legacy", false},
		{[]string{"packages/*", "!packages/legacy"}, ".", "packages/modern", true},
		{[]string{"packages/*", "!**/test/**"}, ".", "packages/test", false},
		{[]string{"apps/web-?"}, ".", "apps/web-1", true},
		{[]string{"apps/[ab]*"}, ".", "apps/cli", false},
		{[]string{"apps/[ab]*"}, ".", "apps/bff", true},
		{[]string{"apps/["}, ".", "apps/[", false},
		{[]string{"*"}, ".", ".hidden", false},
		{[]string{"**"}, ".", "a/.hidden/b", false},
		{[]string{".hidden"}, ".", ".hidden", true},
		{[]string{"**"}, ".", "a/node_modules/b", false},
		{[]string{"packages/*"}, "web", "web/packages/ui", true},
		{[]string{"packages/*"}, "web", "packages/ui", false},
		{[]string{"packages/*"}, "web/", "./web/packages/ui/", true},
		{[]string{"../other/*"}, "web", "other/x", false},
		{[]string{"."}, "web", "web", true},
		{[]string{"*"}, "web", "web", false},
		{nil, ".", "packages/ui", false},
		{[]string{"", "!"}, ".", "x", false},
	}
	for _, tt := range tests {
		if got := MatchWorkspace(tt.patterns, tt.root, tt.dir); got != tt.want {
			t.Errorf("MatchWorkspace(%q, %q, %q) = %v, want %v", tt.patterns, tt.root, tt.dir, got, tt.want)
		}
	}
}
