package curator

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
)

func TestLeadParagraph(t *testing.T) {
	tests := []struct {
		name, doc string
		want      string // "" for none
		line      int
	}{
		{"plain", "# Tool\n\nTool scans a repository into a knowledge graph of its documents and code.\n",
			"Tool scans a repository into a knowledge graph of its documents and code.", 3},
		{"badges first", "# Tool\n\n[![CI](https://x/badge.svg)](https://x) [![Go](https://y.svg)](https://y)\n\nTool scans a repository into a knowledge graph of its documents and code.\n",
			"Tool scans a repository into a knowledge graph of its documents and code.", 5},
		{"front matter counted", "---\ntitle: Tool\n---\n# Tool\n\nTool scans a repository into a knowledge graph of its documents and code.\n",
			"Tool scans a repository into a knowledge graph of its documents and code.", 6},
		{"label skipped", "# Tool\n\nUsage of this tool is described in the following list of short notes:\n\n- one\n",
			"", 0},
		{"under overview", "# Tool\n\n## Overview\n\nTool scans a repository into a knowledge graph of its documents and code.\n",
			"Tool scans a repository into a knowledge graph of its documents and code.", 5},
		{"not past a section", "# Tool\n\n## Install\n\nRun the installer from the release page and put the binary on your path.\n",
			"", 0},
		{"quote skipped", "# Tool\n\n> **Note** this page is a draft and may change without notice at any time.\n",
			"", 0},
		{"short skipped", "# Tool\n\nA tool.\n", "", 0},
		{"a short lead goes on", "---\ntitle: x\n---\n\nBuilds accept templates.\n\nYou can leverage that to have one build configuration with other variables per platform.\n",
			"Builds accept templates. You can leverage that to have one build configuration with other variables per platform.", 5},
		{"a short lead after a badge is alone", "# Tool\n\n[![CI](https://x/b.svg)](https://x)\n\nTool scans a repository into a knowledge graph of its documents and code.\n",
			"Tool scans a repository into a knowledge graph of its documents and code.", 5},
		{"a label is no lead", "# Tool\n\nStatus: beta\n\nTool scans a repository into a knowledge graph of its documents and code.\n",
			"Tool scans a repository into a knowledge graph of its documents and code.", 5},
		{"code spans kept", "# Tool\n\nThe `scan` command walks the tree and writes a snapshot of everything it finds.\n",
			"The scan command walks the tree and writes a snapshot of everything it finds.", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, ok := leadParagraph(readMarkdown(tt.doc))
			if tt.want == "" {
				if ok {
					t.Fatalf("got %q at %d, want none", b.text, b.line)
				}
				return
			}
			if !ok || b.text != tt.want || b.line != tt.line {
				t.Fatalf("got %q at %d (%v), want %q at %d", b.text, b.line, ok, tt.want, tt.line)
			}
		})
	}
}

func TestSummaryOf(t *testing.T) {
	long := strings.Repeat("This sentence has exactly eight words in it. ", 12)
	got := summaryOf(strings.TrimSpace(long))
	if n := len([]rune(got)); n > maxSummaryRunes || !strings.HasSuffix(got, ".") {
		t.Fatalf("summary of %d runes, ending %q: want whole sentences within %d", n, got[len(got)-5:], maxSummaryRunes)
	}
	one := strings.Repeat("word ", 120)
	if got := summaryOf(strings.TrimSpace(one)); len([]rune(got)) > maxSummaryRunes || !strings.HasSuffix(got, "…") {
		t.Fatalf("a sentence longer than the bound: got %q", got)
	}
	if got := sentences("Use it, e.g. for a test. Then stop."); len(got) != 2 {
		t.Fatalf("sentences split at an abbreviation: %q", got)
	}
}

func TestSameSummary(t *testing.T) {
	if !sameSummary("Tool scans a repository into…", "Tool scans a repository into a graph.") {
		t.Error("a cut summary of the same paragraph is the same summary")
	}
	if sameSummary("CI Go report", "Tool scans a repository into a graph.") {
		t.Error("a badge line is not the paragraph")
	}
	if sameSummary("", "Tool scans a repository.") {
		t.Error("no summary is not the same summary")
	}
}

func TestLanguage(t *testing.T) {
	if got := language("Tool scans a repository into a knowledge graph of the documents."); got != "en" {
		t.Errorf("English: got %q", got)
	}
	if got := language("Das Werkzeug liest ein Repository und baut daraus einen Wissensgraphen."); got != "" {
		t.Errorf("German: got %q, want none", got)
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		path, title string
		front       map[string]string
		want        classification
		ok          bool
	}{
		{"README.md", "Tool", nil, classification{"readme", "user", "current", "high", "file name"}, true},
		{"CHANGELOG.md", "Changelog", nil, classification{"changelog", "user", "current", "low", "file name"}, true},
		{"CONTRIBUTING.md", "Contributing", nil, classification{"guide", "contributor", "current", "medium", "file name"}, true},
		{"docs/adr/0003-use-go.md", "3. Use Go", map[string]string{"status": "Superseded"}, classification{"adr", "maintainer", "deprecated", "low", "directory"}, true},
		{"docs/guides/deploy.md", "Deploying", map[string]string{"type": "runbook", "audience": "ops"}, classification{"runbook", "operator", "current", "high", "front matter"}, true},
		{"internal/scan/README.md", "Scan", nil, classification{"readme", "contributor", "current", "medium", "file name"}, true},
		{"packages/ui/docs/guides/theming.md", "Theming", nil, classification{"guide", "user", "current", "medium", "directory"}, true},
		{"docs/architecture.md", "Architecture", nil, classification{"explanation", "contributor", "current", "medium", "file name"}, true},
		{"docs/archive/old-api.md", "Old API reference", nil, classification{"reference", "user", "archived", "low", "title"}, true},
		{"docs/how-to-rotate.md", "How to rotate keys", map[string]string{"draft": "true"}, classification{"how-to", "user", "draft", "low", "title"}, true},
		{"docs/notes.md", "Notes", nil, classification{}, false},
		{"SECURITY.md", "Security policy", nil, classification{"other", "user", "current", "high", "file name"}, true},
	}
	for _, tt := range tests {
		got, ok := classify(tt.path, tt.title, tt.front)
		if ok != tt.ok || got != tt.want {
			t.Errorf("classify(%s) = %+v, %v; want %+v, %v", tt.path, got, ok, tt.want, tt.ok)
		}
		if !ok {
			continue
		}
		for _, f := range []struct {
			v    string
			enum []string
		}{{got.Type, enrich.DocTypes}, {got.Audience, enrich.Audiences}, {got.Lifecycle, enrich.Lifecycles}, {got.Criticality, enrich.Criticalities}} {
			if !slices.Contains(f.enum, f.v) {
				t.Errorf("classify(%s): %q is not one of %v", tt.path, f.v, f.enum)
			}
		}
	}
}

// Every value the word tables give is one of the enumerations.
func TestClassifyTablesInEnumerations(t *testing.T) {
	for _, tab := range []struct {
		m    map[string]string
		enum []string
	}{{typeWords, enrich.DocTypes}, {lifecycleWords, enrich.Lifecycles}, {audienceWords, enrich.Audiences}, {criticalityWords, enrich.Criticalities}} {
		for k, v := range tab.m {
			if !slices.Contains(tab.enum, v) {
				t.Errorf("%s → %q: not one of %v", k, v, tab.enum)
			}
		}
	}
}

func TestTaskPhrase(t *testing.T) {
	tests := map[string]string{
		"How to rotate keys":          "rotate keys",
		"How do I install the CLI?":   "install the CLI",
		"Installing GoReleaser":       "install GoReleaser",
		"Configuring the cache":       "configure the cache",
		"Running a benchmark":         "run a benchmark",
		"Setting up CI":               "set up CI",
		"Getting started":             "",
		"Getting Started":             "",
		"Install the CLI":             "install the CLI",
		"Build from source":           "build from source",
		"Writing cases":               "write cases",
		"Installation":                "",
		"Usage":                       "",
		"Release notes":               "",
		"Build output":                "",
		"Test suites":                 "",
		"Use cases":                   "",
		"The suite format":            "",
		"Getting help":                "",
		"How to":                      "",
		"Update the lock file.":       "update the lock file",
		"Troubleshooting":             "",
		"Troubleshooting slow builds": "troubleshoot slow builds",
		"Signing and notarizing macOS executables": "sign and notarize macOS executables",
		"Releasing Archives and Pushing Images":    "release archives and push images",
		"Installing GoReleaser Pro on Linux":       "install GoReleaser pro on linux",
		"Building and pushing are a single step":   "",
	}
	for heading, want := range tests {
		if got := taskPhrase(heading); got != want {
			t.Errorf("taskPhrase(%q) = %q, want %q", heading, got, want)
		}
	}
}

func TestAcronymAliases(t *testing.T) {
	blocks := readMarkdown("# The MCP server\n\nThe server speaks the Model Context Protocol (MCP) over standard input.\n\nIt also writes a Software Bill of Materials (SBOM) of itself, and the CI (continuous integration) runs it.\n")
	got := acronymAliases("The MCP server", blocks)
	if len(got) != 1 || got[0].text != "Model Context Protocol" || got[0].line != 3 {
		t.Fatalf("got %+v, want the long form of MCP at line 3", got)
	}
	got = acronymAliases("Software Bill of Materials", blocks)
	if len(got) != 1 || got[0].text != "SBOM" {
		t.Fatalf("got %+v, want SBOM", got)
	}
	if p := acronymPairs("the command line interface (CLI) and the Go (GO) tool"); len(p) != 1 || p[0] != [2]string{"CLI", "command line interface"} {
		t.Fatalf("pairs: %q", p)
	}
}

func TestStemAlias(t *testing.T) {
	tests := []struct {
		stem, title, want string
	}{
		{"getting-started", "Quick tour", "getting started"},
		{"gettingStarted", "Quick tour", "getting started"},
		{"getting-started", "Getting started", ""},
		{"0003-use-go-modules", "3. Use Go modules", ""},
		{"0003-use-go-modules", "Modules", "use go modules"},
		{"README", "Tool", ""},
		{"bench", "The retrieval benchmark", ""},
		{"topic-30", "Topic", ""},
	}
	for _, tt := range tests {
		a, ok := stemAlias(tt.stem, tt.title)
		if a.text != tt.want || ok != (tt.want != "") {
			t.Errorf("stemAlias(%q, %q) = %q, %v; want %q", tt.stem, tt.title, a.text, ok, tt.want)
		}
	}
}
