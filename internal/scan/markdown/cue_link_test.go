package markdown

import "testing"

// TestLinkCue: a link in a table row that says its file is still to be
// made carries the cue; the same link in a row that does not, in a
// paragraph that says so, or an external link does not.
func TestLinkCue(t *testing.T) {
	doc := Extract("cfg/README.md", []byte(`# Configuration

File | Purpose
-|-
[dictionary.txt](dictionary.txt) | Replacement dictionary (creating this file will override the default dictionary)
[allow.txt](allow.txt) | Add words to the dictionary
[reject.txt](reject.txt) | Create it to remove words
[a.txt](a.txt), [b.txt](b.txt) | Creating the file adds words
[site](https://example.com/x.txt) | creating this file does nothing

Creating this file changes nothing: [notes.txt](notes.txt).
`))
	want := map[string]string{
		"dictionary.txt":            "creating this file",
		"allow.txt":                 "",
		"reject.txt":                "create it",
		"a.txt":                     "creating the file", // every link of a row
		"b.txt":                     "creating the file",
		"https://example.com/x.txt": "",
		"notes.txt":                 "",
	}
	seen := 0
	for _, l := range doc.Links {
		w, ok := want[l.Destination]
		if !ok {
			continue
		}
		seen++
		if l.Cue != w {
			t.Errorf("%s: cue %q, want %q", l.Destination, l.Cue, w)
		}
	}
	if seen != len(want) {
		t.Fatalf("read %d of the %d links", seen, len(want))
	}
}
