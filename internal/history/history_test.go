package history

import "testing"

// By path: a history name or a history directory above.
func TestPath(t *testing.T) {
	for p, want := range map[string]bool{
		"CHANGELOG.md": true, "docs/HISTORY.md": true, "CHANGELOG/CHANGELOG-3.5.md": true, "changes.old.md": true,
		"HISTORY_v1.md": true, "docs/release-notes/v2.md": true, "changelogs/1.0.md": true,
		"README.md": false, "docs/changes-to-make.md": true, "docs/newsletter.md": false, "docs/historyless.md": false,
		"docs/guide.md":                false,
		"www/content/blog/rust-zig.md": true, "docs/blog/posts/x.md": true, "_posts/2020-01-01-hello.md": true, "docs/blogging.md": false,
		"www/content/customization/publish/changelog.md": true,                                      // by path alone; Document tells it apart
		"docs/superpowers/plans/2026-06-01-docs-i18n.md": true, "notes/2024-05-01_meeting.md": true, // dated records
		"plans/016-confine-export-output-path.md": false, "docs/proposals/x.md": true, "docs/rfcs/0001-x.md": true, "docs/adr/0002-y.md": true,
		"design/one-pager-x.md": true, "docs/planning.md": false, "docs/designer.md": false,
		"docs/2024-plan.md": false, "docs/2024-13-01-x.md": false, "journal/2026-06-01.md": true,
	} {
		if got := Path(p); got != want {
			t.Errorf("Path(%q) = %v, want %v", p, got, want)
		}
	}
}

// A document: a history-named page is a log at the root, in capitals or
// with version headings; the page about a change-log feature is not.
func TestDocument(t *testing.T) {
	versions := []string{"Release notes", "0.12.5", "v0.12.4 (2024-05-01)", "[0.12.3] - 2024-04-02", "Features"}
	feature := []string{"Changelog", "Using the GitHub API", "Filters", "Version 2 of the format"}
	for _, tc := range []struct {
		path     string
		headings []string
		want     bool
	}{
		{"CHANGELOG.md", nil, true},
		{"docs/plans/2026-06-01-i18n.md", feature, true}, // a dated record, whatever its headings
		{"changelog.md", nil, true},                      // at the root
		{"docs/CHANGELOG.md", nil, true},
		{"docs/release-notes.md", versions, true},
		{"www/content/customization/publish/changelog.md", feature, false},
		{"docs/release-notes.md", feature, false},
		{"www/content/blog/goreleaser-v1.4.md", nil, true},
		{"docs/guide.md", versions, false}, // versions alone make no log
	} {
		if got := Document(tc.path, tc.headings); got != tc.want {
			t.Errorf("Document(%q, %q) = %v, want %v", tc.path, tc.headings, got, tc.want)
		}
	}
}

func TestVersionHeading(t *testing.T) {
	for text, want := range map[string]bool{
		"v1.2.0": true, "0.9": true, "1.4.0-rc.1 (2024-01-02)": true, "Version 2.0.1": true, "release v3": true,
		"[1.2.0] - 2024-05-01": true, "v2 to v3": true,
		"Features": false, "2024-05-01": false, "Version two": false, "": false, "version": false, "1.2.3.4": false,
	} {
		if got := versionHeading(text); got != want {
			t.Errorf("versionHeading(%q) = %v, want %v", text, got, want)
		}
	}
}

// Change-log fragments are history by their directory; a versioned page
// only in Docusaurus' shape.
func TestFrozen(t *testing.T) {
	for p, want := range map[string]bool{
		".changes/unreleased/Added-20240101.yaml.md": true, ".changeset/brave-cats.md": true, "changelog.d/123.feature.md": true,
		"newsfragments/4521.bugfix.md": true, "changes.d/fix.md": true, ".changelog/1234.txt.md": true, "CHANGELOG.md": true,
		"website/versioned_docs/version-10.x/intro.md": true, "api_versioned_docs/version-2.0/a.md": true,
		"versioned_docs/version-1.0/x/y.md": true,
		"docs/guide.md":                     false, "docs/v1.2/guide.md": false, "docs/versioned/guide.md": false, "versioned_docs/README.md": false,
		"website/docs/version-10.x.md": false,
	} {
		if got := Frozen(p); got != want {
			t.Errorf("Frozen(%q) = %v, want %v", p, got, want)
		}
	}
	if !Fragment(".changeset/x.md") || Fragment("docs/changeset.md") {
		t.Error("Fragment")
	}
}
