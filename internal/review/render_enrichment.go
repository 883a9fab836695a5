package review

import (
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/enrich"

	"github.com/docbridge/docbridge/internal/textwriter"
)

// maxExpiringRows bounds the expiring proposals a comment lists.
const maxExpiringRows = 10

// EnrichmentStatus is what an ordinary pull request's comment says about
// enrichment: the proposals waiting for a person on the enrichment pull
// request, and the accepted proposals whose target this pull request
// changes — they stop counting at once and leave the overlay on the next
// nightly run.
type EnrichmentStatus struct {
	// Pending counts the proposals waiting on the enrichment pull request
	// (PR, at URL); 0 and no PR say nothing.
	Pending int
	PR      int
	URL     string
	// Expiring are accepted proposals whose target changed, in order.
	Expiring []enrich.Proposal
}

// enrichmentSection is the comment's enrichment lines, "" when there is
// nothing to say.
func enrichmentSection(e *EnrichmentStatus) string {
	if e == nil || (e.Pending == 0 && len(e.Expiring) == 0) {
		return ""
	}
	var b strings.Builder
	if e.Pending > 0 && e.PR > 0 {
		where := fmt.Sprintf("#%d", e.PR)
		if u := safeURL(e.URL); u != "" {
			where = "[" + where + "](" + u + ")"
		}
		fmt.Fprintf(&b, "🧭 %s %s for a decision on the enrichment pull request %s.\n\n",
			textwriter.Plural(e.Pending, "proposal", "proposals"), textwriter.PluralWord(e.Pending, "waits", "wait"), where)
	}
	if n := len(e.Expiring); n > 0 {
		shown, more := textwriter.Bound(e.Expiring, maxExpiringRows)
		fmt.Fprintf(&b, "<details><summary>This change makes %s expire</summary>\n\n", textwriter.Plural(n, "accepted proposal", "accepted proposals"))
		b.WriteString("| Proposal | Target | Claim |\n|---|---|---|\n")
		for _, p := range shown {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", InlineText(string(p.Kind)), mdCode(clip(p.Entity, maxMarkdownCell)), claim(p))
		}
		if more > 0 {
			fmt.Fprintf(&b, "\n… and %d more.\n", more)
		}
		b.WriteString("\nThey no longer count in search; the next enrichment run moves them to rejected (`expired`).\n</details>\n\n")
	}
	return b.String()
}
