package config

// Documents configures which documents `docbridge check` judges.
type Documents struct {
	// Exclude holds gitignore-syntax patterns of documents that are not
	// checked, besides the test input the scan recognizes (documents in
	// test data, in a site or book a test builds, or in a test tree other
	// than its README); the last pattern that matches a document decides,
	// and a negated one (!tests/site/) checks test input it matches.
	Exclude []string `json:"exclude"`
}
