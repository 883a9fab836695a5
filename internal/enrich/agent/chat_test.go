package agent

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The client's edges: an error body that is not JSON keeps the status as
// the message; a 2xx body that is no completion is an error of its own
// (the agent retries it as a server failure); the request names its
// content type and token.
func TestChatClientAnswers(t *testing.T) {
	for _, c := range []struct {
		name, body string
		status     int
		wantAPI    string // the *apiError's text, "" for another error
		wantErr    string
	}{
		{"error body not JSON", "<html>bad gateway</html>", 502, "HTTP 502: Bad Gateway", ""},
		{"error body with a message", `{"error":{"message":"token expired"}}`, 401, "HTTP 401: token expired", ""},
		{"2xx not a completion", "<html>proxy</html>", 200, "", "not a chat completion"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("Content-Type") != "application/json" || r.Header.Get("Authorization") != "Bearer tok" || r.URL.Path != "/v1/chat/completions" {
					t.Errorf("request %s %s, headers %v", r.Method, r.URL.Path, r.Header)
				}
				w.WriteHeader(c.status)
				_, _ = w.Write([]byte(c.body))
			}))
			defer srv.Close()
			_, err := newChatClient(srv.URL+"/v1/", "tok").complete(context.Background(), chatRequest{Model: "m"})
			var apiErr *apiError
			switch {
			case c.wantAPI != "":
				if !errors.As(err, &apiErr) || apiErr.Error() != c.wantAPI {
					t.Fatalf("err = %v, want the API error %q", err, c.wantAPI)
				}
			case err == nil || errors.As(err, &apiErr) || !strings.Contains(err.Error(), c.wantErr):
				t.Fatalf("err = %v, want %q and no API error", err, c.wantErr)
			}
		})
	}
}
