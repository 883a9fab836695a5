// Package store persists records.
package store

// Store keeps records.
type Store struct{ records []string }

// OpenStore opens a store.
func OpenStore() *Store { return &Store{} }

// Put adds a record.
func (s *Store) Put(r string) { s.records = append(s.records, r) }
