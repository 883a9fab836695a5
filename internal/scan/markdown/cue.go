package markdown

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// A code span's cue is the phrase of the sentence around it that makes a
// path in it a path of the reader's own project, or one still to be made:
// "create `.github/workflows/deploy.yml` in your project". Resolution does
// not hold such a path against this repository (see CodeSpan.Cue).
//
// The sentence is the run of the enclosing block's text (paragraph, list
// item, table cell, heading) between sentence ends: ".", "!" or "?" followed
// by a space or the end, but not the period of an abbreviation ("e.g.").
// Six kinds of cue are recognised, case-insensitively, on whole words:
//
//   - the reader's project, anywhere in the sentence: an owner word (your,
//     user's, users', consumer's, downstream, consuming; "a new", "an
//     existing") followed, within two words, by a project word (project,
//     repository, app, workspace, site, package, directory, …). The cue is
//     "your project".
//   - creation, before the span: a verb that makes something (create,
//     generate, scaffold — not their past participles: "the generated code
//     in `x`" is a claim —, mkdir, and "new file", "new
//     directory", "new folder") earlier in the sentence, with no "from" or
//     "then" between it and the span ("generated from `x`" names a source,
//     which must exist). The cue is the verb.
//   - an indefinite article right before the span: "this needs a
//     `src/SUMMARY.md`" names a kind of file, not one of this repository.
//     The cue is the article. So does "generated" or "scaffolded" right
//     before it: "the generated `docs/index.md`" is what a tool writes.
//   - a counter-example right before the span: "would not be", "is not",
//     "isn't", "are not", "aren't", "instead of", "rather than". The cue is
//     the phrase.
//   - removal, the span being its object: a word of deleting or removing
//     before it with only articles, "of", "and", file nouns and other spans
//     between ("Verify: deletions of `a.py`, `b/`"). The doc says the file
//     is gone. The cue is the word.
//   - a caption: the span's paragraph holds nothing else but punctuation,
//     quotes and :icon: shortcodes (an MkDocs content tab `=== "…"`, a
//     "`path`:" line) and a code block follows it: the span names the
//     example the block shows; or the fenced code block right after the
//     paragraph is titled with the span's path (```go title="a/b.go"):
//     the document shows that file. The cue is "caption".
//
// A list item's spans also take the cue of the paragraph that introduces the
// list, when it ends in a colon ("at the root of your component it
// generates the following files:"): its last sentence governs the items,
// all of whose words come after it.

// spanMark stands for a code span in a block's text; it is not a letter,
// so it never joins a word.
const spanMark = '\uFFFC'

// ownerWords open a phrase about someone else's project; ownerPairs are the
// two-word openers.
var (
	ownerWords = map[string]bool{"your": true, "user's": true, "users'": true, "consumer's": true, "downstream": true, "consuming": true}
	ownerPairs = map[[2]string]bool{{"a", "new"}: true, {"an", "existing"}: true}
)

// projectWords are what an owner word must reach to speak of a project.
var projectWords = map[string]bool{
	"project": true, "projects": true, "repo": true, "repos": true, "repository": true, "repositories": true,
	"app": true, "apps": true, "application": true, "applications": true, "codebase": true, "monorepo": true,
	"workspace": true, "site": true, "website": true, "package": true, "module": true, "library": true,
	"service": true, "component": true, "root": true, "home": true, "directory": true, "folder": true, "machine": true,
	"computer": true, "editor": true, "server": true, "cluster": true, "config": true, "configuration": true,
	"workflow": true, "workflows": true, "pipeline": true, "team": true, "organization": true,
}

// createWords are the verbs that make what follows them.
// Past participles are left out: "the generated code in `x`" says where
// generated code is, and that is a claim.
var createWords = map[string]bool{
	"create": true, "creates": true, "creating": true,
	"generate": true, "generates": true, "generating": true,
	"scaffold": true, "scaffolds": true, "scaffolding": true,
	"mkdir": true,
}

// generatedWords, right before a span, make it a tool's output: "the
// generated `docs/index.md` gives you a home page" names what a command
// writes, where "the generated code in `x`" still claims x.
var generatedWords = map[string]bool{"generated": true, "scaffolded": true}

// newNouns follow "new" to make something: "add a new file `x`".
var newNouns = map[string]bool{"file": true, "files": true, "directory": true, "directories": true, "folder": true, "folders": true}

// abbreviations end in a period that does not end a sentence.
var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "eg.": true, "ie.": true, "etc.": true, "vs.": true, "cf.": true, "viz.": true}

// blockCues computes the cue of every code span of the block n, keyed by
// span, in one pass over the block's text.
func blockCues(n ast.Node, source []byte) map[*ast.CodeSpan]string {
	text, spans := blockText(n, source)
	out := make(map[*ast.CodeSpan]string, len(spans))
	lead := leadCue(n, source)
	if caption(n, text) {
		for _, sp := range spans {
			out[sp] = "caption"
		}
		return out
	}
	if shown := shownFile(n, source); shown != "" {
		// The code block right after shows the file the span names:
		// the document gives the reader that file's content.
		for _, sp := range spans {
			if strings.TrimSpace(CodeSpanText(sp, source)) == shown {
				out[sp] = "caption"
			}
		}
	}
	texts := spanTexts(spans, source)
	next := 0
	for _, s := range sentences(text) {
		words := sentenceWords(s)
		own := ownerCue(words)
		if own == "" {
			own = elsewhereCue(words, texts[next:])
		}
		var afters []string // the text after each span, made at the first
		k := 0              // the span's place in the sentence
		for i, w := range words {
			if w != string(spanMark) {
				continue
			}
			if afters == nil {
				afters = spanAfters(s)
			}
			after := ""
			if k < len(afters) {
				after = afters[k]
			}
			k++
			cue := own
			if cue == "" {
				cue = createCue(words[:i])
			}

			if cue == "" && i > 0 && (words[i-1] == "a" || words[i-1] == "an" || generatedWords[words[i-1]]) {
				cue = words[i-1]
			}
			if cue == "" {
				cue = counterCue(words[:i])
			}
			if cue == "" {
				cue = removalCue(words[:i])
			}
			if cue == "" {
				cue = imperativeAdd(words, i)
			}
			if cue == "" && markedNew(after) {
				cue = "create"
			}
			if cue == "" {
				cue = lead
			}
			if repo := ElsewhereRepository(cue); repo != "" && next < len(texts) {
				if r, ok := repositoryName(texts[next]); ok && r == repo {
					cue = "" // the span naming the repository is no path of it
				}
			}
			if next < len(spans) {
				if cue != "" {
					out[spans[next]] = cue
				}
				next++
			}
		}
	}
	return out
}

// blockText is the text of the block n, each code span in it as
// spanMark, and its code spans in order.
func blockText(n ast.Node, source []byte) (string, []*ast.CodeSpan) {
	var b strings.Builder
	var spans []*ast.CodeSpan
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(TextValue(c, source))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			b.WriteRune(spanMark)
			spans = append(spans, c)
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			b.Write(c.Label(source))
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String(), spans
}

// spanTexts are the trimmed texts of spans.
func spanTexts(spans []*ast.CodeSpan, source []byte) []string {
	out := make([]string, len(spans))
	for i, sp := range spans {
		out[i] = strings.TrimSpace(CodeSpanText(sp, source))
	}
	return out
}

// sentences splits text at sentence ends. The sentences are substrings of
// text: a block's text is read once, whatever its length.
func sentences(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
		if r != '.' && r != '!' && r != '?' {
			continue
		}
		next := i + 1 // the three ends are one byte each
		if next < len(text) {
			if nr, _ := utf8.DecodeRuneInString(text[next:]); !unicode.IsSpace(nr) {
				continue
			}
		}
		if r == '.' && abbreviations[strings.ToLower(strings.TrimLeft(lastToken(text[start:next]), "([\"'"))] {
			continue
		}
		out = append(out, text[start:next])
		start = next
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// lastToken is the run of non-space runes that ends s.
func lastToken(s string) string {
	i := strings.LastIndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s
	}
	_, w := utf8.DecodeRuneInString(s[i:])
	return s[i+w:]
}

// sentenceWords lowercases a sentence into its words (letters, digits and
// apostrophes, a typographic one read as ') and span marks, in order; the
// words are substrings of the lowercased sentence.
func sentenceWords(s string) []string {
	s = strings.ReplaceAll(strings.ToLower(s), "’", "'")
	var out []string
	start := -1
	for i, r := range s {
		switch {
		case r == spanMark:
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			out = append(out, string(spanMark))
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'':
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// ownerCue finds an owner word reaching a project word within two words.
func ownerCue(words []string) string {
	for i, w := range words {
		from := 0
		switch {
		case ownerWords[w]:
			from = i + 1
		case i+1 < len(words) && ownerPairs[[2]string{w, words[i+1]}]:
			from = i + 2
		default:
			continue
		}
		for j := from; j < len(words) && j <= from+2; j++ {
			if projectWords[words[j]] {
				var phrase []string
				for _, w := range words[i : j+1] {
					if w != string(spanMark) {
						phrase = append(phrase, w)
					}
				}
				return strings.Join(phrase, " ")
			}
		}
	}
	return ""
}

// createCue finds the last creation verb of before (the words that precede
// a span) with no "from" after it: a creation verb, "new" or "add" before
// a file noun ("add a new file `x`", "add directories like `x`"), or
// "move" when the span is where to ("Move shared UI to `app/ui/`": the
// destination is made by the move; "moved to" is a claim and stays one).
func createCue(before []string) string {
	n := len(before)
	for i := n - 1; i >= 0; i-- {
		w := before[i]
		switch {
		case w == "from" || w == "then":
			return ""
		case createWords[w]:
			return w
		case w == "new" && i+1 < n && newNouns[before[i+1]]:
			return "new " + before[i+1]
		case (w == "add" || w == "adding") && i+1 < n:
			noun := before[i+1]
			if (noun == "a" || noun == "an") && i+2 < n {
				noun = before[i+2]
			}
			if newNouns[noun] {
				return "add " + noun
			}
		case w == "move" && n > 0 && (before[n-1] == "to" || before[n-1] == "into"):
			return "move " + before[n-1]
		}
	}
	return ""
}

// imperativeAdd returns "add" when the sentence is an instruction to add
// the span's file: it opens with "add" (a plan's step: "Add
// `node/export.test.ts` (or extend an existing test)", "Add a colocated
// parser test (e.g. `src/toc.test.ts`)"), at most a short noun phrase and
// no preposition lie between, and the span is not added to something
// ("add `docs/x.md` to the nav" names a page that must exist).
func imperativeAdd(words []string, i int) string {
	if len(words) == 0 || words[0] != "add" || i < 1 || i > 8 {
		return ""
	}
	for _, w := range words[1:i] {
		if w == string(spanMark) || placeWords[w] {
			return ""
		}
	}
	if i+1 < len(words) && placeWords[words[i+1]] {
		return ""
	}
	return "add"
}

// placeWords put what precedes them somewhere: "add `x` to `y`".
var placeWords = map[string]bool{"to": true, "into": true, "in": true, "inside": true, "within": true,
	"under": true, "from": true, "for": true, "of": true, "as": true, "on": true, "at": true}

// spanAfters are the raw text after each code span of a sentence, up to
// the next span.
func spanAfters(s string) []string {
	parts := strings.Split(s, string(spanMark))
	return parts[1:]
}

// markedNew reports whether the text right after a span marks it as a
// file to make: "`export.test.ts` (create) — unit tests", "(new)".
func markedNew(after string) bool {
	after = strings.ToLower(strings.TrimSpace(after))
	for _, m := range []string{"(create)", "(new)", "(new file)", "(to create)", "(to be created)"} {
		if strings.HasPrefix(after, m) {
			return true
		}
	}
	return false
}

// counterPairs and counterWords, right before a span, make it a
// counter-example: "your path would not be `../page_b.html`", "write
// `new/x` instead of `old/x`". What the sentence says is not the path is
// no claim that it exists.
//
// A former name is no claim either: "`x.py` (formerly `old.py`)",
// "renamed from `old/`".
var (
	counterPairs = map[[2]string]bool{{"not", "be"}: true, {"is", "not"}: true, {"are", "not"}: true, {"instead", "of"}: true, {"rather", "than"}: true,
		{"renamed", "from"}: true, {"moved", "from"}: true}
	counterWords = map[string]bool{"isn't": true, "aren't": true, "formerly": true, "previously": true}
)

// counterCue returns the counter-example phrase that ends before (the
// words that precede a span), or "".
func counterCue(before []string) string {
	n := len(before)
	if n >= 2 && counterPairs[[2]string{before[n-2], before[n-1]}] {
		return before[n-2] + " " + before[n-1]
	}
	if n >= 1 && counterWords[before[n-1]] {
		return before[n-1]
	}
	return ""
}

// removalWords name taking a file away; removalFillers may stand between
// one and the spans it governs ("deletions of the old `a`, `b` and `c`").
var (
	removalWords = map[string]bool{
		"delete": true, "deletes": true, "deleted": true, "deleting": true, "deletion": true, "deletions": true,
		"remove": true, "removes": true, "removed": true, "removing": true, "removal": true, "removals": true,
	}
	removalFillers = map[string]bool{
		"of": true, "the": true, "a": true, "an": true, "this": true, "these": true, "those": true, "both": true,
		"and": true, "or": true, "old": true, "legacy": true, "obsolete": true, "file": true, "files": true,
		"directory": true, "directories": true, "folder": true, "folders": true, "module": true, "modules": true,
		"package": true, "packages": true, string(spanMark): true,
	}
)

// removalCue returns the removal word whose object the span is — before
// it, with nothing but removalFillers and other spans between ("Remove
// `a.py` and `b.py`", "deletions of `x/`") — or "". A span after another
// word is not its object: "remove the line from `config.yaml`" names a
// file that must exist.
func removalCue(before []string) string {
	for i := len(before) - 1; i >= 0; i-- {
		switch w := before[i]; {
		case removalWords[w]:
			return w
		case !removalFillers[w]:
			return ""
		}
	}
	return ""
}

// cueBlock is the block whose text holds the inline node n: the nearest
// paragraph, text block, heading or table cell above it.
func cueBlock(n ast.Node) ast.Node {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.(type) {
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading, *east.TableCell:
			return p
		}
	}
	return nil
}

// inLink reports whether n is part of a link's text.
func inLink(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.(type) {
		case *ast.Link:
			return true
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading, *east.TableCell:
			return false
		}
	}
	return false
}

// shortcode is an emoji or icon shortcode, :octicons-file-code-16:.
var shortcode = regexp.MustCompile(`:[a-z0-9_+-]+:`)

// caption reports whether the block n, whose text (spans as spanMark) is
// text, is a paragraph that only labels the code block right after it.
func caption(n ast.Node, text string) bool {
	if _, ok := n.(*ast.Paragraph); !ok || !strings.ContainsRune(text, spanMark) {
		return false
	}
	switch n.NextSibling().(type) {
	case *ast.CodeBlock, *ast.FencedCodeBlock:
	default:
		return false
	}
	for _, r := range shortcode.ReplaceAllString(text, "") {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// shownFile is the file a fenced code block right after the paragraph n
// says it shows, by the title of its info string (```go title="a/b.go"`,
// as Docusaurus and MkDocs Material write it); "" when there is none.
func shownFile(n ast.Node, source []byte) string {
	if _, ok := n.(*ast.Paragraph); !ok {
		return ""
	}
	fb, ok := n.NextSibling().(*ast.FencedCodeBlock)
	if !ok || fb.Info == nil {
		return ""
	}
	info := string(fb.Info.Segment.Value(source))
	_, rest, ok := strings.Cut(info, "title=")
	if !ok || rest == "" || (rest[0] != '"' && rest[0] != '\'') {
		return ""
	}
	title, _, ok := strings.Cut(rest[1:], rest[:1])
	if !ok {
		return ""
	}
	return strings.TrimSpace(title)
}

// leadCue is the cue a list item's block takes from the paragraph that
// introduces its list: the owner or creation cue of that paragraph's last
// sentence, when the paragraph ends in a colon; "" otherwise.
func leadCue(n ast.Node, source []byte) string {
	var list ast.Node
	for p := n.Parent(); p != nil; p = p.Parent() {
		if _, ok := p.(*ast.ListItem); ok {
			list = p.Parent()
			break
		}
	}
	if list == nil {
		return ""
	}
	if h, ok := list.PreviousSibling().(*ast.Heading); ok {
		return headingLead(h, source)
	}
	para, ok := list.PreviousSibling().(*ast.Paragraph)
	if !ok {
		return ""
	}
	if cue := leadElsewhere(para, source); cue != "" {
		return cue
	}
	text := strings.TrimSpace(inlineText(para, source, false))
	if !strings.HasSuffix(text, ":") {
		return ""
	}
	ss := sentences(text)
	words := sentenceWords(ss[len(ss)-1])
	if cue := ownerCue(words); cue != "" {
		return cue
	}
	return createCue(words)
}

// headingLead is the cue a heading gives the list under it when it names
// files to make or to remove ("Files to Delete", "New files", "Files to
// create"): a plan's list of what its steps will change, whose paths need
// not exist before the plan runs, and no longer after it deleted them.
func headingLead(h *ast.Heading, source []byte) string {
	words := sentenceWords(inlineText(h, source, false))
	file, verb := false, ""
	for _, w := range words {
		file = file || newNouns[w]
		if fileChangeWords[w] && verb == "" {
			verb = w
		}
	}
	if file && verb != "" {
		return verb
	}
	return ""
}

// fileChangeWords, in a heading beside a file noun, make or remove files.
var fileChangeWords = map[string]bool{"new": true, "create": true, "created": true, "add": true, "added": true,
	"delete": true, "deleted": true, "remove": true, "removed": true}

// elsewhereCue finds, in a sentence's words, "from" or "in" right before a
// span that names another repository (owner/name or its URL): "load these
// files from `github/gh-aw`", "see `docs/x.md` in `kubernetes/website`".
// The sentence's paths are that repository's. The cue is "from
// owner/name" (or "in …"); resolution drops it when owner/name is a
// directory here. texts are the code spans of the block from the
// sentence's first on.
func elsewhereCue(words []string, texts []string) string {
	k := 0 // the span a spanMark stands for
	for i, w := range words {
		if w != string(spanMark) {
			continue
		}
		// "renamed from `pkg/old`" names a former path, not a repository.
		former := i > 1 && words[i-1] == "from" && counterPairs[[2]string{words[i-2], "from"}]
		if i > 0 && k < len(texts) && !former && (words[i-1] == "from" || words[i-1] == "in") {
			if repo, ok := repositoryName(texts[k]); ok {
				return words[i-1] + " " + repo
			}
		}
		k++
	}
	return ""
}

// leadElsewhere finds, in the paragraph that introduces a list, a span
// naming another repository right after "from" or "in" (elsewhereCue over
// the whole paragraph): the list's items are that repository's paths,
// whether or not the paragraph ends in a colon ("Load these files from
// `github/gh-aw` (they are not available locally).").
func leadElsewhere(para ast.Node, source []byte) string {
	text, spans := blockText(para, source)
	if len(spans) == 0 {
		return ""
	}
	return elsewhereCue(sentenceWords(text), spanTexts(spans, source))
}

// ElsewhereRepository returns the repository an elsewhere cue names
// ("from owner/name"), or "" for another cue.
func ElsewhereRepository(cue string) string {
	for _, w := range []string{"from ", "in "} {
		if repo, ok := strings.CutPrefix(cue, w); ok {
			if r, ok := repositoryName(repo); ok {
				return r
			}
		}
	}
	return ""
}

// repositoryName reads a span that names a repository: owner/name (a
// GitHub owner — letters, digits, hyphens — and a name with no extension)
// or an https URL of github.com, gitlab.com, codeberg.org or
// bitbucket.org with exactly an owner and a name.
func repositoryName(s string) (string, bool) {
	for _, host := range []string{"https://github.com/", "https://gitlab.com/", "https://codeberg.org/", "https://bitbucket.org/"} {
		if rest, ok := strings.CutPrefix(s, host); ok {
			s = strings.TrimSuffix(strings.TrimSuffix(rest, "/"), ".git")
			break
		}
	}
	owner, name, ok := strings.Cut(s, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") || strings.Contains(name, ".") {
		return "", false
	}
	for _, r := range owner + name {
		if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "", false
		}
	}
	return owner + "/" + name, true
}

// A link's cue says the document itself holds its target optional: the
// table row the link sits in — a row of a table of files, as
// check-spelling's configuration README has one per file — says that the
// file is still to be made ("creating this file will override the default
// dictionary"): a creation verb, then within one word "this", "that" or
// "the" and "file", "directory" or "folder", or "it". Resolution reports
// no broken link for such a target (see Link.Cue). Only table rows are
// read: a row describes its one file, where a paragraph may name several.

// optionalNouns are what "creating this …" makes.
var optionalNouns = map[string]bool{"file": true, "directory": true, "folder": true}

// linkCue is the cue of a link in a table row, "" elsewhere or without one.
// Every link of a row shares the row's cue, so the row last asked about
// keeps its cue (cueRow) and is read once.
func (w *walker) linkCue(n ast.Node) string {
	row := tableRowOf(n)
	if row == nil {
		return ""
	}
	if row != w.cueRow {
		w.cueRow, w.rowCue = row, rowCue(row, w.body)
	}
	return w.rowCue
}

// tableRowOf is the table row (or header) n sits in, nil when n is in a
// paragraph, heading or list item first.
func tableRowOf(n ast.Node) ast.Node {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.(type) {
		case *east.TableRow, *east.TableHeader:
			return p
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading, *ast.ListItem:
			return nil
		}
	}
	return nil
}

// rowCue is the cue a table row's words say, or "".
func rowCue(row ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(row, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(TextValue(c, source))
			b.WriteByte(' ')
		case *ast.String:
			b.Write(c.Value)
		case *east.TableCell:
			b.WriteString(" | ")
		}
		return ast.WalkContinue, nil
	})
	words := sentenceWords(b.String())
	for i, w := range words {
		if !createWords[w] || i+1 >= len(words) {
			continue
		}
		next := words[i+1]
		if next == "it" {
			return w + " it"
		}
		if (next == "this" || next == "that" || next == "the") && i+2 < len(words) && optionalNouns[words[i+2]] {
			return w + " " + next + " " + words[i+2]
		}
	}
	return ""
}
