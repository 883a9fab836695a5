package state

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/walk"
)

// syntheticStore is a store of n extractions built without a scan, so it is
// the same in every process: two of every three are documents whose front
// matter has several keys (maps, which gob writes in random order).
func syntheticStore(n int) *scan.Store {
	cfg := config.Default()
	cfg.Checks.Severity = map[string]catalog.Level{"BROKEN_LINK": "error", "STALE_DOC": "off", "ORPHAN_DOC": "info", "MISSING_OWNER": "warn"}
	st := &scan.Store{
		Header: scan.StoreHeader{
			Format:          scan.StoreFormat,
			PipelineVersion: "test/1",
			AnalyzerVersions: map[string]string{
				"markdown": "markdown/3", "go": "go/2", "typescript": "typescript/4",
				"python": "python/1", "gomod": "gomod/1", "package.json": "package.json/2",
			},
			ConfigurationHash: "0123456789abcdef",
		},
		Tree: scan.StoredTree{Config: cfg, Dirs: []string{"docs", "src"}, Excluded: []string{"vendor"}, RootName: "demo", SourceRevision: "abc123",
			Unlisted: &walk.Unlisted{From: "src/z.go", Reason: "the walk listed only the first 9 files by path (scan.maxFiles)"}},
	}
	for i := range n {
		x := scan.Extraction{Path: fmt.Sprintf("docs/%05d.md", i), Hash: fmt.Sprintf("%016x", i*7919), Size: int64(100 + i), Analyzer: "markdown"}
		if i%3 != 2 {
			fields, lines := map[string]string{}, map[string]int{}
			for k := range 2 + i%7 {
				key := fmt.Sprintf("key%d", k)
				fields[key], lines[key] = fmt.Sprintf("value %d of %d", k, i), k+2
			}
			switch i % 11 { // the two maps need not have the same keys
			case 3:
				delete(lines, "key0")
			case 4:
				lines["other"] = 40
			case 5:
				delete(lines, "key1")
				lines["other"] = 40
			case 6:
				fields = nil
			case 7:
				lines = nil
			}
			x.Markdown = &markdown.Document{
				Path: x.Path, LineCount: 10 + i%50, Title: fmt.Sprintf("Document %d", i), TitleSource: markdown.TitleFromFrontMatter,
				Headings:    []markdown.Heading{{Level: 1, Text: "Intro", Slug: "intro", Line: 5}},
				Anchors:     []string{"intro"},
				FrontMatter: markdown.FrontMatter{Present: true, LineStart: 1, LineEnd: 9, Fields: fields, FieldLines: lines},
				Links:       []markdown.Link{{Destination: "../src/a.ts", Line: 6, Kind: markdown.LinkRelative, Target: "src/a.ts"}},
			}
		} else {
			x.Issues = []extract.Issue{{Line: 1, Message: "not valid UTF-8"}}
		}
		st.Extractions = append(st.Extractions, x)
	}
	return st
}

// gobRoundTrip is what format 5 made of a store: one gob stream of it.
func gobRoundTrip(t testing.TB, st *scan.Store) *scan.Store {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(st); err != nil {
		t.Fatal(err)
	}
	var out scan.Store
	if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return &out
}

func mustEncode(t testing.TB, st *State) []byte {
	t.Helper()
	data, err := Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func mustDecode(t testing.TB, data []byte) *State {
	t.Helper()
	st, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// frameCount reads the frame count of an encoded state.
func frameCount(t testing.TB, data []byte) int {
	t.Helper()
	n, k := binary.Uvarint(data[headerLen:])
	if k <= 0 {
		t.Fatal("no frame count")
	}
	return int(n)
}

// TestRoundTripAtChunkBoundaries: a state decodes to what it was, and
// re-encodes to the same bytes, with no extractions, one chunk exactly, one
// extraction over it, and several chunks.
func TestRoundTripAtChunkBoundaries(t *testing.T) {
	for _, n := range []int{0, 1, chunkLen - 1, chunkLen, chunkLen + 1, 3*chunkLen + 5} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			store := syntheticStore(n)
			in := &State{Store: store, Grade: &Grade{Grade: "B", Score: 82}}
			data := mustEncode(t, in)
			if got, want := frameCount(t, data), 1+(n+chunkLen-1)/chunkLen; got != want {
				t.Errorf("%d extractions in %d frames, want %d", n, got, want)
			}
			out := mustDecode(t, data)
			if !reflect.DeepEqual(out.Store, gobRoundTrip(t, store)) {
				t.Error("the decoded store differs from the encoded one")
			}
			if *out.Grade != *in.Grade {
				t.Errorf("grade %+v came back as %+v", in.Grade, out.Grade)
			}
			if again := mustEncode(t, out); !bytes.Equal(again, data) {
				t.Error("a decoded state re-encodes to other bytes")
			}
		})
	}
}

// TestRoundTripOfAScan: a scanned store comes back as format 5 brought it
// back (one gob stream), empty slices and all.
func TestRoundTripOfAScan(t *testing.T) {
	store := scanOnce(t, repo(t), nil, "").Store
	data := mustEncode(t, &State{Store: store})
	out := mustDecode(t, data)
	if !reflect.DeepEqual(out.Store, gobRoundTrip(t, store)) {
		t.Error("the decoded store differs from a gob round trip of the scanned one")
	}
	if !bytes.Equal(mustEncode(t, out), data) {
		t.Error("a decoded state re-encodes to other bytes")
	}
}

// TestEncodeLeavesTheStateAlone: the codec sorts the front matter maps out
// of copies, never out of the caller's documents.
func TestEncodeLeavesTheStateAlone(t *testing.T) {
	store := syntheticStore(chunkLen + 10)
	want := gobRoundTrip(t, store)
	mustEncode(t, &State{Store: store})
	if !reflect.DeepEqual(gobRoundTrip(t, store), want) || store.Extractions[0].Markdown.FrontMatter.Fields == nil ||
		store.Header.AnalyzerVersions == nil || store.Tree.Config.Checks.Severity == nil {
		t.Error("Encode changed the state it encoded")
	}
}

// TestEncodingIsDeterministic: the same state gives the same bytes on one
// core or two, and encoded again.
func TestEncodingIsDeterministic(t *testing.T) {
	st := &State{Store: syntheticStore(3*chunkLen + 5)}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var first []byte
	for _, procs := range []int{1, 2, 1, 2, 4} {
		runtime.GOMAXPROCS(procs)
		data := mustEncode(t, st)
		if first == nil {
			first = data
		} else if !bytes.Equal(data, first) {
			t.Fatalf("GOMAXPROCS %d encodes to other bytes", procs)
		}
	}
}

// TestEncodingIsTheSameInAnotherProcess: gob numbers types per process, in
// the order it first meets them, and frames are encoded concurrently; a
// fresh process whose first state it encodes, or decodes, must still write
// the same bytes.
func TestEncodingIsTheSameInAnotherProcess(t *testing.T) {
	st := &State{Store: syntheticStore(2*chunkLen + 1)}
	if dir := os.Getenv("DOCBRIDGE_STATE_CHILD"); dir != "" {
		runtime.GOMAXPROCS(2)
		if os.Getenv("DOCBRIDGE_STATE_CHILD_DECODES") != "" {
			data, err := os.ReadFile(filepath.Join(dir, "in"))
			if err != nil {
				t.Fatal(err)
			}
			mustDecode(t, data)
		}
		if err := os.WriteFile(filepath.Join(dir, "out"), mustEncode(t, st), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if testing.Short() {
		t.Skip("starts processes")
	}
	want := mustEncode(t, st)
	for _, decodes := range []string{"", "1"} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "in"), want, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestEncodingIsTheSameInAnotherProcess$")
		cmd.Env = append(os.Environ(), "DOCBRIDGE_STATE_CHILD="+dir, "DOCBRIDGE_STATE_CHILD_DECODES="+decodes)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, msg)
		}
		got, err := os.ReadFile(filepath.Join(dir, "out"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("another process (decoding first: %q) encodes the same state to other bytes", decodes)
		}
	}
}

// TestEveryMapIsSorted: gob writes maps in random order, so the codec
// carries each map of a store as a sorted list (codec.go). A new map in
// the store's types must be handled there and listed here, or states stop
// being deterministic.
func TestEveryMapIsSorted(t *testing.T) {
	handled := []string{
		"Store.Header.AnalyzerVersions",
		"Store.Tree.Config.Checks.Severity",
		"Store.Extractions[].Markdown.FrontMatter.Fields",
		"Store.Extractions[].Markdown.FrontMatter.FieldLines",
	}
	var found []string
	var walk func(tp reflect.Type, path string, seen map[reflect.Type]bool)
	walk = func(tp reflect.Type, path string, seen map[reflect.Type]bool) {
		switch tp.Kind() {
		case reflect.Map:
			found = append(found, path)
		case reflect.Pointer:
			walk(tp.Elem(), path, seen)
		case reflect.Slice, reflect.Array:
			walk(tp.Elem(), path+"[]", seen)
		case reflect.Interface:
			t.Errorf("%s is an interface, which gob encodes only for registered types", path)
		case reflect.Struct:
			if seen[tp] {
				return
			}
			seen = withType(seen, tp)
			for i := range tp.NumField() {
				if f := tp.Field(i); f.IsExported() {
					walk(f.Type, path+"."+f.Name, seen)
				}
			}
		}
	}
	walk(reflect.TypeOf(scan.Store{}), "Store", nil)
	slices.Sort(found)
	slices.Sort(handled)
	if !slices.Equal(found, handled) {
		t.Errorf("the store's maps are %v; the codec sorts %v", found, handled)
	}
}

// withType returns seen with tp added, leaving seen as it was: a type is cut
// off only on its own path (a cycle), not on every later one.
func withType(seen map[reflect.Type]bool, tp reflect.Type) map[reflect.Type]bool {
	out := map[reflect.Type]bool{tp: true}
	for k := range seen {
		out[k] = true
	}
	return out
}

// encodeFormat5 writes a state the way format 5 did: one zstd-compressed
// gob stream of the store and the grade.
func encodeFormat5(t testing.TB, st *State) []byte {
	t.Helper()
	type payload struct {
		Store *scan.Store
		Grade *Grade
	}
	var raw bytes.Buffer
	if err := gob.NewEncoder(&raw).Encode(payload{st.Store, st.Grade}); err != nil {
		t.Fatal(err)
	}
	m := append([]byte("DOCBRIDGE-STATE"), 5)
	return withHeader(m, encoder.EncodeAll(raw.Bytes(), nil))
}

// withHeader puts a valid header (m, length, checksum) before body.
func withHeader(m, body []byte) []byte {
	out := make([]byte, headerLen, headerLen+len(body))
	copy(out, m)
	binary.BigEndian.PutUint64(out[len(m):], uint64(len(body)))
	binary.BigEndian.PutUint64(out[len(m)+8:], xxhash.Sum64(body))
	return append(out, body...)
}

// tableFrame is one entry of a frame table a test writes by hand.
type tableFrame struct {
	raw  uint64
	data []byte
}

// frameTable writes a frame table: count, then each frame's lengths and
// bytes.
func frameTable(count uint64, fs ...tableFrame) []byte {
	out := binary.AppendUvarint(nil, count)
	for _, f := range fs {
		out = binary.AppendUvarint(out, f.raw)
		out = binary.AppendUvarint(out, uint64(len(f.data)))
		out = append(out, f.data...)
	}
	return out
}

// gobFrame is a frame holding v, or raw bytes when v is a []byte.
func gobFrame(t testing.TB, v any) tableFrame {
	t.Helper()
	raw, ok := v.([]byte)
	if !ok {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(v); err != nil {
			t.Fatal(err)
		}
		raw = buf.Bytes()
	}
	return tableFrame{raw: uint64(len(raw)), data: encoder.EncodeAll(raw, nil)}
}

// encodeChunk is the gob stream of the chunk frame of xs.
func encodeChunk(t testing.TB, xs []scan.Extraction) []byte {
	t.Helper()
	var buf bytes.Buffer
	var c chunkEncoder
	if err := c.encode(&buf, xs); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// chunkOf is the gob stream of a chunk frame that claims count extractions
// and holds xs.
func chunkOf(t testing.TB, count int, xs ...storedExtraction) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	if err := enc.Encode(count); err != nil {
		t.Fatal(err)
	}
	for _, x := range xs {
		if err := enc.Encode(x); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func stateOf(fs ...tableFrame) []byte {
	return withHeader(magic, frameTable(uint64(len(fs)), fs...))
}

// TestBadStatesAreRefusedWithTheReason covers every refusal of format 6
// behind a valid header (TestDamagedStatesAreRefusedWithTheReason covers
// the header's).
func TestBadStatesAreRefusedWithTheReason(t *testing.T) {
	store := syntheticStore(chunkLen + 2)
	head := newHeadFrame(&State{Store: store})
	chunk2 := encodeChunk(t, store.Extractions[chunkLen:])
	good := mustEncode(t, &State{Store: store})
	hf, c1, c2 := gobFrame(t, head), gobFrame(t, encodeChunk(t, store.Extractions[:chunkLen])), gobFrame(t, chunk2)
	if !bytes.Equal(stateOf(hf, c1, c2), good) {
		t.Fatal("the hand-built state differs from Encode's: the cases below test something else")
	}
	empty := gobFrame(t, headFrame{Store: true, Header: head.Header, Tree: head.Tree})
	withExtractions := func(n int) tableFrame {
		h := head
		h.Extractions = n
		return gobFrame(t, h)
	}
	noStore := head
	noStore.Store = false
	noConfig := head
	noConfig.Tree.Config = nil
	big := tableFrame{raw: 3 << 29, data: make([]byte, (3<<29)/maxExpansion)}
	x := storedExtraction{Extraction: scan.Extraction{Path: "a.md", Hash: "0123456789abcdef"}}
	notDoc := x
	notDoc.FieldLines = []fieldLine{{"title", 2}}
	short := c2
	short.raw++
	long := c2
	long.raw--
	var headTrailing bytes.Buffer
	gob.NewEncoder(&headTrailing).Encode(head)
	headTrailing.WriteByte(0)

	for name, tc := range map[string]struct {
		data   []byte
		reason string
	}{
		"format 5": {encodeFormat5(t, &State{Store: store}), "state file format 5, this version reads 6"},
		"no frame count": {withHeader(magic, []byte{0x80}),
			"bad state frame table: it does not start with a frame count"},
		"no payload": {withHeader(magic, nil),
			"bad state frame table: it does not start with a frame count"},
		"no frames": {withHeader(magic, frameTable(0)), "bad state frame table: it lists no frames"},
		"count that cannot fit": {withHeader(magic, frameTable(1<<40, hf)),
			fmt.Sprintf("bad state frame table: it claims %d frames, %d bytes remain", uint64(1<<40), len(frameTable(1, hf))-1)},
		"count over the frames": {withHeader(magic, frameTable(3, hf, c1)),
			"bad state frame table: frame 2 has no length, 0 bytes remain"},
		"count under the frames": {withHeader(magic, frameTable(2, hf, c1, c2)),
			fmt.Sprintf("bad state frame table: %d bytes follow the last frame", len(frameTable(1, c2))-1)},
		"no compressed length": {withHeader(magic, append(frameTable(1), 0x01, 0x80, 0x80)),
			"bad state frame table: frame 0 has no compressed length, 2 bytes remain"},
		"length that cannot fit": {withHeader(magic, append(frameTable(2, hf), 0x01, 0xa8, 0x46, 1, 2, 3, 4, 5)),
			"bad state frame table: frame 1 claims 9000 bytes, 5 remain"},
		"empty frame": {stateOf(hf, tableFrame{raw: 1}, c2), "bad state frame table: frame 1 is empty"},
		"impossible expansion": {stateOf(tableFrame{raw: 2*maxExpansion + 1, data: []byte{1, 2}}),
			fmt.Sprintf("bad state frame table: frame 0 claims to expand 2 bytes to %d, more than zstd can", 2*maxExpansion+1)},
		"over the decompressed bound": {stateOf(hf, big, big),
			"bad state frame table: the frames expand to more than the bound of 2147483648 bytes"},
		"not zstd":             {stateOf(hf, tableFrame{raw: 10, data: []byte("0123456789")}), "cannot decompress the state: frame 1: "},
		"fewer bytes":          {stateOf(hf, c1, short), "cannot decompress the state: frame 2 holds"},
		"more bytes":           {stateOf(hf, c1, long), "cannot decompress the state: frame 2: "},
		"not gob":              {stateOf(hf, gobFrame(t, []byte("not a gob stream at all"))), "cannot decode the state: frame 1: "},
		"bytes after the head": {stateOf(gobFrame(t, headTrailing.Bytes()), c1, c2), "cannot decode the state: frame 0: 1 bytes follow its value"},
		"bytes after a chunk":  {stateOf(hf, c1, gobFrame(t, append(chunk2, 0))), "cannot decode the state: frame 2: 1 bytes follow its last extraction"},
		"no count":             {stateOf(hf, c1, gobFrame(t, []byte{})), "cannot decode the state: frame 2: EOF"},
		"count over the chunk": {stateOf(hf, c1, gobFrame(t, chunkOf(t, 3, x, x))), "cannot decode the state: frame 2: extraction 2 of 3: EOF"},
		"count over the bytes": {stateOf(hf, c1, gobFrame(t, chunkOf(t, chunkLen))),
			"cannot decode the state: frame 2: it claims 1024 extractions in 0 bytes"},
		"count under the chunk": {stateOf(hf, c1, gobFrame(t, chunkOf(t, 1, x, x))),
			fmt.Sprintf("cannot decode the state: frame 2: %d bytes follow its last extraction", len(chunkOf(t, 1, x, x))-len(chunkOf(t, 1, x)))},
		"count over a frame": {stateOf(hf, c1, gobFrame(t, chunkOf(t, chunkLen+1))),
			"cannot decode the state: frame 2: it claims 1025 extractions; a frame holds 0 to 1024"},
		"negative chunk count": {stateOf(hf, c1, gobFrame(t, chunkOf(t, -1))),
			"cannot decode the state: frame 2: it claims -1 extractions; a frame holds 0 to 1024"},
		"head swapped":     {stateOf(c1, hf, c2), "cannot decode the state: frame 0: "},
		"no store":         {stateOf(gobFrame(t, noStore), c1, c2), "cannot decode the state: it holds no extraction store"},
		"missing chunk":    {stateOf(hf, c1), fmt.Sprintf("cannot decode the state: %d extractions take 2 frames, it has 1", chunkLen+2)},
		"extra chunk":      {stateOf(hf, c1, c2, c2), fmt.Sprintf("cannot decode the state: %d extractions take 2 frames, it has 3", chunkLen+2)},
		"chunks on empty":  {stateOf(empty, c2), "cannot decode the state: 0 extractions take 0 frames, it has 1"},
		"negative count":   {stateOf(withExtractions(-5), c1, c2), "cannot decode the state: it counts -5 extractions"},
		"chunks misjoined": {stateOf(hf, c2, c1), "cannot decode the state: frame 1 holds 2 extractions, want 1024"},
		"short last chunk": {stateOf(withExtractions(chunkLen+3), c1, c2), "cannot decode the state: frame 2 holds 2 extractions, want 3"},
		"severities without a configuration": {stateOf(gobFrame(t, noConfig), c1, c2),
			"cannot decode the state: frame 0: severities without a configuration"},
		"front matter of a non-document": {stateOf(hf, c1, gobFrame(t, chunkOf(t, 2, x, notDoc))),
			"cannot decode the state: frame 2: extraction 1 of 2 has front matter but is not a document"},
	} {
		st, err := Decode(tc.data)
		if err == nil || !strings.HasPrefix(err.Error(), tc.reason) {
			t.Errorf("%s: error %v, want one starting %q", name, err, tc.reason)
		}
		if st != nil {
			t.Errorf("%s: a refused state must come with no state", name)
		}
	}
}

// TestNoStoreEncodesAndIsRefused: a state without a store is written, as
// format 5 wrote it, and refused when read; an empty store is not refused.
func TestNoStoreEncodesAndIsRefused(t *testing.T) {
	if _, err := Decode(mustEncode(t, &State{})); err == nil || err.Error() != "cannot decode the state: it holds no extraction store" {
		t.Errorf("a state without a store: %v", err)
	}
	st := mustDecode(t, mustEncode(t, &State{Store: &scan.Store{}}))
	if st.Store == nil || len(st.Store.Extractions) != 0 {
		t.Errorf("an empty store came back as %+v", st.Store)
	}
}
