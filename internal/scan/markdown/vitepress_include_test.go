package markdown

import (
	"fmt"
	"slices"
	"testing"
)

// TestVitePressIncludes: <!--@include: file--> comments in HTML blocks are
// includes, without their line range or region; code is not read.
func TestVitePressIncludes(t *testing.T) {
	src := "# Page\n\n<!--@include: ./parts/a.md-->\n\n" +
		"<!-- @include: ../b.md{3,10} -->\n\n" +
		"<div>\n<!--@include: @/c.md#intro-->\n</div>\n\n" +
		"```md\n<!--@include: ./code.md-->\n```\n\n" +
		"<!-- just a comment -->\n\n<!--@include:-->\n"
	d := Extract("docs/page.md", []byte(src))
	var got []string
	for _, inc := range d.Includes {
		got = append(got, fmt.Sprintf("%s@%d/%s", inc.Path, inc.Line, inc.Syntax))
	}
	want := []string{"./parts/a.md@3/vitepress", "../b.md@5/vitepress", "@/c.md@8/vitepress"}
	if !slices.Equal(got, want) {
		t.Errorf("includes = %q, want %q", got, want)
	}
}
