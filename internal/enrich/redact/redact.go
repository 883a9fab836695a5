// Package redact finds and masks secrets in strings before they leave the
// process: every string of a context pack passes through String, and the
// summary validator asks Contains.
//
// The patterns are gitleaks' maintained default rule set (its config package,
// loaded once), evaluated here the way gitleaks evaluates a rule on a
// fragment: keyword prefilter, regex, secret group, entropy threshold, rule
// and global allowlists. Path-only rules and multi-part rules whose parts are
// not all present are skipped, since a string has no path. Rules of our
// own cover connection strings, which gitleaks leaves to its generic rule
// (and its entropy floor): the password in a URL's userinfo and a
// `;Password=…` pair of a key-value connection string; a third catches a
// private-key block cut off before its END line.
//
// A secret is replaced by "[REDACTED:<rule-id>]"; only the secret part of a
// match is replaced, so "api_key = …" keeps its key and the reader still
// sees what was there.
package redact

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/spf13/viper"
	"github.com/zricethezav/gitleaks/v8/config"
)

// Finding is one secret in a string: the rule that found it and the byte
// span [Start, End) of the secret itself.
type Finding struct {
	Rule       string
	Start, End int
}

// rule is one compiled pattern: gitleaks' or one of ours.
type rule struct {
	id          string
	regex       *regexp.Regexp
	secretGroup int
	entropy     float64
	keywords    []string // lower-case; empty means always run
	allowlists  []*config.Allowlist
	required    []string // rule ids that must also match the same string
	partOnly    bool     // gitleaks' skipReport: counts only as another rule's required part
	generic     bool     // yields to a specific rule on an overlapping span
	// followedBy must match the text right after the match. RE2 has no
	// lookahead, and a regex that consumed that context would hide a
	// match beginning in it from the next, non-overlapping search.
	followedBy *regexp.Regexp
}

type ruleSet struct {
	rules  []rule
	global []*config.Allowlist
}

// ownRules cover connection strings. Placeholders (${VAR}, <password>, ****) and our own markers
// are not secrets and stay.
var ownRules = []rule{
	{
		id:          "connection-string-url-password",
		regex:       regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.-]{1,30}://[^\s:/?#@'"\x60]{1,128}:([^\s@/?#'"\x60$<{*[][^\s@/?#'"\x60]{0,255})@`),
		secretGroup: 1,
		keywords:    []string{"://"},
		// A host follows the @; it may begin the next URL
		// ("a://u:p@b://v:q@h" holds two passwords).
		followedBy: regexp.MustCompile(`^[^\s/?#'"\x60]`),
	},
	{
		id:          "connection-string-password",
		regex:       regexp.MustCompile(`(?i);\s*(?:password|pwd)\s*=\s*([^;'"\s\x60$<{*[][^;'"\s\x60]{0,255})`),
		secretGroup: 1,
		keywords:    []string{"password", "pwd"},
	},
	{
		// A key block cut off before its END line (an excerpt's edge):
		// gitleaks' private-key rule needs the END line.
		id:          "private-key-unterminated",
		regex:       regexp.MustCompile(`(?i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----\s*([A-Za-z0-9+/=\s]{64,})`),
		secretGroup: 1,
		keywords:    []string{"-----begin"},
	},
}

var loadRules = sync.OnceValues(func() (*ruleSet, error) {
	v := viper.New()
	v.SetConfigType("toml")
	if err := v.ReadConfig(strings.NewReader(config.DefaultConfig)); err != nil {
		return nil, fmt.Errorf("redact: read gitleaks default rules: %w", err)
	}
	var vc config.ViperConfig
	if err := v.Unmarshal(&vc); err != nil {
		return nil, fmt.Errorf("redact: decode gitleaks default rules: %w", err)
	}
	cfg, err := vc.Translate()
	if err != nil {
		return nil, fmt.Errorf("redact: translate gitleaks default rules: %w", err)
	}
	set := &ruleSet{global: cfg.Allowlists}
	for _, r := range cfg.Rules {
		if r.Regex == nil || r.Path != nil {
			continue // path rules need a file name, which a string does not have
		}
		cr := rule{
			id:          r.RuleID,
			regex:       r.Regex,
			secretGroup: r.SecretGroup,
			entropy:     r.Entropy,
			keywords:    lower(r.Keywords),
			allowlists:  r.Allowlists,
			partOnly:    r.SkipReport,
			generic:     strings.Contains(strings.ToLower(r.RuleID), "generic"),
		}
		for _, req := range r.RequiredRules {
			cr.required = append(cr.required, req.RuleID)
		}
		set.rules = append(set.rules, cr)
	}
	set.rules = append(set.rules, ownRules...)
	sort.Slice(set.rules, func(i, j int) bool { return set.rules[i].id < set.rules[j].id })
	return set, nil
})

func lower(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.ToLower(s)
	}
	return out
}

// find returns the secrets in s, ordered by position, without overlaps.
// If the rule set cannot be loaded (a broken build, never input), the whole
// string is reported as one finding: redaction fails closed.
func find(s string) []Finding {
	if s == "" {
		return nil
	}
	set, err := loadRules()
	if err != nil {
		return []Finding{{Rule: "unavailable", Start: 0, End: len(s)}}
	}
	return set.find(s)
}

// Contains reports whether s holds anything find would redact.
func Contains(s string) bool { return len(find(s)) > 0 }

// String returns s with each secret replaced by "[REDACTED:<rule-id>]".
// String(String(s)) == String(s).
func String(s string) string {
	found := find(s)
	if len(found) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for _, f := range found {
		b.WriteString(s[last:f.Start])
		b.WriteString("[REDACTED:")
		b.WriteString(f.Rule)
		b.WriteString("]")
		last = f.End
	}
	b.WriteString(s[last:])
	return b.String()
}

// candidate is a finding with what the generic-yields step needs.
type candidate struct {
	Finding
	generic bool
}

func (set *ruleSet) find(s string) []Finding {
	lowered := strings.ToLower(s)
	byRule := map[string][]candidate{}
	for i := range set.rules {
		r := &set.rules[i]
		if !hasKeyword(lowered, r.keywords) {
			continue
		}
		if c := set.match(r, s); len(c) > 0 {
			byRule[r.id] = c
		}
	}
	var all []candidate
	for i := range set.rules {
		r := &set.rules[i]
		found := byRule[r.id]
		if len(found) == 0 || r.partOnly {
			continue
		}
		if !requirementsMet(r.required, byRule) {
			continue
		}
		all = append(all, found...)
	}
	return resolve(all)
}

func hasKeyword(lowered string, keywords []string) bool {
	if len(keywords) == 0 {
		return true
	}
	for _, k := range keywords {
		if strings.Contains(lowered, k) {
			return true
		}
	}
	return false
}

func requirementsMet(required []string, byRule map[string][]candidate) bool {
	for _, id := range required {
		if len(byRule[id]) == 0 {
			return false
		}
	}
	return true
}

// match runs one rule over s the way gitleaks' detectRule does.
func (set *ruleSet) match(r *rule, s string) []candidate {
	var out []candidate
	for _, m := range r.regex.FindAllStringSubmatchIndex(s, -1) {
		if r.followedBy != nil && !r.followedBy.MatchString(s[m[1]:]) {
			continue
		}
		start, end := secretSpan(r, s, m)
		if start < 0 || start == end {
			continue
		}
		secret := s[start:end]
		if r.entropy != 0 && shannonEntropy(secret) <= r.entropy {
			continue
		}
		matchText := strings.Trim(s[m[0]:m[1]], "\n")
		line := lineAround(s, m[0], m[1])
		if allowed(set.global, secret, matchText, line) || allowed(r.allowlists, secret, matchText, line) {
			continue
		}
		out = append(out, candidate{Finding{Rule: r.id, Start: start, End: end}, r.generic})
	}
	return out
}

// secretSpan picks the secret out of a match: the rule's secret group, else
// the first non-empty group, else the match without surrounding newlines.
func secretSpan(r *rule, s string, m []int) (int, int) {
	groups := len(m)/2 - 1
	if groups >= 1 {
		if r.secretGroup > 0 {
			if r.secretGroup > groups {
				return -1, -1
			}
			return m[2*r.secretGroup], m[2*r.secretGroup+1]
		}
		for g := 1; g <= groups; g++ {
			if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
				return m[2*g], m[2*g+1]
			}
		}
	}
	start, end := m[0], m[1]
	for start < end && s[start] == '\n' {
		start++
	}
	for end > start && s[end-1] == '\n' {
		end--
	}
	return start, end
}

func lineAround(s string, start, end int) string {
	ls := strings.LastIndexByte(s[:start], '\n') + 1
	le := strings.IndexByte(s[end:], '\n')
	if le < 0 {
		return s[ls:]
	}
	return s[ls : end+le]
}

// allowed mirrors gitleaks' checkFindingAllowed without commits and paths,
// which a string does not have: an AND allowlist that needs either never
// allows.
func allowed(lists []*config.Allowlist, secret, matchText, line string) bool {
	for _, a := range lists {
		target := secret
		switch a.RegexTarget {
		case "match":
			target = matchText
		case "line":
			target = line
		}
		regexOK := a.RegexAllowed(target)
		stopOK, _ := a.ContainsStopWord(secret)
		if a.MatchCondition == config.AllowlistMatchAnd {
			if len(a.Commits) > 0 || len(a.Paths) > 0 {
				continue
			}
			checks := 0
			ok := true
			if len(a.Regexes) > 0 {
				checks++
				ok = ok && regexOK
			}
			if len(a.StopWords) > 0 {
				checks++
				ok = ok && stopOK
			}
			if checks > 0 && ok {
				return true
			}
			continue
		}
		if regexOK || stopOK {
			return true
		}
	}
	return false
}

// resolve drops generic findings that overlap a specific one (gitleaks lets
// the specific rule take precedence), then merges overlapping spans so each
// byte is redacted once; the merged span keeps the first rule's id.
func resolve(all []candidate) []Finding {
	if len(all) == 0 {
		return nil
	}
	kept := all[:0:0]
	for _, c := range all {
		if c.generic && slices.ContainsFunc(all, func(o candidate) bool {
			return !o.generic && o.Start < c.End && c.Start < o.End
		}) {
			continue
		}
		kept = append(kept, c)
	}
	sort.Slice(kept, func(i, j int) bool {
		if kept[i].Start != kept[j].Start {
			return kept[i].Start < kept[j].Start
		}
		if kept[i].End != kept[j].End {
			return kept[i].End > kept[j].End
		}
		return kept[i].Rule < kept[j].Rule
	})
	out := []Finding{kept[0].Finding}
	for _, c := range kept[1:] {
		last := &out[len(out)-1]
		if c.Start < last.End {
			last.End = max(last.End, c.End)
			continue
		}
		out = append(out, c.Finding)
	}
	return out
}

func shannonEntropy(data string) float64 {
	if data == "" {
		return 0
	}
	counts := map[rune]int{}
	for _, c := range data {
		counts[c]++
	}
	inv := 1.0 / float64(len(data))
	var e float64
	for _, n := range counts {
		f := float64(n) * inv
		e -= f * math.Log2(f)
	}
	return e
}
