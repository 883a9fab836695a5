package markdown

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// readTOML reads TOML front matter (its lines, delimiters excluded) into fm
// as read does YAML: the five named keys, Fields and Origin. It returns the
// title. TOML has no docbridge block: the key is read from YAML only.
func (r *frontMatterReader) readTOML(lines []string, fm *FrontMatter) (title string) {
	text := strings.Join(lines, "\n")
	if len(text) > maxFrontMatterBytes {
		r.is.add(r.first-1, codeFrontMatterTooLarge,
			"front matter is %d bytes, over the %d-byte bound; it was not parsed", len(text), maxFrontMatterBytes)
		return ""
	}
	var top map[string]any
	if _, err := toml.Decode(text, &top); err != nil {
		line, msg := 0, err.Error()
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line, msg = pe.Position.Line, pe.Message
		}
		at := r.fileLine(line)
		switch {
		case IsArchetype(r.docPath):
			r.is.add(at, "", "archetype front matter is a template, not TOML until Hugo fills it in: %s", msg)
		case isTemplate(text):
			r.is.add(at, "", "front matter holds template syntax and is not TOML until rendered: %s", msg)
		default:
			r.is.add(at, CodeFrontMatterInvalid, "front matter is not valid TOML: %s", msg)
		}
		return ""
	}
	keyLines := tomlKeyLines(lines, r.first)
	keys := make([]string, 0, len(top))
	for k := range top {
		keys = append(keys, k)
	}
	// Document order, as YAML keeps it; keys written inline in a table
	// header's dotted form have no line and come last, sorted.
	slices.SortFunc(keys, func(a, b string) int {
		la, lb := keyLines[a], keyLines[b]
		switch {
		case la != lb && la != 0 && lb != 0:
			return la - lb
		case la == 0 && lb != 0:
			return 1
		case lb == 0 && la != 0:
			return -1
		}
		return strings.Compare(a, b)
	})
	c := newFieldCollector(fm)
	for _, k := range keys {
		if table, ok := top[k].(map[string]any); ok {
			if fm.Origin == "" {
				fm.Origin = tableOrigin(table)
			}
			c.table(k)
			continue
		}
		if tables, ok := top[k].([]map[string]any); ok && len(tables) > 0 {
			c.table(k)
			continue
		}
		text, ok := tomlFieldText(top[k])
		if !ok {
			continue
		}
		if fm.Origin == "" && isOriginKey(k) && absoluteHTTP(text) {
			fm.Origin = text
		}
		_, isString := top[k].(string)
		c.add(k, text, max(keyLines[k], r.first), isString)
	}
	return c.finish(r)
}

// tomlFieldText is a Fields value: a scalar as written, a list of scalars
// joined with ", ".
func tomlFieldText(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case bool:
		return strconv.FormatBool(v), true
	case int64:
		return strconv.FormatInt(v, 10), true
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64), true
	case time.Time:
		return v.Format(time.RFC3339), true
	case []any:
		parts := make([]string, 0, len(v))
		for _, item := range v {
			if _, nested := item.([]any); nested {
				return "", false
			}
			s, ok := tomlFieldText(item)
			if !ok {
				return "", false
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ", "), true
	}
	return "", false
}

// tomlKeyLines finds the file line of each top-level key: a line before the
// first table header that starts with the key (bare or quoted) and "=".
// The TOML decoder gives no positions; this only places keys the decoder
// already accepted.
func tomlKeyLines(lines []string, first int) map[string]int {
	out := map[string]int{}
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			break // a table: its keys are not top-level
		}
		key, _, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		key = strings.Trim(strings.TrimSpace(key), `"'`)
		if _, seen := out[key]; !seen && key != "" {
			out[key] = first + i
		}
	}
	return out
}

// originKeys name the repository a page describes (FrontMatter.Origin).
var originKeys = []string{"repository", "repo", "source"}

func isOriginKey(k string) bool { return slices.Contains(originKeys, strings.ToLower(k)) }

// tableOrigin is the first origin key's URL in a table one level down.
func tableOrigin(table map[string]any) string {
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if s, ok := table[k].(string); ok && isOriginKey(k) && absoluteHTTP(s) {
			return strings.TrimSpace(s)
		}
	}
	return ""
}
