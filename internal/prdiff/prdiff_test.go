package prdiff

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

func TestAddedLines(t *testing.T) {
	tests := []struct {
		name, patch string
		want        Added
	}{
		{"empty", "", Added{}},
		{"one hunk", "@@ -1,3 +1,4 @@\n # A\n-old\n+new\n+more\n \n", Added{2: "new", 3: "more"}},
		{"two hunks, counts of one left out", "@@ -2 +2 @@ x\n-a\n+b\n@@ -10,2 +10,3 @@\n ctx\n+added\n ctx2\n", Added{2: "b", 11: "added"}},
		{"new file", "@@ -0,0 +1,2 @@\n+# T\n+line\n\\ No newline at end of file\n", Added{1: "# T", 2: "line"}},
		{"CRLF kept out of the text", "@@ -1 +1 @@\n-a\r\n+b\r\n", Added{1: "b"}},
		{"an empty context line", "@@ -1,3 +1,3 @@\n a\n\n-c\n+d\n", Added{3: "d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := AddedLines(tt.patch)
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// A patch whose line numbers cannot be trusted is refused.
func TestAddedLinesRefuses(t *testing.T) {
	for name, patch := range map[string]string{
		"no hunk header":     "+a\n",
		"bad header":         "@@ -x +1 @@\n+a\n",
		"hunk short":         "@@ -1,2 +1,2 @@\n a\n",
		"hunk too long":      "@@ -1 +1 @@\n-a\n+b\n+c\n",
		"file header inside": "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n",
	} {
		if _, err := AddedLines(patch); err == nil {
			t.Errorf("%s: no error", name)
		} else if strings.TrimSpace(err.Error()) == "" {
			t.Errorf("%s: empty error", name)
		}
	}
}

// FuzzAddedLines: a patch is the pull request author's text; any input
// gives an error or lines, never a panic, and the lines are at most the
// patch's "+" lines, each one line of text.
func FuzzAddedLines(f *testing.F) {
	for _, seed := range []string{
		"",
		"@@ -0,0 +1,3 @@\n+# Guide\n+\n+Read [setup](setup.md#instal) first.\n",
		"@@ -1,3 +1,4 @@\n a\n-b\n+c\n+d\n e\n\\ No newline at end of file\n",
		"@@ -1 +1 @@\n-x\n+y\n@@ -10,2 +10,2 @@\n p\n-q\n+r\n",
		"@@ -1,2 +1,9999999999 @@\n+a\n",
		"+outside\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, patch string) {
		added, err := AddedLines(patch)
		if err != nil {
			return
		}
		// Every added line is one of the patch's "+" lines, and lies in
		// the new range of a hunk whose header says so.
		plus := map[string]bool{}
		var ranges [][2]int
		for _, l := range strings.Split(patch, "\n") {
			if strings.HasPrefix(l, "+") {
				plus[strings.TrimSuffix(l[1:], "\r")] = true
			}
			if strings.HasPrefix(l, "@@") {
				if _, start, n, err := hunkHeader(l); err == nil {
					ranges = append(ranges, [2]int{start, start + n})
				}
			}
		}
		for n, text := range added {
			if !plus[text] {
				t.Fatalf("line %d %q is no '+' line of the patch", n, text)
			}
			if !slices.ContainsFunc(ranges, func(r [2]int) bool { return r[0] <= n && n < r[1] }) {
				t.Fatalf("line %d lies in no hunk's new range %v", n, ranges)
			}
		}
	})
}
