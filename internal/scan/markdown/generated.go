package markdown

import (
	"fmt"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// Generated-region markers, as the first word of an HTML comment.
const (
	markerOpen  = "docbridge:generated"
	markerClose = "/docbridge:generated"
)

// regionFinder locates generated regions. A marker counts only when it is an
// HTML comment alone on its line and goldmark parsed that line as an HTML
// block, so a marker quoted in a code block or inline is not one.
type regionFinder struct {
	src *source
	is  *issues
}

// find returns the first maxRegions regions and, for every line, whether it
// is inside a region (markers included) — every region, recorded or not,
// hides its contents from links, code spans and prose.
func (f *regionFinder) find(htmlLines map[int]bool) ([]Region, []bool) {
	inside := make([]bool, f.src.lineCount()+1)
	var regions []Region
	dropped := 0
	open, hash := 0, ""
	record := func(end int, closed bool) {
		for n := open; n <= end; n++ {
			inside[n] = true
		}
		if len(regions) == maxRegions {
			dropped++
			return
		}
		last := end - 1 // the closing marker is not content
		if !closed {
			last = end
		}
		regions = append(regions, Region{LineStart: open, LineEnd: end, DeclaredHash: hash,
			ActualHash: f.hash(open+1, last), Closed: closed})
	}
	for n := 1; n <= f.src.lineCount(); n++ {
		if !htmlLines[n] {
			continue
		}
		words := markerWords(f.src.line(n))
		switch {
		case open == 0 && len(words) > 0 && words[0] == markerOpen:
			open, hash = n, declaredHash(words[1:])
		case open > 0 && len(words) == 1 && words[0] == markerClose:
			record(n, true)
			open = 0
		}
	}
	if open > 0 {
		f.is.add(open, codeGeneratedUnclosed,
			"generated region opened here has no <!-- %s --> marker; it runs to the end of the file", markerClose)
		record(f.src.lineCount(), false)
	}
	if dropped > 0 {
		f.is.add(0, "", "%d generated regions beyond the first %d are not recorded (their contents are still excluded)",
			dropped, maxRegions)
	}
	return regions, inside
}

// hash is the xxhash64 of raw lines from..to joined with "\n" ("" when the
// range is empty), as 16 lowercase hex digits.
func (f *regionFinder) hash(from, to int) string {
	d := xxhash.New()
	for n := from; n <= to; n++ {
		if n > from {
			_, _ = d.WriteString("\n")
		}
		_, _ = d.Write(f.src.rawLine(n))
	}
	return fmt.Sprintf("%016x", d.Sum64())
}

// markerWords returns the words of an HTML comment that is alone on its
// line, or nil.
func markerWords(line []byte) []string {
	s := strings.TrimSpace(string(line))
	inner, ok := strings.CutPrefix(s, "<!--")
	if !ok {
		return nil
	}
	inner, ok = strings.CutSuffix(inner, "-->")
	if !ok {
		return nil
	}
	return strings.Fields(inner)
}

// declaredHash returns the lowercased hash=… attribute, or "".
func declaredHash(attrs []string) string {
	for _, a := range attrs {
		if v, ok := strings.CutPrefix(a, "hash="); ok {
			return strings.ToLower(unquote(v))
		}
	}
	return ""
}
