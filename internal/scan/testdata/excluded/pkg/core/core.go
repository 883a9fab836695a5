package core

// Run runs.
func Run() {}
