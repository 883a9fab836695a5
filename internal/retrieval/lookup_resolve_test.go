package retrieval

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestLookupResolve(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	tests := []struct {
		name, target string
		want         string   // the entity id, when it resolves
		unknown      bool     // else errUnknownTarget
		suggest      []string // the did-you-mean, in order
	}{
		{name: "id", target: "module:internal/store/store.go", want: "module:internal/store/store.go"},
		{name: "area id", target: "area:internal/store", want: "area:internal/store"},
		{name: "unresolved id", target: "unresolved:docs/old.md", want: "unresolved:docs/old.md"},
		{name: "module path", target: "internal/store/store.go", want: "module:internal/store/store.go"},
		{name: "document path with ./", target: "./docs/guide.md", want: "document:docs/guide.md"},
		{name: "spaces are trimmed", target: "  docs/guide.md ", want: "document:docs/guide.md"},
		{name: "windows separators", target: `docs\api.md`, want: "document:docs/api.md"},
		{name: "dir with package and area is the package", target: "internal/store/", want: "package:internal/store"},
		{name: "root dir", target: ".", want: "package:."},
		{name: "package name", target: "@lk/store", want: "package:internal/store"},
		{name: "package alias", target: "example.com/lk/internal/store", want: "package:internal/store"},
		{name: "Go import path is the root's name", target: "example.com/lk", want: "package:."},
		{name: "near miss", target: "internal/store/stor.go", unknown: true, suggest: []string{"internal/store/store.go", "internal/store"}},
		{name: "base name", target: "model.go", unknown: true, suggest: []string{"module:internal/model/model.go", "area:internal/model", "package:internal/model"}},
		{name: "near base name", target: "modl.go", unknown: true, suggest: []string{"module:internal/model/model.go"}},
		{name: "nothing alike", target: "zzzz-qqqq", unknown: true},
		{name: "outside the root", target: "../repo/docs/guide.md", unknown: true},
		{name: "absolute", target: "/docs/guide.md", unknown: true},
		{name: "empty", target: "  ", unknown: true},
		{name: "wrong kind prefix", target: "module:docs/guide.md", unknown: true, suggest: []string{"document:docs/guide.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Lookup(s, sig, diags, tc.target, LookupOptions{})
			if !tc.unknown {
				if err != nil {
					t.Fatalf("Lookup(%q): %v", tc.target, err)
				}
				if res.Entity.ID != tc.want {
					t.Errorf("Lookup(%q) = %s, want %s", tc.target, res.Entity.ID, tc.want)
				}
				return
			}
			var re *resolveError
			if !errors.As(err, &re) || !errors.Is(err, errUnknownTarget) || errors.Is(err, errAmbiguousTarget) {
				t.Fatalf("Lookup(%q) error = %v, want an unknown-target resolveError", tc.target, err)
			}
			if !slices.Equal(re.Candidates, tc.suggest) {
				t.Errorf("suggestions %q, want %q", re.Candidates, tc.suggest)
			}
			if len(tc.suggest) > 0 && !strings.Contains(err.Error(), "did you mean "+strings.Join(tc.suggest, ", ")) {
				t.Errorf("message %q lacks the suggestions", err)
			}
			for _, c := range tc.suggest {
				if !strings.Contains(err.Error(), c) {
					t.Errorf("message %q lacks the suggestion %s", err, c)
				}
			}
		})
	}
}

func TestLookupAmbiguous(t *testing.T) {
	ids := []string{"package:a", "package:b", "document:x.md"}
	for i := range maxResolveCandidates + 2 {
		ids = append(ids, fmt.Sprintf("package:many/%02d", i))
	}
	s := synth(ids)
	entity(t, s, "package:a").Aliases = []string{"shared"}
	entity(t, s, "package:b").Aliases = []string{"shared"}
	for i := range maxResolveCandidates + 2 {
		entity(t, s, fmt.Sprintf("package:many/%02d", i)).Name = "dup"
	}

	_, err := Lookup(s, nil, nil, "shared", LookupOptions{})
	var re *resolveError
	if !errors.As(err, &re) || !errors.Is(err, errAmbiguousTarget) {
		t.Fatalf("error = %v, want ambiguous", err)
	}
	if want := []string{"package:a", "package:b"}; !slices.Equal(re.Candidates, want) || re.More != 0 {
		t.Errorf("candidates %q (+%d), want %q", re.Candidates, re.More, want)
	}
	if !strings.Contains(err.Error(), "package:a, package:b") {
		t.Errorf("message %q does not list the candidates", err)
	}

	_, err = Lookup(s, nil, nil, "dup", LookupOptions{})
	if !errors.As(err, &re) || len(re.Candidates) != maxResolveCandidates || re.More != 2 {
		t.Fatalf("error = %v, want %d candidates and 2 more", err, maxResolveCandidates)
	}
	if !slices.IsSorted(re.Candidates) || re.Candidates[0] != "package:many/00" {
		t.Errorf("candidates not the first ids in order: %q", re.Candidates)
	}
	if !strings.Contains(err.Error(), "(and 2 more)") {
		t.Errorf("message %q does not count the rest", err)
	}
}

// An unknown target's suggestions are bounded, and the near miss comes
// before the base-name matches.
func TestLookupSuggestionsBounded(t *testing.T) {
	var ids []string
	for i := range MaxSuggestions + 3 {
		ids = append(ids, fmt.Sprintf("module:pkg%d/util.go", i))
	}
	s := synth(ids)
	_, err := Lookup(s, nil, nil, "util.go", LookupOptions{})
	var re *resolveError
	if !errors.As(err, &re) || len(re.Candidates) != MaxSuggestions || re.More != 3 {
		t.Fatalf("error = %v, want %d suggestions and 3 more", err, MaxSuggestions)
	}
	_, err = Lookup(s, nil, nil, "pkg3/util.gp", LookupOptions{})
	if !errors.As(err, &re) || len(re.Candidates) == 0 || re.Candidates[0] != "pkg3/util.go" {
		t.Fatalf("error = %v, want the near miss pkg3/util.go first", err)
	}
}
