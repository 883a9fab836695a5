package config

import "fmt"

// Documents configures which documents `docbridge check` judges.
type Documents struct {
	// Exclude holds gitignore-syntax patterns of documents that are not
	// checked, besides the test input the scan recognizes (documents in
	// test data, in a site or book a test builds, or in a test tree other
	// than its README); the last pattern that matches a document decides,
	// and a negated one (!tests/site/) checks test input it matches.
	Exclude []string `json:"exclude"`
}

// validateDocuments checks checks.documents built in code.
func validateDocuments(c *Documents, add func(string, *problem)) {
	add("checks.documents.exclude", checkCount(len(c.Exclude), MaxPatterns))
	for i, p := range c.Exclude {
		add(fmt.Sprintf("checks.documents.exclude.%d", i), checkPattern(p))
	}
}
