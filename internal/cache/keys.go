package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
)

// keyPrefix opens every key; its version changes when the layout does.
const keyPrefix = "docbridge-v1"

// Field bounds keep a key far under maxKeyLen whatever the inputs are.
const (
	maxBranchLen   = 48 // the readable part of a branch
	maxPipelineLen = 32
	maxConfigLen   = 16 // a prefix of the configuration hash is plenty
	maxNumberLen   = 20 // run id and attempt
	branchHashLen  = 8  // hex digits of the exact ref's hash
	emptyField     = "none"
)

// KeyParts is what a key is made of.
type KeyParts struct {
	// Branch is the ref whose cache scope the run writes: the branch of a
	// push, refs/pull/N/merge for a pull request. "refs/heads/" is optional.
	Branch string
	// BaseBranch is a pull request's base branch; empty otherwise.
	BaseBranch string
	// DefaultBranch is the repository's default branch.
	DefaultBranch string
	// ConfigHash is the configuration hash (config.Config.Hash).
	ConfigHash string
	// PipelineVersion names what produced the state (scan.PipelineVersion).
	PipelineVersion string
	// RunID and RunAttempt are GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT.
	RunID, RunAttempt string
}

// Keys returns the key to save this run's state under and the prefixes to
// restore from, best first: the run's own branch, then the base branch, then
// the default branch (duplicates dropped).
func Keys(k KeyParts) (save string, restore []string) {
	stem := keyStem(k)
	own := stem + branchField(k.Branch) + "-"
	save = own + field(k.RunID, maxNumberLen) + "-" + field(k.RunAttempt, maxNumberLen)
	restore = []string{own}
	for _, b := range []string{k.BaseBranch, k.DefaultBranch} {
		if p := stem + branchField(b) + "-"; b != "" && !slices.Contains(restore, p) {
			restore = append(restore, p)
		}
	}
	return save, restore
}

// keyStem is the part of every key that a state must share to be reused.
func keyStem(k KeyParts) string {
	return keyPrefix + "-" + field(k.PipelineVersion, maxPipelineLen) + "-" + field(k.ConfigHash, maxConfigLen) + "-"
}

// branchField is the branch's readable form and a hash of the exact ref:
// sanitising and truncating may make two refs read alike, the hash keeps
// them apart.
func branchField(ref string) string {
	name := normalizeRef(ref)
	if name == "" {
		return emptyField
	}
	sum := sha256.Sum256([]byte(name))
	return field(name, maxBranchLen) + "." + hex.EncodeToString(sum[:])[:branchHashLen]
}

// normalizeRef makes "refs/heads/main" and "main" the same branch and
// shortens other refs ("refs/pull/7/merge" → "pull/7/merge").
func normalizeRef(ref string) string {
	if name, ok := strings.CutPrefix(ref, "refs/heads/"); ok {
		return name
	}
	return strings.TrimPrefix(ref, "refs/")
}

// field maps s to lower-case [a-z0-9.] with no leading, trailing or doubled
// dot, at most max bytes; empty becomes "none". Never a '-': that is the
// separator.
func field(s string, max int) string {
	var b strings.Builder
	dot := true // no leading dot
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if b.Len() >= max {
				return finishField(b.String())
			}
			b.WriteRune(r)
			dot = false
		case !dot:
			if b.Len() >= max-1 {
				return finishField(b.String())
			}
			b.WriteByte('.')
			dot = true
		}
	}
	return finishField(b.String())
}

func finishField(s string) string {
	s = strings.TrimRight(s, ".")
	if s == "" {
		return emptyField
	}
	return s
}
