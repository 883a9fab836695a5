package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/pack"
)

// fakeModels is an in-process chat-completions endpoint. Each request
// takes the next scripted reply; a nil reply answers every pack of the
// request with a valid summary.
type fakeModels struct {
	mu      sync.Mutex
	replies []func(w http.ResponseWriter, req Request)
	seen    []map[string]any // request bodies
	auth    []string
	paths   []string
	packs   [][]string // targets per request
}

func (f *fakeModels) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	f.seen = append(f.seen, body)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.paths = append(f.paths, r.Method+" "+r.URL.Path)
	var req Request
	msgs, _ := body["messages"].([]any)
	if len(msgs) == 2 {
		user, _ := msgs[1].(map[string]any)
		content, _ := user["content"].(string)
		_ = json.Unmarshal([]byte(content), &req)
	}
	var targets []string
	for _, p := range req.Packs {
		targets = append(targets, p.Target.ID)
	}
	f.packs = append(f.packs, targets)
	var reply func(http.ResponseWriter, Request)
	if len(f.replies) > 0 {
		reply, f.replies = f.replies[0], f.replies[1:]
	}
	if reply == nil {
		reply = answerAll
	}
	reply(w, req)
}

// modelProposal is what a model writes for a pack: no envelope fields the
// agent fills.
func modelProposal(entity string) map[string]any {
	return map[string]any{
		"kind": "summarize", "entity": entity, "confidence": 0.7, "reason": "the title says so",
		"evidence":             []any{map[string]any{"source": "snapshot", "path": "docs/x.md", "lineStart": nil, "lineEnd": nil}},
		"relatedDiagnosticIds": []any{},
		"payload":              map[string]any{"summary": "What " + entity + " is for.", "language": "en"},
	}
}

func completion(w http.ResponseWriter, content, finish string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "c1", "object": "chat.completion", "created": 1, "model": "m",
		"choices": []any{map[string]any{"index": 0, "finish_reason": finish,
			"message": map[string]any{"role": "assistant", "content": content, "refusal": nil}}},
		"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 100, "total_tokens": 1100},
	})
}

func answerAll(w http.ResponseWriter, req Request) {
	var ps []any
	for _, p := range req.Packs {
		ps = append(ps, modelProposal(p.Target.ID))
	}
	raw, _ := json.Marshal(map[string]any{"proposals": ps})
	completion(w, string(raw), "stop")
}

func status(code int, header ...string) func(http.ResponseWriter, Request) {
	return func(w http.ResponseWriter, _ Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		fmt.Fprintf(w, `{"error":{"code":"x","message":"status %d","type":"x","param":null}}`, code)
	}
}

func content(s, finish string) func(http.ResponseWriter, Request) {
	return func(w http.ResponseWriter, _ Request) { completion(w, s, finish) }
}

// modelsHarness is a models agent against a fake endpoint, on a fake clock
// whose sleeps are recorded and take no time.
type modelsHarness struct {
	fake   *fakeModels
	agent  *Models
	slept  []time.Duration
	clock  time.Time
	server *httptest.Server
}

func newModelsHarness(t *testing.T, mutate func(*config.EnrichModels), replies ...func(http.ResponseWriter, Request)) *modelsHarness {
	t.Helper()
	h := &modelsHarness{fake: &fakeModels{replies: replies}, clock: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	h.server = httptest.NewServer(h.fake)
	t.Cleanup(h.server.Close)
	cfg := config.Default().Enrich.Models
	cfg.BaseURL = h.server.URL + "/inference"
	cfg.RequestsPerMinute = 0
	if mutate != nil {
		mutate(&cfg)
	}
	a, err := NewModels(cfg, "test-token")
	if err != nil {
		t.Fatal(err)
	}
	a.now = func() time.Time { return h.clock }
	a.sleep = func(_ context.Context, d time.Duration) error {
		h.slept = append(h.slept, d)
		h.clock = h.clock.Add(d)
		return nil
	}
	h.agent = a
	return h
}

func modelsRequest(n int) Request {
	req := testRequest(testPacks(n))
	req.PromptVersion = PromptVersion
	req.BaseSnapshotHash = "b0b0b0b0b0b0b0b0"
	return req
}

// onePackPerRequest sizes the input limit so that each batch holds one pack.
func onePackPerRequest(n int) func(*config.EnrichModels) {
	return func(c *config.EnrichModels) {
		req := modelsRequest(n)
		empty := req
		empty.Packs = nil
		overhead, _ := tokensOf(curatePrompt, modelSchema(req.Capabilities), empty)
		c.MaxInputTokens = overhead + 64 + packTokens(req.Packs[0]) + 2
	}
}

func TestModelsRequestShapeAndEnvelope(t *testing.T) {
	h := newModelsHarness(t, nil)
	req := modelsRequest(2)
	resp, err := h.agent.Ask(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.fake.seen) != 1 || h.fake.paths[0] != "POST /inference/chat/completions" || h.fake.auth[0] != "Bearer test-token" {
		t.Fatalf("requests %d, %v, %v", len(h.fake.seen), h.fake.paths, h.fake.auth)
	}
	body := h.fake.seen[0]
	if body["model"] != "openai/gpt-4.1-mini" || body["max_tokens"] != float64(4000) || body["temperature"] != float64(0) {
		t.Errorf("body = model %v, max_tokens %v, temperature %v", body["model"], body["max_tokens"], body["temperature"])
	}
	msgs := body["messages"].([]any)
	if sys := msgs[0].(map[string]any); sys["role"] != "system" || sys["content"] != curatePrompt {
		t.Errorf("system message = %v", sys["role"])
	}
	var sent Request
	if err := json.Unmarshal([]byte(msgs[1].(map[string]any)["content"].(string)), &sent); err != nil || sent.Protocol != Protocol || len(sent.Packs) != 2 {
		t.Errorf("user message: %v, %+v", err, sent)
	}
	rf := body["response_format"].(map[string]any)
	js := rf["json_schema"].(map[string]any)
	if rf["type"] != "json_schema" || js["strict"] != true {
		t.Fatalf("response_format = %v", rf)
	}
	items := js["schema"].(map[string]any)["properties"].(map[string]any)["proposals"].(map[string]any)["items"].(map[string]any)
	branches := items["anyOf"].([]any)
	if len(branches) != 1 {
		t.Fatalf("schema has %d branches, want the one kind asked for", len(branches))
	}
	props := branches[0].(map[string]any)["properties"].(map[string]any)
	for _, k := range envelopeByAgent {
		if _, ok := props[k]; ok {
			t.Errorf("the schema asks the model for %s", k)
		}
	}
	if _, ok := props["payload"]; !ok {
		t.Error("the schema lacks the payload")
	}

	if len(resp.Proposals) != 2 {
		t.Fatalf("%d proposals", len(resp.Proposals))
	}
	p, err := enrich.Decode(resp.Proposals[0])
	if err != nil {
		t.Fatalf("completed proposal does not decode: %v\n%s", err, resp.Proposals[0])
	}
	id := h.agent.Identity()
	want := enrich.Origin{AgentID: id.ID, AgentVersion: id.Version, PromptVersion: PromptVersion, Model: id.Model, Provider: id.Provider}
	if p.Origin != want || p.BaseSnapshotHash != req.BaseSnapshotHash || p.TargetContentHash != req.Packs[0].Target.ContentHash || p.ProposalID != enrich.ProposalID(p) {
		t.Fatalf("envelope = %+v", p)
	}
}

func TestModelsHonoursRetryAfter(t *testing.T) {
	h := newModelsHarness(t, nil, status(429, "Retry-After", "7"), nil)
	resp, err := h.agent.Ask(context.Background(), modelsRequest(1))
	if err != nil || len(resp.Proposals) != 1 {
		t.Fatalf("%d proposals, %v", len(resp.Proposals), err)
	}
	if !slices.Equal(h.slept, []time.Duration{7 * time.Second}) || len(h.fake.seen) != 2 {
		t.Fatalf("slept %v over %d requests, want 7s between 2", h.slept, len(h.fake.seen))
	}
}

func TestModelsRetryAfterAsADate(t *testing.T) {
	h := newModelsHarness(t, nil, nil)
	h.fake.replies = []func(http.ResponseWriter, Request){status(429, "Retry-After", h.clock.Add(30*time.Second).Format(http.TimeFormat)), nil}
	if _, err := h.agent.Ask(context.Background(), modelsRequest(1)); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(h.slept, []time.Duration{30 * time.Second}) {
		t.Fatalf("slept %v", h.slept)
	}
}

func TestModelsStopsOnALongRateLimit(t *testing.T) {
	h := newModelsHarness(t, onePackPerRequest(3), nil, status(429, "Retry-After", "86400"))
	resp, err := h.agent.Ask(context.Background(), modelsRequest(3))
	var inc *Incomplete
	if !errors.As(err, &inc) || !errors.Is(err, errFailed) || len(inc.Skipped) != 2 || inc.Skipped[0].Reason != skipRateLimited {
		t.Fatalf("err = %v", err)
	}
	if len(resp.Proposals) != 1 || len(h.slept) != 0 || len(h.fake.seen) != 2 {
		t.Fatalf("%d proposals, slept %v, %d requests", len(resp.Proposals), h.slept, len(h.fake.seen))
	}
}

func TestModelsRetries5xxABoundedNumberOfTimes(t *testing.T) {
	t.Run("recovers", func(t *testing.T) {
		h := newModelsHarness(t, nil, status(500), status(502), nil)
		resp, err := h.agent.Ask(context.Background(), modelsRequest(1))
		if err != nil || len(resp.Proposals) != 1 || len(h.fake.seen) != 3 || len(h.slept) != 2 {
			t.Fatalf("%d proposals, %v, %d requests, slept %v", len(resp.Proposals), err, len(h.fake.seen), h.slept)
		}
	})
	t.Run("gives up", func(t *testing.T) {
		h := newModelsHarness(t, nil, status(503), status(503), status(503), nil)
		_, err := h.agent.Ask(context.Background(), modelsRequest(2))
		var inc *Incomplete
		if !errors.As(err, &inc) || !errors.Is(err, errFailed) || len(inc.Skipped) != 2 || inc.Skipped[0].Reason != skipAgentFailed {
			t.Fatalf("err = %v", err)
		}
		if len(h.fake.seen) != maxServerAttempts {
			t.Fatalf("%d requests, want %d", len(h.fake.seen), maxServerAttempts)
		}
	})
	t.Run("a 401 is not retried", func(t *testing.T) {
		h := newModelsHarness(t, nil, status(401))
		_, err := h.agent.Ask(context.Background(), modelsRequest(1))
		if !errors.Is(err, errFailed) || len(h.fake.seen) != 1 || !strings.Contains(err.Error(), "HTTP 401") {
			t.Fatalf("err = %v after %d requests", err, len(h.fake.seen))
		}
	})
}

func TestModelsMalformedAndTruncatedAnswers(t *testing.T) {
	t.Run("a batch is split and asked again", func(t *testing.T) {
		h := newModelsHarness(t, nil, content(`{"proposals": [{"kind":`, "length"), nil, nil)
		resp, err := h.agent.Ask(context.Background(), modelsRequest(2))
		if err != nil || len(resp.Proposals) != 2 {
			t.Fatalf("%d proposals, %v", len(resp.Proposals), err)
		}
		if got := fmt.Sprint(h.fake.packs); got != "[[document:docs/d00.md document:docs/d01.md] [document:docs/d00.md] [document:docs/d01.md]]" {
			t.Fatalf("asked %s", got)
		}
	})
	t.Run("a single pack's malformed answer skips it", func(t *testing.T) {
		h := newModelsHarness(t, onePackPerRequest(2), content("Sure! Here they are.", "stop"), nil)
		resp, err := h.agent.Ask(context.Background(), modelsRequest(2))
		var inc *Incomplete
		if !errors.As(err, &inc) || len(inc.Skipped) != 1 || inc.Skipped[0].Reason != skipMalformed || inc.Skipped[0].Target != "document:docs/d00.md" {
			t.Fatalf("err = %v", err)
		}
		if len(resp.Proposals) != 1 {
			t.Fatalf("%d proposals, want the other pack's", len(resp.Proposals))
		}
	})
	t.Run("an answer with the wrong shape", func(t *testing.T) {
		h := newModelsHarness(t, nil, content(`{"proposals": "none"}`, "stop"))
		_, err := h.agent.Ask(context.Background(), modelsRequest(1))
		if !errors.Is(err, errFailed) || !strings.Contains(err.Error(), "malformed") {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestModelsBudgetExhaustion(t *testing.T) {
	t.Run("requests", func(t *testing.T) {
		h := newModelsHarness(t, func(c *config.EnrichModels) { onePackPerRequest(4)(c); c.MaxRequests = 2 })
		resp, err := h.agent.Ask(context.Background(), modelsRequest(4))
		var inc *Incomplete
		if !errors.As(err, &inc) || inc.Err != nil || len(inc.Skipped) != 2 || inc.Skipped[0].Reason != SkipBudgetRequests {
			t.Fatalf("err = %v", err)
		}
		if len(resp.Proposals) != 2 || len(h.fake.seen) != 2 {
			t.Fatalf("%d proposals over %d requests; the answers so far must be kept", len(resp.Proposals), len(h.fake.seen))
		}
		if !strings.Contains(err.Error(), "2 budget-requests") {
			t.Errorf("the error does not say what was skipped: %v", err)
		}
	})
	t.Run("retries count against it", func(t *testing.T) {
		h := newModelsHarness(t, func(c *config.EnrichModels) { c.MaxRequests = 1 }, status(500))
		_, err := h.agent.Ask(context.Background(), modelsRequest(1))
		var inc *Incomplete
		if !errors.As(err, &inc) || inc.Skipped[0].Reason != SkipBudgetRequests || len(h.fake.seen) != 1 {
			t.Fatalf("err = %v, %d requests", err, len(h.fake.seen))
		}
	})
	t.Run("tokens", func(t *testing.T) {
		h := newModelsHarness(t, func(c *config.EnrichModels) {
			onePackPerRequest(3)(c)
			one := modelsRequest(3)
			one.Packs = one.Packs[:1]
			est, _ := tokensOf(curatePrompt, modelSchema(one.Capabilities), one)
			// The fake reports 1,100 tokens a request: room for two.
			c.MaxTokens = 1100 + est + c.MaxOutputTokens + 500
		})
		resp, err := h.agent.Ask(context.Background(), modelsRequest(3))
		var inc *Incomplete
		if !errors.As(err, &inc) || len(inc.Skipped) != 1 || inc.Skipped[0].Reason != skipBudgetTokens {
			t.Fatalf("err = %v", err)
		}
		if len(resp.Proposals) != 2 {
			t.Fatalf("%d proposals", len(resp.Proposals))
		}
	})
}

func TestModelsPacesRequests(t *testing.T) {
	h := newModelsHarness(t, func(c *config.EnrichModels) { onePackPerRequest(3)(c); c.RequestsPerMinute = 10 })
	if _, err := h.agent.Ask(context.Background(), modelsRequest(3)); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(h.slept, []time.Duration{6 * time.Second, 6 * time.Second}) {
		t.Fatalf("slept %v, want 6s before each request after the first", h.slept)
	}
}

func TestModelsShrinksAPackOverTheInputLimit(t *testing.T) {
	req := modelsRequest(1)
	req.Packs[0].Diagnostics = nil
	for i := range 200 {
		req.Packs[0].Neighbours = append(req.Packs[0].Neighbours, neighbour(i))
	}
	h := newModelsHarness(t, func(c *config.EnrichModels) { c.MaxInputTokens = 4000 })
	if _, err := h.agent.Ask(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if n := len(h.fake.packs[0]); n != 1 {
		t.Fatalf("%d packs asked", n)
	}
}

func TestNewModelsNeedsAToken(t *testing.T) {
	if _, err := NewModels(config.Default().Enrich.Models, ""); err == nil || !strings.Contains(err.Error(), TokenEnv) {
		t.Fatalf("err = %v", err)
	}
	m, err := NewModels(config.Default().Enrich.Models, "t")
	if err != nil || m.Identity().ID != "github-models" || m.Identity().Provider != "models.github.ai" {
		t.Fatalf("%+v, %v", m.Identity(), err)
	}
}

func TestModelsHasAPromptOnlyForCurate(t *testing.T) {
	h := newModelsHarness(t, nil)
	req := modelsRequest(1)
	req.Task = TaskReview
	if _, err := h.agent.Ask(context.Background(), req); !errors.Is(err, errFailed) || len(h.fake.seen) != 0 {
		t.Fatalf("err = %v", err)
	}
}

func FuzzModelsComplete(f *testing.F) {
	good, _ := json.Marshal(modelProposal("document:docs/d00.md"))
	for _, s := range []string{string(good), `{}`, `{"entity": 3}`, `[]`, `{"payload": null}`} {
		f.Add([]byte(s))
	}
	m, err := NewModels(config.Default().Enrich.Models, "t")
	if err != nil {
		f.Fatal(err)
	}
	req := modelsRequest(1)
	targets := map[string]*pack.Pack{req.Packs[0].Target.ID: &req.Packs[0]}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		out := completeProposal(raw, req, m.id, targets)
		if !json.Valid(out) {
			t.Fatalf("completeProposal(%s) = %s, not JSON", raw, out)
		}
		if p, err := enrich.Decode(out); err == nil && p.ProposalID != enrich.ProposalID(p) {
			t.Fatalf("a decodable proposal with a wrong id: %s", out)
		}
	})
}

// ParseAnswer turns away an item that is not an object, but the envelope
// does not lean on it: JSON's null decodes into a nil map without error,
// and filling that map's envelope once panicked (FuzzModelsComplete seed
// 7f71a2d116d5afde). Any item that is not an object comes back as it came.
func TestEnvelopeLeavesANonObjectAsItCame(t *testing.T) {
	req := modelsRequest(1)
	id := Identity{ID: "a", Version: "1"}
	for _, raw := range []string{"null", " null ", "[]", `"x"`, "3"} {
		if got := completeProposal(json.RawMessage(raw), req, id, packsByTarget(req.Packs)); string(got) != raw {
			t.Errorf("completeProposal(%s) = %s", raw, got)
		}
		if got := signJudgement(json.RawMessage(raw), req, id); string(got) != raw {
			t.Errorf("signJudgement(%s) = %s", raw, got)
		}
	}
}
