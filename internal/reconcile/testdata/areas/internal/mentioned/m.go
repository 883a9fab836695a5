package mentioned

// X is here.
func X() {}
