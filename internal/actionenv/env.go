package actionenv

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"
)

// Env is the runner context of one step, as the runner sets it.
type Env struct {
	// InActions is GITHUB_ACTIONS=true: the process runs on a runner.
	InActions bool
	// EventName is GITHUB_EVENT_NAME (pull_request, push, …).
	EventName string
	// EventPath is GITHUB_EVENT_PATH, the payload file
	// (/github/workflow/event.json in a container action).
	EventPath string
	// Output is GITHUB_OUTPUT, the file step outputs are appended to.
	Output string
	// StepSummary is GITHUB_STEP_SUMMARY, the job summary file.
	StepSummary string
	// APIURL is GITHUB_API_URL (https://api.github.com unless GHES).
	APIURL string
	// ServerURL is GITHUB_SERVER_URL (https://github.com unless GHES).
	ServerURL string
	// Repository is GITHUB_REPOSITORY, owner/name.
	Repository string
	// SHA is GITHUB_SHA: on pull_request the merge commit, not the head.
	SHA string
	// Ref is GITHUB_REF: refs/heads/B on push, refs/pull/N/merge on a PR.
	Ref string
	// BaseRef and HeadRef are GITHUB_BASE_REF and GITHUB_HEAD_REF, set on
	// pull_request events only.
	BaseRef string
	HeadRef string
	// RunID and RunAttempt are GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT; cache
	// keys carry them so entries stay immutable across re-runs.
	RunID      int64
	RunAttempt int64
	// Workspace is GITHUB_WORKSPACE (/github/workspace in a container
	// action): the checkout, whatever the working directory is.
	Workspace string
}

// Read reads the runner context through go-githubactions. The event payload
// is not read here (go-githubactions would read the file whole and
// unbounded): EventPath is returned for the caller to read with a bound and
// hand to DecodeEvent. A malformed numeric or boolean variable is an error
// naming it.
func Read(getenv func(string) string) (*Env, error) {
	hidePayload := func(k string) string {
		if k == "GITHUB_EVENT_PATH" {
			return ""
		}
		return getenv(k)
	}
	gc, err := githubactions.New(githubactions.WithGetenv(hidePayload)).Context()
	if err != nil {
		// go-githubactions does not say which variable it could not parse.
		return nil, fmt.Errorf("runner environment: %s", malformed(getenv, err))
	}
	return &Env{
		InActions:   gc.Actions,
		EventName:   gc.EventName,
		EventPath:   getenv("GITHUB_EVENT_PATH"),
		Output:      getenv("GITHUB_OUTPUT"),
		StepSummary: gc.StepSummary,
		APIURL:      gc.APIURL,
		ServerURL:   gc.ServerURL,
		Repository:  gc.Repository,
		SHA:         gc.SHA,
		Ref:         gc.Ref,
		BaseRef:     gc.BaseRef,
		HeadRef:     gc.HeadRef,
		RunID:       gc.RunID,
		RunAttempt:  gc.RunAttempt,
		Workspace:   gc.Workspace,
	}, nil
}

// Variables go-githubactions parses as integers and booleans.
var (
	intVars  = []string{"GITHUB_RUN_ID", "GITHUB_RUN_ATTEMPT", "GITHUB_RUN_NUMBER", "GITHUB_RETENTION_DAYS"}
	boolVars = []string{"GITHUB_ACTIONS", "GITHUB_REF_PROTECTED"}
)

// malformed names the variables that do not parse, or returns err's text.
func malformed(getenv func(string) string, err error) string {
	var bad []string
	for _, k := range intVars {
		if v := getenv(k); v != "" {
			if _, e := strconv.ParseInt(v, 10, 64); e != nil {
				bad = append(bad, fmt.Sprintf("%s=%q is not an integer", k, v))
			}
		}
	}
	for _, k := range boolVars {
		if v := getenv(k); v != "" {
			if _, e := strconv.ParseBool(v); e != nil {
				bad = append(bad, fmt.Sprintf("%s=%q is not a boolean", k, v))
			}
		}
	}
	if len(bad) == 0 {
		return err.Error()
	}
	return strings.Join(bad, "; ")
}
