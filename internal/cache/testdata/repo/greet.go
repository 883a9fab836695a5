package greet

// Greet says hello.
func Greet() string { return "hello" }
