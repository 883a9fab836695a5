package snapshot

import (
	"strings"
	"testing"
)

func TestParseEntityID(t *testing.T) {
	for _, tc := range []struct {
		id, kind, key string
		ok            bool
	}{
		{"document:README.md", KindDocument, "README.md", true},
		{"module:internal/scan/scan.go", KindModule, "internal/scan/scan.go", true},
		{"unresolved:https://example.com:8080/x", KindUnresolved, "https://example.com:8080/x", true},
		{"area:", KindArea, "", true},
		{":x", "", "x", true},
		{"README.md", "", "", false},
		{"", "", "", false},
	} {
		kind, key, ok := ParseEntityID(tc.id)
		if kind != tc.kind || key != tc.key || ok != tc.ok {
			t.Errorf("ParseEntityID(%q) = %q, %q, %v; want %q, %q, %v", tc.id, kind, key, ok, tc.kind, tc.key, tc.ok)
		}
	}
}

// FuzzParseEntityID holds ParseEntityID to being EntityID's inverse for
// every kind without a ':' and every key.
func FuzzParseEntityID(f *testing.F) {
	f.Add(KindDocument, "README.md")
	f.Add(KindUnresolved, "https://example.com:8080/a:b")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, kind, key string) {
		if strings.Contains(kind, ":") {
			t.Skip("kinds have no ':'")
		}
		k, v, ok := ParseEntityID(EntityID(kind, key))
		if !ok || k != kind || v != key {
			t.Fatalf("ParseEntityID(EntityID(%q, %q)) = %q, %q, %v", kind, key, k, v, ok)
		}
	})
}

func TestEntityPath(t *testing.T) {
	for _, tc := range []struct {
		e    Entity
		want string
	}{
		{Entity{ID: "module:a/b.go", Path: "a/b.go"}, "a/b.go"},
		{Entity{ID: "package:a/b"}, "a/b"},
		{Entity{ID: "area:docs", Path: "docs/"}, "docs/"},
		{Entity{ID: "nocolon"}, ""},
	} {
		if got := EntityPath(&tc.e); got != tc.want {
			t.Errorf("EntityPath(%+v) = %q, want %q", tc.e, got, tc.want)
		}
	}
}
