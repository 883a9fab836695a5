// An experiment (docs/bench.md, "A sentence encoder"), committed to be
// reproduced and reverted in the next commit: sentence vectors of every
// document and its sections, read from DOCBRIDGE_SENTVEC (written by
// scripts/encoder-proto), added to a question's lexical score.
package retrieval

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
)

var (
	protoVecOnce sync.Once
	protoVecs    map[string][]float32
	// ProtoSuite names the suite the next NewIndex is for.
	ProtoSuite string
)

func sentVecs() map[string][]float32 {
	protoVecOnce.Do(func() {
		p := os.Getenv("DOCBRIDGE_SENTVEC")
		if p == "" {
			return
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return
		}
		_ = json.Unmarshal(data, &protoVecs)
	})
	return protoVecs
}

func cosine(a, b []float32) float64 {
	if a == nil || b == nil {
		return 0
	}
	var s, na, nb float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return s / (math.Sqrt(na) * math.Sqrt(nb))
}

func (ix *Index) buildVecs() {
	vs := sentVecs()
	if vs == nil {
		return
	}
	ix.vec = make([][]float32, len(ix.entries))
	ix.secs = make([][][]float32, len(ix.entries))
	bySec := map[string][][]float32{}
	for k, v := range vs {
		if i := strings.LastIndex(k, "#"); i > 0 && strings.HasPrefix(k, "d|") {
			if _, err := strconv.Atoi(k[i+1:]); err == nil {
				bySec[k[:i]] = append(bySec[k[:i]], v)
			}
		}
	}
	for i := range ix.entries {
		key := "d|" + ProtoSuite + "|" + ix.entries[i].ID
		ix.vec[i] = vs[key]
		ix.secs[i] = bySec[key]
	}
}

// SecMode: 0 doc vector only, 1 max over doc and sections.
var SecMode = os.Getenv("DOCBRIDGE_SECMODE")

func (ix *Index) semScore(qv []float32, i int32) float64 {
	best := cosine(qv, ix.vec[i])
	if SecMode == "max" {
		for _, v := range ix.secs[i] {
			best = max(best, cosine(qv, v))
		}
	}
	if SecMode == "secs" {
		best = 0
		for _, v := range ix.secs[i] {
			best = max(best, cosine(qv, v))
		}
	}
	return best
}

func (ix *Index) queryVec(text string) []float32 {
	if ix.vec == nil {
		return nil
	}
	return sentVecs()["q|"+text]
}
