package scan

import "testing"

func TestClassify(t *testing.T) {
	for p, want := range map[string]fileKind{
		"README.md": kindMarkdown, "docs/Guide.MD": kindMarkdown, "a.markdown": kindMarkdown, "site/x.mdx": kindMarkdown,
		"main.go": kindGo, "go.mod": kindGoMod, "go.sum": kindOther,
		"a.ts": kindTypeScript, "b.d.ts": kindTypeScript, "c.mjs": kindTypeScript, "d.cts": kindTypeScript, "e.jsx": kindTypeScript,
		"x.py": kindPython, "x.pyi": kindPython, "pyproject.toml": kindPyProject,
		"package.json": kindPackageJSON, "tsconfig.json": kindTSConfig, "tsconfig.base.json": kindTSConfig, "jsconfig.json": kindTSConfig,
		"pnpm-workspace.yaml": kindPnpmWorkspace, "data.json": kindOther, "logo.png": kindOther, "lib.rs": kindOther,
	} {
		if got := classify(p); got != want {
			t.Errorf("classify(%q) = %v, want %v", p, got, want)
		}
	}
}
