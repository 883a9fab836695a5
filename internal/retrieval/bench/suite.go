package bench

// Version is the only suite format version this package reads.
const Version = 1

// Bounds of a suite; crossing one is a load error, never a silent cut.
const (
	// MaxSuiteBytes bounds the suite file read into memory.
	MaxSuiteBytes = 4 << 20
	// MaxCases bounds the cases of one suite.
	MaxCases = 10_000
	// MaxTargets bounds the expected targets of one case.
	MaxTargets = 32
	// MaxIDBytes bounds a case id.
	MaxIDBytes = 128
	// MaxInputBytes bounds a case's query text.
	MaxInputBytes = 1024
	// MaxTargetBytes bounds one expected target.
	MaxTargetBytes = 1024
	// MaxNameBytes bounds the suite's name.
	MaxNameBytes = 256
	// MaxSeed bounds a split seed: the largest integer a JSON number
	// carries exactly everywhere (2^53 - 1).
	MaxSeed = 1<<53 - 1
)

// Case kinds: what the query names.
const (
	// KindSymbol is a query naming an exported identifier.
	KindSymbol = "symbol"
	// KindPath is a query naming a file or directory, whole or in part.
	KindPath = "path"
	// KindQuestion is a question in prose that one document answers.
	KindQuestion = "question"
	// KindOwnership asks which package or area does something.
	KindOwnership = "ownership"
)

// Kinds lists the case kinds in report order.
var Kinds = []string{KindSymbol, KindPath, KindQuestion, KindOwnership}

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
