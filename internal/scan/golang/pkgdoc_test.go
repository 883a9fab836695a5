package golang

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExtractPackageDoc(t *testing.T) {
	long := strings.Repeat("word ", maxDocRunes) // far over the bound
	tests := []struct {
		name, src, want string
	}{
		{"none", "package p\n", ""},
		{"first paragraph only, whitespace collapsed",
			"// Package p renders\n// findings   as SARIF.\n//\n// Details that stay out.\npackage p\n",
			"Package p renders findings as SARIF."},
		{"block comment", "/*\nPackage p parses\n  docbridge.yaml.\n\nMore.\n*/\npackage p\n", "Package p parses docbridge.yaml."},
		{"comment separated by a blank line is no doc", "// Copyright 2024 Someone.\n\npackage p\n", ""},
		{"license header then doc", "// Copyright 2024.\n\n// Package p walks trees.\npackage p\n", "Package p walks trees."},
		{"build constraint above, blank line", "//go:build linux\n\n// Package p is for Linux.\npackage p\n", "Package p is for Linux."},
		{"build constraint in the doc's group is dropped", "//go:build linux\n// Package p is for Linux.\npackage p\n", "Package p is for Linux."},
		{"build constraint alone", "//go:build ignore\n\npackage main\n", ""},
		{"syntax error after the clause keeps the doc", "// Package p is broken.\npackage p\nfunc (\n", "Package p is broken."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Extract("p/f.go", []byte(tt.src)).Doc; got != tt.want {
				t.Errorf("doc %q, want %q", got, tt.want)
			}
		})
	}

	t.Run("bound", func(t *testing.T) {
		got := Extract("p/f.go", []byte("// Package p "+long+"\npackage p\n")).Doc
		n := utf8.RuneCountInString(got)
		if n > maxDocRunes || n < maxDocRunes-len("word ") || !strings.HasSuffix(got, "word…") {
			t.Errorf("doc of %d runes (bound %d), want a cut at a word boundary marked by …: %q", n, maxDocRunes, got)
		}
		// At the bound exactly, nothing is cut.
		exact := "Package p " + strings.Repeat("x", maxDocRunes-len("Package p "))
		if got := Extract("p/f.go", []byte("// "+exact+"\npackage p\n")).Doc; got != exact {
			t.Errorf("doc of exactly %d runes changed: %q", maxDocRunes, got)
		}
	})
}
