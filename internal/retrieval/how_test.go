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
	soft := LexicalMax + CanonicalityMax + ProximityBoost + DirPrefixBoost + SignalWeight + KindHintBoost + SymbolTermBoost
	named := min(IDExactBoost, PathBoost, BasenameBoost, SymbolBoost) - SupersededPenalty
	if !(soft < named) {
		t.Fatalf("bounded components reach %v, an entry named by the query may score %v", soft, named)
	}
	if SignalWeight > 0.15*IDExactBoost || !(DirPrefixBoost < PathBoost) {
		t.Fatalf("signal weight %v, directory boost %v", SignalWeight, DirPrefixBoost)
	}
}

func TestHowUsesTheLiveConstants(t *testing.T) {
	how := How()
	for _, want := range []string{
		fmt.Sprintf("k1 %g, b %g", BM25K1, BM25B),
		fmt.Sprintf("+%g when the whole query equals the id", IDExactBoost),
		fmt.Sprintf("+%g when it equals the path", PathBoost),
		fmt.Sprintf("+%g when it is a directory", DirPrefixBoost),
		fmt.Sprintf("%g·ln(1 + pagerank·N), at most %g", CanonicalityFactor, CanonicalityMax),
		fmt.Sprintf("%g × the accepted agent signal", SignalWeight),
		fmt.Sprintf("at most %g", LexicalMax+CanonicalityMax+ProximityBoost+DirPrefixBoost+SignalWeight+KindHintBoost+SymbolTermBoost),
		"document < area < package < module",
		"covers, imports, links-to, mentions, mentions-symbol, re-exports (not contains)",
		fmt.Sprintf("%d tokens per field", MaxFieldTokens),
		ClassIdentifier, ClassNatural,
		fmt.Sprintf("BM25F k1 %g, b %g", NaturalTuning.K1, NaturalTuning.B),
		fmt.Sprintf("title %g headings %g path %g", NaturalTuning.Fields[fieldTitle], NaturalTuning.Fields[fieldHeadings], NaturalTuning.Fields[fieldPath]),
		fmt.Sprintf("keeps (m/n)^%g", NaturalTuning.Coordination),
		fmt.Sprintf("code entries keep %g", NaturalTuning.CodeFactor),
		fmt.Sprintf("keeps %g of it", NaturalTuning.ScriptFactor),
		fmt.Sprintf("at most %g (%g of %g)", NaturalTuning.Graph*LexicalMax, NaturalTuning.Graph, LexicalMax),
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
