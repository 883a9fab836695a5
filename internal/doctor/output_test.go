package doctor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/golden"

	"github.com/docbridge/docbridge/internal/catalog"
)

// mixed is a repository with a problem in most dimensions.
func mixed() Input {
	i := in(healthy().doc("docs/stray.md"),
		diag(catalog.BrokenLink, "docs/a.md", 7),
		diag(catalog.BrokenAnchor, "docs/b.md", 3),
		diag(catalog.GeneratedRegionEdited, "docs/b.md", 11),
		diag(catalog.UndocumentedArea, "internal/y", 0),
		diag(catalog.DocumentWithoutCode, "docs/stray.md", 0),
		diag(catalog.CentralityRisk, "internal/hub", 0),
		diag(catalog.NearTwinDocument, "docs/b.md", 0))
	i.ProjectedDocuments--
	i.Benchmark = nil
	i.CentralityTopN = 10
	return i
}

func TestGolden(t *testing.T) {
	r := Diagnose(mixed())
	var txt, js bytes.Buffer
	if err := WriteText(&txt, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"mixed.txt": txt.Bytes(), "mixed.json": js.Bytes()} {
		golden.Check(t, filepath.Join("testdata", name), got)
	}
	lines := strings.Split(strings.TrimSpace(txt.String()), "\n")
	if last := lines[len(lines)-1]; last != r.Verdict {
		t.Fatalf("last text line %q is not the verdict %q", last, r.Verdict)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Verdict != r.Verdict || back.Score != r.Score {
		t.Fatalf("JSON round trip: %v %+v", err, back)
	}
}

func TestNextActionsByPointsRecoverable(t *testing.T) {
	r := Diagnose(mixed())
	var prev = 1e9
	for _, a := range r.NextActions {
		var pts float64
		var name string
		if _, err := fmt.Sscanf(a, "+%f %s", &pts, &name); err != nil {
			t.Fatalf("action %q: %v", a, err)
		}
		name = strings.TrimSuffix(name, ":")
		d := dim(r, name)
		if want := round(d.Weight-d.Points, 2); pts != want || pts > prev {
			t.Fatalf("action %q: %v points, dimension lost %v, previous %v", a, pts, want, prev)
		}
		prev = pts
	}
	// Every dimension that lost points has its action; none that did not.
	n := 0
	for _, d := range r.Dimensions {
		if d.Points < d.Weight {
			n++
		}
	}
	if len(r.NextActions) != n || !strings.HasPrefix(r.NextActions[0], "+10 benchmark") {
		t.Fatalf("%d actions for %d dimensions with lost points: %v", len(r.NextActions), n, r.NextActions)
	}
}

func TestIssuesAreBounded(t *testing.T) {
	const broken = maxIssuesPerDimension + 5
	i := in(healthy())
	for l := range broken {
		i.Diagnostics = append(i.Diagnostics, diag(catalog.BrokenLink, "docs/a.md", l+1))
	}
	r := Diagnose(i)
	shown := 0
	for _, is := range r.Issues {
		if is.Dimension == dimLinks {
			shown++
		}
	}
	if shown != maxIssuesPerDimension || r.IssuesOmitted != broken-maxIssuesPerDimension || dim(r, dimLinks).Problems != broken {
		t.Fatalf("shown %d omitted %d problems %d", shown, r.IssuesOmitted, dim(r, dimLinks).Problems)
	}
	var txt bytes.Buffer
	if err := WriteText(&txt, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), fmt.Sprintf("… %d more not shown", broken-maxIssuesPerDimension)) {
		t.Fatalf("text does not count the omitted issues:\n%s", txt.String())
	}
}

// TestDeterministic shuffles every input list: the report is byte-identical.
func TestDeterministic(t *testing.T) {
	var want []byte
	rng := rand.New(rand.NewPCG(1, 2))
	for range 25 {
		i := mixed()
		s := *i.Snapshot
		s.Entities = append(s.Entities[:0:0], s.Entities...)
		s.Relations = append(s.Relations[:0:0], s.Relations...)
		rng.Shuffle(len(s.Entities), func(a, b int) { s.Entities[a], s.Entities[b] = s.Entities[b], s.Entities[a] })
		rng.Shuffle(len(s.Relations), func(a, b int) { s.Relations[a], s.Relations[b] = s.Relations[b], s.Relations[a] })
		rng.Shuffle(len(i.Diagnostics), func(a, b int) { i.Diagnostics[a], i.Diagnostics[b] = i.Diagnostics[b], i.Diagnostics[a] })
		i.Snapshot = &s
		var b bytes.Buffer
		if err := WriteJSON(&b, Diagnose(i)); err != nil {
			t.Fatal(err)
		}
		if want == nil {
			want = b.Bytes()
		} else if !bytes.Equal(b.Bytes(), want) {
			t.Fatalf("shuffled input changed the report:\n%s\nvs\n%s", b.Bytes(), want)
		}
	}
}

func TestTextEscapesControlCharacters(t *testing.T) {
	r := Diagnose(in(healthy(), diag(catalog.BrokenLink, "docs/\x1b[31ma.md", 1)))
	var b bytes.Buffer
	if err := WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "\x1b") || !strings.Contains(b.String(), `\u001b`) {
		t.Fatalf("escape sequence reached the terminal:\n%q", b.String())
	}
}

func TestNilSnapshot(t *testing.T) {
	// Only the health checks with nothing to check score, in full.
	r := Diagnose(Input{})
	want := weightLinks + weightDeclarations + weightGeneratedRegions + weightRequiredDocs
	if r.Score != want || r.Grade != grade(want, true) || len(r.Dimensions) != 8 {
		t.Fatalf("%s, want %d", r.Verdict, want)
	}
}

// TestConnectivityActionNamesOnlyWhatIsMissing: with every area documented
// and one document cut off from the code, the action asks to connect the
// document and says nothing of areas ("document 0 area(s)").
func TestConnectivityActionNamesOnlyWhatIsMissing(t *testing.T) {
	r := Diagnose(in(healthy(), diag(catalog.DocumentWithoutCode, "docs/b.md", 0)))
	var action string
	for _, a := range r.NextActions {
		if strings.Contains(a, string(dimConnectivity)) {
			action = a
		}
	}
	if !strings.Contains(action, "connect 1 document(s)") || strings.Contains(action, "area(s)") {
		t.Fatalf("connectivity action %q (all: %v)", action, r.NextActions)
	}
}
