package main

import (
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// identityEnv are the variables the repository's identity is read from.
var identityEnv = []string{"GITHUB_REPOSITORY", "GITHUB_SERVER_URL", "GITHUB_EVENT_PATH"}

// withEnv gives the process, for one test, the identity variables env
// names and none of the others.
func withEnv(t *testing.T, env map[string]string) {
	t.Helper()
	for _, k := range identityEnv {
		t.Setenv(k, env[k])
	}
}

// TestSelfURLIdentity: a link to the repository's own URL is checked when
// the identity comes from GITHUB_REPOSITORY (GitHub Enterprise host from
// GITHUB_SERVER_URL), from the origin remote of .git/config, or from
// docbridge.yaml; with none of them it is an external link.
func TestSelfURLIdentity(t *testing.T) {
	const link = "# Widget\n\n[gone](https://github.com/acme/widget/blob/main/docs/gone.md)\n" +
		"[ghes](https://ghe.example.com/acme/widget/blob/main/docs/ghes-gone.md)\n"
	tests := []struct {
		name  string
		env   map[string]string
		files map[string]string
		want  string // the missing path reported, or ""
	}{
		{"no identity", nil, nil, ""},
		{"GITHUB_REPOSITORY", map[string]string{"GITHUB_REPOSITORY": "acme/widget"}, nil, "docs/gone.md"},
		{"GITHUB_SERVER_URL", map[string]string{"GITHUB_REPOSITORY": "acme/widget", "GITHUB_SERVER_URL": "https://ghe.example.com"}, nil, "docs/ghes-gone.md"},
		{"another repository", map[string]string{"GITHUB_REPOSITORY": "acme/other"}, nil, ""},
		{"origin remote", nil, map[string]string{".git/config": "[remote \"origin\"]\n\turl = git@github.com:acme/widget.git\n"}, "docs/gone.md"},
		{"docbridge.yaml", map[string]string{"GITHUB_REPOSITORY": "acme/other"}, map[string]string{"docbridge.yaml": "project:\n  repository: acme/widget\n"}, "docs/gone.md"},
		{"a default branch that is not main", map[string]string{"GITHUB_REPOSITORY": "acme/widget"}, map[string]string{"docbridge.yaml": "project:\n  defaultBranch: trunk\n"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			withEnv(t, tt.env)
			files := map[string]string{"README.md": link}
			for k, v := range tt.files {
				files[k] = v
			}
			dir := testtree.New(t, files)
			_, out, errOut := runCLI(t, "check", "--fail-on", "none", "--format", "json", dir)
			var got []string
			for _, p := range []string{"docs/gone.md", "docs/ghes-gone.md"} {
				if strings.Contains(out, "link to "+p+": no such file") {
					got = append(got, p)
				}
			}
			if want := []string{tt.want}; (tt.want == "" && len(got) != 0) || (tt.want != "" && (len(got) != 1 || got[0] != want[0])) {
				t.Errorf("broken links %v, want %q\n%s", got, tt.want, errOut)
			}
		})
	}
}
