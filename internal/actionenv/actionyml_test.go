package actionenv

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// repoRoot is the repository, from this package's directory.
const repoRoot = "../.."

func readRepoFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, path))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

type described struct {
	Description string  `yaml:"description"`
	Default     *string `yaml:"default"`
}

// orderedMap decodes a YAML mapping keeping its key order.
type orderedMap struct {
	keys   []string
	values map[string]described
}

func (m *orderedMap) UnmarshalYAML(n *yaml.Node) error {
	m.values = map[string]described{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		var d described
		if err := n.Content[i+1].Decode(&d); err != nil {
			return err
		}
		m.keys = append(m.keys, n.Content[i].Value)
		m.values[n.Content[i].Value] = d
	}
	return nil
}

// TestActionYAMLMatchesTheCode holds action.yml and the code together:
// the inputs the code reads with the defaults it assumes (`uses:
// docker://…` and --dry-run get no action.yml defaults), the outputs it
// writes, and how the runner starts it.
func TestActionYAMLMatchesTheCode(t *testing.T) {
	var meta struct {
		Name        string
		Description string
		Branding    struct{ Icon, Color string }
		Inputs      orderedMap
		Outputs     orderedMap
		Runs        struct {
			Using, Image string
			Args         []string
			Entrypoint   string
		}
	}
	if err := yaml.Unmarshal([]byte(readRepoFile(t, "action.yml")), &meta); err != nil {
		t.Fatal(err)
	}
	if meta.Name == "" || meta.Description == "" || meta.Branding.Icon == "" || meta.Branding.Color == "" {
		t.Fatalf("name, description and branding are required for the Marketplace: %+v", meta)
	}
	var names []string
	for _, s := range Specs {
		names = append(names, s.Name)
	}
	if !slices.Equal(meta.Inputs.keys, names) {
		t.Fatalf("action.yml inputs %v, the code reads %v", meta.Inputs.keys, names)
	}
	for _, s := range Specs {
		in := meta.Inputs.values[s.Name]
		want := s.Default
		if s.Name == inputGitHubToken {
			want = "${{ github.token }}" // the runner's to evaluate; the code has none
		}
		if in.Default == nil || *in.Default != want || strings.TrimSpace(in.Description) == "" {
			t.Errorf("input %s: default %v, want %q; description %q", s.Name, in.Default, want, in.Description)
		}
	}
	if !slices.Equal(meta.Outputs.keys, Outputs) {
		t.Fatalf("action.yml outputs %v, the code writes %v", meta.Outputs.keys, Outputs)
	}
	for _, o := range Outputs {
		if strings.TrimSpace(meta.Outputs.values[o].Description) == "" {
			t.Errorf("output %s has no description", o)
		}
	}
	if meta.Runs.Using != "docker" || meta.Runs.Image != "Dockerfile" || meta.Runs.Args != nil || meta.Runs.Entrypoint != "" {
		t.Fatalf("runs %+v: the image's ENTRYPOINT starts `docbridge action`", meta.Runs)
	}
}

// goBuild is a `go build` line with its variables and output path.
var goBuild = regexp.MustCompile(`(?m)^\s*(?:RUN\s+)?(CGO_ENABLED=1 go build .*) -o (\S+) (\./cmd/docbridge)\s*$`)

func TestDockerfile(t *testing.T) {
	df := readRepoFile(t, "Dockerfile")
	var stages [][]string
	for _, line := range strings.Split(df, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if strings.EqualFold(f[0], "FROM") {
			stages = append(stages, nil)
		}
		if len(stages) > 0 {
			stages[len(stages)-1] = append(stages[len(stages)-1], line)
		}
		if strings.EqualFold(f[0], "USER") {
			t.Errorf("USER %q: container actions run as root", line)
		}
	}
	if len(stages) < 2 {
		t.Fatalf("want a multi-stage build, got %d stage(s)", len(stages))
	}
	if !strings.HasPrefix(stages[0][0], "FROM golang:1.26") {
		t.Errorf("build stage %q", stages[0][0])
	}
	final := stages[len(stages)-1]
	if final[0] != "FROM scratch" && !strings.HasPrefix(final[0], "FROM gcr.io/distroless/static") {
		t.Errorf("final stage %q: scratch or distroless static", final[0])
	}
	for _, l := range final {
		if strings.HasPrefix(l, "WORKDIR") || strings.HasPrefix(l, "RUN") {
			t.Errorf("final stage line %q: the runner sets the working directory, and there is no shell", l)
		}
	}
	if final[len(final)-1] != `ENTRYPOINT ["/docbridge", "action"]` {
		t.Errorf("last line %q", final[len(final)-1])
	}
	m := goBuild.FindStringSubmatch(df)
	if m == nil {
		t.Fatal("no go build line in the Dockerfile")
	}
	for _, flag := range []string{"-trimpath", "-tags netgo,osusergo", "-linkmode external", "-extldflags -static", "-X main.version=${VERSION}"} {
		if !strings.Contains(m[1], flag) {
			t.Errorf("the build lacks %s: %s", flag, m[1])
		}
	}
	// The chroot smoke test must build what the image ships.
	s := goBuild.FindStringSubmatch(readRepoFile(t, "scripts/chroot-smoke.sh"))
	if s == nil || s[1] != m[1] || s[3] != m[3] {
		t.Fatalf("scripts/chroot-smoke.sh builds\n  %v\nthe Dockerfile\n  %v", s, m[1])
	}
	ignore := strings.Fields(readRepoFile(t, ".dockerignore"))
	for _, p := range []string{".git", "**/testdata", "**/node_modules"} {
		if !slices.Contains(ignore, p) {
			t.Errorf(".dockerignore lacks %s", p)
		}
	}
}
