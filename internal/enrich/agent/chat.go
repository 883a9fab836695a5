package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// chatClient posts chat completions to an OpenAI-compatible endpoint
// (GitHub Models by default): the one call the models agent makes, on
// net/http. An SDK of the whole OpenAI API was a third of the binary and
// of its first build for this request and its answer. It does not retry:
// the agent's retries count against its budget.
type chatClient struct {
	url   string // the endpoint: the base URL + "/chat/completions"
	token string
	http  *http.Client
}

func newChatClient(baseURL, token string) *chatClient {
	return &chatClient{
		url:   strings.TrimSuffix(baseURL, "/") + "/chat/completions",
		token: token,
		http:  &http.Client{Timeout: requestTimeout},
	}
}

// chatRequest is a chat completion request with structured output.
type chatRequest struct {
	Model          string         `json:"model"`
	Messages       []chatMessage  `json:"messages"`
	MaxTokens      int            `json:"max_tokens"`
	Temperature    float64        `json:"temperature"`
	ResponseFormat responseFormat `json:"response_format"`
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type       string     `json:"type"` // "json_schema"
	JSONSchema jsonSchema `json:"json_schema"`
}

type jsonSchema struct {
	Name   string         `json:"name"`
	Strict bool           `json:"strict"`
	Schema map[string]any `json:"schema"`
}

// chatCompletion is the part of an answer the agent reads.
type chatCompletion struct {
	Choices []struct {
		FinishReason string `json:"finish_reason"`
		Message      struct {
			Content string `json:"content"`
			Refusal string `json:"refusal"`
		} `json:"message"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int64 `json:"prompt_tokens"`
		CompletionTokens int64 `json:"completion_tokens"`
	} `json:"usage"`
}

// apiError is an answer other than 2xx: its status, the message of its
// error body ({"error": {"message": …}}) when it has one, and its header
// (Retry-After).
type apiError struct {
	StatusCode int
	Message    string
	Header     http.Header
}

func (e *apiError) Error() string {
	return fmt.Sprintf("HTTP %d: %s", e.StatusCode, apiMessage(e))
}

// maxAnswerBytes bounds what is read of one answer: a completion is
// bounded by the output token limit, far below this.
const maxAnswerBytes = 16 << 20

// complete sends one request. An answer other than 2xx is an *apiError; a
// network failure or a 2xx body that is not a completion is another error.
func (c *chatClient) complete(ctx context.Context, req chatRequest) (*chatCompletion, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	hr.Header.Set("Authorization", "Bearer "+c.token)
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(hr)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if err != nil {
		return nil, fmt.Errorf("reading the answer: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		e := &apiError{StatusCode: resp.StatusCode, Header: resp.Header}
		var eb struct {
			Error struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(raw, &eb) == nil {
			e.Message = eb.Error.Message
		}
		return nil, e
	}
	var out chatCompletion
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("the answer is not a chat completion: %w", err)
	}
	return &out, nil
}

// requestTimeout bounds one HTTP request.
const requestTimeout = 3 * time.Minute
