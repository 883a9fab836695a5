// Package corpus generates synthetic repositories for benchmarks and
// property tests: Markdown documents with links, anchors, code spans, symbol
// mentions and docbridge blocks; TypeScript workspace packages whose modules
// import and re-export each other; Go and Python modules with imports and
// exports. The same Spec and seed always give the same bytes.
package corpus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Spec sizes a generated repository.
type Spec struct {
	Seed      uint64
	Packages  int // npm workspace packages under packages/
	TSModules int // spread over the packages
	Documents int // under docs/ and inside the packages
	GoModules int // under internal/ in one Go module
	PyModules int // under py/src/ in one Python project
}

// Monorepo is the scale docbridge's performance budget is set at.
var Monorepo = Spec{Seed: 1, Packages: 102, TSModules: 9240, Documents: 4100}

// Scaled is s with k times its packages, TypeScript modules, documents, Go
// and Python modules: the same kind of repository, k times as large.
func Scaled(s Spec, k int) Spec {
	s.Packages *= k
	s.TSModules *= k
	s.Documents *= k
	s.GoModules *= k
	s.PyModules *= k
	return s
}

// Files generates the repository as a map from slash path to content.
func Files(s Spec) map[string][]byte {
	g := &gen{s: s, rng: rand.New(rand.NewPCG(s.Seed, s.Seed^0x9e3779b97f4a7c15)), files: map[string][]byte{}}
	g.typescript()
	g.golang()
	g.python()
	g.documents()
	g.put("README.md", "# Generated monorepo\n\nSee [the guide](docs/guide-0.md) and `packages/pkg-0`.\n")
	g.put(".gitignore", "dist/\n*.log\n")
	return g.files
}

// Write generates the repository under dir.
func Write(dir string, s Spec) error {
	files := Files(s)
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return fmt.Errorf("corpus: %w", err)
		}
		if err := os.WriteFile(full, files[p], 0o644); err != nil {
			return fmt.Errorf("corpus: %w", err)
		}
	}
	return nil
}

type gen struct {
	s     Spec
	rng   *rand.Rand
	files map[string][]byte
	// tsModules[i] lists package i's module paths (relative to its src/).
	tsModules [][]string
	symbols   []string // exported symbols with their declaring module
	paths     []string // every module path, for mentions
}

func (g *gen) put(p, content string) { g.files[p] = []byte(content) }

func (g *gen) pkgName(i int) string { return fmt.Sprintf("@corpus/pkg-%d", i) }

func (g *gen) typescript() {
	n := g.s.Packages
	if n == 0 {
		return
	}
	var ws strings.Builder
	ws.WriteString("{\n  \"name\": \"corpus-root\",\n  \"private\": true,\n  \"workspaces\": [\"packages/*\"]\n}\n")
	g.put("package.json", ws.String())
	g.put("tsconfig.base.json", "{\n  // shared compiler options\n  \"compilerOptions\": {\"strict\": true, \"module\": \"esnext\",},\n}\n")
	g.tsModules = make([][]string, n)
	for m := 0; m < g.s.TSModules; m++ {
		p := m % n
		dir := fmt.Sprintf("feature%d", (m/n)%12)
		g.tsModules[p] = append(g.tsModules[p], fmt.Sprintf("%s/mod%d.ts", dir, m))
	}
	for p := 0; p < n; p++ {
		root := fmt.Sprintf("packages/pkg-%d", p)
		deps := ""
		if p > 0 {
			deps = fmt.Sprintf(",\n  \"dependencies\": {\"%s\": \"workspace:*\", \"lodash\": \"^4.17.21\"}", g.pkgName(g.rng.IntN(p)))
		}
		g.put(root+"/package.json", fmt.Sprintf("{\n  \"name\": \"%s\",\n  \"version\": \"1.0.0\",\n  \"main\": \"src/index.ts\"%s\n}\n", g.pkgName(p), deps))
		g.put(root+"/tsconfig.json", "{\n  \"extends\": \"../../tsconfig.base.json\",\n  \"compilerOptions\": {\"baseUrl\": \".\", \"paths\": {\"@/*\": [\"src/*\"]}}\n}\n")
		mods := g.tsModules[p]
		var index strings.Builder
		for i, m := range mods {
			g.put(root+"/src/"+m, g.tsModule(p, i, mods))
			g.paths = append(g.paths, root+"/src/"+m)
			if i%4 == 0 {
				fmt.Fprintf(&index, "export * from './%s';\n", strings.TrimSuffix(m, ".ts")+".js")
			}
		}
		g.put(root+"/src/index.ts", index.String())
	}
}

func (g *gen) tsModule(p, i int, mods []string) string {
	var b strings.Builder
	self := mods[i]
	fmt.Fprintf(&b, "// Module %s of package %d.\n", self, p)
	for k := 0; k < 3 && i > 0; k++ {
		j := g.rng.IntN(i)
		spec := relSpec(self, mods[j])
		switch k {
		case 0:
			fmt.Fprintf(&b, "import { value%s } from '%s';\n", symbolSuffix(mods[j]), spec)
		case 1:
			fmt.Fprintf(&b, "import type { Shape%s } from '@/%s';\n", symbolSuffix(mods[j]), strings.TrimSuffix(mods[j], ".ts"))
		default:
			if p > 0 {
				fmt.Fprintf(&b, "import * as dep from '%s';\n", g.pkgName(g.rng.IntN(p)))
			}
		}
	}
	b.WriteString("import { debounce } from 'lodash';\nimport { readFileSync } from 'node:fs';\n\n")
	suf := symbolSuffix(self)
	fmt.Fprintf(&b, "export interface Shape%s {\n  id: string;\n  weight: number;\n}\n\n", suf)
	fmt.Fprintf(&b, "export const value%s: number = %d;\n\n", suf, g.rng.IntN(1000))
	fmt.Fprintf(&b, "export function compute%s(input: Shape%s): number {\n  const total = input.weight * value%s;\n  return debounce(() => total, 10) ? total : 0;\n}\n\n", suf, suf, suf)
	fmt.Fprintf(&b, "export class Service%s {\n  constructor(private readonly name: string) {}\n  run(): string {\n    return readFileSync(this.name, 'utf8');\n  }\n}\n", suf)
	g.symbols = append(g.symbols, "compute"+suf, "Service"+suf)
	return b.String()
}

// symbolSuffix derives the unique suffix of a module's symbols from its file
// name (mod123.ts → 123).
func symbolSuffix(mod string) string {
	base := mod[strings.LastIndex(mod, "/")+1:]
	return strings.TrimSuffix(strings.TrimPrefix(base, "mod"), ".ts")
}

func relSpec(from, to string) string {
	fd := from[:strings.LastIndex(from, "/")]
	td := to[:strings.LastIndex(to, "/")]
	name := strings.TrimSuffix(to[strings.LastIndex(to, "/")+1:], ".ts")
	if fd == td {
		return "./" + name + ".js"
	}
	return "../" + td + "/" + name
}

func (g *gen) golang() {
	if g.s.GoModules == 0 {
		return
	}
	g.put("go.mod", "module example.com/corpus\n\ngo 1.22\n\nrequire github.com/spf13/cobra v1.8.0\n")
	pkgs := (g.s.GoModules + 9) / 10
	for m := 0; m < g.s.GoModules; m++ {
		pkg := fmt.Sprintf("pkg%d", m%pkgs)
		var b strings.Builder
		fmt.Fprintf(&b, "// Package %s is generated.\npackage %s\n\nimport (\n\t\"fmt\"\n", pkg, pkg)
		if m%pkgs > 0 {
			fmt.Fprintf(&b, "\t\"example.com/corpus/internal/pkg%d\"\n", g.rng.IntN(m%pkgs))
		}
		b.WriteString(")\n\n")
		fmt.Fprintf(&b, "// Handler%d handles things.\ntype Handler%d struct{ n int }\n\n", m, m)
		fmt.Fprintf(&b, "// Serve%d serves.\nfunc (h *Handler%d) Serve%d() string { return fmt.Sprint(h.n) }\n\n", m, m, m)
		fmt.Fprintf(&b, "// Limit%d bounds.\nconst Limit%d = %d\n", m, m, m)
		if m%pkgs > 0 {
			fmt.Fprintf(&b, "\nvar _ = pkg%d.Limit%d\n", 0, 0)
		}
		p := fmt.Sprintf("internal/%s/file%d.go", pkg, m)
		g.put(p, b.String())
		g.paths = append(g.paths, p)
		g.symbols = append(g.symbols, fmt.Sprintf("Handler%d.Serve%d", m, m))
	}
}

func (g *gen) python() {
	if g.s.PyModules == 0 {
		return
	}
	g.put("py/pyproject.toml", "[project]\nname = \"corpus-py\"\ndependencies = [\"requests>=2\", \"PyYAML\"]\n")
	g.put("py/src/corpus/__init__.py", "from .mod0 import run0\n__all__ = [\"run0\"]\n")
	for m := 0; m < g.s.PyModules; m++ {
		var b strings.Builder
		b.WriteString("import os\nimport requests\n")
		if m > 0 {
			fmt.Fprintf(&b, "from corpus.mod%d import run%d\nfrom . import mod%d\n", g.rng.IntN(m), 0, g.rng.IntN(m))
		}
		fmt.Fprintf(&b, "\n\ndef run%d(path):\n    return os.path.join(path, %q)\n\n\nclass Worker%d:\n    pass\n", m, "x", m)
		p := fmt.Sprintf("py/src/corpus/mod%d.py", m)
		g.put(p, b.String())
		g.paths = append(g.paths, p)
		g.symbols = append(g.symbols, fmt.Sprintf("Worker%d", m))
	}
}

// documents writes guides under docs/ and a README per package, each with a
// docbridge block, headings, links (some to anchors, a few broken), code
// spans naming paths, packages and symbols, and prose.
func (g *gen) documents() {
	n := g.s.Documents
	docPath := func(i int) string {
		if g.s.Packages > 0 && i%3 == 0 {
			return fmt.Sprintf("packages/pkg-%d/docs/topic-%d.md", (i/3)%g.s.Packages, i)
		}
		return fmt.Sprintf("docs/guide-%d.md", i)
	}
	for i := 0; i < n; i++ {
		var b strings.Builder
		b.WriteString("---\ntitle: ")
		fmt.Fprintf(&b, "Guide %d\nowner: team-%d\ntype: guide\n", i, i%7)
		if len(g.paths) > 0 {
			fmt.Fprintf(&b, "docbridge:\n  covers: [module:%s]\n", g.paths[g.rng.IntN(len(g.paths))])
		}
		b.WriteString("---\n\n")
		fmt.Fprintf(&b, "# Guide %d\n\nThis guide explains how part %d of the system fits together, and why.\n\n", i, i)
		for s := 0; s < 4; s++ {
			fmt.Fprintf(&b, "## Section %d\n\n", s)
			for l := 0; l < 3; l++ {
				j := g.rng.IntN(n)
				target := relPath(docPath(i), docPath(j))
				switch g.rng.IntN(10) {
				case 0:
					target += "#section-9" // a broken anchor
				case 1, 2:
					target += fmt.Sprintf("#section-%d", g.rng.IntN(4))
				case 3:
					target = "missing-" + target
				}
				fmt.Fprintf(&b, "Read [guide %d](%s) before changing anything here; it describes the contract. ", j, target)
				if len(g.paths) > 0 {
					fmt.Fprintf(&b, "The code lives in `%s`. ", g.paths[g.rng.IntN(len(g.paths))])
				}
				if len(g.symbols) > 0 {
					fmt.Fprintf(&b, "Call `%s` to do it. ", g.symbols[g.rng.IntN(len(g.symbols))])
				}
				b.WriteString("\n")
			}
			b.WriteString("\n```ts\nconst example = compute(input);\n```\n\n")
		}
		g.put(docPath(i), b.String())
	}
}

// relPath is the relative link from the document at from to the one at to.
func relPath(from, to string) string {
	fromDir := strings.Split(from, "/")
	fromDir = fromDir[:len(fromDir)-1]
	toParts := strings.Split(to, "/")
	common := 0
	for common < len(fromDir) && common < len(toParts)-1 && fromDir[common] == toParts[common] {
		common++
	}
	up := strings.Repeat("../", len(fromDir)-common)
	return up + strings.Join(toParts[common:], "/")
}
