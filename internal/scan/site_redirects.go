package scan

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// The host that publishes a site redirects URL paths by rules the
// repository commits: Netlify's and Cloudflare Pages' _redirects file (in
// the directory the site publishes, or written by a Hugo layout template,
// layouts/index.redirects), netlify.toml's [[redirects]], vercel.json's
// redirects and rewrites, Mintlify's redirects (docs.json, mint.json) and
// a redirects.json those name by $ref (a list of {source, destination}). A
// root-absolute link of a site's page that such a rule matches is served
// by the host — often by another site — so it is not broken, although the
// scan cannot follow it. Only rules every visitor gets count: a rule with
// conditions (country, language, role) or query parameters, a catch-all
// (/*), a rule for another host name and a 4xx answer are left out.

// hostRule is one redirect rule: the URL path pattern it matches.
type hostRule struct {
	// scope is the directory of the file that holds the rule: it applies
	// to the sites whose root lies on the same path.
	scope string
	file  string
	line  int // 0 when the format gives none (netlify.toml)
	// from is the pattern's segments: literal, ":name" (one segment), and
	// a last one that may end in "*" (the rest of the path).
	from []string
}

// isRedirectsFile reports whether p holds host redirect rules: _redirects,
// netlify.toml, a JSON file of rules (jsonRedirectFiles), or a Hugo layout
// template of the redirects output format.
func isRedirectsFile(p string) bool {
	switch b := path.Base(p); {
	case b == "_redirects", b == "netlify.toml", slices.Contains(jsonRedirectFiles, b):
		return true
	case strings.HasSuffix(b, ".redirects"):
		return slices.Contains(strings.Split(path.Dir(p), "/"), "layouts")
	}
	return false
}

// parseRedirects reads the rules of one file as read; a template's lines
// with template actions are skipped (they are written only when the site
// is built), and an unreadable netlify.toml yields its error.
func parseRedirects(p string, data []byte) ([]hostRule, error) {
	scope := parentDir(p)
	if path.Base(p) == "netlify.toml" {
		return parseNetlifyTOML(p, scope, data)
	}
	if slices.Contains(jsonRedirectFiles, path.Base(p)) {
		return parseJSONRedirects(p, scope, data)
	}
	template := strings.HasSuffix(p, ".redirects")
	var out []hostRule
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if template && (strings.Contains(line, "{{") || strings.Contains(line, "}}")) {
			continue
		}
		if from, ok := redirectLine(line); ok {
			out = append(out, hostRule{scope: scope, file: p, line: n, from: from})
		}
	}
	// A line longer than the buffer ends the file's rules; what was read
	// stands.
	return out, nil
}

// redirectLine parses one _redirects line — from, query parameters, to,
// status with an optional "!", conditions; "#" starts a comment — and
// returns the pattern of a rule that counts.
func redirectLine(line string) ([]string, bool) {
	fields := strings.Fields(line)
	for i, f := range fields {
		if strings.HasPrefix(f, "#") {
			fields = fields[:i]
			break
		}
	}
	if len(fields) < 2 {
		return nil, false
	}
	from, rest := fields[0], fields[1:]
	if !isTarget(rest[0]) {
		return nil, false // query parameters before the target: conditional
	}
	rest = rest[1:]
	status := 301
	if len(rest) > 0 {
		s, err := strconv.Atoi(strings.TrimSuffix(rest[0], "!"))
		if err != nil {
			return nil, false
		}
		status, rest = s, rest[1:]
	}
	if len(rest) > 0 {
		return nil, false // conditions: not every visitor is redirected
	}
	return rulePattern(from, status)
}

// isTarget reports whether a _redirects field is a rule's target: a path
// or a URL (a query parameter is key=value).
func isTarget(f string) bool {
	return strings.HasPrefix(f, "/") || strings.Contains(f, "://")
}

// rulePattern splits a rule's from into the segments it matches; ok is
// false for a rule that does not count: another host name, a catch-all, a
// 4xx or 5xx answer.
func rulePattern(from string, status int) ([]string, bool) {
	if !strings.HasPrefix(from, "/") || strings.HasPrefix(from, "//") || status >= 400 {
		return nil, false
	}
	segs := strings.Split(strings.Trim(from, "/"), "/")
	if len(segs) == 1 && (segs[0] == "" || strings.HasPrefix(segs[0], "*") || strings.HasPrefix(segs[0], ":")) {
		return nil, false // "/", "/*", "/:page": every path of the site
	}
	for i, s := range segs {
		if s == "" || strings.Contains(strings.TrimSuffix(s, "*"), "*") || (strings.HasSuffix(s, "*") && i != len(segs)-1) {
			return nil, false // not a pattern the host reads this way
		}
	}
	return segs, true
}

// netlifyConfig is what the scan reads from netlify.toml.
type netlifyConfig struct {
	Redirects []struct {
		From       string         `toml:"from"`
		To         string         `toml:"to"`
		Status     int            `toml:"status"`
		Query      map[string]any `toml:"query"`
		Conditions map[string]any `toml:"conditions"`
	} `toml:"redirects"`
}

func parseNetlifyTOML(p, scope string, data []byte) ([]hostRule, error) {
	var c netlifyConfig
	if _, err := toml.Decode(string(data), &c); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	var out []hostRule
	for _, r := range c.Redirects {
		if len(r.Query) > 0 || len(r.Conditions) > 0 || r.To == "" {
			continue
		}
		status := r.Status
		if status == 0 {
			status = 301
		}
		if from, ok := rulePattern(r.From, status); ok {
			out = append(out, hostRule{scope: scope, file: p, from: from})
		}
	}
	return out, nil
}

// jsonRedirectFiles hold redirect rules as JSON: Vercel's configuration,
// Mintlify's (docs.json, and the older mint.json), and redirects.json, the
// list of rules a Mintlify configuration names by {"$ref": …}.
var jsonRedirectFiles = []string{"vercel.json", "docs.json", "mint.json", "redirects.json"}

// jsonRule is one JSON redirect or rewrite: Vercel's and Mintlify's
// source/destination, with Vercel's conditions.
type jsonRule struct {
	Source      string          `json:"source"`
	Destination string          `json:"destination"`
	StatusCode  int             `json:"statusCode"`
	Has         json.RawMessage `json:"has"`
	Missing     json.RawMessage `json:"missing"`
}

// parseJSONRedirects reads a JSON file of rules: a list of them, or an
// object whose redirects and rewrites are lists (a redirects value that is
// no list — Mintlify's {"$ref": "./redirects.json"} — gives nothing here;
// the file it names is read on its own). A file that is not JSON yields
// its error; one of another shape (a docs.json of another tool), no rules.
func parseJSONRedirects(p, scope string, data []byte) ([]hostRule, error) {
	if !json.Valid(data) {
		var v any // only for the error's message and offset
		return nil, fmt.Errorf("%s: %w", p, json.Unmarshal(data, &v))
	}
	var lists []json.RawMessage
	switch data = bytes.TrimSpace(data); data[0] {
	case '[':
		lists = append(lists, data)
	case '{':
		var c struct {
			Redirects json.RawMessage `json:"redirects"`
			Rewrites  json.RawMessage `json:"rewrites"`
		}
		if json.Unmarshal(data, &c) == nil {
			lists = append(lists, c.Redirects, c.Rewrites)
		}
	}
	var out []hostRule
	for _, raw := range lists {
		var rules []jsonRule
		if len(raw) == 0 || json.Unmarshal(raw, &rules) != nil {
			continue // absent, or not a list of rules
		}
		for _, r := range rules {
			if r.Destination == "" || len(r.Has) > 0 || len(r.Missing) > 0 {
				continue // conditional: not every visitor gets it
			}
			status := r.StatusCode
			if status == 0 {
				status = 308
			}
			from, ok := pathToRegexpSource(r.Source)
			if !ok {
				continue
			}
			if segs, ok := rulePattern(from, status); ok {
				out = append(out, hostRule{scope: scope, file: p, from: segs})
			}
		}
	}
	return out, nil
}

// pathToRegexpSource writes a Vercel or Mintlify source pattern
// (path-to-regexp: /docs/:slug, /blog/:path*, /old/(.*)) in the segment
// form rulePattern reads: a parameter with a modifier or a group in the
// last segment is the rest of the path ("*"); one elsewhere matches no
// rule this reads.
func pathToRegexpSource(src string) (string, bool) {
	src = strings.TrimSpace(src)
	if !strings.HasPrefix(src, "/") {
		return "", false
	}
	segs := strings.Split(strings.Trim(src, "/"), "/")
	for i, seg := range segs {
		rest := strings.ContainsAny(seg, "()") || strings.HasPrefix(seg, ":") && strings.ContainsAny(seg[len(seg)-1:], "*+?")
		switch {
		case rest && i == len(segs)-1:
			segs[i] = "*"
		case rest:
			return "", false
		case strings.ContainsAny(seg, "*?+{}"):
			return "", false
		}
	}
	return "/" + strings.Join(segs, "/"), true
}

// matches reports whether the URL path u (no query or fragment) is one the
// rule redirects. A trailing slash does not matter, as on the host.
func (r *hostRule) matches(u string) bool {
	segs := strings.Split(strings.Trim(u, "/"), "/")
	for i, f := range r.from {
		if prefix, ok := strings.CutSuffix(f, "*"); ok {
			// The splat takes the rest of the path, from this segment on.
			return i < len(segs) && strings.HasPrefix(strings.Join(segs[i:], "/"), prefix)
		}
		if i >= len(segs) || segs[i] == "" {
			return false
		}
		if !strings.HasPrefix(f, ":") && f != segs[i] {
			return false
		}
	}
	return len(segs) == len(r.from)
}

// hostRedirect returns the rule that serves a root-absolute link of a page
// of the site at root: a rule whose file lies in the site, or in a
// directory holding it.
func hostRedirect(rules []hostRule, root, dest string) (*hostRule, bool) {
	if !strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "//") {
		return nil, false
	}
	u := linkURLPath(dest)
	for i := range rules {
		r := &rules[i]
		if (within(r.scope, root) || within(root, r.scope)) && r.matches(u) {
			return r, true
		}
	}
	return nil, false
}

// hostRules reads every redirects file of the tree, in path order; a file
// that cannot be read is noted and gives no rules.
func hostRules(t *tree, b *builder) []hostRule {
	var out []hostRule
	for _, p := range t.paths {
		if !isRedirectsFile(p) {
			continue
		}
		x := t.byPath[p]
		if x == nil || x.SiteConfig == nil {
			continue
		}
		rules, err := parseRedirects(p, x.SiteConfig)
		if err != nil {
			b.note(snapshot.Coverage{Analyzer: "sites", Scope: p, Status: snapshot.StatusPartial, Reason: "redirect rules not read: " + err.Error()})
			continue
		}
		out = append(out, rules...)
	}
	return out
}
