package curator

import (
	"path"
	"strings"
)

// classification is a document's type, audience, lifecycle and
// criticality (the enumerations of enrich.ClassifyDocument), with what
// decided the type.
type classification struct {
	Type, Audience, Lifecycle, Criticality string
	// from says what decided the type: "front matter", "file name",
	// "directory" or "title".
	from string
}

// Type words: a front-matter value, a file-name stem or a directory name
// that says what kind of document a file is.
var typeWords = map[string]string{
	"adr": "adr", "adrs": "adr", "decision": "adr", "decisions": "adr", "decision-records": "adr",
	"changelog": "changelog", "changes": "changelog", "history": "changelog", "news": "changelog",
	"release-notes": "changelog", "releasenotes": "changelog", "releases": "changelog",
	"explanation": "explanation", "explanations": "explanation", "concepts": "explanation",
	"concept": "explanation", "architecture": "explanation", "internals": "explanation", "design": "explanation",
	"guide": "guide", "guides": "guide", "user-guide": "guide", "contributing": "guide", "development": "guide",
	"developing": "guide", "hacking": "guide",
	"how-to": "how-to", "howto": "how-to", "how-tos": "how-to", "howtos": "how-to", "recipes": "how-to", "cookbook": "how-to",
	"overview": "overview", "introduction": "overview", "intro": "overview", "about": "overview",
	"readme":    "readme",
	"reference": "reference", "references": "reference", "api": "reference", "cli": "reference",
	"commands": "reference", "configuration": "reference", "config": "reference", "options": "reference", "glossary": "reference",
	"runbook": "runbook", "runbooks": "runbook", "playbook": "runbook", "playbooks": "runbook", "operations": "runbook",
	"incident": "runbook", "incidents": "runbook", "troubleshooting": "how-to",
	"blog": "other", "posts": "other", "_posts": "other",
	"spec": "spec", "specs": "spec", "specification": "spec", "specifications": "spec", "rfc": "spec", "rfcs": "spec",
	"proposal": "spec", "proposals": "spec",
	"tutorial": "tutorial", "tutorials": "tutorial", "getting-started": "tutorial", "quickstart": "tutorial",
	"quick-start": "tutorial", "walkthrough": "tutorial", "learn": "tutorial",
}

// Lifecycle words: a front-matter status or lifecycle value, or a
// directory name.
var lifecycleWords = map[string]string{
	"archive": "archived", "archived": "archived", "obsolete": "archived", "historical": "archived", "old": "archived",
	"legacy": "deprecated", "deprecated": "deprecated", "superseded": "deprecated", "replaced": "deprecated",
	"draft": "draft", "drafts": "draft", "wip": "draft", "proposed": "draft", "rfc": "draft", "in-progress": "draft",
	"current": "current", "active": "current", "accepted": "current", "stable": "current", "published": "current",
	"approved": "current", "implemented": "current", "final": "current",
}

// Audience words: a front-matter audience value.
var audienceWords = map[string]string{
	"contributor": "contributor", "contributors": "contributor",
	"developer": "developer", "developers": "developer", "dev": "developer", "devs": "developer", "engineers": "developer", "engineer": "developer",
	"maintainer": "maintainer", "maintainers": "maintainer", "team": "maintainer", "internal": "maintainer",
	"operator": "operator", "operators": "operator", "ops": "operator", "sre": "operator", "admin": "operator", "admins": "operator", "administrators": "operator",
	"user": "user", "users": "user", "public": "user", "end-users": "user", "everyone": "user", "customers": "user",
}

// Criticality words: a front-matter tier or criticality value.
var criticalityWords = map[string]string{
	"0": "high", "1": "high", "critical": "high", "high": "high", "tier-1": "high", "tier1": "high", "p0": "high", "p1": "high",
	"2": "medium", "medium": "medium", "normal": "medium", "tier-2": "medium", "tier2": "medium", "p2": "medium",
	"3": "low", "low": "low", "tier-3": "low", "tier3": "low", "p3": "low", "minor": "low",
}

// sourceDirs hold code: a document inside one is written for the people
// who work on that code.
var sourceDirs = map[string]bool{
	"internal": true, "pkg": true, "src": true, "lib": true, "cmd": true, "packages": true, "crates": true,
	"app": true, "apps": true, "server": true, "client": true, "modules": true,
}

// classify classifies a document from its path, title and front matter.
// It returns false when nothing tells its type: a guess is no
// classification.
func classify(p, title string, front map[string]string) (classification, bool) {
	var c classification
	base := strings.ToLower(path.Base(p))
	stem := strings.TrimSuffix(base, path.Ext(base))
	dirs := strings.Split(strings.ToLower(path.Dir(p)), "/")
	if dirs[0] == "." {
		dirs = nil
	}
	root := len(dirs) == 0

	// Type: front matter, then the file name, then the nearest directory
	// that says, then the title.
	switch {
	case typeWords[norm(front["type"])] != "":
		c.Type, c.from = typeWords[norm(front["type"])], "front matter"
	case stem == "readme" || stem == "index" || stem == "_index":
		if stem == "readme" {
			c.Type, c.from = "readme", "file name"
		}
	case stem == "security" || stem == "code_of_conduct" || stem == "code-of-conduct" || stem == "governance" ||
		stem == "support" || stem == "license" || stem == "codeowners":
		c.Type, c.from = "other", "file name"
	case typeWords[normStem(stem)] != "" && (typeWords[normStem(stem)] != "changelog" || root || base != path.Base(p)):
		// A changelog is CHANGELOG.md or one at the root; docs/changelog.md
		// is as often the page about a changelog feature.
		c.Type, c.from = typeWords[normStem(stem)], "file name"
	}
	if c.Type == "" {
		for i := len(dirs) - 1; i >= 0; i-- {
			if t := typeWords[dirs[i]]; t != "" {
				c.Type, c.from = t, "directory"
				break
			}
		}
	}
	if c.Type == "" {
		if t := typeOfTitle(title); t != "" {
			c.Type, c.from = t, "title"
		}
	}
	if c.Type == "" {
		return classification{}, false
	}

	// Lifecycle: front matter, then a directory, then the title.
	c.Lifecycle = "current"
	switch {
	case lifecycleWords[norm(front["lifecycle"])] != "":
		c.Lifecycle = lifecycleWords[norm(front["lifecycle"])]
	case lifecycleWords[norm(front["status"])] != "":
		c.Lifecycle = lifecycleWords[norm(front["status"])]
	case front["deprecated"] == "true":
		c.Lifecycle = "deprecated"
	case front["draft"] == "true":
		c.Lifecycle = "draft"
	default:
		for _, d := range dirs {
			if l := lifecycleWords[d]; l != "" && l != "current" && d != "rfc" {
				c.Lifecycle = l
			}
		}
		if lt := strings.ToLower(title); strings.Contains(lt, "deprecated") {
			c.Lifecycle = "deprecated"
		}
	}

	// Audience: front matter, else who reads this kind of document where
	// it lies.
	c.Audience = audienceWords[norm(front["audience"])]
	if c.Audience == "" {
		switch {
		case stem == "contributing" || stem == "developing" || stem == "development" || stem == "hacking" ||
			stem == "code_of_conduct" || stem == "code-of-conduct" || stem == "governance":
			c.Audience = "contributor"
		case c.Type == "adr" || c.Type == "spec":
			c.Audience = "maintainer"
		case c.Type == "runbook":
			c.Audience = "operator"
		case stem == "architecture" || stem == "internals" || stem == "design" || hasAny(dirs, "architecture", "internals", "design", "development", "contributing"):
			c.Audience = "contributor"
		case !root && sourceDirs[dirs[0]] && !hasAny(dirs, "docs", "doc", "documentation", "site", "website", "www"):
			// A README beside the code is for those who work on it; a
			// package's docs directory is for those who use it.
			c.Audience = "contributor"
		case c.Type == "reference" && hasAny(dirs, "api", "sdk"):
			c.Audience = "developer"
		default:
			c.Audience = "user"
		}
	}

	// Criticality: front matter, else what a broken copy would cost.
	c.Criticality = criticalityWords[norm(front["criticality"])]
	if c.Criticality == "" {
		c.Criticality = criticalityWords[norm(front["tier"])]
	}
	if c.Criticality == "" {
		switch {
		case c.Lifecycle == "archived" || c.Lifecycle == "deprecated":
			c.Criticality = "low"
		case stem == "security" || c.Type == "runbook" || (root && stem == "readme"):
			c.Criticality = "high"
		case c.Type == "changelog" || c.Lifecycle == "draft":
			c.Criticality = "low"
		default:
			c.Criticality = "medium"
		}
	}
	return c, true
}

// typeOfTitle reads a type from a title's shape: "How to …" is a how-to,
// "Getting started" a tutorial, "… reference" a reference. A title
// "Changelog" says nothing: it is as often the page about a changelog
// feature.
func typeOfTitle(title string) string {
	t := strings.ToLower(strings.TrimSpace(title))
	switch {
	case strings.HasPrefix(t, "how to ") || strings.HasPrefix(t, "how do i "):
		return "how-to"
	case strings.HasPrefix(t, "getting started") || strings.HasPrefix(t, "quickstart") ||
		strings.HasPrefix(t, "quick start") || strings.HasPrefix(t, "tutorial"):
		return "tutorial"
	case strings.HasSuffix(t, " reference") || strings.HasPrefix(t, "reference"):
		return "reference"
	case strings.HasPrefix(t, "architecture") || strings.HasSuffix(t, " architecture") || strings.HasSuffix(t, " internals"):
		return "explanation"
	case strings.HasPrefix(t, "troubleshooting"):
		return "how-to"
	case strings.HasSuffix(t, " runbook"):
		return "runbook"
	}
	return ""
}

// norm lowercases a front-matter value and joins its words with hyphens.
func norm(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.Trim(s, `"' `))), "-")
}

// normStem lowercases a file-name stem with _ and spaces as hyphens.
func normStem(s string) string {
	return strings.NewReplacer("_", "-", " ", "-").Replace(strings.ToLower(s))
}

func hasAny(list []string, want ...string) bool {
	for _, l := range list {
		for _, w := range want {
			if l == w {
				return true
			}
		}
	}
	return false
}
