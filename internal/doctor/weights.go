package doctor

// Dimension names, in report order.
const (
	dimReachability     = "reachability"
	dimConnectivity     = "connectivity"
	dimBenchmark        = "benchmark"
	dimLinks            = "links"
	dimDeclarations     = "declarations"
	dimGeneratedRegions = "generated-regions"
	dimRequiredDocs     = "required-docs"
	dimEntryDocuments   = "entry-documents"
)

// Weights of the dimensions; they sum to 100. Findability takes 40 (the
// issue's 15/15/10), health the other 60: links weigh most because a
// broken link is a dead end for every reader, entry documents next because
// they are where every reader starts.
const (
	weightReachability     = 15
	weightConnectivity     = 15
	weightBenchmark        = 10
	weightLinks            = 20
	weightDeclarations     = 10
	weightGeneratedRegions = 5
	weightRequiredDocs     = 10
	weightEntryDocuments   = 15
)

// Shares of the entry-documents dimension: a README at the root, an
// AGENTS.md at the root, and the share of the other documents reachable by
// links from them. They sum to 1.
const (
	entryReadmeShare  = 0.5
	entryAgentsShare  = 0.2
	entryReachedShare = 0.3
)

// Grade thresholds (score at least) and the A's extra requirements.
const (
	gradeA = 90
	gradeB = 75
	gradeC = 60
	gradeD = 40
	// minConnectivityForA and minHit3ForA are shares (0–1); an A also
	// needs every document reachable.
	minConnectivityForA = 0.80
	minHit3ForA         = 0.80
	// minCasesForA is the smallest suite whose hit@3 counts for an A: a
	// suite of two easy cases measures nothing.
	minCasesForA = 10
)

// epsilon absorbs float noise in threshold comparisons (a mean of 0.6 and
// 1.0 must count as 80 %).
const epsilon = 1e-9
