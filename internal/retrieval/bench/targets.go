package bench

import "github.com/docbridge/docbridge/internal/retrieval"

// maxMissingTargets bounds the missing targets MissingTargets lists; the
// rest are counted.
const maxMissingTargets = 200

// MissingTarget is an expected target that no projection entry has, by
// id or by path: its case cannot be answered in this repository.
type MissingTarget struct {
	Case   string `json:"case"`
	Target string `json:"target"`
}

// MissingTargets lists the suite's targets absent from the projection, in
// suite order, at most maxMissingTargets; more counts the rest. A suite
// written for another revision (a file renamed since) shows up here
// instead of as silent misses.
func MissingTargets(s Suite, p *retrieval.Projection) (missing []MissingTarget, more int) {
	known := map[string]bool{}
	if p != nil {
		for _, e := range p.Entries {
			known[e.ID] = true
			if e.Path != "" {
				known[e.Path] = true
			}
		}
	}
	for _, c := range s.Cases {
		for _, t := range c.Metadata.ExpectedTargets {
			if known[t] {
				continue
			}
			if len(missing) == maxMissingTargets {
				more++
				continue
			}
			missing = append(missing, MissingTarget{Case: c.ID, Target: t})
		}
	}
	return missing, more
}
