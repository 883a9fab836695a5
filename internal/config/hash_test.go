package config

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"testing"
)

// defaultHash pins the canonical form: if it changes, every stored extraction
// is invalidated, which must be a deliberate decision.
const defaultHash = "3c59e739529698cf"

func mustParse(t *testing.T, name, in string) *Config {
	t.Helper()
	c, err := Parse(name, []byte(in))
	if err != nil {
		t.Fatalf("Parse(%q): %v", in, err)
	}
	return c
}

func TestHashFormatAndPin(t *testing.T) {
	h := Default().Hash()
	if !regexp.MustCompile(`^[0-9a-f]{16}$`).MatchString(h) {
		t.Fatalf("Hash() = %q, want 16 lowercase hex digits", h)
	}
	if h != defaultHash {
		t.Fatalf("Default().Hash() = %s, want %s (the canonical form changed)", h, defaultHash)
	}
	var nilCfg *Config
	if nilCfg.Hash() != h {
		t.Error("a nil Config must hash as the defaults")
	}
}

func TestHashIgnoresLayout(t *testing.T) {
	read := func(name string) *Config {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return mustParse(t, name, string(data))
	}
	full, reordered := read("full.yaml"), read("reordered.yaml")
	if full.Hash() != reordered.Hash() {
		t.Errorf("key order changed the hash: %s vs %s", full.Hash(), reordered.Hash())
	}
	if full.Hash() == Default().Hash() {
		t.Error("a non-default file hashes like the defaults")
	}
	spelled := mustParse(t, "spelled", "version: 1\nscan: {exclude: [], maxFiles: 100000}\nlanguages: {go: true}\n")
	if spelled.Hash() != Default().Hash() {
		t.Error("spelling out defaults changed the hash")
	}
	// nil lists (a Config built in code) hash like empty ones.
	code := Default()
	code.Scan.Exclude, code.Analysis.Areas, code.Analysis.Derive.Exclude = nil, nil, nil
	if code.Hash() != Default().Hash() {
		t.Error("nil lists hash differently from empty lists")
	}
}

func TestHashChangesWithEveryValue(t *testing.T) {
	base := Default().Hash()
	seen := map[string]string{base: "default"}
	for _, in := range []string{
		"project: {name: x}",
		"scan: {exclude: [a]}",
		"scan: {maxFileBytes: 1048577}",
		"scan: {maxFiles: 99999}",
		"languages: {markdown: false}",
		"languages: {go: false}",
		"languages: {typescript: false}",
		"languages: {python: false}",
		"analysis: {areas: [{path: a}]}",
		"analysis: {areas: [{path: a, name: A}]}",
		"analysis: {areas: [{path: a, required: true}]}",
		"analysis: {derive: {roots: [src]}}",
		"analysis: {derive: {roots: [lib, src]}}",
		"analysis: {derive: {depth: 2}}",
		"analysis: {derive: {exclude: [a]}}",
		"scan: {exclude: [a, b]}",
		"scan: {exclude: [b, a]}",
		"sites: [{root: ., generator: none}]",
		"sites: [{root: ., generator: mkdocs}]",
		"sites: [{root: ., generator: mkdocs, docsDir: d}]",
		"sites: [{root: ., generator: mkdocs, slugify: pymdownx.slugs.gfm}]",
		"sites: [{root: ., generator: docusaurus}]",
		"sites: [{root: ., generator: docusaurus, docsDir: d}]",
		"sites: [{root: ., generator: docusaurus, routeBasePath: /}]",
		"sites: [{root: ., generator: mdbook, src: d}]",
		"sites: [{root: ., generator: jekyll, baseurl: /d}]",
		"sites: [{root: ., generator: vitepress, srcDir: d}]",
		"sites: [{root: d, generator: vitepress}]",
	} {
		h := mustParse(t, "x", in).Hash()
		if prev, dup := seen[h]; dup {
			t.Errorf("%q hashes like %q", in, prev)
		}
		seen[h] = in
	}
}

func TestSectionHash(t *testing.T) {
	def := Default()
	changed := mustParse(t, "x", "scan: {maxFiles: 7}")
	tests := []struct {
		section string
		differs bool
	}{
		{sectionVersion, false},
		{sectionProject, false},
		{sectionScan, true},
		{sectionLanguages, false},
		{sectionAnalysis, false},
	}
	seen := map[string]string{}
	for _, tt := range tests {
		a, b := def.SectionHash(tt.section), changed.SectionHash(tt.section)
		if len(a) != 16 {
			t.Errorf("SectionHash(%q) = %q, want 16 hex digits", tt.section, a)
		}
		if (a != b) != tt.differs {
			t.Errorf("SectionHash(%q): default %s, changed %s, want differs=%v", tt.section, a, b, tt.differs)
		}
		if prev, dup := seen[a]; dup {
			t.Errorf("sections %q and %q share a hash", prev, tt.section)
		}
		seen[a] = tt.section
	}
	if h := def.SectionHash("scans"); h != "" {
		t.Errorf("SectionHash of an unknown section = %q, want empty", h)
	}
	if def.SectionHash(sectionScan) == def.Hash() {
		t.Error("a section hash equals the whole-config hash")
	}
}

// TestHashCoversEverySection fails when Config gains a top-level section,
// so that whoever adds it decides whether Hash covers it (it lists the
// sections it hashes; Checks, Enrich and Approvals are left out on purpose).
func TestHashCoversEverySection(t *testing.T) {
	var got []string
	typ := reflect.TypeOf(Config{})
	for i := range typ.NumField() {
		got = append(got, typ.Field(i).Name)
	}
	want := []string{"Version", "Project", "Scan", "Languages", "Analysis", "Sites", "Checks", "Enrich", "Approvals"}
	if !slices.Equal(got, want) {
		t.Fatalf("Config's sections are %v, Hash was written for %v: decide whether Hash covers the new one, then update this list", got, want)
	}
}

// TestFullHashCoversChecks: FullHash keys what judges findings, so a
// change Hash ignores on purpose (a severity, a preset) changes it, and
// layout does not.
func TestFullHashCoversChecks(t *testing.T) {
	def := Default()
	seen := map[string]string{def.FullHash(): "default"}
	for _, in := range []string{
		"checks: {severity: {BROKEN_LINK: warn}}",
		"checks: {severity: {BROKEN_LINK: off}}",
		"checks: {presets: [knowledge-docs]}",
		"scan: {maxFiles: 7}",
		"project: {name: x}",
	} {
		c := mustParse(t, "x", in)
		h := c.FullHash()
		if prev, dup := seen[h]; dup {
			t.Errorf("%q full-hashes like %q", in, prev)
		}
		seen[h] = in
	}
	if a, b := mustParse(t, "x", "checks: {severity: {BROKEN_LINK: warn, BROKEN_ANCHOR: off}}").FullHash(),
		mustParse(t, "x", "checks:\n  severity:\n    BROKEN_ANCHOR: off\n    BROKEN_LINK: warn\n").FullHash(); a != b {
		t.Errorf("the same configuration in another layout full-hashes differently: %s, %s", a, b)
	}
}
