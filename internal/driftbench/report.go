package driftbench

import (
	"cmp"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
)

// Finding is one new finding of `check --base` on a pair, as the bench
// matches it.
type Finding struct {
	Code string `json:"code"`
	// Level is error, warn or info (the catalog's severity).
	Level   catalog.Level `json:"level"`
	Path    string        `json:"path"`
	Line    int           `json:"line"`
	Subject string        `json:"subject,omitempty"`
	Message string        `json:"message"`
	// Members are the findings a grouped finding (DRIFT_MOVE) stands for,
	// each on its own line; a case one of them matches is found by the
	// grouped finding, which counts once among the pair's new findings.
	Members []Finding `json:"-"`
}

// pair is the outcome of `check --base` on one base/head pair.
type pair struct {
	Repository string `json:"repository"`
	Base       string `json:"base"`
	Head       string `json:"head"`
	// New are the findings the head has and the base had not.
	New []Finding `json:"-"`
	// Err is why check could not run on the pair (a base snapshot
	// refused, a tree missing); its cases are missed.
	Err string `json:"error,omitempty"`
}

// pairKey identifies a pair.
func pairKey(repo, base, head string) string { return repo + "@" + base + ".." + head }

// repo is one repository of the benchmark with its cases.
type repo struct {
	Repository string
	Split      string
	Cases      []Case
}

// Counts are the found cases of a set.
type Counts struct {
	Cases int `json:"cases"`
	Found int `json:"found"`
	// Recall is Found / Cases (0 when there are no cases).
	Recall float64 `json:"recall"`
}

func (c *Counts) add(found bool) {
	c.Cases++
	if found {
		c.Found++
	}
}

func (c *Counts) finish() {
	if c.Cases > 0 {
		c.Recall = float64(c.Found) / float64(c.Cases)
	}
}

// KindCounts are the Counts of one kind.
type KindCounts struct {
	Kind string `json:"kind"`
	Counts
}

// SplitResult is the figures of the dev or the test split.
type SplitResult struct {
	Split string `json:"split"`
	Counts
	ByKind []KindCounts `json:"byKind"`
}

// RepoResult is one repository's figures.
type RepoResult struct {
	Repository string `json:"repository"`
	Split      string `json:"split"`
	Counts
}

// PairResult is one pair's figures.
type PairResult struct {
	Repository string `json:"repository"`
	Base       string `json:"base"`
	Head       string `json:"head"`
	Cases      int    `json:"cases"`
	Found      int    `json:"found"`
	// New counts the pair's new error and warn findings; NewInfo its new
	// info findings.
	New     int `json:"new"`
	NewInfo int `json:"newInfo"`
	// NewByCode counts the new error and warn findings by code.
	NewByCode map[string]int `json:"newByCode,omitempty"`
	Err       string         `json:"error,omitempty"`
}

// CaseResult is one case and what found it.
type CaseResult struct {
	Repository string `json:"repository"`
	Split      string `json:"split"`
	Case
	Found bool `json:"found"`
	// By is the code of the finding that found it.
	By string `json:"by,omitempty"`
	// Nearby lists the codes of the new findings on the case's line that
	// do not name the reference, or on the document at all, as a hint for
	// a missed case.
	Nearby []string `json:"nearby,omitempty"`
}

// Report is what bench drift computes.
type Report struct {
	Counts
	ByKind       []KindCounts  `json:"byKind"`
	Splits       []SplitResult `json:"splits"`
	Repositories []RepoResult  `json:"repositories"`
	Pairs        []PairResult  `json:"pairs"`
	// NewMedian and NewMax are the median and the maximum of the pairs'
	// new error and warn findings.
	NewMedian float64 `json:"newMedian"`
	NewMax    int     `json:"newMax"`
	// Results are the cases, each with whether it was found.
	Results []CaseResult `json:"results"`
}

// names says whether a finding names the reference of a case: its subject
// or its message contains the reference as written, or the part of it
// that identifies the target — for a link, a self URL or a path, its last
// path element (the #fragment and ?query dropped, a final "/" dropped);
// for an anchor, the fragment; for a symbol, the identifier spanSymbol
// reads in it.
func names(f Finding, c Case) bool {
	for _, n := range needles(c) {
		if strings.Contains(f.Subject, n) || strings.Contains(f.Message, n) {
			return true
		}
	}
	return false
}

func needles(c Case) []string {
	ref := strings.TrimSpace(c.Reference)
	out := []string{ref}
	switch c.Kind {
	case kindLink, kindSelfURL, kindPath, kindAnchor:
		p, frag, _ := strings.Cut(ref, "#")
		if c.Kind == kindAnchor {
			if frag != "" {
				out = append(out, frag)
			}
			break
		}
		p, _, _ = strings.Cut(p, "?")
		if b := path.Base(strings.TrimSuffix(p, "/")); b != "." && b != "/" && b != "" {
			out = append(out, b)
		}
	case kindSymbol:
		if s := spanSymbol(ref); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// match says whether a finding finds a case: an error or warn finding on
// the case's document and line that names the reference (names).
func match(f Finding, c Case) bool {
	return (f.Level == catalog.Error || f.Level == catalog.Warn) && f.Path == c.Document && f.Line == c.Line && names(f, c)
}

// evaluate matches every case against the new findings of its pair and
// computes the figures. A case whose pair is missing or failed is missed.
func evaluate(repos []repo, pairs map[string]pair) *Report {
	r := &Report{ByKind: []KindCounts{}, Splits: []SplitResult{}, Repositories: []RepoResult{}, Pairs: []PairResult{}, Results: []CaseResult{}}
	repos = slices.Clone(repos)
	slices.SortFunc(repos, func(a, b repo) int { return cmp.Compare(a.Repository, b.Repository) })
	byKind := map[string]*Counts{}
	bySplit := map[string]*SplitResult{}
	splitKind := map[string]map[string]*Counts{}
	pairRes := map[string]*PairResult{}
	for _, repo := range repos {
		rr := RepoResult{Repository: repo.Repository, Split: repo.Split}
		sr := bySplit[repo.Split]
		if sr == nil {
			sr = &SplitResult{Split: repo.Split}
			bySplit[repo.Split] = sr
			splitKind[repo.Split] = map[string]*Counts{}
		}
		for _, c := range repo.Cases {
			key := pairKey(repo.Repository, c.Base, c.Head)
			p := pairs[key]
			pr := pairRes[key]
			if pr == nil {
				pr = &PairResult{Repository: repo.Repository, Base: c.Base, Head: c.Head, Err: p.Err}
				if p.Repository == "" && p.Err == "" {
					pr.Err = "not run"
				}
				for _, f := range p.New {
					if f.Level == catalog.Info {
						pr.NewInfo++
					} else {
						pr.New++
						if pr.NewByCode == nil {
							pr.NewByCode = map[string]int{}
						}
						pr.NewByCode[f.Code]++
					}
				}
				pairRes[key] = pr
			}
			cr := CaseResult{Repository: repo.Repository, Split: repo.Split, Case: c}
			for _, f := range p.New {
				if match(f, c) || slices.ContainsFunc(f.Members, func(m Finding) bool { return match(m, c) }) {
					cr.Found, cr.By = true, f.Code
					break
				}
			}
			if !cr.Found {
				for _, f := range p.New {
					if f.Path == c.Document && (f.Line == c.Line || f.Level != catalog.Info) {
						cr.Nearby = append(cr.Nearby, f.Code+"@"+strconv.Itoa(f.Line))
					}
				}
				slices.Sort(cr.Nearby)
				cr.Nearby = slices.Compact(cr.Nearby)
			}
			pr.Cases++
			if cr.Found {
				pr.Found++
			}
			kc := byKind[c.Kind]
			if kc == nil {
				kc = &Counts{}
				byKind[c.Kind] = kc
			}
			sk := splitKind[repo.Split][c.Kind]
			if sk == nil {
				sk = &Counts{}
				splitKind[repo.Split][c.Kind] = sk
			}
			for _, cs := range []*Counts{&r.Counts, kc, &sr.Counts, sk, &rr.Counts} {
				cs.add(cr.Found)
			}
			r.Results = append(r.Results, cr)
		}
		rr.finish()
		r.Repositories = append(r.Repositories, rr)
	}
	r.finish()
	for _, k := range kindOrder(byKind) {
		byKind[k].finish()
		r.ByKind = append(r.ByKind, KindCounts{Kind: k, Counts: *byKind[k]})
	}
	for _, s := range slices.Sorted(maps.Keys(bySplit)) {
		sr := bySplit[s]
		sr.finish()
		sr.ByKind = []KindCounts{}
		for _, k := range kindOrder(splitKind[s]) {
			splitKind[s][k].finish()
			sr.ByKind = append(sr.ByKind, KindCounts{Kind: k, Counts: *splitKind[s][k]})
		}
		r.Splits = append(r.Splits, *sr)
	}
	var news []int
	for _, k := range slices.Sorted(maps.Keys(pairRes)) {
		pr := pairRes[k]
		r.Pairs = append(r.Pairs, *pr)
		if pr.Err == "" {
			news = append(news, pr.New)
		}
	}
	r.NewMedian, r.NewMax = median(news)
	slices.SortStableFunc(r.Results, func(a, b CaseResult) int {
		return cmp.Or(cmp.Compare(a.Repository, b.Repository), cmp.Compare(a.ID, b.ID))
	})
	return r
}

// kindOrder lists the kinds present in report order, unknown ones last.
func kindOrder[V any](m map[string]V) []string {
	var out []string
	for _, k := range kinds {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !slices.Contains(kinds, k) {
			out = append(out, k)
		}
	}
	return out
}

// median returns the median (the mean of the middle two for an even
// count) and the maximum; 0, 0 for none.
func median(xs []int) (float64, int) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := slices.Sorted(slices.Values(xs))
	m := float64(s[len(s)/2])
	if len(s)%2 == 0 {
		m = float64(s[len(s)/2-1]+s[len(s)/2]) / 2
	}
	return m, s[len(s)-1]
}
