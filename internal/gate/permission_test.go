package gate

import "testing"

// TestParseLevel: the levels are ordered as GitHub's roles and read by
// name, case-insensitively; an unknown name is an error.
func TestParseLevel(t *testing.T) {
	if LevelMaintain < LevelWrite || LevelWrite < LevelTriage {
		t.Error("levels out of order")
	}
	if p, err := ParseLevel(" Write "); err != nil || p != LevelWrite || p.String() != "write" {
		t.Errorf("ParseLevel: %v %v", p, err)
	}
	if _, err := ParseLevel("owner"); err == nil {
		t.Error("unknown level accepted")
	}
}
