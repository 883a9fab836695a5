package scan

import (
	"slices"
	"strconv"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// maxSharedKeys bounds the metadata maps shareMetadata looks at: the
// repeated ones are small (a link's anchors, a code span's symbols, an
// import's flags), and a bound keeps the key cheap to build.
const maxSharedKeys = 8

// shareMetadata makes relations whose metadata are equal share one map.
// Most relations with metadata hold a small map with a one-item list (the
// anchor a link names, the symbol a code span names, an import's flags),
// and many hold the same one: on the generated monorepo corpus 72,653 maps
// hold 17,216 distinct contents, and even a one-entry map costs about 350
// bytes. Only maps of the plain values the scan builds (bool, string, int,
// []string) are shared. The snapshot is read-only after the scan (package
// snapshot), and Normalize rewrites only values that are not plain, so no
// reader can tell a shared map from a copy.
func shareMetadata(rels []*snapshot.Relation) {
	seen := map[string]map[string]any{}
	var key []byte
	var ok bool
	for _, r := range rels {
		if len(r.Metadata) == 0 {
			continue
		}
		if key, ok = appendMetaKey(key[:0], r.Metadata); !ok {
			continue
		}
		if m, found := seen[string(key)]; found {
			r.Metadata = m
			continue
		}
		seen[string(key)] = r.Metadata
	}
}

// appendMetaKey appends an encoding of m that two maps share only when
// they are equal: the keys in order, each value with its type, every
// string length-prefixed. It reports false for a map it does not share (a
// value of another type, too many keys).
func appendMetaKey(buf []byte, m map[string]any) ([]byte, bool) {
	if len(m) > maxSharedKeys {
		return buf, false
	}
	var arr [maxSharedKeys]string
	keys := arr[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		buf = appendLenString(buf, k)
		switch v := m[k].(type) {
		case bool:
			buf = strconv.AppendBool(append(buf, 'b'), v)
		case string:
			buf = appendLenString(append(buf, 's'), v)
		case int:
			buf = strconv.AppendInt(append(buf, 'i'), int64(v), 10)
			buf = append(buf, ';')
		case []string:
			if v == nil {
				buf = append(buf, 'n')
				continue
			}
			buf = strconv.AppendInt(append(buf, 'l'), int64(len(v)), 10)
			buf = append(buf, ':')
			for _, s := range v {
				buf = appendLenString(buf, s)
			}
		default:
			return buf, false
		}
	}
	return buf, true
}

func appendLenString(buf []byte, s string) []byte {
	buf = strconv.AppendInt(buf, int64(len(s)), 10)
	buf = append(buf, ':')
	return append(buf, s...)
}
