package actionrun

import (
	"context"
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/ghapi"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/repopath"
)

// hostileApprovals are approval files, by name in the approvals
// directory: one good record and every kind a reader must skip.
func hostileApprovals(t *testing.T) map[string][]byte {
	t.Helper()
	good := enrich.Approval{Type: enrich.ApprovalType, SchemaVersion: enrich.ApprovalSchemaVersion, ProposalID: "p1", Kind: "add-alias",
		Entity: "doc:README.md#api", TargetContentHash: "h1", Decision: enrich.DecisionApprove, By: "alice"}
	good.ApprovalID = enrich.ApprovalID(good.ProposalID, good.TargetContentHash)
	forged := good
	forged.TargetContentHash = "h2" // the id no longer matches
	spaced := good
	spaced.By = "two words"
	marshal := func(a enrich.Approval) []byte {
		b, err := enrich.MarshalApproval(a)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	oversized, err := json.Marshal(map[string]any{"type": enrich.ApprovalType, "pad": strings.Repeat("x", enrich.MaxApprovalBytes)})
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{
		good.ApprovalID + ".json": marshal(good),
		"misnamed.json":           marshal(good), // the old API path took this one
		"forged.json":             marshal(forged),
		"bad-name.json":           marshal(spaced),
		"garbage.json":            []byte("{"),
		"oversized.json":          oversized,
		"notes.md":                []byte("not a record"),
		"sub.json/inner.json":     marshal(good), // in a subdirectory: not read
	}
}

// TestDecisionsReadAlikeOnDiskAndThroughTheAPI: the same approval files
// give the same records and the same warnings read from a clone
// (enrich.ReadApprovals) and from a branch through the API (ReadDecisions,
// then enrich.ReadApprovalsFS), hostile files included: a misnamed, a
// forged, a malformed and an oversized record, a file that is no record, a
// subdirectory.
func TestDecisionsReadAlikeOnDiskAndThroughTheAPI(t *testing.T) {
	approvals := hostileApprovals(t)
	for _, scanned := range []string{"", "docs"} {
		t.Run("scanned="+scanned, func(t *testing.T) {
			dir := repopath.New(scanned)
			root := t.TempDir()
			pushed := map[string][]byte{"README.md": []byte("# demo\n")}
			for name, data := range approvals {
				rel := path.Join(enrich.ApprovalsDir, name)
				pushed[dir.ToRepo(rel)] = data
				file := filepath.Join(root, filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			diskRecs, diskWarns := enrich.ReadApprovals(root)

			f := ghapitest.New(t)
			f.Push(EnrichmentBranch, pushed, "decisions")
			g, err := ghapi.NewGitHub(ghapi.GitHubOptions{Token: ghapitest.Token, APIURL: f.URL, Repository: ghapitest.Repo})
			if err != nil {
				t.Fatal(err)
			}
			files, _, exists, err := githubRepo{g: g, repository: ghapitest.Repo}.ReadDecisions(context.Background(), EnrichmentBranch, dir)
			if err != nil || !exists {
				t.Fatalf("ReadDecisions: %v, exists %v", err, exists)
			}
			apiRecs, apiWarns := enrich.ReadApprovalsFS(decisionsFS(files))

			if len(diskRecs) != 1 || len(diskWarns) != 5 {
				t.Fatalf("from disk: records %+v, warnings %q", diskRecs, diskWarns)
			}
			if !reflect.DeepEqual(apiRecs, diskRecs) || !reflect.DeepEqual(apiWarns, diskWarns) {
				t.Errorf("through the API: records %+v, warnings %q\nfrom disk: records %+v, warnings %q", apiRecs, apiWarns, diskRecs, diskWarns)
			}
		})
	}
}
