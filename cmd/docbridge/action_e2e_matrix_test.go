package main

import (
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The configuration matrix of issue 26 (build item 5): working directory ×
// filter × base state × origin × event. Each meaningful cell is run end to
// end through the binary against the fake GitHub and act's cache server
// (TestE2EMatrix), and its outcome compared with expect's. docs/action.md's
// table is generated from the same cells and expect (TestE2EMatrixDoc, and
// -update to rewrite it), so the test and the documentation cannot diverge.

var updateMatrixDoc = flag.Bool("update", false, "rewrite docs/action.md's configuration matrix from matrixCells and expect")

// mxWD is the working-directory dimension.
type mxWD string

const (
	wdRoot mxWD = "root"
	// wdSub is a project in a subdirectory of a monorepo: code and docs
	// under packages/app, a page with a broken link beside it.
	wdSub mxWD = "subdirectory"
	// wdSite is a documentation site in a subdirectory: a Docusaurus site
	// under website/, whose route link (/docs/rank, in docs/routes.md)
	// resolves only as the site serves it.
	wdSite mxWD = "site"
	// wdAny stands for every working directory in the documentation's
	// rows: its paths are written ‹wd›/….
	wdAny mxWD = "any"
)

// dir is the working-directory input's directory, "" at the root.
func (w mxWD) dir() string {
	switch w {
	case wdSub:
		return "packages/app"
	case wdSite:
		return "website"
	case wdAny:
		return "‹wd›"
	}
	return ""
}

// repo is a working-directory path as the repository names it.
func (w mxWD) repo(p string) string { return path.Join(w.dir(), p) }

// label is the dimension's value in the table.
func (w mxWD) label() string {
	if w == wdRoot {
		return "root (`.`)"
	}
	return fmt.Sprintf("%s (`%s`)", w, w.dir())
}

// mxBase is the base-state dimension: what the Actions cache holds for the
// run to compare with (a pull request: the base branch's state) or start
// from (a push, a nightly run: the branch's own).
type mxBase string

const (
	// basePresent: a push to main saved the state (for a nightly cell: the
	// previous night did).
	basePresent mxBase = "present"
	// baseAbsent: nothing was ever saved (a first run).
	baseAbsent mxBase = "absent"
	// baseEvicted: saved, then evicted by the cache service (every entry of
	// main's scope); a pull request's own earlier state survives it.
	baseEvicted mxBase = "evicted"
)

// mxOrigin is the origin dimension: the pull request's head in the
// repository itself or in a fork (read-only token).
type mxOrigin string

const (
	originSame mxOrigin = "same repository"
	originFork mxOrigin = "fork"
)

// Coverage of an event's cells.
const (
	coverFull     = "full"
	coverPairwise = "pairwise"
)

// mxCell is one configuration. Filter and Base are "" where the
// dimension is not read by the event's route (the gate).
type mxCell struct {
	Event  string
	Origin mxOrigin
	WD     mxWD
	Filter actionenv.Filter
	Base   mxBase
}

func (c mxCell) name() string {
	return strings.NewReplacer(" ", "-", "_", "-").Replace(strings.Join([]string{c.Event, string(c.Origin), string(c.WD), or(string(c.Filter), "na"), or(string(c.Base), "na")}, "/"))
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

var (
	mxWDs     = []mxWD{wdRoot, wdSub, wdSite}
	mxFilters = []actionenv.Filter{actionenv.FilterNew, actionenv.FilterChangedFiles, actionenv.FilterAll}
	mxBases   = []mxBase{basePresent, baseAbsent, baseEvicted}
	mxOrigins = []mxOrigin{originSame, originFork}
	mxEvents  = []string{actionenv.EventPullRequest, actionenv.EventPush, actionenv.EventSchedule, actionenv.EventIssueComment}
)

// mxCoverage says how each event's cells cover its dimensions, and why.
var mxCoverage = map[string]struct{ kind, why string }{
	actionenv.EventPullRequest: {coverFull, "every working directory × filter × base state × origin: 54 cells"},
	actionenv.EventPush: {coverPairwise, "working directory × base state in full, the filter in a Latin square over them " +
		"(every pair of the three dimensions, 9 of 27 cells): a push has no pull request, so the filter is not read and " +
		"every finding is judged; the full product's 18 more cells, whose outcome the filter cannot change, " +
		"took the matrix from about 27 s to about 48 s under -race on two cores"},
	actionenv.EventSchedule: {coverPairwise, "as for push (9 of 27 cells): the nightly run judges nothing, so the filter is not read either"},
	actionenv.EventIssueComment: {coverFull, "every working directory × origin: 6 cells; the gate scans nothing and " +
		"restores no state, so filter and base state are not read (each cell runs with the default filter, after a nightly run)"},
}

// mxNoConfig is an event and origin that make no configuration at all,
// whatever the other dimensions, and why.
type mxNoConfig struct {
	event  string
	origin mxOrigin
	why    string
}

// mxMeaningless are the combinations that are no configuration at all;
// they are listed in the table, not run.
var mxMeaningless = []mxNoConfig{
	{actionenv.EventPush, originFork, "a push to a fork runs the fork's workflows, in the fork; it never starts a run in this repository"},
	{actionenv.EventSchedule, originFork, "a schedule runs on the default branch of the repository itself"},
}

// latin is the filter of the Latin square's cell (i, j).
func latin(i, j int) actionenv.Filter { return mxFilters[(i+j)%len(mxFilters)] }

// matrixCells are the meaningful cells that run, in the table's order.
func matrixCells() []mxCell {
	var cells []mxCell
	for _, o := range mxOrigins {
		for _, f := range mxFilters {
			for _, b := range mxBases {
				for _, wd := range mxWDs {
					cells = append(cells, mxCell{Event: actionenv.EventPullRequest, Origin: o, WD: wd, Filter: f, Base: b})
				}
			}
		}
	}
	for _, ev := range []string{actionenv.EventPush, actionenv.EventSchedule} {
		for j, b := range mxBases {
			for i, wd := range mxWDs {
				cells = append(cells, mxCell{Event: ev, Origin: originSame, WD: wd, Filter: latin(i, j), Base: b})
			}
		}
	}
	for _, o := range mxOrigins {
		for _, wd := range mxWDs {
			cells = append(cells, mxCell{Event: actionenv.EventIssueComment, Origin: o, WD: wd})
		}
	}
	return cells
}

// mxOutcome is what a cell's run leaves, each field as the table states
// it ("—" for nothing).
type mxOutcome struct {
	Exit int
	// CheckRun is the check run this run created: its conclusion and its
	// title up to the grade.
	CheckRun string
	// Annotations are where this run annotated the judged findings: the
	// check run's annotations, or the log's workflow commands.
	Annotations string
	// Comment is what the pull request shows after the run: the sticky
	// comment's heading (up to the grade) and its counts line; for the
	// nightly and the gate, the enrichment pull request, the proposals
	// comment, the reactions, the reply and what was committed.
	Comment string
	// Summary is the job summary's verdict and counts lines, or the
	// enrichment's overlay and where it went.
	Summary string
	// Outputs are the findings, new-findings and resolved-findings
	// outputs (and any output missing of the seven).
	Outputs string
	// Cache is what the run restored and saved, and its agent calls.
	Cache string
	// Writes are the kinds of API writes this run made.
	Writes string
}

const none = "—"

// Where a cell runs and what it observes (testdata/e2e/README.md): the
// base has broken links at docs/rank.md:5 and docs/intro.md:5; the pull
// request fixes intro.md (resolved) and adds docs/guide.md with a broken
// link at line 3 (new). docs/rank.md:5 stays (unchanged), in no changed
// file.
const (
	mxNew = "docs/guide.md:3"
	mxOld = "docs/rank.md:5"
)

var mxChanged = []string{"docs/guide.md", "docs/intro.md"}

// TestE2EMatrix runs every cell of matrixCells and compares its outcome
// with expect's.
func TestE2EMatrix(t *testing.T) {
	t.Parallel() // its own worlds, workspaces and subprocesses
	for _, c := range matrixCells() {
		t.Run(c.name(), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			got := w.runCell(t, c)
			if want := expect(c); got != want {
				t.Errorf("outcome differs from the table (docs/action.md)\n%s", diffOutcome(got, want))
			}
		})
	}
}

// diffOutcome lists the fields of got that differ from want.
func diffOutcome(got, want mxOutcome) string {
	var b strings.Builder
	for i, f := range mxFields {
		if g, w := f.get(got), f.get(want); g != w {
			fmt.Fprintf(&b, "%s:\n   got %s\n  want %s\n", mxFields[i].name, g, w)
		}
	}
	return b.String()
}

// mxFields are the outcome's columns, in the table's order.
var mxFields = []struct {
	name string
	get  func(mxOutcome) string
}{
	{"exit", func(o mxOutcome) string { return strconv.Itoa(o.Exit) }},
	{"check run", func(o mxOutcome) string { return o.CheckRun }},
	{"annotations", func(o mxOutcome) string { return o.Annotations }},
	{"comment", func(o mxOutcome) string { return o.Comment }},
	{"job summary", func(o mxOutcome) string { return o.Summary }},
	{"outputs", func(o mxOutcome) string { return o.Outputs }},
	{"cache", func(o mxOutcome) string { return o.Cache }},
	{"API writes", func(o mxOutcome) string { return o.Writes }},
}

// count is n and noun, with an s unless n is 1.
func count(n int, noun string) string { return plural(n, noun, noun+"s") }

// codes are locs as the repository names them, each in backticks.
func (w mxWD) codes(locs ...string) string {
	out := make([]string, len(locs))
	for i, l := range locs {
		out[i] = "`" + w.repo(l) + "`"
	}
	return strings.Join(out, ", ")
}

// expect is a cell's outcome as docs/action.md states it. It depends on the
// working directory only through the paths it names (c.WD.repo).
func expect(c mxCell) mxOutcome {
	o := mxOutcome{CheckRun: none, Annotations: none, Comment: none, Summary: none, Outputs: none, Cache: none, Writes: "none"}
	switch c.Event {
	case actionenv.EventPullRequest:
		compared := c.Base == basePresent
		judged, noun := []string{mxNew}, "finding"
		switch {
		case c.Filter == actionenv.FilterNew && compared:
			noun = "new finding" // the new one
		case c.Filter == actionenv.FilterAll:
			judged = append(judged, mxOld) // every one
		} // else the changed files': guide.md's; intro.md's is fixed
		n := len(judged)
		heading := count(n, noun)
		o.Exit = 1
		filter := ""
		if c.Filter != actionenv.FilterNew {
			filter = " Filter: `" + string(c.Filter) + "`."
		}
		counts := "2 findings (no base to compare with: the findings in the pull request's changed files are judged)"
		switch {
		case compared:
			counts = "1 new finding · 1 unchanged · 1 resolved"
		case c.Filter == actionenv.FilterAll:
			counts = "2 findings (no base to compare with: every finding is judged)"
		}
		o.Summary = "❌ " + heading + " at or above `error`: this check fails." + filter + " " + counts
		if c.Origin == originSame {
			o.CheckRun = fmt.Sprintf("`failure`: %s: %d error", heading, n)
			o.Annotations = "check run: " + c.WD.codes(judged...)
			o.Comment = "heading “docbridge · " + heading + "”"
			if compared {
				o.Comment += "; ✅ 1 resolved · 1 unchanged"
				if c.Filter == actionenv.FilterNew {
					o.Comment += " (not annotated; see the job summary)"
				}
			}
			o.Writes = "check run, comment"
		} else {
			o.Annotations = "log: " + c.WD.codes(judged...)
		}
		if compared {
			o.Outputs = "2 findings · 1 new · 1 resolved"
		} else {
			o.Outputs = fmt.Sprintf("2 findings · %d new · 0 resolved", n) // without a base every judged finding counts as new
		}
		o.Cache = map[mxBase]string{
			basePresent: "base restored; state saved",
			baseAbsent:  "no base (warning); state saved",
			baseEvicted: "no base (warning); its earlier state restored; state saved",
		}[c.Base]
	case actionenv.EventPush:
		o.Exit = 1 // the base's broken links are errors
		o.Summary = "❌ 2 findings at or above `error`: this check fails. 2 findings (no base to compare with: every finding is judged)"
		o.Outputs = "2 findings · 2 new · 0 resolved"
		o.Cache = "no branch state yet; state saved"
		if c.Base == basePresent {
			o.Cache = "branch state restored; state saved"
		}
	case actionenv.EventSchedule:
		o.Comment = "enrichment pull request “(2 waiting for a decision)”; proposals comment “2 pending · 0 approved · 0 rejected”; " +
			"on its branch: " + c.WD.codes(enrich.OverlayPath)
		o.Summary = "Overlay: 5 accepted, 2 pending, 1 finding, 0 rejected. "
		if c.Base == baseAbsent { // the first night
			o.Summary += "Committed to `docbridge/enrichment`; pull request #101."
			o.Writes = "commit, pull request, comment"
		} else { // the night before made the same overlay, which its branch keeps whatever the cache evicts
			o.Summary += "Overlay unchanged: nothing to commit; pull request #101."
		}
		o.Cache = "no branch state yet; state saved; 1 agent call"
		if c.Base == basePresent {
			o.Cache = "branch state restored; state saved; 0 agent calls" // every pack from the agent-call cache
		}
	case actionenv.EventIssueComment:
		if c.Origin == originSame {
			o.Comment = "reactions eyes, +1; no reply; proposals comment “1 pending · 1 approved · 0 rejected”; " +
				"enrichment pull request “(1 waiting for a decision)”; committed " + c.WD.codes(enrich.ApprovalsDir+"/…", enrich.OverlayPath)
			o.Writes = "reaction, commit, comment, pull request"
		} else {
			o.Comment = "reactions eyes, -1; a reply: “docbridge decided nothing from this comment: this pull request comes from a fork, " +
				"and docbridge cannot commit a decision to a fork's branch”; nothing committed"
			o.Writes = "reaction, comment"
		}
	}
	return o
}

// mxOutside is a page beside the working directory, with a broken link
// that no run in the working directory may report.
const mxOutside = "# Outside\n\nSee [nowhere](nowhere.md).\n"

// mxWorkspace lays the fixture's layers out as the working directory wd
// of a checkout: at the root, or under its directory with a page beside it
// holding a broken link no run in wd may report. The site adds
// docs/routes.md, whose link to the route /docs/rank only the site serves.
func mxWorkspace(t *testing.T, wd mxWD, layers ...string) string {
	t.Helper()
	if wd == wdSite {
		layers = append(layers, "site")
	}
	if wd == wdRoot {
		return workspace(t, layers...)
	}
	ws := workspaceUnder(t, wd.dir(), layers...)
	if err := writeFileAll(filepath.Join(ws, "docs", "outside.md"), []byte(mxOutside)); err != nil {
		t.Fatal(err)
	}
	return ws
}

// mxMark is where the world stood before a cell's own run: what the run
// wrote and created is what came after.
type mxMark struct{ runs, requests int }

func (w *e2eWorld) mark() mxMark {
	return mxMark{runs: len(w.gh.Runs()), requests: len(w.gh.Requests("", ""))}
}

// runCell sets the cell's world up, runs its event and observes it.
func (w *e2eWorld) runCell(t *testing.T, c mxCell) mxOutcome {
	switch c.Event {
	case actionenv.EventPush:
		return w.runPushCell(t, c)
	case actionenv.EventPullRequest:
		return w.runPRCell(t, c)
	case actionenv.EventSchedule:
		return w.runNightlyCell(t, c)
	default:
		return w.runGateCell(t, c)
	}
}

func (c mxCell) inputs() map[string]string {
	in := map[string]string{"working-directory": or(c.WD.dir(), ".")}
	if c.Filter != "" {
		in["filter"] = string(c.Filter)
	}
	return in
}

// evictMain evicts every entry of the default branch's scope, as the
// cache service evicts an unused one.
func (w *e2eWorld) evictMain(t *testing.T) {
	t.Helper()
	if got := w.cache.Evict(t, func(key string) bool { return strings.Contains(key, "-main.") }); len(got) == 0 {
		t.Fatal("nothing of main's to evict")
	}
}

// prepared fails the test unless a run that sets a cell up exited as
// wanted.
func prepared(t *testing.T, what string, res e2eResult, code int) {
	t.Helper()
	if res.code != code {
		t.Fatalf("%s: exit %d, want %d\n%s\n%s", what, res.code, code, res.stdout, res.stderr)
	}
}

func (w *e2eWorld) runPushCell(t *testing.T, c mxCell) mxOutcome {
	push := func() e2eResult {
		return w.run(e2eRun{event: actionenv.EventPush, payload: "push.main.json", workspace: mxWorkspace(t, c.WD, "base"), inputs: c.inputs()})
	}
	if c.Base != baseAbsent {
		prepared(t, "the earlier push", push(), 1)
	}
	if c.Base == baseEvicted {
		w.evictMain(t)
	}
	m := w.mark()
	return w.observe(t, c, push(), m)
}

func (w *e2eWorld) runPRCell(t *testing.T, c mxCell) mxOutcome {
	var changed []string
	for _, p := range mxChanged {
		changed = append(changed, c.WD.repo(p))
	}
	w.gh.SetFiles(e2ePR, changed)
	payload := "pull_request.opened.json"
	if c.Origin == originFork {
		payload = "pull_request.fork.json"
	}
	pr := func(payload string) e2eResult {
		return w.run(e2eRun{event: actionenv.EventPullRequest, payload: payload, workspace: mxWorkspace(t, c.WD, "base", "head"), inputs: c.inputs()})
	}
	if c.Base != baseAbsent {
		prepared(t, "the push to main", w.run(e2eRun{event: actionenv.EventPush, payload: "push.main.json", workspace: mxWorkspace(t, c.WD, "base"), inputs: c.inputs()}), 1)
	}
	if c.Base == baseEvicted {
		prepared(t, "the pull request's first run", pr(payload), 1) // against the base, which is then evicted
		w.evictMain(t)
		if c.Origin == originSame {
			payload = "pull_request.synchronize.json"
		}
	}
	m := w.mark()
	return w.observe(t, c, pr(payload), m)
}

// mxEnrichFiles is e2eEnrichFiles in the working directory wd, with a
// page beside it.
func mxEnrichFiles(wd mxWD) map[string]string {
	out := map[string]string{}
	for p, s := range e2eEnrichFiles() {
		out[wd.repo(p)] = s
	}
	if wd != wdRoot {
		out["docs/outside.md"] = mxOutside
	}
	return out
}

func (w *e2eWorld) nightly(t *testing.T, c mxCell) e2eResult {
	return w.run(e2eRun{event: actionenv.EventSchedule, eventData: schedulePayload(), workspace: testtree.New(t, mxEnrichFiles(c.WD)), inputs: c.inputs()})
}

func (w *e2eWorld) runNightlyCell(t *testing.T, c mxCell) mxOutcome {
	w.seedMain(mxEnrichFiles(c.WD))
	if c.Base != baseAbsent {
		prepared(t, "the night before", w.nightly(t, c), 0)
	}
	if c.Base == baseEvicted {
		w.evictMain(t)
	}
	m := w.mark()
	return w.observe(t, c, w.nightly(t, c), m)
}

// runGateCell runs the nightly, then one /approve of its first pending
// proposal by a collaborator with write: on the enrichment pull request,
// or on a fork's pull request at the same head. The gate's workspace is
// empty (the README's decisions workflow checks nothing out), so the
// working directory does not exist in it.
func (w *e2eWorld) runGateCell(t *testing.T, c mxCell) mxOutcome {
	w.seedMain(mxEnrichFiles(c.WD))
	prepared(t, "the nightly run", w.nightly(t, c), 0)
	prs := w.gh.PRs()
	if len(prs) != 1 {
		t.Fatalf("%d pull requests after the nightly run, want the enrichment one", len(prs))
	}
	pr := prs[0].Number
	ov, err := enrich.ParseOverlay(w.gh.Files(actionrun.EnrichmentBranch)[c.WD.repo(enrich.OverlayPath)])
	if err != nil || len(ov.Pending) == 0 {
		t.Fatalf("no pending proposal on the branch: %v", err)
	}
	if c.Origin == originFork {
		pr = w.gh.SeedPR(ghapitest.PR{Head: "patch-1", HeadRepo: "someone/fork", HeadSHA: w.gh.Head(actionrun.EnrichmentBranch), Title: "from a fork", Author: "someone"})
	}
	w.gh.SetPermission("mona", "write")
	body := "/approve " + ov.Pending[0].Proposal.ProposalID
	id := w.gh.SeedComment(pr, "mona", body)
	before := len(w.gh.Log(actionrun.EnrichmentBranch))
	beforeFiles := w.gh.Files(actionrun.EnrichmentBranch)
	m := w.mark()
	res := w.run(e2eRun{event: actionenv.EventIssueComment, eventData: commentPayload(t, pr, id, "mona", body), workspace: t.TempDir(), inputs: c.inputs()})
	o := w.observe(t, c, res, m)

	var parts []string
	var reactions []string
	for _, r := range w.gh.Reactions(id) {
		reactions = append(reactions, r.Content)
	}
	parts = append(parts, "reactions "+or(strings.Join(reactions, ", "), "none"))
	if got := botReplies(w.gh, pr); got != "" {
		reason, _, _ := strings.Cut(secondLine(got), ". ")
		parts = append(parts, "a reply: “"+reason+"”")
	} else {
		parts = append(parts, "no reply")
	}
	if s := sticky(w.gh, pr); s != "" {
		parts = append(parts, "proposals comment “"+proposalsCounts(s)+"”")
	}
	if c.Origin == originSame {
		parts = append(parts, "enrichment pull request “"+waiting(w.gh.PRs()[0].Title)+"”")
	}
	switch n := len(w.gh.Log(actionrun.EnrichmentBranch)) - before; n {
	case 0:
		parts = append(parts, "nothing committed")
	case 1:
		var changed []string
		for p, data := range w.gh.Files(actionrun.EnrichmentBranch) {
			if string(beforeFiles[p]) == string(data) {
				continue
			}
			if strings.Contains(p, enrich.ApprovalsDir+"/") {
				p = path.Dir(p) + "/…"
			}
			if !slices.Contains(changed, p) {
				changed = append(changed, p)
			}
		}
		slices.Sort(changed)
		parts = append(parts, "committed `"+strings.Join(changed, "`, `")+"`")
	default:
		parts = append(parts, fmt.Sprintf("%d commits", n))
	}
	o.Comment = strings.Join(parts, "; ")
	return o
}

// secondLine is the first line of s after the first that is neither empty
// nor a hidden marker: a reply's reason, after "In answer to …".
func secondLine(s string) string {
	var seen bool
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "<!--") {
			continue
		}
		if seen {
			return l
		}
		seen = true
	}
	return ""
}

var (
	gradeRe     = regexp.MustCompile(` · (docs )?grade .*$`)
	waitingRe   = regexp.MustCompile(`\(\d+ waiting for a decision\)`)
	proposalsRe = regexp.MustCompile(`\d+ pending · \d+ approved · \d+ rejected`)
	linkRe      = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	shaRe       = regexp.MustCompile("Committed `[0-9a-f]*` ")
	hashRe      = regexp.MustCompile("Overlay `[0-9a-f]+`:")
	workflowRe  = regexp.MustCompile(`file=([^,]+),line=(\d+)`)
)

func waiting(title string) string        { return waitingRe.FindString(title) }
func proposalsCounts(body string) string { return proposalsRe.FindString(body) }

// writeKinds names what the requests wrote, in the order first written.
func writeKinds(reqs []ghapitest.Request) string {
	var out []string
	for _, r := range reqs {
		if r.Method == "GET" {
			continue
		}
		var kind string
		switch {
		case strings.Contains(r.Path, "/reactions"):
			kind = "reaction"
		case strings.Contains(r.Path, "/check-runs"):
			kind = "check run"
		case strings.Contains(r.Path, "/comments"):
			kind = "comment"
		case strings.Contains(r.Path, "/git/"):
			kind = "commit"
		case strings.Contains(r.Path, "/pulls"):
			kind = "pull request"
		default:
			kind = r.Method + " " + r.Path
		}
		if !slices.Contains(out, kind) {
			out = append(out, kind)
		}
	}
	return or(strings.Join(out, ", "), "none")
}

// observe reads the outcome of the run res off it and the fake GitHub;
// what the world held before it is at m.
func (w *e2eWorld) observe(t *testing.T, c mxCell, res e2eResult, m mxMark) mxOutcome {
	t.Helper()
	o := mxOutcome{Exit: res.code, CheckRun: none, Annotations: none, Comment: none, Summary: none, Outputs: none, Cache: none}
	if res.code > 1 {
		t.Fatalf("exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	var annotated []string
	for _, r := range w.gh.Runs()[m.runs:] {
		o.CheckRun = fmt.Sprintf("`%s`: %s", r.Conclusion, gradeRe.ReplaceAllString(r.Title, ""))
		if r.Name != "docbridge" || r.HeadSHA != e2eHeadSHA || r.Status != "completed" {
			o.CheckRun += fmt.Sprintf(" (%q on %s, %s)", r.Name, r.HeadSHA, r.Status)
		}
		if locs := annotationLocs(r); len(locs) > 0 {
			annotated = append(annotated, "check run: `"+strings.Join(locs, "`, `")+"`")
		}
	}
	var logged []string
	for _, typ := range []string{"error", "warning", "notice"} {
		for _, l := range workflowLines(res.stdout)[typ] {
			if loc := workflowRe.FindStringSubmatch(l); loc != nil {
				logged = append(logged, loc[1]+":"+loc[2])
			}
		}
	}
	if len(logged) > 0 {
		slices.Sort(logged)
		annotated = append(annotated, "log: `"+strings.Join(logged, "`, `")+"`")
	}
	if len(annotated) > 0 {
		o.Annotations = strings.Join(annotated, "; ")
	}
	if c.Event == actionenv.EventPullRequest {
		if s := stickyComments(w.gh); len(s) > 0 {
			body := strings.TrimPrefix(s[len(s)-1].Body, review.StickyMarker)
			o.Comment = "heading “" + gradeRe.ReplaceAllString(strings.TrimPrefix(firstLine(body), "### "), "") + "”"
			for _, l := range strings.Split(body, "\n") {
				if strings.HasPrefix(l, "✅") {
					o.Comment += "; " + linkRe.ReplaceAllString(l, "$1")
				}
			}
		}
	}
	if c.Event == actionenv.EventSchedule {
		if prs := w.gh.PRs(); len(prs) == 1 && prs[0].Head == actionrun.EnrichmentBranch {
			var overlays []string
			for p := range w.gh.Files(actionrun.EnrichmentBranch) {
				if path.Base(p) == path.Base(enrich.OverlayPath) {
					overlays = append(overlays, p)
				}
			}
			slices.Sort(overlays)
			o.Comment = fmt.Sprintf("enrichment pull request “%s”; proposals comment “%s”; on its branch: `%s`",
				waiting(prs[0].Title), proposalsCounts(sticky(w.gh, prs[0].Number)), strings.Join(overlays, "`, `"))
		}
	}
	o.Summary = summaryLines(res.summary)
	if f, ok := res.outputs[actionenv.OutputFindings]; ok {
		o.Outputs = fmt.Sprintf("%s findings · %s new · %s resolved", f, res.outputs[actionenv.OutputNewFindings], res.outputs[actionenv.OutputResolvedFindings])
		var missing []string
		for _, name := range actionenv.Outputs {
			if res.outputs[name] == "" {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 || len(res.outputs) != len(actionenv.Outputs) {
			o.Outputs += fmt.Sprintf(" (missing %v of %d outputs)", missing, len(res.outputs))
		}
	} else if len(res.outputs) > 0 {
		o.Outputs = fmt.Sprint(res.outputs)
	}
	var cache []string
	for _, k := range []struct{ log, says string }{
		{"restored the base state", "base restored"},
		{"base state not restored: no cached state", "no base (warning)"},
		{"restored the pull request state", "its earlier state restored"},
		{"restored the branch state", "branch state restored"},
		{"no branch state yet", "no branch state yet"},
		{"saved the state under", "state saved"},
	} {
		if strings.Contains(res.stdout, k.log) {
			cache = append(cache, k.says)
		}
	}
	if calls := e2eCallsRe.FindStringSubmatch(res.stdout); calls != nil {
		cache = append(cache, calls[2]+" agent "+map[bool]string{true: "call", false: "calls"}[calls[2] == "1"])
	}
	if len(cache) > 0 {
		o.Cache = strings.Join(cache, "; ")
	}
	o.Writes = writeKinds(w.gh.Requests("", "")[m.requests:])
	return o
}

// summaryLines are the job summary's verdict and counts lines (a check),
// or its overlay line and where the overlay went (the nightly run), with
// hashes, commits and links left out.
func summaryLines(s string) string {
	lines := strings.Split(s, "\n")
	var out []string
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "❌") || strings.HasPrefix(l, "✅") || strings.HasPrefix(l, "ℹ️"):
			out = append(out, l)
			for _, next := range lines[i+1:] {
				if next != "" {
					out = append(out, next)
					break
				}
			}
		case strings.HasPrefix(l, "Overlay `"):
			out = append(out, hashRe.ReplaceAllString(l, "Overlay:"))
		case strings.HasPrefix(l, "Committed ") || strings.HasPrefix(l, "Overlay ") || strings.HasPrefix(l, "Pull request"):
			out = append(out, linkRe.ReplaceAllString(shaRe.ReplaceAllString(l, "Committed "), "$1"))
		}
	}
	if len(out) == 0 {
		return none
	}
	return strings.Join(out, " ")
}

// firstLine is the first line of s that is not a hidden marker.
func firstLine(s string) string {
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "<!--") {
			return l
		}
	}
	return ""
}

// The table in docs/action.md, between these lines.
const (
	mxDoc      = "../../docs/action.md"
	mxDocBegin = "<!-- configuration matrix: generated from cmd/docbridge/action_e2e_matrix_test.go (go test ./cmd/docbridge -run TestE2EMatrixDoc -update); do not edit -->"
	mxDocEnd   = "<!-- configuration matrix end -->"
)

// TestE2EMatrixDoc: docs/action.md's configuration matrix is the table
// matrixCells and expect make; -update rewrites it. It runs nothing, so
// -short keeps it.
func TestE2EMatrixDoc(t *testing.T) {
	data, err := os.ReadFile(mxDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	begin, end := strings.Index(doc, mxDocBegin), strings.Index(doc, mxDocEnd)
	if begin < 0 || end < begin {
		t.Fatalf("%s has no configuration matrix between %q and %q", mxDoc, mxDocBegin, mxDocEnd)
	}
	want := mxDocBegin + "\n\n" + matrixTable() + "\n" + mxDocEnd
	got := doc[begin : end+len(mxDocEnd)]
	if got == want {
		return
	}
	if *updateMatrixDoc {
		if err := os.WriteFile(mxDoc, []byte(doc[:begin]+want+doc[end+len(mxDocEnd):]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(gl), len(wl)) {
		g, w := "", ""
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("docs/action.md's configuration matrix differs from the cells at its line %d:\n  doc:   %s\n  cells: %s\n(go test ./cmd/docbridge -run TestE2EMatrixDoc -update rewrites it)", i+1, g, w)
		}
	}
}

// TestE2EMatrixCoverage: the cells cover what mxCoverage says — every
// combination of a full event's dimensions, every pair of a pairwise
// event's — and every combination of the five dimensions is either a
// cell, a cell of the gate (whose filter and base state are not read), or
// listed as meaningless.
func TestE2EMatrixCoverage(t *testing.T) {
	cells := matrixCells()
	seen := map[mxCell]bool{}
	for _, c := range cells {
		if seen[c] {
			t.Fatalf("cell %s twice", c.name())
		}
		seen[c] = true
	}
	pairs := map[string]bool{}
	for _, c := range cells {
		for _, p := range []string{"wd-filter " + string(c.WD) + string(c.Filter), "wd-base " + string(c.WD) + string(c.Base), "filter-base " + string(c.Filter) + string(c.Base)} {
			pairs[c.Event+" "+p] = true
		}
	}
	meaningless := func(ev string, o mxOrigin) bool {
		return slices.ContainsFunc(mxMeaningless, func(m mxNoConfig) bool { return m.event == ev && m.origin == o })
	}
	var run, pairwise, notMeant, notRead int
	for _, ev := range mxEvents {
		for _, o := range mxOrigins {
			for _, wd := range mxWDs {
				for _, f := range mxFilters {
					for _, b := range mxBases {
						c := mxCell{Event: ev, Origin: o, WD: wd, Filter: f, Base: b}
						switch {
						case meaningless(ev, o):
							notMeant++
						case ev == actionenv.EventIssueComment:
							if !seen[mxCell{Event: ev, Origin: o, WD: wd}] {
								t.Errorf("no gate cell for %s", c.name())
							}
							notRead++
						case seen[c]:
							run++
						case mxCoverage[ev].kind == coverPairwise:
							for _, p := range []string{"wd-filter " + string(wd) + string(f), "wd-base " + string(wd) + string(b), "filter-base " + string(f) + string(b)} {
								if !pairs[ev+" "+p] {
									t.Errorf("%s: the pair %s is in no cell", ev, p)
								}
							}
							pairwise++
						default:
							t.Errorf("cell %s is neither run nor covered", c.name())
						}
					}
				}
			}
		}
	}
	if total := len(mxEvents) * len(mxOrigins) * len(mxWDs) * len(mxFilters) * len(mxBases); run+pairwise+notMeant+notRead != total {
		t.Fatalf("%d + %d + %d + %d combinations, want %d", run, pairwise, notMeant, notRead, total)
	}
	if want := 54 + 9 + 9; run != want || len(cells) != want+6 || pairwise != 36 || notMeant != 54 || notRead != 54 {
		t.Fatalf("run %d (%d cells), pairwise-covered %d, meaningless %d, gate-not-read %d: mxCoverage's counts are stale", run, len(cells), pairwise, notMeant, notRead)
	}
}

// matrixTable is the Markdown table of the cells: cells that differ only
// in the working directory, with outcomes that differ only in its paths,
// share a row whose paths read ‹wd›/….
func matrixTable() string {
	type row struct {
		key mxCell // WD wdAny
		wds []mxWD
	}
	var rows []*row
	byKey := map[mxCell]*row{}
	for _, c := range matrixCells() {
		key := c
		key.WD = wdAny
		generic := expect(key)
		// The shared row holds only if the cell's outcome is the generic
		// one with its own paths.
		if !sameBut(generic, expect(c), c.WD) {
			key.WD = c.WD
		}
		r := byKey[key]
		if r == nil {
			r = &row{key: key}
			byKey[key] = r
			rows = append(rows, r)
		}
		r.wds = append(r.wds, c.WD)
	}
	var b strings.Builder
	cells := matrixCells()
	fmt.Fprintf(&b, "%d cells run, each a test of its own (`TestE2EMatrix/<event>/<origin>/<working directory>/<filter>/<base state>`); "+
		"a row stands for the cells of the working directories it names, its paths `‹wd›/…` being the working directory's "+
		"(`docs/guide.md:3` at the root, `packages/app/docs/guide.md:3`, `website/docs/guide.md:3`).\n\n", len(cells))
	for _, ev := range mxEvents {
		fmt.Fprintf(&b, "- `%s`: %s — %s.\n", ev, mxCoverage[ev].kind, mxCoverage[ev].why)
	}
	for _, m := range mxMeaningless {
		fmt.Fprintf(&b, "- `%s` from a %s: no configuration — %s.\n", m.event, m.origin, m.why)
	}
	b.WriteString("\n| event | origin | working directory | filter | base state |")
	for _, f := range mxFields {
		b.WriteString(" " + f.name + " |")
	}
	b.WriteString("\n|" + strings.Repeat(" --- |", 5+len(mxFields)) + "\n")
	cellText := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	for _, ev := range mxEvents {
		for _, r := range rows {
			if r.key.Event != ev {
				continue
			}
			var wds []string
			for _, wd := range r.wds {
				wds = append(wds, wd.label())
			}
			filter, base := "`"+string(r.key.Filter)+"`", string(r.key.Base)
			if ev == actionenv.EventIssueComment {
				filter, base = "any (not read)", "any (not read)"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |", ev, r.key.Origin, strings.Join(wds, ", "), filter, base)
			o := expect(r.key)
			for _, f := range mxFields {
				b.WriteString(" " + cellText(f.get(o)) + " |")
			}
			b.WriteString("\n")
		}
		for _, m := range mxMeaningless {
			if m.event == ev {
				fmt.Fprintf(&b, "| `%s` | %s | any | any | any | no configuration: %s |%s\n", ev, m.origin, cellText(m.why), strings.Repeat(" |", len(mxFields)-1))
			}
		}
	}
	return b.String()
}

// sameBut reports whether specific is generic with the working directory
// wd's paths in place of ‹wd›/….
func sameBut(generic, specific mxOutcome, wd mxWD) bool {
	prefix := ""
	if wd.dir() != "" {
		prefix = wd.dir() + "/"
	}
	r := strings.NewReplacer(wdAny.dir()+"/", prefix)
	for _, f := range mxFields {
		if r.Replace(f.get(generic)) != f.get(specific) {
			return false
		}
	}
	return true
}
