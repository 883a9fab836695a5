package config

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// sectionApprovals is the approvals section: who may decide enrichment
// proposals with /approve and /reject comments. It is read from the
// default branch's docbridge.yaml, never from a pull request's, and changes
// no observation, so Hash leaves it out.
const sectionApprovals = "approvals"

// The permissions approvals.minimumPermission accepts, lowest first, as
// GitHub's collaborator-permission API names the roles. read is not among
// them: on a public repository everyone can read.
var approvalPermissions = []string{"triage", "write", "maintain", "admin"}

// maxAllowlist bounds approvals.allowlist.
const maxAllowlist = 1000

// Approvals configures the comment-command gate.
type Approvals struct {
	// MinimumPermission is the lowest repository role a commenter needs:
	// one of approvalPermissions.
	MinimumPermission string `json:"minimumPermission"`
	// Allowlist, when not empty, restricts deciding to these GitHub logins
	// (compared without case); they still need MinimumPermission.
	Allowlist []string `json:"allowlist"`
}

func defaultApprovals() Approvals {
	return Approvals{MinimumPermission: "write", Allowlist: []string{}}
}

// loginPattern is the shape of a GitHub user login: letters, digits and
// single hyphens, none leading or trailing. It does not bound the length
// (a hyphen and the character after it are one repetition): the decoder
// checks the 39 characters a login has at most.
var loginPattern = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9]|-[A-Za-z0-9]){0,38}$`)

func (d *decoder) decodeApprovals(n *yaml.Node, key string, a *Approvals) {
	d.mapping(n, key, []field{
		{"minimumPermission", func(n *yaml.Node, key string) {
			var v string
			d.str(n, key, &v)
			if absent(n) {
				return
			}
			if !slices.Contains(approvalPermissions, v) {
				d.add(n, key, &problem{codeInvalid, fmt.Sprintf("%q is not a permission (use %s)", v, strings.Join(approvalPermissions, ", "))})
				return
			}
			a.MinimumPermission = v
		}},
		{"allowlist", func(n *yaml.Node, key string) {
			var logins []string
			d.strings(n, key, maxAllowlist, &logins)
			kept := []string{}
			for i, l := range logins {
				if !loginPattern.MatchString(l) || len(l) > 39 {
					d.add(n, fmt.Sprintf("%s.%d", key, i), &problem{codeInvalid, fmt.Sprintf("%q is not a GitHub user login", l)})
					continue
				}
				kept = append(kept, l)
			}
			a.Allowlist = kept
		}},
	})
}
