package redact

import (
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich/redact/redacttest"
)

func secretFixtures() []redacttest.Fixture { return redacttest.Fixtures() }

func TestStringRedactsSecretShapedFixtures(t *testing.T) {
	for _, fx := range secretFixtures() {
		t.Run(fx.Name, func(t *testing.T) {
			if !Contains(fx.Text) {
				t.Fatalf("Contains(%q) = false", fx.Text)
			}
			got := String(fx.Text)
			if strings.Contains(got, fx.Secret) {
				t.Fatalf("String left the secret in place:\n%s", got)
			}
			if !strings.Contains(got, "[REDACTED:"+fx.Rule+"]") {
				t.Errorf("String = %q, want a %s marker", got, fx.Rule)
			}
			if Contains(got) {
				t.Errorf("redacted text still Contains a secret: %q (%v)", got, find(got))
			}
			if again := String(got); again != got {
				t.Errorf("String is not idempotent:\n%q\n%q", got, again)
			}
		})
	}
}

func TestStringKeepsContextAroundTheSecret(t *testing.T) {
	fx := secretFixtures()[0]
	got := String(fx.Text)
	want := "export GITHUB_TOKEN=[REDACTED:github-pat] # ci"
	if got != want {
		t.Fatalf("String = %q, want %q", got, want)
	}
}

// A URL's host may begin another URL with a password of its own: both are
// found in one pass (FuzzString seed cade8acb6fb540c7 found the second
// only once the first was redacted, the host's first letter having been
// read as part of the first match).
func TestStringRedactsAURLInsideAURLsHost(t *testing.T) {
	const marker = "[REDACTED:connection-string-url-password]"
	for in, want := range map[string]string{
		"os://p:TL@es://p:TL@d":            "os://p:" + marker + "@es://p:" + marker + "@d",
		"ab://u:s3cret@db://v:hunter2@h/x": "ab://u:" + marker + "@db://v:" + marker + "@h/x",
		// No host after the @: no URL, no password.
		"ab://u:p@ cd://v:q@/x": "ab://u:p@ cd://v:q@/x",
	} {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStringLeavesOrdinaryTextAlone(t *testing.T) {
	for _, s := range []string{
		"",
		"The API key is configured in the settings page; see docs/auth.md.",
		"contentHash: 9f86d081884c7d65",
		"import github.com/docbridge/docbridge/internal/enrich/redact",
		"DATABASE_URL=postgres://app:${DB_PASSWORD}@db.internal:5432/app",
		"Server=db;User Id=app;Password=<your password>;",
		"password: the one your administrator gave you",
		"https://example.com/path?query=1#frag",
		"token = tokenize(input)",
		"token: ${{ secrets.GITHUB_TOKEN }}",
		"AWS_SECRET_ACCESS_KEY=${{ secrets.AWS_SECRET_ACCESS_KEY }}",
		`password = os.Getenv("DB_PASSWORD")`,
		"image: ghcr.io/owner/docbridge@sha256:4f1c9e0f4b8d2a7c3e5f6a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d",
		"commit 9c89105e4b1d2f3a4b5c6d7e8f9a0b1c2d3e4f5a",
		"id: 123e4567-e89b-12d3-a456-426614174000",
		"mongodb://localhost:27017/test and https://user@example.com/repo.git",
	} {
		if got := String(s); got != s {
			t.Errorf("String(%q) = %q, want it unchanged (findings %v)", s, got, find(s))
		}
		if Contains(s) {
			t.Errorf("Contains(%q) = true (findings %v)", s, find(s))
		}
	}
}

func TestFindSeveralSecretsInOrder(t *testing.T) {
	fxs := secretFixtures()
	text := fxs[1].Text + "\n" + fxs[0].Text + "\n" + fxs[5].Text
	found := find(text)
	if len(found) != 3 {
		t.Fatalf("find = %v, want 3 findings", found)
	}
	for i := 1; i < len(found); i++ {
		if found[i].Start < found[i-1].End {
			t.Fatalf("findings overlap or are out of order: %v", found)
		}
	}
	got := String(text)
	for _, i := range []int{0, 1, 5} {
		if strings.Contains(got, fxs[i].Secret) {
			t.Errorf("secret of %s survived: %q", fxs[i].Name, got)
		}
	}
}

func TestStringRedactsAKeyBlockCutBeforeItsEnd(t *testing.T) {
	body := redacttest.PrivateKeyBody()
	cut := "intro\n-----BEGIN " + "EC PRIVATE KEY-----\n" + body[:200]
	got := String(cut)
	if strings.Contains(got, body[:64]) || !strings.Contains(got, "[REDACTED:private-key-unterminated]") {
		t.Fatalf("String = %q", got)
	}
}

func TestResolvePrefersSpecificRuleAndMerges(t *testing.T) {
	got := resolve([]candidate{
		{Finding{"generic-api-key", 0, 10}, true},
		{Finding{"github-pat", 2, 12}, false},
		{Finding{"b", 11, 20}, false},
		{Finding{"c", 30, 40}, false},
	})
	want := []Finding{{"github-pat", 2, 20}, {"c", 30, 40}}
	if len(got) != len(want) {
		t.Fatalf("resolve = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("resolve = %v, want %v", got, want)
		}
	}
}

func TestRuleSetLoads(t *testing.T) {
	set, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	if len(set.rules) < 100 {
		t.Fatalf("loaded %d rules, want gitleaks' default set (> 100)", len(set.rules))
	}
}

func FuzzString(f *testing.F) {
	for _, fx := range secretFixtures() {
		f.Add(fx.Text)
	}
	f.Add("plain text")
	f.Fuzz(func(t *testing.T, s string) {
		got := String(s)
		if String(got) != got {
			t.Fatalf("not idempotent on %q", s)
		}
		for _, fd := range find(s) {
			if fd.Start < 0 || fd.End > len(s) || fd.Start >= fd.End {
				t.Fatalf("bad span %v in %q", fd, s)
			}
		}
	})
}
