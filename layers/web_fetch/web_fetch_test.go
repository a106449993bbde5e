package webfetch

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clauz3/clauz3/internal/sandboxtest"
	"github.com/clauz3/clauz3/securitymod/egress"
)

// server is a loopback test server that counts its requests.
func server(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.Method != http.MethodGet {
			http.Error(w, "want GET", http.StatusMethodNotAllowed)
			return
		}
		io.WriteString(w, "hello, world")
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.Method != http.MethodPost {
			http.Error(w, "want POST", http.StatusMethodNotAllowed)
			return
		}
		b, _ := io.ReadAll(r.Body)
		io.WriteString(w, "got: "+string(b))
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, "/hello", http.StatusFound)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.WriteString(w, strings.Repeat("x", 101))
	})
	mux.HandleFunc("/binary", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte{0xff, 0xfe, 0x00})
	})
	mux.HandleFunc("/missing", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.NotFound(w, r)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s, &hits
}

func loopbackFetcher() *Fetcher {
	return &Fetcher{Floor: &egress.Floor{AllowLoopback: true}, MaxBytes: 100, Timeout: 2 * time.Second}
}

func TestGetAndPost(t *testing.T) {
	s, _ := server(t)
	f := loopbackFetcher()
	got, err := f.Get(s.URL + "/hello")
	if err != nil || got != "hello, world" {
		t.Fatalf("Get = %q, %v", got, err)
	}
	got, err = f.Post(s.URL+"/echo", "report")
	if err != nil || got != "got: report" {
		t.Fatalf("Post = %q, %v", got, err)
	}
}

func TestRefusals(t *testing.T) {
	s, hits := server(t)
	f := loopbackFetcher()
	f.Timeout = 300 * time.Millisecond
	for _, tc := range []struct {
		path  string
		want  Kind
		cause error // a cause the chain must hold, if any
		hit   bool  // the request reaches the server
	}{
		{"/redirect", Redirect, ErrRedirect, true},
		{"/big", TooLarge, nil, true},
		{"/binary", NotText, nil, true},
		{"/missing", Status, nil, true},
		{"/slow", Request, context.DeadlineExceeded, true},
		{"/a/../hello", DotSegment, nil, false},
		{"/%68ello", Escape, nil, false},
		{"//hello", DoubleSlash, nil, false},
	} {
		t.Run(tc.path, func(t *testing.T) {
			before := hits.Load()
			got, err := f.Get(s.URL + tc.path)
			var e *Error
			if !errors.As(err, &e) || e.Kind != tc.want || tc.cause != nil && !errors.Is(err, tc.cause) {
				t.Fatalf("Get(%s) = %q, %v; want a %v error (cause %v)", tc.path, got, err, tc.want, tc.cause)
			}
			if tc.want == Status && e.Status != http.StatusNotFound {
				t.Errorf("Get(%s): status %d, want %d", tc.path, e.Status, http.StatusNotFound)
			}
			if reached := hits.Load() > before; reached != tc.hit {
				t.Errorf("request reached the server: %v, want %v", reached, tc.hit)
			}
		})
	}
	if _, err := f.Get(s.URL + "/redirect"); !errors.Is(err, ErrRedirect) {
		t.Errorf("redirect error %v does not wrap ErrRedirect", err)
	}
}

// The production floor refuses the loopback server: nothing reaches it.
func TestFloorRefusesLoopbackByDefault(t *testing.T) {
	s, hits := server(t)
	f := &Fetcher{Floor: &egress.Floor{}, MaxBytes: 100, Timeout: time.Second}
	for _, call := range []func() (string, error){
		func() (string, error) { return f.Get(s.URL + "/hello") },
		func() (string, error) { return f.Post(s.URL+"/echo", "x") },
	} {
		_, err := call()
		var ref *egress.Refusal
		if !errors.As(err, &ref) || KindOf(err) != Egress {
			t.Fatalf("err = %v, want an egress refusal", err)
		}
	}
	if hits.Load() != 0 {
		t.Fatalf("%d requests reached the loopback server", hits.Load())
	}
	for _, raw := range []string{"http://169.254.169.254/latest/meta-data", "http://10.0.0.1/x", "http://localhost/x"} {
		if _, err := f.Get(raw); KindOf(err) != Egress {
			t.Errorf("Get(%s): err = %v, want a %v refusal", raw, err, Egress)
		}
	}
}

func TestUnconfiguredRefuses(t *testing.T) {
	for _, f := range []*Fetcher{nil, {}, {Floor: &egress.Floor{}}} {
		if _, err := f.Get("https://example.com/"); KindOf(err) != NotConfigured {
			t.Errorf("%+v: err = %v", f, err)
		}
	}
}

func TestCanonical(t *testing.T) {
	for _, tc := range []struct {
		url  string
		want Kind // 0: accepted
	}{
		{"https://api.example.com/v1/items?id=3&sort=a;b", 0},
		{"https://api.example.com/admin#x", Fragment},
		{"https://api.example.com/v1?x#", Fragment},
		{"https://api.example.com/admin;jsessionid=1", PathParam},
		{"https://api.example.com", 0},
		{"http://api.example.com:8080/x", 0},
		{"https://api.example.com/a%20b?q=%41", 0},
		{"https://API.example.com/", HostName},
		{"https://api.example.com./", EmptyLabel},
		{"https://api..example.com/", EmptyLabel},
		{"https://api.example.com:443/", DefaultPort},
		{"http://api.example.com:80/", DefaultPort},
		{"https://api.example.com:0443/", BadPort},
		{"https://api.example.com:99999/", BadPort},
		{"https://user@api.example.com/", Userinfo},
		{"https://@api.example.com/", Userinfo},
		{"HTTPS://api.example.com/", Scheme},
		{"ftp://api.example.com/", Scheme},
		{"https:api.example.com", Scheme},
		{"https://api.example.com/a/./b", DotSegment},
		{"https://api.example.com/a/..", DotSegment},
		{"https://api.example.com//admin", DoubleSlash},
		{"https://api.example.com/%61dmin", Escape},
		{"https://api.example.com/a%2fb", Escape},
		{"https://api.example.com/a%5cb", Escape},
		{"https://api.example.com/a\\b", BadChar},
		{"https://api.example.com/a b", BadChar},
		{"https://api.example.com/\n", BadChar},
		{"https://bücher.example/", BadChar},
		{"https://[::1]/", HostName},
		{"https:///x", EmptyLabel},
		{"https://api.example.com/%zz", Unparsed},
	} {
		_, err := Canonical(tc.url)
		switch {
		case tc.want == 0 && err != nil:
			t.Errorf("Canonical(%q) refused: %v", tc.url, err)
		case tc.want != 0 && KindOf(err) != tc.want:
			t.Errorf("Canonical(%q) = %v, want a %v refusal", tc.url, err, tc.want)
		}
		// net/url's own error stays in the chain of what it refused.
		var parseErr *url.Error
		if errors.As(err, &parseErr) != (tc.want == Unparsed) {
			t.Errorf("Canonical(%q) = %v: net/url's error in the chain only when the kind is %v", tc.url, err, Unparsed)
		}
	}
}

// names: err is the layer's NotConfigured error for setting.
func names(err error, setting string) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == NotConfigured && e.Setting == setting
}

func TestFromEnv(t *testing.T) {
	t.Setenv("CLAUZ3_WEB_MAX_BYTES", "")
	t.Setenv("CLAUZ3_WEB_TIMEOUT", "")
	f, err := FromEnv()
	if err != nil || f.MaxBytes != DefaultMaxBytes || f.Timeout != DefaultTimeout || f.Floor == nil || f.Floor.AllowLoopback {
		t.Fatalf("defaults: %+v, %v", f, err)
	}
	for _, kv := range [][2]string{{"CLAUZ3_WEB_MAX_BYTES", "-1"}, {"CLAUZ3_WEB_MAX_BYTES", "lots"}, {"CLAUZ3_WEB_TIMEOUT", "0s"}, {"CLAUZ3_WEB_TIMEOUT", "soon"}} {
		t.Run(kv[0]+"="+kv[1], func(t *testing.T) {
			t.Setenv(kv[0], kv[1])
			if _, err := FromEnv(); !names(err, kv[0]) {
				t.Errorf("err = %v, want a %v error naming %s", err, NotConfigured, kv[0])
			}
		})
	}
	// The exported effects use the production floor: loopback is refused.
	s, hits := server(t)
	if _, err := WebFetch(s.URL + "/hello"); err == nil {
		t.Error("WebFetch reached a loopback server")
	}
	if _, err := WebPost(s.URL+"/echo", "x"); err == nil {
		t.Error("WebPost reached a loopback server")
	}
	if hits.Load() != 0 {
		t.Errorf("%d requests reached the server", hits.Load())
	}
}

// FuzzCanonical checks that every URL Canonical accepts names its place
// in one spelling: lower-case host without a trailing dot, no userinfo,
// no fragment, and a decoded path without "//", dot segments, ';' or '\'.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{"https://api.example.com/v1/items?id=3", "http://a.b:8080/x%20y", "https://API.example.com/", "https://a.com/%2e%2e/admin", "https://a.com/admin#x", "https://a@b.com/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := Canonical(raw)
		if err != nil {
			return
		}
		host := u.Hostname()
		if u.Scheme != "http" && u.Scheme != "https" || u.User != nil || u.Fragment != "" || u.Opaque != "" ||
			host == "" || host != strings.ToLower(host) || strings.HasSuffix(host, ".") {
			t.Fatalf("accepted %q: %#v", raw, u)
		}
		p := u.Path
		if strings.Contains(p, "//") || strings.ContainsAny(p, ";\\") || p == "." || p == ".." ||
			strings.Contains(p+"/", "/./") || strings.Contains(p+"/", "/../") {
			t.Fatalf("accepted %q whose decoded path is %q", raw, p)
		}
		if !strings.HasPrefix(raw, u.Scheme+"://"+u.Host) {
			t.Fatalf("accepted %q but it parses to host %q", raw, u.Host)
		}
	})
}

// A token in a refused URL's query never reaches the error text, whatever
// refused it; the cause stays visible to errors.Is.
func TestErrorsRedactTokens(t *testing.T) {
	s, _ := server(t)
	f := loopbackFetcher()
	const token = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
	for _, path := range []string{"/missing?access_token=" + token, "/redirect?access_token=" + token, "/a/../x?access_token=" + token} {
		_, err := f.Get(s.URL + path)
		if err == nil {
			t.Fatalf("Get(%s) succeeded", path)
		}
		// The words are under test here, not the kind: the text shows
		// the redactor's mark, never the token.
		if strings.Contains(err.Error(), token) || !strings.Contains(err.Error(), "[REDACTED") {
			t.Errorf("Get(%s) error shows the token: %v", path, err)
		}
	}
	if _, err := f.Get(s.URL + "/redirect?access_token=" + token); !errors.Is(err, ErrRedirect) {
		t.Errorf("redacted redirect error %v does not wrap ErrRedirect", err)
	}
}

// TestLoopbackOnlyWhenConfigured: CLAUZ3_WEB_ALLOW_LOOPBACK=1 (which only
// a dev-mode approval service hands to a sealed binary) lets the effects
// reach a local server; unset, loopback stays refused; any other value is
// an error naming the setting, never a guess.
func TestLoopbackOnlyWhenConfigured(t *testing.T) {
	s, hits := server(t)
	t.Setenv("CLAUZ3_WEB_ALLOW_LOOPBACK", "1")
	if got, err := WebFetch(s.URL + "/hello"); err != nil || got != "hello, world" {
		t.Fatalf("with loopback allowed: %q %v", got, err)
	}
	// The rest of the floor still holds.
	for _, raw := range []string{"http://169.254.169.254/latest/meta-data", "http://10.0.0.1/x"} {
		if _, err := WebFetch(raw); KindOf(err) != Egress {
			t.Errorf("WebFetch(%s) with loopback allowed: err = %v, want a %v refusal", raw, err, Egress)
		}
	}
	for _, v := range []string{"true", "yes", "0", " 1"} {
		t.Setenv("CLAUZ3_WEB_ALLOW_LOOPBACK", v)
		if _, err := FromEnv(); !names(err, "CLAUZ3_WEB_ALLOW_LOOPBACK") {
			t.Errorf("CLAUZ3_WEB_ALLOW_LOOPBACK=%q: err = %v, want one naming it", v, err)
		}
	}
	t.Setenv("CLAUZ3_WEB_ALLOW_LOOPBACK", "")
	before := hits.Load()
	if _, err := WebFetch(s.URL + "/hello"); err == nil || hits.Load() != before {
		t.Errorf("without the setting: err %v, %d requests reached the server", err, hits.Load()-before)
	}
}

// TestFetchRefusedBySandbox: a request to a port the sandbox does not
// grant (the policy names web ports 80, 443 and CLAUZ3_WEB_PORTS's; the
// server listens elsewhere) fails with an error that keeps the kernel's
// errno through the HTTP client and the redactor, so the run reports the
// sandbox's refusal and not an effect failure.
func TestFetchRefusedBySandbox(t *testing.T) {
	for _, tc := range []struct {
		name string
		op   func(url string) error
	}{
		{"web_fetch", func(url string) error { _, err := WebFetch(url); return err }},
		{"web_post", func(url string) error { _, err := WebPost(url, "x"); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sandboxtest.Refused(t, "web_fetch", []string{"web_fetch", "web_post"}, func() (map[string]string, string) {
				s, _ := server(t)
				probe := filepath.Join(t.TempDir(), "not-granted.txt")
				os.WriteFile(probe, []byte("x"), 0o600)
				return map[string]string{"HOME": t.TempDir(), "CLAUZ3_WEB_ALLOW_LOOPBACK": "1", "URL": s.URL + "/echo"}, probe
			}, func(env map[string]string) error {
				return tc.op(env["URL"])
			})
		})
	}
}
