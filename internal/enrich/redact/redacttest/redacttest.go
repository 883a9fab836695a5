// Package redacttest builds secret-shaped fixtures for tests in any
// package. They are generated, so no secret-shaped literal sits in the
// repository for a scanner to flag.
package redacttest

import "strings"

// Fake returns a deterministic string of n characters from alphabet.
func Fake(alphabet string, n int, seed uint32) string {
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

// Alphabets for Fake.
const (
	Alnum   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	upper32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	base64  = Alnum + "+/"
	digits  = "0123456789"
)

// Fixture is a text holding one secret: Secret is the part that must
// disappear, Rule the id of the rule that must find it.
type Fixture struct {
	Name, Text, Secret, Rule string
}

// PrivateKeyBody is the base64 body of the fixture key block, 6 lines of 64.
func PrivateKeyBody() string {
	body := ""
	for i := range 6 {
		body += Fake(base64, 64, uint32(10+i)) + "\n"
	}
	return body
}

// Fixtures returns one fixture per kind of secret redaction must catch:
// tokens, keys, a private-key block and connection strings.
func Fixtures() []Fixture {
	ghToken := "gh" + "p_" + Fake(Alnum, 36, 1)
	awsKey := "AK" + "IA" + Fake(upper32, 16, 2)
	slack := "xo" + "xb-" + Fake(digits, 12, 3) + "-" + Fake(digits, 13, 4) + "-" + Fake(Alnum, 24, 5)
	generic := Fake(Alnum, 32, 6)
	urlPass := "Zq" + Fake(Alnum, 14, 7)
	adoPass := "hunter" + "2x" + Fake("abcdef", 4, 8)
	body := PrivateKeyBody()
	pem := "-----BEGIN " + "RSA PRIVATE KEY-----\n" + body + "-----END RSA PRIVATE KEY-----"
	return []Fixture{
		{"github token", "export GITHUB_TOKEN=" + ghToken + " # ci", ghToken, "github-pat"},
		{"aws access key", "aws_access_key_id = " + awsKey, awsKey, "aws-access-token"},
		{"slack bot token", "token: " + slack, slack, "slack-bot-token"},
		{"generic api key", `api_key = "` + generic + `"`, generic, "generic-api-key"},
		{"private key block", "key:\n" + pem + "\nend", body[:64], "private-key"},
		{"url connection string", "DATABASE_URL=postgres://app:" + urlPass + "@db.internal:5432/app", urlPass, "connection-string-url-password"},
		{"key-value connection string", "Server=db.internal;User Id=app;Password=" + adoPass + ";Encrypt=true", adoPass, "connection-string-password"},
	}
}
