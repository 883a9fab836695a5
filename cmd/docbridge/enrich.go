package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// enrichOptions are the inputs of the enrich commands.
type enrichOptions struct {
	pipeline.Repo
	agent  string
	asJSON bool
	// cache is the agent-call cache's directory ("": enrichCacheDir in
	// the repository).
	cache string
}

// enrichCacheDir is the agent-call cache's default directory, relative to
// the repository root; it holds a .gitignore that ignores it.
const enrichCacheDir = scan.EnrichCacheDir

func newEnrichCommand(fac *factory, runF func(*enrichOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := enrichOptions{}
	cmd := &cobra.Command{
		Use:   "enrich [dir]",
		Short: "Ask an agent for typed proposals and decide them into the enrichment overlay",
		Long: `Enrich scans the repository, builds one bounded, redacted context pack per
document, area, package and module, asks the agent (--agent, else the
configuration's enrich.agent: builtin, models or command) about the packs whose
hash moved since the last run, decodes and validates every proposal, and
merges the decisions into .docbridge/enrich/overlay.json: accepted by policy,
pending a person's approval, findings, or rejected with a reason. It prints
the run: packs built, cache hits, calls made, proposals by kind, the
partition with the rejection histogram, and the overlay's hash.

The subcommands list the overlay, record a person's decision on a pending
proposal, and re-run the validators over the stored proposals.

Exit status: 0 when the run wrote the overlay (an agent that failed is a
warning, not a failed run), 2 on bad input.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Dir = repoDirArg(args, stderr)
			if runF != nil {
				return runF(&o)
			}
			return runEnrich(cmd.Context(), stdout, stderr, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.agent, "agent", "", "the `AGENT` to ask: builtin, models or command (default: the configuration's enrich.agent)")
	addFormatFlags(f, &o.asJSON, "the run's report")
	f.StringVar(&o.cache, "cache", "", "keep the agent-call cache in `DIR` (default: "+enrichCacheDir+" in the repository)")
	addRepoFlags(f, &o.Repo)
	cmd.AddCommand(newEnrichListCommand(fac, nil))
	cmd.AddCommand(newEnrichDecideCommand(fac, enrich.DecisionApprove, nil))
	cmd.AddCommand(newEnrichDecideCommand(fac, enrich.DecisionReject, nil))
	cmd.AddCommand(newEnrichRevalidateCommand(fac, nil))
	return cmd
}

// enrichFacts scans the repository and diagnoses it as a run packs it.
func enrichFacts(ctx context.Context, stderr io.Writer, o pipeline.Repo) (*pipeline.Repository, []finding.Diagnostic, error) {
	repo, err := openRepo(ctx, stderr, o)
	if err != nil {
		return nil, nil, err
	}
	return repo, run.Diagnose(repo.Scan.Snapshot, repo.Signals, repo.Config), nil
}

// newEnrichAgent builds the agent of a run; tests replace it to count
// calls.
var newEnrichAgent = enrichAgent

// enrichAgent is the agent --agent (else enrich.agent) names, with the
// prompt version its proposals carry. runEnrich has checked the name
// before the scan; run.NewAgent refuses any other.
func enrichAgent(name string, cfg *config.Config, dir string, facts *pipeline.Repository) (agent.Agent, string, error) {
	// The token is the environment's (the workflow's GITHUB_TOKEN with
	// models: read), never configuration.
	return run.NewAgent(name, cfg, dir, facts.Scan.Snapshot, os.Getenv(agent.TokenEnv))
}

func runEnrich(ctx context.Context, stdout, stderr io.Writer, o enrichOptions) error {
	if o.agent != "" && !slices.Contains(config.EnrichAgents, o.agent) {
		return fmt.Errorf("--agent %q: use %s", o.agent, strings.Join(config.EnrichAgents, ", "))
	}
	repo, findings, err := enrichFacts(ctx, stderr, o.Repo)
	if err != nil {
		return err
	}
	ag, prompt, err := newEnrichAgent(o.agent, repo.Config, o.Dir, repo)
	if err != nil {
		return err
	}
	cacheRoot := o.cache
	if cacheRoot == "" {
		cacheRoot = filepath.Join(o.Dir, filepath.FromSlash(enrichCacheDir))
	}
	if err := ignoredDir(cacheRoot); err != nil {
		fmt.Fprintln(stderr, "docbridge: warning: the agent-call cache is off:", err)
	}
	reviewer, reviewNote, err := enrichJudge(repo.Config.Enrich.Reviewer, "reviewer", repo.Config, o.Dir)
	if err != nil {
		return err
	}
	adjudicator, adjudicateNote, err := enrichJudge(repo.Config.Enrich.Adjudicator, "adjudicator", repo.Config, o.Dir)
	if err != nil {
		return err
	}
	store := agent.OpenDir(agent.CacheDir(cacheRoot, ag.Identity()))
	// Excerpts are read confined to the repository: a symlink out of it
	// reads as nothing.
	files, err := os.OpenRoot(o.Dir)
	if err != nil {
		return fmt.Errorf("enrich %s: %w", o.Dir, err)
	}
	defer files.Close()
	rep, _, err := run.Run(ctx, run.Input{
		Root: o.Dir, Files: files.FS(), Snapshot: repo.Scan.Snapshot, Findings: findings,
		Agent: ag, PromptVersion: prompt, PackBytes: repo.Config.Enrich.PackBytes, Cache: store,
		Reviewer: reviewer, Adjudicator: adjudicator,
	})
	if err != nil {
		return err
	}
	if reviewNote != "" {
		rep.Review = &run.JudgeReport{NotAsked: reviewNote}
	}
	if adjudicateNote != "" {
		rep.Adjudication = &run.JudgeReport{NotAsked: adjudicateNote}
	}
	if rep.AgentError == "" && len(rep.Skipped) == 0 {
		// A complete run: the cache keeps what this repository needs now.
		if _, err := store.Prune(); err != nil {
			fmt.Fprintln(stderr, "docbridge: warning:", err)
		}
	}
	if rep.CacheErrors > 0 {
		fmt.Fprintf(stderr, "docbridge: warning: %d answers not cached; the next run asks about those packs again\n", rep.CacheErrors)
	}
	for _, w := range rep.Warnings {
		fmt.Fprintln(stderr, "docbridge: warning:", textwriter.Printable(w))
	}
	if rep.AgentError != "" {
		// An agent's error may quote what it answered: untrusted text.
		fmt.Fprintln(stderr, "docbridge: warning: the agent failed:", textwriter.Printable(rep.AgentError))
	}
	for _, j := range []*run.JudgeReport{rep.Review, rep.Adjudication} {
		if j != nil && j.AgentError != "" {
			fmt.Fprintf(stderr, "docbridge: warning: the judge %s failed: %s\n", j.Agent.ID, textwriter.Printable(j.AgentError))
		}
	}
	if o.asJSON {
		return writeJSON(stdout, rep, "enrich report")
	}
	writeEnrichReport(stdout, rep)
	return nil
}

// ignoredDir creates dir with a .gitignore that ignores everything in it,
// so that a cache inside the repository is never committed nor scanned.
func ignoredDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := filepath.Join(dir, ".gitignore")
	if _, err := os.Stat(name); err == nil {
		return nil
	}
	return atomicfile.Write(name, []byte("# the agent-call cache of docbridge enrich\n*\n"))
}

// writeEnrichReport prints a run's report for people.
func writeEnrichReport(w io.Writer, r *run.Report) {
	id := r.Agent.ID + " " + r.Agent.Version
	if r.Agent.Model != "" {
		id += ", model " + r.Agent.Model
	}
	if r.Agent.Provider != "" {
		id += ", " + r.Agent.Provider
	}
	fmt.Fprintf(w, "docbridge enrich: agent %s, prompt %s\n\n", id, r.PromptVersion)
	fmt.Fprintf(w, "Packs: %d built, %d from the cache, %d asked in %d call(s)\n", r.Packs, r.CacheHits, r.Asked, r.Calls)
	if len(r.Skipped) > 0 {
		why := map[string]int{}
		for _, s := range r.Skipped {
			why[s.Reason]++
		}
		fmt.Fprintf(w, "Skipped: %d packs the agent did not answer%s; the next run asks again\n", len(r.Skipped), histogram(why))
	}
	total := 0
	for _, n := range r.Proposals {
		total += n
	}
	fmt.Fprintf(w, "Proposals: %d%s\n", total, histogram(r.Proposals))
	writeJudgeReport(w, "Review", r.Review)
	writeJudgeReport(w, "Adjudication", r.Adjudication)
	if len(r.Judgements) > 0 {
		fmt.Fprintf(w, "Judgements:%s\n", histogram(r.Judgements))
	}
	fmt.Fprintf(w, "Overlay: %d accepted, %d pending, %d findings, %d rejected%s\n", r.Accepted, r.Pending, r.Findings, r.Rejected, histogram(r.Rejections))
	fmt.Fprintf(w, "Overlay hash: %s (%s)\n", r.OverlayHash, enrich.OverlayPath)
}

// histogram renders counts as " (a 1, b 2)", keys sorted; "" when empty.
func histogram(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	keys := slices.Sorted(maps.Keys(m))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// enrichListOptions are enrich list's flags and directory.
type enrichListOptions struct {
	dir             string
	pending, asJSON bool
}

func newEnrichListCommand(fac *factory, runF func(*enrichListOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := enrichListOptions{}
	cmd := &cobra.Command{
		Use:   "list [dir]",
		Short: "List the enrichment overlay: accepted, pending, findings and rejected proposals",
		Long: `List reads .docbridge/enrich/overlay.json (it never writes it) and prints its
entries, one line each: accepted proposals with who accepted them, pending
ones with their approval id, findings, and rejected ones with the reason.
With --pending, only the proposals that wait for a person.

Exit status: 0 on an answer, 2 on bad input or when there is no readable
overlay.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dir = repoDirArg(args, stderr)
			if runF != nil {
				return runF(&o)
			}
			pending, asJSON := o.pending, o.asJSON
			ov, warn := enrich.ReadOverlay(o.dir)
			if ov == nil {
				return errors.New(warn)
			}
			if pending {
				ov = &enrich.Overlay{Pending: ov.Pending, Judgements: ov.Judgements}
			}
			if asJSON {
				if pending {
					return writeJSON(stdout, map[string]any{"pending": ov.Pending}, "pending proposals")
				}
				return writeJSON(stdout, ov, "overlay")
			}
			return writeOverlayList(stdout, ov, pending)
		},
	}
	cmd.Flags().BoolVar(&o.pending, "pending", false, "list only the proposals pending a person's approval")
	addFormatFlags(cmd.Flags(), &o.asJSON, "the entries")
	return cmd
}

// writeOverlayList prints the overlay's entries, one line each. The lines
// carry what agents wrote (ids, payloads, a rejected proposal's detail),
// so each is made printable: it cannot drive the terminal.
func writeOverlayList(w io.Writer, ov *enrich.Overlay, pendingOnly bool) error {
	tw := textwriter.New(w)
	printf := func(format string, args ...any) {
		tw.Print(textwriter.Printable(fmt.Sprintf(format, args...)) + "\n")
	}
	judged := map[string][]string{}
	for _, j := range ov.Judgements {
		verdict := string(j.Verdict)
		if j.Outcome != enrich.JudgementValid {
			verdict = "refused: " + j.Outcome
		}
		judged[j.ProposalID] = append(judged[j.ProposalID], fmt.Sprintf("%s %s: %s", j.Role, j.Judge.AgentID, verdict))
	}
	line := func(p enrich.Proposal, tail string) {
		printf("  %s  %-18s %s  %s%s", p.ProposalID, p.Kind, p.Entity, payloadText(p.Payload), tail)
		for _, j := range judged[p.ProposalID] {
			printf("      %s", j)
		}
	}
	printf("Pending: %d", len(ov.Pending))
	for _, e := range ov.Pending {
		line(e.Proposal, "  (approval "+e.ApprovalID+")")
	}
	if pendingOnly {
		return tw.Err()
	}
	printf("Accepted: %d", len(ov.Accepted))
	for _, e := range ov.Accepted {
		line(e.Proposal, "  (accepted by "+e.AcceptedBy+")")
	}
	printf("Findings: %d", len(ov.Findings))
	for _, e := range ov.Findings {
		line(e.Proposal, "")
	}
	printf("Rejected: %d", len(ov.Rejected))
	for _, e := range ov.Rejected {
		detail := ""
		if e.Detail != "" {
			detail = ": " + e.Detail
		}
		printf("  %s  %-18s %s  %s%s", e.ProposalID, e.Kind, e.Entity, e.Reason, detail)
	}
	return tw.Err()
}

// payloadText is a payload as one line of compact JSON.
func payloadText(p enrich.Payload) string {
	b, err := json.Marshal(p)
	if err != nil {
		return "?"
	}
	return string(b)
}

// enrichDecideOptions are enrich approve's and reject's flags and
// arguments.
type enrichDecideOptions struct {
	pipeline.Repo
	decision, proposalID string
	by, reason           string
}

func newEnrichDecideCommand(fac *factory, decision string, runF func(*enrichDecideOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := enrichDecideOptions{decision: decision}
	verb := map[string]string{enrich.DecisionApprove: "approved", enrich.DecisionReject: "rejected"}[decision]
	cmd := &cobra.Command{
		Use:   decision + " <proposalId> [dir] --by NAME",
		Short: strings.ToUpper(decision[:1]) + decision[1:] + " a pending proposal as a person",
		Long: `Records a person's decision on a pending proposal, named by its proposal id
or its approval id (enrich list shows both): the decision is checked
first (the proposal is pending and not decided yet, its target unchanged since
it was proposed, NAME is neither "policy" nor the proposal's agent), written
to .docbridge/approvals/<approvalId>.json, and only then moves the proposal in
the overlay. A refused decision changes nothing. The repository is scanned to
know whether the target changed.

Exit status: 0 when the decision was recorded, 2 on bad input or a refused
decision.`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Dir = repoDirArg(args[1:], stderr)
			o.proposalID = args[0]
			if strings.TrimSpace(o.by) == "" {
				return errors.New("--by: name the person who decides")
			}
			if runF != nil {
				return runF(&o)
			}
			repo, err := openRepo(cmd.Context(), stderr, o.Repo)
			if err != nil {
				return err
			}
			ov, rec, err := enrich.DecideFiles(o.Dir, enrich.TargetHashes(repo.Scan.Snapshot), enrich.DecideRequest{
				ProposalID: o.proposalID, Decision: decision, By: o.by, Reason: o.reason,
				Via: "cli", DecidedAt: time.Now().UTC().Format(time.RFC3339),
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s %s %s on %s by %s (approval %s); overlay hash %s\n", verb, rec.Kind, rec.ProposalID, rec.Entity, rec.By, rec.ApprovalID, ov.ContentHash)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.by, "by", "", "the `NAME` of the person who decides (required)")
	if decision == enrich.DecisionReject {
		f.StringVar(&o.reason, "reason", "", "why the proposal is rejected (`TEXT`, recorded)")
	}
	addRepoFlags(f, &o.Repo)
	return cmd
}

// enrichRevalidateOptions are enrich revalidate's flags and directory.
type enrichRevalidateOptions struct {
	pipeline.Repo
	asJSON bool
}

func newEnrichRevalidateCommand(fac *factory, runF func(*enrichRevalidateOptions) error) *cobra.Command {
	stdout, stderr := fac.stdout, fac.stderr
	o := enrichRevalidateOptions{}
	cmd := &cobra.Command{
		Use:   "revalidate [dir]",
		Short: "Re-run the validators over the overlay's stored proposals and compare the partition",
		Long: `Revalidate scans the repository, re-runs the validators over every proposal
the overlay stores (with the recorded approvals) and compares the partition it
gets with the stored one, proposal by proposal. A partition that does not
reproduce was edited by hand, or the repository changed since the overlay was
written (then it says so): each mismatch is listed.

Exit status: 0 when the partition reproduces, 1 when it does not, 2 on bad
input or when there is no readable overlay.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Dir = repoDirArg(args, stderr)
			if runF != nil {
				return runF(&o)
			}
			ov, warn := enrich.ReadOverlay(o.Dir)
			if ov == nil {
				return errors.New(warn)
			}
			repo, findings, err := enrichFacts(cmd.Context(), stderr, o.Repo)
			if err != nil {
				return err
			}
			approvals, warns := enrich.ReadApprovals(o.Dir)
			for _, w := range warns {
				fmt.Fprintln(stderr, "docbridge: warning:", w)
			}
			rv := enrich.Revalidate(ov, run.Facts(repo.Scan.Snapshot, findings), approvals)
			if o.asJSON {
				if err := writeJSON(stdout, rv, "revalidation"); err != nil {
					return err
				}
			} else {
				if rv.Warning != "" {
					fmt.Fprintln(stdout, "warning:", rv.Warning)
				}
				fmt.Fprintf(stdout, "revalidated %d stored proposals (%d rejected without their proposal, not checked): %d mismatches\n", rv.Checked, rv.Unchecked, len(rv.Mismatches))
				for _, m := range rv.Mismatches {
					fmt.Fprintf(stdout, "  %s: stored %s, reproduced %s\n", m.ProposalID, orNone(m.Stored), orNone(m.Reproduced))
				}
			}
			if len(rv.Mismatches) > 0 {
				return &verdictError{err: fmt.Errorf("the overlay's partition does not reproduce: %d mismatches", len(rv.Mismatches))}
			}
			return nil
		},
	}
	addFormatFlags(cmd.Flags(), &o.asJSON, "the revalidation")
	addRepoFlags(cmd.Flags(), &o.Repo)
	return cmd
}

func orNone(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}
