package config

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// docsPath is the user documentation of every configuration key.
const docsPath = "../../docs/configuration.md"

// yamlExample is one ```yaml block of the documentation.
type yamlExample struct {
	line int
	body string
}

// docExamples returns the document and its yaml code blocks, found with
// goldmark so that fences are read the way renderers read them.
func docExamples(t *testing.T) (string, []yamlExample) {
	t.Helper()
	src, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var out []yamlExample
	err = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		block, ok := n.(*ast.FencedCodeBlock)
		if !entering || !ok || string(block.Language(src)) != "yaml" {
			return ast.WalkContinue, nil
		}
		var b strings.Builder
		lines := block.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			b.Write(seg.Value(src))
		}
		first := 0
		if lines.Len() > 0 {
			first = strings.Count(string(src[:lines.At(0).Start]), "\n") + 1
		}
		out = append(out, yamlExample{line: first, body: b.String()})
		return ast.WalkSkipChildren, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(src), out
}

func TestDocsExamplesParse(t *testing.T) {
	_, examples := docExamples(t)
	if len(examples) < 8 {
		t.Fatalf("found %d yaml examples in %s; the fence parsing is broken", len(examples), docsPath)
	}
	for _, ex := range examples {
		if _, err := Parse(docsPath, []byte(ex.body)); err != nil {
			t.Errorf("example at line %d does not parse:\n%v", ex.line, err)
		}
	}
	// The first example is the whole file with its defaults.
	got, err := Parse(docsPath, []byte(examples[0].body))
	if err != nil || !reflect.DeepEqual(got, Default()) {
		t.Errorf("the documented defaults differ from Default(): %+v, %v", got, err)
	}
}

func TestDocsMentionEveryKey(t *testing.T) {
	src, _ := docExamples(t)
	keys := schemaKeys(reflect.TypeOf(Config{}), "")
	if len(keys) < 16 {
		t.Fatalf("schemaKeys found only %v", keys)
	}
	for _, k := range keys {
		if !strings.Contains(src, "`"+k+"`") {
			t.Errorf("%s does not mention key `%s`", docsPath, k)
		}
	}
}

// schemaKeys lists every key path of the schema from Config's json tags;
// list items are written "[]", as in the documentation's headings.
func schemaKeys(typ reflect.Type, prefix string) []string {
	var keys []string
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		key := prefix + name
		keys = append(keys, key)
		switch {
		case f.Type.Kind() == reflect.Struct:
			keys = append(keys, schemaKeys(f.Type, key+".")...)
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
			keys = append(keys, schemaKeys(f.Type.Elem(), key+"[].")...)
		}
	}
	return keys
}
