package markdown

import (
	"reflect"
	"testing"
)

// An HTML block's hrefs to absolute URLs are external links on the lines
// of their tags; relative hrefs, other attributes and a href in a code
// block are not read.
func TestHTMLBlockLinks(t *testing.T) {
	doc := "# Title\n\n" +
		"<p align=\"center\">\n" + // 3
		"  <a href=\"https://github.com/o/r/tree/main/examples\"><img src=\"https://x.example/logo.png\"></a>\n" + // 4
		"  <a href=\"docs/guide.md\">guide</a>\n" + // 5
		"  <A HREF=\"http://example.com/a\">up</A>\n" + // 6
		"</p>\n\n" +
		"```html\n<a href=\"https://github.com/o/r/tree/main/no\">x</a>\n```\n"
	d := Extract("README.md", []byte(doc))
	want := []Link{
		{Destination: "https://github.com/o/r/tree/main/examples", Line: 4, Kind: LinkExternal},
		{Destination: "http://example.com/a", Line: 6, Kind: LinkExternal},
	}
	if !reflect.DeepEqual(d.Links, want) {
		t.Errorf("links %+v, want %+v", d.Links, want)
	}
}
