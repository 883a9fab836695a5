// Package actionenv reads the environment a GitHub Actions runner gives a
// container action — the GITHUB_* context variables, the INPUT_* inputs with
// their hyphens kept, and the event payload — and decides what the action
// does for the event. It is pure: the caller reads the payload file (bounded
// by MaxEventBytes) and writes outputs; nothing here touches files or the
// network, so every rule is a table test.
//
// The variable names and their meaning inside a `runs: using: docker`
// action are GitHub's documented ones (the "Variables" reference and the
// metadata syntax of Docker container actions); the payload shapes are
// GitHub's webhook payloads, of which only the few fields docbridge acts on
// are decoded.
package actionenv
