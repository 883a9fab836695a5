package config

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/catalog"
)

// sectionChecks is the checks section. It tunes what `docbridge check`
// reports, never what the scan observes, so Hash leaves it out: changing a
// severity does not invalidate stored extractions.
const sectionChecks = "checks"

// Bounds of the checks section.
const (
	maxCentralityTopN  = 1000
	maxKnowledgeFields = 32
)

// Checks tunes reconciliation.
type Checks struct {
	// Severity overrides the default severity of a diagnostic code
	// (off, info, warn, error).
	Severity map[string]catalog.Level `json:"severity"`
	// Presets turn on groups of opt-in rules (knowledge-docs).
	Presets []string `json:"presets"`
	// CentralityTopN is how many of the most central modules the
	// CENTRALITY_RISK rule looks at.
	CentralityTopN int           `json:"centralityTopN"`
	KnowledgeDocs  KnowledgeDocs `json:"knowledgeDocs"`
	// Cycles configures IMPORT_CYCLE.
	Cycles Cycles `json:"cycles"`
	// Documents says which documents are not checked.
	Documents Documents `json:"documents"`
}

// KnowledgeDocs configures the knowledge-doc convention rules.
type KnowledgeDocs struct {
	// Root is the directory holding knowledge documents.
	Root string `json:"root"`
	// RequiredFields are front-matter keys every knowledge document has.
	RequiredFields []string `json:"requiredFields"`
	// ClaimSections are heading texts of which at least one must appear.
	ClaimSections []string `json:"claimSections"`
}

// defaultChecks are the checks defaults.
func defaultChecks() Checks {
	return Checks{
		Severity:       map[string]catalog.Level{},
		Presets:        []string{},
		CentralityTopN: 10,
		KnowledgeDocs: KnowledgeDocs{
			Root:           "docs",
			RequiredFields: []string{"Area", "Keywords", "Summary"},
			ClaimSections:  []string{"Facts", "Inferred", "Tested", "Open questions"},
		},
		Cycles:    Cycles{Exclude: defaultCycleExclude()},
		Documents: Documents{Exclude: []string{}},
	}
}

// PresetOn reports whether the preset is turned on.
func (c *Checks) PresetOn(name string) bool { return slices.Contains(c.Presets, name) }

// Level is the effective severity of a code: the configured one, else the
// preset's (warn) for a rule of a preset that is on, else the catalog's
// default. The rules, the doctor and the agent's setup read it here, so
// none needs the rule engine for it.
func (c *Checks) Level(code string) catalog.Level {
	if s, ok := c.Severity[code]; ok {
		return s
	}
	r, ok := catalog.Lookup(code)
	if !ok {
		return catalog.Off
	}
	if r.Group == catalog.GroupKnowledge && c.PresetOn(catalog.GroupKnowledge) {
		return catalog.Warn
	}
	return r.Severity
}

func (d *decoder) decodeChecks(n *yaml.Node, key string, c *Checks) {
	d.mapping(n, key, []field{
		{"severity", func(n *yaml.Node, key string) { d.severities(n, key, c.Severity) }},
		{"presets", func(n *yaml.Node, key string) { d.presets(n, key, &c.Presets) }},
		{"centralityTopN", func(n *yaml.Node, key string) {
			d.bounded(n, key, 0, maxCentralityTopN, &c.CentralityTopN)
		}},
		{"knowledgeDocs", func(n *yaml.Node, key string) {
			k := &c.KnowledgeDocs
			d.mapping(n, key, []field{
				{"root", func(n *yaml.Node, key string) {
					if v, ok := d.item(n, key); ok {
						d.add(n, key, checkPath(v, true))
						k.Root = v
					}
				}},
				{"requiredFields", func(n *yaml.Node, key string) { d.strings(n, key, maxKnowledgeFields, &k.RequiredFields) }},
				{"claimSections", func(n *yaml.Node, key string) { d.strings(n, key, maxKnowledgeFields, &k.ClaimSections) }},
			})
		}},
		{"cycles", func(n *yaml.Node, key string) {
			d.mapping(n, key, []field{
				{"exclude", func(n *yaml.Node, key string) { d.patterns(n, key, &c.Cycles.Exclude) }},
			})
		}},
		{"documents", func(n *yaml.Node, key string) {
			d.mapping(n, key, []field{
				{"exclude", func(n *yaml.Node, key string) { d.patterns(n, key, &c.Documents.Exclude) }},
			})
		}},
	})
}

// severities decodes checks.severity: diagnostic codes to severities.
func (d *decoder) severities(n *yaml.Node, key string, dst map[string]catalog.Level) {
	if absent(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		d.typeError(n, key, "a mapping of diagnostic codes to severities")
		return
	}
	codes := catalog.Codes()
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			continue
		}
		path := joinKey(key, k.Value)
		if first, dup := seen[k.Value]; dup {
			d.add(k, path, &problem{codeDuplicate, fmt.Sprintf("duplicate key (first at line %d)", first)})
			continue
		}
		seen[k.Value] = k.Line
		if _, ok := catalog.Lookup(k.Value); !ok {
			fields := make([]field, len(codes))
			for j, c := range codes {
				fields[j] = field{name: c}
			}
			msg := unknownKeyMessage(path, k.Value, fields)
			if len(msg) > 200 {
				msg = fmt.Sprintf("unknown diagnostic code %q (see docs/diagnostics.md)", k.Value)
			}
			d.add(k, path, &problem{codeUnknownKey, msg})
			continue
		}
		sev, ok := d.item(v, path)
		if !ok {
			continue
		}
		if catalog.Level(sev).Rank() < 0 {
			d.add(v, path, &problem{codeInvalid, fmt.Sprintf("severity %s is not one of off, info, warn, error", quoteValue(sev))})
			continue
		}
		dst[k.Value] = catalog.Level(sev)
	}
}

// presets decodes checks.presets.
func (d *decoder) presets(n *yaml.Node, key string, dst *[]string) {
	known := catalog.Presets()
	var names []string
	d.strings(n, key, len(known)+1, &names)
	out := []string{}
	for i, v := range names {
		if !slices.Contains(known, v) {
			d.add(n, fmt.Sprintf("%s.%d", key, i), &problem{codeInvalid, fmt.Sprintf("unknown preset %s (presets: %s)", quoteValue(v), strings.Join(known, ", "))})
			continue
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	*dst = out
}

// strings decodes a bounded list of non-empty strings.
func (d *decoder) strings(n *yaml.Node, key string, bound int, dst *[]string) {
	items, ok := d.sequence(n, key, bound)
	if !ok {
		return
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		k := fmt.Sprintf("%s.%d", key, i)
		v, ok := d.item(it, k)
		if !ok {
			continue
		}
		if v == "" {
			d.add(it, k, &problem{codeInvalid, "empty string"})
			continue
		}
		out = append(out, v)
	}
	*dst = out
}
