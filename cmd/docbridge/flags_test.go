package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/driftbench"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/gitrepo"
	"github.com/docbridge/docbridge/internal/graphview"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestFormatFlagEverywhere: every command with a JSON output takes
// --format text|json, and --json stays its alias with the same bytes.
func TestFormatFlagEverywhere(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"README.md":    "# Demo\n\nSee `src/rank.ts` and [ranking](docs/rank.md).\n",
		"docs/rank.md": "# Ranking\n\nCall `RankDocs` from `src/rank.ts`.\n",
		"src/rank.ts":  "export function RankDocs(): number { return 1 }\n",
	})
	for _, args := range [][]string{
		{"scan", dir},
		{"search", "--dir", dir, "ranking"},
		{"lookup", "--dir", dir, "src/rank.ts"},
		{"doctor", dir},
	} {
		withJSON := append(append([]string{}, args...), "--json")
		withFormat := append(append([]string{}, args...), "--format", "json")
		c1, out1, err1 := runCLI(t, withJSON...)
		c2, out2, err2 := runCLI(t, withFormat...)
		if c1 != c2 || out1 != out2 {
			t.Errorf("%v: --json (exit %d) and --format json (exit %d) differ:\n%s\n---\n%s\n%s%s", args, c1, c2, out1, out2, err1, err2)
		}
		if !json.Valid([]byte(out2)) {
			t.Errorf("%v --format json: not JSON (exit %d):\n%s%s", args, c2, out2, err2)
		}
		if code, _, errOut := runCLI(t, append(append([]string{}, args...), "--format", "xml")...); code != 2 || !strings.Contains(errOut, `"xml": use text or json`) {
			t.Errorf("%v --format xml: exit %d, %s", args, code, errOut)
		}
	}
}

// TestDashIsStdout: --out - writes to standard output (as
// --changed-files - reads standard input), never a file named "-".
func TestDashIsStdout(t *testing.T) {
	dir := checkRepo(t)
	cwd := t.TempDir()
	t.Chdir(cwd)

	code, out, errOut := runCLI(t, "scan", "--out", "-", dir)
	if code != 0 {
		t.Fatalf("scan --out -: exit %d: %s", code, errOut)
	}
	if _, err := snapshot.Unmarshal([]byte(out)); err != nil {
		t.Errorf("scan --out -: stdout is not the snapshot: %v", err)
	}
	code, out, errOut = runCLI(t, "check", "--format", "json", "--out", "-", dir)
	if code != 1 || !json.Valid([]byte(out)) || strings.Contains(errOut, "written to") {
		t.Errorf("check --out -: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(cwd, "-")); err == nil {
		t.Errorf("a file named - was written")
	}
}

// kept is a command constructor whose run keeps the options it is given,
// for TestFlagParsing.
func kept[O any](newCmd func(*factory, func(*O) error) *cobra.Command) func(*factory, *any) *cobra.Command {
	return func(f *factory, got *any) *cobra.Command {
		return newCmd(f, func(o *O) error { *got = *o; return nil })
	}
}

// TestFlagParsing: every command's flags and arguments parse into its
// options — defaults, values, aliases (--json for --format json) — and a
// bad value is refused with its message, through the root's checks
// (ranges, the messages of bad numbers), with the command's run replaced
// (cli/cli's NewCmdX(f, runF)): nothing is scanned.
func TestFlagParsing(t *testing.T) {
	t.Chdir(t.TempDir())
	const d = "repo"
	def := defaultRepoDir(io.Discard)
	repo := func(dir string) pipeline.Repo { return pipeline.Repo{Dir: dir, MaxStateBytes: state.DefaultMaxBytes} }
	var (
		scanCmd      = kept(newScanCommand)
		checkCmd     = kept(newCheckCommand)
		fixCmd       = kept(newFixCommand)
		graphCmd     = kept(newGraphCommand)
		actionCmd    = kept(newActionCommand)
		searchCmd    = kept(newSearchCommand)
		lookupCmd    = kept(newLookupCommand)
		doctorCmd    = kept(newDoctorCommand)
		mcpCmd       = kept(newMCPCommand)
		docsCmd      = kept(newDocsCommand)
		retrievalCmd = kept(newBenchRetrievalCommand)
		precisionCmd = kept(newBenchPrecisionCommand)
		driftCmd     = kept(newBenchDriftCommand)
		enrichCmd    = kept(newEnrichCommand)
		listCmd      = kept(newEnrichListCommand)
		approveCmd   = kept(func(f *factory, r func(*enrichDecideOptions) error) *cobra.Command {
			return newEnrichDecideCommand(f, enrich.DecisionApprove, r)
		})
		rejectCmd = kept(func(f *factory, r func(*enrichDecideOptions) error) *cobra.Command {
			return newEnrichDecideCommand(f, enrich.DecisionReject, r)
		})
		revalidateCmd = kept(newEnrichRevalidateCommand)
	)
	checkDefaults := checkOptions{Options: pipeline.Options{Repo: repo(d)}, format: "text", failOn: catalog.FailError, maxPerCode: report.DefaultMaxPerCode}
	precisionDefaults := precisionOptions{corpus: precisionDefaultCorpus, labels: precisionDefaultLabels, sample: 30, infoSample: 10, seed: 1, todo: 50}
	driftDefaults := driftOptions{corpus: driftDefaultCorpus, data: driftDefaultData, missed: 100, mine: driftbench.MineOptions{Rev: "HEAD", MaxCommits: 2000}}
	tests := []struct {
		args []string
		cmd  func(*factory, *any) *cobra.Command
		want any    // the options the run is given
		err  string // else the refusal
	}{
		{args: []string{"scan"}, cmd: scanCmd, want: scanOptions{dir: def, maxStateBytes: state.DefaultMaxBytes}},
		{args: []string{"scan", d, "--json", "--out", "s.json", "--config", "c.yaml", "--state", "st", "--max-state-bytes", "5"}, cmd: scanCmd,
			want: scanOptions{dir: d, asJSON: true, out: "s.json", configPath: "c.yaml", stateDir: "st", maxStateBytes: 5}},
		{args: []string{"scan", d, "--format", "json"}, cmd: scanCmd, want: scanOptions{dir: d, asJSON: true, maxStateBytes: state.DefaultMaxBytes}},
		{args: []string{"scan", d, "--format", "xml"}, cmd: scanCmd, err: `--format: "xml": use text or json`},
		{args: []string{"scan", d, "--max-state-bytes", "1MB"}, cmd: scanCmd, err: `--max-state-bytes: "1MB" is not a number; give a whole number from 0 to 1099511627776`},
		{args: []string{"scan", d, "--max-state-bytes", "-1"}, cmd: scanCmd, err: "--max-state-bytes -1: use 0 to 1099511627776"},
		{args: []string{"scan", d, "e"}, cmd: scanCmd, err: "accepts at most 1 arg(s), received 2"},

		{args: []string{"check", d}, cmd: checkCmd, want: checkDefaults},
		{args: []string{"check", d, "--base", "b.json", "--format", "sarif", "--fail-on", "warn", "--out", "r.sarif", "--max-per-code", "0", "--config", "c.yaml", "--state", "st"}, cmd: checkCmd,
			want: checkOptions{Options: pipeline.Options{Repo: pipeline.Repo{Dir: d, ConfigPath: "c.yaml", StateDir: "st", MaxStateBytes: state.DefaultMaxBytes}, Base: "b.json"},
				format: "sarif", failOn: catalog.FailWarn, out: "r.sarif"}},
		{args: []string{"check", d, "--format", "xml"}, cmd: checkCmd, err: `--format "xml": use text, json or sarif`},
		{args: []string{"check", d, "--fail-on", "fatal"}, cmd: checkCmd, err: `"fatal" is not one of error, warn, info, none`},
		{args: []string{"check", d, "--max-per-code", "abc"}, cmd: checkCmd, err: `--max-per-code: "abc" is not a number; give a count such as 10, or 0 for no limit`},

		{args: []string{"fix", d, "--base", "b.json", "--dry-run"}, cmd: fixCmd, want: fixOptions{Repo: repo(d), base: "b.json", dryRun: true}},
		{args: []string{"fix", d}, cmd: fixCmd, want: fixOptions{Repo: repo(d)}},
		{args: []string{"fix", d, "--finding", "a1", "--finding", "b2"}, cmd: fixCmd, want: fixOptions{Repo: repo(d), findings: []string{"a1", "b2"}}},

		{args: []string{"graph", d}, cmd: graphCmd, want: graphOptions{Repo: repo(d), format: "text", top: graphview.DefaultTopCentral}},
		{args: []string{"graph", d, "--format", "dot", "--top", "3", "--type-imports"}, cmd: graphCmd, want: graphOptions{Repo: repo(d), format: "dot", top: 3, typeImports: true}},
		{args: []string{"graph", d, "--format", "svg"}, cmd: graphCmd, err: `--format "svg": use text, mermaid or dot`},
		{args: []string{"graph", d, "--top", "0"}, cmd: graphCmd, err: "--top 0: use 1 to 100"},

		{args: []string{"action"}, cmd: actionCmd, want: actionOptions{Options: actionrun.Options{Version: version, Enrich: run.Stage{}}}},
		{args: []string{"action", "--dry-run", "--event-name", "push", "--event", "e.json", "--cache-dir", "c", "--fail-on", "warn", "--filter", "all", "--mode", "scan"}, cmd: actionCmd,
			want: actionOptions{Options: actionrun.Options{Version: version, Enrich: run.Stage{}, DryRun: true, EventName: "push", EventPath: "e.json", CacheDir: "c",
				FailOn: catalog.FailWarn, Filter: actionenv.FilterAll, Mode: actionenv.ModeScan}}},
		{args: []string{"action", "--changed-files", "files.txt"}, cmd: actionCmd, err: "--changed-files needs --dry-run (on GitHub the changed files come from the API)"},
		{args: []string{"action", "extra"}, cmd: actionCmd, err: `unknown command "extra" for "docbridge action"`},

		{args: []string{"search", "--dir", d, "storage", " engine"}, cmd: searchCmd, want: searchOptions{Repo: repo(d), limit: retrieval.DefaultLimit, query: "storage  engine"}},
		{args: []string{"search", "--dir", d, "--kinds", "module,area", "--limit", "5", "--explain", "--json", "--budget", "100", "q"}, cmd: searchCmd,
			want: searchOptions{Repo: repo(d), kinds: []string{"module", "area"}, limit: 5, budget: 100, explain: true, json: true, query: "q"}},
		{args: []string{"search", "--dir", d, "--how"}, cmd: searchCmd, want: searchOptions{Repo: repo(d), limit: retrieval.DefaultLimit, how: true}},
		{args: []string{"search", "--dir", d, "--kinds", "file", "q"}, cmd: searchCmd, err: `--kinds "file": use document, area, package, module`},
		{args: []string{"search", "--dir", d, "--kinds", "module"}, cmd: searchCmd, err: "a blank query lists documents; --kinds module excludes them"},
		{args: []string{"search", "--dir", d, "--limit", "0", "q"}, cmd: searchCmd, err: "--limit 0: use 1 to 100"},

		{args: []string{"lookup", "--dir", d, "module:a.go"}, cmd: lookupCmd, want: lookupOptions{Repo: repo(d), depth: retrieval.DefaultLookupDepth, target: "module:a.go"}},
		{args: []string{"lookup", "--dir", d, "--depth", "2", "--budget", "50", "--format", "json", "x"}, cmd: lookupCmd, want: lookupOptions{Repo: repo(d), depth: 2, budget: 50, json: true, target: "x"}},
		{args: []string{"lookup", "--dir", d, "--depth", "9", "x"}, cmd: lookupCmd, err: "--depth 9: use 1 to 3"},
		{args: []string{"lookup", "--dir", d}, cmd: lookupCmd, err: "accepts 1 arg(s), received 0"},

		{args: []string{"doctor", d, "--suite", "s.json", "--json"}, cmd: doctorCmd, want: doctorOptions{Repo: repo(d), suite: "s.json", asJSON: true}},
		{args: []string{"mcp", d, "--base", "b.json", "--state", "st"}, cmd: mcpCmd, want: mcpOptions{Repo: pipeline.Repo{Dir: d, StateDir: "st", MaxStateBytes: state.DefaultMaxBytes}, base: "b.json"}},

		{args: []string{"docs", "help", "--dir", d}, cmd: docsCmd, want: docsOptions{Repo: repo(d), verb: "help", limit: retrieval.DefaultLimit}},
		{args: []string{"docs", "search", "--dir", d, "--limit", "3", "cache", "sizing"}, cmd: docsCmd, want: docsOptions{Repo: repo(d), verb: "search", limit: 3, query: "cache sizing"}},
		{args: []string{"docs", "check", "--dir", d, "docs/a.md", "docs/b.md"}, cmd: docsCmd, want: docsOptions{Repo: repo(d), verb: "check", limit: retrieval.DefaultLimit, paths: []string{"docs/a.md", "docs/b.md"}}},
		{args: []string{"docs", "add", "--dir", d, "--path", "docs/x.md", "--field", "summary=S", "--list", "keywords=a, b", "--body-file", "-"}, cmd: docsCmd,
			want: docsOptions{Repo: repo(d), verb: "add", limit: retrieval.DefaultLimit, target: "docs/x.md", bodyFile: "-", meta: map[string]any{"summary": "S", "keywords": []any{"a", "b"}}}},
		{args: []string{"docs", "add", "--dir", d, "--field", "summary", "--body-file", "-"}, cmd: docsCmd, err: `--field "summary": write KEY=VALUE`},
		{args: []string{"docs", "add", "--dir", d}, cmd: docsCmd, err: "--body-file: give the body's file (- for stdin)"},
		{args: []string{"docs", "search", "--dir", d, "--limit", "101"}, cmd: docsCmd, err: "--limit 101: use 1 to 100"},

		{args: []string{"retrieval", "--dir", d}, cmd: retrievalCmd, want: benchOptions{Repo: repo(d), suite: filepath.Join(d, "docs/bench/retrieval-suite-v1.json"), misses: benchDefaultMisses}},
		{args: []string{"retrieval", "--dir", d, "--baseline", "--split", "dev", "--misses", "3", "--json", "suite.json"}, cmd: retrievalCmd,
			want: benchOptions{Repo: repo(d), suite: "suite.json", baseline: true, split: "dev", misses: 3, asJSON: true}},
		{args: []string{"retrieval", "--dir", d, "--split", "train"}, cmd: retrievalCmd, err: `--split "train": use dev or test`},
		{args: []string{"precision"}, cmd: precisionCmd, want: precisionDefaults},
		{args: []string{"precision", "--corpus", "c", "--labels", "l", "--repo", "a/b", "--sample", "0", "--info-sample", "2", "--seed", "-7", "--json", "--write-todo", "todo", "--todo", "4"}, cmd: precisionCmd,
			want: precisionOptions{corpus: "c", labels: "l", repos: []string{"a/b"}, infoSample: 2, seed: -7, asJSON: true, writeTodo: "todo", todo: 4}},
		{args: []string{"precision", "--sample", "5"}, cmd: precisionCmd, err: "--sample 5: use 30 or more per repository (0 for every finding)"},
		{args: []string{"drift"}, cmd: driftCmd, want: driftDefaults},
		{args: []string{"drift", "--mine", "g.git", "--mine-repo", "a/b", "--rev", "main", "--max-commits", "5", "--json"}, cmd: driftCmd,
			want: driftOptions{corpus: driftDefaultCorpus, data: driftDefaultData, missed: 100, asJSON: true, mine: driftbench.MineOptions{GitDir: "g.git", Repository: "a/b", Rev: "main", MaxCommits: 5}}},
		{args: []string{"drift", "--mine", "g.git", "--repository", "a/b"}, cmd: driftCmd,
			want: driftOptions{corpus: driftDefaultCorpus, data: driftDefaultData, missed: 100, mine: driftbench.MineOptions{GitDir: "g.git", Repository: "a/b", Rev: "HEAD", MaxCommits: 2000}}},
		{args: []string{"drift", "--split", "train"}, cmd: driftCmd, err: `--split "train": use dev or test`},
		{args: []string{"drift", "--mine", "g.git", "--repo", "a/b"}, cmd: driftCmd, err: "name the mined repository with --mine-repo"},

		{args: []string{"enrich", d, "--agent", "builtin", "--cache", "c", "--json"}, cmd: enrichCmd, want: enrichOptions{Repo: repo(d), agent: "builtin", cache: "c", asJSON: true}},
		{args: []string{"list", d, "--pending", "--json"}, cmd: listCmd, want: enrichListOptions{dir: d, pending: true, asJSON: true}},
		{args: []string{"approve", "p1", d, "--by", "ann"}, cmd: approveCmd, want: enrichDecideOptions{Repo: repo(d), decision: enrich.DecisionApprove, proposalID: "p1", by: "ann"}},
		{args: []string{"approve", "p1", d}, cmd: approveCmd, err: "--by: name the person who decides"},
		{args: []string{"approve", "p1", d, "--by", "ann", "--reason", "r"}, cmd: approveCmd, err: "unknown flag: --reason"},
		{args: []string{"reject", "p1", "--by", "ann", "--reason", "stale"}, cmd: rejectCmd, want: enrichDecideOptions{Repo: repo(def), decision: enrich.DecisionReject, proposalID: "p1", by: "ann", reason: "stale"}},
		{args: []string{"revalidate", d, "--format", "json"}, cmd: revalidateCmd, want: enrichRevalidateOptions{Repo: repo(d), asJSON: true}},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		f := &factory{stdout: &out, stderr: &errOut}
		root, _ := newBareRoot(f)
		var got any
		root.AddCommand(tc.cmd(f, &got))
		root.SetArgs(tc.args)
		err := root.Execute()
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: %v, want an error with %q", tc.args, err, tc.err)
			}
			if got != nil {
				t.Errorf("%q: ran with %+v", tc.args, got)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case !reflect.DeepEqual(withoutEdges(t, tc.args, got), tc.want):
			t.Errorf("%q:\n got %+v\nwant %+v", tc.args, got, tc.want)
		}
		if out.Len() > 0 {
			t.Errorf("%q: wrote %q", tc.args, out.String())
		}
	}
}

// withoutEdges is the options v with their pipeline.Repo's Getenv and
// Git, which must be the process's environment and gitrepo.WorkTree
// (functions do not compare), set to nil.
func withoutEdges(t *testing.T, args []string, v any) any {
	t.Helper()
	if v == nil {
		return nil
	}
	rv := reflect.New(reflect.TypeOf(v)).Elem()
	rv.Set(reflect.ValueOf(v))
	f := rv.FieldByName("Getenv")
	if !f.IsValid() {
		return v
	}
	if f.IsNil() {
		t.Errorf("%q: the repository's identity reads no environment", args)
	}
	f.Set(reflect.Zero(f.Type()))
	g := rv.FieldByName("Git")
	if g.IsNil() || g.Interface() != (gitrepo.WorkTree{}) {
		t.Errorf("%q: git is asked through %v, want gitrepo.WorkTree", args, g)
	}
	g.Set(reflect.Zero(g.Type()))
	return rv.Interface()
}
