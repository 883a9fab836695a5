package review

import (
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/repopath"
	"github.com/docbridge/docbridge/internal/report"
)

// GitHubContext locates the run on GitHub for the links and paths the
// GitHub renderers write. Every field may be empty: a renderer then writes
// plain text where it would have linked.
type GitHubContext struct {
	// ServerURL is GITHUB_SERVER_URL, e.g. https://github.com.
	ServerURL string
	// Repository is GITHUB_REPOSITORY, owner/name.
	Repository string
	// HeadSHA is the commit judged; findings link to their lines there.
	HeadSHA string
	// BaseSHA is the base commit; resolved findings link there (they may
	// be gone at the head).
	BaseSHA string
	// RunURL is the workflow run, whose page holds the job summary.
	RunURL string
	// Scanned is the scanned directory relative to the repository root
	// (the zero Dir for the root). Findings' paths are relative to the
	// scanned directory; every path a GitHub renderer writes (annotations,
	// locations, links) is made relative to the repository through it.
	Scanned repopath.Dir
}

// RenderOptions are what the comment, check-run and job-summary renderers
// read besides the report.
type RenderOptions struct {
	GitHub GitHubContext
	// FailOn is the level at which a new finding fails the check ("" is
	// error).
	FailOn catalog.FailOn
	// Doctor is the doctor's grade, when a doctor ran.
	Doctor *DoctorSummary
	// Stats is a line of run facts for the footer ("2,431 files, 2,428
	// reused · 0.8 s"); the caller's, so timing never reaches a golden.
	Stats string
	// Selection is what the caller judged and how it chose it (the
	// action's filter); nil means the default, report.Judged(r).
	Selection *Selection
	// Failing counts the Selection's findings at or above FailOn, as the
	// caller counted them for its verdict (report.Failing); read only with
	// a Selection, so that the texts and the exit code share one count.
	Failing int
	// FullReport names where every finding is (the summaries list the
	// first few of each code), as Markdown written by the caller — never
	// repository text: "the JSON report `.docbridge/report.json` (the
	// step's `report` output)". Empty: "the JSON report".
	FullReport string
	// Enrichment is what waits on the enrichment pull request and what
	// this pull request makes expire; nil says nothing.
	Enrichment *EnrichmentStatus
	// Suggestions is what the run did with its suggested changes; nil
	// when it offered none (the input is off, or no pull request), and
	// the comment then names the fix command for every fixable finding.
	Suggestions *SuggestionStatus
}

// ghView is what one GitHub rendering works from.
type ghView struct {
	// judged are the selected findings, worst first.
	judged []report.Finding
	// failing counts those at or above fail-on.
	failing int
	// onlyNew is set when they are exactly the new ones against a base.
	onlyNew bool
	// inChangedFiles is set when they are the findings in the pull
	// request's changed files.
	inChangedFiles bool
	// filter is the filter to name in the verdict, "" for none (the
	// default, and new).
	filter string
}

// view resolves the selection: the caller's, or report.Judged(r) by default.
func (o RenderOptions) view(r *report.Report) ghView {
	s := o.Selection
	if s == nil {
		judged := report.Judged(r)
		return ghView{judged: judged, failing: len(report.Failing(judged, o.FailOn.OrDefault())), onlyNew: r.Compared}
	}
	v := ghView{judged: report.WorstFirst(s.Findings), failing: o.Failing, onlyNew: r.Compared && s.OnlyNew,
		inChangedFiles: s.InChangedFiles}
	if s.Filter != "" && s.Filter != actionenv.FilterNew {
		v.filter = string(s.Filter)
	}
	return v
}

// noun is "new finding" when the judged findings are the new ones,
// "finding" otherwise.
func (v ghView) noun() string {
	if v.onlyNew {
		return "new finding"
	}
	return "finding"
}

// repoPath is the scanned directory's path p relative to the repository
// root, as GitHub names files.
func (g GitHubContext) repoPath(p string) string {
	return g.Scanned.ToRepo(p)
}

// blobURL links a location at a commit: SERVER/OWNER/REPO/blob/SHA/PATH#L12,
// every segment percent-escaped. It is "" when a part is missing.
func (g GitHubContext) blobURL(sha string, l report.Location) string {
	if g.ServerURL == "" || g.Repository == "" || sha == "" || l.Path == "" {
		return ""
	}
	u := strings.TrimRight(g.ServerURL, "/") + "/" + escapeSegments(g.Repository) +
		"/blob/" + escapeSegments(strings.ReplaceAll(sha, "/", "")) + "/" + escapeSegments(g.repoPath(l.Path))
	if l.Line > 0 {
		u += "#L" + strconv.Itoa(l.Line)
	}
	return u
}

// escapeSegments percent-escapes every byte of p but unreserved ones
// (RFC 3986) and the slashes between segments: stricter than
// url.PathEscape, so no '@', '$' or ':' from a file name reaches the
// Markdown that holds the URL.
func escapeSegments(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~', c == '/':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// levelIcon marks a level in Markdown.
func levelIcon(l catalog.Level) string {
	switch l {
	case catalog.Error:
		return "🔴"
	case catalog.Warn:
		return "🟡"
	case catalog.Info:
		return "🔵"
	}
	return "⚪"
}
