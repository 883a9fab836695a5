package markdown

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

func TestHeadingsAndAnchors(t *testing.T) {
	doc := "# What's new?\n\nSetext Title\n============\n\n## `docbridge scan`\n\n### API (v2) & CLI\n\n" +
		"#### Deep Usage\n\n## Usage\n\n## Usage\n\n### Usage\n\n##\n\n## Émigré *café*\n\n## ?!\n"
	d := Extract("a.md", []byte(doc))
	want := []Heading{
		{1, "What's new?", "whats-new", 1},
		{1, "Setext Title", "setext-title", 3},
		{2, "docbridge scan", "docbridge-scan", 6},
		{3, "API (v2) & CLI", "api-v2--cli", 8},
		{2, "Usage", "usage", 12},
		{2, "Usage", "usage-1", 14},
		{3, "Usage", "usage-2", 16},
		{2, "Émigré café", "émigré-café", 20},
		{2, "?!", "-1", 22}, // the empty "##" took the empty slug first
	}
	if !reflect.DeepEqual(d.Headings, want) {
		t.Errorf("headings\n%+v\nwant\n%+v", d.Headings, want)
	}
	wantAnchors := []string{"-1", "api-v2--cli", "deep-usage", "docbridge-scan", "setext-title", "usage", "usage-1", "usage-2", "whats-new", "émigré-café"}
	if !slices.Equal(d.Anchors, wantAnchors) {
		t.Errorf("anchors %q, want %q", d.Anchors, wantAnchors)
	}
	if d.Title != "What's new?" || d.TitleSource != TitleFromH1 {
		t.Errorf("title %q (%s), want the first H1", d.Title, d.TitleSource)
	}
}

// GitHub slugs a heading's text content, without its images' alt text:
// the spaces around badges stay, as hyphens.
func TestHeadingAnchorWithoutImages(t *testing.T) {
	d := Extract("a.md", []byte("# T\n\n## Contributors [![Good first issue](b.svg)](x) ![Commits](c.svg)\n\n## ![logo](l.png) Highlights\n"))
	if want := []string{"-highlights", "contributors--", "t"}; !slices.Equal(d.Anchors, want) {
		t.Errorf("anchors %q, want %q", d.Anchors, want)
	}
	if d.Headings[1].Text != "Contributors Good first issue Commits" {
		t.Errorf("heading text %q keeps the images' alt text", d.Headings[1].Text)
	}
}

func TestHeadingBounds(t *testing.T) {
	var b strings.Builder
	for i := range MaxAnchors + 5 {
		fmt.Fprintf(&b, "#### h%d\n", i)
	}
	for i := range maxHeadings + 2 {
		fmt.Fprintf(&b, "## s%d\n", i)
	}
	d := Extract("a.md", []byte(b.String()))
	if len(d.Headings) != maxHeadings || len(d.Anchors) != MaxAnchors {
		t.Errorf("%d headings, %d anchors; want %d, %d", len(d.Headings), len(d.Anchors), maxHeadings, MaxAnchors)
	}
	if !hasIssue(d.Issues, 0, "", "2 headings of levels 1–3 beyond") || !hasIssue(d.Issues, 0, "", "263 heading anchors beyond") {
		t.Errorf("issues %q, want both bounds recorded", issueStrings(d.Issues))
	}
}

func TestTitle(t *testing.T) {
	tests := []struct {
		path, doc, title, source string
	}{
		{"docs/guide.md", "---\ntitle: FM\n---\n# H1\n", "FM", TitleFromFrontMatter},
		{"docs/guide.md", "---\ntitle: \"\"\n---\n# H1\n", "H1", TitleFromH1},
		{"docs/guide.md", "## Not H1\n\n#\n\nTitle\n=====\n", "Title", TitleFromH1},
		{"docs/guide.md", "Just text.\n", "guide", titleFromFilename},
		{"docs/v1.2.notes.mdx", "", "v1.2.notes", titleFromFilename},
		{"README", "", "README", titleFromFilename},
	}
	for _, tt := range tests {
		d := Extract(tt.path, []byte(tt.doc))
		if d.Title != tt.title || d.TitleSource != tt.source {
			t.Errorf("%s %q: title %q (%s), want %q (%s)", tt.path, tt.doc, d.Title, d.TitleSource, tt.title, tt.source)
		}
	}
}

func TestSummaryAndWords(t *testing.T) {
	long := strings.Repeat("word ", 80) // 400 runes
	tests := []struct {
		name    string
		doc     string
		summary string
		words   int
	}{
		{"first paragraph", "# T\n\nFirst  *para*\ngraph &amp; more \\* stars.\n\nSecond.\n", "First para graph & more * stars.", 9},
		{"badge-only paragraph skipped", "[![CI](ci.svg)](ci)\n\nReal summary.\n", "Real summary.", 2},
		{"code excluded", "Intro `inline code` here.\n\n```go\nfunc main() {}\n```\n\n    indented code\n", "Intro inline code here.", 4},
		{"tables and lists count", "- one two\n- three\n\n| a | b |\n|---|---|\n| c d | e |\n", "", 8},
		{"quote", "> Quoted text.\n", "Quoted text.", 2},
		{"html is not prose", "<div>\nhidden words\n</div>\n\nShown.\n", "Shown.", 1},
		{"cut at a word", long, strings.TrimSpace(strings.Repeat("word ", 60)) + "…", 80}, // 299 runes end a word
		{"cut inside one long word", strings.Repeat("x", 400), strings.Repeat("x", 299) + "…", 1},
	}
	for _, tt := range tests {
		d := Extract("a.md", []byte(tt.doc))
		if d.Summary != tt.summary || d.WordCount != tt.words {
			t.Errorf("%s: summary %q words %d, want %q %d", tt.name, d.Summary, d.WordCount, tt.summary, tt.words)
		}
		if n := utf8.RuneCountInString(d.Summary); n > maxSummaryRunes {
			t.Errorf("%s: summary has %d runes", tt.name, n)
		}
	}
}

func TestLinks(t *testing.T) {
	doc := "# Links\n\n" +
		"See [the *setup*](setup.md#install \"title\") and ![logo](../img/logo.png).\n" + // 3
		"Jump to [usage](#usage), [root](/src/index.ts), [away](../../etc/passwd).\n" + // 4
		"Visit <https://example.com>, www.example.org or <team@example.com>.\n" + // 5
		"[Reference][ref] and [collapsed][] and [shortcut].\n" + // 6
		"[![badge](https://img.shields.io/x.svg)](https://ci.example.com)\n" + // 7
		"[spaced](<my file.md>) [escaped](a\\_b.md) [x](mailto:a@b.c)\n" + // 8
		"\n[ref]: ./ref.md#Part-2\n[collapsed]: https://c.example\n[shortcut]: sub/dir/\n"
	d := Extract("docs/guide.md", []byte(doc))
	want := []Link{
		{Text: "the setup", Destination: "setup.md#install", Line: 3, Kind: LinkRelative, Target: "docs/setup.md", Anchor: "install"},
		{Text: "logo", Destination: "../img/logo.png", Line: 3, Image: true, Kind: LinkRelative, Target: "img/logo.png"},
		{Text: "usage", Destination: "#usage", Line: 4, Kind: LinkAnchor, Anchor: "usage"},
		{Text: "root", Destination: "/src/index.ts", Line: 4, Kind: LinkRelative, Target: "src/index.ts"},
		{Text: "away", Destination: "../../etc/passwd", Line: 4, Kind: LinkRelative, OutsideRoot: true},
		{Text: "https://example.com", Destination: "https://example.com", Line: 5, Kind: LinkExternal},
		{Text: "www.example.org", Destination: "http://www.example.org", Line: 5, Kind: LinkExternal},
		{Text: "team@example.com", Destination: "mailto:team@example.com", Line: 5, Kind: LinkExternal},
		{Text: "Reference", Destination: "./ref.md#Part-2", Line: 6, Kind: LinkRelative, Target: "docs/ref.md", Anchor: "Part-2"},
		{Text: "collapsed", Destination: "https://c.example", Line: 6, Kind: LinkExternal},
		{Text: "shortcut", Destination: "sub/dir/", Line: 6, Kind: LinkRelative, Target: "docs/sub/dir"},
		{Text: "badge", Destination: "https://ci.example.com", Line: 7, Kind: LinkExternal},
		{Text: "badge", Destination: "https://img.shields.io/x.svg", Line: 7, Image: true, Kind: LinkExternal},
		{Text: "spaced", Destination: "my file.md", Line: 8, Kind: LinkRelative, Target: "docs/my file.md"},
		{Text: "escaped", Destination: "a_b.md", Line: 8, Kind: LinkRelative, Target: "docs/a_b.md"},
		{Text: "x", Destination: "mailto:a@b.c", Line: 8, Kind: LinkExternal},
	}
	if !reflect.DeepEqual(d.Links, want) {
		got, _ := json.MarshalIndent(d.Links, "", " ")
		t.Errorf("links\n%s", got)
	}
	if want := []string{`4 LINK_OUTSIDE_ROOT link "../../etc/passwd" climbs above the repository root`}; !slices.Equal(issueStrings(d.Issues), want) {
		t.Errorf("issues %q, want %q", issueStrings(d.Issues), want)
	}
}

func TestCodeSpans(t *testing.T) {
	doc := "Use `docbridge scan` and `` a`b ``.\nMulti `line\nspan` and `  padded  `.\n\n```\n`not a span`\n```\n\n## `heading code`\n\n| `cell` |\n|---|\n"
	d := Extract("a.md", []byte(doc))
	want := []CodeSpan{{Text: "docbridge scan", Line: 1}, {Text: "a`b", Line: 1}, {Text: "line span", Line: 2}, {Text: "padded", Line: 3},
		{Text: "heading code", Line: 9}, {Text: "cell", Line: 11}}
	if !reflect.DeepEqual(d.CodeSpans, want) {
		t.Errorf("code spans %+v, want %+v", d.CodeSpans, want)
	}
}

func TestReferenceBound(t *testing.T) {
	var b strings.Builder
	const pairs = maxReferences/2 + 18
	for i := range pairs {
		fmt.Fprintf(&b, "[l%d](l%d.md) `c%d`\n\n", i, i, i)
	}
	d := Extract("a.md", []byte(b.String()))
	if len(d.Links)+len(d.CodeSpans) != maxReferences || d.ReferenceCount != 2*pairs || !d.EvidenceTruncated {
		t.Fatalf("%d links + %d spans, count %d, truncated %v; want %d kept of %d, truncated",
			len(d.Links), len(d.CodeSpans), d.ReferenceCount, d.EvidenceTruncated, maxReferences, 2*pairs)
	}
	// Document order: the kept ones are l0 c0 … up to half the bound each.
	half := maxReferences / 2
	if len(d.Links) != half || d.Links[half-1].Destination != fmt.Sprintf("l%d.md", half-1) || d.CodeSpans[half-1].Text != fmt.Sprintf("c%d", half-1) {
		t.Errorf("kept %d links (last %+v), %d spans; want the first MaxReferences in document order",
			len(d.Links), d.Links[len(d.Links)-1], len(d.CodeSpans))
	}
	exact := Extract("a.md", []byte(strings.Repeat("`x`\n", maxReferences)))
	if exact.EvidenceTruncated || exact.ReferenceCount != maxReferences {
		t.Errorf("exactly %d references: truncated %v count %d", maxReferences, exact.EvidenceTruncated, exact.ReferenceCount)
	}
}

// CRLF, lone CR and a BOM must not move any line number.
func TestLineEndsAndBOM(t *testing.T) {
	lf := "---\ntitle: T\ndocbridge:\n  covers: [area:a]\n---\n# H\n\nText [l](x.md) `c`.\n\n<!-- docbridge:generated -->\nG\n<!-- /docbridge:generated -->\n## H2\n"
	want := Extract("a.md", []byte(lf))
	for name, doc := range map[string]string{
		"crlf":     strings.ReplaceAll(lf, "\n", "\r\n"),
		"cr":       strings.ReplaceAll(lf, "\n", "\r"),
		"bom+crlf": "\xEF\xBB\xBF" + strings.ReplaceAll(lf, "\n", "\r\n"),
	} {
		got := Extract("a.md", []byte(doc))
		if !reflect.DeepEqual(got, want) {
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			t.Errorf("%s:\n%s\nwant\n%s", name, a, b)
		}
	}
	if want.Headings[1].Line != 13 || want.Links[0].Line != 8 || want.Block.Covers[0].Line != 4 || want.Generated[0].LineStart != 10 {
		t.Errorf("lines wrong in the LF reading itself: %+v %+v %+v %+v", want.Headings, want.Links, want.Block, want.Generated)
	}
}

func TestInvalidUTF8(t *testing.T) {
	doc := "---\ntitle: caf\xe9\n---\n# Bad \xff\xfe heading\n\n[l\xc3](x\xff.md) `c\xed\xa0\x80`\n"
	d := Extract("a.md", []byte(doc))
	checkInvariants(t, doc, d)
	if len(d.Headings) != 1 || d.Headings[0].Line != 4 || len(d.Links) != 1 || d.Links[0].Line != 6 {
		t.Errorf("headings %+v links %+v, want both read at their lines", d.Headings, d.Links)
	}
}

func TestBinaryInput(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	random := make([]byte, 1<<20)
	rng.Read(random)
	nuls := make([]byte, 1<<20)
	mixed := append(slices.Repeat([]byte("\x00[a](b)\x00`c`\n# h\x00\n"), 20000), random[:1000]...)
	for name, data := range map[string][]byte{"random": random, "nuls": nuls, "mixed": mixed} {
		start := time.Now()
		d := Extract("blob.md", data)
		if el := time.Since(start); el > 10*time.Second {
			t.Errorf("%s: took %v", name, el)
		}
		checkInvariants(t, string(data), d)
	}
}

func TestOversizedDocument(t *testing.T) {
	d := Extract("docs/huge.md", make([]byte, maxDocumentBytes+1))
	if len(d.Issues) != 1 || d.Issues[0].Status != extract.StatusNotAnalyzed || d.Title != "huge" {
		t.Errorf("issues %q title %q, want one not-analyzed issue and the file name", issueStrings(d.Issues), d.Title)
	}
}

// checkInvariants holds for every input: lines inside the file, bounds kept,
// valid UTF-8 everywhere, JSON round trip and determinism.
func checkInvariants(t *testing.T, input string, d Document) {
	t.Helper()
	n := newSource([]byte(input)).lineCount()
	inFile := func(what string, line int, zeroOK bool) {
		if line < 1 && !(zeroOK && line == 0) || line > n {
			t.Errorf("%s line %d outside 1..%d", what, line, n)
		}
	}
	for _, h := range d.Headings {
		inFile("heading", h.Line, false)
	}
	for _, l := range d.Links {
		inFile("link", l.Line, false)
	}
	for _, c := range d.CodeSpans {
		inFile("code span", c.Line, false)
	}
	for _, r := range d.Generated {
		inFile("region start", r.LineStart, false)
		inFile("region end", r.LineEnd, false)
	}
	for _, is := range d.Issues {
		inFile("issue", is.Line, true)
	}
	if d.Block != nil {
		for _, c := range d.Block.Covers {
			inFile("cover", c.Line, false)
		}
		for _, r := range d.Block.Relations {
			inFile("relation", r.Line, false)
		}
	}
	if d.LineCount != n {
		t.Errorf("LineCount %d, want %d", d.LineCount, n)
	}
	if len(d.Links)+len(d.CodeSpans) > maxReferences || len(d.Headings) > maxHeadings || len(d.Anchors) > MaxAnchors ||
		len(d.Generated) > maxRegions || len(d.Issues) > maxIssues+1 || len(d.FrontMatter.Fields) > maxFields {
		t.Errorf("a bound was crossed: %d refs, %d headings, %d anchors, %d regions, %d issues, %d fields",
			len(d.Links)+len(d.CodeSpans), len(d.Headings), len(d.Anchors), len(d.Generated), len(d.Issues), len(d.FrontMatter.Fields))
	}
	a, err := json.Marshal(d)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	if !utf8.Valid(a) {
		t.Errorf("JSON is not valid UTF-8")
	}
	var back Document
	if err := json.Unmarshal(a, &back); err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	if !reflect.DeepEqual(back, d) {
		t.Errorf("JSON round trip changed the document")
	}
	again, _ := json.Marshal(Extract(d.Path, []byte(input)))
	if string(again) != string(a) {
		t.Errorf("Extract is not deterministic")
	}
}

func TestSummariseBoundary(t *testing.T) {
	tests := []struct{ in, want string }{
		{"short", "short"},
		{strings.Repeat("a", 300), strings.Repeat("a", 300)},
		{strings.Repeat("ab ", 100) + "c", strings.Repeat("ab ", 99) + "ab…"}, // rune 299 is a space: keep "ab"
		{strings.Repeat("a", 298) + " bcd", strings.Repeat("a", 298) + "…"},   // "b" would be cut: drop it
		{strings.Repeat("é", 298) + " xyz", strings.Repeat("é", 298) + "…"},   // runes, not bytes
	}
	for _, tt := range tests {
		got := summarise(tt.in)
		if got != tt.want {
			t.Errorf("summarise(%d runes) = %q, want %q", utf8.RuneCountInString(tt.in), got, tt.want)
		}
		if utf8.RuneCountInString(got) > maxSummaryRunes {
			t.Errorf("summarise gave %d runes", utf8.RuneCountInString(got))
		}
	}
}

func TestIssueBound(t *testing.T) {
	doc := strings.Repeat("[x](../../up.md)\n\n", maxIssues+10)
	d := Extract("docs/a.md", []byte(doc))
	if len(d.Issues) != maxIssues+1 {
		t.Fatalf("%d issues, want %d and one overflow note", len(d.Issues), maxIssues)
	}
	if first := d.Issues[0]; first.Line != 0 || first.Code != "" || first.Message != "10 more issues not reported (bound 128)" {
		t.Errorf("overflow note %+v", first)
	}
	if last := d.Issues[maxIssues]; last.Code != CodeLinkOutsideRoot || last.Line != 2*maxIssues-1 {
		t.Errorf("last issue %+v, want the 128th link's, at line %d", last, 2*maxIssues-1)
	}
}
