package main

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestResolveVersion(t *testing.T) {
	info := func(v string) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{Main: debug.Module{Path: "github.com/docbridge/docbridge", Version: v}}, true
		}
	}
	none := func() (*debug.BuildInfo, bool) { return nil, false }
	for _, c := range []struct {
		name, linked string
		info         func() (*debug.BuildInfo, bool)
		want         string
	}{
		{"go install @tag", "dev", info("v1.4.0"), "v1.4.0"},
		{"pseudo-version of a checkout", "dev", info("v0.0.0-20261207080844-8a42a0f00000+dirty"), "v0.0.0-20261207080844-8a42a0f00000+dirty"},
		{"linker wins", "v2.0.0", info("v1.4.0"), "v2.0.0"},
		{"go run without VCS", "dev", info("(devel)"), "dev"},
		{"empty module version", "dev", info(""), "dev"},
		{"no build info", "dev", none, "dev"},
		{"linker set empty", "", none, "dev"},
	} {
		if got := resolveVersion(c.linked, c.info); got != c.want {
			t.Errorf("%s: resolveVersion(%q) = %q, want %q", c.name, c.linked, got, c.want)
		}
	}
}

// TestInstallNamesTheBinary: `go install …/cmd/docbridge@latest` installs a
// file named docbridge (the go command names it after the directory).
func TestInstallNamesTheBinary(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go toolchain on PATH")
	}
	out, err := exec.Command(gobin, "list", "-f", "{{.Target}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if name := strings.TrimSuffix(filepath.Base(strings.TrimSpace(string(out))), ".exe"); name != "docbridge" {
		t.Fatalf("go install would name the binary %q, want docbridge", name)
	}
}

// TestVersionIsTheModuleVersion: a built binary's --version names the main
// module's version as `go version -m` reads it from the same binary, or
// "dev" when the go command recorded none.
func TestVersionIsTheModuleVersion(t *testing.T) {
	bin := buildDocbridge(t)
	out, err := exec.Command("go", "version", "-m", bin).Output()
	if err != nil {
		t.Fatalf("go version -m: %v", err)
	}
	want := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 3 && f[0] == "mod" && f[1] == "github.com/docbridge/docbridge" {
			want = f[2]
		}
	}
	if want == "" || want == "(devel)" {
		want = "dev"
	}
	got, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("--version: %v\n%s", err, got)
	}
	if strings.TrimSpace(string(got)) != "docbridge version "+want {
		t.Fatalf("--version printed %q, want docbridge version %s", got, want)
	}
}
