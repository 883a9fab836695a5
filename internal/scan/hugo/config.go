// Package hugo reads the configuration files of Hugo sites: what resolution
// needs to find a site's content and render its anchors the way Hugo does
// (content directories, module mounts, languages, the heading-id type,
// themes). Extraction is per file and a pure function of its bytes; the
// files of one site (hugo.toml, or the files of config/_default/) are
// merged by internal/scan.
//
// Files are parsed with real parsers: github.com/BurntSushi/toml,
// gopkg.in/yaml.v3 and encoding/json. Hugo reads configuration keys
// case-insensitively, so every key is compared lowercased.
package hugo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/yamlpos"
)

// Version identifies this analyzer's extraction logic; stored extractions
// made by another version are refused.
const Version = "hugo/9"

// Bounds on what one configuration file contributes.
const (
	maxMounts    = 256
	maxLanguages = 128
	maxThemes    = 16
	maxKeyRunes  = 512
)

// Config is what one configuration file says about its site. Section is
// the top-level key the file's content sits under: "" for hugo.* and
// config.*, "module" for config/_default/module.yaml, and so on.
type Config struct {
	Section string `json:"section,omitempty"`
	// Template is set for a config/_default file named as a template of a
	// section (module-template.yaml, module.tmpl.toml): a build renders it
	// into that section's file before Hugo runs, so the rendered file is
	// absent from the repository and the template says what it will hold.
	Template bool `json:"template,omitempty"`
	// Hugo is set when the file holds keys only Hugo reads, so a config.yaml
	// of another tool is not taken for a site.
	Hugo       bool     `json:"hugo,omitempty"`
	ContentDir string   `json:"contentDir,omitempty"`
	ThemesDir  string   `json:"themesDir,omitempty"`
	Themes     []string `json:"themes,omitempty"`
	// Imports are the module paths of module.imports (a theme imported as
	// a Hugo module: github.com/imfing/hextra), whose files are not in
	// the repository.
	Imports   []string   `json:"imports,omitempty"`
	Mounts    []Mount    `json:"mounts,omitempty"`
	Languages []Language `json:"languages,omitempty"`
	// AutoIDType is markup.goldmark.parser.autoIDType (autoHeadingIDType
	// before Hugo 0.144): github, github-ascii or blackfriday.
	AutoIDType string `json:"autoIdType,omitempty"`
	// AutoHeadingIDOff is set when markup.goldmark.parser.autoHeadingID is
	// false: headings get no automatic ids.
	AutoHeadingIDOff bool `json:"autoHeadingIdOff,omitempty"`
	// AttributeTitleOff is set when markup.goldmark.parser.attribute.title
	// is false: "{#id}" after a heading is text, not its id.
	AttributeTitleOff bool `json:"attributeTitleOff,omitempty"`
	// EnableEmoji is enableEmoji: :emoji: shortcodes in content are emoji.
	EnableEmoji bool `json:"enableEmoji,omitempty"`
	// AutoDefinitionTermID is markup.goldmark.parser.autoDefinitionTermID.
	AutoDefinitionTermID bool `json:"autoDefinitionTermId,omitempty"`
	// Taxonomies are the plural names of the configured taxonomies, whose
	// list pages Hugo generates at /<plural>/ and /<plural>/<term>/; nil
	// when the file does not configure them.
	Taxonomies []string `json:"taxonomies,omitempty"`
	// OutputBaseNames are the baseName values of outputFormats: files Hugo
	// writes (llms.txt, _redirects) that no content file stands for.
	OutputBaseNames []string `json:"outputBaseNames,omitempty"`
	// Permalinks are the top-level sections' permalink patterns
	// ("/:section/:year/:month/:slug/"), from permalinks (or its page
	// entry, the newer form), sorted by section: a list, so the stored
	// state encodes it the same way every time.
	Permalinks []Permalink `json:"permalinks,omitempty"`
	// DefaultContentLanguage is the language served at the root.
	DefaultContentLanguage string          `json:"defaultContentLanguage,omitempty"`
	Issues                 []extract.Issue `json:"issues,omitempty"`
}

// Permalink is one section's permalink pattern.
type Permalink struct {
	Section string `json:"section"`
	Pattern string `json:"pattern"`
}

// Mount is one module.mounts entry: a path of the project (relative to
// the site root) mounted at a path of Hugo's virtual tree ("content/docs").
type Mount struct {
	Source string `json:"source"`
	Target string `json:"target"`
	// Languages are the languages the mount is for (lang, or
	// sites.matrix.languages); empty means all.
	Languages []string `json:"languages,omitempty"`
}

// Language is one languages.<key> entry.
type Language struct {
	Key        string `json:"key"`
	ContentDir string `json:"contentDir,omitempty"`
}

// configNames are the site configuration files at a site root, in Hugo's
// order of precedence (hugo.* before the legacy config.*).
var configNames = []string{"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"}

// IsConfig reports whether the file at p (repo-relative) may configure a
// Hugo site: hugo.*, config.* at any depth, or a file of a config/_default
// directory.
func IsConfig(p string) bool {
	base := path.Base(p)
	for _, n := range configNames {
		if base == n {
			return true
		}
	}
	return path.Base(path.Dir(p)) == "_default" && path.Base(path.Dir(path.Dir(p))) == "config" && configExt(base) != ""
}

// SiteRoot returns the directory of the site a configuration file belongs
// to: its own directory, or the parent of config/ for config/_default/.
func SiteRoot(p string) string {
	dir := path.Dir(p)
	if path.Base(dir) == "_default" && path.Base(path.Dir(dir)) == "config" {
		dir = path.Dir(path.Dir(dir))
	}
	return dir
}

// InEnvironmentDir reports whether p is a file of a config/<environment>
// directory other than _default (config/production/hugo.toml): overrides
// for one environment, not a site of its own.
func InEnvironmentDir(p string) bool {
	dir := path.Dir(p)
	return path.Base(path.Dir(dir)) == "config" && path.Base(dir) != "_default" && !InConfigDir(p)
}

// InConfigDir reports whether p is a file of a config/_default directory.
func InConfigDir(p string) bool { return SiteRoot(p) != path.Dir(p) }

// Primary reports whether p is a root configuration file (hugo.* or
// config.*), whose keys are the top level.
func Primary(p string) bool {
	name := strings.TrimSuffix(path.Base(p), path.Ext(p))
	return name == "hugo" || name == "config"
}

func configExt(base string) string {
	switch ext := path.Ext(base); ext {
	case ".toml", ".yaml", ".yml", ".json":
		return ext
	}
	return ""
}

// hugoKeys are top-level keys that mark a Hugo configuration.
var hugoKeys = map[string]bool{
	"baseurl": true, "contentdir": true, "theme": true, "themesdir": true, "module": true, "markup": true,
	"languagecode": true, "defaultcontentlanguage": true, "disablekinds": true, "permalinks": true,
	"taxonomies": true, "outputs": true, "outputformats": true, "enablerobotstxt": true, "enablegitinfo": true,
	"publishdir": true, "pygmentscodefences": true, "defaultcontentlanguageinsubdir": true,
}

// zolaKeys are top-level keys of Zola's config.toml that Hugo has no
// use for; a file with one of them and no baseURL is Zola's.
var zolaKeys = []string{"base_url", "compile_sass", "build_search_index", "generate_feeds", "generate_feed"}

// Parse reads one configuration file. It never fails: a file it cannot
// read yields a Config with an Issue (for hugo.* and config/_default/
// files; a config.* file that is not valid is assumed to be another
// tool's and yields nothing).
func Parse(p string, data []byte) Config {
	var c Config
	if !Primary(p) {
		c.Section = strings.ToLower(strings.TrimSuffix(path.Base(p), path.Ext(p)))
	}
	top, line, err := decode(path.Ext(p), data)
	if err != nil {
		if strings.HasPrefix(path.Base(p), "hugo.") || InConfigDir(p) {
			c.Issues = append(c.Issues, extract.Issue{Line: line, Status: extract.StatusNotAnalyzed,
				Message: "Hugo configuration not read: " + err.Error()})
		}
		return c
	}
	if c.Section != "" {
		// config/_default/<section>.<ext> holds the section's value.
		lang := ""
		if l, rest, ok := strings.Cut(c.Section, "."); ok {
			c.Section, lang = l, rest // params.en.toml and the like
		}
		c.Section, c.Template = templateOf(c.Section, strings.TrimSuffix(path.Base(p), path.Ext(p)))
		if c.Section == "languages" && lang != "" && !c.Template {
			// languages.ja.toml holds the one language's settings.
			top = map[string]any{lang: top}
		}
		top = map[string]any{c.Section: top}
		c.Hugo = true
	}
	m, _ := top.(map[string]any)
	for k := range m {
		if hugoKeys[k] {
			c.Hugo = true
		}
	}
	if c.Section == "" && m["baseurl"] == nil && slices.ContainsFunc(zolaKeys, func(k string) bool { return m[k] != nil }) {
		// Zola's config.toml shares theme and taxonomies with Hugo's but
		// spells its URL base_url: another generator's site.
		c.Hugo = false
	}
	if strings.HasPrefix(path.Base(p), "hugo.") {
		c.Hugo = true
	}
	if !c.Hugo {
		return Config{}
	}
	c.ContentDir = str(m["contentdir"])
	c.EnableEmoji, _ = m["enableemoji"].(bool)
	c.ThemesDir = str(m["themesdir"])
	c.DefaultContentLanguage = str(m["defaultcontentlanguage"])
	switch t := m["theme"].(type) {
	case string:
		c.Themes = []string{t}
	case []any:
		for _, v := range t {
			if s := str(v); s != "" && len(c.Themes) < maxThemes {
				c.Themes = append(c.Themes, s)
			}
		}
	}
	if tax, ok := m["taxonomies"].(map[string]any); ok {
		c.Taxonomies = []string{}
		for _, k := range slices.Sorted(maps.Keys(tax)) {
			if v := str(tax[k]); v != "" {
				c.Taxonomies = append(c.Taxonomies, v)
			}
		}
	}
	if pl, ok := m["permalinks"].(map[string]any); ok {
		if page, ok := pl["page"].(map[string]any); ok {
			pl = page
		}
		for _, k := range slices.Sorted(maps.Keys(pl)) {
			if pattern := str(pl[k]); pattern != "" {
				c.Permalinks = append(c.Permalinks, Permalink{Section: strings.ToLower(k), Pattern: pattern})
			}
		}
	}
	if of, ok := m["outputformats"].(map[string]any); ok {
		for _, k := range slices.Sorted(maps.Keys(of)) {
			if f, ok := of[k].(map[string]any); ok {
				if b := str(f["basename"]); b != "" {
					c.OutputBaseNames = append(c.OutputBaseNames, b)
				}
			}
		}
	}
	if mod, ok := m["module"].(map[string]any); ok {
		c.Mounts = mounts(mod["mounts"], &c)
		imports, _ := mod["imports"].([]any)
		for _, it := range imports {
			im, _ := it.(map[string]any)
			if p := str(im["path"]); p != "" && len(p) <= maxKeyRunes && len(c.Imports) < maxThemes {
				c.Imports = append(c.Imports, p)
			}
		}
	}
	if langs, ok := m["languages"].(map[string]any); ok {
		for _, k := range slices.Sorted(maps.Keys(langs)) {
			if len(c.Languages) >= maxLanguages {
				c.Issues = append(c.Issues, extract.Issue{Status: extract.StatusPartial,
					Message: fmt.Sprintf("more than %d languages; the rest are not read", maxLanguages)})
				break
			}
			l := Language{Key: k}
			if lm, ok := langs[k].(map[string]any); ok {
				l.ContentDir = str(lm["contentdir"])
			}
			c.Languages = append(c.Languages, l)
		}
	}
	parser := dig(m, "markup", "goldmark", "parser")
	if parser != nil {
		c.AutoIDType = strings.ToLower(str(parser["autoidtype"]))
		if c.AutoIDType == "" {
			c.AutoIDType = strings.ToLower(str(parser["autoheadingidtype"]))
		}
		if b, ok := parser["autoheadingid"].(bool); ok && !b {
			c.AutoHeadingIDOff = true
		}
		if b, ok := parser["autodefinitiontermid"].(bool); ok && b {
			c.AutoDefinitionTermID = true
		}
		if attr, ok := parser["attribute"].(map[string]any); ok {
			if b, ok := attr["title"].(bool); ok && !b {
				c.AttributeTitleOff = true
			}
		}
	}
	return c
}

// templateSuffixes name a template of a section's file: module-template,
// module_tmpl; module.template and module.tmpl are read by the cut at the
// first dot, and marked here from the whole name.
var templateSuffixes = []string{"-template", "_template", "-tmpl", "_tmpl", ".template", ".tmpl"}

// templateOf returns the section a config/_default file holds and whether
// its name marks it as a template of that section's file; name is the
// file's name without its extension.
func templateOf(section, name string) (string, bool) {
	name = strings.ToLower(name)
	for _, suf := range templateSuffixes {
		if base, ok := strings.CutSuffix(name, suf); ok && base != "" && !strings.Contains(base, ".") {
			return base, true
		}
	}
	return section, false
}

// mounts reads module.mounts: a list of {source, target, lang, sites}.
func mounts(v any, c *Config) []Mount {
	list, _ := v.([]any)
	var out []Mount
	for _, it := range list {
		mm, ok := it.(map[string]any)
		if !ok {
			continue
		}
		if len(out) >= maxMounts {
			c.Issues = append(c.Issues, extract.Issue{Status: extract.StatusPartial,
				Message: fmt.Sprintf("more than %d module mounts; the rest are not read", maxMounts)})
			break
		}
		mt := Mount{Source: str(mm["source"]), Target: str(mm["target"])}
		if mt.Source == "" || mt.Target == "" || len(mt.Source) > maxKeyRunes || len(mt.Target) > maxKeyRunes {
			continue
		}
		if l := str(mm["lang"]); l != "" {
			mt.Languages = []string{l}
		}
		if langs, ok := dig(mm, "sites", "matrix")["languages"].([]any); ok {
			for _, l := range langs {
				if s := str(l); s != "" {
					mt.Languages = append(mt.Languages, s)
				}
			}
		}
		out = append(out, mt)
	}
	return out
}

// decode parses data by the file's extension into plain values with
// lowercased map keys. line locates a syntax error when the parser says.
func decode(ext string, data []byte) (v any, line int, err error) {
	var raw any
	switch ext {
	case ".toml":
		var m map[string]any
		if _, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&m); err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				return nil, pe.Position.Line, fmt.Errorf("invalid TOML: %s", pe.Message)
			}
			return nil, 0, fmt.Errorf("invalid TOML: %w", err)
		}
		raw = m
	case ".yaml", ".yml":
		var n yaml.Node
		if err := yaml.Unmarshal(data, &n); err != nil {
			l, msg := yamlpos.ErrorLine(err)
			return nil, l, fmt.Errorf("invalid YAML: %s", msg)
		}
		// Decoding into a value resolves anchors (Hugo sites use them for
		// mounts) and refuses excessive aliasing.
		if err := n.Decode(&raw); err != nil {
			l, msg := yamlpos.ErrorLine(err)
			return nil, l, fmt.Errorf("invalid YAML: %s", msg)
		}
	case ".json":
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, 0, fmt.Errorf("invalid JSON: %w", err)
		}
	default:
		return nil, 0, fmt.Errorf("unknown configuration format %q", ext)
	}
	return lower(raw, 0), 0, nil
}

// maxDepth bounds the nesting lower walks; deeper values are dropped.
const maxDepth = 32

// lower copies v with every map key lowercased (Hugo's keys are
// case-insensitive) and every map made map[string]any.
func lower(v any, depth int) any {
	if depth > maxDepth {
		return nil
	}
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for _, k := range slices.Sorted(maps.Keys(t)) {
			out[strings.ToLower(k)] = lower(t[k], depth+1)
		}
		return out
	case map[any]any:
		// Keys in sorted order, as above: two that differ only in case
		// give the same result on every run (the last in order wins).
		byKey := make(map[string]any, len(t))
		for k, val := range t {
			byKey[fmt.Sprint(k)] = val
		}
		return lower(byKey, depth)
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = lower(e, depth+1)
		}
		return out
	case []map[string]any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = lower(e, depth+1)
		}
		return out
	}
	return v
}

// dig follows keys through nested maps; nil when one is missing.
func dig(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		next, ok := m[k].(map[string]any)
		if !ok {
			return nil
		}
		m = next
	}
	return m
}

func str(v any) string {
	s, _ := v.(string)
	if len(s) > maxKeyRunes {
		return ""
	}
	return s
}
