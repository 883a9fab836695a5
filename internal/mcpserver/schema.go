package mcpserver

import (
	"fmt"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
)

// inputSchema is the input schema the SDK would infer for a tool's
// argument type, with what a client and the model should know before
// calling — the values an enumerated argument takes, a number's bounds —
// that struct tags cannot say. The SDK checks every call against it and
// answers a call outside it with a tool error (isError) naming the
// argument, as badArgument does for what a schema cannot say.
func inputSchema[T any](constrain func(props map[string]*jsonschema.Schema)) *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		// The argument types are this package's own: a type the inference
		// refuses is a programming error, found by any test that starts
		// the server.
		panic(fmt.Sprintf("input schema of %T: %v", *new(T), err))
	}
	for _, p := range s.Properties {
		singleType(p)
	}
	constrain(s.Properties)
	return s
}

// singleType makes the type of an optional list or map argument the one
// JSON type it has: the inference says ["null", "array"] (a nil slice
// encodes as null), which clients that map tool schemas onto a single-type
// dialect (the OpenAPI subset of Gemini's function declarations, the MCP
// inspector's portability check) refuse or flatten. An argument left out
// is how a call says "none"; the handlers never need a null.
func singleType(p *jsonschema.Schema) {
	if len(p.Types) != 2 || !slices.Contains(p.Types, "null") {
		return
	}
	for _, t := range p.Types {
		if t != "null" {
			p.Type, p.Types = t, nil
		}
	}
}

// between bounds an integer argument to [lo, hi].
func between(p *jsonschema.Schema, lo, hi int) {
	l, h := float64(lo), float64(hi)
	p.Minimum, p.Maximum = &l, &h
}

// atLeast bounds an integer argument below.
func atLeast(p *jsonschema.Schema, lo int) {
	l := float64(lo)
	p.Minimum = &l
}

// oneOf lists the values a string argument takes.
func oneOf(p *jsonschema.Schema, values []string) {
	p.Enum = make([]any, len(values))
	for i, v := range values {
		p.Enum[i] = v
	}
}
