package driftbench

import "testing"

func TestIsChangelog(t *testing.T) {
	for p, want := range map[string]bool{
		"CHANGELOG.md": true, "docs/changelog/3.5.md": true, "changelogs/0.9.x.md": true, "CHANGES.md": true,
		"HISTORY.md": true, "RELEASE-NOTES.md": true, "README.md": false, "docs/guide.md": false,
	} {
		if got := isChangelog(p); got != want {
			t.Errorf("isChangelog(%q) = %v, want %v", p, got, want)
		}
	}
}
