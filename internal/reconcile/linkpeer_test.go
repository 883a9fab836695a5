package reconcile

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// The link-checking comparison with remark-validate-links (npm): the
// fixture testdata/linkpeer, its recorded report remark.txt, and the
// command that records it (see testdata/linkpeer/README.md).

var updateLinkPeer = flag.Bool("update-linkpeer", false, "rewrite testdata/linkpeer/remark.txt from a live remark-validate-links run")

const (
	linkPeerDir       = "testdata/linkpeer"
	linkPeerRecording = "testdata/linkpeer/remark.txt"
	// peersDir holds the npm peer tools, relative to this package.
	peersDir  = "../../tools/peers"
	remarkBin = "node_modules/.bin/remark"
)

// Sides of a difference: the line only one of the tools reports.
const (
	remarkOnly    = "remark-validate-links only"
	docbridgeOnly = "docbridge only"
)

// linkPeerDifferences are the cases where the two tools legitimately
// disagree, as normalized report lines. Each is kept out of the comparison
// (a remark-only line is removed from the recording, a docbridge-only line
// added to it), and each must still occur, so the list cannot go stale.
var linkPeerDifferences = []struct {
	line, side, reason string
}{
	{"differences.md:10  missing-heading src/main.go#l1", remarkOnly,
		"without a hosted repository remark-validate-links does not know GitHub's #L<n> line anchors and looks for a heading in the source file; docbridge checks anchors only into documents"},
	{"differences.md:12  missing-file guide/nothing.md", docbridgeOnly,
		"remark-validate-links with repository:false skips root-absolute links (/guide/nothing.md); docbridge resolves them against the repository root, as GitHub does"},
	{"differences.md:14  missing-heading missing-page.md#intro", remarkOnly,
		"remark-validate-links reports an anchor into a missing file a second time as a missing heading; docbridge reports the link once, as BROKEN_LINK"},
	{"differences.md:17  missing-heading guide#nope", remarkOnly,
		"docbridge does not check anchors on links to directories (the snapshot records no link to a directory that is not an area or package); remark-validate-links checks them against the directory's README"},
	{"differences.md:19  missing-file missing-ref.md", docbridgeOnly,
		"a reference-style link: docbridge reports each use of the reference (two on line 19) ..."},
	{"differences.md:19  missing-file missing-ref.md", docbridgeOnly,
		"... the second use on line 19"},
	{"differences.md:21  missing-file missing-ref.md", remarkOnly,
		"... remark-validate-links reports the definition ([gone-ref]: missing-ref.md) once"},
	{"guide/advanced.md:16  missing-heading guide#usage", remarkOnly,
		"a directory link with a trailing slash (./#usage): remark-validate-links looks the README's headings up under the path with the slash and misses them; the heading exists, and docbridge does not check anchors on directory links"},
	{"guide/advanced.md:17  missing-heading tutorials#tutorials", remarkOnly,
		"the same trailing-slash case (../tutorials/#tutorials); the heading exists"},
}

// TestLinkPeerAgreesWithRecording: docbridge's broken links and anchors on
// the fixture are remark-validate-links' recorded ones, up to the listed
// differences.
func TestLinkPeerAgreesWithRecording(t *testing.T) {
	recorded := readLinkPeerRecording(t)
	got := docbridgeLinkReport(t)
	want := slices.Clone(recorded)
	for _, d := range linkPeerDifferences {
		switch d.side {
		case remarkOnly:
			i := slices.Index(want, d.line)
			if i < 0 {
				t.Errorf("listed difference %q no longer occurs in %s", d.line, linkPeerRecording)
				continue
			}
			want = slices.Delete(want, i, i+1)
		case docbridgeOnly:
			want = append(want, d.line)
		}
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("docbridge and remark-validate-links disagree beyond the listed differences:\n%s", lineDiff(want, got))
	}
	if n := len(recorded); n < 30 {
		t.Errorf("the recording holds %d broken links; the fixture is meant to exercise at least 30", n)
	}
}

// TestLinkPeerRecordingIsCurrent runs remark-validate-links on the fixture
// and checks the recording is what it reports today (or, with
// -update-linkpeer, rewrites it).
func TestLinkPeerRecordingIsCurrent(t *testing.T) {
	bin := filepath.Join(peersDir, remarkBin)
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("remark-validate-links is not installed (%v): run npm ci --prefix tools/peers", err)
	}
	live := runRemark(t)
	if *updateLinkPeer {
		data := strings.Join(live, "\n") + "\n"
		if err := os.WriteFile(linkPeerRecording, []byte(data), 0o644); err != nil {
			t.Fatalf("write %s: %v", linkPeerRecording, err)
		}
		return
	}
	if recorded := readLinkPeerRecording(t); !slices.Equal(live, recorded) {
		t.Errorf("%s is stale; rerun with -update-linkpeer:\n%s", linkPeerRecording, lineDiff(recorded, live))
	}
}

// TestLinkPeerReportIsRunOutput: the findings the comparison normalizes are
// exactly the BROKEN_LINK and BROKEN_ANCHOR diagnostics Run reports.
func TestLinkPeerReportIsRunOutput(t *testing.T) {
	s, cfg := scanDir(t, linkPeerDir)
	v := newView(Input{Head: s, Config: cfg}, cfg)
	fromRules := where(finalize(append(brokenLinks(v), brokenAnchors(v)...), func(string) catalog.Level { return catalog.Error }))
	ds := Run(Input{Head: s, Config: cfg})
	fromRun := where(append(withCode(ds, catalog.BrokenLink), withCode(ds, catalog.BrokenAnchor)...))
	if !slices.Equal(fromRules, fromRun) {
		t.Fatalf("Run reports\n%v\nthe rules find\n%v", fromRun, fromRules)
	}
}

// docbridgeLinkReport returns docbridge's broken links and anchors on the
// fixture as normalized, sorted report lines.
func docbridgeLinkReport(t *testing.T) []string {
	t.Helper()
	s, cfg := scanDir(t, linkPeerDir)
	v := newView(Input{Head: s, Config: cfg}, cfg)
	var out []string
	for _, f := range brokenLinks(v) {
		out = append(out, linkPeerLine(primary(f), "missing-file", f.Key))
	}
	for _, f := range brokenAnchors(v) {
		target, anchor, _ := strings.Cut(f.Key, "#")
		out = append(out, linkPeerLine(primary(f), "missing-heading", target+"#"+strings.ToLower(anchor)))
	}
	slices.Sort(out)
	return out
}

func linkPeerLine(at finding.Location, kind, target string) string {
	return fmt.Sprintf("%s:%d  %s %s", at.Path, at.Line, kind, target)
}

func readLinkPeerRecording(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(linkPeerRecording)
	if err != nil {
		t.Fatalf("read %s: %v", linkPeerRecording, err)
	}
	var out []string
	for l := range strings.SplitSeq(strings.TrimRight(string(data), "\n"), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// remarkWarning is one line of remark's default (vfile-reporter) output:
// place, severity, reason, rule id, origin.
var remarkWarning = regexp.MustCompile(`^\s*(\d+):\d+(?:-\d+:\d+)?\s+warning\s+(.*?)\s+(missing-file|missing-heading-in-file|missing-heading)\s+remark-validate-links:\S+\s*$`)

// runRemark runs the recorded command and normalizes its report.
func runRemark(t *testing.T) []string {
	t.Helper()
	peers, err := filepath.Abs(peersDir)
	if err != nil {
		t.Fatal(err)
	}
	fixture, err := filepath.Abs(linkPeerDir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// Plugins resolve from the working directory, so remark runs in
	// tools/peers, as the recorded command does.
	cmd := exec.CommandContext(ctx, filepath.Join(peers, remarkBin),
		"--use", "remark-validate-links=repository:false", "--frail", "--no-stdout", "--no-color", "--quiet", fixture)
	cmd.Dir = peers
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "FORCE_COLOR=0")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	// --frail exits 1 when there are warnings, which the fixture has.
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		t.Fatalf("remark: %v\n%s", err, out)
	}
	lines, err := normalizeRemark(string(out), peers, fixture)
	if err != nil {
		t.Fatalf("remark output: %v\n%s", err, out)
	}
	return lines
}

// normalizeRemark turns remark's report into sorted lines
// "path:line  missing-file target" / "path:line  missing-heading
// target#anchor", paths relative to the fixture. remark names files
// relative to its working directory and targets relative to the document.
func normalizeRemark(out, cwd, fixture string) ([]string, error) {
	var lines []string
	file := ""
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		switch m := remarkWarning.FindStringSubmatch(l); {
		case m != nil:
			if file == "" {
				return nil, fmt.Errorf("warning before any file name: %q", l)
			}
			kind, target, err := remarkTarget(m[2], m[3], file)
			if err != nil {
				return nil, err
			}
			lines = append(lines, fmt.Sprintf("%s:%s  %s %s", file, m[1], kind, target))
		case strings.TrimSpace(l) == "", strings.HasPrefix(l, "⚠"):
		case strings.HasPrefix(l, " "), strings.HasPrefix(l, "✖"):
			return nil, fmt.Errorf("unexpected line %q", l)
		default:
			p := l
			if !filepath.IsAbs(p) {
				p = filepath.Join(cwd, p)
			}
			rel, err := filepath.Rel(fixture, p)
			if err != nil || strings.HasPrefix(rel, "..") {
				return nil, fmt.Errorf("file %q outside the fixture", l)
			}
			file = filepath.ToSlash(rel)
		}
	}
	slices.Sort(lines)
	return lines, sc.Err()
}

// remarkTarget reads the target of one reason: "Cannot find file `x`",
// "Cannot find heading for `#a`" or "… for `#a` in `x`", each optionally
// followed by "; did you mean `s`". file is the document the reason is
// about; targets are relative to its directory.
func remarkTarget(reason, rule, file string) (kind, target string, err error) {
	dir := path.Dir(file)
	if i := strings.LastIndex(reason, "; did you mean `"); i >= 0 {
		reason = reason[:i]
	}
	switch rule {
	case "missing-file":
		f, ok := strings.CutPrefix(reason, "Cannot find file `")
		if !ok || !strings.HasSuffix(f, "`") {
			break
		}
		return "missing-file", path.Join(dir, strings.TrimSuffix(f, "`")), nil
	case "missing-heading":
		a, ok := strings.CutPrefix(reason, "Cannot find heading for `#")
		if !ok || !strings.HasSuffix(a, "`") {
			break
		}
		return "missing-heading", file + "#" + strings.TrimSuffix(a, "`"), nil
	case "missing-heading-in-file":
		a, ok := strings.CutPrefix(reason, "Cannot find heading for `#")
		i := strings.LastIndex(a, "` in `")
		if !ok || i < 0 || !strings.HasSuffix(a, "`") {
			break
		}
		return "missing-heading", path.Join(dir, strings.TrimSuffix(a[i+len("` in `"):], "`")) + "#" + a[:i], nil
	}
	return "", "", fmt.Errorf("unrecognized %s reason %q", rule, reason)
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got []string) string {
	var b strings.Builder
	rest := slices.Clone(got)
	for _, w := range want {
		if i := slices.Index(rest, w); i >= 0 {
			rest = slices.Delete(rest, i, i+1)
			continue
		}
		b.WriteString("- " + w + "\n")
	}
	for _, g := range rest {
		b.WriteString("+ " + g + "\n")
	}
	return b.String()
}
