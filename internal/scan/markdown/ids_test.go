package markdown

import "testing"

func TestCheckID(t *testing.T) {
	tests := []struct {
		id    string
		valid bool
	}{
		{"area:src/rules", true},
		{"module:src/rules/engine.ts", true},
		{"package:web", true},
		{"document:docs/guide.md", true},
		{"external:github.com/spf13/cobra", true},
		{"external:@types/node", true},
		{"module:a/..b/c", true}, // "..b" is a name, not a parent segment
		{"src/rules", false},     // no kind
		{"symbol:Foo", false},    // unknown kind
		{"Area:src", false},      // kinds are lowercase
		{"area:", false},
		{"area:/src", false},
		{"area:src/../etc", false},
		{"area:..", false},
		{"area:src rules", false},
		{"area:src\trules", false},
		{"", false},
	}
	for _, tt := range tests {
		why := checkID(tt.id)
		if (why == "") != tt.valid {
			t.Errorf("checkID(%q) = %q, want valid=%v", tt.id, why, tt.valid)
		}
	}
}

func TestCheckRelationKind(t *testing.T) {
	tests := []struct {
		kind  string
		valid bool
	}{
		{"imports", true},
		{"depends-on", true},
		{"documents-the-internal-api", true},
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", true},   // 40
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false}, // 41
		{"", false},
		{"Imports", false},
		{"depends_on", false},
		{"v2-of", false},
		{"émet", false},
	}
	for _, tt := range tests {
		why := checkRelationKind(tt.kind)
		if (why == "") != tt.valid {
			t.Errorf("checkRelationKind(%q) = %q, want valid=%v", tt.kind, why, tt.valid)
		}
	}
}
