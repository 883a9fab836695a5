package snapshot

// Metadata values are JSON-shaped: a snapshot built in memory by a scan
// holds Go types (int, []map[string]any), one decoded from JSON holds
// float64 and []any. These readers accept both, so that every stage reads
// a fresh and a stored snapshot alike.

// MetaInt reads a number as an int: an int, an int64 or a float64 (JSON);
// anything else is 0.
func MetaInt(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return int(x)
	case float64:
		return int(x)
	}
	return 0
}

// MetaMaps reads a list of objects ([]any of map[string]any, or
// []map[string]any), in order, skipping items that are not objects.
func MetaMaps(v any) []map[string]any {
	switch list := v.(type) {
	case []map[string]any:
		return list
	case []any:
		out := make([]map[string]any, 0, len(list))
		for _, it := range list {
			if m, ok := it.(map[string]any); ok {
				out = append(out, m)
			}
		}
		return out
	}
	return nil
}

// MetaStrings reads a list of strings ([]any of string, or []string), in
// order, skipping items that are not strings.
func MetaStrings(v any) []string {
	switch x := v.(type) {
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, it := range x {
			if s, ok := it.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
