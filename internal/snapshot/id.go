package snapshot

import "strings"

// EntityID returns the id of an entity of the given kind and key (a path,
// a package's directory, a module path, an unresolved target …).
func EntityID(kind, key string) string { return kind + ":" + key }

// ParseEntityID is the inverse of EntityID: the kind and key of an id, split
// at its first ':' (kinds have none; keys may). ok is false for a string
// that is no id (it has no ':'); kind and key are empty then.
func ParseEntityID(id string) (kind, key string, ok bool) {
	i := strings.IndexByte(id, ':')
	if i < 0 {
		return "", "", false
	}
	return id[:i], id[i+1:], true
}

// RelationID returns the id of the relation kind from → to. One relation
// exists per (kind, from, to); repeated occurrences add evidence.
func RelationID(kind, from, to string) string { return kind + ":" + from + "->" + to }

// EntityPath is an entity's repository path: its Path, else its id's key
// (a package or area the scan gave no path names its directory there).
func EntityPath(e *Entity) string {
	if e.Path != "" {
		return e.Path
	}
	_, key, _ := ParseEntityID(e.ID)
	return key
}
