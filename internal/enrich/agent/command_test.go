package agent

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich/redact/redacttest"
	"github.com/docbridge/docbridge/internal/testtree"
)

func commandAgent(t *testing.T, mode string, mutate func(*config.EnrichCommand)) *Command {
	t.Helper()
	t.Setenv(fakeAgentEnv, mode)
	c := config.Default().Enrich.Command
	c.Argv = []string{os.Args[0], "-test.run=^$"}
	c.TimeoutSeconds = 60 // a race-instrumented test binary starts slowly
	if mutate != nil {
		mutate(&c)
	}
	a, err := NewCommand(c, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func entities(t *testing.T, r Response) []string {
	t.Helper()
	var out []string
	for _, p := range r.Proposals {
		out = append(out, proposalEntity(p))
	}
	return out
}

func TestCommandAnswers(t *testing.T) {
	a := commandAgent(t, "echo", nil)
	resp, err := a.Ask(context.Background(), testRequest(testPacks(3)))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(entities(t, resp), ","); got != "document:docs/d00.md,document:docs/d01.md,document:docs/d02.md" {
		t.Fatalf("proposals for %s", got)
	}
	if id := a.Identity(); id.ID == "" || id.Version == "" || id.Provider != "command" {
		t.Fatalf("identity = %+v", id)
	}
}

func TestCommandSplitsRequestsAndSkipsAnOversizedPack(t *testing.T) {
	packs := testPacks(6)
	packs[4].Target.Name = strings.Repeat("n", 4000) // alone over the bound below
	a := commandAgent(t, "echo", func(c *config.EnrichCommand) { c.MaxRequestBytes = 1500 })
	resp, err := a.Ask(context.Background(), testRequest(packs))
	var inc *Incomplete
	if !errors.As(err, &inc) || inc.Err != nil || len(inc.Skipped) != 1 || inc.Skipped[0].Target != packs[4].Target.ID || inc.Skipped[0].Reason != skipTooLarge {
		t.Fatalf("err = %v", err)
	}
	if got := len(resp.Proposals); got != 5 {
		t.Fatalf("%d proposals, want 5 (every pack but the oversized one)", got)
	}
}

func TestCommandFailuresAreAgentErrors(t *testing.T) {
	secret := "gh" + "p_" + redacttest.Fake(redacttest.Alnum, 36, 99)
	t.Setenv("FAKE_SECRET", secret)
	for _, tc := range []struct {
		mode, want string
		mutate     func(*config.EnrichCommand)
	}{
		{"fail", "exit status 3: boom", nil},
		{"garbage", "not valid JSON", nil},
		{"hang", "no answer within 1s", func(c *config.EnrichCommand) { c.TimeoutSeconds = 1 }},
		{"flood", "answer larger than 2048 bytes", func(c *config.EnrichCommand) { c.MaxAnswerBytes = 2048 }},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			a := commandAgent(t, tc.mode, tc.mutate)
			resp, err := a.Ask(context.Background(), testRequest(testPacks(2)))
			if !errors.Is(err, errFailed) {
				t.Fatalf("err = %v, want errFailed", err)
			}
			var inc *Incomplete
			if !errors.As(err, &inc) || len(inc.Skipped) != 2 || inc.Skipped[0].Reason != skipAgentFailed {
				t.Fatalf("err = %#v, want both packs skipped as agent-failed", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %q, want it to say %q", err, tc.want)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error quotes a secret: %q", err)
			}
			if len(resp.Proposals) != 0 {
				t.Errorf("proposals from a failed agent: %d", len(resp.Proposals))
			}
		})
	}
}

func TestCommandWithoutArgv(t *testing.T) {
	if _, err := NewCommand(config.Default().Enrich.Command, "."); err == nil {
		t.Fatal("an empty argv was accepted")
	}
}

// TestCommandVersionFollowsTheProgram: editing the script argv names, or a
// file enrich.command.files lists (a module in a listed directory, a
// file a glob matches), changes the agent's version; editing another file
// does not.
func TestCommandVersionFollowsTheProgram(t *testing.T) {
	dir := t.TempDir()
	testtree.Write(t, dir, map[string]string{
		"curate.sh":          "#!/bin/sh\necho v1\n",
		"agent/lib/rules.py": "RULES = 1\n",
		"prompts/curate.md":  "Curate.\n",
		"README.md":          "# Readme\n",
	})
	argv, files := []string{"sh", "curate.sh"}, []string{"agent", "prompts/*.md"}
	version := func() string { return programVersion(argv, files, dir) }
	last := version()
	for _, edit := range []struct {
		path    string
		changes bool
	}{
		{"curate.sh", true},
		{"agent/lib/rules.py", true},
		{"prompts/curate.md", true},
		{"README.md", false},
	} {
		testtree.File(t, filepath.Join(dir, edit.path), "edited "+edit.path+"\n")
		v := version()
		if (v != last) != edit.changes {
			t.Errorf("editing %s: version changed %v, want %v", edit.path, v != last, edit.changes)
		}
		last = v
	}
}
