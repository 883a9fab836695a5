package walk

import (
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// FuzzParseIgnore feeds arbitrary ignore files (untrusted: they come from
// the checkout) to the parser and matches their patterns against paths cut
// from the same input. Beyond not panicking, it checks properties git's
// semantics imply: a pattern and its negation match the same paths with
// opposite results, and a pattern in a subdirectory matches exactly what it
// matches at the root, shifted by that directory.
func FuzzParseIgnore(f *testing.F) {
	for _, seed := range []string{
		"*.log\n!keep.log\n", "/a/b/\n**/c\na/**/d\nx/**\n", "\xef\xbb\xbf# c\r\n\\#h\r\n\\!b \n",
		"*\n!*/\n!*.md\n", "[\n[]\n\\\n**\n***\n/**/\n//\n!\n", "a/**/**/b\n**/b/*.md\n",
	} {
		f.Add([]byte(seed), "b/b/x.md")
	}
	f.Fuzz(func(t *testing.T, data []byte, path string) {
		parsed := parseIgnore(data, nil)
		if len(parsed.patterns) > maxIgnorePatterns {
			t.Fatalf("%d patterns", len(parsed.patterns))
		}
		comps := strings.Split(path, "/")
		if len(comps) > 12 {
			comps = comps[:12]
		}
		lines := strings.Split(string(data), "\n")
		if len(lines) > 50 {
			lines = lines[:50]
		}
		for _, line := range lines {
			p, ok := newExactPattern(line, nil)
			if !ok {
				continue
			}
			for _, isDir := range []bool{false, true} {
				got := p.Match(comps, isDir)
				if strings.HasPrefix(line, "!") {
					continue
				}
				neg, ok := newExactPattern("!"+line, nil)
				if !ok {
					t.Fatalf("%q parses but its negation does not", line)
				}
				if n := neg.Match(comps, isDir); (n == gitignore.NoMatch) != (got == gitignore.NoMatch) || (got != gitignore.NoMatch && n != gitignore.Include) {
					t.Fatalf("%q on %q: %v, negation %v", line, comps, got, n)
				}
				sub, _ := newExactPattern(line, []string{"sub"})
				if s := sub.Match(append([]string{"sub"}, comps...), isDir); s != got {
					t.Fatalf("%q on %q: %v at the root, %v under sub", line, comps, got, s)
				}
			}
		}
	})
}
