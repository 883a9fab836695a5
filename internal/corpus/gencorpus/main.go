// Command gencorpus writes the monorepo benchmark corpus into a directory, so
// that the CLI can be measured on it from outside a test binary:
//
//	go run ./internal/corpus/gencorpus /tmp/mono
//	go run ./internal/corpus/gencorpus -k 4 /tmp/mono-4
//
// -k multiplies the corpus's packages, TypeScript modules and documents
// (the scale table in docs/performance.md). -hostile writes one of the
// hostile shapes instead (corpus.Hostiles; the bounds table in
// docs/performance.md), at the size -n gives or its documented one:
//
//	go run ./internal/corpus/gencorpus -hostile link-chain /tmp/chain
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/docbridge/docbridge/internal/corpus"
)

func main() {
	k := flag.Int("k", 1, "multiply the packages, TypeScript modules and documents by `K`")
	hostile := flag.String("hostile", "", "write the hostile `SHAPE` instead (empty-files, link-chain, import-cycle, headings, huge-markdown, glob-config)")
	n := flag.Int("n", 0, "the hostile shape's size `N` (0: its documented size)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: gencorpus [-k K | -hostile SHAPE [-n N]] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *k < 1 || *n < 0 {
		flag.Usage()
		os.Exit(2)
	}
	var err error
	if *hostile != "" {
		size := *n
		for _, h := range corpus.Hostiles {
			if string(h.Shape) == *hostile && size == 0 {
				size = h.N
			}
		}
		err = corpus.WriteHostile(flag.Arg(0), corpus.Hostile(*hostile), max(size, 1))
	} else {
		err = corpus.Write(flag.Arg(0), corpus.Scaled(corpus.Monorepo, *k))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}
