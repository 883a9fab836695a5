package redact

import (
	"strings"
	"testing"
)

// fake builds a deterministic string of n characters from alphabet, so no
// secret-shaped literal sits in the repository for a scanner to flag.
func fake(alphabet string, n int, seed uint32) string {
	var b strings.Builder
	x := seed*2654435761 + 1
	for range n {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteByte(alphabet[int(x%uint32(len(alphabet)))])
	}
	return b.String()
}

const (
	alnum  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	upper2 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	b64    = alnum + "+/"
)

// secretFixture is a secret-shaped string and the part of it that must
// disappear.
type secretFixture struct {
	name, text, secret, rule string
}

func secretFixtures() []secretFixture {
	ghToken := "gh" + "p_" + fake(alnum, 36, 1)
	awsKey := "AK" + "IA" + fake(upper2, 16, 2)
	slack := "xo" + "xb-" + fake("0123456789", 12, 3) + "-" + fake("0123456789", 13, 4) + "-" + fake(alnum, 24, 5)
	generic := fake(alnum, 32, 6)
	urlPass := "Zq" + fake(alnum, 14, 7)
	adoPass := "hunter" + "2x" + fake("abcdef", 4, 8)
	body := ""
	for i := range 6 {
		body += fake(b64, 64, uint32(10+i)) + "\n"
	}
	pem := "-----BEGIN " + "RSA PRIVATE KEY-----\n" + body + "-----END RSA PRIVATE KEY-----"
	return []secretFixture{
		{"github token", "export GITHUB_TOKEN=" + ghToken + " # ci", ghToken, "github-pat"},
		{"aws access key", "aws_access_key_id = " + awsKey, awsKey, "aws-access-token"},
		{"slack bot token", "token: " + slack, slack, "slack-bot-token"},
		{"generic api key", `api_key = "` + generic + `"`, generic, "generic-api-key"},
		{"private key block", "key:\n" + pem + "\nend", body[:64], "private-key"},
		{"url connection string", "DATABASE_URL=postgres://app:" + urlPass + "@db.internal:5432/app", urlPass, "connection-string-url-password"},
		{"key-value connection string", "Server=db.internal;User Id=app;Password=" + adoPass + ";Encrypt=true", adoPass, "connection-string-password"},
	}
}

func TestStringRedactsSecretShapedFixtures(t *testing.T) {
	for _, fx := range secretFixtures() {
		t.Run(fx.name, func(t *testing.T) {
			if !Contains(fx.text) {
				t.Fatalf("Contains(%q) = false", fx.text)
			}
			got := String(fx.text)
			if strings.Contains(got, fx.secret) {
				t.Fatalf("String left the secret in place:\n%s", got)
			}
			if !strings.Contains(got, "[REDACTED:"+fx.rule+"]") {
				t.Errorf("String = %q, want a %s marker", got, fx.rule)
			}
			if Contains(got) {
				t.Errorf("redacted text still Contains a secret: %q (%v)", got, Find(got))
			}
			if again := String(got); again != got {
				t.Errorf("String is not idempotent:\n%q\n%q", got, again)
			}
		})
	}
}

func TestStringKeepsContextAroundTheSecret(t *testing.T) {
	fx := secretFixtures()[0]
	got := String(fx.text)
	want := "export GITHUB_TOKEN=[REDACTED:github-pat] # ci"
	if got != want {
		t.Fatalf("String = %q, want %q", got, want)
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
	} {
		if got := String(s); got != s {
			t.Errorf("String(%q) = %q, want it unchanged (findings %v)", s, got, Find(s))
		}
		if Contains(s) {
			t.Errorf("Contains(%q) = true (findings %v)", s, Find(s))
		}
	}
}

func TestFindSeveralSecretsInOrder(t *testing.T) {
	fxs := secretFixtures()
	text := fxs[1].text + "\n" + fxs[0].text + "\n" + fxs[5].text
	found := Find(text)
	if len(found) != 3 {
		t.Fatalf("Find = %v, want 3 findings", found)
	}
	for i := 1; i < len(found); i++ {
		if found[i].Start < found[i-1].End {
			t.Fatalf("findings overlap or are out of order: %v", found)
		}
	}
	got := String(text)
	for _, i := range []int{0, 1, 5} {
		if strings.Contains(got, fxs[i].secret) {
			t.Errorf("secret of %s survived: %q", fxs[i].name, got)
		}
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
		f.Add(fx.text)
	}
	f.Add("plain text")
	f.Fuzz(func(t *testing.T, s string) {
		got := String(s)
		if String(got) != got {
			t.Fatalf("not idempotent on %q", s)
		}
		for _, fd := range Find(s) {
			if fd.Start < 0 || fd.End > len(s) || fd.Start >= fd.End {
				t.Fatalf("bad span %v in %q", fd, s)
			}
		}
	})
}
