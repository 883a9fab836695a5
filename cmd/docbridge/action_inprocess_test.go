package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
)

// inProcessAction runs `docbridge action` in this process with the real
// wiring (actionrun.Run), in a runner-like environment around one
// workspace: act's cache server, the fake GitHub, and a run id of its own
// for each run. The end-to-end tests run the binary instead; the
// benchmark and the soak run many actions and want no process start in
// their figures.
type inProcessAction struct {
	vars  map[string]string
	files string // each run's GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
	runID int
}

func newInProcessAction(tb testing.TB, workspace, apiURL, cacheURL, cacheToken string) *inProcessAction {
	tb.Helper()
	return &inProcessAction{files: tb.TempDir(), runID: 7000, vars: map[string]string{
		"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace, "GITHUB_REPOSITORY": ghapitest.Repo,
		"GITHUB_API_URL": apiURL, "GITHUB_SERVER_URL": "https://github.com", "GITHUB_RUN_ATTEMPT": "1",
		"ACTIONS_CACHE_URL": cacheURL, "ACTIONS_RUNTIME_TOKEN": cacheToken,
		"INPUT_GITHUB-TOKEN": ghapitest.Token, "INPUT_FAIL-ON": "none",
	}}
}

func (a *inProcessAction) getenv(k string) string { return a.vars[k] }

// run is one action: event with the payload file and commit sha; pr
// names the pull request's merge ref of a pull_request event. It returns
// the log.
func (a *inProcessAction) run(ctx context.Context, event, payload, sha string, pr int) (string, error) {
	a.runID++
	id := strconv.Itoa(a.runID)
	a.vars["GITHUB_RUN_ID"] = id
	a.vars["GITHUB_EVENT_NAME"], a.vars["GITHUB_EVENT_PATH"] = event, payload
	// Fresh file-command files: the runner gives each step its own.
	a.vars["GITHUB_OUTPUT"] = filepath.Join(a.files, "output-"+id)
	a.vars["GITHUB_STEP_SUMMARY"] = filepath.Join(a.files, "summary-"+id)
	defer os.Remove(a.vars["GITHUB_OUTPUT"])
	defer os.Remove(a.vars["GITHUB_STEP_SUMMARY"])
	a.vars["GITHUB_SHA"] = sha
	if event == actionenv.EventPush {
		a.vars["GITHUB_REF"], a.vars["GITHUB_HEAD_REF"], a.vars["GITHUB_BASE_REF"] = "refs/heads/main", "", ""
	} else {
		a.vars["GITHUB_REF"] = fmt.Sprintf("refs/pull/%d/merge", pr)
		a.vars["GITHUB_HEAD_REF"], a.vars["GITHUB_BASE_REF"] = "feature", "main"
	}
	var log strings.Builder
	err := actionrun.Run(ctx, &log, io.Discard, actionrun.Options{}, a.getenv)
	return log.String(), err
}
