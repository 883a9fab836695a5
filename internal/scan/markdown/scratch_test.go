package markdown

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestScratchPerf(t *testing.T) {
	n := 200000
	for name, s := range map[string]string{
		"brackets":   strings.Repeat("[", n),
		"brackets2":  strings.Repeat("[a](", n),
		"stars":      strings.Repeat("*a ", n),
		"underscore": strings.Repeat("_a", n),
		"backticks":  strings.Repeat("`", n) + strings.Repeat("a`", n/10),
		"quotes":     strings.Repeat(">", n),
		"lists":      strings.Repeat("- ", n/10),
		"html":       strings.Repeat("<!-- docbridge:generated -->\n", n/10),
		"headings":   strings.Repeat("# a\n", n),
		"mdxbrace":   strings.Repeat("{\n", n/4),
		"mdxtag":     strings.Repeat("<A\n", n/4),
		"refs":       strings.Repeat("[a]: b\n", n/10) + strings.Repeat("[a] ", n/10),
		"table":      "|a|\n|-|\n" + strings.Repeat("|"+strings.Repeat("a|", 100)+"\n", 1000),
		"fm":         "---\n" + strings.Repeat("a: [\n", 10000) + "---\n",
		"fmscan":     "---\ndocbridge:\n  covers: [" + strings.Repeat(" ", 60000) + "\nx: [\n---\n",
	} {
		for _, p := range []string{"a.md", "a.mdx"} {
			st := time.Now()
			Extract(p, []byte(s))
			fmt.Printf("%s %s %v (%d bytes)\n", name, p, time.Since(st), len(s))
		}
	}
}
