package websearch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clauz3/clauz3/internal/sandboxtest"
	"github.com/clauz3/clauz3/securitymod/egress"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

const testKey = "sk-test-0123456789abcdefghij"

// endpoint is a TLS search API on loopback that answers with body (a
// function of the request) and records the last request.
type endpoint struct {
	srv  *httptest.Server
	hits atomic.Int64
	last atomic.Pointer[http.Request]
}

func newEndpoint(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) *endpoint {
	t.Helper()
	e := &endpoint{}
	e.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.hits.Add(1)
		e.last.Store(r.Clone(r.Context()))
		answer(w, r)
	}))
	t.Cleanup(e.srv.Close)
	return e
}

func (e *endpoint) searcher() *Searcher {
	pool := x509.NewCertPool()
	pool.AddCert(e.srv.Certificate())
	return &Searcher{Endpoint: e.srv.URL + "/api/search?lang=en", Key: testKey, Floor: &egress.Floor{AllowLoopback: true}, RootCAs: pool, Timeout: 2 * time.Second}
}

func hitsJSON(n int) string {
	var rs []map[string]string
	for i := 0; i < n; i++ {
		rs = append(rs, map[string]string{"title": fmt.Sprint("T", i), "url": fmt.Sprint("https://example.com/", i), "snippet": "s", "extra": "ignored"})
	}
	b, _ := json.Marshal(map[string]any{"results": rs, "took_ms": 3})
	return string(b)
}

func TestSearch(t *testing.T) {
	e := newEndpoint(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, hitsJSON(2)) })
	got, err := e.searcher().Search("go generics tutorial")
	if err != nil {
		t.Fatal(err)
	}
	want := []SearchResult{{"T0", "https://example.com/0", "s"}, {"T1", "https://example.com/1", "s"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Search = %+v, want %+v", got, want)
	}
	r := e.last.Load()
	q := r.URL.Query()
	if r.URL.Path != "/api/search" || q.Get("q") != "go generics tutorial" || q.Get("count") != "10" || q.Get("lang") != "en" {
		t.Errorf("request %s", r.URL)
	}
	if r.Header.Get("Authorization") != "Bearer "+testKey {
		t.Errorf("Authorization = %q", r.Header.Get("Authorization"))
	}
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, query string
		answer      func(w http.ResponseWriter, r *http.Request)
		want        Kind
		hit         bool
	}{
		{"too many", "x", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, hitsJSON(11)) }, TooManyResults, true},
		{"no results", "x", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"items": []}`) }, NoResults, true},
		{"null results", "x", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"results": null}`) }, NoResults, true},
		{"missing field", "x", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"results": [{"title": "a", "url": "https://e.com/"}]}`)
		}, MissingField, true},
		{"number field", "x", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"results": [{"title": 1, "url": "u", "snippet": "s"}]}`)
		}, NotJSON, true},
		{"not json", "x", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<html>") }, NotJSON, true},
		{"too big", "x", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"results": [], "pad": "`+strings.Repeat("x", MaxBodyBytes)+`"}`)
		}, TooLarge, true},
		{"status", "x", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "echo "+r.Header.Get("Authorization"), http.StatusInternalServerError)
		}, Status, true},
		{"redirect", "x", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/elsewhere", http.StatusFound) }, Redirect, true},
		{"slow", "x", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}, Request, true},
		{"empty query", "", nil, BadQuery, false},
		{"two lines", "a\nb", nil, BadQuery, false},
		{"long query", strings.Repeat("é", 401), nil, BadQuery, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEndpoint(t, func(w http.ResponseWriter, r *http.Request) {
				if tc.answer != nil {
					tc.answer(w, r)
				}
			})
			s := e.searcher()
			s.Timeout = 500 * time.Millisecond
			got, err := s.Search(tc.query)
			if KindOf(err) != tc.want {
				t.Fatalf("Search = %+v, %v; want a %v error", got, err, tc.want)
			}
			if tc.want == Request && !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("err = %v, want the deadline in the chain", err)
			}
			// The words are under test here, not the kind: the text
			// never shows the key.
			if strings.Contains(err.Error(), testKey) {
				t.Errorf("the error shows the key: %v", err)
			}
			if reached := e.hits.Load() > 0; reached != tc.hit {
				t.Errorf("reached the endpoint: %v, want %v", reached, tc.hit)
			}
		})
	}
}

func TestEndpointRefusals(t *testing.T) {
	e := newEndpoint(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, hitsJSON(1)) })
	// The production floor refuses the loopback endpoint.
	s := e.searcher()
	s.Floor = &egress.Floor{}
	var ref *egress.Refusal
	if _, err := s.Search("x"); !errors.As(err, &ref) || KindOf(err) != Egress {
		t.Errorf("production floor: err = %v, want an egress refusal", err)
	}
	// A key is never sent over plain http.
	s = e.searcher()
	s.Endpoint = strings.Replace(s.Endpoint, "https://", "http://", 1)
	if _, err := s.Search("x"); KindOf(err) != KeyInClear {
		t.Errorf("http with a key: err = %v", err)
	}
	for _, bad := range []string{"ftp://127.0.0.1/x", "https://user@127.0.0.1/x", "://"} {
		s = e.searcher()
		s.Endpoint = bad
		if _, err := s.Search("x"); err == nil {
			t.Errorf("endpoint %q accepted", bad)
		}
	}
	// An untrusted certificate is refused.
	s = e.searcher()
	s.RootCAs = x509.NewCertPool()
	var unverified *tls.CertificateVerificationError
	if _, err := s.Search("x"); KindOf(err) != Request || !errors.As(err, &unverified) {
		t.Errorf("untrusted certificate: err = %v", err)
	}
	if e.hits.Load() != 0 {
		t.Errorf("%d refused searches reached the endpoint", e.hits.Load())
	}
	for _, s := range []*Searcher{nil, {}, {Floor: &egress.Floor{}}} {
		if _, err := s.Search("x"); KindOf(err) != NotConfigured {
			t.Errorf("%+v: err = %v", s, err)
		}
	}
}

// names: err is the layer's error of kind for setting.
func names(err error, kind Kind, setting string) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == kind && e.Setting == setting
}

func TestFromEnv(t *testing.T) {
	dir := t.TempDir()
	// No D-Bus session: the keyring probe fails and the file store is used,
	// so the test never writes into the user's keyring.
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(dir, "no-bus"))
	t.Setenv("CLAUZ3_SECRETS_DIR", filepath.Join(dir, "secrets"))
	t.Setenv("CLAUZ3_SEARCH_URL", "")
	t.Setenv("CLAUZ3_SEARCH_TIMEOUT", "")
	t.Setenv("CLAUZ3_SEARCH_CA_FILE", "")
	t.Setenv("CLAUZ3_SEARCH_KEY_SECRET", "")
	if _, err := FromEnv(); !names(err, NotConfigured, "CLAUZ3_SEARCH_URL") {
		t.Fatalf("no endpoint: err = %v", err)
	}
	t.Setenv("CLAUZ3_SEARCH_URL", "https://search.example.com/api")
	s, err := FromEnv()
	if err != nil || s.Key != "" || s.Timeout != DefaultTimeout || s.Floor == nil || s.Floor.AllowLoopback {
		t.Fatalf("defaults: %+v, %v", s, err)
	}
	notPEM := filepath.Join(dir, "ca.txt")
	os.WriteFile(notPEM, []byte("no certificate"), 0o644)
	for _, kv := range [][2]string{
		{"CLAUZ3_SEARCH_TIMEOUT", "soon"}, {"CLAUZ3_SEARCH_TIMEOUT", "-1s"},
		{"CLAUZ3_SEARCH_CA_FILE", filepath.Join(dir, "missing.pem")}, {"CLAUZ3_SEARCH_CA_FILE", notPEM},
		{"CLAUZ3_SEARCH_KEY_SECRET", "search_key"}, // named but not stored
	} {
		t.Run(kv[0]+"="+filepath.Base(kv[1]), func(t *testing.T) {
			t.Setenv(kv[0], kv[1])
			want := NotConfigured
			if kv[0] == "CLAUZ3_SEARCH_KEY_SECRET" {
				want = Secret
			}
			if _, err := FromEnv(); !names(err, want, kv[0]) {
				t.Errorf("err = %v, want a %v error naming %s", err, want, kv[0])
			}
		})
	}
	// A stored key is read through the secret store (the file fallback
	// when no keyring answers) and never shown.
	store, _, err := secrets.Open("clauz3", filepath.Join(dir, "secrets"))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Set("search_key", testKey); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CLAUZ3_SEARCH_KEY_SECRET", "search_key")
	s, err = FromEnv()
	if err != nil || s.Key != testKey {
		t.Fatalf("stored key: key read %v, err %v", s != nil && s.Key == testKey, err)
	}
	// WebSearch uses the production floor, which refuses a loopback literal.
	t.Setenv("CLAUZ3_SEARCH_URL", "https://127.0.0.1:1/api")
	if _, err := WebSearch("x"); KindOf(err) != Egress {
		t.Errorf("WebSearch to a loopback literal: err = %v, want a %v refusal", err, Egress)
	}
	if _, err := WebSearchResults("x"); KindOf(err) != Egress {
		t.Errorf("WebSearchResults to a loopback literal: err = %v, want a %v refusal", err, Egress)
	}
}

func TestRender(t *testing.T) {
	got := Render([]SearchResult{{"Go\nhome", "https://go.dev/", "The Go\r\nlanguage\u2028"}, {"", "https://example.com/", ""}})
	want := "1. Go home\n   https://go.dev/\n   The Go  language \n2. \n   https://example.com/\n   \n"
	if got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
	if Render(nil) != "" {
		t.Error("no hits should render as empty text")
	}
}

// TestSearchRefusedBySandbox: what the sandbox derived from one
// configuration does not grant (another CA file, another secret store)
// fails with an error that keeps the kernel's errno, so the run reports
// the sandbox's refusal and not an effect failure.
func TestSearchRefusedBySandbox(t *testing.T) {
	for _, key := range []string{"CLAUZ3_SEARCH_CA_FILE", "CLAUZ3_SECRETS_DIR"} {
		t.Run(key, func(t *testing.T) {
			sandboxtest.Refused(t, "web_search", []string{"web_search"}, func() (map[string]string, string) {
				granted, other := searchConfig(t), searchConfig(t)
				granted["OTHER"] = other[key]
				return granted, other["CLAUZ3_SEARCH_CA_FILE"]
			}, func(env map[string]string) error {
				os.Setenv(key, env["OTHER"])
				_, err := WebSearch("x")
				return err
			})
		})
	}
}

// searchConfig is a web_search environment with its own CA file and a
// secret store holding the key.
func searchConfig(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(dir, "no-bus"))
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	srv.Close()
	caFile := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	store, _, err := secrets.Open("clauz3", filepath.Join(dir, "secrets"))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Set("search_key", testKey); err != nil {
		t.Fatal(err)
	}
	return map[string]string{
		"HOME": dir, "CLAUZ3_SEARCH_URL": "https://search.example.com/api", "CLAUZ3_SEARCH_CA_FILE": caFile,
		"CLAUZ3_SECRETS_DIR": filepath.Join(dir, "secrets"), "CLAUZ3_SEARCH_KEY_SECRET": "search_key",
	}
}
