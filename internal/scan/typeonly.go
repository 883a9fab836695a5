package scan

import (
	"strings"

	"github.com/docbridge/docbridge/internal/scan/typescript"
)

// metaTypeOnly marks an imports or re-exports relation every import of
// which is type-only; graph.MetaTypeOnly reads it (cycle detection leaves
// such edges out).
const metaTypeOnly = "typeOnly"

// metaDeferred marks an imports relation no import of which runs while the
// module loads: each is deferred (a Python import or a require() in a
// function body, a dynamic import()) or type-only; graph.MetaDeferred
// reads it.
const metaDeferred = "deferred"

// typeOnlyImport reports whether a TypeScript import of the module at
// importer holds at compile time only:
//
//   - the extraction says so (`import type`, `export type … from`, every
//     specifier `type`-qualified, import() in a type position);
//   - its names are used only in types in the importer (Import.UnusedAsValue),
//     which the compiler then removes, unless the importer's tsconfig keeps
//     such imports (verbatimModuleSyntax and the like, or
//     emitDecoratorMetadata in a file with decorators);
//   - the importer is a declaration file (.d.ts, .d.mts, .d.cts), which
//     never runs (a Python stub, .pyi, likewise: see resolveImports);
//   - it is a static import or re-export whose every name is, in the
//     target module, only an interface or a type alias (TypeScript elides
//     such an import from the emitted JavaScript) — declared there, or
//     declared so in the module the target re-exports it from, followed
//     through barrels (exportedKind, barrel.go).
//
// A name found nowhere along the target's re-exports, found as a value
// anywhere along them, or past a bound; a namespace import, a side-effect
// import, a require() and a name list cut at typescript.MaxNames all count
// as run time.
func (r *resolver) typeOnlyImport(importer string, imp typescript.Import, targetKind, targetPath string) bool {
	if imp.TypeOnly || isDeclarationFile(importer) {
		return true
	}
	if imp.UnusedAsValue && r.langs.typescript != nil && !r.langs.typescript.KeepsImports(importer, r.decorated(importer)) {
		return true
	}
	if imp.Kind != typescript.KindImport && imp.Kind != typescript.KindReExport {
		return false
	}
	if targetKind != "module" || len(imp.Names) == 0 || len(imp.Names) >= typescript.MaxNames {
		return false
	}
	for _, name := range imp.Names {
		if name == "*" || r.exportedKind(targetPath, name) != nameType {
			return false
		}
	}
	return true
}

// isDeclarationFile reports a TypeScript declaration file.
func isDeclarationFile(p string) bool {
	return strings.HasSuffix(p, ".d.ts") || strings.HasSuffix(p, ".d.mts") || strings.HasSuffix(p, ".d.cts")
}

// decorated reports whether the TypeScript file at p has decorators.
func (r *resolver) decorated(p string) bool {
	x := r.t.byPath[p]
	return x != nil && x.TypeScript != nil && x.TypeScript.Decorated
}
