package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// field is one key of a JSON object with its raw value, in source order.
type field struct {
	name string
	raw  json.RawMessage
}

// objectFields reads one JSON object shallowly. It exists because
// encoding/json matches keys case-insensitively and keeps the last of
// duplicate keys silently; a golden suite must say exactly what it means.
func objectFields(raw json.RawMessage) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("want an object, got %s", describe(tok))
	}
	var out []field
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("not JSON: %w", err)
		}
		name, ok := tok.(string)
		if !ok {
			return nil, errors.New("object key is not a string")
		}
		if seen[name] {
			return nil, fmt.Errorf("duplicate key %q", name)
		}
		seen[name] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("key %q: %w", name, err)
		}
		out = append(out, field{name: name, raw: v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	return out, nil
}

// describe names a JSON token's type for error messages.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		return "an object"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	default:
		return "a number"
	}
}

// decodeString reads a JSON string (null is refused: a present key must
// say something).
func decodeString(raw json.RawMessage) (string, error) {
	var s *string
	if err := json.Unmarshal(raw, &s); err != nil || s == nil {
		return "", errors.New("want a string")
	}
	return *s, nil
}

// decodeArray reads a JSON array of raw elements.
func decodeArray(raw json.RawMessage) ([]json.RawMessage, error) {
	var a *[]json.RawMessage
	if err := json.Unmarshal(raw, &a); err != nil || a == nil {
		return nil, errors.New("want an array")
	}
	return *a, nil
}
