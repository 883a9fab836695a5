// Package lint runs actionlint over the repository's workflows and the
// README's example workflow. It is a module of its own because actionlint
// v1.7.12 builds only against go.yaml.in/yaml/v4 v4.0.0-rc.3, and the main
// module needs v4.0.0 (kin-openapi); `.ci/run` runs it.
package lint

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

// repoRoot is the repository, from this directory.
const repoRoot = "../../.."

// exampleHeadings head the README's example workflows, each the first
// ```yaml block after it: the pull-request check, the nightly enrichment
// and the comment commands.
var exampleHeadings = []string{"### Example workflow", "### Nightly enrichment workflow", "### Comment commands workflow"}

// readmeEnv names another Markdown file to take the example from (a
// documentation draft).
const readmeEnv = "DOCBRIDGE_README"

func newLinter(t *testing.T) (*actionlint.Linter, *actionlint.Project, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	opts := &actionlint.LinterOptions{}
	if p, err := exec.LookPath("shellcheck"); err == nil {
		opts.Shellcheck = p
	}
	l, err := actionlint.NewLinter(&out, opts)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	p, err := actionlint.NewProject(root)
	if err != nil {
		t.Fatal(err)
	}
	return l, p, &out
}

func TestActionlintWorkflows(t *testing.T) {
	l, p, out := newLinter(t)
	files, err := filepath.Glob(filepath.Join(p.RootDir(), ".github", "workflows", "*.yml"))
	if err != nil || len(files) < 3 {
		t.Fatalf("workflows %v: %v (want ci, release and the docbridge self-check)", files, err)
	}
	errs, err := l.LintFiles(files, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) > 0 {
		t.Fatalf("actionlint: %d error(s)\n%s", len(errs), out)
	}
}

// localAction points the example's `uses: docbridge/docbridge@…` at this
// checkout, so actionlint checks its inputs against action.yml (a remote
// action is not read).
var localAction = regexp.MustCompile(`uses: docbridge/docbridge@\S+`)

func TestActionlintReadmeExample(t *testing.T) {
	path := os.Getenv(readmeEnv)
	if path == "" {
		path = filepath.Join(repoRoot, "README.md")
	}
	md, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, heading := range exampleHeadings {
		example, ok := yamlBlockAfter(string(md), heading)
		if !ok {
			t.Fatalf("%s has no %q section with a ```yaml block", path, heading)
		}
		if !localAction.MatchString(example) && !strings.Contains(example, "uses: ./") {
			t.Fatalf("%s: the example does not use the action:\n%s", heading, example)
		}
		example = localAction.ReplaceAllString(example, "uses: ./")
		l, p, out := newLinter(t)
		errs, err := l.Lint(filepath.Join(p.WorkflowsDir(), "readme-example.yml"), []byte(example), p)
		if err != nil {
			t.Fatal(err)
		}
		if len(errs) > 0 {
			t.Fatalf("actionlint on the README's %q: %d error(s)\n%s", heading, len(errs), out)
		}
	}
}

// TestActionlintReadsActionYAML proves the lint above checks inputs
// against action.yml: a misspelt input is reported.
func TestActionlintReadsActionYAML(t *testing.T) {
	wf := "on: push\njobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ./\n        with:\n          fail_on: error\n"
	l, p, out := newLinter(t)
	errs, err := l.Lint(filepath.Join(p.WorkflowsDir(), "bad.yml"), []byte(wf), p)
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) == 0 || !strings.Contains(out.String(), `"fail_on" is not defined`) {
		t.Fatalf("want fail_on reported as undefined, got %d error(s)\n%s", len(errs), out)
	}
}

// yamlBlockAfter returns the first ```yaml fenced block after the heading.
func yamlBlockAfter(md, heading string) (string, bool) {
	lines := strings.Split(md, "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) != heading {
		i++
	}
	for i++; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "#") {
			return "", false // the next section: no example under the heading
		}
		if l == "```yaml" || l == "```yml" {
			var b strings.Builder
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
				b.WriteString(lines[i] + "\n")
			}
			return b.String(), i < len(lines)
		}
	}
	return "", false
}
