package finding

// Comparison splits a head's diagnostics against a base's by fingerprint
// (Diagnostic.ID), which leaves out the line: a finding that only moved is
// Unchanged.
type Comparison struct {
	// New are head diagnostics the base did not have.
	New []Diagnostic `json:"new"`
	// Unchanged are head diagnostics the base had too, as the head reports
	// them (current lines).
	Unchanged []Diagnostic `json:"unchanged"`
	// Resolved are base diagnostics the head no longer has.
	Resolved []Diagnostic `json:"resolved"`
}

// Compare splits head against base by ID. Each list is sorted by Sort;
// output; none is nil.
func Compare(base, head []Diagnostic) Comparison {
	inBase := make(map[string]bool, len(base))
	for _, d := range base {
		inBase[d.ID] = true
	}
	inHead := make(map[string]bool, len(head))
	c := Comparison{New: []Diagnostic{}, Unchanged: []Diagnostic{}, Resolved: []Diagnostic{}}
	for _, d := range head {
		inHead[d.ID] = true
		if inBase[d.ID] {
			c.Unchanged = append(c.Unchanged, d)
		} else {
			c.New = append(c.New, d)
		}
	}
	for _, d := range base {
		if !inHead[d.ID] {
			c.Resolved = append(c.Resolved, d)
		}
	}
	Sort(c.New)
	Sort(c.Unchanged)
	Sort(c.Resolved)
	return c
}
