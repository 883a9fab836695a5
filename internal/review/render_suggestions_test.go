package review

import (
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/repopath"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/suggest"
)

func sampleSuggestion(lines ...string) suggest.Suggestion {
	return suggest.Suggestion{
		Finding: report.Finding{ID: "00000000000000a1", Code: catalog.BrokenAnchor, Level: catalog.Error,
			Detail: "anchor #instal matches no heading of docs/b.md; did you mean #install? @octocat"},
		Path: "docs/a.md", StartLine: 3, Line: 3, Old: []string{"See [b](b.md#instal)."}, Lines: lines, Fingerprint: "0123456789abcdef",
	}
}

// The comment starts with the marker its fingerprint is read back from,
// holds the lines verbatim in a suggestion block, and names the finding
// with its text escaped (no mention).
func TestSuggestionComment(t *testing.T) {
	body, ok := SuggestionComment(GitHubContext{}, sampleSuggestion("See [b](b.md#install)."))
	if !ok {
		t.Fatal("refused")
	}
	if fp, ok := SuggestionFingerprint(body); !ok || fp != "0123456789abcdef" {
		t.Errorf("fingerprint = %q, %v", fp, ok)
	}
	for _, want := range []string{"```suggestion\nSee [b](b.md#install).\n```\n", "`BROKEN_ANCHOR`", "@\u200boctocat",
		"docbridge fix --finding 00000000000000a1"} {
		if !strings.Contains(body, want) {
			t.Errorf("body lacks %q:\n%s", want, body)
		}
	}
	// A line with a backtick run gets a longer fence, which it cannot close.
	body, _ = SuggestionComment(GitHubContext{}, sampleSuggestion("Run ```` `x` ````."))
	if !strings.Contains(body, "`````suggestion\nRun ```` `x` ````.\n`````\n") {
		t.Errorf("fence:\n%s", body)
	}
	if _, ok := SuggestionComment(GitHubContext{}, sampleSuggestion("bidi \u202e here")); ok {
		t.Error("a bidi control character was accepted")
	}
	if _, ok := SuggestionComment(GitHubContext{}, sampleSuggestion(strings.Repeat("x", MaxCommentChars))); ok {
		t.Error("a body past the comment bound was accepted")
	}
}

func TestSuggestionFingerprintRefuses(t *testing.T) {
	for _, body := range []string{"plain", "<!-- docbridge:sticky v1 -->", "<!-- docbridge:suggestion XYZ -->", "<!-- docbridge:suggestion  -->",
		"x <!-- docbridge:suggestion 0123 -->"} {
		if fp, ok := SuggestionFingerprint(body); ok {
			t.Errorf("%q: read %q", body, fp)
		}
	}
}

// The comment and the job summary count the suggestions, show the ones a
// read-only token could not post as a diff, and give the exact fix command
// for the rest; without a status the comment keeps its old fix line.
func TestSuggestionSection(t *testing.T) {
	r := sampleReport()
	var judged []report.Finding
	for _, f := range r.Findings {
		if f.Status == report.StatusNew {
			judged = append(judged, f)
		}
	}
	drift := report.Finding{ID: "00000000000000b2", Code: catalog.DriftLink}
	anchor := report.Finding{ID: "00000000000000c3", Code: catalog.BrokenAnchor}
	st := &SuggestionStatus{Posted: 2, Kept: 1, Removed: 1,
		Outside: []suggest.Outside{{Finding: anchor, Reason: "not on a line the pull request adds"}, {Finding: drift, Reason: "x"}}}
	opts := RenderOptions{GitHub: ghContext(), Selection: &Selection{Findings: judged, OnlyNew: true}, Suggestions: st}
	for name, text := range map[string]string{"comment": Comment(r, opts), "summary": JobSummary(r, opts)} {
		for _, want := range []string{
			"💡 3 suggested changes on the diff: 2 posted by this run, 1 from earlier runs kept, 1 withdrawn.",
			"🛠 2 findings have a fix outside the diff: `docbridge fix --base base.json --finding 00000000000000b2 --finding 00000000000000c3` on this branch",
			"after `docbridge scan --out base.json` on a checkout of the base commit",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q:\n%s", name, want, text)
			}
		}
	}
	st = &SuggestionStatus{Unposted: []suggest.Suggestion{sampleSuggestion("See [b](b.md#install).")}, Why: "the token is read-only"}
	opts.Suggestions = st
	want := "<details><summary>💡 1 suggested change not posted (the token is read-only): the diff</summary>\n\n```diff\n" +
		"--- a/docs/a.md\n+++ b/docs/a.md\n@@ -3,1 +3,1 @@\n-See [b](b.md#instal).\n+See [b](b.md#install).\n```\n\n</details>"
	if c := Comment(r, opts); !strings.Contains(c, want) {
		t.Errorf("comment lacks the diff:\n%s", c)
	}
	if strings.Contains(Comment(r, opts), "💡 0") {
		t.Error("a zero count is said")
	}
}

// FuzzSuggestionFingerprint: review comments are anyone's text; reading
// one never panics, a fingerprint read is lowercase hex, and a marker
// written for it reads back as it.
func FuzzSuggestionFingerprint(f *testing.F) {
	for _, seed := range []string{
		SuggestionMarker("0123456789abcdef") + "\nbody\n",
		"  \n" + SuggestionMarker("ab") + " trailing",
		SuggestionMarker("") + "\n",
		SuggestionMarker("XYZ") + "\n",
		"<!-- docbridge",
		"plain comment",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		fp, ok := SuggestionFingerprint(body)
		if !ok {
			return
		}
		if fp == "" || strings.Trim(fp, "0123456789abcdef") != "" {
			t.Fatalf("fingerprint %q of %q is not lowercase hex", fp, body)
		}
		if again, ok := SuggestionFingerprint(SuggestionMarker(fp)); !ok || again != fp {
			t.Fatalf("the marker of %q reads back as %q, %v", fp, again, ok)
		}
	})
}

// TestFixCommandsNameTheScannedDirectory: the commands a pull request's
// text gives are run at the repository root, and a finding's id and
// paths are the scanned directory's, so a scan below the root names its
// directory in every command; at the root none is named.
func TestFixCommandsNameTheScannedDirectory(t *testing.T) {
	site := GitHubContext{Scanned: repopath.New("site")}
	body, ok := SuggestionComment(site, sampleSuggestion("See [b](b.md#install)."))
	if !ok || !strings.Contains(body, "`docbridge fix site --finding 00000000000000a1`") {
		t.Errorf("suggestion below the root: %q", body)
	}
	drift := []suggest.Outside{{Finding: report.Finding{ID: "00000000000000b2", Code: "DRIFT_LINK"}, Reason: "r"}}
	line := outsideLine(drift, site)
	for _, want := range []string{"`docbridge fix site --base base.json --finding 00000000000000b2`", "`docbridge scan site --out base.json`"} {
		if !strings.Contains(line, want) {
			t.Errorf("outside line below the root lacks %s: %q", want, line)
		}
	}
	if line := outsideLine(drift, GitHubContext{}); !strings.Contains(line, "`docbridge fix --base base.json --finding 00000000000000b2`") {
		t.Errorf("outside line at the root: %q", line)
	}
}
