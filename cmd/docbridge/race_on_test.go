//go:build race

package main

// raceEnabled says the tests run under the race detector: binaries they
// build are built with it too.
const raceEnabled = true
