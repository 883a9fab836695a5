package bench

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// suiteJSON wraps case objects in a valid suite.
func suiteJSON(cases ...string) string {
	return `{"version":1,"name":"t","cases":[` + strings.Join(cases, ",") + `]}`
}

// caseJSON is a valid case with the given id, input, targets and kind.
func caseJSON(id, input, targets, kind string) string {
	return fmt.Sprintf(`{"id":%q,"input":%q,"metadata":{"expectedTargets":%s,"kind":%q}}`, id, input, targets, kind)
}

func TestLoadValid(t *testing.T) {
	data := suiteJSON(
		caseJSON("a", "Compute", `["module:internal/graph/signals.go"]`, "symbol"),
		caseJSON("b", "how do I turn off a rule", `["docs/configuration.md","document:docs/diagnostics.md"]`, "question"),
		caseJSON("c", "root", `["package:.", "."]`, "ownership"),
	)
	s, err := Load([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := Suite{Version: 1, Name: "t", Cases: []Case{
		{ID: "a", Input: "Compute", Metadata: Metadata{ExpectedTargets: []string{"module:internal/graph/signals.go"}, Kind: "symbol"}},
		{ID: "b", Input: "how do I turn off a rule", Metadata: Metadata{ExpectedTargets: []string{"docs/configuration.md", "document:docs/diagnostics.md"}, Kind: "question"}},
		{ID: "c", Input: "root", Metadata: Metadata{ExpectedTargets: []string{"package:.", "."}, Kind: "ownership"}},
	}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("got %+v\nwant %+v", s, want)
	}
}

func TestLoadErrors(t *testing.T) {
	ok := caseJSON("ok", "q", `["docs/a.md"]`, "path")
	tests := []struct {
		name string
		data string
		// want are substrings of the error: the case and the field.
		want []string
	}{
		{"not json", `{"version":1,`, []string{"file", "not JSON"}},
		{"trailing data", suiteJSON(ok) + `{}`, []string{"file", "not JSON"}},
		{"not an object", `[1]`, []string{"file", "want an object"}},
		{"unknown top key", `{"version":1,"name":"t","cases":[` + ok + `],"extra":1}`, []string{"suite: extra", "unknown key"}},
		{"empty key", `{"version":1,"name":"t","cases":[` + ok + `],"":1}`, []string{`suite: "": unknown key`}},
		{"odd key", suiteJSON(`{"id":"x","input":"q","metadata":{"expectedTargets":["a.md"],"kind":"path","a\nb":1}}`), []string{`case "x" (#1): metadata."a\nb": unknown key`}},
		{"duplicate top key", `{"version":1,"version":1,"name":"t","cases":[` + ok + `]}`, []string{"duplicate key \"version\""}},
		{"missing version", `{"name":"t","cases":[` + ok + `]}`, []string{"suite: version: missing"}},
		{"version 2", `{"version":2,"name":"t","cases":[` + ok + `]}`, []string{"unsupported version 2"}},
		{"version string", `{"version":"1","name":"t","cases":[` + ok + `]}`, []string{"version: want an integer"}},
		{"blank name", `{"version":1,"name":" ","cases":[` + ok + `]}`, []string{"suite: name: empty"}},
		{"no cases", `{"version":1,"name":"t","cases":[]}`, []string{"suite: cases: no cases"}},
		{"cases not array", `{"version":1,"name":"t","cases":{}}`, []string{"cases: want an array"}},
		{"unknown case key", suiteJSON(`{"id":"x","input":"q","metadata":{"expectedTargets":["a.md"],"kind":"path"},"note":1}`),
			[]string{`case "x" (#1): note: unknown key`}},
		{"case-folded key", suiteJSON(`{"ID":"x","input":"q","metadata":{"expectedTargets":["a.md"],"kind":"path"}}`),
			[]string{"case #1: ID: unknown key", "case #1: id: missing"}},
		{"duplicate case key", suiteJSON(`{"id":"x","id":"y","input":"q","metadata":{"expectedTargets":["a.md"],"kind":"path"}}`),
			[]string{"case #1: case: duplicate key \"id\""}},
		{"unknown metadata key", suiteJSON(`{"id":"x","input":"q","metadata":{"expectedTargets":["a.md"],"kind":"path","weight":2}}`),
			[]string{`case "x" (#1): metadata.weight: unknown key`}},
		{"empty input", suiteJSON(ok, caseJSON("e", "", `["a.md"]`, "path")), []string{`case "e" (#2): input: empty`}},
		{"blank input", suiteJSON(caseJSON("e", " \t", `["a.md"]`, "path")), []string{`case "e" (#1): input: empty`}},
		{"padded input", suiteJSON(caseJSON("e", " q", `["a.md"]`, "path")), []string{`case "e" (#1): input: leading or trailing space`}},
		{"long input", suiteJSON(caseJSON("e", strings.Repeat("q", maxInputBytes+1), `["a.md"]`, "path")), []string{`case "e" (#1): input: longer than`}},
		{"missing input", suiteJSON(`{"id":"m","metadata":{"expectedTargets":["a.md"],"kind":"path"}}`), []string{`case "m" (#1): input: missing`}},
		{"numeric input", suiteJSON(`{"id":"m","input":3,"metadata":{"expectedTargets":["a.md"],"kind":"path"}}`), []string{`case "m" (#1): input: want a string`}},
		{"null id", suiteJSON(`{"id":null,"input":"q","metadata":{"expectedTargets":["a.md"],"kind":"path"}}`), []string{"case #1: id: want a string"}},
		{"control in id", suiteJSON(`{"id":"a\u0007b","input":"q","metadata":{"expectedTargets":["a.md"],"kind":"path"}}`), []string{"case #1: id: contains a control character"}},
		{"no targets", suiteJSON(caseJSON("n", "q", `[]`, "path")), []string{`case "n" (#1): metadata.expectedTargets: no targets`}},
		{"null targets", suiteJSON(caseJSON("n", "q", `null`, "path")), []string{`case "n" (#1): metadata.expectedTargets: want an array`}},
		{"missing targets", suiteJSON(`{"id":"n","input":"q","metadata":{"kind":"path"}}`), []string{`case "n" (#1): metadata.expectedTargets: missing`}},
		{"too many targets", suiteJSON(caseJSON("n", "q", `["`+strings.Repeat(`a.md","`, maxTargets)+`b.md"]`, "path")),
			[]string{`case "n" (#1): metadata.expectedTargets: 33 targets, more than the bound of 32`}},
		{"duplicate target", suiteJSON(caseJSON("n", "q", `["a.md","a.md"]`, "path")), []string{`metadata.expectedTargets[1]: duplicate target "a.md"`}},
		{"empty target", suiteJSON(caseJSON("n", "q", `[""]`, "path")), []string{`metadata.expectedTargets[0]: empty`}},
		{"unknown entity kind", suiteJSON(caseJSON("n", "q", `["modul:a.go"]`, "path")), []string{`metadata.expectedTargets[0]: "modul" is not a searchable entity kind`}},
		{"external target", suiteJSON(caseJSON("n", "q", `["external:fmt"]`, "path")), []string{`"external" is not a searchable entity kind`}},
		{"id without value", suiteJSON(caseJSON("n", "q", `["module:"]`, "path")), []string{"id without a value"}},
		{"unclean path", suiteJSON(caseJSON("n", "q", `["./docs/a.md"]`, "path")), []string{`path not in clean form (want "docs/a.md")`}},
		{"absolute path", suiteJSON(caseJSON("n", "q", `["/docs/a.md"]`, "path")), []string{"absolute path"}},
		{"parent path", suiteJSON(caseJSON("n", "q", `["../a.md"]`, "path")), []string{"path outside the repository"}},
		{"backslash path", suiteJSON(caseJSON("n", "q", `["docs\\a.md"]`, "path")), []string{"backslash"}},
		{"unknown kind", suiteJSON(caseJSON("k", "q", `["a.md"]`, "concept")), []string{`case "k" (#1): metadata.kind: unknown kind "concept" (use symbol, path, question, ownership)`}},
		{"missing kind", suiteJSON(`{"id":"k","input":"q","metadata":{"expectedTargets":["a.md"]}}`), []string{`case "k" (#1): metadata.kind: missing`}},
		{"metadata not object", suiteJSON(`{"id":"k","input":"q","metadata":[]}`), []string{`case "k" (#1): metadata: want an object`}},
		{"duplicate ids", suiteJSON(ok, caseJSON("d", "q", `["a.md"]`, "path"), caseJSON("d", "r", `["b.md"]`, "path")),
			[]string{`case "d" (#3): id: duplicate id (first used by case #2)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load([]byte(tt.data))
			if err == nil {
				t.Fatalf("loaded %+v, want an error", s)
			}
			var se *suiteError
			if !errors.As(err, &se) || len(se.Problems) == 0 {
				t.Fatalf("error %v is not a *suiteError with problems", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
			if s.Cases != nil || s.Name != "" {
				t.Errorf("a failed load returned a suite: %+v", s)
			}
		})
	}
}

func TestLoadBounds(t *testing.T) {
	t.Run("cases", func(t *testing.T) {
		cases := make([]string, maxCases+1)
		for i := range cases {
			cases[i] = caseJSON(fmt.Sprint(i), "q", `["a.md"]`, "path")
		}
		data := suiteJSON(cases...)
		if len(data) > MaxSuiteBytes {
			t.Fatalf("fixture of %d bytes crosses the size bound first", len(data))
		}
		_, err := Load([]byte(data))
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d cases, more than the bound of %d", maxCases+1, maxCases)) {
			t.Errorf("error %v, want the case bound", err)
		}
	})
	t.Run("bytes", func(t *testing.T) {
		data := suiteJSON(caseJSON("a", "q", `["a.md"]`, "path")) + strings.Repeat(" ", MaxSuiteBytes)
		_, err := Load([]byte(data))
		if err == nil || !strings.Contains(err.Error(), "larger than") {
			t.Errorf("error %v, want the size bound", err)
		}
	})
	t.Run("problems", func(t *testing.T) {
		const n = maxProblems + 7
		cases := make([]string, n)
		for i := range cases {
			cases[i] = caseJSON(fmt.Sprint("c", i), "q", `["a.md"]`, "nope")
		}
		_, err := Load([]byte(suiteJSON(cases...)))
		var se *suiteError
		if !errors.As(err, &se) {
			t.Fatalf("error %v is not a *suiteError", err)
		}
		if len(se.Problems) != maxProblems || se.More != n-maxProblems {
			t.Errorf("listed %d and counted %d more, want %d and %d", len(se.Problems), se.More, maxProblems, n-maxProblems)
		}
		if !strings.Contains(err.Error(), fmt.Sprintf("invalid suite: %d problems", n)) || !strings.Contains(err.Error(), fmt.Sprintf("… and %d more", n-maxProblems)) {
			t.Errorf("message does not count every problem:\n%v", err)
		}
	})
}

// TestLoadReportsEveryCase: one load names every broken case, not only
// the first, so an author fixes a suite in one pass.
func TestLoadReportsEveryCase(t *testing.T) {
	data := suiteJSON(
		caseJSON("a", "", `["a.md"]`, "path"),
		caseJSON("b", "q", `["a.md"]`, "path"),
		caseJSON("c", "q", `[]`, "symbol"),
	)
	_, err := Load([]byte(data))
	var se *suiteError
	if !errors.As(err, &se) {
		t.Fatalf("error %v", err)
	}
	var got []string
	for _, p := range se.Problems {
		got = append(got, p.CaseID+"/"+p.Field)
	}
	want := []string{"a/input", "c/metadata.expectedTargets"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %v, want %v", got, want)
	}
}
