package ghapi

import (
	"io"
)

// Config chooses and configures a Poster.
type Config struct {
	// dryRun prints what would be posted and posts nothing.
	DryRun bool
	// Fork is set for a pull request from a fork (actionenv.PullRequestEvent.Fork): its token is
	// read-only, so only workflow commands are used.
	Fork bool
	// Out receives workflow commands and the dry run's output (stdout).
	Out io.Writer
	// GitHub configures the API poster.
	GitHub GitHubOptions
}

// New returns the poster for cfg: dryRun for a dry run; workflowCommands
// for a fork or when there is no token; otherwise GitHub, degrading to
// workflow commands on failure. A bad repository or API URL is an error.
func New(cfg Config) (Poster, error) {
	switch {
	case cfg.DryRun:
		return &dryRun{W: cfg.Out}, nil
	case cfg.Fork:
		return &workflowCommands{W: cfg.Out, Reason: "pull request from a fork: the token is read-only"}, nil
	case cfg.GitHub.Token == "":
		return &workflowCommands{W: cfg.Out, Reason: "no GitHub token"}, nil
	}
	gh, err := NewGitHub(cfg.GitHub)
	if err != nil {
		return nil, err
	}
	return &degrading{Primary: gh, Fallback: &workflowCommands{W: cfg.Out}}, nil
}
