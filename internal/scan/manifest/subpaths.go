package manifest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Mapping is one key of package.json "imports" or "exports" and the paths
// it maps to.
type Mapping struct {
	// Key is as written: "#types/*", ".", "./client". Whether it is a
	// pattern (one "*") is for the resolver to decide.
	Key string `json:"key"`
	// Targets are the strings reachable from the key's value in document
	// order: the string itself, each element of an array, each condition's
	// value of a conditions object (recursively). Empty for null, which
	// excludes the key.
	Targets []string `json:"targets,omitempty"`
	// Line is the 1-based line of the key (of "exports" for the "." key of
	// a string, array or conditions object).
	Line int `json:"line"`
}

// member is one key of a JSON object with the targets under it.
type member struct {
	key     string
	line    int
	targets []string
}

// mapWalker reads one "imports" or "exports" value token by token, so that
// keys keep the order they are written in, which decides between conditions
// and between equal patterns (a Go map would lose it). Nesting needs no
// bound of its own: ParsePackageJSON has already validated the file with
// encoding/json, which refuses nesting deeper than 10000.
type mapWalker struct {
	dec   *json.Decoder
	raw   []byte
	base  int // line of raw's first byte
	path  string
	field string
	is    *issues
}

func newMapWalker(path, field string, f jsonField, is *issues) *mapWalker {
	return &mapWalker{dec: json.NewDecoder(bytes.NewReader(f.raw)), raw: f.raw,
		base: f.valueLine, path: path, field: field, is: is}
}

// line is the line the decoder has read up to.
func (w *mapWalker) line() int {
	off := min(int(w.dec.InputOffset()), len(w.raw))
	return w.base + bytes.Count(w.raw[:off], []byte{'\n'})
}

// object reads the members of an object whose '{' has been read. A repeated
// key keeps its first place and its last value, as JSON.parse does. where
// names the value in messages; "" means this is the field's own object.
func (w *mapWalker) object(where string) ([]member, error) {
	var ms []member
	at := map[string]int{}
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return nil, fmt.Errorf("read key: %w", err)
		}
		key, _ := tok.(string)
		key = validUTF8(key)
		line := w.line()
		inner := where
		if inner == "" {
			inner = fmt.Sprintf("%s[%q]", w.field, key)
		}
		ts, err := w.targets(inner)
		if err != nil {
			return nil, err
		}
		if i, ok := at[key]; ok {
			ms[i].targets, ms[i].line = ts, line
			continue
		}
		at[key] = len(ms)
		ms = append(ms, member{key: key, line: line, targets: ts})
	}
	if _, err := w.dec.Token(); err != nil {
		return nil, fmt.Errorf("read end of object: %w", err)
	}
	return ms, nil
}

// targets reads one value and returns its string targets.
func (w *mapWalker) targets(where string) ([]string, error) {
	tok, err := w.dec.Token()
	if err != nil {
		return nil, fmt.Errorf("read value: %w", err)
	}
	return w.targetsFrom(tok, where)
}

// targetsFrom returns the string targets of the value starting with tok, in
// document order, keeping at most maxTargets+1 so that a cut can be told.
func (w *mapWalker) targetsFrom(tok json.Token, where string) ([]string, error) {
	switch v := tok.(type) {
	case nil:
		return nil, nil
	case string:
		return []string{validUTF8(v)}, nil
	case json.Delim:
		var out []string
		if v == '[' {
			for w.dec.More() {
				ts, err := w.targets(where)
				if err != nil {
					return nil, err
				}
				out = capTargets(append(out, ts...))
			}
			if _, err := w.dec.Token(); err != nil {
				return nil, fmt.Errorf("read end of array: %w", err)
			}
			return out, nil
		}
		ms, err := w.object(where)
		for _, m := range ms {
			out = capTargets(append(out, m.targets...))
		}
		return out, err
	default:
		w.is.partial(w.line(), "%s: %s: target %v is not a path, an array, a conditions object or null; ignored", w.path, where, v)
		return nil, nil
	}
}

// capTargets keeps one target past the bound, so that mappings can report
// the cut.
func capTargets(ts []string) []string { return ts[:min(len(ts), maxTargets+1)] }

// mappings turns members into Mappings, keeping the first maxMappings keys
// and maxTargets targets of each, and recording every cut.
func (w *mapWalker) mappings(ms []member) []Mapping {
	if len(ms) > maxMappings {
		w.is.partial(ms[maxMappings].line, "%s: %q has %d keys, only the first %d are kept", w.path, w.field, len(ms), maxMappings)
		ms = ms[:maxMappings]
	}
	// nil, not empty, when there is nothing: a stored extraction decodes
	// an absent list as nil.
	var out []Mapping
	for _, m := range ms {
		if len(m.targets) > maxTargets {
			w.is.partial(m.line, "%s: %s[%q] has more than %d targets, only the first %d are kept", w.path, w.field, m.key, maxTargets, maxTargets)
			m.targets = m.targets[:maxTargets]
		}
		out = append(out, Mapping{Key: m.key, Targets: m.targets, Line: m.line})
	}
	return out
}

// importMap reads "imports": an object whose keys start with "#".
func importMap(path string, f jsonField, is *issues) []Mapping {
	w := newMapWalker(path, "imports", f, is)
	tok, err := w.dec.Token()
	switch {
	case err != nil:
		is.partial(f.line, "%s: read \"imports\": %v", path, err)
		return nil
	case tok == nil: // null, as if absent
		return nil
	case tok != json.Delim('{'):
		is.partial(f.line, "%s: \"imports\" must be an object", path)
		return nil
	}
	ms, err := w.object("")
	if err != nil {
		is.partial(f.line, "%s: read \"imports\": %v", path, err)
		return nil
	}
	var keep []member
	for _, m := range ms {
		// A specifier that does not start with "#" never reaches "imports".
		if !strings.HasPrefix(m.key, "#") {
			is.partial(m.line, "%s: imports key %q does not start with \"#\"; ignored", path, m.key)
			continue
		}
		keep = append(keep, m)
	}
	return w.mappings(keep)
}

// exportMap reads "exports": an object of subpath keys ("." and "./…"), or
// the "." key alone given as a string, an array or a conditions object (an
// object without keys starting with ".").
func exportMap(path string, f jsonField, is *issues) []Mapping {
	w := newMapWalker(path, "exports", f, is)
	tok, err := w.dec.Token()
	if err != nil {
		is.partial(f.line, "%s: read \"exports\": %v", path, err)
		return nil
	}
	dot := func(ts []string) []Mapping {
		return w.mappings([]member{{key: ".", line: f.line, targets: ts}})
	}
	switch v := tok.(type) {
	case nil: // null, as if absent
		return nil
	case string:
		return dot([]string{validUTF8(v)})
	case json.Delim:
		if v == '[' {
			ts, err := w.targetsFrom(tok, `exports["."]`)
			if err != nil {
				is.partial(f.line, "%s: read \"exports\": %v", path, err)
				return nil
			}
			return dot(ts)
		}
		ms, err := w.object("")
		if err != nil {
			is.partial(f.line, "%s: read \"exports\": %v", path, err)
			return nil
		}
		return subpathsOrConditions(w, f.line, ms, dot)
	default:
		is.partial(f.line, "%s: \"exports\" must be a string, an array or an object", path)
		return nil
	}
}

// subpathsOrConditions tells the two kinds of "exports" object apart. Node
// refuses an object mixing both; the subpath keys are kept, as they are
// what other packages import.
func subpathsOrConditions(w *mapWalker, line int, ms []member, dot func([]string) []Mapping) []Mapping {
	if len(ms) == 0 {
		return nil
	}
	var subpaths []member
	var conditions []string
	var ts []string
	for _, m := range ms {
		if strings.HasPrefix(m.key, ".") {
			subpaths = append(subpaths, m)
			continue
		}
		conditions = append(conditions, m.key)
		ts = capTargets(append(ts, m.targets...))
	}
	if len(subpaths) == 0 {
		return dot(ts)
	}
	if len(conditions) > 0 {
		w.is.partial(line, "%s: \"exports\" mixes subpath keys with conditions (%q); the conditions are ignored", w.path, conditions[0])
	}
	return w.mappings(subpaths)
}
