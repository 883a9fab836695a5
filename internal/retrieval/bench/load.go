package bench

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Load reads a suite strictly: unknown or duplicate keys, a missing or
// blank field, a case without targets, a duplicate case id, an unknown
// kind or a bound crossed are all errors. A *suiteError lists every
// problem, each naming its case and field.
func Load(data []byte) (Suite, error) {
	var ps problems
	if len(data) > MaxSuiteBytes {
		ps.add(-1, "", "file", "larger than %d bytes", MaxSuiteBytes)
		return Suite{}, ps.err()
	}
	if !json.Valid(data) {
		var v any
		err := json.Unmarshal(data, &v)
		ps.add(-1, "", "file", "not JSON: %v", err)
		return Suite{}, ps.err()
	}
	top, err := objectFields(data)
	if err != nil {
		ps.add(-1, "", "file", "%v", err)
		return Suite{}, ps.err()
	}
	var s Suite
	var rawCases []json.RawMessage
	have := map[string]bool{}
	for _, f := range top {
		have[f.name] = true
		switch f.name {
		case "version":
			var v *int
			if json.Unmarshal(f.raw, &v) != nil || v == nil {
				ps.add(-1, "", "version", "want an integer")
			} else if *v != version {
				ps.add(-1, "", "version", "unsupported version %d (this docbridge reads version %d)", *v, version)
			} else {
				s.Version = *v
			}
		case "name":
			if s.Name, err = decodeString(f.raw); err != nil {
				ps.add(-1, "", "name", "%v", err)
			} else if msg := checkText(s.Name, maxNameBytes); msg != "" {
				ps.add(-1, "", "name", "%s", msg)
			}
		case "cases":
			if rawCases, err = decodeArray(f.raw); err != nil {
				ps.add(-1, "", "cases", "%v", err)
			}
		case "seed":
			var v *int64
			if json.Unmarshal(f.raw, &v) != nil || v == nil || *v < 0 || *v > maxSeed {
				ps.add(-1, "", "seed", "want an integer from 0 to %d", int64(maxSeed))
			} else {
				seed := uint64(*v)
				s.Seed = &seed
			}
		default:
			ps.add(-1, "", keyField("", f.name), "unknown key (a suite has version, name, seed and cases)")
		}
	}
	for _, k := range []string{"version", "name", "cases"} {
		if !have[k] {
			ps.add(-1, "", k, "missing")
		}
	}
	if have["cases"] && rawCases != nil {
		switch {
		case len(rawCases) == 0:
			ps.add(-1, "", "cases", "no cases")
		case len(rawCases) > maxCases:
			ps.add(-1, "", "cases", "%d cases, more than the bound of %d", len(rawCases), maxCases)
			rawCases = nil
		}
	}
	firstAt := map[string]int{}
	for i, raw := range rawCases {
		c, ok := loadCase(i, raw, &ps)
		if c.ID != "" {
			if j, dup := firstAt[c.ID]; dup {
				ps.add(i, c.ID, "id", "duplicate id (first used by case #%d)", j+1)
				ok = false
			} else {
				firstAt[c.ID] = i
			}
		}
		if ok {
			s.Cases = append(s.Cases, c)
		}
	}
	if len(ps.list)+ps.more == 0 {
		checkSplits(s, &ps)
	}
	if err := ps.err(); err != nil {
		return Suite{}, err
	}
	return s, nil
}

// checkSplits: in a suite with a seed every case names its half, and the
// half is the one the seed gives (AssignSplits), so a split cannot be
// edited by hand to favour a ranker; without a seed no case has a half.
func checkSplits(s Suite, ps *problems) {
	if s.Seed == nil {
		for i, c := range s.Cases {
			if c.Split != "" {
				ps.add(i, c.ID, "split", "a split without a seed (add the suite's seed, or drop the split)")
			}
		}
		return
	}
	ids := make([]string, len(s.Cases))
	for i, c := range s.Cases {
		ids[i] = c.ID
	}
	want := AssignSplits(*s.Seed, ids)
	for i, c := range s.Cases {
		switch {
		case c.Split == "":
			ps.add(i, c.ID, "split", "missing (the suite has a seed: want %q)", want[c.ID])
		case c.Split != want[c.ID]:
			ps.add(i, c.ID, "split", "%q, but seed %d puts the case in %q", c.Split, *s.Seed, want[c.ID])
		}
	}
}

// loadCase reads one case; ok is false when it has a problem. The id is
// returned even then, so that later problems can name the case.
func loadCase(i int, raw json.RawMessage, ps *problems) (Case, bool) {
	var c Case
	fields, err := objectFields(raw)
	if err != nil {
		ps.add(i, "", "case", "%v", err)
		return c, false
	}
	// The id first: every other problem of the case names it.
	for _, f := range fields {
		if f.name != "id" {
			continue
		}
		id, err := decodeString(f.raw)
		if err != nil {
			ps.add(i, "", "id", "%v", err)
		} else if msg := checkText(id, maxIDBytes); msg != "" {
			ps.add(i, "", "id", "%s", msg)
		} else {
			c.ID = id
		}
	}
	n := len(ps.list) + ps.more
	have := map[string]bool{}
	for _, f := range fields {
		have[f.name] = true
		switch f.name {
		case "id":
		case "input":
			in, err := decodeString(f.raw)
			if err != nil {
				ps.add(i, c.ID, "input", "%v", err)
			} else if msg := checkText(in, maxInputBytes); msg != "" {
				ps.add(i, c.ID, "input", "%s", msg)
			} else {
				c.Input = in
			}
		case "split":
			sp, err := decodeString(f.raw)
			if err != nil {
				ps.add(i, c.ID, "split", "%v", err)
			} else if !slices.Contains(Splits, sp) {
				ps.add(i, c.ID, "split", "unknown split %q (use %s)", sp, strings.Join(Splits, ", "))
			} else {
				c.Split = sp
			}
		case "metadata":
			c.Metadata = loadMetadata(i, c.ID, f.raw, ps)
		default:
			ps.add(i, c.ID, keyField("", f.name), "unknown key (a case has id, input, split and metadata)")
		}
	}
	for _, k := range []string{"id", "input", "metadata"} {
		if !have[k] {
			ps.add(i, c.ID, k, "missing")
		}
	}
	return c, c.ID != "" && len(ps.list)+ps.more == n
}

// loadMetadata reads a case's metadata object.
func loadMetadata(i int, id string, raw json.RawMessage, ps *problems) Metadata {
	var m Metadata
	fields, err := objectFields(raw)
	if err != nil {
		ps.add(i, id, "metadata", "%v", err)
		return m
	}
	have := map[string]bool{}
	for _, f := range fields {
		have[f.name] = true
		switch f.name {
		case "expectedTargets":
			m.ExpectedTargets = loadTargets(i, id, f.raw, ps)
		case "kind":
			k, err := decodeString(f.raw)
			if err != nil {
				ps.add(i, id, "metadata.kind", "%v", err)
			} else if !slices.Contains(kinds, k) {
				ps.add(i, id, "metadata.kind", "unknown kind %q (use %s)", k, strings.Join(kinds, ", "))
			} else {
				m.Kind = k
			}
		default:
			ps.add(i, id, keyField("metadata.", f.name), "unknown key (metadata has expectedTargets and kind)")
		}
	}
	for _, k := range []string{"expectedTargets", "kind"} {
		if !have[k] {
			ps.add(i, id, "metadata."+k, "missing")
		}
	}
	return m
}

// loadTargets reads and checks a case's expected targets.
func loadTargets(i int, id string, raw json.RawMessage, ps *problems) []string {
	const name = "metadata.expectedTargets"
	elems, err := decodeArray(raw)
	switch {
	case err != nil:
		ps.add(i, id, name, "%v", err)
		return nil
	case len(elems) == 0:
		ps.add(i, id, name, "no targets (a case needs at least one)")
		return nil
	case len(elems) > maxTargets:
		ps.add(i, id, name, "%d targets, more than the bound of %d", len(elems), maxTargets)
		return nil
	}
	var out []string
	for j, e := range elems {
		where := fmt.Sprintf("%s[%d]", name, j)
		t, err := decodeString(e)
		if err != nil {
			ps.add(i, id, where, "%v", err)
			continue
		}
		if msg := checkTarget(t); msg != "" {
			ps.add(i, id, where, "%s", msg)
			continue
		}
		if slices.Contains(out, t) {
			ps.add(i, id, where, "duplicate target %q", t)
			continue
		}
		out = append(out, t)
	}
	return out
}

// keyField names an unknown key as a field; a key that is not a plain
// word is quoted, so an empty or odd key still reads as one.
func keyField(prefix, name string) string {
	plain := name != "" && !strings.ContainsFunc(name, func(r rune) bool {
		return !(r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r))
	})
	if plain {
		return prefix + name
	}
	return prefix + strconv.Quote(name)
}

// checkText refuses blank, padded, oversized or control-character text;
// it returns the reason, or "" when the text is fine.
func checkText(s string, max int) string {
	switch {
	case strings.TrimSpace(s) == "":
		return "empty"
	case len(s) > max:
		return fmt.Sprintf("longer than %d bytes", max)
	case !utf8.ValidString(s):
		return "not valid UTF-8"
	case strings.TrimSpace(s) != s:
		return "leading or trailing space"
	case strings.ContainsFunc(s, unicode.IsControl):
		return "contains a control character"
	}
	return ""
}

// checkTarget refuses a target that could never match a hit: an id of an
// entity kind the projection does not hold, or a path not in the
// repository-relative, slash-separated, clean form entries carry.
func checkTarget(t string) string {
	if msg := checkText(t, maxTargetBytes); msg != "" {
		return msg
	}
	if kind, value, ok := snapshot.ParseEntityID(t); ok {
		if !slices.Contains(searchableKinds, kind) {
			return fmt.Sprintf("%q is not a searchable entity kind (ids start with %s; anything else with a colon is refused)",
				kind, strings.Join(searchableKinds, ":, ")+":")
		}
		if value == "" {
			return "id without a value"
		}
		return ""
	}
	switch {
	case strings.Contains(t, `\`):
		return "path with a backslash (use /)"
	case strings.HasPrefix(t, "/"):
		return "absolute path (use a path relative to the repository root)"
	case path.Clean(t) != t:
		return fmt.Sprintf("path not in clean form (want %q)", path.Clean(t))
	case t == ".." || strings.HasPrefix(t, "../"):
		return "path outside the repository"
	}
	return ""
}
