package finding

import (
	"slices"
	"testing"
)

func diag(id, path string, line int) Diagnostic {
	return Diagnostic{ID: id, Code: "BROKEN_LINK", Evidence: []Location{{Path: path, Line: line}}}
}

func TestCompare(t *testing.T) {
	base := []Diagnostic{diag("a", "x.md", 3), diag("b", "x.md", 5), diag("c", "y.md", 1)}
	// "a" moved from line 3 to 9, "b" was fixed, "d" and "e" are new.
	head := []Diagnostic{diag("e", "z.md", 2), diag("a", "x.md", 9), diag("d", "a.md", 4), diag("c", "y.md", 1)}
	c := Compare(base, head)
	if got := ids(c.New); !slices.Equal(got, []string{"d", "e"}) {
		t.Errorf("new = %v", got)
	}
	if got := ids(c.Unchanged); !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("unchanged = %v", got)
	}
	if got := ids(c.Resolved); !slices.Equal(got, []string{"b"}) {
		t.Errorf("resolved = %v", got)
	}
	// Unchanged findings are reported where the head has them.
	if c.Unchanged[0].Primary().Line != 9 {
		t.Errorf("unchanged a at %v, want the head's line 9", c.Unchanged[0].Primary())
	}
	// Every head finding is new or unchanged, every base one unchanged or
	// resolved; none is in two lists.
	if len(c.New)+len(c.Unchanged) != len(head) || len(c.Unchanged)+len(c.Resolved) != len(base) {
		t.Errorf("lists do not partition the inputs: %+v", c)
	}

	empty := Compare(nil, nil)
	if empty.New == nil || empty.Unchanged == nil || empty.Resolved == nil {
		t.Errorf("nil list in %+v (renders as null)", empty)
	}
	if all := Compare(nil, head); len(all.New) != len(head) {
		t.Errorf("no base: new = %v", ids(all.New))
	}
}

func ids(ds []Diagnostic) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		out = append(out, d.ID)
	}
	return out
}
