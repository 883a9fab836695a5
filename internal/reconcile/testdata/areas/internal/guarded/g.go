package guarded

// X is here.
func X() {}
