package markdown

// Diagnostic codes of the Issues Extract reports. They are stable: reconcile
// and the docs (docs/diagnostics.md) refer to them by name.
const (
	// CodeFrontMatterInvalid: the front matter is not valid YAML, or not a
	// mapping.
	CodeFrontMatterInvalid = "FRONT_MATTER_INVALID"
	// codeFrontMatterUnclosed: an opening --- line without a closing line.
	codeFrontMatterUnclosed = "FRONT_MATTER_UNCLOSED"
	// codeFrontMatterTooLarge: the front matter exceeds maxFrontMatterBytes.
	codeFrontMatterTooLarge = "FRONT_MATTER_TOO_LARGE"
	// codeGeneratedUnclosed: a generated-region marker with no closing marker.
	codeGeneratedUnclosed = "GENERATED_UNCLOSED"
	// CodeLinkOutsideRoot: a relative link that climbs above the repository
	// root.
	CodeLinkOutsideRoot = "LINK_OUTSIDE_ROOT"

	// codeDocbridgeYAML: the front matter's YAML cannot be read at all, so
	// the docbridge block was read line by line.
	codeDocbridgeYAML = "DOCBRIDGE_YAML"
	// codeDocbridgeNotMapping: the docbridge key is not a mapping.
	codeDocbridgeNotMapping = "DOCBRIDGE_NOT_MAPPING"
	// codeDocbridgeUnknownKey: a key the block schema does not define.
	codeDocbridgeUnknownKey = "DOCBRIDGE_UNKNOWN_KEY"
	// codeDocbridgeType: a value of the wrong YAML type.
	codeDocbridgeType = "DOCBRIDGE_TYPE"
	// codeDocbridgeMissingField: a relation without to or kind.
	codeDocbridgeMissingField = "DOCBRIDGE_MISSING_FIELD"
	// codeDocbridgeInvalidID: an entity id that is not kind:value.
	codeDocbridgeInvalidID = "DOCBRIDGE_INVALID_ID"
	// codeDocbridgeInvalidKind: a relation kind that is not lowercase
	// letters and hyphens, at most 40 of them.
	codeDocbridgeInvalidKind = "DOCBRIDGE_INVALID_KIND"
	// codeDocbridgeDuplicate: the same cover or relation twice.
	codeDocbridgeDuplicate = "DOCBRIDGE_DUPLICATE"
	// codeDocbridgeLimit: more than maxCovers covers or maxRelations
	// relations.
	codeDocbridgeLimit = "DOCBRIDGE_LIMIT"
)
