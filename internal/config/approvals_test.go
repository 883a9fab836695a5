package config

import (
	"slices"
	"strings"
	"testing"
)

func TestApprovalsDefaultsAndValues(t *testing.T) {
	c := Default()
	if c.Approvals.MinimumPermission != "write" || c.Approvals.Allowlist == nil || len(c.Approvals.Allowlist) != 0 {
		t.Fatalf("defaults: %+v", c.Approvals)
	}
	got, err := Parse(FileName, []byte("approvals:\n  minimumPermission: maintain\n  allowlist: [octocat, Mona-Lisa]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Approvals.MinimumPermission != "maintain" || !slices.Equal(got.Approvals.Allowlist, []string{"octocat", "Mona-Lisa"}) {
		t.Fatalf("parsed: %+v", got.Approvals)
	}
}

func TestApprovalsErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"read is too low", "approvals:\n  minimumPermission: read\n",
			[]string{`docbridge.yaml:2: approvals.minimumPermission: "read" is not a permission (use triage, write, maintain, admin)`}},
		{"a bot login", "approvals:\n  allowlist: [\"github-actions[bot]\"]\n",
			[]string{`docbridge.yaml:2: approvals.allowlist.0: "github-actions[bot]" is not a GitHub user login`}},
		{"a mention", "approvals:\n  allowlist: [\"@octocat\"]\n",
			[]string{`docbridge.yaml:2: approvals.allowlist.0: "@octocat" is not a GitHub user login`}},
		{"a login too long", "approvals:\n  allowlist: [" + strings.Repeat("a", 40) + "]\n",
			[]string{`docbridge.yaml:2: approvals.allowlist.0: "` + strings.Repeat("a", 40) + `" is not a GitHub user login`}},
		// The pattern lets hyphenated logins past 39 characters through;
		// the length check refuses them.
		{"a hyphenated login too long", "approvals:\n  allowlist: [a" + strings.Repeat("-a", 20) + "]\n",
			[]string{`docbridge.yaml:2: approvals.allowlist.0: "a` + strings.Repeat("-a", 20) + `" is not a GitHub user login`}},
		{"a string, not a list", "approvals:\n  allowlist: octocat\n",
			[]string{`docbridge.yaml:2: approvals.allowlist: expected a list, got a string`}},
		{"unknown key", "approvals:\n  minimum: write\n",
			[]string{`docbridge.yaml:2: unknown key "approvals.minimum" (valid keys: minimumPermission, allowlist)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseErrors(t, tt.in)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestApprovalsLeaveTheHashAlone(t *testing.T) {
	c := Default()
	before := c.Hash()
	c.Approvals.MinimumPermission = "admin"
	c.Approvals.Allowlist = []string{"octocat"}
	if c.Hash() != before {
		t.Fatal("the approvals section changed the configuration hash")
	}
	if c.SectionHash(sectionApprovals) == Default().SectionHash(sectionApprovals) {
		t.Fatal("SectionHash(approvals) did not move with the section")
	}
}
