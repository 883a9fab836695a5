package scan

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/history"
	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/repourl"
	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// A path-shaped code span that names nothing here is a claim about this
// repository — UNRESOLVED_PATH reports it — unless one of these says it is
// about something else. The span still resolves (a relation to an unresolved
// entity, or the near miss) so that drift against a base sees it; the
// relation's metadata unclaimed lists the occurrence with its reason, and
// the rule leaves it out.
const (
	// unclaimedLink: the span is a link's text; the link says what it
	// points at (a relative link is BROKEN_LINK's to judge).
	unclaimedLink = "link text"
	// unclaimedCue: the sentence speaks of the reader's own project, or of
	// a path to create (markdown.CodeSpan.Cue); the reason adds the cue.
	unclaimedCue = "sentence"
	// unclaimedIssue: owner/repo#123 is an issue or pull request.
	unclaimedIssue = "issue reference"
	// unclaimedSystem: an absolute path in a system or container tree.
	unclaimedSystem = "system path"
	// unclaimedAbsolute: any other absolute path in prose that names no
	// file (/docs/web/http, /api/v1/query) is a URL path as often as a
	// directory of the repository: a link says "from the root" with a
	// leading /, a code span does not. One that ends in a file name
	// (/src/old.go) stays a claim.
	unclaimedAbsolute = "absolute path"
	// unclaimedPlaceholder: a segment is a placeholder (see placeholder).
	unclaimedPlaceholder = "placeholder"
	// unclaimedIgnored: git ignores the path (or a built-in rule or the
	// configuration excludes it): a checkout never has it.
	unclaimedIgnored = "ignored"
	// unclaimedMadeBeside: the file is made from one beside it that
	// carries its name and one more extension — the template the reader
	// copies (.env from .env.example, config.yml from config.yml.dist) or
	// the script a build runs (Observable Framework's data loaders:
	// samples.arrow from samples.arrow.js, tolstoy.json from
	// tolstoy.json.R): a checkout never has it.
	unclaimedMadeBeside = "made from the file beside it"
	// unclaimedQualified: dir/pkg.Member names a member of the package at
	// dir/pkg (a Go type, a config key), not a file.
	unclaimedQualified = "qualified name"
	// unclaimedOwnerName: owner/name, two segments and no extension, is a
	// repository, an action, an image or an icon as often as a directory;
	// a near miss of an existing path still is a claim (a typo).
	unclaimedOwnerName = "owner/name"
	// unclaimedShallow: the span agrees with this repository only at its
	// first directory (`hack/x.sh`, `docs/mkdocs.yml`, `.changeset/pre/`):
	// top-level names are conventions most projects share, so a path of
	// another tree — the reader's project, another repository, a file a
	// tool makes at run time — looks the same. A span whose first two
	// directories exist here, one written from ./ or ../, or a near miss
	// of an existing path (a typo) is a claim; against a base, one that
	// resolved there still drifts.
	unclaimedShallow = "first directory only"
	// unclaimedCopy: the page is a copy of another repository's README by
	// its front matter (copiedFromAnother); its paths are that project's.
	unclaimedCopy = "a page copied from another repository"
	// unclaimedUserDoc: a page for the project's users — a documentation
	// site's page (a generator the scan knows, or one it inferred), or a
	// guide or tutorial (guideDirs) — names the paths of the project its
	// reader builds with the tool it documents (`src/routes/about.tsx`,
	// `test/support/conn_case.ex`) far more often than this repository's:
	// of 156 unresolved spans judged by hand across 61 repositories, 11
	// named a file here, 9 of them in contributors' and agents' documents
	// or written from ./ — yet across 74, the spans written from ./ or ../
	// in such pages named a file here once in 17 (`./src/index.js`,
	// `./loader-name` are the reader's). So such a page's span is a claim
	// only when the page is for contributors after all
	// (contributorDocument: a README, a contribution guide, agent
	// instructions); against a base, a span that resolved there still
	// drifts. Design and architecture pages elsewhere describe this
	// repository, and are read as before.
	unclaimedUserDoc = "a page for the project's users"
	// unclaimedFragment: a change-log fragment (history.Fragment:
	// .changeset/x.md, .changes/unreleased/x.yaml): one is written with a
	// change and gathered into the change log at release, so a document
	// names one to write, or one that was.
	unclaimedFragment = "a change-log fragment"
	// unclaimedForeignLanguage: the path is a source file in a
	// programming language no file of the repository is written in
	// (`examples/x.ts` in a Python project, `src/app.jsx` in a how-to of
	// the reader's app): another project's file, a port's or the
	// reader's. Scripts, styles, configuration and data are left to the
	// other rules: a project's one shell script or stylesheet, deleted,
	// leaves its kind gone with it. Drift still judges a path that
	// resolved in the base.
	unclaimedForeignLanguage = "a language the repository has no file in"
)

// maxUnclaimed bounds the unclaimed occurrences one relation lists, as its
// evidence is bounded.
const maxUnclaimed = snapshot.MaxEvidence

// unclaimed returns why a path-shaped span (ref as resolved, p the
// repository path it names) is not a claim about this repository, or "".
// near is set when the span is a near miss of an existing entity, typo
// when it is a near miss of an existing path in its own directory.
func (d *docRefs) unclaimed(doc, ref, p string, span *markdown.CodeSpan, near, typo bool) string {
	switch {
	case span.InLink:
		return unclaimedLink
	case d.t.byPath[doc] != nil && d.copiedFromAnother(d.t.byPath[doc]):
		return unclaimedCopy
	case (d.sitePage(doc) || inGuides(doc)) && !contributorDocument(doc):
		return unclaimedUserDoc
	case span.Cue != "" && !d.t.dirs[markdown.ElsewhereRepository(span.Cue)]:
		// An elsewhere cue naming a directory of this repository
		// ("from `src/lib`") is no other repository: the span is a claim.
		return unclaimedCue + ": " + span.Cue
	case issueRef.MatchString(ref):
		return unclaimedIssue
	case systemPath(ref):
		return unclaimedSystem
	case strings.HasPrefix(ref, "/") && path.Ext(strings.TrimSuffix(ref, "/")) == "":
		return unclaimedAbsolute
	case placeholder(ref):
		return unclaimedPlaceholder
	case d.qualified(p):
		return unclaimedQualified
	case d.madeBeside(p):
		return unclaimedMadeBeside
	case fragmentFile(p):
		return unclaimedFragment
	case d.foreignLanguage(p):
		return unclaimedForeignLanguage
	case d.t.ignored(p, strings.HasSuffix(ref, "/")) || (!strings.HasSuffix(ref, "/") && d.t.ignored(p, true)):
		return unclaimedIgnored
	case !near && ownerName.MatchString(ref):
		return unclaimedOwnerName
	case !typo && d.shallow(doc, ref) && !d.nearDir(p):
		return unclaimedShallow
	}
	return ""
}

// fragmentExts are the formats change-log fragments are written in
// (changesets and towncrier: Markdown or reStructuredText; changie: YAML);
// a fragment directory's configuration (.changeset/config.json) is not one.
var fragmentExts = []string{".md", ".markdown", ".rst", ".txt", ".yaml", ".yml"}

// fragmentFile reports whether p names a change-log fragment.
func fragmentFile(p string) bool {
	return history.Fragment(p) && slices.Contains(fragmentExts, strings.ToLower(path.Ext(p)))
}

// sitePage reports whether a site renders the document: a generator's the
// scan knows (Hugo's too), one it inferred or one it does not know
// (markUnknownSites).
func (d *docRefs) sitePage(doc string) bool {
	if _, in := siteRootOf(d.sites, doc); in {
		return true
	}
	if _, ok := d.unknownRenderer(doc); ok {
		return true
	}
	return d.hugoSite(doc) != nil
}

// guideDirs hold guides and tutorials for a project's users, at any depth.
var guideDirs = []string{"guides", "guide", "tutorials", "tutorial", "getting-started", "learn", "how-to", "howto", "cookbook", "recipes", "quickstart"}

// inGuides reports whether a directory above doc is a guideDirs one.
func inGuides(doc string) bool {
	return slices.ContainsFunc(strings.Split(parentDir(doc), "/"), func(seg string) bool { return slices.Contains(guideDirs, strings.ToLower(seg)) })
}

// contributorNames are the base names (lowercased, without extension) of
// the documents written for a repository's contributors and agents, whose
// paths are this repository's: a README (what the repository holds and how
// to build it), contribution and development guides, release notes for
// maintainers, agent instructions.
var contributorNames = map[string]bool{
	"readme": true, "contributing": true, "contributors": true, "development": true, "developing": true,
	"hacking": true, "architecture": true, "release": true, "releasing": true, "maintainers": true,
	"maintaining": true, "agents": true, "claude": true, "gemini": true, "copilot-instructions": true,
	"skill": true,
}

// contributorDirs hold documents for contributors and agents at any depth:
// the repository's GitHub settings and agent configuration.
var contributorDirs = []string{".github", ".claude", ".cursor", ".agents", ".gemini", ".codex"}

// contributorDocument reports whether doc is written for the repository's
// contributors and agents (contributorNames, contributorDirs), where a path
// in backticks is a claim about this repository.
func contributorDocument(doc string) bool {
	base := strings.ToLower(path.Base(doc))
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	if contributorNames[base] {
		return true
	}
	return slices.ContainsFunc(strings.Split(parentDir(doc), "/"), func(seg string) bool { return slices.Contains(contributorDirs, seg) })
}

// fromClone returns the rest of a span written from the directory a clone
// of this repository makes (`kustomize/functions/examples/x` in
// kubernetes-sigs/kustomize, whose clone is kustomize/), or from a tree
// that holds such a clone (`packages/pyright/packages/x/src/y.ts`, where
// pyright is a submodule of another repository): a segment is the
// repository's name, the rest after it starts at a top-level directory,
// and the span does not go on inside a directory the repository has
// there (its own packages/pyright/ holds no packages/). The repository's name comes from project.repository (the
// configuration, the environment or the origin remote).
func (d *docRefs) fromClone(ref string) (string, bool) {
	repo := d.t.cfg.Project.Repository
	name := repo[strings.LastIndexByte(repo, '/')+1:]
	if name == "" {
		return "", false
	}
	segs := strings.Split(ref, "/")
	for i := 0; i+1 < len(segs) && i < maxCloneDepth; i++ {
		if segs[i] != name {
			continue
		}
		clone, next := strings.Join(segs[:i+1], "/"), segs[i+1]
		if next == "" || d.t.dirs[path.Join(clone, next)] || !d.topLevel[next] || !d.t.dirs[next] {
			return "", false
		}
		return strings.Join(segs[i+1:], "/"), true
	}
	return "", false
}

// maxCloneDepth bounds how deep in another tree a clone of this repository
// is looked for: packages/name/, vendor/github.com/owner/name/.
const maxCloneDepth = 5

// nearDir reports whether p, a name without an extension, has exactly
// one directory beside it (the same parent) that is a near miss of it: `src/apq/` for `src/app/`, a typo the
// near-miss index of files does not see.
func (d *docRefs) nearDir(p string) bool {
	if path.Ext(p) != "" {
		return false // a file name is no typo of a directory (`docs/about.md`, `docs/about/`)
	}
	n := 0
	for _, dir := range d.t.subdirsOf(parentDir(p)) {
		if dir != p && nearmiss.JaroWinkler(dir, p) >= nearmiss.Threshold {
			n++
		}
	}
	return n == 1
}

// shallow reports whether the span ref agrees with the repository only at
// its first directory: no directory of its first two segments, as written,
// exists from any place it may be written from (the root, the document's
// directory, a directory above it). A span written from ./ or ../ says
// where it starts, and is never shallow.
func (d *docRefs) shallow(doc, ref string) bool {
	if strings.HasPrefix(ref, "./") || strings.HasPrefix(ref, "../") {
		return false
	}
	segs := strings.Split(strings.Trim(ref, "/"), "/")
	if len(segs) < 3 {
		return true // a file or directory in a top-level directory
	}
	two := path.Join(segs[0], segs[1])
	if d.t.dirs[two] {
		return false
	}
	if strings.HasPrefix(ref, "/") {
		return true // from the root only
	}
	for dir := parentDir(doc); dir != "."; dir = parentDir(dir) {
		if d.t.dirs[path.Join(dir, two)] {
			return false
		}
	}
	return true
}

// sourceSuffixes end the name of a file another is made from, the name
// without them: a template the reader copies, or a script a build runs
// (data loaders, in the languages Observable Framework runs).
var sourceSuffixes = []string{
	".example", ".sample", ".template", ".tmpl", ".dist", ".default",
	".js", ".ts", ".py", ".R", ".r", ".sh", ".jl", ".go", ".java", ".rs", ".php", ".exe",
}

// foreignLanguage reports whether p's extension is a programming
// language's (sourceExtensions) that no file of the tree has.
func (d *docRefs) foreignLanguage(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	return sourceExtensions[ext] && !d.exts[ext]
}

// sourceExtensions are the extensions of programming languages' source
// files: what a project is written in, never a byproduct of it.
var sourceExtensions = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`.js .mjs .cjs .ts .mts .cts .tsx .jsx .vue .svelte .astro .go .py .pyi .rs .rb .java .kt .kts
		.scala .swift .c .h .cc .cpp .hpp .cs .fs .php .lua .dart .ex .exs .erl .hs .ml .jl .zig .nim .clj .elm`) {
		m[e] = true
	}
	return m
}()

// treeExtensions is the set of the paths' extensions, lowercased.
func treeExtensions(paths []string) map[string]bool {
	out := map[string]bool{}
	for _, p := range paths {
		out[strings.ToLower(path.Ext(p))] = true
	}
	return out
}

// madeBeside reports whether the repository has p with a source suffix
// (sourceSuffixes) and p has an extension of its own: p is made from that
// file.
func (d *docRefs) madeBeside(p string) bool {
	if path.Ext(p) == "" {
		return false
	}
	return slices.ContainsFunc(sourceSuffixes, func(suf string) bool { return d.t.files[p+suf] })
}

// packageMember reports whether p is dir/Name where a module right in dir
// declares Name: a Go package's exported name written after its directory
// (`pkg/proc/BinaryInfo`), not a file.
func (d *docRefs) packageMember(p string) bool {
	dir, name := parentDir(p), path.Base(p)
	if d.symbols == nil || dir == "." || !d.t.dirs[dir] || !identifier(name) {
		return false
	}
	return slices.ContainsFunc(d.symbols.Declarers(name), func(id string) bool {
		_, file, _ := snapshot.ParseEntityID(id)
		return parentDir(file) == dir
	})
}

// qualified reports whether p is dir/pkg.Member, or dir/Member
// (packageMember): the part before the last
// dot is a directory of the repository and the part after it an
// identifier no file extension looks like (it starts with a capital letter,
// as a Go export, or holds an underscore): service/internal/graph.Host,
// config/confighttp.client_config.
func (d *docRefs) qualified(p string) bool {
	if d.packageMember(p) {
		return true
	}
	i := strings.LastIndexByte(p, '.')
	if i <= 0 || strings.LastIndexByte(p, '/') > i || !d.t.dirs[p[:i]] {
		return false
	}
	member := p[i+1:]
	if member == "" || !(unicode.IsUpper(rune(member[0])) || strings.Contains(member, "_")) {
		return false
	}
	for _, r := range member {
		if !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// ownerName is owner/name: a GitHub owner (letters, digits, hyphens) and a
// name without an extension or a trailing slash.
var ownerName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9_-]+$`)

// markUnclaimed records on rel that the occurrence (line, text) is not a
// claim, for why. Only occurrences the relation keeps as evidence are
// listed: the rule judges evidence.
func markUnclaimed(rel *snapshot.Relation, text string, line int, why string) {
	if why == "" {
		return
	}
	kept := false
	for _, e := range rel.Evidence {
		if e.LineStart == line && e.Context == text {
			kept = true
			break
		}
	}
	list, _ := rel.Metadata["unclaimed"].([]any)
	if !kept || len(list) >= maxUnclaimed {
		return
	}
	for _, v := range list {
		if m, _ := v.(map[string]any); m["line"] == line && m["text"] == text {
			return
		}
	}
	setMeta(&rel.Metadata, "unclaimed", append(list, map[string]any{"text": text, "line": line, "reason": why}))
}

// issueRef is owner/repo#123: GitHub's cross-repository issue reference.
var issueRef = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+#[0-9]+$`)

// systemRoots are the first directories of absolute paths on a system or
// in a container (the Filesystem Hierarchy Standard's, and the working
// directories of common images and CI runners): /etc/hosts is not the
// repository's etc/hosts.
var systemRoots = map[string]bool{
	"bin": true, "boot": true, "dev": true, "etc": true, "home": true, "lib": true, "lib32": true, "lib64": true,
	"media": true, "mnt": true, "opt": true, "proc": true, "root": true, "run": true, "sbin": true, "srv": true,
	"sys": true, "tmp": true, "usr": true, "var": true,
	"app": true, "workspace": true, "workspaces": true, "github": true, "go": true,
}

// systemPath reports an absolute path into a system or container tree.
// (A home path, ~/.config, or a drive path, C:\ or C:/, never looks like a
// path of the repository: its first segment is no directory here.)
func systemPath(ref string) bool {
	rest, ok := strings.CutPrefix(ref, "/")
	if !ok {
		return false
	}
	first, _, _ := strings.Cut(rest, "/")
	return systemRoots[first]
}

// placeholderWords are segments (or file names without extension) that
// stand for a name the reader chooses: metasyntactic variables.
var placeholderWords = map[string]bool{"foo": true, "bar": true, "baz": true, "qux": true, "quux": true, "yyy": true, "zzz": true}

// placeholderPrefixes open a name the reader chooses: your-app, my_module.
var placeholderPrefixes = []string{"your-", "your_", "my-", "my_"}

// templateWords are the upper-case words that stand for a value in a
// template path (changelogs/0.MINOR.x.md, docs/NAME.md); README, LICENSE and
// the like are real names and are not among them.
var templateWords = map[string]bool{
	"NAME": true, "VERSION": true, "MAJOR": true, "MINOR": true, "PATCH": true, "ID": true, "NUMBER": true,
	"DATE": true, "YYYY": true, "MM": true, "DD": true, "TAG": true, "BRANCH": true, "USER": true, "USERNAME": true,
	"OWNER": true, "ORG": true, "REPO": true, "PROJECT": true, "PACKAGE": true, "MODULE": true, "COMPONENT": true,
	"FILE": true, "FILENAME": true, "DIR": true, "PATH": true, "HASH": true, "SHA": true, "OS": true, "ARCH": true,
}

// placeholder reports whether a path is a template rather than a path:
// a segment that is an ellipsis (... or …) or holds one, or is a name in
// square brackets ([lang-code]), a run of x
// (xxx, XXXX), a metasyntactic variable (foo, bar, baz, qux, quux, yyy,
// zzz), a name the reader chooses (your-…, my-…, YourName), an example domain
// (example.com, .org, .net), path/to/…, or a segment with an upper-case
// template word between dots, dashes or underscores (0.MINOR.x.md,
// release-VERSION.md), or a route parameter (a segment :name, as in the
// permalink /docs/:path/), or a version pattern (vX.Y.Z). Spans with <name>, {name}, $NAME, * or ? are never
// path-shaped to begin with.
func placeholder(ref string) bool {
	segs := strings.Split(strings.Trim(ref, "/"), "/")
	for i, seg := range segs {
		for _, w := range strings.FieldsFunc(seg, func(r rune) bool { return r == '.' || r == '-' || r == '_' }) {
			if templateWords[w] || fillIn(w) {
				return true
			}
		}
		s := strings.ToLower(seg)
		stem, _, _ := strings.Cut(s, ".")
		switch {
		case strings.Contains(s, "...") || strings.Contains(s, "…"):
			return true
		case bracketedName(seg):
			return true
		case len(seg) > 1 && seg[0] == ':':
			return true
		case versionPattern(seg):
			return true
		case len(stem) >= 2 && strings.Trim(stem, "x") == "":
			return true
		case placeholderWords[stem]:
			return true
		case strings.Contains(s, "example.com") || strings.Contains(s, "example.org") || strings.Contains(s, "example.net"):
			return true
		case s == "path" && i+1 < len(segs) && strings.EqualFold(segs[i+1], "to"):
			return true
		}
		for _, p := range placeholderPrefixes {
			if strings.HasPrefix(s, p) {
				return true
			}
		}
	}
	return false
}

// fillIn reports a word that asks the reader to fill it in: a name in
// square brackets ([name].ts, which no file of the repository has — a
// route file of that name resolves before this is asked) or one that
// ends in "Here" (EventNameHere), or a camel-case name the reader chooses
// (YourProvider, MyComponent). (<name> and {name} are no path at all:
// pathShaped.)
func fillIn(w string) bool {
	if len(w) >= 3 && w[0] == '[' && w[len(w)-1] == ']' {
		return identifier(w[1 : len(w)-1])
	}
	for _, p := range []string{"Your", "My"} {
		if rest, ok := strings.CutPrefix(w, p); ok && rest != "" && unicode.IsUpper(rune(rest[0])) {
			return true
		}
	}
	return len(w) > 4 && strings.HasSuffix(w, "Here") && unicode.IsUpper(rune(w[0]))
}

// bracketedName reports whether a segment is a name in square brackets,
// hyphens and underscores allowed ([lang-code], [page_id].md): a
// route parameter or a name the reader fills in (fillIn sees only the
// words between hyphens).
func bracketedName(seg string) bool {
	end := strings.IndexByte(seg, ']')
	if end < 2 || seg[0] != '[' || (end+1 < len(seg) && seg[end+1] != '.') {
		return false // the name may have an extension after it: [page_id].md
	}
	return identifier(strings.ReplaceAll(seg[1:end], "-", "_"))
}

// versionPattern reports whether a segment is a version written as its
// pattern, X.Y or X.Y.Z in capitals, with an optional v (the tag
// theme/vX.Y.Z): the reader fills in the numbers.
func versionPattern(seg string) bool {
	s := strings.TrimPrefix(seg, "v")
	if ext := path.Ext(s); fileExtension(ext) {
		s = strings.TrimSuffix(s, ext) // changelogs/vX.Y.md
	}
	return s == "X.Y" || s == "X.Y.Z"
}

// lineSuffix is a line (and column) or line range after a path:
// main.go:12, main.go:12:5, main.go:12-20.
var lineSuffix = regexp.MustCompile(`:([0-9]+)(?:([:-])([0-9]+))?$`)

// place is what a span names when it locates something within a file: the
// file's path, and the last line of a line suffix or line anchor (0 when
// none) or the items of a test id (x.py::TestY::test_z, y.rs::test_name).
type place struct {
	path  string
	last  int
	items []string
}

// pathLocation returns the path a span names and the place in it: a
// fragment (a.go#L10, a.go#L10-L20, docs/x.md#usage), a line suffix
// (a.go:10, a.go:12:5, a.go:12-20), test items after "::" (pytest's node
// ids, a Rust test's path) or a name after ":" (util.ts:detect), which
// names the file. The fragment of owner/repo#123 (digits only)
// is an issue number, not a place in a file, and is kept; so is text with
// no location.
func pathLocation(text string) place {
	if p, rest, ok := strings.Cut(text, "::"); ok && p != "" {
		if items, ok := testItems(rest); ok && fileExt(p) {
			return place{path: p, items: items}
		}
		return place{path: text}
	}
	if i := strings.IndexByte(text, '#'); i > 0 {
		frag, p := text[i+1:], text[:i]
		if _, last, ok := repourl.Lines(frag); ok && (strings.Contains(p, "/") || fileExt(p)) {
			return place{path: p, last: last}
		}
		digits := frag != "" && strings.Trim(frag, "0123456789") == ""
		if !digits && frag != "" && strings.Contains(p, "/") {
			return place{path: p}
		}
		return place{path: text}
	}
	if m := lineSuffix.FindStringSubmatchIndex(text); m != nil && m[0] > 0 && strings.ContainsAny(text[:m[0]], "/.") {
		// :12:5 is a line and a column; :12-20 a range.
		last := text[m[2]:m[3]]
		if m[4] >= 0 && text[m[4]:m[5]] == "-" {
			last = text[m[6]:m[7]]
		}
		n, err := strconv.Atoi(last)
		if err != nil {
			n = 0 // past int: no line to check
		}
		return place{path: text[:m[0]], last: n}
	}
	if p, name, ok := strings.Cut(text, ":"); ok && fileExt(p) && identifier(name) {
		// A file and a name in it (src/config/util.ts:detectActiveBundler,
		// as agents' notes write): the span names the file.
		return place{path: p}
	}
	return place{path: text}
}

// testItems splits what follows a file's "::" into names: identifiers, the
// last one with an optional pytest parameter id ([a-1]) that is dropped.
func testItems(rest string) ([]string, bool) {
	items := strings.Split(rest, "::")
	last := &items[len(items)-1]
	if i := strings.IndexByte(*last, '['); i > 0 && strings.HasSuffix(*last, "]") {
		*last = (*last)[:i]
	}
	for _, it := range items {
		if it == "" || strings.IndexFunc(it, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
			return nil, false
		}
	}
	return items, true
}

// fileExt reports whether a path's last segment has an extension of
// letters and digits (x.py, y.rs): a file, not a module path (crate::x).
func fileExt(p string) bool {
	ext := strings.TrimPrefix(path.Ext(p), ".")
	return ext != "" && strings.IndexFunc(ext, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) < 0
}

// maxMissingPlaces bounds the missing places one relation records.
const maxMissingPlaces = 64

// missingPlace checks a place against the file at p as the scan read it
// and returns what refutes it, nil when nothing does: a last line past the
// file's end ({"lines": n}), or a test id's first item that a Python
// module does not define ({"item": name}). Only a Python module whose
// public top-level names are all known is checked — no __all__, no
// analysis cut short — and only the first item: methods of a class, and
// the items of languages the scan does not analyze (a Rust test), are not
// recorded, so that path is all there is to check.
func (d *docRefs) missingPlace(p string, pl place) map[string]any {
	x := d.t.byPath[p]
	if x == nil {
		return nil
	}
	if pl.last > 0 && x.Lines > 0 && pl.last > x.Lines {
		return map[string]any{"lines": x.Lines}
	}
	if len(pl.items) == 0 || x.Python == nil || x.Python.HasAll || strings.HasPrefix(pl.items[0], "_") {
		return nil
	}
	if slices.ContainsFunc(x.issues(), func(i extract.Issue) bool { return i.Status != "" }) {
		return nil
	}
	if slices.ContainsFunc(x.Python.Exports, func(e python.Export) bool { return e.Name == pl.items[0] }) {
		return nil
	}
	return map[string]any{"item": pl.items[0]}
}

// markMissingPlace records on rel (metadata missingPlaces) that the span
// text on line names a place missing refutes.
func markMissingPlace(rel *snapshot.Relation, text string, line int, missing map[string]any) {
	if rel == nil || missing == nil {
		return
	}
	list, _ := rel.Metadata["missingPlaces"].([]any)
	if len(list) >= maxMissingPlaces {
		return
	}
	for _, v := range list {
		if m, _ := v.(map[string]any); m["line"] == line && m["text"] == text {
			return
		}
	}
	m := map[string]any{"text": text, "line": line}
	for k, v := range missing {
		m[k] = v
	}
	setMeta(&rel.Metadata, "missingPlaces", append(list, m))
}
