// Package typescript analyzes TypeScript and JavaScript modules for the scan.
//
// It has the scan's two phases. Extraction (Extractor.Extract) is a pure
// function of one file's bytes: it parses the file with tree-sitter (the
// typescript grammar for .ts/.mts/.cts, the tsx grammar for everything else,
// since JavaScript files commonly contain JSX and tsx also parses plain JS) and
// returns the file's import specifiers and the names it declares and exports,
// each with its line. Resolution (Resolver.Resolve) is global: it maps one
// specifier, seen from one importer, to a module, file, workspace package,
// external package or nothing, against the set of files that exist now, the
// tsconfig/jsconfig files that govern them and the package.json "imports"
// and "exports" maps of the repository's packages.
package typescript
