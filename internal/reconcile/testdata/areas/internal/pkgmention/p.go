package pkgmention

// X is here.
func X() {}
