package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/textwriter"
)

func renderText(t *testing.T, r *Report, opts TextOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteText(&b, r, opts); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTextOneLinePerFinding: whatever a message holds, each finding is one
// line starting with its location (plus one for its remediation) and no
// control character reaches the terminal.
func TestTextOneLinePerFinding(t *testing.T) {
	r := sampleReport()
	out := renderText(t, r, TextOptions{})
	for _, bad := range []string{"\x1b", "\u202e", "\r"} {
		if strings.Contains(out, bad) {
			t.Errorf("output contains %q", bad)
		}
	}
	lines := strings.Split(out, "\n")
	for _, f := range r.Findings {
		n := 0
		for i, l := range lines {
			if strings.Contains(l, "  "+textwriter.Printable(f.Detail)) {
				n++
				if f.Remediation != "" && !strings.Contains(lines[i+1], "fix: ") {
					t.Errorf("%s: remediation not on the next line", f.ID)
				}
				if !strings.HasPrefix(l, "  "+locationLabel(f.Location)+"  ") {
					t.Errorf("%s: line %q does not start with its location", f.ID, l)
				}
			}
		}
		if n != 1 {
			t.Errorf("%s (%s) appears on %d lines", f.ID, f.Code, n)
		}
	}
	if !strings.Contains(out, `a|b\nsecond line \x1b[31mred\u202e ünïcödé`) {
		t.Errorf("hostile message not escaped as expected:\n%s", out)
	}
}

// TestTextGroupsSorted: one header per code, worst level first, then the
// larger group, then the code; the resolved findings after them.
func TestTextGroupsSorted(t *testing.T) {
	out := renderText(t, sampleReport(), TextOptions{})
	var headers []string
	for _, l := range strings.Split(out, "\n") {
		if l != "" && !strings.HasPrefix(l, " ") {
			headers = append(headers, strings.Fields(l)[1])
		}
	}
	want := []string{"BROKEN_LINK", "DRIFT_SYMBOL", "IMPORT_CYCLE", "UNRESOLVED_PATH", "DOCUMENT_WITHOUT_CODE",
		"UNDOCUMENTED_AREA", "KNOWLEDGE_DATE_FIELD", "since"}
	if len(headers) < len(want) || fmt.Sprint(headers[:len(want)]) != fmt.Sprint(want) {
		t.Errorf("group headers %q, want %q then the summary", headers, want)
	}
}

func TestTextSummary(t *testing.T) {
	for _, tc := range []struct {
		r    *Report
		want []string
	}{
		{sampleReport(), []string{fmt.Sprintf("%d findings", len(sampleReport().Findings)), "2 error", "3 new", "4 unchanged", "1 resolved"}},
		{sampleReportNoBase(), []string{"2 error, 2 warn, 2 info, 1 off"}},
		{Build(Input{}), []string{"no findings"}},
	} {
		out := renderText(t, tc.r, TextOptions{})
		last := out[strings.LastIndex(strings.TrimSuffix(out, "\n"), "\n")+1:]
		for _, w := range tc.want {
			if !strings.Contains(last, w) {
				t.Errorf("summary %q lacks %q", last, w)
			}
		}
		if !tc.r.Compared && strings.Contains(last, "new") {
			t.Errorf("summary %q counts new findings without a base", last)
		}
	}
}

func TestTextColor(t *testing.T) {
	plain := renderText(t, sampleReport(), TextOptions{})
	color := renderText(t, sampleReport(), TextOptions{Color: true})
	if !strings.Contains(color, ansiRed+"error"+ansiReset) || !strings.Contains(color, ansiYellow+"warn"+ansiReset) {
		t.Errorf("levels not coloured")
	}
	if stripANSI(color) != plain {
		t.Errorf("colour changes more than escape codes")
	}
}

func stripANSI(s string) string {
	for _, c := range []string{ansiReset, ansiBold, ansiDim, ansiRed, ansiYellow, ansiCyan, ansiGreen} {
		s = strings.ReplaceAll(s, c, "")
	}
	return s
}

func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	// /dev/null is a character device but no terminal.
	for name, file := range map[string]*os.File{"regular file": f, "pipe": w, "nil": nil, "/dev/null": null} {
		if IsTerminal(file) {
			t.Errorf("%s taken for a terminal", name)
		}
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if !IsTerminal(tty) {
			t.Errorf("/dev/tty not taken for a terminal")
		}
	}
}
