package linked

// X is here.
func X() {}
