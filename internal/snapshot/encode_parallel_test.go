package snapshot

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// listSnapshot has n entities and n relations, with metadata, escapes and
// several evidence items, so that chunk borders fall inside varied records.
func listSnapshot(n int) *Snapshot {
	s := &Snapshot{Type: Type, SchemaVersion: SchemaVersion, PipelineVersion: "scan/x", Project: Project{Name: "p"},
		AnalyzerVersions: map[string]string{"markdown": "m/1"}}
	for i := range n {
		p := fmt.Sprintf("docs/<%05d>.md", i)
		s.Entities = append(s.Entities, Entity{ID: EntityID(KindDocument, p), Kind: KindDocument, Name: "T\"" + p, Path: p,
			Provenance: Observed, Evidence: []Evidence{{Source: "markdown", Path: p, LineStart: i % 7}},
			Metadata: map[string]any{"wordCount": i, "headings": []any{map[string]any{"text": "é & <b>", "line": i}}}})
		to := EntityID(KindModule, fmt.Sprintf("src/m%d.ts", i))
		s.Relations = append(s.Relations, Relation{ID: RelationID(RelMentions, s.Entities[i].ID, to), Kind: RelMentions,
			From: s.Entities[i].ID, To: to, Provenance: Observed,
			Evidence: []Evidence{{Source: "markdown", Path: p, LineStart: 1}, {Source: "markdown", Path: p, Context: strings.Repeat("x", i%5)}},
			Metadata: map[string]any{"symbols": []string{"A", "B"}}})
	}
	return s
}

// TestParallelHashEqualsSequential checks the parallel encoder of the
// content hash against encoding/json at every kind of chunk border: below
// the threshold, at it, one past a full round, a partial last chunk.
func TestParallelHashEqualsSequential(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3)) // an odd worker count, whatever the machine
	round := 3 * parallelChunk
	for _, n := range []int{0, 1, parallelMin - 1, parallelMin, parallelMin + 1, 4 * round, 4*round + 1, 4*round + parallelChunk - 1} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := listSnapshot(n)
			got, err := ComputeContentHash(s)
			if err != nil {
				t.Fatal(err)
			}
			want, err := refContentHash(s)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("hash %s, encoding/json's %s", got, want)
			}
		})
	}
}

// TestParallelHashReportsTheFirstError puts values encoding/json refuses
// into two late chunks: the hash fails, naming the earlier record.
func TestParallelHashReportsTheFirstError(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	s := listSnapshot(parallelMin + 3*parallelChunk)
	first, second := parallelMin+parallelChunk+5, parallelMin+2*parallelChunk+5
	s.Relations[second].Metadata["bad"] = make(chan int)
	s.Relations[first].Metadata["bad"] = make(chan int)
	_, err := ComputeContentHash(s)
	if err == nil {
		t.Fatal("no error for an unencodable metadata value")
	}
	if !strings.Contains(err.Error(), s.Relations[first].ID) {
		t.Fatalf("error %q does not name the first failing relation %s", err, s.Relations[first].ID)
	}
}
