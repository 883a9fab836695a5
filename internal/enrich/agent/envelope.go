package agent

import (
	"encoding/json"
	"strings"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/pack"
)

// An agent answers content — a proposal's kind, entity, payload, evidence,
// confidence and reason; a judgement's verdict, reason and evidence — and
// docbridge writes the envelope it already knows: who answered, against
// which snapshot, and the proposal's id. An agent need not echo any of it,
// and a value it sends is replaced, so no agent can speak for another.

// origin is the envelope's origin for an agent answering req.
func origin(req Request, id Identity) enrich.Origin {
	return enrich.Origin{AgentID: id.ID, AgentVersion: id.Version, PromptVersion: req.PromptVersion, Model: id.Model, Provider: id.Provider}
}

// completeProposal fills a proposal's envelope: origin, base snapshot,
// target content hash (from the pack of the proposal's entity, when the
// request holds it) and the proposal id over the rest. A proposal that does
// not decode keeps an empty id; the validators reject it with their reason.
// An answer that is not a JSON object (null among them) is returned as it
// came, for the validators to reject.
func completeProposal(raw json.RawMessage, req Request, id Identity, byTarget map[string]*pack.Pack) json.RawMessage {
	obj, ok := object(raw)
	if !ok {
		return raw
	}
	set := func(k string, v any) {
		if b, err := json.Marshal(v); err == nil {
			obj[k] = b
		}
	}
	set("origin", origin(req, id))
	set("baseSnapshotHash", req.BaseSnapshotHash)
	var entity string
	_ = json.Unmarshal(obj["entity"], &entity)
	if p, ok := byTarget[entity]; ok {
		set("targetContentHash", p.Target.ContentHash)
	}
	set("proposalId", strings.Repeat("0", 16))
	withID, err := json.Marshal(obj)
	if err != nil {
		return raw
	}
	p, err := enrich.Decode(withID)
	pid := ""
	if err == nil {
		pid = enrich.ProposalID(p)
	}
	set("proposalId", pid)
	if out, err := json.Marshal(obj); err == nil {
		return out
	}
	return withID
}

// signJudgement fills a judgement's origin; like completeProposal, it
// returns an answer that is not a JSON object as it came.
func signJudgement(raw json.RawMessage, req Request, id Identity) json.RawMessage {
	obj, ok := object(raw)
	if !ok {
		return raw
	}
	b, err := json.Marshal(origin(req, id))
	if err != nil {
		return raw
	}
	obj["origin"] = b
	out, err := json.Marshal(obj)
	if err != nil {
		return raw
	}
	return out
}

// object decodes raw as a JSON object. JSON's null decodes without error
// into a nil map, which cannot take the envelope's fields: it is no object.
func object(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil || obj == nil {
		return nil, false
	}
	return obj, true
}

// packsByTarget indexes a request's packs by their target's id.
func packsByTarget(packs []pack.Pack) map[string]*pack.Pack {
	m := make(map[string]*pack.Pack, len(packs))
	for i := range packs {
		m[packs[i].Target.ID] = &packs[i]
	}
	return m
}
