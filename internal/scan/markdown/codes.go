package markdown

// Diagnostic codes of the Issues Extract reports. They are stable: reconcile
// and the docs (docs/diagnostics.md) refer to them by name.
const (
	// CodeFrontMatterInvalid: the front matter is not valid YAML, or not a
	// mapping.
	CodeFrontMatterInvalid = "FRONT_MATTER_INVALID"
	// CodeFrontMatterUnclosed: an opening --- line without a closing line.
	CodeFrontMatterUnclosed = "FRONT_MATTER_UNCLOSED"
	// CodeFrontMatterTooLarge: the front matter exceeds MaxFrontMatterBytes.
	CodeFrontMatterTooLarge = "FRONT_MATTER_TOO_LARGE"
	// CodeGeneratedUnclosed: a generated-region marker with no closing marker.
	CodeGeneratedUnclosed = "GENERATED_UNCLOSED"
	// CodeLinkOutsideRoot: a relative link that climbs above the repository
	// root.
	CodeLinkOutsideRoot = "LINK_OUTSIDE_ROOT"

	// CodeDocbridgeYAML: the front matter's YAML cannot be read at all, so
	// the docbridge block was read line by line.
	CodeDocbridgeYAML = "DOCBRIDGE_YAML"
	// CodeDocbridgeNotMapping: the docbridge key is not a mapping.
	CodeDocbridgeNotMapping = "DOCBRIDGE_NOT_MAPPING"
	// CodeDocbridgeUnknownKey: a key the block schema does not define.
	CodeDocbridgeUnknownKey = "DOCBRIDGE_UNKNOWN_KEY"
	// CodeDocbridgeType: a value of the wrong YAML type.
	CodeDocbridgeType = "DOCBRIDGE_TYPE"
	// CodeDocbridgeMissingField: a relation without to or kind.
	CodeDocbridgeMissingField = "DOCBRIDGE_MISSING_FIELD"
	// CodeDocbridgeInvalidID: an entity id that is not kind:value.
	CodeDocbridgeInvalidID = "DOCBRIDGE_INVALID_ID"
	// CodeDocbridgeInvalidKind: a relation kind that is not lowercase
	// letters and hyphens, at most 40 of them.
	CodeDocbridgeInvalidKind = "DOCBRIDGE_INVALID_KIND"
	// CodeDocbridgeDuplicate: the same cover or relation twice.
	CodeDocbridgeDuplicate = "DOCBRIDGE_DUPLICATE"
	// CodeDocbridgeLimit: more than MaxCovers covers or MaxRelations
	// relations.
	CodeDocbridgeLimit = "DOCBRIDGE_LIMIT"
)
