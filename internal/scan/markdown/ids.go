package markdown

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// idKinds are the entity kinds a docbridge block may name.
var idKinds = []string{"document", "module", "package", "area", "external"}

// maxRelationKindLen bounds a declared relation kind.
const maxRelationKindLen = 40

// checkID returns why id is not a valid entity id ("" when it is): kind:value
// with kind one of idKinds and a value that is non-empty, has no leading '/',
// no ".." segment and no whitespace.
func checkID(id string) string {
	kind, value, ok := snapshot.ParseEntityID(id)
	if !ok {
		return "expected kind:value"
	}
	switch {
	case !slices.Contains(idKinds, kind):
		return fmt.Sprintf("kind %q is not one of %s", kind, strings.Join(idKinds, ", "))
	case value == "":
		return "empty value"
	case strings.HasPrefix(value, "/"):
		return "value starts with /"
	case strings.IndexFunc(value, unicode.IsSpace) >= 0:
		return "value contains whitespace"
	}
	for _, seg := range strings.Split(value, "/") {
		if seg == ".." {
			return "value has a .. segment"
		}
	}
	return ""
}

// checkRelationKind returns why kind is not a valid relation kind ("" when
// it is): one to 40 lowercase letters and hyphens.
func checkRelationKind(kind string) string {
	if kind == "" {
		return "empty kind"
	}
	if len(kind) > maxRelationKindLen {
		return fmt.Sprintf("longer than %d characters", maxRelationKindLen)
	}
	for _, r := range kind {
		if (r < 'a' || r > 'z') && r != '-' {
			return "only lowercase letters and hyphens are allowed"
		}
	}
	return ""
}
