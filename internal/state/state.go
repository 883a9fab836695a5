// Package state persists what a scan leaves for the next one — its
// extraction store, from which its snapshot can be rebuilt — in one file
// that is written atomically (a temporary file renamed into place), so a
// crash never leaves half a state behind, and that is checked whole when it
// is read back, so a truncated, corrupted or hand-edited state is refused
// with the reason and costs a cold scan, never a wrong one. The file's
// payload is a table of independently zstd-compressed gob frames (codec.go),
// encoded and decoded on every core.
//
// Trust: the store is gob-encoded for speed (a third of JSON's decoding
// time). gob is not hardened against adversarial input, so decoding is
// bounded (file size, decompressed size) and a state is read only from where
// this repository's own runs wrote it: a local directory or the Actions
// cache, whose entries a pull request cannot write for its base branch.
package state

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/cespare/xxhash/v2"
	"github.com/klauspost/compress/zstd"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// FileName is the state file inside a state directory.
const FileName = "docbridge-state.bin"

// DefaultMaxBytes bounds the state file; a larger state is not written.
const DefaultMaxBytes = 256 << 20

// maxDecompressedBytes bounds what a state may expand to, all frames
// together.
const maxDecompressedBytes = 2 << 30

// magic opens every state file; the format version is its last byte.
var magic = []byte("DOCBRIDGE-STATE\x06")

// The header: magic, the length of the payload and its xxhash64.
var headerLen = len(magic) + 8 + 8

// State is one scan's output as later runs need it: the extraction store,
// which the next scan reuses and from which the snapshot a pull request
// compares against is rebuilt (scan.Rebuild) — resolution is a pure function
// of the store, so the state does not carry the snapshot itself.
type State struct {
	Store *scan.Store
	// Grade is the doctor's judgement of the scanned tree, when a check
	// ran on it (the action's runs): a pull request shows its grade's
	// change against its base's. Nil in states that carry none.
	Grade *Grade
	// Judged are the check's findings of the scanned tree judged alone,
	// when a check ran on it without a base (the action's push runs); nil
	// in states that carry none.
	Judged *Judged
}

// Judged is what a check found in a tree judged alone (no base, so no
// drift), kept so that a pull request whose base this state is need not
// judge the base again. Key names the binary and the whole configuration
// that judged it: a run under another key judges the base itself.
type Judged struct {
	Key      string
	Findings []finding.Diagnostic
	// Hash is the content hash of the tree's snapshot, which passed
	// snapshot.Validate: a run under Key rebuilds that very snapshot from
	// the store, so it neither hashes nor validates it again. Empty in
	// states saved before it was kept (gob leaves it so), and when the
	// snapshot did not validate.
	Hash string
}

// Grade is a doctor's grade and score (out of 100).
type Grade struct {
	Grade string
	Score int
}

// Snapshot rebuilds the snapshot of the scan that wrote the state.
func (s *State) Snapshot() (*snapshot.Snapshot, error) {
	snap, err := scan.Rebuild(s.Store)
	if err != nil {
		return nil, fmt.Errorf("the state's snapshot: %w", err)
	}
	return snap, nil
}

// ErrTooLarge is returned by Save when the encoded state exceeds the bound.
var ErrTooLarge = errors.New("state exceeds the size bound")

// One encoder and one decoder serve every call; EncodeAll and DecodeAll are
// safe for concurrent use. DecodeAll writes no further than the capacity it
// is given, the frame's length from the frame table.
var (
	encoder, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	decoder, _ = zstd.NewReader(nil, zstd.WithDecoderMaxMemory(maxDecompressedBytes), zstd.WithDecoderConcurrency(0), zstd.WithDecodeAllCapLimit(true))
)

// Encode returns the state file's bytes. The same state gives the same
// bytes on any number of cores.
func Encode(st *State) ([]byte, error) {
	frames, err := encodeFrames(st)
	if err != nil {
		return nil, err
	}
	out := make([]byte, headerLen, headerLen+frameTableLen(frames))
	copy(out, magic)
	out = appendFrameTable(out, frames)
	binary.BigEndian.PutUint64(out[len(magic):], uint64(len(out)-headerLen))
	binary.BigEndian.PutUint64(out[len(magic)+8:], xxhash.Sum64(out[headerLen:]))
	return out, nil
}

// Decode reads a state file's bytes. Every error says why the state is
// refused.
func Decode(data []byte) (*State, error) {
	if len(data) < headerLen || !bytes.Equal(data[:len(magic)-1], magic[:len(magic)-1]) {
		return nil, errors.New("not a docbridge state file")
	}
	if v := data[len(magic)-1]; v != magic[len(magic)-1] {
		return nil, fmt.Errorf("state file format %d, this version reads %d", v, magic[len(magic)-1])
	}
	n := binary.BigEndian.Uint64(data[len(magic):])
	body := data[headerLen:]
	if n != uint64(len(body)) {
		return nil, fmt.Errorf("state file truncated or extended: %d bytes of payload, the header says %d", len(body), n)
	}
	if xxhash.Sum64(body) != binary.BigEndian.Uint64(data[len(magic)+8:]) {
		return nil, errors.New("state file checksum mismatch: it was changed after it was written")
	}
	frames, err := readFrameTable(body)
	if err != nil {
		return nil, err
	}
	return decodeFrames(frames)
}

// Load reads the state in dir, refusing one larger than maxBytes (the bound
// Save writes under) without reading it. A directory without a state returns
// an error satisfying errors.Is(err, os.ErrNotExist): a first run, not a
// refusal.
func Load(dir string, maxBytes int64) (*State, error) {
	f, err := os.Open(filepath.Join(dir, FileName))
	if err != nil {
		return nil, fmt.Errorf("read state: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read state: %w", err)
	}
	if int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("state file larger than the bound of %d bytes", maxBytes)
	}
	return Decode(data)
}

// Save writes the state into dir atomically and returns its size. A state
// larger than maxBytes is not written (ErrTooLarge) — never truncated — and
// the previous state, if any, is left as it was.
func Save(dir string, st *State, maxBytes int64) (int64, error) {
	data, err := Encode(st)
	if err != nil {
		return 0, err
	}
	if int64(len(data)) > maxBytes {
		return int64(len(data)), fmt.Errorf("%w: %d bytes, the bound is %d", ErrTooLarge, len(data), maxBytes)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("save state: %w", err)
	}
	if err := atomicfile.Write(filepath.Join(dir, FileName), data); err != nil {
		return 0, fmt.Errorf("save state: %w", err)
	}
	return int64(len(data)), nil
}
