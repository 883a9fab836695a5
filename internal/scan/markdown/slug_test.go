package markdown

import (
	"slices"
	"testing"
)

// Slugs GitHub gives these headings (checked against rendered READMEs).
func TestSlug(t *testing.T) {
	tests := []struct{ text, want string }{
		{"What's new?", "whats-new"},
		{"API (v2) & CLI", "api-v2--cli"},
		{"docbridge scan", "docbridge-scan"},
		{"Émigré café", "émigré-café"},
		{"Hello, World!", "hello-world"},
		{"C++ & C#", "c--c"},
		{"snake_case_name", "snake_case_name"},
		{"1.2.3 Release", "123-release"},
		{"Foo/Bar", "foobar"},
		{"日本語の見出し", "日本語の見出し"},
		{"Русский Текст", "русский-текст"},
		{"emoji 🎉 party", "emoji--party"},
		{"a -- b", "a----b"},
		{"Tab\there", "tabhere"},
		{"", ""},
		{"?!", ""},
	}
	for _, tt := range tests {
		if got := Slug(tt.text); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestSluggerUnique(t *testing.T) {
	tests := []struct {
		name  string
		texts []string
		want  []string
	}{
		{"repeats", []string{"Usage", "Usage", "Usage"}, []string{"usage", "usage-1", "usage-2"}},
		{"suffix already taken", []string{"Usage", "Usage 1", "Usage"}, []string{"usage", "usage-1", "usage-2"}},
		{"different texts, same slug", []string{"API!", "api"}, []string{"api", "api-1"}},
		{"empty slugs", []string{"?", "!"}, []string{"", "-1"}},
	}
	for _, tt := range tests {
		s := newSlugger()
		var got []string
		for _, text := range tt.texts {
			got = append(got, s.unique(text))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
