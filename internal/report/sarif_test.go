package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/report/reporttest"
)

// sarifSchema compiles the official SARIF 2.1.0 schema (testdata/README.md
// says where it comes from), asserting formats such as uri.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(sarifSchemaURI, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(sarifSchemaURI)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validateSARIF(t *testing.T, s *jsonschema.Schema, data []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(inst)
}

func renderSARIF(t *testing.T, r *Report, opts SARIFOptions) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteSARIF(&b, r, opts); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSARIFValidAgainstSchema(t *testing.T) {
	schema := sarifSchema(t)
	cases := map[string][]byte{
		"compared":          renderSARIF(t, sampleReport(), SARIFOptions{}),
		"compared+resolved": renderSARIF(t, sampleReport(), SARIFOptions{Resolved: true}),
		"no base":           renderSARIF(t, sampleReportNoBase(), SARIFOptions{}),
		"empty":             renderSARIF(t, Build(Input{}), SARIFOptions{}),
	}
	for name, data := range cases {
		if err := validateSARIF(t, schema, data); err != nil {
			t.Errorf("%s: not valid SARIF 2.1.0: %v", name, err)
		}
	}
}

// TestSARIFValidatorRejects proves the validation is real: documents the
// renderer would never write, each breaking one rule of the schema, fail.
func TestSARIFValidatorRejects(t *testing.T) {
	schema := sarifSchema(t)
	good := renderSARIF(t, sampleReport(), SARIFOptions{})
	if err := validateSARIF(t, schema, good); err != nil {
		t.Fatalf("the unmodified document must pass: %v", err)
	}
	mutations := map[string]func(log map[string]any){
		"startLine 0": func(log map[string]any) {
			firstRegion(t, log)["startLine"] = 0
		},
		"unknown level": func(log map[string]any) {
			results(log)[0].(map[string]any)["level"] = "warn"
		},
		"unknown baselineState": func(log map[string]any) {
			results(log)[0].(map[string]any)["baselineState"] = "resolved"
		},
		"helpUri not a URI": func(log map[string]any) {
			run(log)["tool"].(map[string]any)["driver"].(map[string]any)["rules"].([]any)[0].(map[string]any)["helpUri"] = "not a uri"
		},
		"version 2.0": func(log map[string]any) { log["version"] = "2.0.0" },
		"duplicate related locations": func(log map[string]any) {
			for _, r := range results(log) {
				rm := r.(map[string]any)
				if rel, ok := rm["relatedLocations"].([]any); ok {
					rm["relatedLocations"] = append(rel, rel[0])
					return
				}
			}
			t.Fatal("no result with related locations")
		},
	}
	for name, mutate := range mutations {
		var log map[string]any
		if err := json.Unmarshal(good, &log); err != nil {
			t.Fatal(err)
		}
		mutate(log)
		data, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		if err := validateSARIF(t, schema, data); err == nil {
			t.Errorf("%s: the validator accepted an invalid document", name)
		}
	}
}

func run(log map[string]any) map[string]any { return log["runs"].([]any)[0].(map[string]any) }
func results(log map[string]any) []any      { return run(log)["results"].([]any) }

func firstRegion(t *testing.T, log map[string]any) map[string]any {
	for _, r := range results(log) {
		for _, l := range r.(map[string]any)["locations"].([]any) {
			pl := l.(map[string]any)["physicalLocation"].(map[string]any)
			if reg, ok := pl["region"].(map[string]any); ok {
				return reg
			}
		}
	}
	t.Fatal("no region in the document")
	return nil
}

// sarifDoc is the part of a SARIF log the structure test reads.
type sarifDocLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI       string
			URIBaseID string `json:"uriBaseId"`
		}
		Region *struct{ StartLine int }
	}
}

type sarifDoc struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID                   string
					HelpURI              string `json:"helpUri"`
					ShortDescription     struct{ Text string }
					Help                 struct{ Text, Markdown string }
					DefaultConfiguration struct{ Level string }
				}
			}
		}
		Results []struct {
			RuleID              string
			RuleIndex           int
			Level               string
			Message             struct{ Text string }
			Locations           []sarifDocLocation
			RelatedLocations    []sarifDocLocation
			PartialFingerprints map[string]string
			BaselineState       string
		}
	}
}

// TestSARIFStructure checks each result against the finding it came from:
// rule index, level, location (no region for line 0), fingerprint and
// baseline state; and each rule against the catalog.
func TestSARIFStructure(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    *Report
		opts SARIFOptions
	}{
		{"compared", sampleReport(), SARIFOptions{}},
		{"compared+resolved", sampleReport(), SARIFOptions{Resolved: true}},
		{"no base", sampleReportNoBase(), SARIFOptions{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc sarifDoc
			if err := json.Unmarshal(renderSARIF(t, tc.r, tc.opts), &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Runs) != 1 {
				t.Fatalf("%d runs, want 1", len(doc.Runs))
			}
			run := doc.Runs[0]
			want := append([]Finding(nil), tc.r.Findings...)
			if tc.opts.Resolved {
				want = append(want, tc.r.Resolved...)
			}
			if len(run.Results) != len(want) {
				t.Fatalf("%d results, want %d", len(run.Results), len(want))
			}
			codes := map[string]bool{}
			for i, res := range run.Results {
				f := want[i]
				codes[f.Code] = true
				if res.RuleID != f.Code || run.Tool.Driver.Rules[res.RuleIndex].ID != f.Code {
					t.Errorf("result %d: ruleId %s, rule at index %d is %s; want %s", i, res.RuleID, res.RuleIndex, run.Tool.Driver.Rules[res.RuleIndex].ID, f.Code)
				}
				if res.PartialFingerprints[fingerprintKey] != f.ID {
					t.Errorf("result %d: fingerprint %q, want %q", i, res.PartialFingerprints[fingerprintKey], f.ID)
				}
				if res.Level != sarifLevel(f.Level) {
					t.Errorf("result %d: level %s for %s", i, res.Level, f.Level)
				}
				if !strings.HasPrefix(res.Message.Text, f.Detail) || (f.Remediation != "" && !strings.HasSuffix(res.Message.Text, f.Remediation)) {
					t.Errorf("result %d: message %q lacks detail or remediation", i, res.Message.Text)
				}
				wantState := map[string]string{"": "", StatusNew: "new", StatusUnchanged: "unchanged", StatusResolved: "absent"}[f.Status]
				if res.BaselineState != wantState {
					t.Errorf("result %d: baselineState %q, want %q", i, res.BaselineState, wantState)
				}
				if f.Location.Path == "" {
					if len(res.Locations) != 0 {
						t.Errorf("result %d: a repository-wide finding has locations", i)
					}
					continue
				}
				if len(res.Locations) != 1 {
					t.Fatalf("result %d: %d locations", i, len(res.Locations))
				}
				pl := res.Locations[0].PhysicalLocation
				p, err := resolveURI(pl.ArtifactLocation.URI)
				if err != nil || p != f.Location.Path || pl.ArtifactLocation.URIBaseID != "%SRCROOT%" {
					t.Errorf("result %d: uri %q (%v) base %q, want path %q", i, pl.ArtifactLocation.URI, err, pl.ArtifactLocation.URIBaseID, f.Location.Path)
				}
				switch {
				case f.Location.Line == 0 && pl.Region != nil:
					t.Errorf("result %d: a whole-file finding has a region", i)
				case f.Location.Line > 0 && (pl.Region == nil || pl.Region.StartLine != f.Location.Line):
					t.Errorf("result %d: region %+v, want line %d", i, pl.Region, f.Location.Line)
				}
			}
			if len(run.Tool.Driver.Rules) != len(codes) {
				t.Errorf("%d rules for %d codes", len(run.Tool.Driver.Rules), len(codes))
			}
			for i, rule := range run.Tool.Driver.Rules {
				cr, ok := catalog.Lookup(rule.ID)
				if !ok || !codes[rule.ID] {
					t.Errorf("rule %s: not in the catalog or not reported", rule.ID)
					continue
				}
				if i > 0 && run.Tool.Driver.Rules[i-1].ID >= rule.ID {
					t.Errorf("rules not sorted at %s", rule.ID)
				}
				if rule.HelpURI != cr.URL() || rule.ShortDescription.Text != cr.Title ||
					!strings.Contains(rule.Help.Markdown, cr.Help) || !strings.Contains(rule.Help.Markdown, cr.URL()) ||
					rule.DefaultConfiguration.Level != sarifLevel(cr.Severity) {
					t.Errorf("rule %s does not carry the catalog's title, help, link and level: %+v", rule.ID, rule)
				}
			}
		})
	}
}

func TestSARIFUnknownCode(t *testing.T) {
	r := &Report{Findings: []Finding{{ID: "x", Code: "FUTURE_RULE", Level: "warn", Detail: "d", Location: Location{Path: "a.md", Line: 1}}}}
	data := renderSARIF(t, r, SARIFOptions{})
	if err := validateSARIF(t, sarifSchema(t), data); err != nil {
		t.Fatalf("a code outside the catalog must still give valid SARIF: %v", err)
	}
	if !bytes.Contains(data, []byte(`"id": "FUTURE_RULE"`)) || !bytes.Contains(data, []byte(`"name": "FutureRule"`)) {
		t.Errorf("no descriptor for the unknown code:\n%s", data)
	}
}

func TestPathURI(t *testing.T) {
	for _, p := range []string{"docs/a.md", "docs/a b.md", reporttest.HostilePath, "c:colon.md", "dir/#hash?.md", "100%.md"} {
		u := pathURI(p)
		if got, err := resolveURI(u); err != nil || got != p {
			t.Errorf("pathURI(%q) = %q resolves to %q (%v)", p, u, got, err)
		}
	}
}

// resolveURI resolves a relative URI reference against a repository root,
// as a SARIF consumer does with %SRCROOT%, and returns the repository path.
func resolveURI(ref string) (string, error) {
	root, _ := url.Parse("file:///root/")
	u, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	r := root.ResolveReference(u)
	if r.Scheme != "file" || r.RawQuery != "" || r.Fragment != "" || !strings.HasPrefix(r.Path, "/root/") {
		return "", fmt.Errorf("%q leaves the root: %s", ref, r)
	}
	return strings.TrimPrefix(r.Path, "/root/"), nil
}
