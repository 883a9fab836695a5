package ghapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/google/go-github/v66/github"

	"github.com/docbridge/docbridge/internal/review"
)

// Bounds of the GitHub poster.
const (
	// maxCommentBody is GitHub's limit on a comment body (it answers 422
	// "Body is too long" above it); the renderer stays under 60,000.
	maxCommentBody = 65536
	// commentsPerPage is the page size of the comment listing (GitHub's
	// maximum).
	commentsPerPage = 100
	// maxCommentPages bounds the search for the sticky comment (10,000
	// comments); past it a new comment is created and a line says why.
	maxCommentPages = 100
	// requestTimeout bounds one HTTP request.
	requestTimeout = 30 * time.Second
)

// conclusions are the check-run conclusions the API accepts.
var conclusions = []string{"action_required", "cancelled", "failure", "neutral", "success", "skipped", "stale", "timed_out"}

// GitHubOptions configure the GitHub poster.
type GitHubOptions struct {
	// Token is the github-token input (GITHUB_TOKEN or an App token).
	Token string
	// APIURL is GITHUB_API_URL (https://api.github.com, or GHES's
	// https://HOST/api/v3); "" means api.github.com.
	APIURL string
	// Repository is owner/name (GITHUB_REPOSITORY).
	Repository string
	// BotLogin is the token's identity, whose sticky comment is edited;
	// "" means defaultBotLogin.
	BotLogin string
	// DetailsURL is the workflow run, linked from the check run.
	DetailsURL string
	// HTTPClient carries the requests; nil means one with requestTimeout.
	HTTPClient *http.Client
	// Log receives a line when something is off but not an error (the
	// comment search hit its bound); nil discards.
	Log io.Writer
	// Sleep waits d before a retry, or less when ctx ends first (its
	// error then); nil waits for real. A test passes one that returns at
	// once, so that a matrix of failures takes no minutes.
	Sleep func(ctx context.Context, d time.Duration) error
}

// GitHub posts through the GitHub REST API.
type GitHub struct {
	client      *github.Client
	owner, repo string
	bot         string
	detailsURL  string
	log         io.Writer
	retry       retrier
}

var _ Poster = (*GitHub)(nil)

// NewGitHub returns the GitHub poster for opts.
func NewGitHub(opts GitHubOptions) (*GitHub, error) {
	owner, repo, ok := strings.Cut(opts.Repository, "/")
	if !ok || owner == "" || repo == "" || strings.Contains(repo, "/") {
		return nil, fmt.Errorf("repository %q: want owner/name", opts.Repository)
	}
	if opts.Token == "" {
		return nil, errors.New("no GitHub token")
	}
	hc := opts.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: requestTimeout}
	}
	client := github.NewClient(hc).WithAuthToken(opts.Token)
	client.UserAgent = "docbridge"
	if opts.APIURL != "" {
		base, err := url.Parse(strings.TrimRight(opts.APIURL, "/") + "/")
		if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" {
			return nil, fmt.Errorf("GitHub API URL %q: want an http(s) URL", opts.APIURL)
		}
		// go-github resolves paths against BaseURL, which must end in "/".
		client.BaseURL = base
	}
	g := &GitHub{client: client, owner: owner, repo: repo, bot: opts.BotLogin, detailsURL: opts.DetailsURL,
		log: opts.Log, retry: defaultRetrier()}
	if g.bot == "" {
		g.bot = defaultBotLogin
	}
	if g.log == nil {
		g.log = io.Discard
	}
	if opts.Sleep != nil {
		g.retry.sleep = opts.Sleep
	}
	g.retry.log = g.log
	return g, nil
}

// StartCheck creates the check run, in progress, on headSHA.
func (g *GitHub) StartCheck(ctx context.Context, headSHA string) (CheckRef, error) {
	if headSHA == "" {
		return CheckRef{}, errors.New("create check run: no head SHA")
	}
	// The external id tells this run's check run from another's on the
	// same commit: a create whose answer was lost is found by it instead
	// of made twice (a second run would stay in progress for ever).
	external, err := newExternalID()
	if err != nil {
		return CheckRef{}, fmt.Errorf("create check run: %w", err)
	}
	opts := github.CreateCheckRunOptions{Name: checkName, HeadSHA: headSHA, Status: github.String("in_progress"), ExternalID: github.String(external)}
	if g.detailsURL != "" {
		opts.DetailsURL = github.String(g.detailsURL)
	}
	var run *github.CheckRun
	err = g.retry.create(ctx, "create check run", func() (*github.Response, error) {
		var resp *github.Response
		var err error
		run, resp, err = g.client.Checks.CreateCheckRun(ctx, g.owner, g.repo, opts)
		return resp, err
	}, func() (bool, error) {
		found, err := g.findCheck(ctx, headSHA, external)
		if found != nil {
			run = found
		}
		return found != nil, err
	})
	if err != nil {
		return CheckRef{}, err
	}
	if run.GetID() == 0 {
		return CheckRef{}, errors.New("create check run: the answer has no id")
	}
	return CheckRef{ID: run.GetID()}, nil
}

// newExternalID is a check run's external id: random, 16 hex digits.
func newExternalID() (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return "docbridge-" + hex.EncodeToString(b[:]), nil
}

// findCheck returns this bot's check run on headSHA whose external id is
// external; nil when there is none.
func (g *GitHub) findCheck(ctx context.Context, headSHA, external string) (*github.CheckRun, error) {
	list, _, err := g.client.Checks.ListCheckRunsForRef(ctx, g.owner, g.repo, headSHA,
		&github.ListCheckRunsOptions{CheckName: github.String(checkName), Filter: github.String("all"), ListOptions: github.ListOptions{PerPage: 100}})
	if err != nil {
		return nil, fmt.Errorf("find check run %s: %w", external, err)
	}
	for _, run := range list.CheckRuns {
		if run.GetExternalID() == external && run.GetID() != 0 {
			return run, nil
		}
	}
	return nil, nil
}

// FinishCheck completes the run: the first update sets the conclusion,
// title, summary and the first batch of annotations; each further update
// appends a batch (GitHub takes at most 50 per request). Every update
// repeats title and summary, which the API requires with an output.
func (g *GitHub) FinishCheck(ctx context.Context, ref CheckRef, out review.CheckRunOutput, conclusion string) error {
	if ref.ID == 0 {
		return errors.New("finish check run: no check run was started")
	}
	if !slices.Contains(conclusions, conclusion) {
		return fmt.Errorf("finish check run: conclusion %q is not one of %s", conclusion, strings.Join(conclusions, ", "))
	}
	if len(out.Summary) > review.MaxCheckRunText {
		return fmt.Errorf("finish check run: summary of %d characters passes the limit of %d", len(out.Summary), review.MaxCheckRunText)
	}
	title := out.Title
	if title == "" {
		title = checkName // GitHub requires a title with an output
	}
	batches := out.Batches()
	annotated := 0 // the run's annotations once this batch is in
	for i, batch := range batches {
		opts := github.UpdateCheckRunOptions{Name: checkName, Output: &github.CheckRunOutput{
			Title: github.String(title), Summary: github.String(out.Summary), Annotations: apiAnnotations(batch)}}
		if i == 0 {
			opts.Status = github.String("completed")
			opts.Conclusion = github.String(conclusion)
		}
		annotated += len(batch)
		op := fmt.Sprintf("update check run %d (batch %d of %d)", ref.ID, i+1, len(batches))
		// GitHub appends each update's annotations: an update that took
		// effect and is sent again posts its batch twice. The run's
		// annotation count says whether it took.
		want := annotated
		err := g.retry.create(ctx, op, func() (*github.Response, error) {
			_, resp, err := g.client.Checks.UpdateCheckRun(ctx, g.owner, g.repo, ref.ID, opts)
			return resp, err
		}, func() (bool, error) {
			run, _, err := g.client.Checks.GetCheckRun(ctx, g.owner, g.repo, ref.ID)
			if err != nil {
				return false, fmt.Errorf("read check run %d: %w", ref.ID, err)
			}
			return run.GetStatus() == "completed" && run.GetOutput().GetAnnotationsCount() == want, nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// apiAnnotations converts a batch for go-github, columns only on one line.
func apiAnnotations(batch []review.Annotation) []*github.CheckRunAnnotation {
	out := make([]*github.CheckRunAnnotation, 0, len(batch))
	for _, a := range batch {
		a = a.Normalized()
		ca := &github.CheckRunAnnotation{
			Path:            github.String(a.Path),
			StartLine:       github.Int(a.StartLine),
			EndLine:         github.Int(a.EndLine),
			AnnotationLevel: github.String(a.Level),
			Message:         github.String(a.Message),
		}
		if a.Title != "" {
			ca.Title = github.String(a.Title)
		}
		if a.StartColumn > 0 {
			ca.StartColumn, ca.EndColumn = github.Int(a.StartColumn), github.Int(a.EndColumn)
		}
		out = append(out, ca)
	}
	return out
}

// UpsertComment finds the sticky comment — the first comment of the pull
// request whose body starts with the marker and whose author is this bot
// (another user's comment with the marker is not ours to edit) — by
// listing every page, then edits it in place, or creates it when there is
// none. An unchanged body is not sent again.
func (g *GitHub) UpsertComment(ctx context.Context, pr int, body string) error {
	return g.UpsertMarkedComment(ctx, pr, review.StickyMarker, body)
}

// UpsertMarkedComment is UpsertComment for the comment that starts with
// marker (an HTML comment): a pull request can carry several sticky
// comments, one per marker.
func (g *GitHub) UpsertMarkedComment(ctx context.Context, pr int, marker, body string) error {
	if pr <= 0 {
		return fmt.Errorf("sticky comment: pull request number %d", pr)
	}
	if !strings.HasPrefix(marker, "<!-- ") || !strings.HasPrefix(body, marker) {
		return errors.New("sticky comment: the body does not start with the marker")
	}
	if len(body) > maxCommentBody {
		return fmt.Errorf("sticky comment: body of %d characters passes GitHub's limit of %d", len(body), maxCommentBody)
	}
	found, err := g.findSticky(ctx, pr, marker)
	if err != nil {
		return err
	}
	if found != nil {
		if found.GetBody() == body {
			return nil
		}
		return g.retry.do(ctx, fmt.Sprintf("edit comment %d", found.GetID()), func() (*github.Response, error) {
			_, resp, err := g.client.Issues.EditComment(ctx, g.owner, g.repo, found.GetID(), &github.IssueComment{Body: github.String(body)})
			return resp, err
		})
	}
	return g.retry.create(ctx, fmt.Sprintf("create comment on #%d", pr), func() (*github.Response, error) {
		_, resp, err := g.client.Issues.CreateComment(ctx, g.owner, g.repo, pr, &github.IssueComment{Body: github.String(body)})
		return resp, err
	}, func() (bool, error) {
		// A create whose answer was lost: the comment is there if it took.
		found, err := g.findSticky(ctx, pr, marker)
		return found != nil, err
	})
}

// findSticky lists the pull request's comments, page by page, for the
// first sticky comment by this bot; nil when there is none.
func (g *GitHub) findSticky(ctx context.Context, pr int, marker string) (*github.IssueComment, error) {
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: commentsPerPage}}
	for page := 1; ; page++ {
		var comments []*github.IssueComment
		var resp *github.Response
		err := g.retry.do(ctx, fmt.Sprintf("list comments of #%d (page %d)", pr, page), func() (*github.Response, error) {
			var err error
			comments, resp, err = g.client.Issues.ListComments(ctx, g.owner, g.repo, pr, opts)
			return resp, err
		})
		if err != nil {
			return nil, err
		}
		for _, c := range comments {
			if g.isSticky(c, marker) {
				return c, nil
			}
		}
		if resp.NextPage == 0 {
			return nil, nil
		}
		if page == maxCommentPages {
			fmt.Fprintf(g.log, "docbridge: no sticky comment in the first %d pages of comments on #%d; posting a new one\n", page, pr)
			return nil, nil
		}
		opts.Page = resp.NextPage
	}
}

// isSticky reports whether c is this bot's sticky comment. Logins are
// case-insensitive; "[bot]" cannot occur in a user's login, so no person
// can pass as the default bot.
func (g *GitHub) isSticky(c *github.IssueComment, marker string) bool {
	return strings.EqualFold(c.GetUser().GetLogin(), g.bot) &&
		strings.HasPrefix(strings.TrimLeft(c.GetBody(), " \t\r\n"), marker)
}
