package enrich

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/jsonerr"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// OverlayPath is where the overlay lives, relative to the repository root.
const OverlayPath = ".docbridge/enrich/overlay.json"

// overlayHash is the hash of the overlay's compact JSON without its
// ContentHash. The overlay holds no time, so the hash covers decisions only.
func overlayHash(ov *Overlay) string {
	c := *ov
	c.ContentHash = ""
	b, err := json.Marshal(&c)
	if err != nil { // plain data only; Rejected.Proposal is valid JSON (reject, ParseOverlay)
		return ""
	}
	return snapshot.HashBytes(b)
}

// MarshalOverlay is the overlay file's bytes: indented JSON, a final
// newline.
func MarshalOverlay(ov *Overlay) ([]byte, error) {
	b, err := json.MarshalIndent(ov, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode overlay: %w", err)
	}
	return append(b, '\n'), nil
}

// ParseOverlay reads overlay bytes from anywhere (a file, the GitHub API)
// as untrusted input: bounded, strict, every proposal decoded as Decode
// does, and the content hash recomputed and compared.
func ParseOverlay(b []byte) (*Overlay, error) {
	if len(b) > MaxOverlayBytes {
		return nil, fmt.Errorf("overlay: %d bytes, more than %d", len(b), MaxOverlayBytes)
	}
	var ov Overlay
	if err := strictUnmarshal(b, &ov); err != nil {
		return nil, fmt.Errorf("overlay: %w", jsonerr.Plain(err))
	}
	if ov.Type != overlayType || ov.SchemaVersion != overlaySchemaVersion {
		return nil, fmt.Errorf("overlay: type %q version %d is not %q version %d", ov.Type, ov.SchemaVersion, overlayType, overlaySchemaVersion)
	}
	if ov.Accepted == nil || ov.Pending == nil || ov.Findings == nil || ov.Rejected == nil {
		return nil, errors.New("overlay: accepted, pending, findings and rejected must all be lists")
	}
	if err := firstErr(ov.checkDecisions(), ov.checkJudgements()); err != nil {
		return nil, fmt.Errorf("overlay: %w", err)
	}
	if h := overlayHash(&ov); h != ov.ContentHash {
		return nil, fmt.Errorf("overlay: content hash %s does not match its contents (%s): edited by hand?", ov.ContentHash, h)
	}
	// Sorted lists and true counts: sealing a copy changes nothing.
	if c := ov.clone().seal(); c.ContentHash != ov.ContentHash {
		return nil, errors.New("overlay: its lists are out of order or its stats do not count them: edited by hand?")
	}
	return &ov, nil
}

// ReadOverlay reads the overlay under root. It never writes. A missing,
// malformed, oversized or hash-mismatched overlay is no overlay (nil) and
// a warning that says why.
func ReadOverlay(root string) (*Overlay, string) {
	ov, warn := ReadOverlayIfAny(root)
	if ov == nil && warn == "" {
		return nil, fmt.Sprintf("no enrichment overlay (%s): run docbridge enrich", OverlayPath)
	}
	return ov, warn
}

// ReadOverlayIfAny is ReadOverlay for a reader to whom a missing overlay
// is no news (a first run, a repository never enriched): nil and no
// warning then; nil and a warning for one that is there but unusable.
func ReadOverlayIfAny(root string) (*Overlay, string) {
	name := filepath.Join(root, filepath.FromSlash(OverlayPath))
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ""
	}
	if err != nil {
		return nil, fmt.Sprintf("enrichment overlay ignored: %v", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxOverlayBytes+1))
	if err != nil {
		return nil, fmt.Sprintf("enrichment overlay ignored: %v", err)
	}
	ov, err := ParseOverlay(b)
	if err != nil {
		return nil, fmt.Sprintf("enrichment overlay ignored: %s: %v", OverlayPath, err)
	}
	return ov, ""
}

// WriteOverlay writes the overlay under root atomically, unless the file
// already holds exactly these bytes.
func WriteOverlay(root string, ov *Overlay) error {
	b, err := MarshalOverlay(ov)
	if err != nil {
		return err
	}
	name := filepath.Join(root, filepath.FromSlash(OverlayPath))
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, b) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("write overlay: %w", err)
	}
	if err := atomicfile.Write(name, b); err != nil {
		return fmt.Errorf("write overlay: %w", err)
	}
	return nil
}

// checkDecisions holds the overlay to its rules, whatever its hash says:
// policy accepts only accepted-by-policy kinds, a person only
// human-approval kinds and never the proposal's own agent; pending entries
// are human-approval kinds bound to their approvalId; findings are
// finding-only kinds.
func (ov *Overlay) checkDecisions() error {
	for _, a := range ov.Accepted {
		p := &a.Proposal
		switch {
		case a.AcceptedBy == ActorPolicy:
			if p.Kind.Policy() != PolicyAuto {
				return fmt.Errorf("accepted %s: policy cannot accept a %s proposal", p.ProposalID, p.Kind)
			}
		case p.Kind.Policy() != policyHuman:
			return fmt.Errorf("accepted %s: a %s proposal is %s", p.ProposalID, p.Kind, p.Kind.Policy())
		case !validDecider(a.AcceptedBy, p) || checkName(a.AcceptedBy) != nil:
			return fmt.Errorf("accepted %s: %q cannot accept it", p.ProposalID, bounded(a.AcceptedBy))
		case a.ApprovalID != ApprovalID(p.ProposalID, p.TargetContentHash):
			return fmt.Errorf("accepted %s: approvalId %s is not bound to it", p.ProposalID, bounded(a.ApprovalID))
		}
	}
	for _, x := range ov.Pending {
		p := &x.Proposal
		if p.Kind.Policy() != policyHuman || x.ApprovalID != ApprovalID(p.ProposalID, p.TargetContentHash) {
			return fmt.Errorf("pending %s: not a human-approval proposal bound to its approvalId", p.ProposalID)
		}
	}
	for _, f := range ov.Findings {
		if f.Proposal.Kind.Policy() != policyFinding {
			return fmt.Errorf("finding %s: a %s proposal is no finding", f.Proposal.ProposalID, f.Proposal.Kind)
		}
	}
	for _, r := range ov.Rejected {
		if !slices.Contains(reasons, r.Reason) {
			return fmt.Errorf("rejected %s: %q is not a rejection reason", bounded(r.ProposalID), bounded(string(r.Reason)))
		}
	}
	return nil
}
