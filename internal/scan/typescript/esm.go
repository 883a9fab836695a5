package typescript

// ESMImport is one static import statement of an MDX document's ESM.
type ESMImport struct {
	// Spec is the specifier as written, with escapes decoded.
	Spec string
	// Line is the 1-based line where the statement starts.
	Line int
	// Locals are the names the statement binds (`import A, { b as C }`
	// binds A and C), at most MaxNames.
	Locals []string
}

// ESMImports returns the static, value import statements of src, the ESM
// of an MDX document (its import and export lines, the rest blanked so
// lines keep their numbers), parsed as JSX, in source order and bounded by
// maxImports. An MDX page renders an imported component by its local name
// (<CloneRemoteGit />), so the names are what links the page to the file.
// Type-only imports bind nothing a page renders and are left out; so is
// everything when src cannot be parsed.
func (e *Extractor) ESMImports(src []byte) []ESMImport {
	if e.err != nil || e.parsers[grammarTSX] == nil || len(src) > maxFileBytes {
		return nil
	}
	tree := e.parse(grammarTSX, src)
	if tree == nil {
		return nil
	}
	defer tree.Close()
	a := walkTree(tree, src, e.kinds[grammarTSX], false)
	var out []ESMImport
	for _, imp := range a.imports {
		if imp.Kind != KindImport || imp.TypeOnly || len(out) == maxImports {
			continue
		}
		out = append(out, ESMImport{Spec: imp.Spec, Line: imp.Line, Locals: imp.locals})
	}
	return out
}
