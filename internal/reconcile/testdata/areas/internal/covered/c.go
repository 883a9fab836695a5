package covered

// X is here.
func X() {}
