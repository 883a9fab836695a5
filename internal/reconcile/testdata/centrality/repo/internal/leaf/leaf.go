package leaf

// Leaf ends the chain.
func Leaf() int { return 1 }
