package pipeline

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
)

// maxBaseSnapshotBytes bounds a base snapshot file read into memory.
const maxBaseSnapshotBytes = 1 << 30

// LoadBase reads the base of a comparison: a snapshot file written by
// `docbridge scan --out`, or a state directory written by
// `docbridge scan --state` (its snapshot is rebuilt from the stored
// extractions). Anything else is bad input, with the reason.
func LoadBase(path string, maxStateBytes int64) (*snapshot.Snapshot, error) {
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("base %s: no such file or directory; give a snapshot file written by 'docbridge scan --out FILE', or a state directory written by 'docbridge scan --state DIR'", path)
	}
	if err != nil {
		return nil, fmt.Errorf("base %s: %w", path, err)
	}
	if info.IsDir() {
		st, err := state.Load(path, maxStateBytes)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("base %s: the directory holds no docbridge state (%s); give a snapshot file written by 'docbridge scan --out FILE', or a state directory written by 'docbridge scan --state DIR'", path, state.FileName)
		}
		if err != nil {
			return nil, fmt.Errorf("base %s: %w", path, err)
		}
		return rebuildBase("base "+path, st)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("base %s: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxBaseSnapshotBytes+1))
	if err != nil {
		return nil, fmt.Errorf("base %s: %w", path, err)
	}
	if len(data) > maxBaseSnapshotBytes {
		return nil, fmt.Errorf("base %s: larger than %d bytes", path, maxBaseSnapshotBytes)
	}
	s, err := snapshot.Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("base %s: %w", path, err)
	}
	if err := snapshot.Validate(s); err != nil {
		return nil, fmt.Errorf("base %s: %w", path, err)
	}
	return s, nil
}

// stateBase returns the snapshot of the base state st. A state that kept
// its tree's findings and hash under key (this binary and configuration:
// judgedKey) was judged and its snapshot validated by a push run of this
// binary, and resolution is a pure function of the store, so a rebuild
// gives that very snapshot: it is neither hashed nor validated again, as
// its findings are not judged again. Any other state is rebuilt as every
// base is (rebuildBase).
func stateBase(st *state.State, key string) (*snapshot.Snapshot, error) {
	j := st.Judged
	if key == "" || j == nil || j.Key != key || j.Hash == "" {
		return rebuildBase("the base state", st)
	}
	s, err := scan.RebuildUnhashed(st.Store)
	if err != nil {
		return nil, fmt.Errorf("the base state: %w", err)
	}
	s.ContentHash = j.Hash
	return s, nil
}

// rebuildBase returns the snapshot of a base state, rebuilt from its
// stored extractions; what names the base in errors.
func rebuildBase(what string, st *state.State) (*snapshot.Snapshot, error) {
	s, err := scan.Rebuild(st.Store)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	// The same invariants as a snapshot file: every base is checked alike.
	if err := snapshot.Validate(s); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return s, nil
}
