package inside

// X is here.
func X() {}
