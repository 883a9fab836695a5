package markdown

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFrontMatterFields(t *testing.T) {
	y := `title: "  The   Guide "
type: guide
audience: [developers, operators]
owner: team-docs
lifecycle: stable
tier: 2
draft: false
ratio: 0.5
empty:
nested: {a: 1}
mixed: [a, {b: 1}]
anchored: &who alice
aliased: *who
docbridge:
  covers: [area:src]
`
	d := Extract("docs/guide.md", withFrontMatter(y))
	fm := d.FrontMatter
	if !fm.Present || fm.LineStart != 1 || fm.LineEnd != 17 {
		t.Errorf("Present/LineStart/LineEnd = %v/%d/%d, want true/1/17", fm.Present, fm.LineStart, fm.LineEnd)
	}
	named := [5]string{fm.Type, fm.Audience, fm.Owner, fm.Lifecycle, fm.Tier}
	if want := [5]string{"guide", "developers, operators", "team-docs", "stable", "2"}; named != want {
		t.Errorf("named keys = %q, want %q", named, want)
	}
	want := map[string]string{
		"title": "  The   Guide ", "type": "guide", "audience": "developers, operators",
		"owner": "team-docs", "lifecycle": "stable", "tier": "2", "draft": "false",
		"ratio": "0.5", "anchored": "alice", "aliased": "alice",
	}
	if !maps.Equal(fm.Fields, want) {
		t.Errorf("Fields = %q, want %q", fm.Fields, want)
	}
	// A mapping's key is a table; a list that starts with a scalar and the
	// docbridge block are not.
	if !slices.Equal(fm.Tables, []string{"nested"}) {
		t.Errorf("Tables = %q, want [nested]", fm.Tables)
	}
	if d.Title != "The Guide" || d.TitleSource != TitleFromFrontMatter {
		t.Errorf("Title = %q (%s), want front matter title with whitespace collapsed", d.Title, d.TitleSource)
	}
	if d.Block == nil || len(d.Block.Covers) != 1 {
		t.Errorf("Block = %+v, want the docbridge key read", d.Block)
	}
	if len(d.Issues) != 0 {
		t.Errorf("Issues = %q, want none", issueStrings(d.Issues))
	}
}

func TestFrontMatterDelimiters(t *testing.T) {
	tests := []struct {
		name       string
		doc        string
		present    bool
		lineEnd    int
		owner      string
		firstIssue string // "line CODE" of the only issue, or ""
		h1Line     int    // line of the first heading: the body is still read
	}{
		{"dashes", "---\nowner: a\n---\n# T\n", true, 3, "a", "", 4},
		{"dots close", "---\nowner: a\n...\n# T\n", true, 3, "a", "", 4},
		{"trailing blanks", "--- \nowner: a\n---\t\n# T\n", true, 3, "a", "", 4},
		{"empty", "---\n---\n# T\n", true, 2, "", "", 3},
		{"only comments", "---\n# note\n---\n# T\n", true, 3, "", "", 4},
		{"not on line 1", "\n---\nowner: a\n---\n# T\n", false, 0, "", "", 3}, // a rule, then a setext heading
		{"unclosed", "---\nowner: a\n# T\n", false, 0, "", "1 FRONT_MATTER_UNCLOSED", 3},
		{"a rule, then a blank line", "---\n\n# T\n", false, 0, "", "", 3},
		{"not a mapping", "---\n- a\n- b\n---\n# T\n", true, 4, "", "2 FRONT_MATTER_INVALID", 5},
		{"scalar", "---\njust text\n---\n# T\n", true, 3, "", "2 FRONT_MATTER_INVALID", 4},
	}
	for _, tt := range tests {
		d := Extract("a.md", []byte(tt.doc))
		fm := d.FrontMatter
		if fm.Present != tt.present || fm.LineEnd != tt.lineEnd || fm.Owner != tt.owner {
			t.Errorf("%s: Present %v LineEnd %d Owner %q, want %v %d %q", tt.name, fm.Present, fm.LineEnd, fm.Owner,
				tt.present, tt.lineEnd, tt.owner)
		}
		var got string
		if len(d.Issues) > 0 {
			got = fmt.Sprintf("%d %s", d.Issues[0].Line, d.Issues[0].Code)
		}
		if got != tt.firstIssue || len(d.Issues) > 1 {
			t.Errorf("%s: issues %q, want only %q", tt.name, issueStrings(d.Issues), tt.firstIssue)
		}
		if len(d.Headings) == 0 || d.Headings[0].Line != tt.h1Line {
			t.Errorf("%s: headings %+v, want the first at line %d", tt.name, d.Headings, tt.h1Line)
		}
	}
}

// The line of FRONT_MATTER_INVALID is the line yaml.v3 reports, moved to the
// file's numbering (YAML line k is file line k+1 here); yaml.v3 reports
// parser errors 0-based, which must be corrected.
func TestFrontMatterInvalidLine(t *testing.T) {
	tests := []struct {
		yaml     string
		line     int
		fragment string
	}{
		{"title: a\n b: 2\n", 3, "mapping values are not allowed"},        // scanner error
		{"a: 1\nb: [1, 2\nc: 3\n", 3, "did not find expected ',' or ']'"}, // parser error, flow opened on file line 3
		{"a:\n  b: 1\n c: 2\n", 4, "did not find expected key"},           // parser error
		{"a: 1\n- b\n", 3, "did not find expected key"},
		{"a: 1\na: 2\n", 3, `mapping key "a" already defined at line 1`}, // decode error
		{"a:\n\t- b\n", 3, "cannot start any token"},                     // tab
		{"x: 1\ny: 2\nz: 'open\n", 4, "unexpected end of stream"},
		{"a: b: c\n", 2, "mapping values are not allowed"},
		{"a: *nope\n", 2, "unknown anchor 'nope'"}, // no line from yaml.v3: first YAML line
		{"a: &x [*x]\nb: *x\n", 2, "contains itself"},
	}
	for _, tt := range tests {
		d := Extract("a.md", withFrontMatter(tt.yaml))
		if !hasIssue(d.Issues, tt.line, CodeFrontMatterInvalid, tt.fragment) {
			t.Errorf("%q: issues %q, want FRONT_MATTER_INVALID at line %d containing %q",
				tt.yaml, issueStrings(d.Issues), tt.line, tt.fragment)
		}
		if len(d.FrontMatter.Fields) != 0 {
			t.Errorf("%q: Fields %q kept from invalid YAML", tt.yaml, d.FrontMatter.Fields)
		}
		if d.Title != "Body" || d.WordCount != 2 {
			t.Errorf("%q: Title %q WordCount %d, want the body still extracted", tt.yaml, d.Title, d.WordCount)
		}
	}
}

func TestFrontMatterBounds(t *testing.T) {
	var y strings.Builder
	for i := range maxFields + 3 {
		fmt.Fprintf(&y, "k%02d: v\n", i)
	}
	fmt.Fprintf(&y, "long: %s\n", strings.Repeat("é", maxFieldRunes+10))
	d := Extract("a.md", withFrontMatter(y.String()))
	if len(d.FrontMatter.Fields) != maxFields {
		t.Errorf("len(Fields) = %d, want %d", len(d.FrontMatter.Fields), maxFields)
	}
	if _, ok := d.FrontMatter.Fields["k00"]; !ok {
		t.Errorf("Fields lost the first key: %q", d.FrontMatter.Fields)
	}
	if !hasIssue(d.Issues, 1, "", "36 scalar keys") {
		t.Errorf("issues %q, want the key bound recorded", issueStrings(d.Issues))
	}

	d = Extract("a.md", withFrontMatter("owner: "+strings.Repeat("é", maxFieldRunes+10)+"\n"))
	if got := []rune(d.FrontMatter.Owner); len(got) != maxFieldRunes {
		t.Errorf("Owner has %d runes, want %d", len(got), maxFieldRunes)
	}
	if !hasIssue(d.Issues, 1, "", "cut to 256") {
		t.Errorf("issues %q, want the value bound recorded", issueStrings(d.Issues))
	}
}

func TestFrontMatterTooLarge(t *testing.T) {
	y := "owner: a\nbig: " + strings.Repeat("x", maxFrontMatterBytes) + "\n"
	d := Extract("a.md", withFrontMatter(y))
	if !hasIssue(d.Issues, 1, codeFrontMatterTooLarge, "not parsed") {
		t.Errorf("issues %q, want FRONT_MATTER_TOO_LARGE at line 1", issueStrings(d.Issues))
	}
	if d.FrontMatter.Owner != "" || !d.FrontMatter.Present || d.Title != "Body" {
		t.Errorf("FrontMatter %+v Title %q: want present, unparsed, body read", d.FrontMatter, d.Title)
	}
}

// billionLaughs is the classic alias bomb: ten levels of nine aliases, 10^9
// strings once expanded, in under 1 KiB.
func billionLaughs() string {
	var b strings.Builder
	b.WriteString("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	for c := 'b'; c <= 'j'; c++ {
		p := string(c - 1)
		fmt.Fprintf(&b, "%c: &%c [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n", c, c, p, p, p, p, p, p, p, p, p)
	}
	b.WriteString("docbridge:\n  covers: *j\n")
	return b.String()
}

func TestFrontMatterAliasBomb(t *testing.T) {
	start := time.Now()
	d := Extract("a.md", withFrontMatter(billionLaughs()))
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("alias bomb took %v", el)
	}
	if !hasIssue(d.Issues, 2, CodeFrontMatterInvalid, "excessive aliasing") {
		t.Errorf("issues %q, want yaml.v3's excessive-aliasing refusal", issueStrings(d.Issues))
	}
	if d.Block == nil || len(d.Block.Covers) != 0 {
		t.Errorf("Block = %+v, want the fallback block with nothing recovered", d.Block)
	}
}

func TestFrontMatterDeepNesting(t *testing.T) {
	tests := []struct {
		name     string
		yaml     string
		line     int
		fragment string // "" when the YAML is valid
	}{
		{"10,000 [", "x: " + strings.Repeat("[", 10000) + "\n", 3, "did not find expected node content"},
		{"10,001 [", "x: " + strings.Repeat("[", 10001) + "\n", 2, "exceeded max depth of 10000"},
		{"20,000 {", "x: " + strings.Repeat("{", 20000) + "\n", 2, "exceeded max depth of 10000"},
		{"valid 5,000 deep", "owner: a\nx: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n", 0, ""},
	}
	for _, tt := range tests {
		start := time.Now()
		d := Extract("a.md", withFrontMatter(tt.yaml))
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("%s: took %v", tt.name, el)
		}
		if tt.fragment == "" {
			if len(d.Issues) != 0 || d.FrontMatter.Owner != "a" || d.FrontMatter.Fields["x"] != "" {
				t.Errorf("%s: issues %q fields %q, want valid YAML read and the nested key skipped",
					tt.name, issueStrings(d.Issues), d.FrontMatter.Fields)
			}
			continue
		}
		if !hasIssue(d.Issues, tt.line, CodeFrontMatterInvalid, tt.fragment) {
			t.Errorf("%s: issues %q, want FRONT_MATTER_INVALID at line %d containing %q",
				tt.name, issueStrings(d.Issues), tt.line, tt.fragment)
		}
		if d.Title != "Body" {
			t.Errorf("%s: Title %q, want body read", tt.name, d.Title)
		}
	}
}
