package app

// App runs.
func App() {}
