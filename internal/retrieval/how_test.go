package retrieval

import (
	"fmt"
	"strings"
	"testing"
)

// TestRankingBoundsKeepNamesFirst is the invariant the constants must
// keep: everything but an identity boost adds up to less than the
// smallest identity boost minus the superseded penalty.
func TestRankingBoundsKeepNamesFirst(t *testing.T) {
	soft := lexicalMax + canonicalityMax + ProximityBoost + dirPrefixBoost + signalWeight + kindHintBoost + symbolTermBoost
	named := min(idExactBoost, pathBoost, basenameBoost, symbolBoost) - supersededPenalty
	if !(soft < named) {
		t.Fatalf("bounded components reach %v, an entry named by the query may score %v", soft, named)
	}
	if signalWeight > 0.15*idExactBoost || !(dirPrefixBoost < pathBoost) {
		t.Fatalf("signal weight %v, directory boost %v", signalWeight, dirPrefixBoost)
	}
}

func TestHowUsesTheLiveConstants(t *testing.T) {
	how := How()
	for _, want := range []string{
		fmt.Sprintf("k1 %g, b %g", bm25K1, bm25B),
		fmt.Sprintf("+%g when the whole query equals the id", idExactBoost),
		fmt.Sprintf("+%g when it equals the path", pathBoost),
		fmt.Sprintf("+%g when it is a directory", dirPrefixBoost),
		fmt.Sprintf("%g·ln(1 + pagerank·N), at most %g", canonicalityFactor, canonicalityMax),
		fmt.Sprintf("%g × the accepted agent signal", signalWeight),
		fmt.Sprintf("at most %g", lexicalMax+canonicalityMax+ProximityBoost+dirPrefixBoost+signalWeight+kindHintBoost+symbolTermBoost),
		"document < area < package < module",
		"covers, imports, links-to, mentions, mentions-symbol, re-exports (not contains)",
		fmt.Sprintf("%d tokens per field", maxFieldTokens),
		classIdentifier, classNatural,
		fmt.Sprintf("BM25F k1 %g, b %g", NaturalTuning.K1, NaturalTuning.B),
		fmt.Sprintf("title %g headings %g path %g", NaturalTuning.Fields[fieldTitle], NaturalTuning.Fields[fieldHeadings], NaturalTuning.Fields[fieldPath]),
		fmt.Sprintf("keeps (m/n)^%g", NaturalTuning.Coordination),
		fmt.Sprintf("code entries keep %g", NaturalTuning.CodeFactor),
		fmt.Sprintf("keeps %g of it", NaturalTuning.ScriptFactor),
		fmt.Sprintf("at most %g (%g of %g)", NaturalTuning.Graph*lexicalMax, NaturalTuning.Graph, lexicalMax),
	} {
		if !strings.Contains(how, want) {
			t.Errorf("How lacks %q", want)
		}
	}
	for _, name := range ComponentNames() {
		if !strings.Contains(how, "  "+name+" ") {
			t.Errorf("How does not explain component %s", name)
		}
	}
	for f := range numFields {
		if !strings.Contains(how, fmt.Sprintf("%-9s %g", fieldNames[f], fieldWeights[f])) {
			t.Errorf("How lacks the weight of %s", fieldNames[f])
		}
	}
	for w := range stopwords {
		if !strings.Contains(how, " "+w+" ") && !strings.Contains(how, " "+w+".") {
			t.Errorf("How does not list stopword %q", w)
		}
	}
}
