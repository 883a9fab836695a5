package scan

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sync"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/golang"
	"github.com/docbridge/docbridge/internal/scan/hugo"
	"github.com/docbridge/docbridge/internal/scan/manifest"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/markup"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/scan/typescript"
	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Extraction is everything one file contributes before resolution. It is a
// pure function of the file's bytes, its analyzer's version and the
// configuration that analyzer reads, so an incremental scan can reuse it for
// as long as the file's hash is unchanged.
type Extraction struct {
	Path string `json:"path"`
	// Hash is the xxhash64 of the file's bytes (a document's after a leading
	// BOM); empty when the file could not be read.
	Hash     string `json:"hash"`
	Size     int64  `json:"size"`
	Analyzer string `json:"analyzer,omitempty"`
	// Lines is the number of lines of a file read and analyzed (a final
	// line ending starts no line): a link's #L10 line anchor into it is
	// checked against it.
	Lines int `json:"lines,omitempty"`

	Markdown      *markdown.Document    `json:"markdown,omitempty"`
	Go            *golang.File          `json:"go,omitempty"`
	TypeScript    *typescript.File      `json:"typescript,omitempty"`
	Python        *python.File          `json:"python,omitempty"`
	GoMod         *golang.Module        `json:"goMod,omitempty"`
	PackageJSON   *manifest.PackageJSON `json:"packageJson,omitempty"`
	PyProject     *manifest.PyProject   `json:"pyProject,omitempty"`
	PnpmWorkspace []string              `json:"pnpmWorkspace,omitempty"`
	TSConfig      []byte                `json:"tsConfig,omitempty"`
	HugoConfig    *hugo.Config          `json:"hugoConfig,omitempty"`
	// Markup is what a layout or component renders for anchors.
	Markup *markup.File `json:"markup,omitempty"`
	// SiteConfig is a documentation site's configuration file as read;
	// resolution decides whether it makes a site (see siteRoots).
	SiteConfig []byte          `json:"siteConfig,omitempty"`
	Issues     []extract.Issue `json:"issues,omitempty"`
}

// analyzable reports whether the file is a document or a source module: a
// file that becomes an entity of its own.
func (x *Extraction) analyzable() bool {
	return x.Markdown != nil || moduleOf(x) != nil
}

// issues returns every problem found in the file: the scan's own (read
// errors, binary content) and its analyzer's.
func (x *Extraction) issues() []extract.Issue {
	out := append([]extract.Issue(nil), x.Issues...)
	return append(out, analyzerOf(x).Issues(x)...)
}

// extractor is one worker's set of file extractors, made on first use
// (see Analyzer.NewExtractor).
type extractor struct {
	cfg *config.Config
	by  map[analyzer]fileExtractor
}

func newExtractor(cfg *config.Config) *extractor {
	return &extractor{cfg: cfg, by: map[analyzer]fileExtractor{}}
}

func (e *extractor) close() {
	for _, fe := range e.by {
		fe.Close()
	}
}

// readFile reads one file of the walk, bounded by maxBytes (the walk already
// skipped larger files; a file that grew since is refused here too). size is
// the size the walk saw.
var readFile = func(root string, f walk.File, maxBytes int64) ([]byte, error) {
	return readRegular(filepath.Join(root, filepath.FromSlash(f.Path)), f.Size, maxBytes)
}

// extract runs the file's analyzer, or reuses prev — the previous scan's
// extraction of the same path — when the file's bytes hash the same. It never
// fails: a problem becomes an Issue on the extraction.
func (e *extractor) extract(root string, f walk.File, k fileKind, prev *Extraction) (x Extraction, reused bool) {
	x = Extraction{Path: f.Path, Size: f.Size, Analyzer: k.Kind()}
	data, err := readFile(root, f, int64(e.cfg.Scan.MaxFileBytes))
	if err != nil {
		msg := "cannot read the file: " + err.Error()
		if errors.Is(err, fs.ErrPermission) {
			msg = "cannot read the file: permission denied"
		}
		x.Issues = append(x.Issues, extract.Issue{Status: extract.StatusNotAnalyzed, Message: msg})
		return x, false
	}
	x.Hash = contentHash(k, data)
	if prev != nil && prev.Hash == x.Hash && prev.Analyzer == x.Analyzer && prev.Size == int64(len(data)) {
		return *prev, true
	}
	e.analyze(&x, k, data)
	return x, false
}

// contentHash is the hash a file's extraction records: of its bytes, a
// document's after a leading BOM.
func contentHash(k fileKind, data []byte) string {
	if k == kindMarkdown {
		return snapshot.HashBytes(bytes.TrimPrefix(data, utf8BOM))
	}
	return snapshot.HashBytes(data)
}

// analyze fills x from the file's bytes: its size, its lines and its
// analyzer's extraction; binary content is an issue instead.
func (e *extractor) analyze(x *Extraction, k fileKind, data []byte) {
	x.Size = int64(len(data))
	if walk.IsBinary(data) {
		x.Issues = append(x.Issues, extract.Issue{Status: extract.StatusNotAnalyzed,
			Message: "binary content (a NUL byte in the first 8000 bytes); not analyzed as " + k.Kind()})
		return
	}
	x.Lines = lineCount(data)
	e.run(x, k, data)
}

// lineCount counts the lines of data as an editor numbers them: a final
// line ending starts no line, and CR, LF and CRLF each end one.
func lineCount(data []byte) int {
	// Without a CR every line ending is one LF, which bytes.Count counts
	// in vector instructions (ten times the loop's speed).
	n := 0
	if bytes.IndexByte(data, '\r') < 0 {
		n = bytes.Count(data, []byte{'\n'})
	} else {
		for i := 0; i < len(data); i++ {
			switch data[i] {
			case '\n':
				n++
			case '\r':
				n++
				if i+1 < len(data) && data[i+1] == '\n' {
					i++
				}
			}
		}
	}
	if len(data) > 0 && data[len(data)-1] != '\n' && data[len(data)-1] != '\r' {
		n++
	}
	return n
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// run runs the analyzer of kind k, with this worker's extractor for it.
func (e *extractor) run(x *Extraction, k fileKind, data []byte) {
	fe, ok := e.by[k]
	if !ok {
		fe = k.NewExtractor()
		e.by[k] = fe
	}
	fe.Extract(x, data)
	trimLists(x)
}

// trimLists gives the longest lists of an extraction arrays of their own
// length. They grow by append, which leaves up to half of an array unused,
// and the store holds every extraction for the whole run: on the monorepo
// corpus that slack was about 10 MB of the live heap. A decoded (reused)
// extraction has none.
func trimLists(x *Extraction) {
	if d := x.Markdown; d != nil {
		d.Links, d.CodeSpans, d.Headings = exact(d.Links), exact(d.CodeSpans), exact(d.Headings)
	}
	if f := x.TypeScript; f != nil {
		f.Imports, f.Exports = exact(f.Imports), exact(f.Exports)
	}
}

// exact returns list in an array of its length when more than an eighth
// of its array is unused, else list itself.
func exact[T any](list []T) []T {
	if cap(list)-len(list) <= len(list)/8 {
		return list
	}
	return slices.Clone(list)
}

// extractAll runs extraction over files on workers goroutines, reusing
// the extractions in prev whose file hashes match. Results land at their
// file's index, so the output order is the input order whatever the
// scheduling: the merge is deterministic by construction.
func extractAll(ctx context.Context, root string, cfg *config.Config, files []walk.File, kinds []fileKind, workers int, prev map[string]*Extraction, progress func(string, int, int)) ([]Extraction, int, error) {
	out := make([]Extraction, len(files))
	reused := make([]bool, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := newExtractor(cfg)
			defer e.close()
			for i := range next {
				out[i], reused[i] = e.extract(root, files[i], kinds[i], prev[files[i].Path])
			}
		}()
	}
	var err error
feed:
	for i := range files {
		select {
		case next <- i:
			progress(PhaseExtract, i+1, len(files))
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err != nil {
		return nil, 0, fmt.Errorf("extract: %w", err)
	}
	n := 0
	for _, r := range reused {
		if r {
			n++
		}
	}
	return out, n, nil
}
