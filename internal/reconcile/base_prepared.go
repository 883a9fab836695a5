package reconcile

import (
	"sync"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// PreparedBase is a base snapshot made ready for the rules once — its
// index, its documents and, as the drift rules ask, what each document's
// references resolved to — for every judgement against that base: a pull
// request's check and the judgements of its suggested edits, which
// otherwise each indexed the base and resolved its documents again. Rules
// only read a view, and what a base document's references resolved to is
// a function of the base alone, so sharing it changes no finding. It is
// safe for concurrent use.
type PreparedBase struct {
	v   *view
	cfg *config.Config // Input.Config as given (nil: the defaults)
}

// PrepareBase prepares base for the judgements whose Input has this Base
// and this Config.
func PrepareBase(base *snapshot.Snapshot, cfg *config.Config) *PreparedBase {
	eff := cfg
	if eff == nil {
		eff = config.Default()
	}
	v := buildView(base, nil, eff)
	v.kept = &keptResolved{byDoc: map[*document]resolved{}}
	return &PreparedBase{v: v, cfg: cfg}
}

// baseView is in's base view: the prepared one when it was prepared for
// this base and configuration, else one built for this judgement.
func baseView(in Input, cfg *config.Config) *view {
	if p := in.PreparedBase; p != nil && p.v.snap == in.Base && p.cfg == in.Config {
		return p.v
	}
	return buildView(in.Base, nil, cfg)
}

// keptResolved holds what a prepared base's documents' references
// resolved to (resolvedIn), computed on first use.
type keptResolved struct {
	mu    sync.Mutex
	byDoc map[*document]resolved
}

// resolvedOf is resolvedIn(v, d), kept for the next judgement when v is
// a prepared base's. The maps it returns are only read.
func (v *view) resolvedOf(d *document) resolved {
	if v.kept == nil {
		return resolvedIn(v, d)
	}
	v.kept.mu.Lock()
	r, ok := v.kept.byDoc[d]
	v.kept.mu.Unlock()
	if ok {
		return r
	}
	r = resolvedIn(v, d)
	v.kept.mu.Lock()
	v.kept.byDoc[d] = r
	v.kept.mu.Unlock()
	return r
}
