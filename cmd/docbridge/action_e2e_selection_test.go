package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
)

// workspaceUnder lays the fixture's layers into sub/ of a fresh workspace
// (a documentation site in a subdirectory) and returns the workspace.
func workspaceUnder(t *testing.T, sub string, layers ...string) string {
	t.Helper()
	src := workspace(t, layers...)
	ws := t.TempDir()
	dst := filepath.Join(ws, filepath.FromSlash(sub))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(src, dst); err != nil {
		t.Fatal(err)
	}
	return ws
}

// TestE2EWorkingDirectorySelectsInRepositoryPaths: with working-directory
// site, the pull request's changed files (relative to the repository root)
// select the findings in them (relative to the working directory), as the
// same change at the root does; the annotations and the comment's links
// name the repository's paths. A changed file outside the working directory
// selects nothing, even when it reads like one inside it.
func TestE2EWorkingDirectorySelectsInRepositoryPaths(t *testing.T) {
	t.Parallel() // its own worlds, workspaces and subprocesses
	for _, tc := range []struct {
		name, filter string
		changed      []string
	}{
		// The case: the broken link added in site/docs/guide.md.
		{"changed-files", "changed-files", []string{"site/docs/guide.md", "site/docs/intro.md"}},
		// The default filter takes the same path without a base state.
		{"new without a base", "new", []string{"site/docs/guide.md", "site/docs/intro.md"}},
		// docs/rank.md at the root is not site/docs/rank.md.
		{"a root file of the same name", "changed-files", []string{"docs/rank.md", "site/docs/guide.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			ws := workspaceUnder(t, "site", "base", "head")
			if err := writeFileAll(filepath.Join(ws, "docs", "rank.md"), []byte("# Not the site's ranking\n")); err != nil {
				t.Fatal(err)
			}
			w.gh.SetFiles(e2ePR, tc.changed)
			pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: ws,
				inputs: map[string]string{"working-directory": "site", "filter": tc.filter}})
			pr.wantExit(t, 1) // the broken link the pull request adds is an error, as at the root
			if pr.report.Compared {
				t.Fatal("want a run without a base")
			}
			// The report keeps the working directory's paths.
			if got := findingLocs(pr.report, inFiles("docs/guide.md")); !slices.Equal(got, []string{"docs/guide.md:3"}) {
				t.Fatalf("report findings in docs/guide.md: %v", got)
			}
			run := onlyRun(t, w.gh)
			if got := annotationLocs(run); !slices.Equal(got, []string{"site/docs/guide.md:3"}) || run.Conclusion != "failure" {
				t.Errorf("annotated %v (%s), want site/docs/guide.md:3 (failure)", got, run.Conclusion)
			}
			pr.wantOutputs(t, 1, 0)
			sticky := stickyComments(w.gh)
			if len(sticky) != 1 {
				t.Fatalf("%d sticky comments", len(sticky))
			}
			link := fmt.Sprintf("https://github.com/%s/blob/%s/site/docs/guide.md#L3", ghapitest.Repo, e2eHeadSHA)
			if !strings.Contains(sticky[0].Body, link) || strings.Contains(sticky[0].Body, "rank.md#L") {
				t.Errorf("the comment should link site/docs/guide.md at the head and nothing in rank.md:\n%s", sticky[0].Body)
			}
			if n := len(w.gh.Requests(http.MethodGet, fmt.Sprintf("/pulls/%d/files", e2ePR))); n != 1 {
				t.Errorf("changed files listed %d times, want 1", n)
			}
		})
	}
}

// TestE2ESelectionIsNamedAsDocumented: the check run's title, the comment
// and the job summary name what the filter judged as docs/action.md says —
// "1 new finding: 1 error · grade …" against a base, the unchanged ones
// "not annotated", and a filter other than new named in the verdict.
func TestE2ESelectionIsNamedAsDocumented(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocesses
	w := newWorld(t)
	w.pushMain()
	ws := workspace(t, "base", "head")
	w.gh.SetFiles(e2ePR, []string{"docs/guide.md", "docs/intro.md", "docs/rank.md"})
	runURL := "https://github.com/" + ghapitest.Repo + "/actions/runs/"
	for _, tc := range []struct {
		filter string
		// title is the check run's title up to the grade.
		title string
		// want and not are in the sticky comment; summary in the job
		// summary.
		want, not []string
		summary   string
	}{
		{"new", "1 new finding: 1 error · grade ",
			[]string{"### docbridge · 1 new finding · docs grade ", "❌ 1 new finding at or above `error`: this check fails.\n",
				"✅ 1 resolved · 1 unchanged (not annotated; see the [job summary](" + runURL},
			[]string{"Filter:"}, "### New findings (1)"},
		{"changed-files", "2 findings: 2 error · grade ",
			[]string{"### docbridge · 2 findings · docs grade ", "❌ 2 findings at or above `error`: this check fails. Filter: `changed-files`.\n",
				"✅ 1 resolved · 1 unchanged\n"},
			[]string{"not annotated"}, "### Findings (2)"},
		{"all", "2 findings: 2 error · grade ",
			[]string{"❌ 2 findings at or above `error`: this check fails. Filter: `all`.\n"},
			[]string{"not annotated"}, "### Findings (2)"},
	} {
		pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: ws,
			inputs: map[string]string{"filter": tc.filter}})
		pr.wantExit(t, 1)
		if !pr.report.Compared {
			t.Fatalf("filter %s: the base state was not used:\n%s", tc.filter, pr.stdout)
		}
		runs := w.gh.Runs()
		run := runs[len(runs)-1]
		if !strings.HasPrefix(run.Title, tc.title) {
			t.Errorf("filter %s: check run title %q, want %q…", tc.filter, run.Title, tc.title)
		}
		sticky := stickyComments(w.gh)
		if len(sticky) != 1 {
			t.Fatalf("filter %s: %d sticky comments", tc.filter, len(sticky))
		}
		for _, s := range tc.want {
			if !strings.Contains(sticky[0].Body, s) {
				t.Errorf("filter %s: the comment lacks %q:\n%s", tc.filter, s, sticky[0].Body)
			}
		}
		for _, s := range tc.not {
			if strings.Contains(sticky[0].Body, s) {
				t.Errorf("filter %s: the comment says %q:\n%s", tc.filter, s, sticky[0].Body)
			}
		}
		if !strings.Contains(pr.summary, tc.summary) || strings.Contains(pr.summary, "Filter: `findings") {
			t.Errorf("filter %s: the job summary lacks %q or names a sentence as the filter:\n%s", tc.filter, tc.summary, pr.summary)
		}
	}
}
