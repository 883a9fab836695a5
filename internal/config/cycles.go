package config

// Cycles configures IMPORT_CYCLE.
type Cycles struct {
	// Exclude holds gitignore-syntax patterns of the files and directories
	// left out of cycle detection; given, it replaces the defaults
	// (defaultCycleExclude), and an empty list excludes nothing.
	Exclude []string `json:"exclude"`
}

// defaultCycleExclude are the trees left out of cycle detection by
// default: tests, their fixtures and mocks, playgrounds and examples. They
// are not part of what the repository runs, and a test that imports what
// imports it closes no cycle anyone ships.
func defaultCycleExclude() []string {
	return []string{
		"test/", "tests/", "__tests__/", "__mocks__/", "e2e/", "__e2e__/",
		"*.test.*", "*.spec.*", "test_*.py", "*_test.py", "conftest.py",
		"fixtures/", "fixture/", "__fixtures__/", "testdata/",
		"playground/", "examples/", "example/",
	}
}
