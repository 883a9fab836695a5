package precision

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/docbridge/docbridge/internal/jsonerr"
)

// Label values. TP and FP judge an error or warn finding; Useful and Noise
// judge an info finding. An entry with no label yet (a "to label" entry
// written by --write-todo) is pending.
const (
	TP     = "TP"
	FP     = "FP"
	Useful = "useful"
	Noise  = "noise"
)

// maxLabelBytes bounds a label file.
const maxLabelBytes = 16 << 20

// Label is one judged finding.
type Label struct {
	Key string `json:"key"`
	// Label is TP, FP, useful, noise, or empty (pending).
	Label string `json:"label"`
	// Reason is one line naming the cause ("FP: Hugo resolves /docs/foo/
	// to content/docs/foo/_index.md").
	Reason string `json:"reason"`
	// At and Message are where the finding was and what it said when it
	// was labelled: for the reader, never matched.
	At      string `json:"at,omitempty"`
	Message string `json:"message,omitempty"`
}

// LabelFile is docs/bench/precision/labels/<owner>+<name>.json.
type LabelFile struct {
	// Repository is owner/name; the file is named after it.
	Repository string  `json:"repository"`
	Labels     []Label `json:"labels"`
}

// Slug is the corpus directory and label file stem of owner/name.
func Slug(repository string) string { return strings.Replace(repository, "/", "+", 1) }

// LoadLabels decodes and checks a label file. name is the file's name, for
// messages; wantRepo, when set, is the owner/name the file must be for.
// Every problem is reported, each with the file and the entry's index.
func LoadLabels(name string, data []byte, wantRepo string) (LabelFile, error) {
	var lf LabelFile
	if len(data) > maxLabelBytes {
		return lf, fmt.Errorf("%s: larger than %d bytes", name, maxLabelBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&lf); err != nil {
		return LabelFile{}, fmt.Errorf("%s: %w", name, jsonerr.Plain(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return LabelFile{}, fmt.Errorf("%s: text after the JSON object", name)
	}
	var errs []error
	if lf.Repository == "" {
		errs = append(errs, fmt.Errorf("%s: repository: missing (owner/name)", name))
	} else if wantRepo != "" && lf.Repository != wantRepo {
		errs = append(errs, fmt.Errorf("%s: repository %q: the file is for %q", name, lf.Repository, wantRepo))
	}
	seen := map[string]int{}
	for i, l := range lf.Labels {
		at := fmt.Sprintf("%s: labels[%d]", name, i)
		if _, err := parseKey(l.Key); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", at, err))
		} else if j, dup := seen[l.Key]; dup {
			errs = append(errs, fmt.Errorf("%s: key %q is labelled already at labels[%d]", at, l.Key, j))
		} else {
			seen[l.Key] = i
		}
		switch l.Label {
		case TP, FP, Useful, Noise:
			if strings.TrimSpace(l.Reason) == "" {
				errs = append(errs, fmt.Errorf("%s: label %s without a reason", at, l.Label))
			}
		case "":
		default:
			errs = append(errs, fmt.Errorf("%s: label %q: use TP, FP, useful or noise (or leave it empty to label later)", at, l.Label))
		}
		if strings.ContainsAny(l.Reason, "\n\r") {
			errs = append(errs, fmt.Errorf("%s: reason: one line, please", at))
		}
	}
	if len(errs) > 0 {
		return LabelFile{}, errors.Join(errs...)
	}
	return lf, nil
}

// judged returns the file's labels that have a value, by key.
func (lf LabelFile) judged() map[string]Label {
	out := make(map[string]Label, len(lf.Labels))
	for _, l := range lf.Labels {
		if l.Label != "" {
			out[l.Key] = l
		}
	}
	return out
}
