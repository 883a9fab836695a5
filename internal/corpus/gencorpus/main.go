// Command gencorpus writes the monorepo benchmark corpus into a directory, so
// that the CLI can be measured on it from outside a test binary:
//
//	go run ./internal/corpus/gencorpus /tmp/mono
//	go run ./internal/corpus/gencorpus -k 4 /tmp/mono-4
//
// -k multiplies the corpus's packages, TypeScript modules and documents
// (the scale table in docs/performance.md).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/docbridge/docbridge/internal/corpus"
)

func main() {
	k := flag.Int("k", 1, "multiply the packages, TypeScript modules and documents by `K`")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: gencorpus [-k K] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *k < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := corpus.Write(flag.Arg(0), corpus.Scaled(corpus.Monorepo, *k)); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}
