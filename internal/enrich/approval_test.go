package enrich

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"testing"
	"testing/fstest"
)

// TestReadApprovalsCapAlikeOnEveryFS: past the cap the reader keeps the
// first records in name order and says the rest were not read, the same
// on disk and in memory (the API's files); a record it skips does not
// count against the cap.
func TestReadApprovalsCapAlikeOnEveryFS(t *testing.T) {
	root := t.TempDir()
	mem := fstest.MapFS{}
	put := func(name string, data []byte) {
		rel := path.Join(ApprovalsDir, name)
		mem[rel] = &fstest.MapFile{Data: data}
		file := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("0-garbage.json", []byte("{"))
	for i := range 5 {
		a := Approval{Type: ApprovalType, SchemaVersion: ApprovalSchemaVersion, ProposalID: fmt.Sprintf("p%d", i), Kind: "add-alias",
			Entity: docAPI, TargetContentHash: "h1", Decision: DecisionApprove, By: "alice"}
		a.ApprovalID = ApprovalID(a.ProposalID, a.TargetContentHash)
		b, err := MarshalApproval(a)
		if err != nil {
			t.Fatal(err)
		}
		put(a.ApprovalID+".json", b)
	}
	diskRecs, diskWarns := readApprovals(os.DirFS(root), 3)
	memRecs, memWarns := readApprovals(mem, 3)
	if len(diskRecs) != 3 || len(diskWarns) != 2 || diskWarns[1] != "approvals: more than 3 records; the rest are ignored" {
		t.Fatalf("from disk: %d records, warnings %q", len(diskRecs), diskWarns)
	}
	if !reflect.DeepEqual(memRecs, diskRecs) || !reflect.DeepEqual(memWarns, diskWarns) {
		t.Errorf("in memory: %+v %q\non disk: %+v %q", memRecs, memWarns, diskRecs, diskWarns)
	}
	if all, warns := ReadApprovalsFS(mem); len(all) != 5 || len(warns) != 1 {
		t.Errorf("under maxApprovals: %d records, warnings %q", len(all), warns)
	}
}
