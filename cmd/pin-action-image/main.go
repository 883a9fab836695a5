// Command pin-action-image writes the published image into action.yml
// (runs.image: docker://…:vX.Y.Z) for the release commit, or with -check
// verifies that an action.yml runs that image. The release workflow runs it;
// see docs/action.md, "Releases".
//
// Usage:
//
//	go run ./cmd/pin-action-image [-check] IMAGE [action.yml]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/docbridge/docbridge/internal/actionenv"
)

func main() {
	check := flag.Bool("check", false, "only verify that the file runs IMAGE")
	flag.Parse()
	if flag.NArg() < 1 || flag.NArg() > 2 {
		fmt.Fprintln(os.Stderr, "usage: pin-action-image [-check] IMAGE [action.yml]")
		os.Exit(2)
	}
	image, file := flag.Arg(0), "action.yml"
	if flag.NArg() == 2 {
		file = flag.Arg(1)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pin-action-image:", err)
		os.Exit(2)
	}
	out, err := actionenv.PinImage(data, image)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pin-action-image: %s: %v\n", file, err)
		os.Exit(2)
	}
	if *check {
		if !bytes.Equal(out, data) {
			fmt.Fprintf(os.Stderr, "pin-action-image: %s does not run %s\n", file, image)
			os.Exit(1)
		}
		fmt.Printf("%s runs %s\n", file, image)
		return
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "pin-action-image:", err)
		os.Exit(2)
	}
	fmt.Printf("%s now runs %s\n", file, image)
}
