package repourl

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"

	gitconfig "github.com/go-git/go-git/v5/plumbing/format/config"

	"github.com/docbridge/docbridge/internal/config"
)

// Inputs are everything the repository's identity is resolved from, read
// by the caller (Read): the configured project, the environment of a
// GitHub Actions run, and the git work tree's configuration.
type Inputs struct {
	Project config.Project
	// EnvRepository and EnvServerURL are GITHUB_REPOSITORY and
	// GITHUB_SERVER_URL.
	EnvRepository, EnvServerURL string
	// Event is the JSON file GITHUB_EVENT_PATH names.
	Event []byte
	// GitConfig is the work tree's .git/config.
	GitConfig []byte
	// OriginHEAD is the content of refs/remotes/origin/HEAD
	// ("ref: refs/remotes/origin/main").
	OriginHEAD string
	// Subdirectory says the scanned directory lies inside a git work tree
	// without being its root: the repository's URLs name paths from
	// another root, so neither the environment nor the remote names it.
	Subdirectory bool
}

// Resolve returns the effective project configuration: the configured
// repository, else GITHUB_REPOSITORY (on GITHUB_SERVER_URL's host), else
// the origin remote's; the configured default branch, else the event's
// repository.default_branch, else the branch origin/HEAD names (else
// empty: main, master and HEAD all count, see FromProject). Configured
// values are kept as they are.
func Resolve(in Inputs) config.Project {
	p := in.Project
	ghes := serverHost(in.EnvServerURL)
	if p.Repository == "" && in.Subdirectory {
		return p
	}
	if p.Repository == "" {
		if owner, name, ok := ownerName(in.EnvRepository); ok {
			p.Repository = withHost(ghes, owner, name)
		} else if host, owner, name, ok := ParseRemote(originURL(in.GitConfig)); ok {
			p.Repository = withHost(host, owner, name)
		}
	} else if strings.Count(p.Repository, "/") == 1 && ghes != "" {
		owner, name, _ := strings.Cut(p.Repository, "/")
		p.Repository = withHost(ghes, owner, name)
	}
	if p.Repository == "" {
		return p
	}
	if p.DefaultBranch == "" {
		p.DefaultBranch = eventDefaultBranch(in.Event)
	}
	if p.DefaultBranch == "" {
		ref, ok := strings.CutPrefix(strings.TrimSpace(in.OriginHEAD), "ref: refs/remotes/origin/")
		if ok && ref != "" && !strings.ContainsAny(ref, " \t\n") {
			p.DefaultBranch = ref
		}
	}
	return p
}

// withHost writes owner/name, prefixed by host unless it is github.com.
func withHost(host, owner, name string) string {
	if host == "" || host == defaultHost {
		return owner + "/" + name
	}
	return host + "/" + owner + "/" + name
}

// serverHost returns GITHUB_SERVER_URL's host when it is not github.com.
func serverHost(server string) string {
	u, err := url.Parse(strings.TrimSpace(server))
	if err != nil || u.Host == "" {
		return ""
	}
	if h := strings.ToLower(u.Host); h != defaultHost {
		return h
	}
	return ""
}

// ownerName splits "owner/name".
func ownerName(s string) (string, string, bool) {
	owner, name, ok := strings.Cut(strings.TrimSpace(s), "/")
	name = strings.TrimSuffix(name, ".git")
	if !ok || owner == "" || name == "" || strings.ContainsAny(owner+name, "/ \t:@") {
		return "", "", false
	}
	return owner, name, true
}

// originURL returns the url of [remote "origin"] in a git configuration,
// read with go-git's parser of the format; "" when there is none.
func originURL(data []byte) string {
	if len(data) == 0 {
		return ""
	}
	cfg := gitconfig.New()
	if err := gitconfig.NewDecoder(bytes.NewReader(data)).Decode(cfg); err != nil {
		return ""
	}
	if !cfg.Section("remote").HasSubsection("origin") {
		return ""
	}
	return cfg.Section("remote").Subsection("origin").Option("url")
}

// ParseRemote takes a git remote URL apart: https://host/owner/name(.git),
// ssh://[user@]host[:port]/owner/name(.git) and the scp-like
// [user@]host:owner/name(.git).
func ParseRemote(remote string) (host, owner, name string, ok bool) {
	remote = strings.TrimSpace(remote)
	var p string
	switch {
	case strings.Contains(remote, "://"):
		u, err := url.Parse(remote)
		if err != nil || u.Host == "" {
			return "", "", "", false
		}
		switch u.Scheme {
		case "https", "http", "ssh", "git", "git+ssh", "ssh+git":
		default:
			return "", "", "", false
		}
		host, p = strings.ToLower(u.Hostname()), u.Path
	default:
		// scp-like: [user@]host:path, with no slash before the colon.
		h, rest, found := strings.Cut(remote, ":")
		if !found || strings.Contains(h, "/") {
			return "", "", "", false
		}
		if i := strings.LastIndexByte(h, '@'); i >= 0 {
			h = h[i+1:]
		}
		host, p = strings.ToLower(h), rest
	}
	p = strings.TrimSuffix(strings.Trim(p, "/"), ".git")
	owner, name, ok = ownerName(p)
	if !ok || host == "" {
		return "", "", "", false
	}
	return host, owner, name, true
}

// eventDefaultBranch reads repository.default_branch of a GitHub event.
func eventDefaultBranch(event []byte) string {
	if len(event) == 0 {
		return ""
	}
	var e struct {
		Repository struct {
			DefaultBranch string `json:"default_branch"`
		} `json:"repository"`
	}
	if json.Unmarshal(event, &e) != nil {
		return ""
	}
	return e.Repository.DefaultBranch
}
