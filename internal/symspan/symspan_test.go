package symspan

import (
	"slices"
	"strings"
	"testing"
)

// Each shape documentation writes a symbol in is read as its segments;
// the key drops the decoration (`new`, `@`, type and call arguments).
func TestParseShapes(t *testing.T) {
	for _, c := range []struct {
		text, key                      string
		segs                           []string
		call, new, decorator, typeArgs bool
	}{
		{"Scan", "Scan", []string{"Scan"}, false, false, false, false},
		{"scan()", "scan", []string{"scan"}, true, false, false, false},
		{"rankDocs(docs, query)", "rankDocs", []string{"rankDocs"}, true, false, false, false},
		{"open(path, mode='r')", "open", []string{"open"}, true, false, false, false},
		{"cobra.Command", "cobra.Command", []string{"cobra", "Command"}, false, false, false, false},
		{"Command.Execute", "Command.Execute", []string{"Command", "Execute"}, false, false, false, false},
		{"Command.Execute()", "Command.Execute", []string{"Command", "Execute"}, true, false, false, false},
		{"Client#request", "Client#request", []string{"Client", "request"}, false, false, false, false},
		{"Client~inner", "Client~inner", []string{"Client", "inner"}, false, false, false, false},
		{"new Client()", "Client", []string{"Client"}, true, true, false, false},
		{"new Client({ timeout: 5 })", "Client", []string{"Client"}, true, true, false, false},
		{"new http.Client", "http.Client", []string{"http", "Client"}, false, true, false, false},
		{"Result<T>", "Result", []string{"Result"}, false, false, false, true},
		{"Map<string, Array<number>>", "Map", []string{"Map"}, false, false, false, true},
		{"useState<T>(initial)", "useState", []string{"useState"}, true, false, false, true},
		{"List[T]", "List", []string{"List"}, false, false, false, true},
		{"@validator", "validator", []string{"validator"}, false, false, true, false},
		{"@app.route('/')", "app.route", []string{"app", "route"}, true, false, true, false},
		{"httpx:Client", "httpx:Client", []string{"httpx", "Client"}, false, false, false, false},
		{"pydantic.main:BaseModel", "pydantic.main:BaseModel", []string{"pydantic", "main", "BaseModel"}, false, false, false, false},
		{"module:utils/rank.rankDocs", "module:utils/rank.rankDocs", []string{"rankDocs"}, false, false, false, false},
		{"std::vector", "std::vector", []string{"std", "vector"}, false, false, false, false},
		{"pkg.Type.Method(x, y)", "pkg.Type.Method", []string{"pkg", "Type", "Method"}, true, false, false, false},
		{"Model.select()", "Model.select", []string{"Model", "select"}, true, false, false, false},
		{"range", "range", []string{"range"}, false, false, false, false},
		{"$ref", "$ref", []string{"$ref"}, false, false, false, false},
		{"jQuery.$", "jQuery.$", []string{"jQuery", "$"}, false, false, false, false},
		{"Überblick", "Überblick", []string{"Überblick"}, false, false, false, false},
	} {
		r, ok := Parse(c.text)
		if !ok {
			t.Errorf("Parse(%q) refused", c.text)
			continue
		}
		if r.Key() != c.key || !slices.Equal(r.Segments, c.segs) || r.Call != c.call || r.New != c.new || r.Decorator != c.decorator || r.TypeArgs != c.typeArgs {
			t.Errorf("Parse(%q) = %+v key %q; want key %q segments %v call %v new %v decorator %v typeArgs %v",
				c.text, r, r.Key(), c.key, c.segs, c.call, c.new, c.decorator, c.typeArgs)
		}
	}
}

// Prose and code are not symbols: an operator, an assignment, a control
// word, two words, a command line, a URL, a chained call, a comment.
func TestParseRefusesProseAndCode(t *testing.T) {
	for _, text := range []string{
		"", "x", "f(x)", "a + b", "a+b", "x = f(y)", "x=f(y)", "if (x)", "if(x)", "while (x)", "catch (e)",
		"return x", "for i in range(3)", "npm install docbridge", "go test ./...", "ls -la", "git commit -m \"x\"",
		"https://example.com/a", "http://localhost:8080", "localhost:8080", "a:b:c", "f().g()", "f(x) + 1",
		"foo // comment", "/* x */ foo", "a.", ".a", "a..b", "a. b", "a :b", "@ x", "@", "#anchor", "a#", "1.2.3",
		"arr[0]", "a < b", "a<b>c", "a <= b", "Foo<>", "f(", "f(]", "f())", "new", "new(T)", "default",
		"a.b.c.d.e.f.g", "\"Scan\"", "'Scan'", "--flag", "-v", "~/.config", "a/b", "@scope/pkg", "module:",
		"module:/x.Name", "key value", "Scan\nMore", "a:", "a::", "$", "0x10", "func(x int)", "def f()",
	} {
		if r, ok := Parse(text); ok {
			t.Errorf("Parse(%q) = %+v (key %q), want refused", text, r, r.Key())
		}
	}
	if _, ok := Parse(strings.Repeat("a", maxLen+1)); ok {
		t.Error("a span over maxLen is read")
	}
}

func TestWithSegment(t *testing.T) {
	r, _ := Parse("pkg.Type.Method(x)")
	if got := r.WithSegment(2, "Run"); got != "pkg.Type.Run" {
		t.Errorf("WithSegment = %q", got)
	}
	if r.Key() != "pkg.Type.Method" {
		t.Errorf("WithSegment changed the original: %q", r.Key())
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"Scan", "new Foo()", "a.b#c", "Foo<Bar<T>>", "@x.y(z)", "module:a/b.C", "f(x) + 1", "a::b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r, ok := Parse(text)
		if !ok {
			return
		}
		if len(r.Segments) == 0 || len(r.Seps) != len(r.Segments)-1 || len(r.Segments) > maxSegments {
			t.Fatalf("Parse(%q) = %+v", text, r)
		}
		// The key is itself a reference with the same key.
		k, ok := Parse(r.Key())
		if !ok || k.Key() != r.Key() {
			t.Fatalf("key %q of %q parses to %+v, %v", r.Key(), text, k, ok)
		}
	})
}
