package report

import (
	"cmp"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/reconcile"
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
	// PathPrefix is the scanned directory relative to the repository root
	// ("" for the root). Findings' paths are relative to the scanned
	// directory; GitHub wants them relative to the repository.
	PathPrefix string
}

// GitHubOptions are what the comment, check-run and job-summary renderers
// read besides the report.
type GitHubOptions struct {
	GitHub GitHubContext
	// FailOn is the level at which a new finding fails the check ("" is
	// error).
	FailOn catalog.FailOn
	// Doctor is the doctor's grade, when a doctor ran.
	Doctor *DoctorSummary
	// Stats is a line of run facts for the footer ("2,431 files, 2,428
	// reused · 0.8 s"); the caller's, so timing never reaches a golden.
	Stats string
	// Selection names how the caller chose Selected: "new",
	// "changed-files" or "all" (the action's filter input). "" means the
	// default, Judged(r), and Selected is ignored.
	Selection string
	// Selected are the findings to annotate, list first and judge, in any
	// order; used whenever Selection is set, even when empty.
	Selected []Finding
	// FullReport names where every finding is (the summaries list the
	// first few of each code), as Markdown written by the caller — never
	// repository text: "the JSON report `.docbridge/report.json` (the
	// step's `report` output)". Empty: "the JSON report".
	FullReport string
}

// ghView is what one GitHub rendering works from.
type ghView struct {
	// judged are the selected findings, worst first.
	judged []Finding
	// onlyNew is set when they are exactly the new ones against a base.
	onlyNew bool
	// filter is the selection to name, "" for the default.
	filter string
}

// view resolves the selection: the caller's, or Judged(r) by default.
func (o GitHubOptions) view(r *Report) ghView {
	if o.Selection == "" {
		return ghView{judged: Judged(r), onlyNew: r.Compared}
	}
	v := ghView{judged: worstFirst(o.Selected), onlyNew: r.Compared && o.Selection == "new"}
	if o.Selection != "new" {
		v.filter = o.Selection
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

// repoPath is p relative to the repository root.
func (g GitHubContext) repoPath(p string) string {
	prefix := strings.Trim(path.Clean("/"+strings.ReplaceAll(g.PathPrefix, `\`, "/")), "/")
	if prefix == "" || p == "" {
		return p
	}
	return prefix + "/" + p
}

// blobURL links a location at a commit: SERVER/OWNER/REPO/blob/SHA/PATH#L12,
// every segment percent-escaped. It is "" when a part is missing.
func (g GitHubContext) blobURL(sha string, l Location) string {
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

// InChangedFiles keeps the findings located in one of the changed files,
// in order (reconcile.FilterChanged's rule).
func InChangedFiles(fs []Finding, changed []string) []Finding {
	return reconcile.InFiles(fs, changed, func(f Finding) string { return f.Location.Path })
}

// WithStatus returns the findings of one status, in order.
func WithStatus(fs []Finding, status string) []Finding {
	out := []Finding{}
	for _, f := range fs {
		if f.Status == status {
			out = append(out, f)
		}
	}
	return out
}

// Judged returns the findings the check judges: the new ones when the
// report was compared with a base, every finding otherwise (the rule of
// docbridge check). They come worst first.
func Judged(r *Report) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if !r.Compared || f.Status == StatusNew {
			out = append(out, f)
		}
	}
	return worstFirst(out)
}

// Failing returns the judged findings at or above failOn, in their order:
// the findings that fail a run. The exit code, the check run's conclusion
// and the comment's count all read it.
func Failing(judged []Finding, failOn catalog.FailOn) []Finding {
	var out []Finding
	for _, f := range judged {
		if failOn.Fails(f.Level) {
			out = append(out, f)
		}
	}
	return out
}

// worstFirst returns a copy sorted by severity, worst first, then in
// canonical order.
func worstFirst(fs []Finding) []Finding {
	out := slices.Clone(fs)
	slices.SortFunc(out, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(levelRank(a.Level), levelRank(b.Level)), compareFindings(a, b))
	})
	return out
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
