package actionenv

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/sethvargo/go-githubactions"
)

// Input names, as action.yml declares them and the runner passes them:
// INPUT_ + the name upper-cased with its hyphens kept (INPUT_FAIL-ON).
const (
	inputGitHubToken      = "github-token"
	InputConfig           = "config"
	inputFailOn           = "fail-on"
	inputComment          = "comment"
	inputAnnotations      = "annotations"
	inputSuggestions      = "suggestions"
	inputFilter           = "filter"
	inputCache            = "cache"
	InputWorkingDirectory = "working-directory"
	inputBotLogin         = "bot-login"
	inputPublishTimeout   = "publish-timeout"
	inputMode             = "mode"
)

// Bounds of publish-timeout.
const (
	minPublishTimeout = time.Second
	maxPublishTimeout = time.Hour
)

// Filter says which findings a pull request is judged, annotated and
// commented on. Every finding is in the log and the job summary whatever
// the filter.
type Filter string

// The filters.
const (
	// FilterNew keeps findings new against the base state; without one
	// (first run, evicted cache) it falls back to FilterChangedFiles.
	FilterNew Filter = "new"
	// FilterChangedFiles keeps findings located in the PR's changed files.
	FilterChangedFiles Filter = "changed-files"
	// FilterAll keeps every finding.
	FilterAll Filter = "all"
)

// Mode says what a run on a schedule or workflow_dispatch event does.
type Mode string

// The modes.
const (
	// modeAuto: a schedule enriches, a workflow_dispatch scans.
	modeAuto Mode = "auto"
	// ModeScan scans and saves the state (a schedule too).
	ModeScan Mode = "scan"
	// modeEnrich runs the enrichment stage and updates the enrichment
	// pull request (a workflow_dispatch too).
	modeEnrich Mode = "enrich"
)

// modes lists the mode values.
var modes = []Mode{modeAuto, ModeScan, modeEnrich}

// String is the mode's name.
func (m Mode) String() string { return string(m) }

// Set parses a mode (pflag.Value).
func (m *Mode) Set(s string) error {
	if !slices.Contains(modes, Mode(s)) {
		return fmt.Errorf("%q is not one of auto, scan, enrich", s)
	}
	*m = Mode(s)
	return nil
}

// Type names the flag's value in help text (pflag.Value).
func (m *Mode) Type() string { return "mode" }

// filters lists the filter values.
var filters = []Filter{FilterNew, FilterChangedFiles, FilterAll}

// String is the filter's name.
func (f Filter) String() string { return string(f) }

// Set parses a filter (pflag.Value).
func (f *Filter) Set(s string) error {
	if !slices.Contains(filters, Filter(s)) {
		return fmt.Errorf("%q is not one of new, changed-files, all", s)
	}
	*f = Filter(s)
	return nil
}

// Type names the flag's value in help text (pflag.Value).
func (f *Filter) Type() string { return "filter" }

// DefaultBotLogin is the identity comments made with GITHUB_TOKEN carry;
// the token cannot tell it (GET /user answers 403), hence an input.
const DefaultBotLogin = "github-actions[bot]"

// Spec is one input as action.yml declares it. Default is what the action
// assumes when the variable is absent — the runner fills action.yml's
// defaults, but `uses: docker://…` and --dry-run do not — so the two must
// agree (a test holds them together). github-token's action.yml default is
// the expression ${{ github.token }}, which only the runner can evaluate.
type Spec struct {
	Name    string
	Default string
}

// Specs are the action's inputs, in action.yml's order.
var Specs = []Spec{
	{inputGitHubToken, ""},
	{InputConfig, ""},
	{inputFailOn, "error"},
	{inputComment, "true"},
	{inputAnnotations, "true"},
	{inputSuggestions, "true"},
	{inputFilter, string(FilterNew)},
	{inputCache, "true"},
	{InputWorkingDirectory, "."},
	{inputBotLogin, DefaultBotLogin},
	{inputMode, string(modeAuto)},
	{inputPublishTimeout, "2m"},
}

// Inputs are the action's validated inputs.
type Inputs struct {
	// GitHubToken authenticates API calls; never printed.
	GitHubToken string
	// Config is the configuration file relative to the workspace ("" for
	// the working directory's docbridge.yaml).
	Config string
	// FailOn is the level at or above which a judged finding fails the run.
	FailOn catalog.FailOn
	// Comment, Annotations and Cache switch the sticky comment, the
	// check-run annotations and the Actions cache.
	Comment, Annotations, Cache bool
	// Suggestions switches the suggested changes: the judged findings'
	// verified edits on the pull request's added lines, posted as one
	// review.
	Suggestions bool
	// Filter chooses the judged findings.
	Filter Filter
	// WorkingDirectory is the directory to scan, relative to the workspace,
	// slash-separated and clean ("." for the workspace itself).
	WorkingDirectory string
	// BotLogin is the login the sticky comment is looked up by.
	BotLogin string
	// PublishTimeout bounds all the run's GitHub API calls together
	// (starting the check run, listing changed files, finishing it, the
	// sticky comment); past it the results go to workflow commands and the
	// job summary only.
	PublishTimeout time.Duration
	// Mode chooses what a schedule or workflow_dispatch run does.
	Mode Mode
}

// botLogin is a GitHub login, optionally an app's "[bot]" identity.
var botLogin = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]{0,38}(\[bot\])?$`)

// ReadInputs reads and validates the inputs. An absent or empty input takes
// its Spec default. Every error names the input and the accepted values.
func ReadInputs(getenv func(string) string) (Inputs, error) {
	a := githubactions.New(githubactions.WithGetenv(getenv))
	get := func(name string) string {
		if v := a.GetInput(name); v != "" {
			return v
		}
		return specDefault(name)
	}
	in := Inputs{GitHubToken: get(inputGitHubToken), BotLogin: get(inputBotLogin)}
	if err := in.FailOn.Set(get(inputFailOn)); err != nil {
		return Inputs{}, fmt.Errorf("input %s: %w", inputFailOn, err)
	}
	if err := in.Filter.Set(get(inputFilter)); err != nil {
		return Inputs{}, fmt.Errorf("input %s: %w", inputFilter, err)
	}
	if err := in.Mode.Set(get(inputMode)); err != nil {
		return Inputs{}, fmt.Errorf("input %s: %w", inputMode, err)
	}
	var err error
	for _, b := range []struct {
		name string
		dst  *bool
	}{{inputComment, &in.Comment}, {inputAnnotations, &in.Annotations}, {inputSuggestions, &in.Suggestions}, {inputCache, &in.Cache}} {
		if *b.dst, err = parseBool(b.name, get(b.name)); err != nil {
			return Inputs{}, err
		}
	}
	if in.WorkingDirectory, err = localPath(InputWorkingDirectory, get(InputWorkingDirectory)); err != nil {
		return Inputs{}, err
	}
	if c := get(InputConfig); c != "" {
		if in.Config, err = localPath(InputConfig, c); err != nil {
			return Inputs{}, err
		}
	}
	if !botLogin.MatchString(in.BotLogin) {
		return Inputs{}, fmt.Errorf("input %s: %q is not a GitHub login", inputBotLogin, in.BotLogin)
	}
	if in.PublishTimeout, err = parseTimeout(inputPublishTimeout, get(inputPublishTimeout)); err != nil {
		return Inputs{}, err
	}
	return in, nil
}

// parseTimeout reads a duration as Go writes it (90s, 2m, 1m30s) within
// minPublishTimeout and maxPublishTimeout.
func parseTimeout(name, v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d < minPublishTimeout || d > maxPublishTimeout {
		return 0, fmt.Errorf("input %s: %q is not a duration from %s to %s (write 90s, 2m or 1m30s)", name, v, minPublishTimeout, maxPublishTimeout)
	}
	return d, nil
}

func specDefault(name string) string {
	for _, s := range Specs {
		if s.Name == name {
			return s.Default
		}
	}
	return ""
}

// parseBool accepts the YAML 1.2 core booleans, as the Actions toolkit's
// getBooleanInput does.
func parseBool(name, v string) (bool, error) {
	switch v {
	case "true", "True", "TRUE":
		return true, nil
	case "false", "False", "FALSE":
		return false, nil
	}
	return false, fmt.Errorf("input %s: %q is not a boolean: use true or false", name, v)
}

// localPath accepts a path inside the workspace: relative, without "..".
// An absolute path is refused with the reason: ${{ github.workspace }} is
// the runner's path, which does not exist inside the container.
func localPath(name, p string) (string, error) {
	s := p
	if strings.ContainsRune(s, 0) {
		return "", fmt.Errorf("input %s: %q contains a NUL byte", name, p)
	}
	if path.IsAbs(s) {
		return "", fmt.Errorf("input %s: %q is absolute; give a path relative to the workspace (inside the container the workspace is /github/workspace, not the runner's path)", name, p)
	}
	c := path.Clean(s)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", fmt.Errorf("input %s: %q leaves the workspace", name, p)
	}
	return c, nil
}
