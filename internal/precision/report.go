package precision

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"maps"
	"slices"
	"strconv"

	"github.com/docbridge/docbridge/internal/catalog"
)

// Finding is one finding of a repository's check, keyed.
type Finding struct {
	Key Key
	// Level is error, warn or info (the catalog's severity).
	Level   catalog.Level
	Path    string
	Line    int
	Message string
	// Also are the keys of the further lines of a finding that stands for
	// one reference repeated on many lines: their labels are not gone.
	Also []Key
}

// repo is one corpus repository: its findings and its label file.
type repo struct {
	// Repository is owner/name.
	Repository string
	Findings   []Finding
	Labels     LabelFile
}

// Options choose the samples.
type Options struct {
	// Sample is how many error and warn findings of each repository are to
	// be labelled (the N of smallest rank); 0 or less means all of them.
	Sample int
	// InfoSample is how many findings of each info code, across the
	// corpus, are to be labelled; 0 or less means all of them.
	InfoSample int
	// Seed varies the samples.
	Seed int64
}

// Counts are the labels of a set of error and warn findings.
type Counts struct {
	// Findings is how many there are; Sampled how many of them the sample
	// asks to label; Labelled how many carry a TP or FP label (sampled or
	// not).
	Findings int `json:"findings"`
	Sampled  int `json:"sampled"`
	Labelled int `json:"labelled"`
	TP       int `json:"tp"`
	FP       int `json:"fp"`
	// Precision is TP / Labelled (0 when nothing is labelled).
	Precision float64 `json:"precision"`
}

// CodeCounts are Counts of one code.
type CodeCounts struct {
	Code string `json:"code"`
	Counts
}

// RepoResult is one repository's figures.
type RepoResult struct {
	Repository string `json:"repository"`
	Counts
	ByCode []CodeCounts `json:"byCode"`
	// Info counts the repository's info findings.
	Info int `json:"info"`
}

// InfoCounts are the labels of one info code across the corpus.
type InfoCounts struct {
	Code     string `json:"code"`
	Findings int    `json:"findings"`
	Sampled  int    `json:"sampled"`
	Labelled int    `json:"labelled"`
	Useful   int    `json:"useful"`
	Noise    int    `json:"noise"`
	// Usefulness is Useful / Labelled (0 when nothing is labelled).
	Usefulness float64 `json:"usefulness"`
}

// Pending is a sampled finding without a label that fits it.
type Pending struct {
	Repository string        `json:"repository"`
	Code       string        `json:"code"`
	Level      catalog.Level `json:"level"`
	At         string        `json:"at"`
	Message    string        `json:"message"`
	Key        string        `json:"key"`
	// Note says why a label present is not used (a TP on an info finding).
	Note string `json:"note,omitempty"`
}

// Gone is a label whose finding the check no longer reports: a fixed false
// positive, or a true positive lost.
type Gone struct {
	Repository string `json:"repository"`
	Label
}

// Report is what bench precision computes.
type Report struct {
	Seed         int64        `json:"seed"`
	Sample       int          `json:"sample"`
	InfoSample   int          `json:"infoSample"`
	Overall      Counts       `json:"overall"`
	ByCode       []CodeCounts `json:"byCode"`
	Repositories []RepoResult `json:"repositories"`
	Info         []InfoCounts `json:"info"`
	ToLabel      []Pending    `json:"toLabel"`
	Gone         []Gone       `json:"gone"`
}

// rank orders findings for sampling: the first 8 bytes of the SHA-256 of
// the seed and the key. A finding's rank depends on nothing else, so the
// N smallest of a repository stay the N smallest when unrelated findings
// come or go (a newcomer enters only by ranking lower).
func rank(seed int64, key string) uint64 {
	sum := sha256.Sum256([]byte(strconv.FormatInt(seed, 10) + "\x00" + key))
	return binary.BigEndian.Uint64(sum[:8])
}

// sample returns the indexes of the n findings of smallest rank (all of
// them when n <= 0 or there are no more), in input order.
func sample(keys []string, n int, seed int64) []int {
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	if n <= 0 || n >= len(keys) {
		return idx
	}
	ranks := make([]uint64, len(keys))
	for i, k := range keys {
		ranks[i] = rank(seed, k)
	}
	slices.SortFunc(idx, func(a, b int) int {
		return cmp.Or(cmp.Compare(ranks[a], ranks[b]), cmp.Compare(keys[a], keys[b]), cmp.Compare(a, b))
	})
	idx = idx[:n]
	slices.Sort(idx)
	return idx
}

// fits says whether a level takes TP/FP (error, warn) or
// useful/noise (info) labels.
func fits(level catalog.Level, label string) bool {
	if level == catalog.Info {
		return label == Useful || label == Noise
	}
	return label == TP || label == FP
}

// evaluate matches labels to findings by key and computes the figures.
// Error and warn findings are sampled per repository, info findings per
// code across the corpus. Every finding with a fitting label counts,
// sampled or not; a sampled finding without one is to label.
func evaluate(repos []repo, o Options) *Report {
	r := &Report{Seed: o.Seed, Sample: o.Sample, InfoSample: o.InfoSample,
		ByCode: []CodeCounts{}, Repositories: []RepoResult{}, Info: []InfoCounts{}, ToLabel: []Pending{}, Gone: []Gone{}}
	repos = slices.Clone(repos)
	slices.SortFunc(repos, func(a, b repo) int { return cmp.Compare(a.Repository, b.Repository) })
	byCode := map[string]*Counts{}
	type infoRef struct{ repo, i int }
	infos := map[string][]infoRef{}
	judged := make([]map[string]Label, len(repos))
	for ri, repo := range repos {
		judged[ri] = repo.Labels.judged()
		res := RepoResult{Repository: repo.Repository}
		repoCode := map[string]*Counts{}
		var ew []int
		var ewKeys []string
		for i, f := range repo.Findings {
			if f.Level == catalog.Info {
				infos[f.Key.Code] = append(infos[f.Key.Code], infoRef{ri, i})
				res.Info++
				continue
			}
			ew = append(ew, i)
			ewKeys = append(ewKeys, f.Key.String())
		}
		sampled := map[int]bool{}
		for _, j := range sample(ewKeys, o.Sample, o.Seed) {
			sampled[ew[j]] = true
		}
		for _, i := range ew {
			f := repo.Findings[i]
			c := repoCode[f.Key.Code]
			if c == nil {
				c = &Counts{}
				repoCode[f.Key.Code] = c
			}
			all := byCode[f.Key.Code]
			if all == nil {
				all = &Counts{}
				byCode[f.Key.Code] = all
			}
			l, ok := labelOf(judged[ri], f)
			for _, cs := range []*Counts{&res.Counts, c, all, &r.Overall} {
				cs.Findings++
				if sampled[i] {
					cs.Sampled++
				}
				if ok && fits(f.Level, l.Label) {
					cs.Labelled++
					if l.Label == TP {
						cs.TP++
					} else {
						cs.FP++
					}
				}
			}
			if sampled[i] && (!ok || !fits(f.Level, l.Label)) {
				r.ToLabel = append(r.ToLabel, pending(repo.Repository, f, l, ok))
			}
		}
		for _, code := range slices.Sorted(maps.Keys(repoCode)) {
			res.ByCode = append(res.ByCode, CodeCounts{Code: code, Counts: *repoCode[code]})
		}
		r.Repositories = append(r.Repositories, res)
	}
	for _, code := range slices.Sorted(maps.Keys(byCode)) {
		r.ByCode = append(r.ByCode, CodeCounts{Code: code, Counts: *byCode[code]})
	}
	for _, code := range slices.Sorted(maps.Keys(infos)) {
		refs := infos[code]
		keys := make([]string, len(refs))
		for j, ref := range refs {
			keys[j] = repos[ref.repo].Repository + "\x00" + repos[ref.repo].Findings[ref.i].Key.String()
		}
		ic := InfoCounts{Code: code, Findings: len(refs)}
		sampled := map[int]bool{}
		for _, j := range sample(keys, o.InfoSample, o.Seed) {
			sampled[j] = true
		}
		ic.Sampled = len(sampled)
		for j, ref := range refs {
			f := repos[ref.repo].Findings[ref.i]
			l, ok := labelOf(judged[ref.repo], f)
			switch {
			case ok && fits(f.Level, l.Label):
				ic.Labelled++
				if l.Label == Useful {
					ic.Useful++
				} else {
					ic.Noise++
				}
			case sampled[j]:
				r.ToLabel = append(r.ToLabel, pending(repos[ref.repo].Repository, f, l, ok))
			}
		}
		r.Info = append(r.Info, ic)
	}
	for _, repo := range repos {
		present := map[string]bool{}
		for _, f := range repo.Findings {
			present[f.Key.String()] = true
			for _, k := range f.Also {
				present[k.String()] = true
			}
		}
		for _, l := range repo.Labels.Labels {
			if l.Label != "" && !present[l.Key] {
				r.Gone = append(r.Gone, Gone{Repository: repo.Repository, Label: l})
			}
		}
	}
	finish(&r.Overall)
	for i := range r.ByCode {
		finish(&r.ByCode[i].Counts)
	}
	for i := range r.Repositories {
		finish(&r.Repositories[i].Counts)
		for j := range r.Repositories[i].ByCode {
			finish(&r.Repositories[i].ByCode[j].Counts)
		}
	}
	for i := range r.Info {
		if ic := &r.Info[i]; ic.Labelled > 0 {
			ic.Usefulness = float64(ic.Useful) / float64(ic.Labelled)
		}
	}
	slices.SortStableFunc(r.ToLabel, func(a, b Pending) int {
		return cmp.Or(cmp.Compare(a.Repository, b.Repository), cmp.Compare(a.Key, b.Key), cmp.Compare(a.At, b.At))
	})
	return r
}

func pending(repo string, f Finding, l Label, labelled bool) Pending {
	p := Pending{Repository: repo, Code: f.Key.Code, Level: f.Level, At: at(f), Message: f.Message, Key: f.Key.String()}
	if labelled {
		p.Note = "label " + l.Label + " does not fit a " + string(f.Level) + " finding (TP or FP for error and warn, useful or noise for info)"
	}
	return p
}

// at is path:line, or the path alone for a finding without a line.
func at(f Finding) string {
	if f.Line <= 0 {
		return f.Path
	}
	return f.Path + ":" + strconv.Itoa(f.Line)
}

func finish(c *Counts) {
	if c.Labelled > 0 {
		c.Precision = float64(c.TP) / float64(c.Labelled)
	}
}

// labelOf is the label of f's key, else of the first of its further lines
// (Finding.Also) that has one: one reference repeated on many lines is one
// judgement, whichever of its lines was labelled.
func labelOf(judged map[string]Label, f Finding) (Label, bool) {
	if l, ok := judged[f.Key.String()]; ok {
		return l, true
	}
	for _, k := range f.Also {
		if l, ok := judged[k.String()]; ok {
			return l, true
		}
	}
	return Label{}, false
}
