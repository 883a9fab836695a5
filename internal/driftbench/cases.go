// Package driftbench measures how much real drift docbridge finds: it
// loads the drift benchmark's data (cases mined from the git history of
// public repositories and confirmed by hand: a commit that broke a
// reference in a Markdown file it did not edit), matches each case against
// the findings of `check --base` on its base/head pair, and computes
// recall by kind and the new findings per pair (bench drift). It also
// finds candidate cases in a commit's change (bench drift --mine). It does
// no IO of its own beyond decoding bytes.
package driftbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/jsonerr"
	"github.com/docbridge/docbridge/internal/precision"
)

// Kinds of reference a case breaks.
const (
	// kindLink is a relative Markdown link whose file or directory is gone.
	kindLink = "link"
	// kindAnchor is a link's #fragment whose heading is gone.
	kindAnchor = "anchor"
	// kindPath is a code span naming a file or directory that is gone.
	kindPath = "path"
	// kindSymbol is a code span naming an exported symbol that is gone.
	kindSymbol = "symbol"
	// kindSelfURL is a link written as the repository's own GitHub URL
	// (https://github.com/<owner>/<repo>/blob/<branch>/<path>) whose file
	// is gone.
	kindSelfURL = "selfurl"
)

// kinds lists the kinds in report order.
var kinds = []string{kindLink, kindAnchor, kindPath, kindSymbol, kindSelfURL}

// maxCaseFileBytes bounds a case file.
const maxCaseFileBytes = 4 << 20

// Case is one confirmed break.
type Case struct {
	ID string `json:"id"`
	// Base is the parent commit, Head the commit that broke the reference.
	Base string `json:"base"`
	Head string `json:"head"`
	// Document is the Markdown file's repo-relative path; Line the line of
	// the reference in the head's version of it.
	Document  string `json:"document"`
	Line      int    `json:"line"`
	Reference string `json:"reference"`
	Kind      string `json:"kind"`
	// Note says in one line what broke and why it is real.
	Note string `json:"note"`
}

// caseFile is cases/<owner>+<name>.json.
type caseFile struct {
	Repository string `json:"repository"`
	Cases      []Case `json:"cases"`
	// Mined records the mining that gave the cases: candidates read and
	// rejected, by reason.
	Mined *mined `json:"mined,omitempty"`
}

// mined is the record of a mining run over a repository.
type mined struct {
	// Commits is how many commits were mined (newest first from Tip).
	Commits int    `json:"commits"`
	Tip     string `json:"tip"`
	// Candidates is how many candidates the miner listed; Confirmed how
	// many became cases; Rejected counts the others by reason.
	Candidates int            `json:"candidates"`
	Confirmed  int            `json:"confirmed"`
	Rejected   map[string]int `json:"rejected,omitempty"`
}

// corpusRepo is one repository of corpus.json.
type corpusRepo struct {
	Repository string `json:"repository"`
	// Split is dev (tuning may look at it) or test (report only).
	Split string `json:"split"`
}

// corpus is corpus.json.
type corpus struct {
	Repositories []corpusRepo `json:"repositories"`
}

// Splits.
const (
	SplitDev  = "dev"
	SplitTest = "test"
)

var (
	repoRE   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	commitRE = regexp.MustCompile(`^[0-9a-f]{40}$`)
	idRE     = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
)

// slug is owner+name, the file and directory name of a repository.
func slug(repo string) string { return strings.Replace(repo, "/", "+", 1) }

// decodeStrict decodes one JSON value with unknown fields refused.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonerr.Plain(err)
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

// loadCorpus decodes and checks corpus.json; name is for messages.
func loadCorpus(name string, data []byte) (*corpus, error) {
	var c corpus
	if err := decodeStrict(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(c.Repositories) == 0 {
		return nil, fmt.Errorf("%s: no repositories", name)
	}
	seen := map[string]bool{}
	for i, r := range c.Repositories {
		switch {
		case !repoRE.MatchString(r.Repository):
			return nil, fmt.Errorf("%s: repositories[%d]: %q is not owner/name", name, i, r.Repository)
		case r.Split != SplitDev && r.Split != SplitTest:
			return nil, fmt.Errorf("%s: %s: split %q: want dev or test", name, r.Repository, r.Split)
		case seen[r.Repository]:
			return nil, fmt.Errorf("%s: %s listed twice", name, r.Repository)
		}
		seen[r.Repository] = true
	}
	return &c, nil
}

// loadCases decodes and checks a case file; want is the repository its
// name says (owner/name).
func loadCases(name string, data []byte, want string) (*caseFile, error) {
	if len(data) > maxCaseFileBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, maxCaseFileBytes)
	}
	var f caseFile
	if err := decodeStrict(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if f.Repository != want {
		return nil, fmt.Errorf("%s: repository %q, but the file is named for %s", name, f.Repository, want)
	}
	ids := map[string]bool{}
	for i, c := range f.Cases {
		if err := checkCase(c); err != nil {
			return nil, fmt.Errorf("%s: cases[%d] (%s): %w", name, i, c.ID, err)
		}
		if ids[c.ID] {
			return nil, fmt.Errorf("%s: case id %q used twice", name, c.ID)
		}
		ids[c.ID] = true
	}
	return &f, nil
}

func checkCase(c Case) error {
	switch {
	case !idRE.MatchString(c.ID):
		return fmt.Errorf("id %q: want lower-case letters, digits, '.', '_' or '-'", c.ID)
	case !commitRE.MatchString(c.Base) || !commitRE.MatchString(c.Head):
		return fmt.Errorf("base and head must be 40 lower-case hex digits")
	case c.Base == c.Head:
		return fmt.Errorf("base and head are the same commit")
	case c.Document == "" || path.IsAbs(c.Document) || path.Clean(c.Document) != c.Document || strings.HasPrefix(c.Document, "../"):
		return fmt.Errorf("document %q: want a clean repo-relative path", c.Document)
	case c.Line < 1:
		return fmt.Errorf("line %d: want 1 or more", c.Line)
	case strings.TrimSpace(c.Reference) == "":
		return fmt.Errorf("empty reference")
	case !slices.Contains(kinds, c.Kind):
		return fmt.Errorf("kind %q: want one of %s", c.Kind, strings.Join(kinds, ", "))
	case strings.TrimSpace(c.Note) == "" || strings.Contains(c.Note, "\n"):
		return fmt.Errorf("note: want one line")
	}
	return nil
}

// checkLine says whether the head's version of a case's document holds
// the reference where the case says: on its line, or — for a
// reference-style link, whose destination is written on its definition —
// on a definition line "[label]: reference". It catches a case whose
// commit, document or line was written down wrong.
func checkLine(doc []byte, c Case) error {
	line, ok := precision.LineText(doc, c.Line)
	if !ok {
		return fmt.Errorf("%s has no line %d", c.Document, c.Line)
	}
	if strings.Contains(line, c.Reference) {
		return nil
	}
	if c.Kind == kindLink || c.Kind == kindAnchor || c.Kind == kindSelfURL {
		// A reference-style link: its definition holds the reference, on
		// the label's line or, as CommonMark allows, on the next one.
		label := false
		for l := range strings.Lines(string(doc)) {
			t := strings.TrimSpace(l)
			if label && strings.HasPrefix(t, c.Reference) {
				return nil
			}
			label = strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]:")
			if strings.HasPrefix(t, "[") && strings.Contains(t, "]: "+c.Reference) {
				return nil
			}
		}
	}
	return fmt.Errorf("%s:%d does not hold %q", c.Document, c.Line, c.Reference)
}
