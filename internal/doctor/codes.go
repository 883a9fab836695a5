package doctor

import (
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
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

// figureCodes are the codes the doctor reports as figures (see figures):
// per-document findings off by default, counted here instead.
var figureCodes = []string{catalog.DocumentWithoutCode, catalog.UndocumentedArea, catalog.CentralityRisk, catalog.NearTwinDocument}

// codes returns every diagnostic code the doctor counts, sorted. The
// doctor needs them all reported whatever their configured severity.
func codes() []string {
	out := slices.Concat(linkCodes, regionCodes, areaCodes, figureCodes, []string{catalog.StaleDeclaration})
	for _, c := range catalog.Codes() {
		if strings.HasPrefix(c, blockErrorPrefix) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Config returns a copy of cfg (nil: the defaults) in which every code of
// codes is on — at its default severity, or info for a code that is off by
// default (the figures) — and every other code is off: a check turned off
// must not raise the score, so the doctor's reconcile run sees every
// problem it counts, and computes nothing else.
func Config(cfg *config.Config) *config.Config { return only(cfg, codes()) }

// SilencedConfig returns a copy of cfg (nil: the defaults) in which only
// the codes the doctor counts and cfg turns off are on (at their default
// severity, or info for a figure's code) and every other code is off: a
// check's own diagnostics hold every counted code cfg leaves on, so a run
// with this configuration adds exactly what the doctor still needs.
func SilencedConfig(cfg *config.Config) *config.Config { return only(cfg, silenced(cfg)) }

// Silenced reports whether cfg (nil: the defaults) leaves off a code the
// doctor counts — the figures' codes are off by default — so the check's
// own diagnostics lack problems the doctor must see, and the caller reruns
// reconcile with SilencedConfig(cfg) for them.
func Silenced(cfg *config.Config) bool { return len(silenced(cfg)) > 0 }

// silenced lists the codes of codes that cfg (nil: the defaults) leaves
// off.
func silenced(cfg *config.Config) []string {
	if cfg == nil {
		cfg = config.Default()
	}
	var out []string
	for _, code := range codes() {
		if cfg.Checks.Level(code) == catalog.Off {
			out = append(out, code)
		}
	}
	return out
}

// only returns a copy of cfg (nil: the defaults) in which the codes on
// are on — at their default severity, or info for an opt-in code — and
// every other code of the catalog is off. Other settings are kept.
func only(cfg *config.Config, on []string) *config.Config {
	if cfg == nil {
		cfg = config.Default()
	}
	c := *cfg
	c.Checks.Severity = map[string]catalog.Level{}
	for _, r := range catalog.All() {
		switch {
		case !slices.Contains(on, r.Code):
			c.Checks.Severity[r.Code] = catalog.Off
		case r.Severity == catalog.Off:
			c.Checks.Severity[r.Code] = catalog.Info
		}
	}
	return &c
}
