package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/clauz3/clauz3/approval/clientkey"
)

// maxAnswer bounds what the service may send back: a status with a
// receipt is under a kilobyte.
const maxAnswer = 1 << 20

// httpError is a service answer that is not the one expected.
type httpError struct {
	Status int
	Reason string // the service's {"error": ...}, if it sent one
}

func (e *httpError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("%d %s: %s", e.Status, http.StatusText(e.Status), e.Reason)
	}
	return fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status))
}

// getJSON and postJSON send proof, when not empty, as the submitting
// client's proof of possession (approval/clientkey).
func getJSON(ctx context.Context, client *http.Client, url, proof string, want int, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	if proof != "" {
		req.Header.Set(clientkey.Header, proof)
	}
	return do(client, req, want, into)
}

func postJSON(ctx context.Context, client *http.Client, url string, body any, proof string, want int, into any) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if proof != "" {
		req.Header.Set(clientkey.Header, proof)
	}
	return do(client, req, want, into)
}

// do sends req and decodes a `want` answer into into; any other status,
// an oversized or malformed body is an error naming the request.
func do(client *http.Client, req *http.Request, want int, into any) error {
	where := req.Method + " " + req.URL.Path
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s: the approval service did not answer: %w", where, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		return fmt.Errorf("%s: reading the answer: %w", where, err)
	}
	if len(body) > maxAnswer {
		return fmt.Errorf("%s: the answer is larger than %d bytes", where, maxAnswer)
	}
	if resp.StatusCode != want {
		e := &httpError{Status: resp.StatusCode}
		var reason struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(body, &reason) == nil {
			e.Reason = reason.Error
		}
		return fmt.Errorf("%s: %w", where, e)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("%s: malformed answer: %v", where, err)
	}
	if dec.More() {
		return fmt.Errorf("%s: malformed answer: trailing data", where)
	}
	return nil
}

// noRedirects keeps a run talking to the service it named.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
