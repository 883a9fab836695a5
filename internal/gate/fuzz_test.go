package gate

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/enrich"
)

// FuzzParseCommands: any body parses without a panic, and every line it
// returns is either a well-formed command or a refusal with a reason.
func FuzzParseCommands(f *testing.F) {
	for _, s := range []string{
		"/approve 0123456789abcdef", "/REJECT 0123456789abcdef too vague\n", "> /approve 0123456789abcdef\nlazy",
		"```\n/approve 0123456789abcdef\n```", "<!--\n/approve 0123456789abcdef\n-->", "- /approve x\n  /reject y",
		"text `a\n/approve 0123456789abcdef` b", "/approve 0123456789abcdef fedcba9876543210", "please /reject 0123456789abcdef",
		"a | b\n--|--\n/approve 0123456789abcdef", "\r\n/approve 0123456789abcdef\r\n", "/approved", "    /approve 0123456789abcdef",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		cmds, err := parseCommands(body)
		if err != nil {
			if err != errBodyTooLong {
				t.Fatalf("error %v", err)
			}
			return
		}
		if len(cmds.Lines) > maxCommandLines {
			t.Fatalf("%d lines", len(cmds.Lines))
		}
		lines := 1 + strings.Count(normalizeNewlines(body), "\n")
		for _, l := range cmds.Lines {
			if l.Number < 1 || l.Number > lines {
				t.Fatalf("line number %d of %d", l.Number, lines)
			}
			if utf8.ValidString(body) && utf8.RuneCountInString(l.Text) > maxLineRunes {
				t.Fatalf("line text of %d runes", utf8.RuneCountInString(l.Text))
			}
			switch {
			case l.Refused != "":
				if l.Decision != "" || l.ProposalID != "" {
					t.Fatalf("refused and decided: %+v", l)
				}
			case l.Decision == enrich.DecisionApprove || l.Decision == enrich.DecisionReject:
				if !isProposalID(l.ProposalID) || strings.ContainsAny(l.Reason, "\n\r") || !strings.HasPrefix(l.Text, "/") {
					t.Fatalf("malformed command %+v", l)
				}
			default:
				t.Fatalf("neither a command nor refused: %+v", l)
			}
		}
	})
}
