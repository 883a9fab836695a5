package symbol

// Symbolic is the only export.
func Symbolic() {}
