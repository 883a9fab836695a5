package reconcile

import (
	"errors"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadChangedFiles(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
		err      string // a substring of the error, "" for none
	}{
		{"git diff output", "docs/a.md\nsrc/rank.ts\n", []string{"docs/a.md", "src/rank.ts"}, ""},
		{"blank, comments, CRLF, spaces", "# changed\n\n  docs/a.md \r\n\t\n#docs/b.md\n", []string{"docs/a.md"}, ""},
		{"cleaned, sorted, deduplicated", "./docs//b.md\ndocs/x/../a.md\ndocs/b.md\n", []string{"docs/a.md", "docs/b.md"}, ""},
		{"git quoting", `"docs/caf\303\251 \"x\".md"` + "\n", []string{`docs/café "x".md`}, ""},
		{"no final newline", "a.md", []string{"a.md"}, ""},
		{"empty", "", []string{}, ""},
		{"absolute", "docs/a.md\n/etc/passwd\n", nil, "line 2: /etc/passwd: absolute path"},
		{"drive letter", `C:\repo\a.md`, nil, "line 1:"},
		{"drive letter after cleaning", "./C:", nil, "absolute path"},
		{"leaves the repository", "a.md\n\n../b.md\n", nil, "line 3: ../b.md: leaves the repository"},
		{"climbs through a directory", "docs/../../b.md", nil, "leaves the repository"},
		{"the root", "./", nil, "names no file"},
		{"NUL from -z", "a.md\x00b.md\x00", nil, "line 1: NUL byte"},
		{"bad quoting", `"docs/a.md`, nil, "line 1: bad quoting"},
		{"line too long", "a.md\n" + strings.Repeat("x", maxChangedFileLine+1), nil, "line 2: longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadChangedFiles(strings.NewReader(tt.in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got == nil || !slices.Equal(got, tt.want) {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadChangedFilesBound(t *testing.T) {
	var b strings.Builder
	for i := range maxChangedFiles {
		b.WriteString("f" + strconv.Itoa(i) + "\n")
	}
	if got, err := ReadChangedFiles(strings.NewReader(b.String())); err != nil || len(got) != maxChangedFiles {
		t.Fatalf("at the bound: %d paths, %v", len(got), err)
	}
	b.WriteString("one-more\n")
	_, err := ReadChangedFiles(strings.NewReader(b.String()))
	if err == nil || !strings.Contains(err.Error(), "more than "+strconv.Itoa(maxChangedFiles)) {
		t.Fatalf("past the bound: %v", err)
	}
}

func TestReadChangedFilesReadError(t *testing.T) {
	boom := errors.New("boom")
	if _, err := ReadChangedFiles(iotest.ErrReader(boom)); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want it to wrap the read error", err)
	}
}

// FuzzReadChangedFiles checks that whatever is accepted is a clean,
// relative path inside the repository, sorted and unique, and that the
// list reads back unchanged when written one quoted path per line.
func FuzzReadChangedFiles(f *testing.F) {
	for _, s := range []string{"docs/a.md\nsrc/b.ts\n", "# c\n\n./x//y\n", `"a\303\251"`, "../x", "/abs", "a\x00b", "C:/x", " a.md \r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ReadChangedFiles(strings.NewReader(in))
		if err != nil {
			return
		}
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) || len(got) > maxChangedFiles {
			t.Fatalf("not sorted and unique: %q", got)
		}
		var b strings.Builder
		for _, p := range got {
			if p == "" || p == "." || path.Clean(p) != p || strings.HasPrefix(p, "/") || p == ".." || strings.HasPrefix(p, "../") || strings.ContainsRune(p, 0) {
				t.Fatalf("accepted %q from %q", p, in)
			}
			if q := strconv.Quote(p); len(q) < maxChangedFileLine {
				b.WriteString(q + "\n")
			} else {
				return // quoting can outgrow the line bound; nothing to round-trip
			}
		}
		again, err := ReadChangedFiles(strings.NewReader(b.String()))
		if err != nil || !slices.Equal(again, got) {
			t.Fatalf("round trip of %q: %q, %v", got, again, err)
		}
	})
}
