package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestDocumentedCommandAgent builds the command agent docs/enrich.md shows,
// exactly as written there, and runs enrich with it on a repository with a
// docs/ tree: the agent answers content only, docbridge writes the
// envelopes, and the proposals are accepted — none rejected for its id or
// origin. An unchanged repository asks it nothing; editing a file
// enrich.command.files lists asks it again.
func TestDocumentedCommandAgent(t *testing.T) {
	doc, err := os.ReadFile("../../docs/enrich.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(doc), "<!-- command-agent: tested by TestDocumentedCommandAgent -->\n```go\n")
	if !ok {
		t.Fatal("docs/enrich.md has no command agent block")
	}
	src, _, ok := strings.Cut(block, "```\n")
	if !ok || strings.Count(src, "\n") > 45 {
		t.Fatalf("the documented agent is unterminated or longer than 45 lines (%d)", strings.Count(src, "\n"))
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go toolchain to build the documented agent")
	}
	dir := enrichFixture(t)
	testtree.File(t, filepath.Join(dir, "agent.go"), src)
	build := exec.Command(gobin, "build", "-o", "agent", "agent.go")
	build.Dir = dir
	build.Env = append(os.Environ(), "GO111MODULE=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the documented agent: %v\n%s", err, out)
	}
	testtree.File(t, filepath.Join(dir, "docbridge.yaml"), "enrich:\n  agent: command\n  command:\n    argv: [./agent]\n    files: [agent.go]\n")

	first := runEnrichJSON(t, dir)
	if first.AgentError != "" || first.Calls == 0 || first.Proposals["classify-document"] == 0 {
		t.Fatalf("first run: agent error %q, %d calls, proposals %v", first.AgentError, first.Calls, first.Proposals)
	}
	if first.Accepted == 0 || first.Rejections["proposal-id-mismatch"] != 0 || first.Rejections["schema"] != 0 {
		t.Fatalf("first run: %d accepted, rejections %v", first.Accepted, first.Rejections)
	}
	ov := readOverlayFile(t, dir)
	if got := proposalsOf(ov, "classify-document"); len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), "docs/getting-started.md") {
		t.Fatalf("overlay classify-document proposals: %q", got)
	}
	if again := runEnrichJSON(t, dir); again.Calls != 0 || again.OverlayHash != first.OverlayHash {
		t.Fatalf("unchanged repository: %d calls, overlay %s vs %s", again.Calls, again.OverlayHash, first.OverlayHash)
	}
	testtree.File(t, filepath.Join(dir, "agent.go"), src+"\n// edited\n")
	if edited := runEnrichJSON(t, dir); edited.Calls == 0 || edited.Agent.Version == first.Agent.Version {
		t.Fatalf("after editing agent.go: %d calls, version %s (was %s)", edited.Calls, edited.Agent.Version, first.Agent.Version)
	}
}
