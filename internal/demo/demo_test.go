package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestDemo runs `make demo`'s steps with real processes (the clauz3
// binary built from this tree, a dev-mode service, the loopback mail
// server, sealed builds) and checks the world changed as the demo says:
// the only-Bob plan's message arrived as sent, the refused variants sent
// and spent nothing and were never submitted, the ledger lost exactly
// the approved 5 cents. The approve variant (make demo-approve) is driven
// by a "human" who logs in with the password the demo printed and
// approves each request on its page.
func TestDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds clauz3, starts a service and a mail server, builds sealed binaries")
	}
	bin := filepath.Join(t.TempDir(), "clauz3")
	build := exec.Command("go", "build", "-o", bin, "github.com/clauz3/clauz3/cmd/clauz3")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building clauz3: %v\n%s", err, out)
	}
	caches, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	goCache, goModCache, _ := strings.Cut(strings.TrimSpace(string(caches)), "\n")
	for _, approve := range []bool{false, true} {
		t.Run(fmt.Sprintf("approve=%v", approve), func(t *testing.T) {
			dir, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			w := io.Writer(&syncWriter{w: &out})
			if approve {
				w = &human{t: t, w: w}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			rep, err := Run(ctx, Options{Clauz3: bin, Dir: dir, Approve: approve, ApprovalTimeout: 2 * time.Minute, GoCache: goCache, GoModCache: goModCache, Out: w})
			t.Logf("demo output:\n%s", out.String())
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Mail) != 1 {
				t.Fatalf("the mail server received %d messages, want 1: %v", len(rep.Mail), rep.Mail)
			}
			m := rep.Mail[0]
			if m.From != "demo@example.com" || len(m.To) != 1 || m.To[0] != "bob@example.com" ||
				!strings.Contains(m.Data, "Subject: Report\n") || !strings.HasSuffix(m.Data, "\n\nThe report is ready.\n") {
				t.Errorf("the message as received: %+v", m)
			}
			if rep.BalanceBefore != 1000 || rep.BalanceAfter != 995 {
				t.Errorf("ledger %d -> %d, want 1000 -> 995", rep.BalanceBefore, rep.BalanceAfter)
			}
			decision := "decision     auto_approved by policy:only-bob"
			if approve {
				decision = "decision     approved_once by human"
			}
			for file, wants := range map[string][]string{
				"only_bob.py": {decision, `execute      ✓ send_email_with_subject("bob@example.com", "Report", "The report is ready.")`, "  done.\n"},
				"ann_too.py":  {`counterexample: addr = "ann@example.com"`, "submit       (not submitted)"},
				"spend_5.py":  {`execute      ✓ withdraw("checking", 3)`, "  done.\n"},
				"spend_6.py":  {"counterexample: amount = 2, amount = 4; sum = 6, must be <= 5", "submit       (not submitted)"},
			} {
				for _, want := range wants {
					if !strings.Contains(rep.Transcripts[file], want) {
						t.Errorf("%s: the transcript lacks %q:\n%s", file, want, rep.Transcripts[file])
					}
				}
			}
			for _, refused := range []string{"ann_too.py", "spend_6.py"} {
				if strings.Contains(rep.Transcripts[refused], "request_id") {
					t.Errorf("%s was submitted:\n%s", refused, rep.Transcripts[refused])
				}
			}
		})
	}
}

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// human reads the demo's output as a person at the terminal would: the
// login URL and password it prints, then each request's page URL, which
// it opens, logged in, to approve.
type human struct {
	mu       sync.Mutex // approvals run one at a time, as the runs do
	t        *testing.T
	w        io.Writer
	buf      string
	login    string
	password string
	cookie   string
}

var (
	loginLine = regexp.MustCompile(`Open (http://\S+) in a browser and log in with the password (\S+)`)
	uiLine    = regexp.MustCompile(`ui = (http://\S+/ui/requests/(\S+))`)
	csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)
)

func (h *human) Write(p []byte) (int, error) {
	h.buf += string(p)
	for {
		line, rest, ok := strings.Cut(h.buf, "\n")
		if !ok {
			break
		}
		h.buf = rest
		if m := loginLine.FindStringSubmatch(line); m != nil {
			h.login, h.password = m[1], m[2]
		}
		if m := uiLine.FindStringSubmatch(line); m != nil {
			go h.approve(m[1], m[2])
		}
	}
	return h.w.Write(p)
}

func (h *human) approve(page, id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	noRedirect := &http.Client{Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if h.cookie == "" {
		resp, err := noRedirect.PostForm(h.login, url.Values{"password": {h.password}})
		if err != nil {
			h.t.Errorf("login: %v", err)
			return
		}
		resp.Body.Close()
		for _, c := range resp.Cookies() {
			if strings.HasPrefix(c.Name, "clauz3_session_") {
				h.cookie = c.Name + "=" + c.Value
			}
		}
		if h.cookie == "" {
			h.t.Errorf("login with the printed password: %d, no session", resp.StatusCode)
			return
		}
	}
	get, _ := http.NewRequest("GET", page, nil)
	get.Header.Set("Cookie", h.cookie)
	resp, err := noRedirect.Do(get)
	if err != nil {
		h.t.Errorf("request page: %v", err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := csrfField.FindSubmatch(body)
	if m == nil {
		h.t.Errorf("request page %s: %d, no CSRF token", page, resp.StatusCode)
		return
	}
	u, _ := url.Parse(page)
	data, _ := json.Marshal(map[string]string{"decision": "approved_once", "reason": "looks right", "csrf": string(m[1]), "password": h.password})
	post, _ := http.NewRequest("POST", u.Scheme+"://"+u.Host+"/api/requests/"+id+"/decision", bytes.NewReader(data))
	post.Header.Set("Content-Type", "application/json")
	post.Header.Set("Cookie", h.cookie)
	resp, err = noRedirect.Do(post)
	if err != nil {
		h.t.Errorf("deciding: %v", err)
		return
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		h.t.Errorf("deciding %s: %d", id, resp.StatusCode)
	}
}
