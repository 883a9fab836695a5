package typescript

import (
	"bytes"
	"reflect"
	"testing"
)

func TestESMImports(t *testing.T) {
	e := NewExtractor()
	defer e.Close()
	for _, tc := range []struct {
		name, src string
		want      []ESMImport
	}{
		{"default, named and namespace bindings",
			"import Clone from './_partials/_clone.mdx';\nimport Tabs, { TabItem as Item } from '@theme/Tabs';\nimport * as C from '../components';\n",
			[]ESMImport{
				{Spec: "./_partials/_clone.mdx", Line: 1, Locals: []string{"Clone"}},
				{Spec: "@theme/Tabs", Line: 2, Locals: []string{"Tabs", "Item"}},
				{Spec: "../components", Line: 3, Locals: []string{"C"}},
			}},
		{"blank lines keep line numbers; exports and type imports bind nothing rendered",
			"\n\nimport type { Props } from './types';\nexport const meta = { title: <b>x</b> };\nimport Foo from \"./foo.md\";\nimport './side-effect.css';\n",
			[]ESMImport{{Spec: "./foo.md", Line: 5, Locals: []string{"Foo"}}, {Spec: "./side-effect.css", Line: 6}}},
		{"a multi-line import", "import {\n  A,\n  B,\n} from './ab.mdx';\n",
			[]ESMImport{{Spec: "./ab.mdx", Line: 1, Locals: []string{"A", "B"}}}},
		{"not JavaScript", "import from from from;\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := e.ESMImports([]byte(tc.src)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ESMImports =\n%#v\nwant\n%#v", got, tc.want)
			}
		})
	}
}

// FuzzESMImports checks the invariants of ESMImports on arbitrary input:
// lines inside the input, bounds kept, the same result twice.
func FuzzESMImports(f *testing.F) {
	for _, s := range []string{
		"", "import", "import A from './a.mdx';",
		"import A, { b as C, type D } from '@site/x';\nexport const x = <A />;",
		"import {\n a\n} from `b`;", "\x00\xff import a from './a';",
	} {
		f.Add([]byte(s))
	}
	e := NewExtractor()
	f.Cleanup(e.Close)
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		got := e.ESMImports(data)
		if len(got) > maxImports {
			t.Fatalf("%d imports, over %d", len(got), maxImports)
		}
		for _, imp := range got {
			if imp.Line < 1 || imp.Line > lines || len(imp.Locals) > MaxNames {
				t.Fatalf("bad import %+v (input has %d lines)", imp, lines)
			}
		}
		if again := e.ESMImports(data); !reflect.DeepEqual(got, again) {
			t.Fatalf("two extractions differ: %+v %+v", got, again)
		}
	})
}
