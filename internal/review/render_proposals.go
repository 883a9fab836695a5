package review

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// Bounds of the proposal renderers, in runes, on text an agent wrote.
const (
	// maxProposalReasonRunes bounds the reason shown with a proposal.
	maxProposalReasonRunes = 300
	// maxProposalEvidence is how many evidence items a proposal lists.
	maxProposalEvidence = 5
	// maxQuotedLineRunes bounds the command line a reply quotes.
	maxQuotedLineRunes = 200
)

// overlayWhere names what has every proposal when a rendering is cut.
const overlayWhere = "`docbridge enrich list` on this branch"

// RefusedCommand is one refused command line of a comment and why.
type RefusedCommand struct {
	// Line is the line as its author wrote it (untrusted).
	Line   string
	Reason string
}

// CommandReply renders the reply to a comment whose commands were
// refused: head, then each refused line quoted alone (one line, escaped,
// so it can neither ping anyone nor open markup) with its reason, then
// tail. All text is escaped; the reply stays under MaxCommentChars.
func CommandReply(head string, refused []RefusedCommand, tail string) string {
	m := newBudget(MaxCommentChars, "", "the workflow run's log")
	m.block(InlineText(head) + "\n\n")
	m.table("", len(refused), func(i int) string {
		r := refused[i]
		return "> " + quoteLine(clip(r.Line, maxQuotedLineRunes)) + "\n\n❌ " + InlineText(clip(r.Reason, maxMarkdownCell)) + "\n\n"
	}, "")
	if tail != "" {
		m.block(InlineText(tail) + "\n")
	}
	return m.String()
}

// listMarker is how a line opens a list item or a heading underline.
var listMarker = regexp.MustCompile(`^(?:[-+=]|[0-9]{1,9}[.)])`)

// quoteLine escapes one untrusted line for a block quote: InlineText, and a
// leading list or setext marker (which InlineText leaves) escaped too.
func quoteLine(s string) string {
	s = InlineText(s)
	if loc := listMarker.FindStringIndex(s); loc != nil {
		s = s[:loc[1]-1] + `\` + s[loc[1]-1:]
	}
	return s
}

// EnrichmentPRBody renders the nightly enrichment pull request's body:
// what it carries, how to decide, note (a line of the caller's, such as
// which agent proposed; "" for none), and the pending proposals grouped
// by kind, each with its /approve line to copy, within MaxCommentChars.
func EnrichmentPRBody(ov *enrich.Overlay, note string) string {
	if note != "" {
		note = InlineText(clip(note, maxMarkdownCell)) + "\n\n"
	}
	return enrichmentPRBody(ov, note)
}

// prIntroEnd ends the fixed introduction of the enrichment pull request's
// body; the note, when there is one, follows it.
const prIntroEnd = "A decision is committed to this branch, bound to the content it was made about.\n\n"

// RefreshEnrichmentPRBody renders EnrichmentPRBody for ov with the note
// the body old carries (rendered before, by EnrichmentPRBody): a run that
// knows no note of its own — the gate — keeps the nightly's.
func RefreshEnrichmentPRBody(ov *enrich.Overlay, old string) string {
	note := ""
	if i := strings.Index(old, prIntroEnd); i >= 0 {
		rest := old[i+len(prIntroEnd):]
		if j := strings.Index(rest, "\n\n"); j > 0 && !strings.Contains(rest[:j], "\n") &&
			!strings.HasPrefix(rest, "In the overlay:") && len(rest[:j]) <= 4*maxMarkdownCell {
			note = rest[:j+2]
		}
	}
	return enrichmentPRBody(ov, note)
}

// enrichmentPRBody is EnrichmentPRBody with the note rendered ("" or a
// line and a blank line).
func enrichmentPRBody(ov *enrich.Overlay, note string) string {
	m := newBudget(MaxCommentChars, "", overlayWhere)
	pending := 0
	if ov != nil {
		pending = len(ov.Pending)
	}
	m.block("### docbridge enrichment · " + waitLabel(pending) + "\n\n")
	m.block("This pull request carries docbridge's enrichment overlay (`" + enrich.OverlayPath + "`): what agents proposed " +
		"about the documentation, checked by fixed rules. Proposals that only add to search were accepted by policy; " +
		"the ones below wait for a person. Decide each with a comment holding its command on a line of its own " +
		"(several lines, several decisions):\n\n```text\n/approve <proposalId>\n/reject <proposalId> [reason]\n```\n\n" +
		"Commands need the repository permission set by `approvals.minimumPermission` (write by default). " +
		prIntroEnd)
	if note != "" {
		m.block(note)
	}
	if ov == nil {
		return m.String()
	}
	m.block(overlayCounts(ov) + "\n\n")
	pendingGroups(m, ov)
	return m.String()
}

// ProposalsSection renders the proposals part of the enrichment pull
// request's sticky comment within limit bytes: counts, the pending
// proposals grouped by kind with their commands, the ones people approved
// and the ones people rejected. It is "" without an overlay.
func ProposalsSection(ov *enrich.Overlay, limit int) string {
	if ov == nil {
		return ""
	}
	approved := slices.DeleteFunc(slices.Clone(ov.Accepted), func(a enrich.Accepted) bool { return a.AcceptedBy == enrich.ActorPolicy })
	rejected := slices.DeleteFunc(slices.Clone(ov.Rejected), func(r enrich.Rejected) bool { return r.Reason != enrich.ReasonRejectedByPerson })
	m := newBudget(limit, "", overlayWhere)
	m.block(fmt.Sprintf("#### Proposals · %d pending · %d approved · %d rejected\n\n", len(ov.Pending), len(approved), len(rejected)))
	m.block(overlayCounts(ov) + "\n\n")
	pendingGroups(m, ov)
	if len(approved) > 0 {
		m.table(fmt.Sprintf("##### Approved (%d)\n\n| proposal | kind | target | by |\n| --- | --- | --- | --- |\n", len(approved)), len(approved), func(i int) string {
			a := approved[i]
			return fmt.Sprintf("| %s | %s | %s | %s |\n", mdCode(a.Proposal.ProposalID), mdCode(string(a.Proposal.Kind)),
				mdCode(clip(a.Proposal.Entity, maxMarkdownCell)), InlineText(a.AcceptedBy))
		}, "\n")
	}
	if len(rejected) > 0 {
		m.table(fmt.Sprintf("##### Rejected (%d)\n\n| proposal | kind | target | by | reason |\n| --- | --- | --- | --- | --- |\n", len(rejected)), len(rejected), func(i int) string {
			r := rejected[i]
			return fmt.Sprintf("| %s | %s | %s | %s | %s |\n", mdCode(r.ProposalID), mdCode(r.Kind),
				mdCode(clip(r.Entity, maxMarkdownCell)), InlineText(r.RejectedBy), InlineText(clip(r.Detail, maxMarkdownCell)))
		}, "\n")
	}
	return m.String()
}

// waitLabel is "3 proposals wait for a person", "nothing waits for a person".
func waitLabel(n int) string {
	switch n {
	case 0:
		return "nothing waits for a person"
	case 1:
		return "1 proposal waits for a person"
	}
	return thousands(n) + " proposals wait for a person"
}

// overlayCounts is the overlay's one-line tally.
func overlayCounts(ov *enrich.Overlay) string {
	policy := 0
	for _, a := range ov.Accepted {
		if a.AcceptedBy == enrich.ActorPolicy {
			policy++
		}
	}
	return fmt.Sprintf("In the overlay: %d pending, %d accepted (%d by policy), %s, %d rejected.",
		len(ov.Pending), len(ov.Accepted), policy, textwriter.Plural(len(ov.Findings), "finding", "findings"), len(ov.Rejected))
}

// pendingGroups adds the pending proposals, one list per kind (kinds in
// enrich.Kinds order, most confident first within a kind).
func pendingGroups(m *budget, ov *enrich.Overlay) {
	for _, k := range enrich.Kinds {
		var ps []enrich.Proposal
		for _, p := range ov.Pending {
			if p.Proposal.Kind == k {
				ps = append(ps, p.Proposal)
			}
		}
		if len(ps) == 0 {
			continue
		}
		slices.SortStableFunc(ps, func(a, b enrich.Proposal) int {
			return cmp.Or(cmp.Compare(b.Confidence, a.Confidence), strings.Compare(a.ProposalID, b.ProposalID))
		})
		m.table(fmt.Sprintf("##### %s (%d)\n\n", k, len(ps)), len(ps), func(i int) string { return pendingItem(ps[i]) }, "\n")
	}
}

// pendingItem is one pending proposal as a list item: target and claim,
// confidence, evidence, the agent's reason, and the commands to copy.
func pendingItem(p enrich.Proposal) string {
	var b strings.Builder
	fmt.Fprintf(&b, "- %s %s · confidence %.2f\n", mdCode(clip(p.Entity, maxMarkdownCell)), claim(p), p.Confidence)
	shown, more := textwriter.Bound(p.Evidence, maxProposalEvidence)
	ev := make([]string, 0, len(shown)+1)
	for _, e := range shown {
		s := mdCode(clip(e.Path, maxMarkdownCell))
		switch {
		case e.LineStart > 0 && e.LineEnd > e.LineStart:
			s += fmt.Sprintf(" lines %d–%d", e.LineStart, e.LineEnd)
		case e.LineStart > 0:
			s += fmt.Sprintf(" line %d", e.LineStart)
		}
		ev = append(ev, s)
	}
	if more > 0 {
		ev = append(ev, fmt.Sprintf("%d more", more))
	}
	if len(ev) > 0 {
		fmt.Fprintf(&b, "  evidence: %s\n", strings.Join(ev, ", "))
	}
	if p.Reason != "" {
		fmt.Fprintf(&b, "  reason: %s\n", InlineText(clip(p.Reason, maxProposalReasonRunes)))
	}
	fmt.Fprintf(&b, "  `/approve %s` · `/reject %s <reason>`\n", p.ProposalID, p.ProposalID)
	return b.String()
}

// claim says in words what a proposal claims about its entity.
func claim(p enrich.Proposal) string {
	q := func(s string) string { return "“" + InlineText(clip(s, maxMarkdownCell)) + "”" }
	ent := func(s string) string { return mdCode(clip(s, maxMarkdownCell)) }
	switch x := p.Payload.(type) {
	case *enrich.ClassifyDocument:
		return fmt.Sprintf("is a %s for %s readers, %s, criticality %s", InlineText(x.Type), InlineText(x.Audience), InlineText(x.Lifecycle), InlineText(x.Criticality))
	case *enrich.Summarize:
		return "is summarized as " + q(x.Summary)
	case *enrich.AddAlias:
		return "is also called " + q(x.Alias)
	case *enrich.AddIntent:
		return "answers " + q(x.Phrase)
	case *enrich.MarkCanonical:
		return "is the canonical document for " + q(x.Scope)
	case *enrich.ProposeRelation:
		return fmt.Sprintf("%s %s (seen as %s)", mdCode(x.Kind), ent(x.To), q(x.Detection))
	case *enrich.FlagContradiction:
		return fmt.Sprintf("claims %s, but %s shows %s", q(x.Claim), ent(x.Against), q(x.Observed))
	case *enrich.FlagRedundancy:
		return "repeats " + ent(x.With)
	case *enrich.FlagGap:
		return fmt.Sprintf("(area %s) lacks %s", ent(x.Area), q(x.Missing))
	case *enrich.RankHint:
		return "ranks " + InlineText(x.Strength)
	case *enrich.SuggestArea:
		dirs := make([]string, len(x.Directories))
		for i, d := range x.Directories {
			dirs[i] = ent(d)
		}
		return fmt.Sprintf("belongs with %s in an area named %s", strings.Join(dirs, ", "), q(x.Name))
	}
	return InlineText(string(p.Kind))
}
