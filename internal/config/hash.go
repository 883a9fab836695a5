package config

import (
	"encoding/json"
	"fmt"

	"github.com/cespare/xxhash/v2"
	"github.com/docbridge/docbridge/internal/catalog"
)

// Hash is the configurationHash: the lowercase 16-hex xxhash64 of the
// canonical JSON of the effective configuration. A nil Config hashes as the
// defaults, which is what it stands for.
func (c *Config) Hash() string {
	cc := c.canonical()
	// checks tunes what check reports, not what the scan observes.
	return hashJSON(struct {
		Version   int       `json:"version"`
		Project   Project   `json:"project"`
		Scan      Scan      `json:"scan"`
		Languages Languages `json:"languages"`
		Analysis  Analysis  `json:"analysis"`
		// Without sites the hash is what it was before the section existed.
		Sites []Site `json:"sites,omitempty"`
	}{cc.Version, cc.Project, cc.Scan, cc.Languages, cc.Analysis, cc.Sites})
}

// FullHash hashes the whole effective configuration, checks, enrichment and
// approvals included: what decides a check's findings, where Hash is what
// decides a scan's extractions.
func (c *Config) FullHash() string {
	return hashJSON(c.canonical())
}

// SectionHash hashes one top-level section (sectionVersion, sectionProject,
// sectionScan, sectionLanguages or sectionAnalysis) as the JSON object
// {"<section>": value}, so two sections never share a hash by accident.
// Analyzers key their stored extractions by the sections they read. An
// unknown section returns "".
func (c *Config) SectionHash(section string) string {
	cc := c.canonical()
	var v any
	switch section {
	case sectionVersion:
		v = cc.Version
	case sectionProject:
		v = cc.Project
	case sectionScan:
		v = cc.Scan
	case sectionLanguages:
		v = cc.Languages
	case sectionAnalysis:
		v = cc.Analysis
	case SectionSites:
		v = cc.Sites
	case sectionChecks:
		v = cc.Checks
	case sectionEnrich:
		v = cc.Enrich
	case sectionApprovals:
		v = cc.Approvals
	default:
		return ""
	}
	return hashJSON(map[string]any{section: v})
}

// canonical returns a copy in which nil lists are empty, so a Config built in
// code hashes like the same Config parsed from YAML.
func (c *Config) canonical() *Config {
	if c == nil {
		return Default()
	}
	cc := *c
	cc.Scan.Exclude = nonNil(cc.Scan.Exclude)
	if cc.Analysis.Areas == nil {
		cc.Analysis.Areas = []Area{}
	}
	cc.Analysis.Derive.Roots = nonNil(cc.Analysis.Derive.Roots)
	cc.Analysis.Derive.Exclude = nonNil(cc.Analysis.Derive.Exclude)
	cc.Sites = nonNilSites(cc.Sites)
	if cc.Checks.Severity == nil {
		cc.Checks.Severity = map[string]catalog.Level{}
	}
	cc.Checks.Presets = nonNil(cc.Checks.Presets)
	cc.Checks.KnowledgeDocs.RequiredFields = nonNil(cc.Checks.KnowledgeDocs.RequiredFields)
	cc.Checks.KnowledgeDocs.ClaimSections = nonNil(cc.Checks.KnowledgeDocs.ClaimSections)
	cc.Approvals.Allowlist = nonNil(cc.Approvals.Allowlist)
	return &cc
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// hashJSON hashes v's JSON. encoding/json writes struct fields in declaration
// order and map keys sorted, so the bytes are canonical. Marshalling these
// plain types cannot fail; should it ever, the error text is hashed rather
// than panicking, which still changes the hash.
func hashJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte("error: " + err.Error())
	}
	return fmt.Sprintf("%016x", xxhash.Sum64(b))
}
