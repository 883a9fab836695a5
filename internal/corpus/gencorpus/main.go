// Command gencorpus writes the monorepo benchmark corpus into a directory, so
// that the CLI can be measured on it from outside a test binary:
//
//	go run ./internal/corpus/gencorpus /tmp/mono
package main

import (
	"fmt"
	"os"

	"github.com/docbridge/docbridge/internal/corpus"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gencorpus DIR")
		os.Exit(2)
	}
	if err := corpus.Write(os.Args[1], corpus.Monorepo); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}
