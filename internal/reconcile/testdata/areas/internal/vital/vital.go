package vital

// X is here.
func X() {}
