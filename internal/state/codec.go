package state

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"sync"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/parallel"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// The payload of a format-6 state is a frame table: the number of frames,
// then for each frame the length of its gob stream, the length of its
// compressed bytes and those bytes. Every frame is a gob stream of its own,
// compressed with zstd on its own, so frames are encoded and decoded in
// parallel. Frame 0 holds everything but the extractions (headFrame); the
// others hold the extractions in order, chunkLen to a frame: the number of
// extractions, then one storedExtraction per extraction. One gob value per
// extraction, not one slice per frame, keeps gob's buffers at the size of
// an extraction instead of growing to the size of a frame.
//
// chunkLen is fixed — never derived from the machine — so the same state
// encodes to the same bytes on any number of cores.
const chunkLen = 1024

// maxExpansion is the most a zstd frame can expand: every block takes at
// least 4 bytes (an RLE block) and yields at most 128 KiB. A frame that
// claims more cannot be decoded, so it is refused before anything is
// allocated for it.
const maxExpansion = 128 << 10 / 4

// headFrame is frame 0: the grade and the store without its extractions.
// gob writes a map in Go's random iteration order, so the maps of the
// header and of the configuration travel as sorted lists and are left nil
// in Header and Tree.Config.
type headFrame struct {
	Grade *Grade
	// Judged is added after format 6 was fixed: gob leaves it nil in the
	// states written before it, and older readers skip it.
	Judged *Judged
	// Store is false for a state without an extraction store.
	Store            bool
	Header           scan.StoreHeader
	AnalyzerVersions []field // Header.AnalyzerVersions
	Tree             scan.StoredTree
	Severity         []field // Tree.Config.Checks.Severity
	// Extractions is how many extractions the chunk frames hold.
	Extractions int
}

// storedExtraction is one extraction of a chunk frame. Its document's front
// matter maps travel as sorted lists and are left nil in the document, for
// the same reason as in headFrame.
type storedExtraction struct {
	Extraction scan.Extraction
	Fields     []field     // Extraction.Markdown.FrontMatter.Fields
	FieldLines []fieldLine // Extraction.Markdown.FrontMatter.FieldLines
}

type field struct{ Key, Value string }

type fieldLine struct {
	Key  string
	Line int
}

// gob numbers the types it meets in the order it first meets them, process
// wide, and writes those numbers. Frames are encoded concurrently, so the
// types are registered once, in a fixed order, before any frame is: else the
// first state a process writes could differ from the next.
var registerTypes = sync.OnceFunc(func() {
	for _, v := range []any{headFrame{}, storedExtraction{}} {
		if err := gob.NewEncoder(io.Discard).Encode(v); err != nil {
			panic(err) // a type gob cannot encode: a programming error
		}
	}
})

// frames returns how many frames a state of n extractions takes.
func frames(n int) int {
	return 1 + (n+chunkLen-1)/chunkLen
}

// newHeadFrame returns frame 0 of st. It copies what it changes: st is the
// caller's.
func newHeadFrame(st *State) headFrame {
	h := headFrame{Grade: st.Grade, Judged: st.Judged}
	s := st.Store
	if s == nil {
		return h
	}
	h.Store, h.Header, h.Tree, h.Extractions = true, s.Header, s.Tree, len(s.Extractions)
	h.Header.AnalyzerVersions, h.AnalyzerVersions = nil, sortedFields(s.Header.AnalyzerVersions)
	if cfg := s.Tree.Config; cfg != nil && len(cfg.Checks.Severity) > 0 {
		bare := *cfg
		bare.Checks.Severity, h.Severity = nil, sortedFields(cfg.Checks.Severity)
		h.Tree.Config = &bare
	}
	return h
}

// store returns the store frame 0 describes, its maps put back, with xs as
// its extractions.
func (h *headFrame) store(xs []scan.Extraction) (*scan.Store, error) {
	s := &scan.Store{Header: h.Header, Extractions: xs, Tree: h.Tree}
	s.Header.AnalyzerVersions = fieldMap[string](h.AnalyzerVersions)
	if len(h.Severity) > 0 {
		if s.Tree.Config == nil {
			return nil, errors.New("severities without a configuration")
		}
		s.Tree.Config.Checks.Severity = fieldMap[catalog.Level](h.Severity)
	}
	return s, nil
}

func sortedFields[V ~string](m map[string]V) []field {
	out := make([]field, 0, len(m))
	for _, k := range appendSortedKeys(nil, m) {
		out = append(out, field{k, string(m[k])})
	}
	return out
}

// fieldMap is the map of fs; nil when fs is empty, as gob decodes an empty
// map.
func fieldMap[V ~string](fs []field) map[string]V {
	if len(fs) == 0 {
		return nil
	}
	m := make(map[string]V, len(fs))
	for _, f := range fs {
		m[f.Key] = V(f.Value)
	}
	return m
}

// chunkEncoder writes chunk frames; each goroutine has its own.
type chunkEncoder struct {
	x    storedExtraction
	doc  markdown.Document
	keys []string
}

// encode writes the chunk frame of xs to w. It changes none of xs: a
// document whose maps it sorts out is copied first.
func (c *chunkEncoder) encode(w io.Writer, xs []scan.Extraction) error {
	enc := gob.NewEncoder(w)
	if err := enc.Encode(len(xs)); err != nil {
		return err
	}
	for i := range xs {
		c.x = storedExtraction{Extraction: xs[i], Fields: c.x.Fields[:0], FieldLines: c.x.FieldLines[:0]}
		if doc := xs[i].Markdown; hasFrontMatterMaps(doc) {
			fm := doc.FrontMatter
			c.keys = appendSortedKeys(c.keys[:0], fm.Fields)
			for _, k := range c.keys {
				c.x.Fields = append(c.x.Fields, field{k, fm.Fields[k]})
			}
			if !sameKeys(c.keys, fm.FieldLines) {
				c.keys = appendSortedKeys(c.keys[:0], fm.FieldLines)
			}
			for _, k := range c.keys {
				c.x.FieldLines = append(c.x.FieldLines, fieldLine{k, fm.FieldLines[k]})
			}
			c.doc = *doc
			c.doc.FrontMatter.Fields, c.doc.FrontMatter.FieldLines = nil, nil
			c.x.Extraction.Markdown = &c.doc
		}
		if err := enc.Encode(&c.x); err != nil {
			return fmt.Errorf("%s: %w", xs[i].Path, err)
		}
	}
	return nil
}

func hasFrontMatterMaps(doc *markdown.Document) bool {
	return doc != nil && (len(doc.FrontMatter.Fields) > 0 || len(doc.FrontMatter.FieldLines) > 0)
}

func appendSortedKeys[V any](keys []string, m map[string]V) []string {
	keys = slices.AppendSeq(keys, maps.Keys(m))
	slices.Sort(keys)
	return keys
}

// sameKeys reports whether m's keys are keys.
func sameKeys[V any](keys []string, m map[string]V) bool {
	if len(keys) != len(m) {
		return false
	}
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	return true
}

// encodedFrame is one frame as Encode writes it.
type encodedFrame struct {
	raw  int // length of the gob stream
	data []byte
}

// encodeFrames returns the state's frames, encoded and compressed on
// min(GOMAXPROCS, frames) goroutines. The first error, by frame, is
// returned.
func encodeFrames(st *State) ([]encodedFrame, error) {
	registerTypes()
	var xs []scan.Extraction
	if st.Store != nil {
		xs = st.Store.Extractions
	}
	out := make([]encodedFrame, frames(len(xs)))
	errs := make([]error, len(out))
	parallel.For(len(out), runtime.GOMAXPROCS(0), func() func(int) {
		var buf bytes.Buffer // one gob buffer per goroutine
		var chunks chunkEncoder
		return func(i int) {
			buf.Reset()
			var err error
			if i == 0 {
				err = gob.NewEncoder(&buf).Encode(newHeadFrame(st))
			} else {
				err = chunks.encode(&buf, xs[(i-1)*chunkLen:min(i*chunkLen, len(xs))])
			}
			if err != nil {
				errs[i] = fmt.Errorf("encode state: frame %d: %w", i, err)
				return
			}
			out[i] = encodedFrame{raw: buf.Len(), data: encoder.EncodeAll(buf.Bytes(), make([]byte, 0, buf.Len()/4))}
		}
	})
	if err := firstError(errs); err != nil {
		return nil, err
	}
	return out, nil
}

// appendFrameTable appends the payload that holds frames.
func appendFrameTable(out []byte, frames []encodedFrame) []byte {
	out = binary.AppendUvarint(out, uint64(len(frames)))
	for _, f := range frames {
		out = binary.AppendUvarint(out, uint64(f.raw))
		out = binary.AppendUvarint(out, uint64(len(f.data)))
		out = append(out, f.data...)
	}
	return out
}

// frameTableLen is the length of the payload appendFrameTable writes.
func frameTableLen(frames []encodedFrame) int {
	n := varintLen(uint64(len(frames)))
	for _, f := range frames {
		n += varintLen(uint64(f.raw)) + varintLen(uint64(len(f.data))) + len(f.data)
	}
	return n
}

func varintLen(v uint64) int {
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], v)
}

// storedFrame is one frame of a payload being decoded: its compressed bytes
// and the length of its gob stream.
type storedFrame struct {
	raw  int
	data []byte
}

// minFrameEntry is the least room one frame takes in the table: two lengths
// of one byte and one byte of data.
const minFrameEntry = 3

// readFrameTable splits a payload into its frames, refusing a table that
// does not describe the payload's bytes exactly or that expands beyond
// maxDecompressedBytes — before allocating anything by what it claims.
func readFrameTable(body []byte) ([]storedFrame, error) {
	count, n := binary.Uvarint(body)
	if n <= 0 {
		return nil, errors.New("bad state frame table: it does not start with a frame count")
	}
	body = body[n:]
	if count == 0 {
		return nil, errors.New("bad state frame table: it lists no frames")
	}
	if count > uint64(len(body)/minFrameEntry) {
		return nil, fmt.Errorf("bad state frame table: it claims %d frames, %d bytes remain", count, len(body))
	}
	out := make([]storedFrame, count)
	var total uint64
	for i := range out {
		raw, n := binary.Uvarint(body)
		if n <= 0 {
			return nil, fmt.Errorf("bad state frame table: frame %d has no length, %d bytes remain", i, len(body))
		}
		body = body[n:]
		size, n := binary.Uvarint(body)
		if n <= 0 {
			return nil, fmt.Errorf("bad state frame table: frame %d has no compressed length, %d bytes remain", i, len(body))
		}
		body = body[n:]
		switch {
		case size == 0:
			return nil, fmt.Errorf("bad state frame table: frame %d is empty", i)
		case size > uint64(len(body)):
			return nil, fmt.Errorf("bad state frame table: frame %d claims %d bytes, %d remain", i, size, len(body))
		case raw > size*maxExpansion:
			return nil, fmt.Errorf("bad state frame table: frame %d claims to expand %d bytes to %d, more than zstd can", i, size, raw)
		case raw > maxDecompressedBytes-total:
			return nil, fmt.Errorf("bad state frame table: the frames expand to more than the bound of %d bytes", maxDecompressedBytes)
		}
		total += raw
		out[i] = storedFrame{raw: int(raw), data: body[:size]}
		body = body[size:]
	}
	if len(body) > 0 {
		return nil, fmt.Errorf("bad state frame table: %d bytes follow the last frame", len(body))
	}
	return out, nil
}

// decodeFrames decompresses and decodes the frames on min(GOMAXPROCS,
// frames) goroutines and assembles the state. Every frame is decoded, so
// the error returned — the first by frame — does not depend on scheduling.
func decodeFrames(fs []storedFrame) (*State, error) {
	registerTypes()
	var head headFrame
	chunks := make([][]scan.Extraction, len(fs)-1)
	errs := make([]error, len(fs))
	parallel.For(len(fs), runtime.GOMAXPROCS(0), func() func(int) {
		var buf []byte // one decompression buffer per goroutine
		return func(i int) {
			f := fs[i]
			if cap(buf) < f.raw {
				buf = make([]byte, f.raw)
			}
			// The decoder never writes past the capacity it is given.
			raw, err := decoder.DecodeAll(f.data, buf[:0:f.raw])
			switch {
			case err != nil:
				errs[i] = fmt.Errorf("cannot decompress the state: frame %d: %w", i, err)
				return
			case len(raw) != f.raw:
				errs[i] = fmt.Errorf("cannot decompress the state: frame %d holds %d bytes, the frame table says %d", i, len(raw), f.raw)
				return
			}
			if i == 0 {
				errs[i] = decodeGob(raw, &head)
			} else {
				chunks[i-1], errs[i] = decodeChunk(raw)
			}
			if errs[i] != nil {
				errs[i] = fmt.Errorf("cannot decode the state: frame %d: %w", i, errs[i])
			}
		}
	})
	if err := firstError(errs); err != nil {
		return nil, err
	}
	if !head.Store {
		return nil, errors.New("cannot decode the state: it holds no extraction store")
	}
	if head.Extractions < 0 {
		return nil, fmt.Errorf("cannot decode the state: it counts %d extractions", head.Extractions)
	}
	if want := frames(head.Extractions) - 1; want != len(chunks) {
		return nil, fmt.Errorf("cannot decode the state: %d extractions take %d frames, it has %d", head.Extractions, want, len(chunks))
	}
	for i, c := range chunks {
		if want := min(chunkLen, head.Extractions-i*chunkLen); len(c) != want {
			return nil, fmt.Errorf("cannot decode the state: frame %d holds %d extractions, want %d", i+1, len(c), want)
		}
	}
	var xs []scan.Extraction // nil when there are none, as gob decodes an empty slice
	if head.Extractions > 0 {
		xs = make([]scan.Extraction, 0, head.Extractions)
		for _, c := range chunks {
			xs = append(xs, c...)
		}
	}
	store, err := head.store(xs)
	if err != nil {
		return nil, fmt.Errorf("cannot decode the state: frame 0: %w", err)
	}
	return &State{Store: store, Grade: head.Grade, Judged: head.Judged}, nil
}

// minExtractionBytes is the least a storedExtraction takes in a gob stream:
// its message's length, its type and the end of the struct.
const minExtractionBytes = 3

// decodeChunk decodes one chunk frame and puts its documents' front matter
// maps back.
func decodeChunk(raw []byte) ([]scan.Extraction, error) {
	r := bytes.NewReader(raw)
	dec := gob.NewDecoder(r)
	var n int
	if err := dec.Decode(&n); err != nil {
		return nil, err
	}
	switch {
	case n < 0 || n > chunkLen:
		return nil, fmt.Errorf("it claims %d extractions; a frame holds 0 to %d", n, chunkLen)
	case n > r.Len()/minExtractionBytes:
		return nil, fmt.Errorf("it claims %d extractions in %d bytes", n, r.Len())
	}
	xs := make([]scan.Extraction, n)
	var x storedExtraction
	for i := range xs {
		x = storedExtraction{} // gob leaves out zero fields: they must be zero here
		if err := dec.Decode(&x); err != nil {
			return nil, fmt.Errorf("extraction %d of %d: %w", i, n, err)
		}
		if len(x.Fields) > 0 || len(x.FieldLines) > 0 {
			doc := x.Extraction.Markdown
			if doc == nil {
				return nil, fmt.Errorf("extraction %d of %d has front matter but is not a document", i, n)
			}
			doc.FrontMatter.Fields, doc.FrontMatter.FieldLines = fieldMap[string](x.Fields), lineMap(x.FieldLines)
		}
		xs[i] = x.Extraction
	}
	if r.Len() > 0 {
		return nil, fmt.Errorf("%d bytes follow its last extraction", r.Len())
	}
	return xs, nil
}

// decodeGob decodes the one value a frame holds, refusing bytes after it.
func decodeGob(raw []byte, v any) error {
	r := bytes.NewReader(raw)
	if err := gob.NewDecoder(r).Decode(v); err != nil {
		return err
	}
	if r.Len() > 0 {
		return fmt.Errorf("%d bytes follow its value", r.Len())
	}
	return nil
}

// lineMap is the map of fs; nil when fs is empty.
func lineMap(fs []fieldLine) map[string]int {
	if len(fs) == 0 {
		return nil
	}
	m := make(map[string]int, len(fs))
	for _, f := range fs {
		m[f.Key] = f.Line
	}
	return m
}

func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
