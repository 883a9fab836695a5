package retrieval

import (
	"fmt"
	"slices"
	"strings"
)

// How explains the ranking from the live constants (docbridge search
// --how), so the explanation cannot drift from the code.
func How() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("How docbridge search ranks\n\n")
	w("Two paths, by the kind of query (search --how QUERY says which one a query takes):\n")
	w("  %-11s one token written as code (with . / _ :: # or ( ), in backticks, in\n", classIdentifier)
	w("  %-11s camelCase or PascalCase), one word, or a query that names an entry exactly\n", "")
	w("  %-11s (its id, an alias, its path or file name, an exported symbol): the\n", "")
	w("  %-11s components below at full weight.\n", "")
	w("  %-11s several words that name no entry: BM25F with the natural-language tuning\n", classNatural)
	w("  %-11s below; no identity boost can apply (the query names nothing), and the\n", "")
	w("  %-11s graph signals only break near ties.\n\n", "")
	w("Candidates: the entries matching every query term, and every entry the\n")
	w("whole query names. When there are none, the entries matching any term,\n")
	w("flagged closest. A blank query lists the most recently changed documents.\n\n")
	w("Score = the sum of these components (--explain shows each):\n")
	w("  %-13s field-weighted BM25 (BM25F, k1 %g, b %g), scaled so the best\n", compBM25, bm25K1, bm25B)
	w("  %-13s lexical match of the query scores %g; field weights:\n", "", lexicalMax)
	for f := range numFields {
		w("  %-13s   %-9s %g\n", "", fieldNames[f], fieldWeights[f])
	}
	w("  %-13s +%g when the whole query equals the id or an alias\n", compIDExact, idExactBoost)
	w("  %-13s +%g when it equals the path\n", compPath, pathBoost)
	w("  %-13s +%g when it equals the file or directory name (with or without extension)\n", compBasename, basenameBoost)
	w("  %-13s +%g when it equals a name the module exports (Name, Name(), pkg.Name)\n", compSymbol, symbolBoost)
	w("  %-13s +%g when it is a directory that contains the entry\n", compDirPrefix, dirPrefixBoost)
	w("  %-13s +%g one relation from one of the %d best lexical matches, halved per\n", compProximity, ProximityBoost, proximitySeeds)
	rels := make([]string, 0, len(proximityRelations))
	for r := range proximityRelations {
		rels = append(rels, r)
	}
	slices.Sort(rels)
	w("  %-13s hop up to %d hops, over relations either way:\n", "", maxProximityHops)
	w("  %-13s %s (not contains)\n", "", strings.Join(rels, ", "))
	w("  %-13s %g·ln(1 + pagerank·N), at most %g (N: entries PageRank ranked)\n", compCanonicality, canonicalityFactor, canonicalityMax)
	w("  %-13s %g × the accepted agent signal in [0,1] (15%% of the id boost)\n", compSignal, signalWeight)
	w("  %-13s -%g for a document whose front matter says status: %s\n", compSuperseded, supersededPenalty, statusSuperseded)
	w("  %-13s +%g for the kind a question asks for (\"which package\", \"which file\"), and\n", compHint, kindHintBoost)
	w("  %-13s +%g for a module exporting a name the query spells as a word (Command);\n", "", symbolTermBoost)
	w("  %-13s entries of another kind than the one asked for keep %g of their bm25\n\n", "", otherKindFactor)
	soft := lexicalMax + canonicalityMax + ProximityBoost + dirPrefixBoost + signalWeight + kindHintBoost + symbolTermBoost
	n := &NaturalTuning
	w("Natural-language tuning (fitted on the dev halves of the external suites, docs/bench.md):\n")
	w("  %-13s BM25F k1 %g, b %g; field weights:", compBM25, n.K1, n.B)
	for f := range numFields {
		w(" %s %g", fieldNames[f], n.Fields[f])
	}
	w("\n")
	w("  %-13s an entry matching m of the n query terms keeps (m/n)^%g of its bm25\n", "", n.Coordination)
	w("  %-13s code entries keep %g of it unless the question asks for a kind\n", "", n.CodeFactor)
	w("  %-13s (\"which package\", \"what file\": the kind word right after which/what)\n", "")
	w("  %-13s a page written mostly in another script than the query (a translation)\n", "")
	w("  %-13s keeps %g of it\n", "", n.ScriptFactor)
	w("  %-13s a page that records the past (a change log, release notes, a blog post)\n", "")
	w("  %-13s keeps %g of it\n", "", n.HistoryFactor)
	w("  %-13s %s and %s scaled together to at most %g (%g of %g)\n", "graph", compProximity, compCanonicality,
		n.graphScale(true)*(ProximityBoost+canonicalityMax), n.Graph, lexicalMax)
	if n.QueryStopwords {
		w("  %-13s question words dropped from the query: %s\n", "", strings.Join(questionStopwords, " "))
	}
	w("  %-13s each hit names the section of its document (split at its headings of\n", "sections")
	w("  %-13s levels 1-3) that matches best: BM25F over heading path (%g) and text (%g),\n", "", sectionHeadingWeight, sectionTextWeight)
	w("  %-13s k1 %g, b %g; its anchor and a snippet with the query's terms marked\n", "", sectionK1, sectionB)
	w("  %-13s **term**. Sections do not change the rank.\n", "")
	w("\n")
	w("Only one identity boost applies (the first that matches, in the order above).\n")
	w("Everything else adds up to at most %g, less than the smallest identity boost\n", soft)
	w("minus the superseded penalty (%g): an entry the query names always ranks\n", min(pathBoost, basenameBoost, symbolBoost)-supersededPenalty)
	w("above every entry it does not name.\n\n")
	w("Ties: score (6 decimals), then active before superseded, then kind\n")
	kinds := make([]string, 0, len(kindOrder))
	for k := range kindOrder {
		kinds = append(kinds, k)
	}
	slices.SortFunc(kinds, func(a, b string) int { return kindOrder[a] - kindOrder[b] })
	w("(%s), then id.\n\n", strings.Join(kinds, " < "))
	w("Terms: words split at camelCase, PascalCase acronyms (HTTPServer → http server),\n")
	w("_ - / . and other punctuation; accents and case folded; simple plurals\n")
	w("collapsed (-ies → -y, -sses/-tuses/-xes/-ches/-shes lose -es, -s unless\n")
	w("-ss/-us/-is); stopwords dropped: %s.\n", strings.Join(stopwordList(), " "))
	w("Bounds: %d tokens per field, %d body runes, %d query terms, %d hits (--limit).\n",
		maxFieldTokens, MaxBodyRunes, maxQueryTerms, MaxLimit)
	return b.String()
}

// stopwordList is the stopwords, sorted.
func stopwordList() []string {
	out := make([]string, 0, len(stopwords))
	for w := range stopwords {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}
