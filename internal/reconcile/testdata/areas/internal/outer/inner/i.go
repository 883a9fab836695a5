package inner

// Y is here.
func Y() {}
