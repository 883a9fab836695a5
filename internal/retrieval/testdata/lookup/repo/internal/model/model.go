// Package model holds the record type.
package model

// Record is one stored record.
type Record struct{ Path string }
