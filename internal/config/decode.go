package config

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// decoder walks a yaml.v3 node tree against the schema, writing values into
// a Config that starts from Default and collecting every problem it meets.
type decoder struct {
	file string
	errs []*Error
}

// field is one key of a mapping and how to decode its value at key path key.
type field struct {
	name   string
	decode func(n *yaml.Node, key string)
}

// add records a problem at n's line.
func (d *decoder) add(n *yaml.Node, key string, p *problem) {
	if p != nil {
		d.errs = append(d.errs, &Error{File: d.file, Line: n.Line, Key: key, Message: p.message, Code: p.code, column: n.Column})
	}
}

// typeError records a value of the wrong type.
func (d *decoder) typeError(n *yaml.Node, key, want string) {
	d.add(n, key, &problem{codeType, fmt.Sprintf("expected %s, got %s", want, describe(n))})
}

// absent reports a value that leaves the default in place: null (an empty
// value counts) or an alias, which is reported by checkAnchors instead.
func absent(n *yaml.Node) bool {
	return n.Kind == yaml.AliasNode || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
}

// decodeRoot decodes the document's root node into c.
func (d *decoder) decodeRoot(n *yaml.Node, c *Config) {
	d.mapping(n, "", []field{
		{"version", func(n *yaml.Node, key string) {
			if v, ok := d.integer(n, key); ok {
				if p := checkVersion(v); p != nil {
					d.add(n, key, p)
					return
				}
				c.Version = int(v)
			}
		}},
		{"project", func(n *yaml.Node, key string) {
			d.mapping(n, key, []field{
				{"name", func(n *yaml.Node, key string) { d.str(n, key, &c.Project.Name) }},
				{"repository", func(n *yaml.Node, key string) {
					d.str(n, key, &c.Project.Repository)
					if p := checkRepository(c.Project.Repository); p != nil {
						d.add(n, key, p)
						c.Project.Repository = ""
					}
				}},
				{"defaultBranch", func(n *yaml.Node, key string) {
					d.str(n, key, &c.Project.DefaultBranch)
					if p := checkBranch(c.Project.DefaultBranch); p != nil {
						d.add(n, key, p)
						c.Project.DefaultBranch = ""
					}
				}},
				{"branches", func(n *yaml.Node, key string) {
					d.strings(n, key, maxBranches, &c.Project.Branches)
					kept := c.Project.Branches[:0]
					for i, b := range c.Project.Branches {
						if p := checkBranch(b); p != nil {
							d.add(n, fmt.Sprintf("%s.%d", key, i), p)
							continue
						}
						kept = append(kept, b)
					}
					if len(kept) == 0 {
						kept = nil // [] is the default, as absent
					}
					c.Project.Branches = kept
				}},
			})
		}},
		{"scan", func(n *yaml.Node, key string) { d.decodeScan(n, key, &c.Scan) }},
		{"languages", func(n *yaml.Node, key string) {
			l := &c.Languages
			d.mapping(n, key, []field{
				{"markdown", func(n *yaml.Node, key string) { d.boolean(n, key, &l.Markdown) }},
				{"go", func(n *yaml.Node, key string) { d.boolean(n, key, &l.Go) }},
				{"typescript", func(n *yaml.Node, key string) { d.boolean(n, key, &l.TypeScript) }},
				{"python", func(n *yaml.Node, key string) { d.boolean(n, key, &l.Python) }},
			})
		}},
		{"analysis", func(n *yaml.Node, key string) { d.decodeAnalysis(n, key, &c.Analysis) }},
		{"sites", func(n *yaml.Node, key string) { d.decodeSites(n, key, &c.Sites) }},
		{"checks", func(n *yaml.Node, key string) { d.decodeChecks(n, key, &c.Checks) }},
		{"enrich", func(n *yaml.Node, key string) { d.decodeEnrich(n, key, &c.Enrich) }},
		{"approvals", func(n *yaml.Node, key string) { d.decodeApprovals(n, key, &c.Approvals) }},
	})
}

func (d *decoder) decodeScan(n *yaml.Node, key string, s *Scan) {
	d.mapping(n, key, []field{
		{"exclude", func(n *yaml.Node, key string) { d.patterns(n, key, &s.Exclude) }},
		{"maxFileBytes", func(n *yaml.Node, key string) {
			d.bounded(n, key, minMaxFileBytes, maxMaxFileBytes, &s.MaxFileBytes)
		}},
		{"maxFiles", func(n *yaml.Node, key string) {
			d.bounded(n, key, minMaxFiles, maxMaxFiles, &s.MaxFiles)
		}},
	})
}

func (d *decoder) decodeAnalysis(n *yaml.Node, key string, a *Analysis) {
	d.mapping(n, key, []field{
		{"areas", func(n *yaml.Node, key string) { d.areas(n, key, &a.Areas) }},
		{"derive", func(n *yaml.Node, key string) {
			dv := &a.Derive
			d.mapping(n, key, []field{
				{"roots", func(n *yaml.Node, key string) { d.roots(n, key, &dv.Roots) }},
				{"depth", func(n *yaml.Node, key string) { d.bounded(n, key, MinDepth, MaxDepth, &dv.Depth) }},
				{"exclude", func(n *yaml.Node, key string) { d.patterns(n, key, &dv.Exclude) }},
			})
		}},
	})
}

// mapping decodes a mapping whose keys must all be among fields.
func (d *decoder) mapping(n *yaml.Node, key string, fields []field) {
	if absent(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		d.typeError(n, key, "a mapping")
		return
	}
	seen := make(map[string]int, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			if k.Kind != yaml.AliasNode {
				d.add(k, key, &problem{codeType, "keys must be strings, got " + describe(k)})
			}
			continue
		}
		path := joinKey(key, k.Value)
		if first, dup := seen[k.Value]; dup {
			d.add(k, path, &problem{codeDuplicate, fmt.Sprintf("duplicate key (first at line %d)", first)})
			continue
		}
		seen[k.Value] = k.Line
		f := findField(fields, k.Value)
		if f == nil {
			d.add(k, path, &problem{codeUnknownKey, unknownKeyMessage(path, k.Value, fields)})
			continue
		}
		f.decode(v, path)
	}
}

// findField returns the field named name, or nil.
func findField(fields []field, name string) *field {
	for i := range fields {
		if fields[i].name == name {
			return &fields[i]
		}
	}
	return nil
}

// joinKey appends name to a dotted key path.
func joinKey(key, name string) string {
	if key == "" {
		return name
	}
	return key + "." + name
}

// integer decodes an integer scalar. It stays int64 until a range check
// has passed, so a 32-bit int cannot wrap a huge value into range.
func (d *decoder) integer(n *yaml.Node, key string) (int64, bool) {
	if absent(n) {
		return 0, false
	}
	var v int64
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || n.Decode(&v) != nil {
		d.typeError(n, key, "an integer")
		return 0, false
	}
	return v, true
}

// bounded decodes an integer in [lo, hi] into dst.
func (d *decoder) bounded(n *yaml.Node, key string, lo, hi int, dst *int) {
	v, ok := d.integer(n, key)
	if !ok {
		return
	}
	if p := checkRange(v, lo, hi); p != nil {
		d.add(n, key, p)
		return
	}
	*dst = int(v)
}

// boolean decodes a YAML boolean (true or false; "yes" is a string).
func (d *decoder) boolean(n *yaml.Node, key string, dst *bool) {
	if absent(n) {
		return
	}
	var v bool
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || n.Decode(&v) != nil {
		d.typeError(n, key, "a boolean (true or false)")
		return
	}
	*dst = v
}

// str decodes a string scalar into dst.
func (d *decoder) str(n *yaml.Node, key string, dst *string) {
	if absent(n) {
		return
	}
	if v, ok := d.item(n, key); ok {
		*dst = v
	}
}

// item decodes a string that may not be null (a list item, an area path).
func (d *decoder) item(n *yaml.Node, key string) (string, bool) {
	if n.Kind == yaml.AliasNode {
		return "", false
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		d.typeError(n, key, "a string")
		return "", false
	}
	return n.Value, true
}

// sequence returns the items of a list, at most bound of them; ok is false
// when the value is absent or not a list.
func (d *decoder) sequence(n *yaml.Node, key string, bound int) ([]*yaml.Node, bool) {
	if absent(n) {
		return nil, false
	}
	if n.Kind != yaml.SequenceNode {
		d.typeError(n, key, "a list")
		return nil, false
	}
	if p := checkCount(len(n.Content), bound); p != nil {
		d.add(n, key, p)
		return n.Content[:bound], true
	}
	return n.Content, true
}

// patterns decodes a list of gitignore-syntax patterns.
func (d *decoder) patterns(n *yaml.Node, key string, dst *[]string) {
	items, ok := d.sequence(n, key, maxPatterns)
	if !ok {
		return
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		k := fmt.Sprintf("%s.%d", key, i)
		if v, ok := d.item(it, k); ok {
			d.add(it, k, checkPattern(v))
			out = append(out, v)
		}
	}
	*dst = out
}

// roots decodes analysis.derive.roots: distinct clean directory paths.
func (d *decoder) roots(n *yaml.Node, key string, dst *[]string) {
	items, ok := d.sequence(n, key, maxRoots)
	if !ok {
		return
	}
	out := make([]string, 0, len(items))
	seen := make(map[string]int, len(items))
	for i, it := range items {
		k := fmt.Sprintf("%s.%d", key, i)
		v, ok := d.item(it, k)
		if !ok {
			continue
		}
		if first, dup := seen[v]; dup {
			d.add(it, k, &problem{codeDuplicate, fmt.Sprintf("duplicate root %s (first at line %d)", quoteValue(v), first)})
			continue
		}
		seen[v] = it.Line
		d.add(it, k, checkPath(v, true))
		out = append(out, v)
	}
	*dst = out
}

// areas decodes analysis.areas: mappings with a required, distinct path.
func (d *decoder) areas(n *yaml.Node, key string, dst *[]Area) {
	items, ok := d.sequence(n, key, maxAreas)
	if !ok {
		return
	}
	out := make([]Area, 0, len(items))
	seen := make(map[string]int, len(items))
	for i, it := range items {
		k := fmt.Sprintf("%s.%d", key, i)
		if it.Kind == yaml.AliasNode {
			continue
		}
		if it.Kind != yaml.MappingNode {
			d.typeError(it, k, "a mapping with a path")
			continue
		}
		var a Area
		var pathNode *yaml.Node
		d.mapping(it, k, []field{
			{"path", func(n *yaml.Node, key string) {
				if v, ok := d.item(n, key); ok {
					a.Path, pathNode = v, n
				}
			}},
			{"name", func(n *yaml.Node, key string) { d.str(n, key, &a.Name) }},
			{"required", func(n *yaml.Node, key string) { d.boolean(n, key, &a.Required) }},
		})
		if pathNode == nil {
			if !hasKey(it, "path") {
				d.add(it, k, &problem{codeMissing, `missing required key "path"`})
			}
			continue
		}
		pk := k + ".path"
		if first, dup := seen[a.Path]; dup {
			d.add(pathNode, pk, &problem{codeDuplicate, fmt.Sprintf("duplicate area %s (first at line %d)", quoteValue(a.Path), first)})
			continue
		}
		seen[a.Path] = pathNode.Line
		d.add(pathNode, pk, checkPath(a.Path, false))
		out = append(out, a)
	}
	*dst = out
}

// hasKey reports whether mapping n has the key name (whatever its value).
func hasKey(n *yaml.Node, name string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == name {
			return true
		}
	}
	return false
}

// describe names a node's type for a type error. It never shows the value:
// a file given as the configuration may be anything (a secret, another
// tool's file), and the key and line say where to look.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "null"
		case "!!str":
			return "a string"
		case "!!int":
			return "an integer"
		case "!!float":
			return "a float"
		case "!!bool":
			return "a boolean"
		}
		return "a value with the tag " + quoteValue(n.ShortTag())
	}
	return "an unknown node"
}
