package corpus

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Hostile names a repository of one pathological shape, at a size a real
// repository reaches by accident or on purpose: what the scan's cost must
// stay bounded on (docs/performance.md, "Hostile repositories").
type Hostile string

// The hostile shapes. N sizes each one; Hostiles gives the documented size.
const (
	// emptyFiles is N empty files, a thousand to a directory.
	emptyFiles Hostile = "empty-files"
	// linkChain is N documents, each linking the next by path and anchor.
	linkChain Hostile = "link-chain"
	// importCycle is N Go files in N packages of one module, each
	// importing the next and the last the first: one cycle through all.
	importCycle Hostile = "import-cycle"
	// headings is one document of N headings (under scan.maxFileBytes at
	// 50,000), every hundredth linked from the top and one link to a
	// heading that is not there.
	headings Hostile = "headings"
	// hugeMarkdown is one Markdown document of N MiB of paragraphs and
	// links.
	hugeMarkdown Hostile = "huge-markdown"
	// globConfig is a docbridge.yaml whose pattern lists are full (1,000
	// patterns each) of every glob feature at once — `**`, `*`, `?`,
	// classes, anchors, negation, directory-only — over N documents.
	globConfig Hostile = "glob-config"
)

// Hostiles lists every shape with the size the issue that asked for them
// set (issue 32).
var Hostiles = []struct {
	Shape Hostile
	N     int
}{
	{emptyFiles, 1_000_000},
	{linkChain, 100_000},
	{importCycle, 10_000},
	{headings, 50_000},
	{hugeMarkdown, 200},
	{globConfig, 10_000},
}

// WriteHostile writes the shape h at size n under dir, streaming: no shape
// is held in memory whole.
func WriteHostile(dir string, h Hostile, n int) error {
	if n < 1 {
		return fmt.Errorf("hostile %s: size %d, want at least 1", h, n)
	}
	w := &hostileWriter{dir: dir}
	switch h {
	case emptyFiles:
		for i := range n {
			w.file(fmt.Sprintf("d%04d/f%07d.txt", i/1000, i), nil)
		}
	case linkChain:
		for i := range n {
			body := fmt.Sprintf("# Page %d\n\n## Next\n\nGo on to [page %d](../c%04d/p%07d.md#next).\n", i, i+1, (i+1)%n/1000, (i+1)%n)
			w.file(fmt.Sprintf("docs/c%04d/p%07d.md", i/1000, i), []byte(body))
		}
		w.file("README.md", []byte("# Chain\n\nStart at [the first page](docs/c0000/p0000000.md).\n"))
	case importCycle:
		w.file("go.mod", []byte("module example.com/cycle\n\ngo 1.22\n"))
		for i := range n {
			next := (i + 1) % n
			body := fmt.Sprintf("// Package p%05d is one link of the cycle.\npackage p%05d\n\nimport _ \"example.com/cycle/p%05d\"\n\n// F is exported.\nfunc F() {}\n", i, i, next)
			w.file(fmt.Sprintf("p%05d/p.go", i), []byte(body))
		}
		w.file("README.md", []byte("# Cycle\n\nEvery package imports the next: see `p00000`.\n"))
	case headings:
		var b strings.Builder
		b.WriteString("# Headings\n\n[Missing](#h-missing)\n")
		for i := 0; i < n; i += 100 {
			fmt.Fprintf(&b, "[%d](#h%d)\n", i, i)
		}
		for i := range n {
			fmt.Fprintf(&b, "\n## H%d\n", i)
		}
		w.file("README.md", []byte(b.String()))
	case hugeMarkdown:
		w.stream("README.md", func(bw *bufio.Writer) {
			const mib = 1 << 20
			line := "A paragraph that links [the guide](docs/guide.md#start) and names `pkg/file.go`.\n\n"
			for written := 0; written < n*mib; written += len(line) {
				bw.WriteString(line)
			}
		})
		w.file("docs/guide.md", []byte("# Guide\n\n## Start\n"))
	case globConfig:
		pats := globPatterns(1000)
		var cfg strings.Builder
		cfg.WriteString("version: 1\nscan:\n  exclude:\n")
		for _, p := range pats {
			fmt.Fprintf(&cfg, "    - %q\n", p)
		}
		cfg.WriteString("checks:\n  documents:\n    exclude:\n")
		for _, p := range pats {
			fmt.Fprintf(&cfg, "      - %q\n", p)
		}
		w.file("docbridge.yaml", []byte(cfg.String()))
		for i := range n {
			body := fmt.Sprintf("# Doc %d\n\nSee [the next](../s%03d/doc%06d.md).\n", i, (i+1)%n/100, (i+1)%n)
			w.file(fmt.Sprintf("docs/s%03d/doc%06d.md", i/100, i), []byte(body))
		}
	default:
		return fmt.Errorf("hostile %q: unknown shape (one of %s)", h, hostileNames())
	}
	return w.err
}

// globPatterns returns n .gitignore patterns that use every feature and
// match little, so that every path is tried against all of them.
func globPatterns(n int) []string {
	forms := []string{
		"**/gen%d/**", "/build%d/*.tmp", "docs/**/draft%d?.md", "src/[abc]%d*/", "!keep%d/",
		"**/*.%dbak", "vendor%d/**/[!x]*.go", "out%d/", "*.log%d", "a/**/b%d/**/c",
	}
	pats := make([]string, n)
	for i := range pats {
		pats[i] = fmt.Sprintf(forms[i%len(forms)], i)
	}
	return pats
}

func hostileNames() string {
	names := make([]string, len(Hostiles))
	for i, h := range Hostiles {
		names[i] = string(h.Shape)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// hostileWriter writes files under dir and keeps its first error.
type hostileWriter struct {
	dir  string
	err  error
	made map[string]bool // directories already created
}

func (w *hostileWriter) path(rel string) string {
	p := filepath.Join(w.dir, filepath.FromSlash(rel))
	d := filepath.Dir(p)
	if w.made == nil {
		w.made = map[string]bool{}
	}
	if !w.made[d] && w.err == nil {
		w.err = os.MkdirAll(d, 0o755)
		w.made[d] = true
	}
	return p
}

func (w *hostileWriter) file(rel string, data []byte) {
	p := w.path(rel)
	if w.err == nil {
		w.err = os.WriteFile(p, data, 0o644)
	}
}

func (w *hostileWriter) stream(rel string, write func(*bufio.Writer)) {
	p := w.path(rel)
	if w.err != nil {
		return
	}
	f, err := os.Create(p)
	if err != nil {
		w.err = err
		return
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	write(bw)
	if err := bw.Flush(); err != nil {
		w.err = err
	}
	if err := f.Close(); err != nil && w.err == nil {
		w.err = err
	}
}
