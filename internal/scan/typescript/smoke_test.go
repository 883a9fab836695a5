package typescript

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func TestSmoke(t *testing.T) {
	e := NewExtractor()
	defer e.Close()
	for _, p := range []string{"/tmp/ts1.ts", "/tmp/ts2.ts", "/tmp/ts3.js", "/tmp/ts4.ts"} {
		src, _ := os.ReadFile(p)
		f := e.Extract(p, src)
		b, _ := json.MarshalIndent(f, "", " ")
		fmt.Println(p, string(b))
	}
}
