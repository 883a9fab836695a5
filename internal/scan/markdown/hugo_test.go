package markdown

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHugoIDsOracle holds the Hugo 0.111 id sequence (source-line slugs)
// against what Hugo itself rendered for testdata/hugo/headings.md.
func TestHugoIDsOracle(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "hugo", "headings.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := Extract("content/headings.md", src)
	for _, kind := range []string{HugoIDGitHub, hugoIDGitHubASCII, hugoIDBlackfriday} {
		t.Run(kind, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", "hugo", "headings."+kind+".ids"))
			if err != nil {
				t.Fatal(err)
			}
			got := hugoHeadingIDs(doc.Hugo, HugoIDOptions{Kind: kind, Attributes: true}, true, false)
			wantIDs := strings.Fields(string(want))
			if !slices.Equal(got, wantIDs) {
				for i := range max(len(got), len(wantIDs)) {
					g, w := "", ""
					if i < len(got) {
						g = got[i]
					}
					if i < len(wantIDs) {
						w = wantIDs[i]
					}
					if g != w {
						t.Errorf("heading %d: got %q, Hugo rendered %q", i, g, w)
					}
				}
			}
			// Every id Hugo rendered is an anchor of the document.
			anchors := HugoAnchors(doc.Hugo, HugoIDOptions{Kind: kind, Attributes: true})
			for _, w := range wantIDs {
				if _, ok := slices.BinarySearch(anchors, w); !ok {
					t.Errorf("HugoAnchors lacks %q", w)
				}
			}
		})
	}
}

// TestHugoIDCurrent holds the current Hugo's ids (rendered text) against
// the worked examples of Hugo's own id generator (markup/goldmark/autoid.go
// and its tests, as recorded in the site-generator notes).
func TestHugoIDCurrent(t *testing.T) {
	tests := []struct {
		heading, kind string
		want          []string
	}{
		{"## Hello, World!", HugoIDGitHub, []string{"hello-world"}},
		{"## Upgrade / Downgrade", HugoIDGitHub, []string{"upgrade--downgrade"}},
		{"## Upgrade / Downgrade", hugoIDBlackfriday, []string{"upgrade-downgrade"}},
		{"## Let's try this, shall we?", HugoIDGitHub, []string{"lets-try-this-shall-we"}},
		{"## Let's try this, shall we?", hugoIDBlackfriday, []string{"let-s-try-this-shall-we"}},
		{"## Many   spaces  here", HugoIDGitHub, []string{"many---spaces--here"}},
		{"## God is good: 神真美好", HugoIDGitHub, []string{"god-is-good-神真美好"}},
		{"## God is good: 神真美好", hugoIDGitHubASCII, []string{"god-is-good-"}},
		{"## Resumé", hugoIDGitHubASCII, []string{"resume"}},
		{"## Foo -- Bar", HugoIDGitHub, []string{"foo--bar"}},
		{"## Intro\n## Intro\n## Intro-1\n## Intro", HugoIDGitHub, []string{"intro", "intro-1", "intro-1-1", "intro-2"}},
		{"## [Link text](https://example.com) in _heading_", HugoIDGitHub, []string{"link-text-in-heading"}},
		{"## <span>Inline</span> HTML", HugoIDGitHub, []string{"inline-html"}},
		{"## The `--flag` option", HugoIDGitHub, []string{"the---flag-option"}},
		{"## Custom {#my-id .cls}\n## my-id", HugoIDGitHub, []string{"my-id", "my-id-1"}},
		{"## $$$\n## !", HugoIDGitHub, []string{"heading", "heading-1"}},
		{"First line\nsecond line\n---", HugoIDGitHub, []string{"second-line"}},
		{"### {{% _param FAS robot %}} Upgrading with AI?", HugoIDGitHub, []string{"upgrading-with-ai"}},
	}
	for _, tt := range tests {
		doc := Extract("content/x.md", []byte(tt.heading+"\n"))
		if got := hugoHeadingIDs(doc.Hugo, HugoIDOptions{Kind: tt.kind, Attributes: true}, false, false); !slices.Equal(got, tt.want) {
			t.Errorf("%q (%s): got %q, want %q", tt.heading, tt.kind, got, tt.want)
		}
	}
}

func TestHugoAttributesOff(t *testing.T) {
	doc := Extract("content/x.md", []byte("## Custom {#my-id}\n"))
	if got := HugoAnchors(doc.Hugo, HugoIDOptions{Kind: HugoIDGitHub}); !slices.Equal(got, []string{"custom-my-id"}) {
		t.Errorf("got %q", got)
	}
}

// TestHugoDefinitionTerms: with autoDefinitionTermID, terms get ids from
// the same factory as headings, in document order; an empty one is "term".
func TestHugoDefinitionTerms(t *testing.T) {
	src := "## Options\n\nOptions\n: the first term repeats the heading\n\n`--verbose`, `-v`\n: a flag\n\n$$$\n: symbols only\n"
	doc := Extract("content/x.md", []byte(src))
	if got := hugoHeadingIDs(doc.Hugo, HugoIDOptions{Kind: HugoIDGitHub, Attributes: true, Terms: true}, false, false); !slices.Equal(got, []string{"options", "options-1", "--verbose--v", "term"}) {
		t.Errorf("with terms: %q", got)
	}
	if got := hugoHeadingIDs(doc.Hugo, HugoIDOptions{Kind: HugoIDGitHub, Attributes: true}, false, false); !slices.Equal(got, []string{"options"}) {
		t.Errorf("without terms: %q", got)
	}
}

func TestScanShortcodes(t *testing.T) {
	src := "---\ntitle: \"{{< ref front >}}\"\n---\n" +
		"See [a]({{< ref \"a/b.md#c\" >}}) and {{% relref path=\"/x/y\" %}}.\n" +
		"Escaped: {{</* ref \"not-a-call\" */>}}.\n\n" +
		"```\n{{< readfile file=\"inc.md\" markdown=\"true\" >}}\n```\n" +
		"{{< ref `raw/path` >}} {{< /tab >}} {{< tab >}} {{< broken \"unclosed\n"
	// A call inside an HTML comment renders where no reader sees it; a
	// "<!--" never closed is no comment.
	src = strings.Replace(src, "Escaped:", "<!-- TODO: [C#]({{< relref \"csharp#dev-stories\" >}})\n{{< ref \"x\" >}} --> `<!--` {{< ref \"kept\" >}} Escaped:", 1)
	doc := Extract("content/p.md", []byte(src))
	var got []string
	for _, s := range doc.Hugo.Shortcodes {
		got = append(got, s.Name+"|"+s.Arg+"|"+itoa(s.Line)+"|"+itoa(map[bool]int{false: 0, true: 1}[s.Percent]))
	}
	want := []string{"ref|a/b.md#c|4|0", "relref|/x/y|4|1", "ref|kept|6|0", "readfile|inc.md|9|0", "ref|raw/path|11|0", "/tab||11|0", "tab||11|0"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func FuzzShortcodes(f *testing.F) {
	f.Add("{{< ref \"a#b\" >}} {{% relref path=`x` %}} {{</* c */>}} {{< /d >}} {{< e \"unclosed")
	f.Add("## Title {{% p x %}} {#id .c k=v}\n")
	f.Fuzz(func(t *testing.T, src string) {
		doc := Extract("content/x.md", []byte(src))
		if doc.Hugo == nil {
			return
		}
		if len(doc.Hugo.Shortcodes) > maxShortcodes || len(doc.Hugo.Headings) > MaxAnchors {
			t.Fatal("bounds crossed")
		}
		for _, sc := range doc.Hugo.Shortcodes {
			if sc.Name == "" || len(sc.Arg) > maxShortcodeArg || sc.Line < 1 {
				t.Fatalf("bad call %+v", sc)
			}
		}
		for _, kind := range []string{HugoIDGitHub, hugoIDGitHubASCII, hugoIDBlackfriday} {
			for _, id := range HugoAnchors(doc.Hugo, HugoIDOptions{Kind: kind, Attributes: true}) {
				if id == "" {
					t.Fatal("empty id")
				}
			}
		}
	})
}

// TestHugoAnchorsEmoji: with enableEmoji, a heading's :emoji: shortcode
// is an emoji the id leaves out ("-security-enhancements", as Hugo renders
// it); the id of the shortcode as text is accepted too. Without it, only
// the text's.
func TestHugoAnchorsEmoji(t *testing.T) {
	doc := Extract("content/a.md", []byte("# Post\n\n#### :lock: Security enhancements\n"))
	with := HugoAnchors(doc.Hugo, HugoIDOptions{Kind: HugoIDGitHub, Attributes: true, Emoji: true})
	if !slices.Contains(with, "-security-enhancements") || !slices.Contains(with, "lock-security-enhancements") {
		t.Errorf("with enableEmoji: %q, want both ids", with)
	}
	without := HugoAnchors(doc.Hugo, HugoIDOptions{Kind: HugoIDGitHub, Attributes: true})
	if slices.Contains(without, "-security-enhancements") {
		t.Errorf("without enableEmoji: %q has the emoji id", without)
	}
}
