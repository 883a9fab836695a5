// Package docstool answers the knowledge-document verbs that the MCP docs
// tool and `docbridge docs` share: help (the convention as configured and
// an example), search (knowledge_search's ranking kept to the convention's
// root), check (the convention's findings, the preset on whatever
// docbridge.yaml says) and add, which renders a draft (internal/knowledgedocs),
// judges the tree as if it were written and writes it under docs/ through
// an os.Root. knowledgedocs stays pure — rendering and where a document may
// go —; the scan, the judgement and the write are here.
package docstool
