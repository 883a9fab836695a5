package enrich

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// AnswerSchema returns the JSON schema of an agent's answer,
// {"proposals": [proposal, ...]}, in the form structured output accepts in
// strict mode: every object closed (additionalProperties false) with every
// property required, optional values nullable, the union an anyOf with one
// branch per kind. Length bounds, which strict mode does not enforce, are
// stated in descriptions; Decode enforces them.
func AnswerSchema() map[string]any {
	return object(map[string]any{
		"proposals": map[string]any{"type": "array", "items": proposalSchema()},
	}, "")
}

// proposalSchema returns the JSON schema of one proposal (see AnswerSchema).
func proposalSchema() map[string]any {
	branches := make([]any, 0, len(Kinds))
	for _, k := range Kinds {
		branches = append(branches, envelopeSchema(k))
	}
	return map[string]any{"anyOf": branches}
}

// envelopeSchema is the proposal of kind k.
func envelopeSchema(k Kind) map[string]any {
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	nullable := func(desc string) map[string]any {
		return map[string]any{"type": []any{"string", "null"}, "description": desc}
	}
	line := map[string]any{"type": []any{"integer", "null"}, "minimum": 0}
	evidence := object(map[string]any{
		"source":    map[string]any{"type": "string", "enum": []any{SourceSnapshot, SourceReport}},
		"path":      str("a repository path the snapshot records, or one a report diagnostic names"),
		"lineStart": line,
		"lineEnd":   line,
	}, "what supports the proposal")
	origin := object(map[string]any{
		"agentId":       str("the agent's id"),
		"agentVersion":  str("the agent's version"),
		"promptVersion": str("the prompt's version"),
		"model":         nullable("the model, when there is one"),
		"provider":      nullable("the model's provider, when there is one"),
	}, "who proposes")
	return object(map[string]any{
		"proposalId":        str("the proposal's id as the request's rules compute it"),
		"kind":              map[string]any{"type": "string", "enum": []any{string(k)}},
		"entity":            str("the id of the target entity"),
		"targetContentHash": str("the target's content hash as the pack gives it"),
		"confidence":        map[string]any{"type": "number", "minimum": 0, "maximum": 1},
		"reason":            str(fmt.Sprintf("why, at most %d characters", MaxReasonRunes)),
		"evidence":          map[string]any{"type": "array", "items": evidence, "minItems": 1, "description": fmt.Sprintf("1 to %d items", maxEvidence)},
		"relatedDiagnosticIds": map[string]any{
			"type": "array", "items": map[string]any{"type": "string"},
			"description": "ids of the pack's diagnostics the proposal answers",
		},
		"origin":           origin,
		"baseSnapshotHash": str("the snapshot hash the request gives"),
		"payload":          payloadSchema(newPayload(k)),
	}, string(k)+": "+kindHelp[k])
}

// kindHelp says what each kind proposes, for the model.
var kindHelp = map[Kind]string{
	KindClassifyDocument:  "classify a document",
	KindSummarize:         fmt.Sprintf("summarize an entity that has no summary, at most %d characters", maxSummaryRunes),
	KindAddAlias:          fmt.Sprintf("another name people use for the entity, at most %d characters", maxAliasRunes),
	KindAddIntent:         fmt.Sprintf("a task-shaped question the entity answers, at most %d characters", maxPhraseRunes),
	kindMarkCanonical:     "the document is the canonical one for a scope",
	KindProposeRelation:   "a relation from the entity to another entity the graph lacks",
	kindFlagContradiction: "the entity claims what another entity contradicts",
	KindFlagRedundancy:    "the entity repeats another entity",
	KindFlagGap:           "an area lacks documentation of something",
	kindRankHint:          "the entity deserves a higher rank in search",
	kindSuggestArea:       "directories that form one named area",
}

// enums holds the payload fields with a closed set of values.
var enums = map[string][]string{
	"ClassifyDocument.Type":        DocTypes,
	"ClassifyDocument.Audience":    Audiences,
	"ClassifyDocument.Lifecycle":   Lifecycles,
	"ClassifyDocument.Criticality": Criticalities,
	"ProposeRelation.Kind":         relationKinds,
	"RankHint.Strength":            rankStrengths,
}

// payloadSchema derives a payload's schema from its struct, so the two
// cannot drift apart.
func payloadSchema(p Payload) map[string]any {
	t := reflect.TypeOf(p).Elem()
	props := map[string]any{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		var s map[string]any
		switch f.Type.Kind() {
		case reflect.Slice:
			s = map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "minItems": 1}
		default:
			s = map[string]any{"type": "string"}
		}
		if vs, ok := enums[t.Name()+"."+f.Name]; ok {
			s["enum"] = toAny(vs)
		}
		props[name] = s
	}
	return object(props, "")
}

// object is a closed object schema requiring all of props.
func object(props map[string]any, desc string) map[string]any {
	req := make([]string, 0, len(props))
	for k := range props {
		req = append(req, k)
	}
	slices.Sort(req)
	o := map[string]any{
		"type": "object", "properties": props,
		"required": toAny(req), "additionalProperties": false,
	}
	if desc != "" {
		o["description"] = desc
	}
	return o
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// JudgementAnswerSchema returns the JSON schema of a judging agent's
// answer, {"judgements": [judgement, ...]}, for role (reviewer or
// adjudicator: its two verdicts), in the strict form AnswerSchema has.
func JudgementAnswerSchema(role string) map[string]any {
	line := map[string]any{"type": []any{"integer", "null"}, "minimum": 0}
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	nullable := func(desc string) map[string]any {
		return map[string]any{"type": []any{"string", "null"}, "description": desc}
	}
	verdicts := make([]any, 0, 2)
	for _, v := range roleVerdicts[role] {
		verdicts = append(verdicts, string(v))
	}
	evidence := object(map[string]any{
		"source":    map[string]any{"type": "string", "enum": []any{SourceSnapshot, SourceReport}},
		"path":      str("a repository path the snapshot records, or one a report diagnostic names"),
		"lineStart": line,
		"lineEnd":   line,
	}, "what supports the judgement")
	judgement := object(map[string]any{
		"proposalId": str("the id of the proposal judged, as the request gives it"),
		"verdict":    map[string]any{"type": "string", "enum": verdicts},
		"reason":     str(fmt.Sprintf("why, at most %d characters", MaxReasonRunes)),
		"evidence":   map[string]any{"type": "array", "items": evidence, "minItems": 1, "description": fmt.Sprintf("1 to %d items", maxEvidence)},
		"origin": object(map[string]any{
			"agentId":       str("the agent's id"),
			"agentVersion":  str("the agent's version"),
			"promptVersion": str("the prompt's version"),
			"model":         nullable("the model, when there is one"),
			"provider":      nullable("the model's provider, when there is one"),
		}, "who judges"),
	}, "one "+role+"'s judgement of one proposal")
	return object(map[string]any{
		"judgements": map[string]any{"type": "array", "items": judgement},
	}, "")
}
