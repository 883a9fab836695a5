package typescript

import "path"

// grammar selects one of the two tree-sitter grammars.
type grammar int

const (
	grammarTypeScript grammar = iota
	grammarTSX
	grammarCount
)

// grammarByExt maps every source extension to its grammar: .ts/.mts/.cts
// need the typescript grammar (its `<T>x` casts are JSX to tsx); JavaScript
// files commonly contain JSX, and tsx parses plain JavaScript too.
var grammarByExt = map[string]grammar{
	".ts":  grammarTypeScript,
	".mts": grammarTypeScript,
	".cts": grammarTypeScript,
	".tsx": grammarTSX,
	".js":  grammarTSX,
	".jsx": grammarTSX,
	".mjs": grammarTSX,
	".cjs": grammarTSX,
}

// IsSource reports whether path is a TypeScript or JavaScript module this
// package analyzes. Declaration files (.d.ts, .d.mts, .d.cts) are sources:
// they declare exports (often the only declaration of a package's API).
func IsSource(p string) bool {
	_, ok := grammarByExt[path.Ext(p)]
	return ok
}

// isCommonJS reports whether top-level module.exports/exports assignments
// count as exports: in .js (which may be CommonJS) and .cjs files only.
func isCommonJS(p string) bool {
	ext := path.Ext(p)
	return ext == ".js" || ext == ".cjs"
}
