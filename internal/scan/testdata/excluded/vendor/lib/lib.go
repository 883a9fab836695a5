package lib

// Lib is vendored.
func Lib() {}
