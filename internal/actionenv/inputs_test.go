package actionenv

import (
	"strings"
	"testing"
	"time"
)

func TestReadInputs(t *testing.T) {
	defaults := Inputs{FailOn: "error", Comment: true, Annotations: true, Suggestions: true, Filter: "new", Cache: true, WorkingDirectory: ".", BotLogin: "github-actions[bot]", PublishTimeout: 2 * time.Minute, Mode: modeAuto}
	tests := []struct {
		name string
		vars map[string]string
		want Inputs
	}{
		{"absent inputs take the defaults", nil, defaults},
		{"empty inputs take the defaults", map[string]string{"INPUT_FAIL-ON": "", "INPUT_COMMENT": " "}, defaults},
		{"hyphens kept, values trimmed", map[string]string{
			"INPUT_GITHUB-TOKEN": "ghs_x", "INPUT_FAIL-ON": " warn ", "INPUT_FILTER": "changed-files",
			"INPUT_COMMENT": "False", "INPUT_ANNOTATIONS": "FALSE", "INPUT_SUGGESTIONS": "false", "INPUT_CACHE": "false",
			"INPUT_WORKING-DIRECTORY": "./site/", "INPUT_CONFIG": "ci/../ci/docbridge.yaml", "INPUT_BOT-LOGIN": "my-app[bot]",
			"INPUT_PUBLISH-TIMEOUT": "1m30s",
		}, Inputs{GitHubToken: "ghs_x", Config: "ci/docbridge.yaml", FailOn: "warn", Filter: "changed-files",
			WorkingDirectory: "site", BotLogin: "my-app[bot]", PublishTimeout: 90 * time.Second, Mode: modeAuto}},
		{"the underscore spelling is another variable", map[string]string{"INPUT_FAIL_ON": "none", "INPUT_WORKING_DIRECTORY": "x"}, defaults},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadInputs(getenvOf(tc.vars))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestReadInputsRefuses(t *testing.T) {
	tests := []struct{ key, value, want string }{
		{"INPUT_FAIL-ON", "critical", `input fail-on: "critical" is not one of error, warn, info, none`},
		{"INPUT_FILTER", "diff", `input filter: "diff" is not one of new, changed-files, all`},
		{"INPUT_MODE", "nightly", `input mode: "nightly" is not one of auto, scan, enrich`},
		{"INPUT_COMMENT", "yes", `input comment: "yes" is not a boolean: use true or false`},
		{"INPUT_ANNOTATIONS", "1", `input annotations: "1" is not a boolean`},
		{"INPUT_CACHE", "on", `input cache: "on" is not a boolean`},
		{"INPUT_WORKING-DIRECTORY", "/home/runner/work/r/r", "is absolute"},
		{"INPUT_WORKING-DIRECTORY", "../r", "leaves the workspace"},
		{"INPUT_WORKING-DIRECTORY", "a/../../r", "leaves the workspace"},
		{"INPUT_WORKING-DIRECTORY", "a\x00b", "NUL"},
		{"INPUT_CONFIG", "/etc/docbridge.yaml", "input config"},
		{"INPUT_BOT-LOGIN", "@octocat", "is not a GitHub login"},
		{"INPUT_BOT-LOGIN", "bot[bot][bot]", "is not a GitHub login"},
		{"INPUT_PUBLISH-TIMEOUT", "120", `input publish-timeout: "120" is not a duration from 1s to 1h0m0s`},
		{"INPUT_PUBLISH-TIMEOUT", "500ms", "is not a duration"},
		{"INPUT_PUBLISH-TIMEOUT", "2h", "is not a duration"},
	}
	for _, tc := range tests {
		t.Run(tc.key+"="+tc.value, func(t *testing.T) {
			_, err := ReadInputs(getenvOf(map[string]string{tc.key: tc.value}))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}
