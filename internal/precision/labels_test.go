package precision

import (
	"strings"
	"testing"
)

func TestLoadLabels(t *testing.T) {
	const ok = `{"repository": "acme/site", "labels": [
 {"key": "BROKEN_LINK|docs/a.md|docs/b.md|0123abcd", "label": "TP", "reason": "TP: page deleted"},
 {"key": "DOCUMENT_WITHOUT_CODE|docs/a.md|docs/a.md|-", "label": "noise", "reason": "a concept page", "at": "docs/a.md", "message": "m"},
 {"key": "BROKEN_ANCHOR|docs/a.md|docs/b.md#x|0123abcd", "label": "", "reason": ""}
]}`
	lf, err := LoadLabels("acme+site.json", []byte(ok), "acme/site")
	if err != nil {
		t.Fatal(err)
	}
	if len(lf.Labels) != 3 || len(lf.judged()) != 2 {
		t.Errorf("labels %+v", lf.Labels)
	}

	tests := []struct {
		name, data string
		want       []string
	}{
		{"not JSON", `{"repository": "acme/site", "labels": [}`, []string{"f.json: not valid JSON at byte 40: invalid character"}},
		{"unknown field", `{"repository": "acme/site", "labels": [{"key": "X|a|b|-", "label": "TP", "reason": "r", "lable": "FP"}]}`,
			[]string{`f.json: unknown field "lable"`}},
		{"trailing text", `{"repository": "acme/site", "labels": []} {}`, []string{"f.json: text after the JSON object"}},
		{"wrong repository", `{"repository": "acme/other", "labels": []}`, []string{`f.json: repository "acme/other": the file is for "acme/site"`}},
		{"no repository", `{"labels": []}`, []string{"f.json: repository: missing"}},
		{"every entry error, by index", `{"repository": "acme/site", "labels": [
  {"key": "BROKEN_LINK|a.md|b.md|0123abcd", "label": "TP", "reason": "r"},
  {"key": "BROKEN_LINK|a.md|b.md|0123abcd", "label": "FP", "reason": "r"},
  {"key": "BROKEN_LINK|a.md|b.md|12", "label": "TP", "reason": "r"},
  {"key": "BROKEN_LINK|a.md|c.md|0123abcd", "label": "tp", "reason": "r"},
  {"key": "BROKEN_LINK|a.md|d.md|0123abcd", "label": "FP", "reason": "  "},
  {"key": "BROKEN_LINK|a.md|e.md|0123abcd", "label": "FP", "reason": "one\ntwo"}
 ]}`, []string{
			`f.json: labels[1]: key "BROKEN_LINK|a.md|b.md|0123abcd" is labelled already at labels[0]`,
			`f.json: labels[2]: key "BROKEN_LINK|a.md|b.md|12": line hash`,
			`f.json: labels[3]: label "tp": use TP, FP, useful or noise`,
			`f.json: labels[4]: label FP without a reason`,
			`f.json: labels[5]: reason: one line`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadLabels("f.json", []byte(tt.data), "acme/site")
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nlacks %q", err, w)
				}
			}
		})
	}
	if _, err := LoadLabels("big.json", make([]byte, maxLabelBytes+1), ""); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("oversized file: %v", err)
	}
}

func TestSlug(t *testing.T) {
	if Slug("acme/site") != "acme+site" || Slug("acme+site") != "acme+site" {
		t.Error(Slug("acme/site"))
	}
}

func FuzzLoadLabels(f *testing.F) {
	f.Add([]byte(`{"repository": "a/b", "labels": [{"key": "BROKEN_LINK|a.md|b.md|0123abcd", "label": "TP", "reason": "r"}]}`))
	f.Add([]byte(`{"repository": "a/b", "labels": [{"key": "X|-|-|-", "label": "", "reason": ""}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		lf, err := LoadLabels("f.json", data, "")
		if err != nil {
			return
		}
		for _, l := range lf.Labels {
			if _, err := parseKey(l.Key); err != nil {
				t.Fatalf("loaded a bad key %q: %v", l.Key, err)
			}
			if l.Label != "" && l.Label != TP && l.Label != FP && l.Label != Useful && l.Label != Noise {
				t.Fatalf("loaded label %q", l.Label)
			}
		}
	})
}
