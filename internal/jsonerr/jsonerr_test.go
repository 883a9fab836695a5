package jsonerr

import (
	"encoding/json"
	"strings"
	"testing"
)

type doc struct {
	Name  string   `json:"name"`
	Tags  []string `json:"tags"`
	Count int      `json:"count"`
	Inner struct {
		On bool `json:"on"`
	} `json:"inner"`
}

func TestPlain(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{`[1]`, "the top level: expected an object, got a list"},
		{`{"name": ["x"]}`, `"name": expected a string, got a list`},
		{`{"tags": {"a": 1}}`, `"tags": expected a list, got an object`},
		{`{"count": 1.5}`, `"count": expected a whole number, got the number 1.5`},
		{`{"inner": {"on": "yes"}}`, `"inner.on": expected true or false, got a string`},
		{`{"name": }`, "not valid JSON at byte"},
		{`{"name": "x"`, "not valid JSON: it ends too early"},
		{`{"nope": 1}`, `unknown field "nope"`},
	} {
		dec := json.NewDecoder(strings.NewReader(tc.in))
		dec.DisallowUnknownFields()
		var d doc
		err := dec.Decode(&d)
		if err == nil {
			err = json.Unmarshal([]byte(tc.in), &d)
		}
		got := Plain(err)
		if got == nil || !strings.Contains(got.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.in, got, tc.want)
			continue
		}
		for _, internal := range []string{"Go value", "Go struct", "interface {}", "json:", "main.", "jsonerr."} {
			if strings.Contains(got.Error(), internal) {
				t.Errorf("%s: %q shows Go internals (%s)", tc.in, got, internal)
			}
		}
	}
	if Plain(nil) != nil {
		t.Error("Plain(nil) != nil")
	}
}

// FuzzPlain: whatever the input, the message shows no Go type names.
func FuzzPlain(f *testing.F) {
	f.Add(`[1]`)
	f.Add(`{"inner": []}`)
	f.Add(`{"tags": [1]}`)
	f.Fuzz(func(t *testing.T, in string) {
		var d doc
		if err := Plain(json.Unmarshal([]byte(in), &d)); err != nil {
			for _, internal := range []string{"Go value", "Go struct", "interface {}", "jsonerr."} {
				if strings.Contains(err.Error(), internal) {
					t.Fatalf("%q: %q", in, err)
				}
			}
		}
	})
}
