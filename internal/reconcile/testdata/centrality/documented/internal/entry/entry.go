package entry

import "example.com/central/internal/hub"

// Entry starts the chain.
func Entry() int { return hub.Hub() }
