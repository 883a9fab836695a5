package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"testing"
)

// hash8 is the branch hash as the key layout defines it, computed here
// independently of branchField.
func hash8(name string) string {
	s := sha256.Sum256([]byte(name))
	return hex.EncodeToString(s[:4])
}

func TestKeysLayout(t *testing.T) {
	k := KeyParts{
		Branch: "refs/heads/main", DefaultBranch: "main",
		ConfigHash: "0123456789abcdef0123456789abcdef", PipelineVersion: "scan/2",
		RunID: "1234567890", RunAttempt: "2",
	}
	save, restore := Keys(k)
	want := "docbridge-v1-scan.2-0123456789abcdef-main." + hash8("main") + "-1234567890-2"
	if save != want {
		t.Errorf("save key %q, want %q", save, want)
	}
	if !slices.Equal(restore, []string{"docbridge-v1-scan.2-0123456789abcdef-main." + hash8("main") + "-"}) {
		t.Errorf("restore %q: a push to the default branch restores from it alone", restore)
	}
}

func TestKeysRestoreOrder(t *testing.T) {
	// stem is the first four fields of the save key: prefix, pipeline, config.
	stem := func(k KeyParts) string {
		s, _ := Keys(k)
		return strings.Join(strings.SplitN(s, "-", 5)[:4], "-") + "-"
	}
	cases := []struct {
		name     string
		parts    KeyParts
		branches []string // the branches the prefixes must name, in order
	}{
		{"pull request", KeyParts{Branch: "refs/pull/7/merge", BaseBranch: "release/1.x", DefaultBranch: "main"}, []string{"refs/pull/7/merge", "release/1.x", "main"}},
		{"pull request on the default branch", KeyParts{Branch: "refs/pull/7/merge", BaseBranch: "main", DefaultBranch: "main"}, []string{"refs/pull/7/merge", "main"}},
		{"push to a feature branch", KeyParts{Branch: "feature/x", DefaultBranch: "main"}, []string{"feature/x", "main"}},
		{"refs/heads/ spelled out", KeyParts{Branch: "main", DefaultBranch: "refs/heads/main"}, []string{"main"}},
		{"nothing known", KeyParts{}, []string{""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.parts.PipelineVersion, c.parts.ConfigHash = "scan/2", "cafe01"
			save, restore := Keys(c.parts)
			if len(restore) != len(c.branches) {
				t.Fatalf("restore %q, want %d prefixes", restore, len(c.branches))
			}
			if !strings.HasPrefix(save, restore[0]) {
				t.Errorf("the save key %q does not start with the own-branch prefix %q", save, restore[0])
			}
			for i, b := range c.branches {
				if want := BranchPrefix(c.parts, b); restore[i] != want {
					t.Errorf("prefix %d is %q, want %q (branch %q)", i, restore[i], want, b)
				}
				if !strings.HasPrefix(restore[i], stem(c.parts)) {
					t.Errorf("prefix %q leaves the pipeline and configuration of %q", restore[i], save)
				}
			}
		})
	}
}

// TestKeysSeparateBranches: a restore prefix finds its own branch's
// entries and no other branch's, however the names relate.
func TestKeysSeparateBranches(t *testing.T) {
	pairs := [][2]string{
		{"main", "main-fix"},
		{"main", "main.fix"},
		{"feature/x", "feature-x"},
		{"Feature", "feature"},
		{"a", "a/b"},
		{strings.Repeat("long-", 20) + "one", strings.Repeat("long-", 20) + "two"},
		{"refs/pull/1/merge", "refs/pull/10/merge"},
	}
	for _, p := range pairs {
		for _, order := range [][2]string{p, {p[1], p[0]}} {
			saveOther, _ := Keys(KeyParts{Branch: order[1], RunID: "1", RunAttempt: "1"})
			_, restore := Keys(KeyParts{Branch: order[0]})
			if strings.HasPrefix(saveOther, restore[0]) {
				t.Errorf("branch %q's prefix %q restores %q's entry %q", order[0], restore[0], order[1], saveOther)
			}
		}
	}
}

func TestKeysSanitized(t *testing.T) {
	nasty := KeyParts{
		Branch:          "Feature/ÜBER,comma\nnewline" + strings.Repeat("x", 600),
		BaseBranch:      "dev,el",
		DefaultBranch:   " ",
		ConfigHash:      strings.Repeat("ab", 100),
		PipelineVersion: "scan/2-rc.1",
		RunID:           "12-34",
		RunAttempt:      "",
	}
	save, restore := Keys(nasty)
	checkKeyShape(t, save, restore)
	fields := strings.Split(save, "-")
	if got := fields[2]; got != "scan.2.rc.1" {
		t.Errorf("pipeline field %q", got)
	}
	if got := fields[3]; len(got) != maxConfigLen {
		t.Errorf("config field %q, want its first %d characters", got, maxConfigLen)
	}
	if got := fields[6]; got != emptyField {
		t.Errorf("empty attempt became %q", got)
	}
	if len(restore) != 3 {
		t.Errorf("restore %q: a blank default branch is still a branch", restore)
	}
}

// checkKeyShape asserts what every key must be: seven '-'-separated
// fields, lower-case [a-z0-9.], no empty field, within every store's
// bounds; the prefixes end at the branch field.
func checkKeyShape(t *testing.T, save string, restore []string) {
	t.Helper()
	if err := checkDirKey(save); err != nil {
		t.Errorf("save key refused: %v", err)
	}
	fields := strings.Split(save, "-")
	if len(fields) != 7 || fields[0]+"-"+fields[1] != keyPrefix {
		t.Fatalf("save key %q does not have the seven fields of the layout", save)
	}
	for _, f := range fields {
		if f == "" || strings.HasPrefix(f, ".") || strings.HasSuffix(f, ".") || strings.Contains(f, "..") ||
			strings.ContainsFunc(f, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.') }) {
			t.Errorf("field %q of %q", f, save)
		}
	}
	if len(restore) < 1 || len(restore) > 3 {
		t.Errorf("%d restore prefixes", len(restore))
	}
	for i, p := range restore {
		if err := checkDirKey(p); err != nil {
			t.Errorf("prefix refused: %v", err)
		}
		if strings.Count(p, "-") != 5 || !strings.HasSuffix(p, "-") {
			t.Errorf("prefix %q does not end after the branch field", p)
		}
		if slices.Contains(restore[:i], p) {
			t.Errorf("prefix %q twice", p)
		}
	}
}

func FuzzKeys(f *testing.F) {
	f.Add("refs/pull/7/merge", "main", "main", "abc123", "scan/2", "42", "1")
	f.Add("Feature/ÜBER,x", "", "", "", "", "", "")
	f.Add("-.-", "..", "refs/heads/", "\x00", "a-b", "-1", "0")
	f.Fuzz(func(t *testing.T, branch, base, def, config, pipeline, run, attempt string) {
		k := KeyParts{Branch: branch, BaseBranch: base, DefaultBranch: def, ConfigHash: config, PipelineVersion: pipeline, RunID: run, RunAttempt: attempt}
		save, restore := Keys(k)
		checkKeyShape(t, save, restore)
		if !strings.HasPrefix(save, restore[0]) {
			t.Errorf("save %q outside its own prefix %q", save, restore[0])
		}
		if base != "" && !slices.Contains(restore, BranchPrefix(k, base)) {
			t.Errorf("base %q missing from %q", base, restore)
		}
	})
}

// BranchPrefix returns the restore prefix of one branch alone, the oracle the
// tests compare Keys' restore list with.
func BranchPrefix(k KeyParts, branch string) string {
	return keyStem(k) + branchField(branch) + "-"
}
