package review

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graphview"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// Bounds of the Mermaid pictures of new import cycles.
const (
	// maxCyclePictures is how many cycles one document draws.
	maxCyclePictures = 3
	// maxCycleNodes is the longest cycle drawn; a longer one is listed.
	maxCycleNodes = 12
)

// cycleSection draws the import cycles among fs (findings with code
// IMPORT_CYCLE whose entity ids are the cycle's nodes in order) as
// Mermaid flowcharts in a collapsed section, or "" when there are none.
func cycleSection(fs []report.Finding, title string) string {
	var cycles [][]string
	for _, f := range fs {
		if f.Code == catalog.ImportCycle && len(f.EntityIDs) >= 2 {
			cycles = append(cycles, f.EntityIDs)
		}
	}
	if len(cycles) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<details><summary>%s (%d)</summary>\n\n", htmlText(title), len(cycles))
	drawn, tooLong := 0, 0
	for _, c := range cycles {
		if len(c) > maxCycleNodes {
			tooLong++
			continue
		}
		if drawn == maxCyclePictures {
			continue
		}
		drawn++
		b.WriteString(cycleMermaid(c))
	}
	if rest := len(cycles) - drawn - tooLong; rest > 0 {
		fmt.Fprintf(&b, "%s more not drawn (the bound is %d pictures).\n\n", textwriter.Plural(rest, "cycle", "cycles"), maxCyclePictures)
	}
	if tooLong > 0 {
		fmt.Fprintf(&b, "%s longer than %d modules not drawn; the findings list their modules.\n\n",
			textwriter.Plural(tooLong, "cycle", "cycles"), maxCycleNodes)
	}
	b.WriteString("</details>\n\n")
	return b.String()
}

// cycleMermaid is one cycle as a fenced Mermaid flowchart. Node ids are
// n0, n1, … in cycle order and labels are escaped, so no entity id reaches
// Mermaid's syntax (or closes the fence: mermaidLabel escapes backticks).
func cycleMermaid(ids []string) string {
	var b strings.Builder
	b.WriteString("```mermaid\ngraph LR\n")
	for i, id := range ids {
		// '@' as an entity too: no mention, even if a viewer shows the source.
		fmt.Fprintf(&b, "  n%d[\"%s\"]\n", i, strings.ReplaceAll(graphview.MermaidLabel(graphview.ShortLabel(id)), "@", "#64;"))
	}
	b.WriteString("  ")
	for i := range ids {
		b.WriteString("n" + strconv.Itoa(i) + " --> ")
	}
	b.WriteString("n0\n```\n\n")
	return b.String()
}

// cycleTitle heads the cycle pictures: the cycles are new only when the
// judged findings are the new ones.
func cycleTitle(v ghView) string {
	if v.onlyNew {
		return "New import cycle"
	}
	return "Import cycle"
}
