package config

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// sectionEnrich is the enrich section: which agent `docbridge enrich` asks
// and the bounds of what it is shown. Like checks it changes no
// observation, so Hash leaves it out.
const sectionEnrich = "enrich"

// Agents `enrich.agent` names.
const (
	// EnrichAgentAuto is the built-in curator from the CLI, GitHub Models
	// in the action (falling back to the curator).
	EnrichAgentAuto    = "auto"
	EnrichAgentBuiltin = "builtin"
	EnrichAgentModels  = "models"
	EnrichAgentCommand = "command"
)

// EnrichAgents lists the enrich.agent values.
var EnrichAgents = []string{EnrichAgentAuto, EnrichAgentBuiltin, EnrichAgentModels, EnrichAgentCommand}

// Bounds of the enrich section (inclusive).
const (
	minPackBytes            = 4 << 10
	maxPackBytes            = 1 << 20
	maxCommandArgs          = 64
	minCommandTimeout       = 1
	maxCommandTimeout       = 3600
	minCommandIOBytes       = 1 << 10
	maxCommandIOBytes       = 64 << 20
	maxModelsRequests       = 10000
	minModelsTokens         = 1000
	maxModelsTokens         = 100_000_000
	minModelsRequestTokens  = 100
	maxModelsRequestTokens  = 1_000_000
	maxModelsRequestsMinute = 10000
)

// Enrich configures `docbridge enrich`.
type Enrich struct {
	// Agent is the agent asked: builtin (offline, deterministic), models
	// (GitHub Models or an OpenAI-compatible endpoint) or command.
	Agent string `json:"agent"`
	// Reviewer and Adjudicator name the agents (models or command; ""
	// for none, the default) asked to judge the proposals another agent
	// made: the reviewer corroborates or objects, the adjudicator judges
	// the proposals a reviewer objected to. The builtin curator judges
	// nothing, so naming it skips the step.
	Reviewer    string `json:"reviewer"`
	Adjudicator string `json:"adjudicator"`
	// PackBytes is the byte budget of one context pack's JSON.
	PackBytes int           `json:"packBytes"`
	Command   EnrichCommand `json:"command"`
	Models    EnrichModels  `json:"models"`
}

// EnrichCommand is the command agent: a program run without a shell, the
// request on its standard input, the answer on its standard output.
type EnrichCommand struct {
	// Argv is the program and its arguments.
	Argv []string `json:"argv"`
	// Files are more files of the program (paths, globs or directories,
	// relative to the repository), hashed into its version with the files
	// argv names: a module the script imports, its prompt.
	Files          []string `json:"files,omitempty"`
	TimeoutSeconds int      `json:"timeoutSeconds"`
	// MaxRequestBytes bounds the request written; a larger one is split
	// across calls by packs, and a single pack over it is skipped.
	MaxRequestBytes int `json:"maxRequestBytes"`
	// MaxAnswerBytes bounds the answer read; a longer one fails the agent.
	MaxAnswerBytes int `json:"maxAnswerBytes"`
}

// EnrichModels is the GitHub Models / OpenAI-compatible agent. The token
// is not configuration: it comes from GITHUB_TOKEN.
type EnrichModels struct {
	// BaseURL is the endpoint; chat completions are POSTed to
	// BaseURL + "/chat/completions".
	BaseURL string `json:"baseURL"`
	Model   string `json:"model"`
	// MaxRequests and MaxTokens are the budget of one run: past either,
	// the run keeps what it has and reports the packs it skipped.
	MaxRequests int `json:"maxRequests"`
	MaxTokens   int `json:"maxTokens"`
	// MaxInputTokens and MaxOutputTokens are the model's limits per
	// request; packs are batched to fit the first.
	MaxInputTokens  int `json:"maxInputTokens"`
	MaxOutputTokens int `json:"maxOutputTokens"`
	// RequestsPerMinute paces the requests; 0 does not pace.
	RequestsPerMinute int `json:"requestsPerMinute"`
}

// DefaultModelsBaseURL is GitHub Models' inference endpoint.
const DefaultModelsBaseURL = "https://models.github.ai/inference"

// defaultEnrich is sized to GitHub Models' free tier: 8,000 tokens in and
// 4,000 out per request, 10–15 requests a minute and 50–150 a day on the
// smallest tier, so one run stays under a day's requests.
func defaultEnrich() Enrich {
	return Enrich{
		Agent:     EnrichAgentAuto,
		PackBytes: 64 << 10,
		Command: EnrichCommand{
			Argv:            []string{},
			TimeoutSeconds:  120,
			MaxRequestBytes: 8 << 20,
			MaxAnswerBytes:  1 << 20,
		},
		Models: EnrichModels{
			BaseURL:           DefaultModelsBaseURL,
			Model:             "openai/gpt-4.1-mini",
			MaxRequests:       40,
			MaxTokens:         400_000,
			MaxInputTokens:    8000,
			MaxOutputTokens:   4000,
			RequestsPerMinute: 10,
		},
	}
}

func (d *decoder) decodeEnrich(n *yaml.Node, key string, e *Enrich) {
	d.mapping(n, key, []field{
		{"agent", func(n *yaml.Node, key string) {
			var v string
			d.str(n, key, &v)
			if v == "" && absent(n) {
				return
			}
			if !slices.Contains(EnrichAgents, v) {
				d.add(n, key, &problem{codeInvalid, fmt.Sprintf("%q is not an agent (use %s)", v, strings.Join(EnrichAgents, ", "))})
				return
			}
			e.Agent = v
		}},
		{"reviewer", func(n *yaml.Node, key string) { d.judge(n, key, &e.Reviewer) }},
		{"adjudicator", func(n *yaml.Node, key string) { d.judge(n, key, &e.Adjudicator) }},
		{"packBytes", func(n *yaml.Node, key string) { d.bounded(n, key, minPackBytes, maxPackBytes, &e.PackBytes) }},
		{"command", func(n *yaml.Node, key string) {
			c := &e.Command
			d.mapping(n, key, []field{
				{"argv", func(n *yaml.Node, key string) { d.strings(n, key, maxCommandArgs, &c.Argv) }},
				{"files", func(n *yaml.Node, key string) { d.strings(n, key, maxCommandArgs, &c.Files) }},
				{"timeoutSeconds", func(n *yaml.Node, key string) {
					d.bounded(n, key, minCommandTimeout, maxCommandTimeout, &c.TimeoutSeconds)
				}},
				{"maxRequestBytes", func(n *yaml.Node, key string) {
					d.bounded(n, key, minCommandIOBytes, maxCommandIOBytes, &c.MaxRequestBytes)
				}},
				{"maxAnswerBytes", func(n *yaml.Node, key string) {
					d.bounded(n, key, minCommandIOBytes, maxCommandIOBytes, &c.MaxAnswerBytes)
				}},
			})
		}},
		{"models", func(n *yaml.Node, key string) {
			m := &e.Models
			d.mapping(n, key, []field{
				{"baseURL", func(n *yaml.Node, key string) {
					var v string
					d.str(n, key, &v)
					if absent(n) {
						return
					}
					if p := checkEndpoint(v); p != nil {
						d.add(n, key, p)
						return
					}
					m.BaseURL = v
				}},
				{"model", func(n *yaml.Node, key string) {
					var v string
					d.str(n, key, &v)
					if absent(n) {
						return
					}
					if strings.TrimSpace(v) == "" {
						d.add(n, key, &problem{codeInvalid, "empty string"})
						return
					}
					m.Model = v
				}},
				{"maxRequests", func(n *yaml.Node, key string) { d.bounded(n, key, 1, maxModelsRequests, &m.MaxRequests) }},
				{"maxTokens", func(n *yaml.Node, key string) { d.bounded(n, key, minModelsTokens, maxModelsTokens, &m.MaxTokens) }},
				{"maxInputTokens", func(n *yaml.Node, key string) {
					d.bounded(n, key, minModelsTokens, maxModelsRequestTokens, &m.MaxInputTokens)
				}},
				{"maxOutputTokens", func(n *yaml.Node, key string) {
					d.bounded(n, key, minModelsRequestTokens, maxModelsRequestTokens, &m.MaxOutputTokens)
				}},
				{"requestsPerMinute", func(n *yaml.Node, key string) {
					d.bounded(n, key, 0, maxModelsRequestsMinute, &m.RequestsPerMinute)
				}},
			})
		}},
	})
}

// judge decodes enrich.reviewer or enrich.adjudicator: an agent's name,
// or "" for none.
func (d *decoder) judge(n *yaml.Node, key string, dst *string) {
	var v string
	d.str(n, key, &v)
	if v == "" {
		return
	}
	if !slices.Contains(judgeAgents, v) {
		d.add(n, key, &problem{codeInvalid, fmt.Sprintf("%q is not an agent (use %s, or leave it empty)", v, strings.Join(judgeAgents, ", "))})
		return
	}
	*dst = v
}

// judgeAgents are the agents a judge may be (auto names none: a judge is
// chosen, never defaulted).
var judgeAgents = []string{EnrichAgentBuiltin, EnrichAgentModels, EnrichAgentCommand}

// checkEndpoint accepts an absolute http or https URL without credentials,
// query or fragment (the token goes in a header, never in the URL).
func checkEndpoint(v string) *problem {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return &problem{codeInvalid, fmt.Sprintf("%q is not an http or https URL", v)}
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return &problem{codeInvalid, "the URL must not carry credentials, a query or a fragment"}
	}
	return nil
}
