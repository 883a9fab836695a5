// Package graphview renders the graph signals (import cycles, central
// modules, area suggestions) for a person: plain text, and Mermaid and DOT
// diagrams bounded so that a large repository still draws.
package graphview
