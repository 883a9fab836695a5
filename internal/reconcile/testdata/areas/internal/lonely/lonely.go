package lonely

// X is here.
func X() {}
