package actionenv

import (
	"strings"
	"testing"
)

// getenvOf serves a map as the environment.
func getenvOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// runnerEnv is what the runner sets inside a container action.
func runnerEnv() map[string]string {
	return map[string]string{
		"CI": "true", "GITHUB_ACTIONS": "true",
		"GITHUB_EVENT_NAME": "pull_request", "GITHUB_EVENT_PATH": "/github/workflow/event.json",
		"GITHUB_OUTPUT":       "/github/file_commands/set_output_1",
		"GITHUB_STEP_SUMMARY": "/github/file_commands/step_summary_1",
		"GITHUB_API_URL":      "https://ghe.example.com/api/v3", "GITHUB_SERVER_URL": "https://ghe.example.com",
		"GITHUB_REPOSITORY": "o/r", "GITHUB_SHA": "1111111111111111111111111111111111111111",
		"GITHUB_REF": "refs/pull/7/merge", "GITHUB_BASE_REF": "main", "GITHUB_HEAD_REF": "feature",
		"GITHUB_RUN_ID": "9876543210", "GITHUB_RUN_ATTEMPT": "3", "GITHUB_WORKSPACE": "/github/workspace",
	}
}

func TestRead(t *testing.T) {
	env, err := Read(getenvOf(runnerEnv()))
	if err != nil {
		t.Fatal(err)
	}
	want := Env{InActions: true, EventName: "pull_request", EventPath: "/github/workflow/event.json",
		Output: "/github/file_commands/set_output_1", StepSummary: "/github/file_commands/step_summary_1",
		APIURL: "https://ghe.example.com/api/v3", ServerURL: "https://ghe.example.com", Repository: "o/r",
		SHA: "1111111111111111111111111111111111111111", Ref: "refs/pull/7/merge", BaseRef: "main", HeadRef: "feature",
		RunID: 9876543210, RunAttempt: 3, Workspace: "/github/workspace"}
	if *env != want {
		t.Fatalf("got  %+v\nwant %+v", *env, want)
	}
}

func TestReadDefaultsAndErrors(t *testing.T) {
	env, err := Read(getenvOf(map[string]string{}))
	if err != nil {
		t.Fatal(err)
	}
	if env.APIURL != "https://api.github.com" || env.ServerURL != "https://github.com" || env.InActions || env.RunID != 0 {
		t.Fatalf("defaults %+v", env)
	}
	for k, v := range map[string]string{"GITHUB_RUN_ATTEMPT": "two", "GITHUB_RUN_ID": "-x", "GITHUB_ACTIONS": "maybe"} {
		vars := runnerEnv()
		vars[k] = v
		if _, err := Read(getenvOf(vars)); err == nil || !strings.Contains(err.Error(), k+"=") {
			t.Errorf("%s=%s: err %v, want one naming it", k, v, err)
		}
	}
}
