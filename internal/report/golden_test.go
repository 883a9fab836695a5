package report

import (
	"bytes"
	"path/filepath"
	"testing"

	goldenfile "github.com/docbridge/docbridge/internal/golden"
)

// golden compares got with testdata/<name>, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got)
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"text.golden", func(b *bytes.Buffer) error { return WriteText(b, sampleReport(), TextOptions{}) }},
		{"text-color.golden", func(b *bytes.Buffer) error { return WriteText(b, sampleReport(), TextOptions{Color: true}) }},
		{"text-nobase.golden", func(b *bytes.Buffer) error { return WriteText(b, sampleReportNoBase(), TextOptions{}) }},
		{"text-empty.golden", func(b *bytes.Buffer) error { return WriteText(b, Build(Input{}), TextOptions{}) }},
		{"report.json.golden", func(b *bytes.Buffer) error { return WriteJSON(b, sampleReport()) }},
		{"report-nobase.json.golden", func(b *bytes.Buffer) error { return WriteJSON(b, sampleReportNoBase()) }},
		{"report.sarif.golden", func(b *bytes.Buffer) error { return WriteSARIF(b, sampleReport(), SARIFOptions{}) }},
		{"report-resolved.sarif.golden", func(b *bytes.Buffer) error {
			return WriteSARIF(b, sampleReport(), SARIFOptions{Resolved: true})
		}},
		{"report-nobase.sarif.golden", func(b *bytes.Buffer) error { return WriteSARIF(b, sampleReportNoBase(), SARIFOptions{}) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			goldenStable(t, c.name, func() ([]byte, error) {
				var b bytes.Buffer
				err := c.render(&b)
				return b.Bytes(), err
			})
		})
	}
}

// goldenStable compares render's output with testdata/<name> and checks
// that rendering twice gives the same bytes: nothing depends on map order
// or on state left by the first call.
func goldenStable(t *testing.T, name string, render func() ([]byte, error)) {
	t.Helper()
	got, err := render()
	if err != nil {
		t.Fatal(err)
	}
	golden(t, name, got)
	again, err := render()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, again) {
		t.Errorf("second rendering differs")
	}
}
