package driftbench

import (
	"strings"
	"testing"
)

const (
	b1 = "1111111111111111111111111111111111111111"
	h1 = "2222222222222222222222222222222222222222"
	b2 = "3333333333333333333333333333333333333333"
	h2 = "4444444444444444444444444444444444444444"
)

func TestMatch(t *testing.T) {
	link := Case{Document: "docs/a.md", Line: 3, Reference: "../guide/setup.md#install", Kind: kindLink}
	anchor := Case{Document: "docs/a.md", Line: 3, Reference: "b.md#usage", Kind: kindAnchor}
	sym := Case{Document: "README.md", Line: 9, Reference: "client.Send(ctx)", Kind: kindSymbol}
	path := Case{Document: "README.md", Line: 9, Reference: "cmd/tool/", Kind: kindPath}
	self := Case{Document: "README.md", Line: 2, Reference: "https://github.com/o/r/blob/main/docs/x.md#top", Kind: kindSelfURL}
	tests := []struct {
		name string
		f    Finding
		c    Case
		want bool
	}{
		{"link by the reference as written", Finding{Code: "DRIFT_LINK", Level: "error", Path: "docs/a.md", Line: 3, Subject: "../guide/setup.md#install"}, link, true},
		{"link by its file name in the message", Finding{Code: "BROKEN_LINK", Level: "error", Path: "docs/a.md", Line: 3, Message: "docs/guide/setup.md does not exist"}, link, true},
		{"warn counts", Finding{Code: "BROKEN_LINK", Level: "warn", Path: "docs/a.md", Line: 3, Message: "setup.md is gone"}, link, true},
		{"info does not count", Finding{Code: "X", Level: "info", Path: "docs/a.md", Line: 3, Message: "setup.md"}, link, false},
		{"another line", Finding{Code: "DRIFT_LINK", Level: "error", Path: "docs/a.md", Line: 4, Subject: "../guide/setup.md#install"}, link, false},
		{"another document", Finding{Code: "DRIFT_LINK", Level: "error", Path: "docs/b.md", Line: 3, Subject: "../guide/setup.md#install"}, link, false},
		{"another reference on the line", Finding{Code: "DRIFT_LINK", Level: "error", Path: "docs/a.md", Line: 3, Subject: "other.md"}, link, false},
		{"anchor by its fragment", Finding{Code: "DRIFT_ANCHOR", Level: "error", Path: "docs/a.md", Line: 3, Message: "#usage is gone from docs/b.md"}, anchor, true},
		{"anchor: the file name alone is not enough", Finding{Code: "BROKEN_LINK", Level: "error", Path: "docs/a.md", Line: 3, Message: "b.md"}, anchor, false},
		{"symbol by its identifier", Finding{Code: "DRIFT_SYMBOL", Level: "error", Path: "README.md", Line: 9, Subject: "Send"}, sym, true},
		{"symbol: another identifier", Finding{Code: "DRIFT_SYMBOL", Level: "error", Path: "README.md", Line: 9, Subject: "Recv"}, sym, false},
		{"path by its last element, final slash dropped", Finding{Code: "DRIFT_PATH", Level: "error", Path: "README.md", Line: 9, Message: "`cmd/tool` was moved"}, path, true},
		{"self URL by its file name", Finding{Code: "DRIFT_LINK", Level: "error", Path: "README.md", Line: 2, Message: "docs/x.md was deleted"}, self, true},
	}
	for _, tt := range tests {
		if got := match(tt.f, tt.c); got != tt.want {
			t.Errorf("%s: match = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestEvaluate(t *testing.T) {
	repos := []repo{
		{Repository: "o/b", Split: SplitTest, Cases: []Case{
			{ID: "path-1", Base: b2, Head: h2, Document: "README.md", Line: 1, Reference: "Makefile", Kind: kindPath},
		}},
		{Repository: "o/a", Split: SplitDev, Cases: []Case{
			{ID: "link-1", Base: b1, Head: h1, Document: "docs/a.md", Line: 3, Reference: "old.md", Kind: kindLink},
			{ID: "link-2", Base: b1, Head: h1, Document: "docs/a.md", Line: 3, Reference: "setup.md", Kind: kindLink},
			{ID: "anchor-1", Base: b1, Head: h1, Document: "docs/a.md", Line: 5, Reference: "b.md#x", Kind: kindAnchor},
		}},
	}
	pairs := map[string]pair{
		pairKey("o/a", b1, h1): {Repository: "o/a", Base: b1, Head: h1, New: []Finding{
			{Code: "DRIFT_LINK", Level: "error", Path: "docs/a.md", Line: 3, Subject: "old.md"},
			{Code: "DRIFT_ANCHOR", Level: "error", Path: "docs/a.md", Line: 5, Subject: "b.md#x"},
			{Code: "ORPHAN", Level: "info", Path: "docs/c.md"},
			{Code: "UNRESOLVED_PATH", Level: "warn", Path: "docs/c.md", Line: 1},
		}},
		pairKey("o/b", b2, h2): {Repository: "o/b", Base: b2, Head: h2, Err: "check --base: invalid snapshot"},
	}
	r := evaluate(repos, pairs)
	if r.Counts != (Counts{Cases: 4, Found: 2, Recall: 0.5}) {
		t.Errorf("overall %+v", r.Counts)
	}
	want := []KindCounts{{kindLink, Counts{2, 1, 0.5}}, {kindAnchor, Counts{1, 1, 1}}, {kindPath, Counts{1, 0, 0}}}
	if len(r.ByKind) != len(want) {
		t.Fatalf("by kind %+v", r.ByKind)
	}
	for i := range want {
		if r.ByKind[i] != want[i] {
			t.Errorf("by kind [%d] %+v, want %+v", i, r.ByKind[i], want[i])
		}
	}
	if len(r.Splits) != 2 || r.Splits[0].Split != SplitDev || r.Splits[0].Found != 2 || r.Splits[1].Found != 0 {
		t.Errorf("splits %+v", r.Splits)
	}
	if len(r.Repositories) != 2 || r.Repositories[0].Repository != "o/a" {
		t.Errorf("repositories %+v", r.Repositories)
	}
	// The failed pair counts its case missed and stays out of the median.
	if len(r.Pairs) != 2 || r.Pairs[0].New != 3 || r.Pairs[0].NewInfo != 1 || r.Pairs[1].Err == "" {
		t.Errorf("pairs %+v", r.Pairs)
	}
	if r.NewMedian != 3 || r.NewMax != 3 {
		t.Errorf("median %v max %d", r.NewMedian, r.NewMax)
	}
	var missed []string
	for _, c := range r.Results {
		if !c.Found {
			missed = append(missed, c.Repository+" "+c.ID+" "+strings.Join(c.Nearby, ","))
		}
	}
	if got := strings.Join(missed, "; "); got != "o/a link-2 DRIFT_ANCHOR@5,DRIFT_LINK@3; o/b path-1 " {
		t.Errorf("missed %q", got)
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []int
		med  float64
		maxN int
	}{{nil, 0, 0}, {[]int{5}, 5, 5}, {[]int{9, 1, 3}, 3, 9}, {[]int{4, 1, 2, 250}, 3, 250}} {
		if m, x := median(tt.in); m != tt.med || x != tt.maxN {
			t.Errorf("median(%v) = %v, %d; want %v, %d", tt.in, m, x, tt.med, tt.maxN)
		}
	}
}

// A grouped finding finds the cases its members match, on their own lines,
// and counts once among the pair's new findings.
func TestEvaluateGrouped(t *testing.T) {
	repos := []repo{{Repository: "o/a", Split: SplitDev, Cases: []Case{
		{ID: "link-1", Base: b1, Head: h1, Document: "docs/a.md", Line: 3, Reference: "../core/x.md", Kind: kindLink},
		{ID: "link-2", Base: b1, Head: h1, Document: "docs/b.md", Line: 9, Reference: "../core/y.md", Kind: kindLink},
		{ID: "link-3", Base: b1, Head: h1, Document: "docs/b.md", Line: 10, Reference: "../core/z.md", Kind: kindLink},
	}}}
	move := Finding{Code: "DRIFT_MOVE", Level: "error", Path: "docs/a.md", Line: 3, Subject: "core/", Members: []Finding{
		{Code: "DRIFT_LINK", Level: "error", Path: "docs/a.md", Line: 3, Subject: "../core/x.md"},
		{Code: "DRIFT_LINK", Level: "error", Path: "docs/b.md", Line: 9, Subject: "../core/y.md"},
	}}
	r := evaluate(repos, map[string]pair{pairKey("o/a", b1, h1): {Repository: "o/a", Base: b1, Head: h1, New: []Finding{move}}})
	if r.Counts != (Counts{Cases: 3, Found: 2, Recall: 2.0 / 3}) {
		t.Errorf("overall %+v, want link-1 and link-2 found by the group, link-3 (no member) missed", r.Counts)
	}
	if len(r.Pairs) != 1 || r.Pairs[0].New != 1 {
		t.Errorf("pairs %+v: the group is one new finding", r.Pairs)
	}
	for _, c := range r.Results {
		if c.Found && c.By != "DRIFT_MOVE" {
			t.Errorf("%s found by %s", c.ID, c.By)
		}
	}
}
