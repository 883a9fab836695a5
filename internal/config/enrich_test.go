package config

import (
	"strings"
	"testing"
)

func TestEnrichErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"unknown agent", "enrich:\n  agent: gpt\n",
			[]string{`docbridge.yaml:2: enrich.agent: "gpt" is not an agent (use auto, builtin, models, command)`}},
		{"unknown reviewer", "enrich:\n  reviewer: gpt\n",
			[]string{`docbridge.yaml:2: enrich.reviewer: "gpt" is not an agent (use builtin, models, command, or leave it empty)`}},
		{"unknown adjudicator", "enrich:\n  adjudicator: [models]\n",
			[]string{`docbridge.yaml:2: enrich.adjudicator: expected a string, got a list`}},
		{"pack budget below the minimum", "enrich:\n  packBytes: 100\n",
			[]string{`docbridge.yaml:2: enrich.packBytes: must be between 4096 and 1048576, got 100`}},
		{"argv is a string", "enrich:\n  command:\n    argv: ./curate --json\n",
			[]string{`docbridge.yaml:3: enrich.command.argv: expected a list, got a string`}},
		{"empty argument", "enrich:\n  command:\n    argv: [curate, \"\"]\n",
			[]string{`docbridge.yaml:3: enrich.command.argv.1: empty string`}},
		{"base URL with a token in it", "enrich:\n  models:\n    baseURL: https://user:pw@llm.example.com/v1\n",
			[]string{`docbridge.yaml:3: enrich.models.baseURL: the URL must not carry credentials, a query or a fragment`}},
		{"base URL not http", "enrich:\n  models:\n    baseURL: ftp://llm.example.com\n",
			[]string{`docbridge.yaml:3: enrich.models.baseURL: "ftp://llm.example.com" is not an http or https URL`}},
		{"empty model", "enrich:\n  models:\n    model: \" \"\n",
			[]string{`docbridge.yaml:3: enrich.models.model: empty string`}},
		{"zero requests", "enrich:\n  models:\n    maxRequests: 0\n",
			[]string{`docbridge.yaml:3: enrich.models.maxRequests: must be between 1 and 10000, got 0`}},
		{"unknown key", "enrich:\n  models:\n    token: x\n",
			[]string{`docbridge.yaml:3: unknown key "enrich.models.token" (valid keys: baseURL, model, maxRequests, maxTokens, maxInputTokens, maxOutputTokens, requestsPerMinute)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseErrors(t, tt.in)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestEnrichLeavesTheHashAlone(t *testing.T) {
	c := Default()
	before := c.Hash()
	c.Enrich.Agent = EnrichAgentModels
	c.Enrich.PackBytes = minPackBytes
	if c.Hash() != before {
		t.Fatal("the enrich section changed the configuration hash")
	}
	if c.SectionHash(sectionEnrich) == Default().SectionHash(sectionEnrich) {
		t.Fatal("SectionHash(enrich) did not move with the section")
	}
}
