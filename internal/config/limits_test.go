package config

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// firstError returns the only *Error of err, failing unless there is one.
func firstError(t *testing.T, err error) *Error {
	t.Helper()
	var l *errorList
	if !errors.As(err, &l) || len(l.Errors) != 1 {
		t.Fatalf("want one error in an *errorList, got %v", err)
	}
	return l.Errors[0]
}

func TestDeepNesting(t *testing.T) {
	tests := []struct {
		name string
		in   string
		line int
		msg  string
	}{
		{"10,000 flow lists", strings.Repeat("[", 10000), 1, "invalid YAML: did not find expected node content"},
		{"10,001 flow lists", strings.Repeat("[", 10001), 1, "invalid YAML: exceeded max depth of 10000"},
		{"deep flow mappings under a key", "scan: " + strings.Repeat("{a: ", 20000), 1, "invalid YAML: exceeded max depth of 10000"},
		{"balanced but deep", "scan:\n  exclude: " + strings.Repeat("[", 9000) + strings.Repeat("]", 9000) + "\n", 2,
			"scan.exclude.0: expected a string, got a list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(FileName, []byte(tt.in))
			e := firstError(t, err)
			if e.Line != tt.line || !strings.HasSuffix(e.Error(), tt.msg) {
				t.Errorf("got %q at line %d, want %q at line %d", e.Error(), e.Line, tt.msg, tt.line)
			}
		})
	}
}

func TestAliasBomb(t *testing.T) {
	// The classic billion-laughs shape: never expanded, every alias reported
	// (up to maxErrors).
	in := "a: &a [x, x, x, x, x, x, x, x, x]\n" +
		"b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n" +
		"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
		"d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n" +
		"e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	_, err := Parse(FileName, []byte(in))
	var l *errorList
	if !errors.As(err, &l) {
		t.Fatalf("got %v, want an *errorList", err)
	}
	if len(l.Errors) != maxErrors || l.Omitted == 0 {
		t.Fatalf("got %d errors, %d omitted", len(l.Errors), l.Omitted)
	}
	aliases := 0
	for _, e := range l.Errors {
		if e.Code == codeAlias {
			aliases++
		}
	}
	if aliases == 0 {
		t.Error("no alias error reported")
	}
}

func TestFileTooLarge(t *testing.T) {
	// 2 MiB of valid YAML: comment lines of 64 bytes.
	line := "# " + strings.Repeat("x", 61) + "\n"
	in := "version: 1\n" + strings.Repeat(line, 2<<20/len(line))
	_, err := Parse(FileName, []byte(in))
	e := firstError(t, err)
	// Byte MaxFileBytes (0-based) sits on line 1 + ceil((MaxFileBytes-10)/64).
	wantLine := 2 + (MaxFileBytes-len("version: 1\n"))/len(line)
	if e.Code != codeTooLarge || e.Line != wantLine {
		t.Errorf("got %+v, want %s at line %d", e, codeTooLarge, wantLine)
	}
	if want := "file is larger than 1048576 bytes (1 MiB), the most docbridge reads"; e.Message != want {
		t.Errorf("message %q, want %q", e.Message, want)
	}
	// Exactly MaxFileBytes is allowed.
	ok := []byte("version: 1\n" + strings.Repeat(" ", MaxFileBytes-len("version: 1\n")))
	if _, err := Parse(FileName, ok); err != nil {
		t.Errorf("a file of exactly MaxFileBytes: %v", err)
	}
}

func TestBOMAndCRLF(t *testing.T) {
	want := Default()
	want.Scan.MaxFiles = 7
	want.Project.Name = "x"
	for _, in := range []string{
		"project:\n  name: x\nscan:\n  maxFiles: 7\n",
		"\xef\xbb\xbfproject:\n  name: x\nscan:\n  maxFiles: 7\n",
		"project:\r\n  name: x\r\nscan:\r\n  maxFiles: 7\r\n",
		"\xef\xbb\xbfproject:\r\n  name: x\r\nscan:\r\n  maxFiles: 7\r\n",
	} {
		got, err := Parse(FileName, []byte(in))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q) = %+v, %v", in, got, err)
		}
	}
	// Lines stay right with both.
	for _, in := range []string{
		"\xef\xbb\xbfproject:\r\n  name: x\r\nscan:\r\n  maxFiles: big\r\n",
		"project:\r\n  name: x\r\nscan:\r\n  maxFiles: big\r\n",
	} {
		_, err := Parse(FileName, []byte(in))
		if e := firstError(t, err); e.Line != 4 || e.Key != "scan.maxFiles" {
			t.Errorf("Parse(%q): got %+v, want scan.maxFiles at line 4", in, e)
		}
	}
}

func TestLineBreaks(t *testing.T) {
	tests := []struct {
		name string
		in   string
		line int
		msg  string
	}{
		{"lone CR", "project:\r  name: x\rscan:\r  maxFiles: big\r", 4, "scan.maxFiles: expected an integer, got a string"},
		{"lone CR before a bad key", "\r0", 2, "expected a mapping, got an integer"},
		{"NEL", "project:\n  name: \"a\u0085b\"\n", 2, "line separator U+0085 is not allowed; use a newline"},
		{"LS", "\n\nproject:\u2028  name: x\n", 3, "line separator U+2028 is not allowed; use a newline"},
		{"PS", "a: \u2029", 1, "line separator U+2029 is not allowed; use a newline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(FileName, []byte(tt.in))
			e := firstError(t, err)
			if e.Line != tt.line || !strings.HasSuffix(e.Error(), tt.msg) {
				t.Errorf("got %q at line %d, want %q at line %d", e.Error(), e.Line, tt.msg, tt.line)
			}
		})
	}
	for in, want := range map[string]int{"": 1, "a": 1, "a\n": 1, "a\nb": 2, "a\r\nb\r\n": 2, "a\rb": 2, "\r\r": 2, "\n\r\n\r": 3} {
		if got := lineCount([]byte(in)); got != want {
			t.Errorf("lineCount(%q) = %d, want %d", in, got, want)
		}
	}
}
