package scan

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/walk"
)

// StoreFormat is the version of the Store's shape; a store of another format
// is refused whole.
const StoreFormat = 2

// Store holds every file's extraction of one scan, so that the next scan
// can reuse the extraction of each file whose bytes did not change. It is
// valid only for the pipeline, analyzers and configuration in its header.
type Store struct {
	Header StoreHeader
	// Extractions are sorted by path.
	Extractions []Extraction
	// Tree is the rest of what resolution read, so that the store can
	// rebuild its snapshot (Rebuild).
	Tree StoredTree
}

// StoredTree is what a snapshot depends on besides the extractions.
type StoredTree struct {
	Config   *config.Config
	Skipped  []walk.File // files that exist but were too large to read
	Dirs     []string
	Notes    []walk.Note
	Excluded []string // walk.Result.Excluded: references into them are not broken
	// Output is walk.Result.Output: references to what is not a document
	// in them are not broken.
	Output []string
	// Aliases are the document aliases (documentAliases): files that are
	// another listed document, not extracted.
	Aliases []walk.Alias
	// Ignores are walk.Result.Ignores: what the walk would leave out of
	// paths it never met (a documented path that git ignores).
	Ignores []walk.IgnoreFile
	// Unlisted is walk.Result.Unlisted: a link to a path the listing may
	// lack is not known to be broken.
	Unlisted       *walk.Unlisted
	RootName       string // the scanned directory's name, the last resort for the project's name
	SourceRevision string
}

// StoreHeader names everything an extraction depends on besides the file's
// path and bytes.
type StoreHeader struct {
	Format            int
	PipelineVersion   string
	AnalyzerVersions  map[string]string
	ConfigurationHash string
}

func newStoreHeader(cfg *config.Config) StoreHeader {
	return StoreHeader{
		Format:            StoreFormat,
		PipelineVersion:   PipelineVersion,
		AnalyzerVersions:  analyzerVersions(),
		ConfigurationHash: cfg.Hash(),
	}
}

// Refusal is the one decision of whether stored extractions can be
// reused by this binary: it says why a store with header h cannot be, or
// "". Another store format, pipeline or analyzer version refuses it; so
// does another configuration, unless configHash is "" — the cache, whose
// keys already scope states by configuration, asks that way. Incremental
// reuse, Rebuild and the cache's restore all decide by it.
func Refusal(h StoreHeader, configHash string) string {
	switch {
	case h.Format != StoreFormat:
		return fmt.Sprintf("the stored extractions have format %d, this version reads %d", h.Format, StoreFormat)
	case h.PipelineVersion != PipelineVersion:
		return fmt.Sprintf("the stored extractions come from pipeline %s, this is %s", h.PipelineVersion, PipelineVersion)
	case !maps.Equal(h.AnalyzerVersions, analyzerVersions()):
		return "an analyzer version changed (" + versionChanges(h.AnalyzerVersions, analyzerVersions()) + ")"
	case configHash != "" && h.ConfigurationHash != configHash:
		return fmt.Sprintf("the configuration changed (hash %s, was %s)", configHash, h.ConfigurationHash)
	}
	return ""
}

// reusable checks a previous store with Refusal and returns its
// extractions by path, or the reason it is refused.
func reusable(prev *Store, configHash string) (map[string]*Extraction, string) {
	if why := Refusal(prev.Header, configHash); why != "" {
		return nil, why
	}
	byPath := make(map[string]*Extraction, len(prev.Extractions))
	for i := range prev.Extractions {
		x := &prev.Extractions[i]
		if x.Path == "" || x.Hash == "" {
			continue // never reuse an extraction of a file that could not be read
		}
		if _, dup := byPath[x.Path]; dup {
			return nil, "the stored extractions list " + x.Path + " twice"
		}
		byPath[x.Path] = x
	}
	return byPath, ""
}

func versionChanges(was, now map[string]string) string {
	var out []string
	for name, v := range now {
		if was[name] != v {
			out = append(out, fmt.Sprintf("%s %s → %s", name, orNone(was[name]), v))
		}
	}
	for name, v := range was {
		if _, ok := now[name]; !ok {
			out = append(out, fmt.Sprintf("%s %s → none", name, v))
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
