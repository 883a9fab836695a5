package agent

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich/redact/redacttest"
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
	if !errors.As(err, &inc) || inc.Err != nil || len(inc.Skipped) != 1 || inc.Skipped[0].Target != packs[4].Target.ID || inc.Skipped[0].Reason != SkipTooLarge {
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
			if !errors.Is(err, ErrFailed) {
				t.Fatalf("err = %v, want ErrFailed", err)
			}
			var inc *Incomplete
			if !errors.As(err, &inc) || len(inc.Skipped) != 2 || inc.Skipped[0].Reason != SkipAgentFailed {
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

func TestCommandVersionFollowsTheProgram(t *testing.T) {
	dir := t.TempDir()
	script := dir + "/curate.sh"
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho v1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	v1 := programVersion([]string{"sh", "curate.sh"}, dir)
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho v2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if v2 := programVersion([]string{"sh", "curate.sh"}, dir); v1 == v2 {
		t.Fatal("editing the script did not change the agent's version")
	}
}
