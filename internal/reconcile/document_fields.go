package reconcile

import (
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Field returns the front-matter value of the key name, compared without
// regard to case, with its line (0 when unknown). A key written exactly as
// name wins; among keys differing only in case the smallest wins, so the
// answer never depends on map order.
func (d *document) Field(name string) (value string, line int, ok bool) {
	if v, found := d.FrontMatterFields[name]; found {
		return v, d.FrontMatterLines[name], true
	}
	var keys []string
	for k := range d.FrontMatterFields {
		if strings.EqualFold(k, name) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "", 0, false
	}
	k := slices.Min(keys)
	return d.FrontMatterFields[k], d.FrontMatterLines[k], true
}

// metaStringMap reads an object of strings: the plain JSON form, or the
// typed map a snapshot built in memory may still hold. Other values are
// left out.
func metaStringMap(v any) map[string]string {
	out := map[string]string{}
	switch x := v.(type) {
	case map[string]string:
		for k, s := range x {
			out[k] = s
		}
	case map[string]any:
		for k, it := range x {
			if s, ok := it.(string); ok {
				out[k] = s
			}
		}
	}
	return out
}

// metaIntMap reads an object of numbers (int or float64 after a JSON round
// trip); other values are left out.
func metaIntMap(v any) map[string]int {
	out := map[string]int{}
	switch x := v.(type) {
	case map[string]int:
		for k, n := range x {
			out[k] = n
		}
	case map[string]any:
		for k, it := range x {
			if n := snapshot.MetaInt(it); n > 0 {
				out[k] = n
			}
		}
	}
	return out
}
