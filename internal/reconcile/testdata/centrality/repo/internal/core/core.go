package core

import "example.com/central/internal/leaf"

// Core passes through.
func Core() int { return leaf.Leaf() }
