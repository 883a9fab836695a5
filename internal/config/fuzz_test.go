package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, name := range []string{"full.yaml", "reordered.yaml"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"", "~", "version: 1\n", "scan:\n  excludes: [x]\n  maxFileBytes: big\n",
		"a: &a [1]\nb: *a\n", "scan: *x\n", strings.Repeat("[", 100), "a: 1\n---\nb: 2\n",
		"\xef\xbb\xbfscan:\r\n  maxFiles: 7\r\n", "analysis:\n  areas:\n    - {path: a}\n    - {path: a}\n",
		"project:\n  name: \x01\n", "? [a]\n: 1\n", "scan:\n  <<: {maxFiles: 1}\n", "'\n",
		"sites:\n  - {root: a, generator: none, src: x, baseurl: 'http://x'}\n  - {root: a, generator: mkdocs, slugify: [x]}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c1, err1 := Parse("f.yaml", data)
		c2, err2 := Parse("f.yaml", data)
		if (err1 == nil) != (err2 == nil) || !reflect.DeepEqual(c1, c2) {
			t.Fatalf("not deterministic: %v / %v", err1, err2)
		}
		if err1 != nil {
			if err1.Error() != err2.Error() {
				t.Fatalf("errors differ:\n%v\n%v", err1, err2)
			}
			var l *errorList
			if !errors.As(err1, &l) || len(l.Errors) == 0 || len(l.Errors) > maxErrors {
				t.Fatalf("error is not a non-empty, bounded *errorList: %#v", err1)
			}
			lines := lineCount(data)
			for _, e := range l.Errors {
				if e.File != "f.yaml" || e.Line < 1 || e.Line > lines || e.Message == "" || e.Code == "" {
					t.Fatalf("bad item %+v (input has %d lines)", e, lines)
				}
			}
			return
		}
		if c1 == nil {
			t.Fatal("nil Config without an error")
		}
		if err := c1.Validate(); err != nil {
			t.Fatalf("Parse returned a Config that fails validation: %v", err)
		}
		if c1.Hash() != c2.Hash() {
			t.Fatal("hash not deterministic")
		}
	})
}
