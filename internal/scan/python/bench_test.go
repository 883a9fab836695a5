package python

import (
	"os"
	"strings"
	"testing"
)

// BenchmarkExtract measures a large module: the sample repeated to ~500 KB.
func BenchmarkExtract(b *testing.B) {
	src, err := os.ReadFile("testdata/sample.py")
	if err != nil {
		b.Fatal(err)
	}
	big := []byte(strings.Repeat(string(src), 500))
	e := newTestExtractor(b)
	b.SetBytes(int64(len(big)))
	for b.Loop() {
		e.Extract("big.py", big)
	}
}
