package repourl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
)

func TestParse(t *testing.T) {
	gh, _ := FromProject(config.Project{Repository: "acme/widget", Branches: []string{"release/2.x"}})
	trunk, _ := FromProject(config.Project{Repository: "acme/widget", DefaultBranch: "trunk"})
	ghes, _ := FromProject(config.Project{Repository: "GHE.example.com/acme/widget"})
	tests := []struct {
		repo Repo
		url  string
		ok   bool
		want Link
	}{
		{gh, "https://github.com/acme/widget/blob/main/docs/a.md#usage", true, Link{"blob", "main", "docs/a.md", "usage", true}},
		{gh, "https://github.com/acme/widget/tree/main/src/", true, Link{"tree", "main", "src", "", true}},
		{gh, "https://github.com/acme/widget/tree/main", true, Link{"tree", "main", ".", "", true}},
		{gh, "https://github.com/acme/widget/raw/master/a.go", true, Link{"raw", "master", "a.go", "", true}},
		{gh, "https://github.com/acme/widget/edit/HEAD/a.go", true, Link{"edit", "HEAD", "a.go", "", true}},
		{gh, "http://www.github.com/Acme/Widget.git/blob/main/a.go?plain=1#L3", true, Link{"blob", "main", "a.go", "L3", true}},
		{gh, "https://raw.githubusercontent.com/acme/widget/main/a.go", true, Link{"raw", "main", "a.go", "", true}},
		{gh, "https://raw.githubusercontent.com/acme/widget/refs/heads/main/a.go", true, Link{"raw", "main", "a.go", "", true}},
		{gh, "https://github.com/acme/widget/blob/release/2.x/a%20b.md", true, Link{"blob", "release/2.x", "a b.md", "", true}},
		{gh, "https://github.com/acme/widget/blob/0123456789abcdef0123456789abcdef01234567/a.go", true, Link{"blob", "0123456789abcdef0123456789abcdef01234567", "a.go", "", false}},
		{gh, "https://github.com/acme/widget/blob/v1.0.0/a.go", true, Link{"blob", "v1.0.0", "a.go", "", false}},
		{gh, "https://github.com/acme/widget/blob/mainline/a.go", true, Link{"blob", "mainline", "a.go", "", false}},
		{gh, "https://github.com/acme/widget/blob/main/../../etc/passwd", false, Link{}},
		{gh, "https://github.com/acme/other/blob/main/a.go", false, Link{}},
		{gh, "https://github.com/acme/widget/issues/3", false, Link{}},
		{gh, "https://github.com/acme/widget/blob", false, Link{}},
		{gh, "https://github.com/acme/widget", false, Link{}},
		{gh, "ftp://github.com/acme/widget/blob/main/a.go", false, Link{}},
		{gh, "https://user@github.com/acme/widget/blob/main/a.go", false, Link{}},
		{gh, "https://gitlab.com/acme/widget/blob/main/a.go", false, Link{}},
		{gh, "docs/a.md", false, Link{}},
		{trunk, "https://github.com/acme/widget/blob/main/a.go", true, Link{"blob", "main", "a.go", "", false}},
		{trunk, "https://github.com/acme/widget/blob/trunk/a.go", true, Link{"blob", "trunk", "a.go", "", true}},
		{ghes, "https://ghe.example.com/acme/widget/blob/main/a.go", true, Link{"blob", "main", "a.go", "", true}},
		{ghes, "https://ghe.example.com/acme/widget/raw/main/a.go", true, Link{"raw", "main", "a.go", "", true}},
		{ghes, "https://github.com/acme/widget/blob/main/a.go", false, Link{}},
		{ghes, "https://raw.githubusercontent.com/acme/widget/main/a.go", false, Link{}},
		{Repo{}, "https://github.com/acme/widget/blob/main/a.go", false, Link{}},
	}
	for _, tt := range tests {
		got, ok := tt.repo.Parse(tt.url)
		if ok != tt.ok || got != tt.want {
			t.Errorf("%s (%s): got %+v %v, want %+v %v", tt.url, tt.repo.Host, got, ok, tt.want, tt.ok)
		}
	}
}

func TestLines(t *testing.T) {
	tests := []struct {
		frag        string
		first, last int
		ok          bool
	}{
		{"L10", 10, 10, true},
		{"L10-L20", 10, 20, true},
		{"L20-L10", 10, 20, true},
		{"L10C3-L12C1", 10, 12, true},
		{"L10C3", 10, 10, true},
		{"l10", 0, 0, false},
		{"L", 0, 0, false},
		{"L10-", 0, 0, false},
		{"L10-20", 0, 0, false},
		{"usage", 0, 0, false},
		{"L1234567890", 0, 0, false},
	}
	for _, tt := range tests {
		first, last, ok := Lines(tt.frag)
		if first != tt.first || last != tt.last || ok != tt.ok {
			t.Errorf("Lines(%q) = %d, %d, %v; want %d, %d, %v", tt.frag, first, last, ok, tt.first, tt.last, tt.ok)
		}
	}
}

func TestParseRemote(t *testing.T) {
	tests := []struct{ remote, host, owner, name string }{
		{"https://github.com/acme/widget.git", "github.com", "acme", "widget"},
		{"https://github.com/acme/widget", "github.com", "acme", "widget"},
		{"https://token@GHE.example.com/acme/widget.git/", "ghe.example.com", "acme", "widget"},
		{"git@github.com:acme/widget.git", "github.com", "acme", "widget"},
		{"git@github.com:acme/widget", "github.com", "acme", "widget"},
		{"ssh://git@github.com/acme/widget.git", "github.com", "acme", "widget"},
		{"ssh://git@ghe.example.com:2222/acme/widget.git", "ghe.example.com", "acme", "widget"},
		{"github.com:acme/widget.git", "github.com", "acme", "widget"},
		{"/srv/git/widget.git", "", "", ""},
		{"../widget", "", "", ""},
		{"file:///srv/git/acme/widget.git", "", "", ""},
		{"https://github.com/acme/group/widget.git", "", "", ""},
		{"", "", "", ""},
	}
	for _, tt := range tests {
		host, owner, name, ok := ParseRemote(tt.remote)
		if host != tt.host || owner != tt.owner || name != tt.name || ok != (tt.host != "") {
			t.Errorf("ParseRemote(%q) = %q %q %q %v", tt.remote, host, owner, name, ok)
		}
	}
}

const gitConfig = `[core]
	repositoryformatversion = 0
	bare = false
[remote "upstream"]
	url = https://github.com/upstream/widget.git
[remote "origin"]
	url = git@github.com:acme/widget.git
	fetch = +refs/heads/*:refs/remotes/origin/*
[branch "main"]
	remote = origin
`

func TestResolve(t *testing.T) {
	event := []byte(`{"repository": {"full_name": "acme/widget", "default_branch": "develop"}}`)
	tests := []struct {
		name string
		in   Inputs
		want config.Project
	}{
		{"configured wins", Inputs{Project: config.Project{Repository: "me/mine", DefaultBranch: "trunk"}, EnvRepository: "acme/widget", Event: event, GitConfig: []byte(gitConfig)},
			config.Project{Repository: "me/mine", DefaultBranch: "trunk"}},
		{"environment before the remote", Inputs{EnvRepository: "env/widget", GitConfig: []byte(gitConfig)},
			config.Project{Repository: "env/widget"}},
		{"the origin remote", Inputs{GitConfig: []byte(gitConfig), OriginHEAD: "ref: refs/remotes/origin/trunk\n"},
			config.Project{Repository: "acme/widget", DefaultBranch: "trunk"}},
		{"the event's default branch before origin/HEAD", Inputs{EnvRepository: "acme/widget", Event: event, OriginHEAD: "ref: refs/remotes/origin/trunk\n"},
			config.Project{Repository: "acme/widget", DefaultBranch: "develop"}},
		{"GHES from the server URL", Inputs{EnvRepository: "acme/widget", EnvServerURL: "https://GHE.example.com/"},
			config.Project{Repository: "ghe.example.com/acme/widget"}},
		{"GHES for a configured owner/name", Inputs{Project: config.Project{Repository: "acme/widget"}, EnvServerURL: "https://ghe.example.com"},
			config.Project{Repository: "ghe.example.com/acme/widget"}},
		{"github.com server URL", Inputs{EnvRepository: "acme/widget", EnvServerURL: "https://github.com"},
			config.Project{Repository: "acme/widget"}},
		{"a GHES remote", Inputs{GitConfig: []byte("[remote \"origin\"]\n\turl = https://ghe.example.com/acme/widget.git\n")},
			config.Project{Repository: "ghe.example.com/acme/widget"}},
		{"nothing", Inputs{Event: event, OriginHEAD: "ref: refs/remotes/origin/trunk\n"}, config.Project{}},
		{"a subdirectory of a work tree", Inputs{EnvRepository: "acme/widget", Subdirectory: true}, config.Project{}},
		{"a subdirectory, configured", Inputs{Project: config.Project{Repository: "acme/widget"}, Subdirectory: true}, config.Project{Repository: "acme/widget"}},
		{"a broken git config", Inputs{GitConfig: []byte("[remote \"origin\n url = x")}, config.Project{}},
		{"no origin", Inputs{GitConfig: []byte("[remote \"fork\"]\n\turl = git@github.com:me/widget.git\n")}, config.Project{}},
		{"a bad event", Inputs{EnvRepository: "acme/widget", Event: []byte("{")}, config.Project{Repository: "acme/widget"}},
	}
	for _, tt := range tests {
		got := Resolve(tt.in)
		if got.Repository != tt.want.Repository || got.DefaultBranch != tt.want.DefaultBranch {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestRead reads a work tree's .git directory, a linked worktree's .git
// file with its commondir, the event file, and knows a subdirectory.
func TestRead(t *testing.T) {
	root := t.TempDir()
	write := func(p, content string) {
		t.Helper()
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main/.git/config", gitConfig)
	write("main/.git/refs/remotes/origin/HEAD", "ref: refs/remotes/origin/trunk\n")
	write("main/.git/worktrees/wt/commondir", "../..\n")
	write("wt/.git", "gitdir: "+filepath.Join(root, "main/.git/worktrees/wt")+"\n")
	write("main/sub/x.md", "# x\n")
	write("event.json", `{"repository": {"default_branch": "develop"}}`)
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	for _, dir := range []string{"main", "wt"} {
		got := Resolve(Read(filepath.Join(root, dir), config.Project{}, getenv))
		if got.Repository != "acme/widget" || got.DefaultBranch != "trunk" {
			t.Errorf("%s: %+v", dir, got)
		}
	}
	if in := Read(filepath.Join(root, "main/sub"), config.Project{}, getenv); !in.Subdirectory || in.GitConfig != nil {
		t.Errorf("main/sub: %+v", in)
	}
	env["GITHUB_EVENT_PATH"] = filepath.Join(root, "event.json")
	env["GITHUB_REPOSITORY"] = "acme/other"
	if got := Resolve(Read(filepath.Join(root, "main"), config.Project{}, getenv)); got.Repository != "acme/other" || got.DefaultBranch != "develop" {
		t.Errorf("with the environment: %+v", got)
	}
}

// FuzzParse: no URL makes Parse panic, and what it accepts is a clean
// repo-relative path that never climbs, at a non-empty ref.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"https://github.com/acme/widget/blob/main/docs/a.md#usage",
		"https://raw.githubusercontent.com/acme/widget/refs/heads/main/a.go",
		"https://github.com/acme/widget/blob/release/2.x/a%2F..%2Fb#L1-L2",
		"https://github.com/acme/widget/tree/main/../x",
	} {
		f.Add(s)
	}
	r, _ := FromProject(config.Project{Repository: "acme/widget", Branches: []string{"release/2.x"}})
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := r.Parse(s)
		if !ok {
			return
		}
		if l.Ref == "" || l.Path == "" || strings.HasPrefix(l.Path, "/") || l.Path == ".." || strings.HasPrefix(l.Path, "../") || strings.Contains(l.Path, "/../") {
			t.Fatalf("Parse(%q) = %+v", s, l)
		}
		if first, last, ok := Lines(l.Fragment); ok && (first > last || first < 0) {
			t.Fatalf("Lines(%q) = %d, %d", l.Fragment, first, last)
		}
		_, _, _, _ = ParseRemote(s)
	})
}

// FuzzResolve: no git configuration, event or remote makes Resolve panic,
// and what it resolves is a repository FromProject accepts.
func FuzzResolve(f *testing.F) {
	f.Add([]byte(gitConfig), []byte(`{"repository":{"default_branch":"main"}}`), "ref: refs/remotes/origin/main")
	f.Add([]byte("[remote \"origin\"]\nurl=ssh://git@h:22/a/b.git"), []byte("{}"), "")
	f.Fuzz(func(t *testing.T, gitcfg, event []byte, head string) {
		p := Resolve(Inputs{GitConfig: gitcfg, Event: event, OriginHEAD: head})
		if p.Repository != "" {
			if _, ok := FromProject(p); !ok {
				t.Fatalf("resolved %q, which FromProject refuses", p.Repository)
			}
		}
	})
}

func TestRepoIs(t *testing.T) {
	r, ok := FromProject(config.Project{Repository: "Acme/Widgets"})
	if !ok {
		t.Fatal("FromProject refused Acme/Widgets")
	}
	for _, c := range []struct {
		host, owner, name string
		want              bool
	}{
		{"github.com", "acme", "widgets", true},
		{"GitHub.com", "ACME", "Widgets", true},
		{"gitlab.com", "acme", "widgets", false},
		{"github.com", "acme", "gadgets", false},
		{"github.com", "other", "widgets", false},
	} {
		if got := r.Is(c.host, c.owner, c.name); got != c.want {
			t.Errorf("Is(%s, %s, %s) = %v, want %v", c.host, c.owner, c.name, got, c.want)
		}
	}
}
