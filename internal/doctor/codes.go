package doctor

import (
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/reconcile"
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

// figureCodes are the codes the doctor reports as figures (see figures):
// per-document findings off by default, counted here instead.
var figureCodes = []string{catalog.DocumentWithoutCode, catalog.UndocumentedArea, catalog.CentralityRisk, catalog.NearTwinDocument}

// Codes returns every diagnostic code the doctor counts, sorted. The
// doctor needs them all reported whatever their configured severity.
func Codes() []string {
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
// Codes is on — at its default severity, or info for a code that is off by
// default (the figures) — and every other code is off: a check turned off
// must not raise the score, so the doctor's reconcile run sees every
// problem it counts, and computes nothing else.
func Config(cfg *config.Config) *config.Config {
	if cfg == nil {
		cfg = config.Default()
	}
	c := *cfg
	c.Checks.Severity = map[string]string{}
	counted := Codes()
	for _, code := range catalog.Codes() {
		if !slices.Contains(counted, code) {
			c.Checks.Severity[code] = catalog.Off
		}
	}
	for _, code := range counted {
		if r, ok := catalog.Lookup(code); ok && r.Severity == catalog.Off {
			c.Checks.Severity[code] = catalog.Info
		}
	}
	return &c
}

// SilencedConfig returns a copy of cfg (nil: the defaults) in which only
// the codes the doctor counts and cfg turns off are on (at their default
// severity, or info for a figure's code) and every other code is off: a
// check's own diagnostics hold every counted code cfg leaves on, so a run
// with this configuration adds exactly what the doctor still needs.
func SilencedConfig(cfg *config.Config) *config.Config {
	if cfg == nil {
		cfg = config.Default()
	}
	c := *cfg
	c.Checks.Severity = map[string]string{}
	silenced := map[string]bool{}
	for _, code := range Codes() {
		if reconcile.Severity(&cfg.Checks, code) == catalog.Off {
			silenced[code] = true
		}
	}
	for _, code := range catalog.Codes() {
		r, _ := catalog.Lookup(code)
		switch {
		case !silenced[code]:
			c.Checks.Severity[code] = catalog.Off
		case r.Severity == catalog.Off:
			c.Checks.Severity[code] = catalog.Info
		}
	}
	return &c
}

// Silenced reports whether cfg (nil: the defaults) leaves off a code the
// doctor counts — the figures' codes are off by default — so the check's
// own diagnostics lack problems the doctor must see, and the caller reruns
// reconcile with Config(cfg).
func Silenced(cfg *config.Config) bool {
	if cfg == nil {
		cfg = config.Default()
	}
	for _, code := range Codes() {
		if reconcile.Severity(&cfg.Checks, code) == catalog.Off {
			return true
		}
	}
	return false
}
