package agent

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich/pack"
)

// fakeAgentEnv makes the test binary act as a command agent (see
// fakeCommandAgent); its value is the behaviour.
const fakeAgentEnv = "DOCBRIDGE_TEST_FAKE_AGENT"

// fakeOriginEnv is the origin (JSON) the fake signs judgements with.
const fakeOriginEnv = "DOCBRIDGE_TEST_FAKE_ORIGIN"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeAgentEnv); mode != "" {
		os.Exit(fakeCommandAgent(mode))
	}
	os.Exit(m.Run())
}

// fakeCommandAgent reads a request and answers according to mode:
// "echo" one proposal per pack naming its target; "fail" exit 3 with a
// secret-shaped line on stderr; "garbage" text that is not JSON; "hang"
// never answers; "flood" more output than any cap; "check-protocol"
// exit 4 unless the request says docbridge.agent.v2.
func fakeCommandAgent(mode string) int {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		return 2
	}
	var req Request
	if err := json.Unmarshal(data, &req); err != nil {
		fmt.Fprintln(os.Stderr, "bad request:", err)
		return 2
	}
	switch mode {
	case "echo", "check-protocol":
		if req.Protocol != Protocol || req.Task == "" {
			return 4
		}
		var ps []string
		for _, p := range req.Packs {
			ps = append(ps, fmt.Sprintf(`{"kind":"summarize","entity":%q}`, p.Target.ID))
		}
		fmt.Printf(`{"proposals":[%s]}`, strings.Join(ps, ","))
	case "review":
		// One objection per proposal asked about, signed with the origin
		// the test gives; exit 5 when a proposal came without its pack.
		targets := map[string]bool{}
		for _, p := range req.Packs {
			targets[p.Target.ID] = true
		}
		var js []string
		for _, raw := range req.Proposals {
			if !targets[proposalEntity(raw)] {
				return 5
			}
			js = append(js, fmt.Sprintf(`{"proposalId":%q,"verdict":"object","reason":"the pack says otherwise","evidence":[{"source":"snapshot","path":"docs/guide.md"}],"origin":%s}`,
				rawField(raw, "proposalId"), os.Getenv(fakeOriginEnv)))
		}
		fmt.Printf(`{"judgements":[%s]}`, strings.Join(js, ","))
	case "fail":
		fmt.Fprintln(os.Stderr, "boom; token was "+os.Getenv("FAKE_SECRET"))
		return 3
	case "garbage":
		fmt.Print("Sure! Here are the proposals: [")
	case "hang":
		select {}
	case "flood":
		chunk := strings.Repeat("x", 1<<16)
		for range 1 << 10 {
			if _, err := fmt.Print(chunk); err != nil {
				return 0
			}
		}
	}
	return 0
}

// testPacks are n packs of distinct targets.
func testPacks(n int) []pack.Pack {
	out := make([]pack.Pack, n)
	for i := range out {
		id := fmt.Sprintf("document:docs/d%02d.md", i)
		out[i] = pack.Pack{PackHash: fmt.Sprintf("%016x", i+1), Target: pack.Target{ID: id, Kind: "document", Name: id, ContentHash: fmt.Sprintf("c%015x", i)}}
	}
	return out
}

func testRequest(packs []pack.Pack) Request {
	return Request{Protocol: Protocol, Task: TaskCurate, Role: RoleCurator, PromptVersion: "p1", Packs: packs, Capabilities: []string{"summarize"}}
}

func neighbour(i int) pack.Neighbour {
	id := fmt.Sprintf("module:src/m%03d.go", i)
	return pack.Neighbour{ID: id, Kind: "module", Name: id, Path: id[7:], ContentHash: fmt.Sprintf("%016x", i), Relation: "mentions", Direction: "out"}
}
