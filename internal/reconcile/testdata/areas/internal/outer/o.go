package outer

// X is here.
func X() {}
