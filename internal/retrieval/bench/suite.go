package bench

// version is the only suite format version this package reads.
const version = 1

// Bounds of a suite; crossing one is a load error, never a silent cut.
const (
	// MaxSuiteBytes bounds the suite file read into memory.
	MaxSuiteBytes = 4 << 20
	// maxCases bounds the cases of one suite.
	maxCases = 10_000
	// maxTargets bounds the expected targets of one case.
	maxTargets = 32
	// maxIDBytes bounds a case id.
	maxIDBytes = 128
	// maxInputBytes bounds a case's query text.
	maxInputBytes = 1024
	// maxTargetBytes bounds one expected target.
	maxTargetBytes = 1024
	// maxNameBytes bounds the suite's name.
	maxNameBytes = 256
	// maxSeed bounds a split seed: the largest integer a JSON number
	// carries exactly everywhere (2^53 - 1).
	maxSeed = 1<<53 - 1
)

// Case kinds: what the query names.
const (
	// kindSymbol is a query naming an exported identifier.
	kindSymbol = "symbol"
	// kindPath is a query naming a file or directory, whole or in part.
	kindPath = "path"
	// kindQuestion is a question in prose that one document answers.
	kindQuestion = "question"
	// kindOwnership asks which package or area does something.
	kindOwnership = "ownership"
)

// kinds lists the case kinds in report order.
var kinds = []string{kindSymbol, kindPath, kindQuestion, kindOwnership}

// searchableKinds are the entity kinds a projection holds; an id target of
// another kind could never match.
var searchableKinds = []string{"document", "module", "package", "area"}

// Suite is a golden suite: queries and what answers them.
type Suite struct {
	Version int    `json:"version"`
	Name    string `json:"name"`
	// Seed, when set, splits the suite into dev and test halves
	// (AssignSplits); every case then records its half in Split.
	Seed  *uint64 `json:"seed,omitempty"`
	Cases []Case  `json:"cases"`
}

// Case is one query and its expected targets.
type Case struct {
	ID    string `json:"id"`
	Input string `json:"input"`
	// Split is the case's half ("dev" or "test") in a suite with a seed,
	// empty otherwise.
	Split    string   `json:"split,omitempty"`
	Metadata Metadata `json:"metadata"`
}

// Metadata says what answers a case and what kind of query it is.
type Metadata struct {
	// ExpectedTargets are entity ids ("module:cmd/docbridge/check.go") or
	// repository paths ("docs/diagnostics.md"); a hit matching any of them
	// answers the case.
	ExpectedTargets []string `json:"expectedTargets"`
	Kind            string   `json:"kind"`
}
