package bench

import (
	"encoding/binary"
	"hash/fnv"
	"slices"
	"strings"
)

// Splits: the halves of a suite whose cases are split by a seed. A ranker
// is tuned on the dev half only and reported on the test half.
const (
	// splitDev is the half a ranker may be tuned on.
	splitDev = "dev"
	// splitTest is the half a ranker is judged on.
	splitTest = "test"
)

// Splits lists the split names in report order.
var Splits = []string{splitDev, splitTest}

// AssignSplits returns each case id's half under seed: the ids are ordered
// by an FNV-1a hash of the seed and the id (ties by id) and the first
// ceil(n/2) are dev, the rest test. Hashing per id rather than shuffling
// keeps the split stable as cases are added: a new case moves at most one
// other case across the boundary.
func AssignSplits(seed uint64, ids []string) map[string]string {
	type keyed struct {
		id string
		h  uint64
	}
	ks := make([]keyed, len(ids))
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	for i, id := range ids {
		h := fnv.New64a()
		h.Write(b[:])
		h.Write([]byte(id))
		ks[i] = keyed{id, h.Sum64()}
	}
	slices.SortFunc(ks, func(x, y keyed) int {
		switch {
		case x.h < y.h:
			return -1
		case x.h > y.h:
			return 1
		}
		return strings.Compare(x.id, y.id)
	})
	out := make(map[string]string, len(ids))
	dev := (len(ks) + 1) / 2
	for i, k := range ks {
		if i < dev {
			out[k.id] = splitDev
		} else {
			out[k.id] = splitTest
		}
	}
	return out
}

// Split reports whether the suite is split into dev and test halves.
func (s Suite) Split() bool { return s.Seed != nil }

// Half returns the suite restricted to one half ("dev" or "test"); the
// name says which. An unsplit suite has no halves: ok is false.
func (s Suite) Half(split string) (Suite, bool) {
	if !s.Split() || !slices.Contains(Splits, split) {
		return Suite{}, false
	}
	h := Suite{Version: s.Version, Name: s.Name + " (" + split + ")", Seed: s.Seed}
	for _, c := range s.Cases {
		if c.Split == split {
			h.Cases = append(h.Cases, c)
		}
	}
	return h, true
}
