package doctor

import (
	"maps"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/reconcile/catalog"
)

// blockErrorPrefix starts the codes of docbridge block errors.
const blockErrorPrefix = "DOCBRIDGE_"

// linkCodes are the broken references of the links dimension; the drift
// codes are the same problems as a pull request reports them.
var linkCodes = []string{catalog.BrokenAnchor, catalog.BrokenLink, catalog.DriftAnchor, catalog.DriftLink}

// regionCodes are the generated-region problems.
var regionCodes = []string{catalog.GeneratedRegionEdited, "GENERATED_UNCLOSED"}

// areaCodes report an area no document documents.
var areaCodes = []string{catalog.RequiredDocMissing, catalog.UndocumentedArea}

// isDeclarationCode reports a stale declaration or a docbridge block error.
func isDeclarationCode(code string) bool {
	return code == catalog.StaleDeclaration || strings.HasPrefix(code, blockErrorPrefix)
}

// Codes returns every diagnostic code the doctor counts, sorted. The
// doctor needs them all reported whatever their configured severity.
func Codes() []string {
	out := slices.Concat(linkCodes, regionCodes, areaCodes, []string{catalog.DocumentWithoutCode, catalog.StaleDeclaration})
	for _, c := range catalog.Codes() {
		if strings.HasPrefix(c, blockErrorPrefix) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Config returns a copy of cfg (nil: the defaults) in which no code of
// Codes is configured: a check turned off must not raise the score, so the
// doctor's reconcile run sees every problem it counts. Severity overrides
// of other codes are kept.
func Config(cfg *config.Config) *config.Config {
	if cfg == nil {
		cfg = config.Default()
	}
	c := *cfg
	c.Checks.Severity = maps.Clone(cfg.Checks.Severity)
	for _, code := range Codes() {
		delete(c.Checks.Severity, code)
	}
	return &c
}

// Silenced reports whether cfg turns off a code the doctor counts: then
// the check's own diagnostics lack problems the doctor must see, and the
// caller reruns reconcile with Config(cfg).
func Silenced(cfg *config.Config) bool {
	if cfg == nil {
		return false
	}
	for _, code := range Codes() {
		if cfg.Checks.Severity[code] == catalog.Off {
			return true
		}
	}
	return false
}
