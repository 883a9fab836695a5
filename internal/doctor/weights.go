package doctor

// Dimension names, in report order.
const (
	DimReachability     = "reachability"
	DimConnectivity     = "connectivity"
	DimBenchmark        = "benchmark"
	DimLinks            = "links"
	DimDeclarations     = "declarations"
	DimGeneratedRegions = "generated-regions"
	DimRequiredDocs     = "required-docs"
	DimEntryDocuments   = "entry-documents"
)

// Weights of the dimensions; they sum to 100. Findability takes 40 (the
// issue's 15/15/10), health the other 60: links weigh most because a
// broken link is a dead end for every reader, entry documents next because
// they are where every reader starts.
const (
	WeightReachability     = 15
	WeightConnectivity     = 15
	WeightBenchmark        = 10
	WeightLinks            = 20
	WeightDeclarations     = 10
	WeightGeneratedRegions = 5
	WeightRequiredDocs     = 10
	WeightEntryDocuments   = 15
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
	GradeA = 90
	GradeB = 75
	GradeC = 60
	GradeD = 40
	// MinConnectivityForA and MinHit3ForA are shares (0–1); an A also
	// needs every document reachable.
	MinConnectivityForA = 0.80
	MinHit3ForA         = 0.80
	// MinCasesForA is the smallest suite whose hit@3 counts for an A: a
	// suite of two easy cases measures nothing.
	MinCasesForA = 10
)

// epsilon absorbs float noise in threshold comparisons (a mean of 0.6 and
// 1.0 must count as 80 %).
const epsilon = 1e-9
