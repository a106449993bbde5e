// Package webfetch is the Go implementation of the bundled web_fetch layer
// (effects.py): web_fetch (HTTP GET) and web_post (HTTP POST) of a URL,
// returning the response body as text.
//
// Every request goes through the security module's egress floor
// (securitymod/egress): http or https only, the host resolved once, the
// request refused when any address is loopback, private, link-local
// (metadata), CGNAT or reserved, and the connection made to the vetted
// address. On top of the floor the layer refuses:
//   - a URL that is not in canonical form (see Canonical): the plan's
//     contracts speak about the URL as written, so two spellings of one
//     place (EVIL.com, evil.com., evil.com:443, /a/./b, /%61dmin) would
//     let a never_fetch_under be walked around;
//   - every redirect (3xx): the contract was proved about the URL the
//     plan wrote, not about the one a server names;
//   - a status outside 200..299, a body over MaxBytes, a body that is not
//     UTF-8, and anything slower than the timeout.
//
// Configuration (environment of the sealed binary): CLAUZ3_WEB_MAX_BYTES
// (default 1 MiB), CLAUZ3_WEB_TIMEOUT (a Go duration, default 30s), and
// CLAUZ3_WEB_ALLOW_LOOPBACK=1, which admits loopback addresses (and only
// them) past the floor so a plan can be shown against a local server; the
// approval service hands it to a binary only in dev mode (`clauz3 layers
// configure web_fetch --allow-loopback`; a real service refuses it).
//
// Every error is an *Error whose Kind says which refusal or failure it is
// (KindOf reads it through wrapping and the redactor); the message's words
// are for people.
//
//clauz3:allow-import net/http net/url
package webfetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/clauz3/clauz3/securitymod/egress"
	"github.com/clauz3/clauz3/securitymod/redact"
)

// DefaultMaxBytes bounds a response body unless CLAUZ3_WEB_MAX_BYTES says
// otherwise.
const DefaultMaxBytes = 1 << 20

// DefaultTimeout bounds a whole request (connection, redirects refused,
// body) unless CLAUZ3_WEB_TIMEOUT says otherwise.
const DefaultTimeout = 30 * time.Second

// Fetcher makes the layer's requests.
type Fetcher struct {
	Floor    *egress.Floor
	MaxBytes int64
	Timeout  time.Duration
}

// FromEnv builds a Fetcher with the production floor (no loopback unless
// CLAUZ3_WEB_ALLOW_LOOPBACK is exactly "1") and the limits from the
// environment; a malformed setting is an error naming it.
func FromEnv() (*Fetcher, error) {
	f := &Fetcher{Floor: &egress.Floor{}, MaxBytes: DefaultMaxBytes, Timeout: DefaultTimeout}
	switch v := os.Getenv("CLAUZ3_WEB_ALLOW_LOOPBACK"); v {
	case "":
	case "1":
		f.Floor.AllowLoopback = true
	default:
		return nil, &Error{Kind: NotConfigured, Setting: "CLAUZ3_WEB_ALLOW_LOOPBACK", Err: fmt.Errorf("web_fetch layer: CLAUZ3_WEB_ALLOW_LOOPBACK %q: the only value is 1 (unset: loopback is refused)", v)}
	}
	if v := os.Getenv("CLAUZ3_WEB_MAX_BYTES"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return nil, &Error{Kind: NotConfigured, Setting: "CLAUZ3_WEB_MAX_BYTES", Err: fmt.Errorf("web_fetch layer: CLAUZ3_WEB_MAX_BYTES %q is not a positive byte count", v)}
		}
		f.MaxBytes = n
	}
	if v := os.Getenv("CLAUZ3_WEB_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, &Error{Kind: NotConfigured, Setting: "CLAUZ3_WEB_TIMEOUT", Err: fmt.Errorf("web_fetch layer: CLAUZ3_WEB_TIMEOUT %q is not a positive duration", v)}
		}
		f.Timeout = d
	}
	return f, nil
}

// unreservedEscape reports whether s[i:] starts with a percent-encoding of
// an unreserved character or of "/" or "\", which spell a path another way.
func unreservedEscape(s string) bool {
	if len(s) < 3 || s[0] != '%' {
		return false
	}
	b, err := strconv.ParseUint(s[1:3], 16, 8)
	if err != nil {
		return false
	}
	c := byte(b)
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("-._~/\\", c) >= 0
}

// Canonical refuses a URL with more than one spelling of its place: it
// must be http(s)://host[:port]/path[?query] with a lower-case ASCII host
// name (letters, digits, '-', '.'; no trailing dot), no userinfo, no
// default port, no fragment (never sent: "/admin#x" fetches /admin), and
// a path without "//", "." or ".." segments, ';' (path parameters, which
// some servers strip: /admin;x is /admin to them), backslashes or
// percent-encoded unreserved characters; no control characters or spaces
// anywhere.
func Canonical(raw string) (*url.URL, error) {
	bad := func(kind Kind, reason string) error {
		return &Error{Kind: kind, Err: fmt.Errorf("web_fetch layer: URL %q refused: %s", raw, reason)}
	}
	for _, r := range raw {
		if r <= ' ' || r == 0x7f || r == '\\' || r >= 0x80 {
			return nil, bad(BadChar, "it contains a space, a control character, a backslash or a non-ASCII character")
		}
	}
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok || scheme != "http" && scheme != "https" {
		return nil, bad(Scheme, "the scheme is not http:// or https:// (lower case)")
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	authority, tail := rest[:end], rest[end:]
	if strings.Contains(authority, "@") {
		return nil, bad(Userinfo, "userinfo in the URL")
	}
	host, port, hasPort := strings.Cut(authority, ":")
	if host == "" || strings.HasSuffix(host, ".") || strings.HasPrefix(host, ".") || strings.Contains(host, "..") {
		return nil, bad(EmptyLabel, "the host is empty or has an empty label")
	}
	for _, c := range host {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return nil, bad(HostName, "the host must be a lower-case name of letters, digits, '-' and '.'")
		}
	}
	if hasPort {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || strconv.Itoa(n) != port {
			return nil, bad(BadPort, "the port is not a number in 1..65535 without leading zeros")
		}
		if scheme == "http" && n == 80 || scheme == "https" && n == 443 {
			return nil, bad(DefaultPort, "the scheme's default port is written out")
		}
	}
	if strings.Contains(tail, "#") {
		return nil, bad(Fragment, "it has a fragment (#), which is never sent: the request would go to the part before it")
	}
	path, _, _ := strings.Cut(tail, "?")
	if strings.Contains(path, ";") {
		return nil, bad(PathParam, "the path has a ';' (path parameters, which some servers strip)")
	}
	if strings.Contains(path, "//") {
		return nil, bad(DoubleSlash, "the path contains //")
	}
	for _, seg := range strings.Split(path, "/") {
		if seg == "." || seg == ".." {
			return nil, bad(DotSegment, "the path has a . or .. segment")
		}
	}
	for i := range path {
		if unreservedEscape(path[i:]) {
			return nil, bad(Escape, "the path percent-encodes an unreserved character, / or \\")
		}
	}
	u, err := url.Parse(raw)
	if err != nil {
		// The same words as bad's, with net/url's error kept in the chain.
		return nil, &Error{Kind: Unparsed, Err: fmt.Errorf("web_fetch layer: URL %q refused: %w", raw, err)}
	}
	return u, nil
}

// ErrRedirect is wrapped by the error of a request the server redirected.
var ErrRedirect = errors.New("redirect refused")

// do runs one request; its error, which quotes the URL, is shown through
// the credential redactor.
func (f *Fetcher) do(method, raw string, body *string) (string, error) {
	out, err := f.request(method, raw, body)
	if err != nil {
		return "", &redactedError{err: err}
	}
	return out, nil
}

// redactedError shows an error's text through securitymod/redact: a URL
// may carry a token in its query (?access_token=...), and a refusal
// reaches stderr, logs and audit rows. errors.Is still sees the cause.
type redactedError struct{ err error }

func (e *redactedError) Error() string { return redact.String(e.err.Error()) }
func (e *redactedError) Unwrap() error { return e.err }

func (f *Fetcher) request(method, raw string, body *string) (string, error) {
	op := map[string]string{http.MethodGet: "web_fetch", http.MethodPost: "web_post"}[method]
	if f == nil || f.Floor == nil {
		return "", &Error{Kind: NotConfigured, Err: fmt.Errorf("web_fetch layer: %s %q refused: no egress floor configured", op, raw)}
	}
	if f.MaxBytes <= 0 || f.Timeout <= 0 {
		return "", &Error{Kind: NotConfigured, Err: fmt.Errorf("web_fetch layer: %s %q refused: no size cap or timeout configured", op, raw)}
	}
	if _, err := Canonical(raw); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), f.Timeout)
	defer cancel()
	target, err := f.Floor.Check(ctx, raw)
	if err != nil {
		return "", &Error{Kind: Egress, Err: fmt.Errorf("web_fetch layer: %s: %w", op, err)}
	}
	client := f.Floor.Client(target)
	client.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		return fmt.Errorf("%w: %s %s was redirected to %s; contracts speak about the URL the plan wrote", ErrRedirect, op, raw, req.URL)
	}
	var reqBody io.Reader
	if body != nil {
		reqBody = strings.NewReader(*body)
	}
	req, err := http.NewRequestWithContext(ctx, method, target.URL.String(), reqBody)
	if err != nil {
		return "", &Error{Kind: Request, Err: fmt.Errorf("web_fetch layer: %s %q: %w", op, raw, err)}
	}
	if body != nil {
		req.Header.Set("Content-Type", "text/plain; charset=utf-8")
	}
	resp, err := client.Do(req)
	if err != nil {
		kind := Request
		if errors.Is(err, ErrRedirect) {
			kind = Redirect
		}
		return "", &Error{Kind: kind, Err: fmt.Errorf("web_fetch layer: %s %q: %w", op, raw, err)}
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return "", &Error{Kind: Status, Status: resp.StatusCode, Err: fmt.Errorf("web_fetch layer: %s %q: status %s", op, raw, resp.Status)}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, f.MaxBytes+1))
	if err != nil {
		return "", &Error{Kind: Request, Err: fmt.Errorf("web_fetch layer: %s %q: reading the body: %w", op, raw, err)}
	}
	if int64(len(data)) > f.MaxBytes {
		return "", &Error{Kind: TooLarge, Err: fmt.Errorf("web_fetch layer: %s %q refused: the body is over %d bytes", op, raw, f.MaxBytes)}
	}
	if !utf8.Valid(data) {
		return "", &Error{Kind: NotText, Err: fmt.Errorf("web_fetch layer: %s %q refused: the body is not UTF-8 text", op, raw)}
	}
	return string(data), nil
}

// Get fetches url with GET and returns the body.
func (f *Fetcher) Get(url string) (string, error) { return f.do(http.MethodGet, url, nil) }

// Post sends body to url with POST and returns the response body.
func (f *Fetcher) Post(url, body string) (string, error) {
	return f.do(http.MethodPost, url, &body)
}

// WebFetch is web_fetch(url: str) -> str.
func WebFetch(url string) (string, error) {
	f, err := FromEnv()
	if err != nil {
		return "", err
	}
	return f.Get(url)
}

// WebPost is web_post(url: str, body: str) -> str.
func WebPost(url string, body string) (string, error) {
	f, err := FromEnv()
	if err != nil {
		return "", err
	}
	return f.Post(url, body)
}
