package review

import (
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/suggest"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// suggestionMarkerPrefix opens every suggested change's review comment,
// followed by its fingerprint: the next run finds its own suggestions by
// it (and by the bot's login), as the sticky comment is found.
const suggestionMarkerPrefix = "<!-- docbridge:suggestion "

// maxOutsideIDs bounds the findings one fix command names.
const maxOutsideIDs = 20

// SuggestionStatus is what a run did with its suggested changes, for the
// comment and the job summary.
type SuggestionStatus struct {
	// Posted counts the suggestions this run posted, Kept those an earlier
	// run posted that still stand, Removed those it deleted (their
	// finding is gone or its fix changed).
	Posted, Kept, Removed int
	// Unposted are the suggestions that could not go out as a review
	// (a read-only token), shown as a diff instead; Why says why.
	Unposted []suggest.Suggestion
	Why      string
	// Outside are the judged findings with a fix that got no suggestion.
	Outside []suggest.Outside
}

// SuggestionMarker is the hidden marker of the suggestion with this
// fingerprint.
func SuggestionMarker(fingerprint string) string {
	return suggestionMarkerPrefix + fingerprint + " -->"
}

// SuggestionFingerprint reads the fingerprint of a review comment that
// starts with a suggestion marker; ok is false for any other comment.
func SuggestionFingerprint(body string) (fp string, ok bool) {
	rest, ok := strings.CutPrefix(strings.TrimLeft(body, " \t\r\n"), suggestionMarkerPrefix)
	if !ok {
		return "", false
	}
	fp, _, ok = strings.Cut(rest, " -->")
	if !ok || fp == "" || strings.ContainsFunc(fp, func(r rune) bool { return (r < '0' || r > '9') && (r < 'a' || r > 'f') }) {
		return "", false
	}
	return fp, true
}

// SuggestionComment renders the review comment of one suggestion: the
// marker, the finding's code and message, and the new lines in a
// suggestion block GitHub applies with one click. The lines are the
// document's and go in as they are, inside a fence longer than any
// backtick run in them; ok is false when a line holds a character a
// review comment cannot carry faithfully (a control or bidi character), or
// the body would pass MaxCommentChars (GitHub refuses the whole review for
// one comment too long).
func SuggestionComment(g GitHubContext, s suggest.Suggestion) (body string, ok bool) {
	for _, l := range s.Lines {
		if strings.ContainsFunc(l, func(r rune) bool { return r != '\t' && textwriter.UnsafeRune(r) }) {
			return "", false
		}
	}
	fence := fenceFor(s.Lines, 3)
	var b strings.Builder
	b.WriteString(SuggestionMarker(s.Fingerprint) + "\n")
	fmt.Fprintf(&b, "%s %s %s\n\n", levelIcon(s.Finding.Level), mdCode(s.Finding.Code), InlineText(s.Finding.Detail))
	b.WriteString(fence + "suggestion\n")
	for _, l := range s.Lines {
		b.WriteString(l + "\n")
	}
	b.WriteString(fence + "\n\n")
	b.WriteString("<sub>docbridge checked this change: the finding goes and no other appears. `" +
		cliCommand(g, "fix", "--finding", s.Finding.ID) + "` makes it locally.</sub>\n")
	if b.Len() > MaxCommentChars {
		return "", false
	}
	return b.String(), true
}

// fenceFor is a backtick fence at least n long and longer than any run of
// backticks in lines.
func fenceFor(lines []string, n int) string {
	for _, l := range lines {
		run := 0
		for _, r := range l {
			if r == '`' {
				run++
				n = max(n, run+1)
			} else {
				run = 0
			}
		}
	}
	return strings.Repeat("`", n)
}

// suggestionSection says, for the comment and the job summary, how many
// suggested changes stand on the diff, shows those that could not be
// posted as a collapsed diff, and gives the exact `docbridge fix` command
// for the findings whose fix is outside the diff; "" when there is
// nothing to say.
func suggestionSection(st *SuggestionStatus, g GitHubContext) string {
	if st == nil {
		return ""
	}
	var b strings.Builder
	if n := st.Posted + st.Kept; n > 0 || st.Removed > 0 {
		fmt.Fprintf(&b, "💡 %s on the diff: %d posted by this run, %d from earlier runs kept, %d withdrawn. "+
			"**Commit suggestion** applies one; **Add suggestion to batch** several in one commit.\n\n",
			textwriter.Plural(n, "suggested change", "suggested changes"), st.Posted, st.Kept, st.Removed)
	}
	if len(st.Unposted) > 0 {
		b.WriteString(unpostedDiff(st.Unposted, st.Why))
	}
	if len(st.Outside) > 0 {
		b.WriteString(outsideLine(st.Outside, g) + "\n\n")
	}
	return b.String()
}

// unpostedDiff shows suggestions that could not be posted as one diff in
// a collapsed block.
func unpostedDiff(ss []suggest.Suggestion, why string) string {
	var lines []string
	for _, s := range ss {
		lines = append(lines, s.Path)
		lines = append(lines, s.Old...)
		lines = append(lines, s.Lines...)
	}
	fence := fenceFor(lines, 3)
	var b strings.Builder
	fmt.Fprintf(&b, "<details><summary>💡 %s not posted (%s): the diff</summary>\n\n%sdiff\n",
		textwriter.Plural(len(ss), "suggested change", "suggested changes"), htmlText(why), fence)
	for _, s := range ss {
		fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n@@ -%d,%d +%d,%d @@\n", s.Path, s.Path, s.StartLine, len(s.Old), s.StartLine, len(s.Lines))
		for _, l := range s.Old {
			b.WriteString("-" + l + "\n")
		}
		for _, l := range s.Lines {
			b.WriteString("+" + l + "\n")
		}
	}
	b.WriteString(fence + "\n\n</details>\n\n")
	return b.String()
}

// outsideLine names the exact command that applies the fixes of the
// findings outside the diff: `docbridge fix --finding ID …`, with a base
// snapshot when one is drift (fix finds drift only against the base). The
// ids are the fingerprints' hex digits, safe in a code span.
func outsideLine(out []suggest.Outside, g GitHubContext) string {
	var ids []string
	drift := false
	for _, o := range out {
		ids = append(ids, o.Finding.ID)
		drift = drift || strings.HasPrefix(o.Finding.Code, "DRIFT_")
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	shown, more := textwriter.Bound(ids, maxOutsideIDs)
	var args []string
	if drift {
		args = append(args, "--base", "base.json")
	}
	for _, id := range shown {
		args = append(args, "--finding", id)
	}
	cmd := cliCommand(g, "fix", args...)
	s := fmt.Sprintf("🛠 %s a fix outside the diff: `%s` on this branch (`--dry-run` prints the diff only)",
		textwriter.Plural(len(out), "finding has", "findings have"), cmd)
	if drift {
		s += ", after `" + cliCommand(g, "scan", "--out", "base.json") + "` on a checkout of the base commit"
	}
	if more > 0 {
		s += fmt.Sprintf("; %d more are in the JSON report", more)
	}
	return s + "."
}

// cliCommand is a docbridge command line a reader runs at the repository
// root: the subcommand, then the directory the action scanned when it is
// not the root (the findings' paths and ids are that directory's, and so
// is its docbridge.yaml), then args.
func cliCommand(g GitHubContext, sub string, args ...string) string {
	parts := []string{"docbridge", sub}
	if !g.Scanned.IsRoot() {
		parts = append(parts, g.Scanned.String())
	}
	return strings.Join(append(parts, args...), " ")
}
