package bench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDumpProto writes the texts of the encoder experiment to DUMP_OUT:
//
//	DUMP=sections DUMP_OUT=/tmp/use/input.json DOCBRIDGE_RETRIEVAL_CORPUS=/tmp/retrieval/corpus \
//	  go test -count=1 -run TestDumpProto ./internal/retrieval/bench
func TestDumpProto(t *testing.T) {
	root := os.Getenv(corpusEnv)
	if root == "" || os.Getenv("DUMP") == "" {
		t.Skip()
	}
	type doc struct{ ID, Text string }
	out := map[string]any{}
	var docs []doc
	var qs []string
	for _, r := range loadExternalCorpus(t) {
		slug := strings.Replace(r.Repository, "/", "+", 1)
		s := loadSuiteFile(t, filepath.Join(externalDir, r.Suite))
		p, _ := projectExternal(t, filepath.Join(root, slug))
		for _, e := range p.Entries {
			if e.Kind != "document" {
				continue
			}
			hs := e.Headings
			if len(hs) > 20 {
				hs = hs[:20]
			}
			text := e.Title + ". " + e.Summary + " " + strings.Join(hs, ". ")
			w := strings.Fields(text)
			if len(w) > 150 {
				w = w[:150]
			}
			docs = append(docs, doc{r.Suite + "|" + e.ID, strings.Join(w, " ")})
			if os.Getenv("DUMP") == "sections" {
				head, body, k := "", []string{}, 0
				flush := func() {
					if k < 30 && (head != "" || len(body) > 0) {
						ws := strings.Fields(strings.Join(body, " "))
						if len(ws) > 60 {
							ws = ws[:60]
						}
						docs = append(docs, doc{r.Suite + "|" + e.ID + "#" + strconv.Itoa(k), e.Title + ". " + head + ". " + strings.Join(ws, " ")})
						k++
					}
				}
				for _, ln := range strings.Split(e.Body, "\n") {
					if strings.HasPrefix(ln, "#") {
						flush()
						head, body = strings.TrimLeft(ln, "# "), nil
						continue
					}
					body = append(body, ln)
				}
				flush()
			}
		}
		for _, c := range s.Cases {
			qs = append(qs, c.Input)
		}
	}
	out["docs"], out["queries"] = docs, qs
	data, _ := json.Marshal(out)
	if err := os.WriteFile(os.Getenv("DUMP_OUT"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
