package manifest

import (
	"github.com/docbridge/docbridge/internal/yamlpos"

	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// ParsePnpmWorkspace reads the "packages" globs of a pnpm-workspace.yaml, in
// source order. path is used in messages only.
func ParsePnpmWorkspace(path string, data []byte) ([]string, []extract.Issue) {
	var is issues
	// YAML also breaks lines at a lone CR; Issue lines count LF only.
	lastLine := lineAt(data, len(data))
	line := func(n int) int { return min(n, lastLine) }
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		errLine, msg := yamlpos.ErrorLine(err)
		is.add(line(errLine), extract.StatusNotAnalyzed, "%s: invalid YAML: %s", path, msg)
		return nil, is.done()
	}
	if doc.Kind == 0 { // empty file
		return nil, nil
	}
	root := deref(&doc)
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = deref(root.Content[0])
	}
	if root.Kind != yaml.MappingNode {
		if root.Tag != "!!null" {
			is.add(line(root.Line), extract.StatusNotAnalyzed, "%s: top level must be a mapping", path)
		}
		return nil, is.done()
	}
	var packages *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "packages" {
			packages = deref(root.Content[i+1])
		}
	}
	if packages == nil || packages.Tag == "!!null" {
		return nil, is.done()
	}
	if packages.Kind != yaml.SequenceNode {
		is.partial(line(packages.Line), "%s: packages must be a list of globs", path)
		return nil, is.done()
	}
	var out []string
	for _, n := range packages.Content {
		n = deref(n)
		if n.Kind != yaml.ScalarNode || n.Value == "" || n.Tag == "!!null" {
			is.partial(line(n.Line), "%s: packages entry is not a glob", path)
			continue
		}
		if len(out) == maxPatterns {
			is.partial(line(n.Line), "%s: %d packages entries, only the first %d globs are kept", path, len(packages.Content), maxPatterns)
			break
		}
		out = append(out, validUTF8(n.Value))
	}
	return out, is.done()
}

// deref follows one alias, so "packages: *globs" reads its anchor; aliases
// are not chased further, so a cycle cannot loop.
func deref(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}
