package agent

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestParseAnswer(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		n        int
		err      string
	}{
		{"silence", `{"proposals": []}`, 0, ""},
		{"two proposals", ` {"proposals": [{"kind":"summarize"}, {"kind":"add-alias"}]} ` + "\n", 2, ""},
		{"empty", ``, 0, "empty answer"},
		{"not JSON", `Here you go`, 0, "not valid JSON"},
		{"truncated", `{"proposals": [{"kind":"summ`, 0, "ends too early"},
		{"no list", `{}`, 0, `no "proposals" list`},
		{"null list", `{"proposals": null}`, 0, `no "proposals" list`},
		{"list of strings", `{"proposals": ["x"]}`, 0, "proposal 0 is not an object"},
		{"null item", `{"proposals": [{}, null]}`, 0, "proposal 1 is not an object"},
		{"unknown field", `{"proposals": [], "notes": "x"}`, 0, `unknown field "notes"`},
		{"two values", `{"proposals": []}{"proposals": []}`, 0, "more than one JSON value"},
		{"a list", `[{"kind":"summarize"}]`, 0, "expected an object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := parseAnswer([]byte(tc.in))
			if tc.err == "" {
				if err != nil || len(r.Proposals) != tc.n {
					t.Fatalf("got %d proposals, %v", len(r.Proposals), err)
				}
				return
			}
			if !errors.Is(err, errFailed) || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err = %v, want errFailed saying %q", err, tc.err)
			}
		})
	}
}

func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{`{"proposals": []}`, `{"proposals": [{"kind":"summarize","entity":"document:a.md"}]}`, `{"proposals": [1]}`, `{`, `[]`, ``,
		`{"judgements": [{"proposalId":"p","verdict":"object"}]}`, `{"judgements": [2], "proposals": []}`, `{"judgements": null}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := parseAnswer(data)
		if err != nil {
			if !errors.Is(err, errFailed) {
				t.Fatalf("error not marked errFailed: %v", err)
			}
			return
		}
		for _, p := range append(r.Proposals, r.Judgements...) {
			var obj map[string]json.RawMessage
			if json.Unmarshal(p, &obj) != nil {
				t.Fatalf("accepted an item that is not an object: %s", p)
			}
		}
	})
}
