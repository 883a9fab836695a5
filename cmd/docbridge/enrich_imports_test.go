package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The query path never calls an agent: check, scan, search, lookup, doctor
// and graph neither call nor import the agent adapters. Held at two levels:
//
//   - across packages: no package the binary links, except the enrichment
//     run, the curator and the adapters themselves, imports
//     internal/enrich/agent or anything below it, directly or not;
//   - inside package main, where every command lives: only the enrich*.go
//     files and action.go (the action, whose nightly route runs the stage
//     through the agent-free internal/enrich/stage interface) import the
//     enrichment packages, and nothing they declare is used by another
//     file except the root registering the two commands.
//
// So no command but enrich and the action's nightly route can reach an
// agent; the action's other routes (internal/actionrun) link none.

const modulePath = "github.com/docbridge/docbridge"

// enrichmentPackages may import the agent adapters.
var enrichmentPackages = []string{
	modulePath + "/cmd/docbridge",
	modulePath + "/internal/enrich/run",
	modulePath + "/internal/enrich/curator",
}

func isAgentPackage(p string) bool {
	root := modulePath + "/internal/enrich/agent"
	return p == root || strings.HasPrefix(p, root+"/")
}

func TestNoPackageButEnrichReachesAgents(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) > 0 {
			imports[f[0]] = f[1:]
		}
	}
	if len(imports[modulePath+"/cmd/docbridge"]) == 0 {
		t.Fatalf("go list did not list cmd/docbridge:\n%s", out)
	}
	// reaches memoises the first path from a package to an agent package.
	memo := map[string][]string{}
	var reaches func(p string) []string
	reaches = func(p string) []string {
		if path, ok := memo[p]; ok {
			return path
		}
		memo[p] = nil // a cycle (none in Go) ends here
		for _, q := range imports[p] {
			if isAgentPackage(q) {
				memo[p] = []string{p, q}
				return memo[p]
			}
			if sub := reaches(q); sub != nil {
				memo[p] = append([]string{p}, sub...)
				return memo[p]
			}
		}
		return nil
	}
	checked := 0
	for p := range imports {
		if !strings.HasPrefix(p, modulePath+"/") || isAgentPackage(p) || slices.Contains(enrichmentPackages, p) {
			continue
		}
		checked++
		if path := reaches(p); path != nil {
			t.Errorf("%s reaches the agent adapters: %s", p, strings.Join(path, " → "))
		}
	}
	for _, must := range []string{"/internal/scan", "/internal/reconcile", "/internal/retrieval", "/internal/enrich", "/internal/doctor", "/internal/graph"} {
		if _, ok := imports[modulePath+must]; !ok {
			t.Errorf("%s is not linked: the test no longer looks at it", must)
		}
	}
	if checked == 0 {
		t.Fatal("no package checked")
	}
}

func TestOnlyEnrichFilesReachAgents(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	parsed := map[string]*ast.File{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		parsed[name] = f
	}
	enrichFile := func(name string) bool { return strings.HasPrefix(name, "enrich") || name == "action.go" }
	// Only enrich*.go imports the enrichment run, the curator and the
	// adapters.
	declared := map[string]string{} // name → enrich file declaring it
	for name, f := range parsed {
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			adapter := isAgentPackage(p) || (slices.Contains(enrichmentPackages, p) && p != modulePath+"/cmd/docbridge")
			if adapter && !enrichFile(name) {
				t.Errorf("%s imports %s: only the enrich command may", name, p)
			}
		}
		if !enrichFile(name) {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[d.Name.Name] = name
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							declared[n.Name] = name
						}
					case *ast.TypeSpec:
						declared[s.Name.Name] = name
					}
				}
			}
		}
	}
	if declared["newEnrichCommand"] == "" || declared["runEnrich"] == "" {
		t.Fatalf("the enrich command's declarations were not found: %v", declared)
	}
	// Nothing the enrich files declare is used elsewhere, but for the
	// root registering the command.
	for name, f := range parsed {
		if enrichFile(name) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			if from, ok := declared[id.Name]; ok && !(name == "root.go" && (id.Name == "newEnrichCommand" || id.Name == "newActionCommand")) {
				t.Errorf("%s: %s uses %s, declared in %s", fset.Position(id.Pos()), name, id.Name, from)
			}
			return true
		})
	}
}
