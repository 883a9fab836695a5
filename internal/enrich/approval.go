package enrich

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/jsonerr"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Approval record identification and bounds.
const (
	ApprovalType          = "docbridge-approval"
	ApprovalSchemaVersion = 1
	// ApprovalsDir holds one <approvalId>.json per decision, relative to
	// the repository root.
	ApprovalsDir = ".docbridge/approvals"
	// MaxApprovalBytes bounds one approval record.
	MaxApprovalBytes = 16 << 10
	// maxApprovals bounds how many records are read.
	maxApprovals = 10_000
	// maxNameRunes bounds a person's name.
	maxNameRunes = 64
)

// Decisions a person makes.
const (
	DecisionApprove = "approve"
	DecisionReject  = "reject"
)

// Approval is one person's decision on one pending proposal, bound to the
// target's content: ApprovalID = ApprovalID(ProposalID, TargetContentHash).
type Approval struct {
	Type              string `json:"type"`
	SchemaVersion     int    `json:"schemaVersion"`
	ApprovalID        string `json:"approvalId"`
	ProposalID        string `json:"proposalId"`
	Kind              string `json:"kind"`
	Entity            string `json:"entity"`
	TargetContentHash string `json:"targetContentHash"`
	Decision          string `json:"decision"`
	By                string `json:"by"`
	Reason            string `json:"reason,omitempty"`
	// Via says where the decision was made: "cli" or "comment".
	Via string `json:"via,omitempty"`
	// HeadSHA and CommentID locate a decision made in a pull request.
	HeadSHA   string `json:"headSha,omitempty"`
	CommentID int64  `json:"commentId,omitempty"`
	// DecidedAt is the time of the decision (RFC 3339); it is in no hash.
	DecidedAt string `json:"decidedAt,omitempty"`
}

// ApprovalID binds a decision to a proposal and its target's content.
func ApprovalID(proposalID, targetContentHash string) string {
	return snapshot.HashBytes([]byte(fmt.Sprintf("approval/v1\x00%s\x00%s", proposalID, targetContentHash)))
}

// MarshalApproval is an approval record's bytes.
func MarshalApproval(a Approval) ([]byte, error) {
	b, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode approval: %w", err)
	}
	return append(b, '\n'), nil
}

// ParseApproval reads an approval record as untrusted input: bounded,
// strict, and consistent (the id matches its proposal and target, the
// decision and name are valid).
func ParseApproval(b []byte) (Approval, error) {
	var a Approval
	if len(b) > MaxApprovalBytes {
		return a, fmt.Errorf("approval: %d bytes, more than %d", len(b), MaxApprovalBytes)
	}
	if err := strictUnmarshal(b, &a); err != nil {
		return Approval{}, fmt.Errorf("approval: %w", jsonerr.Plain(err))
	}
	if a.Type != ApprovalType || a.SchemaVersion != ApprovalSchemaVersion {
		return Approval{}, fmt.Errorf("approval: type %q version %d is not %q version %d", a.Type, a.SchemaVersion, ApprovalType, ApprovalSchemaVersion)
	}
	if a.Decision != DecisionApprove && a.Decision != DecisionReject {
		return Approval{}, fmt.Errorf("approval: decision %q is not %q or %q", bounded(a.Decision), DecisionApprove, DecisionReject)
	}
	if err := checkName(a.By); err != nil {
		return Approval{}, fmt.Errorf("approval: by: %w", err)
	}
	if fold(a.By) == ActorPolicy {
		return Approval{}, fmt.Errorf("approval: by: %q is the policy, not a person", a.By)
	}
	for _, f := range []struct{ name, v string }{{"proposalId", a.ProposalID}, {"targetContentHash", a.TargetContentHash}, {"kind", a.Kind}, {"entity", a.Entity}} {
		if err := required(f.name, f.v, MaxIDRunes); err != nil {
			return Approval{}, fmt.Errorf("approval: %w", err)
		}
	}
	if err := optional("reason", a.Reason, MaxReasonRunes); err != nil {
		return Approval{}, fmt.Errorf("approval: %w", err)
	}
	for _, f := range []struct{ name, v string }{{"via", a.Via}, {"headSha", a.HeadSHA}, {"decidedAt", a.DecidedAt}} {
		if err := optional(f.name, f.v, maxOriginRunes); err != nil {
			return Approval{}, fmt.Errorf("approval: %w", err)
		}
	}
	if id := ApprovalID(a.ProposalID, a.TargetContentHash); a.ApprovalID != id {
		return Approval{}, fmt.Errorf("approval: approvalId %s is not the hash of its proposal and target (%s)", bounded(a.ApprovalID), id)
	}
	return a, nil
}

// checkName accepts a person's name: 1 to 64 characters, no spaces or
// control characters, and never the policy.
func checkName(by string) error {
	if by == "" {
		return errors.New("a name is needed")
	}
	if !utf8.ValidString(by) || utf8.RuneCountInString(by) > maxNameRunes {
		return fmt.Errorf("%q is not a name of at most %d characters", bounded(by), maxNameRunes)
	}
	if strings.IndexFunc(by, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return fmt.Errorf("%q: a name has no spaces", by)
	}
	return nil
}

// ReadApprovals reads every record under root's approvals directory on
// disk: ReadApprovalsFS over root.
func ReadApprovals(root string) ([]Approval, []string) {
	if root == "" {
		root = "." // os.DirFS has no empty root
	}
	return ReadApprovalsFS(os.DirFS(root))
}

// ReadApprovalsFS is the one reader of approval records, for a clone on
// disk and for a branch read through the API alike: the *.json files
// directly in ApprovalsDir of fsys (a scanned directory's root), in name
// order, at most maxApprovals of them (a warning says the rest were not
// read). A record that is unreadable, over MaxApprovalBytes, malformed
// (ParseApproval) or not named <approvalId>.json is skipped with a
// warning; a missing directory is no records. The records come back
// sorted by approvalId.
func ReadApprovalsFS(fsys fs.FS) ([]Approval, []string) {
	return readApprovals(fsys, maxApprovals)
}

// readApprovals is ReadApprovalsFS with a cap of limit records (tests
// lower it).
func readApprovals(fsys fs.FS, limit int) ([]Approval, []string) {
	entries, err := fs.ReadDir(fsys, ApprovalsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []string{fmt.Sprintf("approvals ignored: %v", err)}
	}
	var out []Approval
	var warns []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		if len(out) == limit {
			warns = append(warns, fmt.Sprintf("approvals: more than %d records; the rest are ignored", limit))
			break
		}
		name := path.Join(ApprovalsDir, e.Name())
		a, err := readApproval(fsys, name)
		if err == nil && e.Name() != a.ApprovalID+".json" {
			err = fmt.Errorf("the file is not named %s.json", a.ApprovalID)
		}
		if err != nil {
			warns = append(warns, fmt.Sprintf("%s ignored: %v", name, err))
			continue
		}
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b Approval) int { return strings.Compare(a.ApprovalID, b.ApprovalID) })
	return out, warns
}

func readApproval(fsys fs.FS, name string) (Approval, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return Approval{}, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxApprovalBytes+1))
	if err != nil {
		return Approval{}, err
	}
	return ParseApproval(b)
}

// writeApproval records a decision under root. A record, once written, is
// never replaced: a second decision on the same approvalId fails with a
// Refusal "already-decided".
func writeApproval(root string, a Approval) error {
	b, err := MarshalApproval(a)
	if err != nil {
		return err
	}
	dir := filepath.Join(root, filepath.FromSlash(ApprovalsDir))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write approval: %w", err)
	}
	err = atomicfile.Create(filepath.Join(dir, a.ApprovalID+".json"), b)
	if errors.Is(err, fs.ErrExist) {
		return refuse(RefusedAlreadyDecided, "approval %s is already recorded", a.ApprovalID)
	}
	if err != nil {
		return fmt.Errorf("write approval: %w", err)
	}
	return nil
}
