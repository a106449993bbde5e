// Package websearch is the Go implementation of the bundled web_search
// layer (effects.py): web_search(query) and web_search_results(query) send
// one query to the search endpoint the user configured and return at most
// MaxResults hits, as text (Render) or as rows.
//
// The endpoint is the user's choice (CLAUZ3_SEARCH_URL), never the plan's.
// The request is GET <endpoint>?q=<query>&count=10, made through the
// security module's egress floor (securitymod/egress: the endpoint's host
// resolved once, loopback, private, link-local, metadata and reserved
// addresses refused, the connection made to the vetted address). The
// answer must be a 2xx JSON object {"results": [{"title": str, "url":
// str, "snippet": str}, ...]} (other fields are ignored) of at most
// MaxBodyBytes; a missing "results", a hit with a missing or non-string
// field, more than MaxResults hits, a redirect, or a slow answer is
// refused, never truncated or guessed.
//
// An API key is optional: CLAUZ3_SEARCH_KEY_SECRET names the secret (OS
// keyring or the encrypted-file fallback, securitymod/secrets, scoped to
// that one name) sent as "Authorization: Bearer"; with a key the endpoint
// must be https. The key never appears in an error.
//
// Every error is an *Error whose Kind says which refusal or failure it is
// (KindOf reads it through wrapping); the message's words are for people.
//
//clauz3:allow-import net/http net/url
package websearch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/clauz3/clauz3/securitymod/egress"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

// SearchResult is one hit, the row type SearchResult of schemas.py.
type SearchResult struct {
	Title   string
	Url     string
	Snippet string
}

// MaxResults is the bound web_search declares (len(result) <= 10).
const MaxResults = 10

// MaxBodyBytes bounds the endpoint's answer.
const MaxBodyBytes = 1 << 20

// DefaultTimeout bounds a whole search unless CLAUZ3_SEARCH_TIMEOUT says
// otherwise.
const DefaultTimeout = 20 * time.Second

// Searcher sends queries to one endpoint.
type Searcher struct {
	Endpoint string // http(s) URL of the search API
	Key      string // "" for none; sent as a bearer token, https only
	Floor    *egress.Floor
	RootCAs  *x509.CertPool // nil: the system pool
	Timeout  time.Duration
}

// FromEnv reads the configuration (README.md lists it) and the key from
// the secret store. Every missing or malformed setting is an error naming
// the variable.
func FromEnv() (*Searcher, error) {
	s := &Searcher{Endpoint: os.Getenv("CLAUZ3_SEARCH_URL"), Floor: &egress.Floor{}, Timeout: DefaultTimeout}
	if s.Endpoint == "" {
		return nil, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SEARCH_URL", Err: errors.New("web_search layer: CLAUZ3_SEARCH_URL (the search endpoint) is not set")}
	}
	if v := os.Getenv("CLAUZ3_SEARCH_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SEARCH_TIMEOUT", Err: fmt.Errorf("web_search layer: CLAUZ3_SEARCH_TIMEOUT %q is not a positive duration", v)}
		}
		s.Timeout = d
	}
	if ca := os.Getenv("CLAUZ3_SEARCH_CA_FILE"); ca != "" {
		pem, err := os.ReadFile(ca)
		if err != nil {
			return nil, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SEARCH_CA_FILE", Err: fmt.Errorf("web_search layer: CLAUZ3_SEARCH_CA_FILE: %w", err)}
		}
		pool, err := x509.SystemCertPool()
		if err != nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SEARCH_CA_FILE", Err: fmt.Errorf("web_search layer: CLAUZ3_SEARCH_CA_FILE %s holds no PEM certificate", ca)}
		}
		s.RootCAs = pool
	}
	if name := os.Getenv("CLAUZ3_SEARCH_KEY_SECRET"); name != "" {
		dir := os.Getenv("CLAUZ3_SECRETS_DIR")
		if dir == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return nil, &Error{Kind: Secret, Setting: "CLAUZ3_SEARCH_KEY_SECRET", Err: fmt.Errorf("web_search layer: no home folder for the secret store: %w", err)}
			}
			dir = filepath.Join(home, ".local", "share", "clauz3")
		}
		store, _, err := secrets.Open("clauz3", dir)
		if err != nil {
			return nil, &Error{Kind: Secret, Setting: "CLAUZ3_SEARCH_KEY_SECRET", Err: fmt.Errorf("web_search layer: %w", err)}
		}
		key, err := secrets.Scoped(store, []string{name}).Get(name)
		if err != nil {
			return nil, &Error{Kind: Secret, Setting: "CLAUZ3_SEARCH_KEY_SECRET", Err: fmt.Errorf("web_search layer: search API key: %w", err)}
		}
		s.Key = key
	}
	return s, nil
}

// requestURL is the endpoint with q and count set.
func (s *Searcher) requestURL(query string) (string, error) {
	u, err := url.Parse(s.Endpoint)
	if err != nil {
		return "", &Error{Kind: BadEndpoint, Err: fmt.Errorf("web_search layer: endpoint %q: %w", s.Endpoint, err)}
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return "", &Error{Kind: BadEndpoint, Err: fmt.Errorf("web_search layer: endpoint %q is not http or https", s.Endpoint)}
	}
	if s.Key != "" && u.Scheme != "https" {
		return "", &Error{Kind: KeyInClear, Err: fmt.Errorf("web_search layer: endpoint %q is not https; refusing to send the API key in the clear", s.Endpoint)}
	}
	q := u.Query()
	q.Set("q", query)
	q.Set("count", fmt.Sprint(MaxResults))
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// answer is the endpoint's JSON; pointers tell a missing field from "".
type answer struct {
	Results *[]struct {
		Title   *string `json:"title"`
		URL     *string `json:"url"`
		Snippet *string `json:"snippet"`
	} `json:"results"`
}

// Search sends query and returns the hits.
func (s *Searcher) Search(query string) ([]SearchResult, error) {
	if s == nil || s.Floor == nil || s.Timeout <= 0 {
		return nil, &Error{Kind: NotConfigured, Err: errors.New("web_search layer: search refused: no egress floor or timeout configured")}
	}
	// The preconditions of effects.py, again at run time.
	if query == "" || len([]rune(query)) > 400 || strings.ContainsAny(query, "\r\n") {
		return nil, &Error{Kind: BadQuery, Err: fmt.Errorf("web_search layer: query %q refused: it must be one line of 1 to 400 characters", query)}
	}
	raw, err := s.requestURL(query)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.Timeout)
	defer cancel()
	target, err := s.Floor.Check(ctx, raw)
	if err != nil {
		return nil, &Error{Kind: Egress, Err: fmt.Errorf("web_search layer: endpoint %s: %w", s.Endpoint, err)}
	}
	client := s.Floor.Client(target)
	if s.RootCAs != nil {
		client.Transport.(*http.Transport).TLSClientConfig = &tls.Config{RootCAs: s.RootCAs, MinVersion: tls.VersionTLS12}
	}
	client.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		return &Error{Kind: Redirect, Err: fmt.Errorf("the endpoint redirected to %s; redirects are refused", req.URL.Redacted())}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		return nil, &Error{Kind: Request, Err: fmt.Errorf("web_search layer: %w", err)}
	}
	req.Header.Set("Accept", "application/json")
	if s.Key != "" {
		req.Header.Set("Authorization", "Bearer "+s.Key)
	}
	resp, err := client.Do(req)
	if err != nil {
		kind := Request
		if KindOf(err) == Redirect {
			kind = Redirect
		}
		return nil, &Error{Kind: kind, Err: fmt.Errorf("web_search layer: endpoint %s: %w", s.Endpoint, err)}
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &Error{Kind: Status, Status: resp.StatusCode, Err: fmt.Errorf("web_search layer: endpoint %s: status %s", s.Endpoint, resp.Status)}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxBodyBytes+1))
	if err != nil {
		return nil, &Error{Kind: Request, Err: fmt.Errorf("web_search layer: endpoint %s: reading the answer: %w", s.Endpoint, err)}
	}
	if len(data) > MaxBodyBytes {
		return nil, &Error{Kind: TooLarge, Err: fmt.Errorf("web_search layer: endpoint %s: answer over %d bytes refused", s.Endpoint, MaxBodyBytes)}
	}
	var a answer
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, &Error{Kind: NotJSON, Err: fmt.Errorf("web_search layer: endpoint %s: malformed answer: %w", s.Endpoint, err)}
	}
	if a.Results == nil {
		return nil, &Error{Kind: NoResults, Err: fmt.Errorf("web_search layer: endpoint %s: the answer has no \"results\" list", s.Endpoint)}
	}
	if n := len(*a.Results); n > MaxResults {
		return nil, &Error{Kind: TooManyResults, Err: fmt.Errorf("web_search layer: endpoint %s: %d results, over the declared %d", s.Endpoint, n, MaxResults)}
	}
	hits := make([]SearchResult, 0, len(*a.Results))
	for i, r := range *a.Results {
		if r.Title == nil || r.URL == nil || r.Snippet == nil {
			return nil, &Error{Kind: MissingField, Err: fmt.Errorf("web_search layer: endpoint %s: result %d lacks title, url or snippet", s.Endpoint, i)}
		}
		hits = append(hits, SearchResult{Title: *r.Title, Url: *r.URL, Snippet: *r.Snippet})
	}
	return hits, nil
}

// Render is the text web_search returns: per hit, a numbered title line,
// then the URL and the snippet indented by three spaces; control
// characters in a field become spaces, so a hit is always three lines.
func Render(hits []SearchResult) string {
	oneLine := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r < ' ' || r == 0x7f || r == 0x2028 || r == 0x2029 || r == 0x85 {
				return ' '
			}
			return r
		}, s)
	}
	var b strings.Builder
	for i, h := range hits {
		fmt.Fprintf(&b, "%d. %s\n   %s\n   %s\n", i+1, oneLine(h.Title), oneLine(h.Url), oneLine(h.Snippet))
	}
	return b.String()
}

// WebSearch is web_search(query: str) -> str.
func WebSearch(query string) (string, error) {
	hits, err := WebSearchResults(query)
	if err != nil {
		return "", err
	}
	return Render(hits), nil
}

// WebSearchResults is web_search_results(query: str) -> list[SearchResult].
func WebSearchResults(query string) ([]SearchResult, error) {
	s, err := FromEnv()
	if err != nil {
		return nil, err
	}
	return s.Search(query)
}
