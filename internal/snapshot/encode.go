package snapshot

import (
	"fmt"
	"io"
	"strconv"
)

// The encoder writes the canonical JSON of a snapshot without reflection.
// Its output is byte-identical to encoding/json's (an Encoder with
// SetEscapeHTML(false)): the snapshot's JSON is hashed, stored and diffed,
// so any divergence would change every content hash. Struct fields are
// written in declaration order with the omitempty rules of their tags;
// keep the writers below in step with the struct tags in model.go.

// flushSize is how much output the encoder buffers before handing it to its
// writer, when it has one: large enough to amortise the call, small enough
// to stay in cache.
const flushSize = 64 << 10

// encoder appends JSON to buf. With a writer w it streams: buf is flushed to
// w between records, so memory stays bounded whatever the snapshot's size.
type encoder struct {
	buf []byte
	w   io.Writer
	err error // first write error; once set, nothing more is written
}

// maybeFlush hands the buffer to the writer once it has grown past flushSize.
func (e *encoder) maybeFlush() {
	if e.w != nil && len(e.buf) >= flushSize {
		e.flush()
	}
}

// flush hands everything buffered to the writer. After a write error the
// output is discarded, so the buffer stays small until the encoder returns.
func (e *encoder) flush() {
	if e.w == nil {
		return
	}
	if e.err == nil && len(e.buf) > 0 {
		if _, err := e.w.Write(e.buf); err != nil {
			e.err = fmt.Errorf("write: %w", err)
		}
	}
	e.buf = e.buf[:0]
}

// snapshot writes s followed by the newline json.Encoder ends a value with.
func (e *encoder) snapshot(s *Snapshot) error {
	e.buf = append(e.buf, `{"type":`...)
	e.buf = appendString(e.buf, s.Type)
	e.buf = append(e.buf, `,"schemaVersion":`...)
	e.buf = strconv.AppendInt(e.buf, int64(s.SchemaVersion), 10)
	e.buf = append(e.buf, `,"contentHash":`...)
	e.buf = appendString(e.buf, s.ContentHash)
	e.buf = append(e.buf, `,"pipelineVersion":`...)
	e.buf = appendString(e.buf, s.PipelineVersion)
	e.buf = append(e.buf, `,"analyzerVersions":`...)
	e.buf = appendStringMap(e.buf, s.AnalyzerVersions)
	e.buf = append(e.buf, `,"configurationHash":`...)
	e.buf = appendString(e.buf, s.ConfigurationHash)
	if s.SourceRevision != "" {
		e.buf = append(e.buf, `,"sourceRevision":`...)
		e.buf = appendString(e.buf, s.SourceRevision)
	}
	e.buf = append(e.buf, `,"project":{"name":`...)
	e.buf = appendString(e.buf, s.Project.Name)
	e.buf = append(e.buf, `},"entities":`...)
	if err := writeRecords(e, s.Entities, (*encoder).entity); err != nil {
		return err
	}
	e.buf = append(e.buf, `,"relations":`...)
	if err := writeRecords(e, s.Relations, (*encoder).relation); err != nil {
		return err
	}
	e.buf = append(e.buf, `,"coverage":`...)
	_ = writeList(e, s.Coverage, func(x *Coverage) error {
		e.buf = appendCoverage(e.buf, x)
		return nil
	})
	e.buf = append(e.buf, "}\n"...)
	e.flush()
	return e.err
}

// writeList writes a JSON array of list (null when nil, as encoding/json
// does), one element at a time so a streaming encoder can flush between them.
func writeList[T any](e *encoder, list []T, write func(*T) error) error {
	if list == nil {
		e.buf = append(e.buf, "null"...)
		return nil
	}
	e.buf = append(e.buf, '[')
	for i := range list {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if err := write(&list[i]); err != nil {
			return err
		}
		e.maybeFlush()
	}
	e.buf = append(e.buf, ']')
	return nil
}

func (e *encoder) entity(x *Entity) error {
	e.buf = append(e.buf, `{"id":`...)
	e.buf = appendString(e.buf, x.ID)
	e.buf = append(e.buf, `,"kind":`...)
	e.buf = appendString(e.buf, x.Kind)
	e.buf = append(e.buf, `,"name":`...)
	e.buf = appendString(e.buf, x.Name)
	if x.Path != "" {
		e.buf = append(e.buf, `,"path":`...)
		e.buf = appendString(e.buf, x.Path)
	}
	if len(x.Aliases) > 0 {
		e.buf = append(e.buf, `,"aliases":`...)
		e.buf = appendStrings(e.buf, x.Aliases)
	}
	e.buf = append(e.buf, `,"provenance":`...)
	e.buf = appendString(e.buf, x.Provenance)
	e.buf = append(e.buf, `,"evidence":`...)
	e.buf = appendEvidenceList(e.buf, x.Evidence)
	if len(x.Metadata) > 0 {
		e.buf = append(e.buf, `,"metadata":`...)
		var err error
		if e.buf, err = appendObject(e.buf, x.Metadata, 0); err != nil {
			return fmt.Errorf("entity %q: metadata: %w", x.ID, err)
		}
	}
	e.buf = append(e.buf, '}')
	return nil
}

func (e *encoder) relation(x *Relation) error {
	e.buf = append(e.buf, `{"id":`...)
	e.buf = appendString(e.buf, x.ID)
	e.buf = append(e.buf, `,"kind":`...)
	e.buf = appendString(e.buf, x.Kind)
	e.buf = append(e.buf, `,"from":`...)
	e.buf = appendString(e.buf, x.From)
	e.buf = append(e.buf, `,"to":`...)
	e.buf = appendString(e.buf, x.To)
	e.buf = append(e.buf, `,"provenance":`...)
	e.buf = appendString(e.buf, x.Provenance)
	if x.Confidence != "" {
		e.buf = append(e.buf, `,"confidence":`...)
		e.buf = appendString(e.buf, x.Confidence)
	}
	e.buf = append(e.buf, `,"evidence":`...)
	e.buf = appendEvidenceList(e.buf, x.Evidence)
	if len(x.Metadata) > 0 {
		e.buf = append(e.buf, `,"metadata":`...)
		var err error
		if e.buf, err = appendObject(e.buf, x.Metadata, 0); err != nil {
			return fmt.Errorf("relation %q: metadata: %w", x.ID, err)
		}
	}
	e.buf = append(e.buf, '}')
	return nil
}

func appendEvidenceList(b []byte, ev []Evidence) []byte {
	if ev == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range ev {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendEvidence(b, &ev[i])
	}
	return append(b, ']')
}

func appendEvidence(b []byte, x *Evidence) []byte {
	b = append(b, `{"source":`...)
	b = appendString(b, x.Source)
	b = append(b, `,"path":`...)
	b = appendString(b, x.Path)
	if x.LineStart != 0 {
		b = append(b, `,"lineStart":`...)
		b = strconv.AppendInt(b, int64(x.LineStart), 10)
	}
	if x.LineEnd != 0 {
		b = append(b, `,"lineEnd":`...)
		b = strconv.AppendInt(b, int64(x.LineEnd), 10)
	}
	if x.ContentHash != "" {
		b = append(b, `,"contentHash":`...)
		b = appendString(b, x.ContentHash)
	}
	if x.Context != "" {
		b = append(b, `,"context":`...)
		b = appendString(b, x.Context)
	}
	return append(b, '}')
}

func appendCoverage(b []byte, x *Coverage) []byte {
	b = append(b, `{"analyzer":`...)
	b = appendString(b, x.Analyzer)
	b = append(b, `,"scope":`...)
	b = appendString(b, x.Scope)
	b = append(b, `,"status":`...)
	b = appendString(b, x.Status)
	if x.Reason != "" {
		b = append(b, `,"reason":`...)
		b = appendString(b, x.Reason)
	}
	if x.Line != 0 {
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(x.Line), 10)
	}
	if x.Code != "" {
		b = append(b, `,"code":`...)
		b = appendString(b, x.Code)
	}
	return append(b, '}')
}

// flushSlack is room above flushSize for the record that crosses it, so a
// streaming encoder's buffer rarely grows.
const flushSlack = 16 << 10

// sizeHint estimates the compact JSON size of s from the lengths of its
// strings, so MarshalCompact allocates its buffer about once: a pass over
// the lengths costs far less than regrowing a buffer of tens of megabytes.
// Escapes and metadata can make the guess short; that costs one regrowth.
func sizeHint(s *Snapshot) int {
	n := 512 + len(s.ContentHash) + len(s.PipelineVersion) + len(s.ConfigurationHash) + len(s.SourceRevision) + len(s.Project.Name)
	for k, v := range s.AnalyzerVersions {
		n += 6 + len(k) + len(v)
	}
	for i := range s.Entities {
		e := &s.Entities[i]
		n += 80 + len(e.ID) + len(e.Kind) + len(e.Name) + len(e.Path) + len(e.Provenance) + evidenceSize(e.Evidence) + 64*len(e.Metadata)
		for _, a := range e.Aliases {
			n += 3 + len(a)
		}
	}
	for i := range s.Relations {
		r := &s.Relations[i]
		n += 96 + len(r.ID) + len(r.Kind) + len(r.From) + len(r.To) + len(r.Provenance) + len(r.Confidence) + evidenceSize(r.Evidence) + 64*len(r.Metadata)
	}
	for i := range s.Coverage {
		c := &s.Coverage[i]
		n += 80 + len(c.Analyzer) + len(c.Scope) + len(c.Status) + len(c.Reason) + len(c.Code)
	}
	return n
}

func evidenceSize(ev []Evidence) int {
	n := 2
	for i := range ev {
		n += 90 + len(ev[i].Source) + len(ev[i].Path) + len(ev[i].ContentHash) + len(ev[i].Context)
	}
	return n
}
