package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/internal/browsertest"
	"github.com/clauz3/clauz3/internal/demo"
	"github.com/clauz3/clauz3/layers/bank"
)

// humanCmds are the script commands that stand in for the world around
// clauz3 in a script that sets up a real dev service:
//
//	mailsink                 start a loopback STARTTLS mail server for this
//	                         script; sets $SMTP_ADDR, writes its CA to
//	                         $WORK/smtp-ca.pem
//	mail-received TO TEXT    the mail server received exactly one message,
//	                         to TO, holding TEXT
//	service-ready            wait (30 s) until the service the client
//	                         configuration in $TEST_CLIENT_HOME names answers
//	pending PASSWORD-FILE VAR
//	                         the human: log in with the password, wait (60 s)
//	                         for the one pending request, set $VAR to its ID
//	                         (for `clauz3 requests ID`, `clauz3 approve ID`)
//	approve PASSWORD-FILE    the human: log in with the password, wait (60 s)
//	                         for the one pending request, open its page and
//	                         press Approve
//	approve-in-browser PASSWORD-FILE
//	                         the same in headless Chromium: type the
//	                         password into the login page, wait (2 min in
//	                         all) for the pending request in the request
//	                         list, open its card, press Approve
//	httpserve                a local web server answering /hello; sets
//	                         $HTTP_URL (http://127.0.0.1:PORT) and $HTTP_PORT
//	balance LEDGER ACCOUNT CENTS
//	                         the bank ledger LEDGER gives ACCOUNT the
//	                         balance CENTS (read with the layer's own code)
//	squat                    a process of the agent's on the dev service's
//	                         pinned address (the service is down): it
//	                         answers /api/key with the pinned public key,
//	                         unsigned challenges, and records every other
//	                         request
//	squatted N               the squatter got N requests besides /api/key
//	ledger LEDGER            write the bank ledger's entries to stdout, one
//	                         a line: ACCOUNT KIND PAYEE CENTS
func humanCmds() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	var mu sync.Mutex
	sinks := map[*testscript.TestScript]*demo.MailSink{}
	squatters := map[*testscript.TestScript]*squatter{}
	sinkOf := func(ts *testscript.TestScript) *demo.MailSink {
		mu.Lock()
		defer mu.Unlock()
		s := sinks[ts]
		if s == nil {
			ts.Fatalf("no mailsink started in this script")
		}
		return s
	}
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"mailsink": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 0 {
				ts.Fatalf("usage: mailsink")
			}
			s, err := demo.StartMailSink()
			ts.Check(err)
			mu.Lock()
			sinks[ts] = s
			mu.Unlock()
			ts.Defer(func() {
				s.Close()
				mu.Lock()
				delete(sinks, ts)
				mu.Unlock()
			})
			ts.Check(os.WriteFile(ts.MkAbs("smtp-ca.pem"), s.CAPEM, 0o600))
			ts.Setenv("SMTP_ADDR", s.Addr)
		},
		"mail-received": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 2 {
				ts.Fatalf("usage: mail-received TO TEXT")
			}
			mail := sinkOf(ts).Mail()
			if len(mail) != 1 || len(mail[0].To) != 1 || mail[0].To[0] != args[0] || !strings.Contains(mail[0].Data, args[1]) {
				ts.Fatalf("the mail server received %q; want one message to %s holding %q", mail, args[0], args[1])
			}
			ts.Logf("the mail server received:\n%s", mail[0])
		},
		"service-ready": func(ts *testscript.TestScript, neg bool, args []string) {
			base := scriptServiceURL(ts)
			for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
				resp, err := http.Get(base + "/login")
				if err == nil {
					resp.Body.Close()
					return
				}
				if time.Now().After(deadline) {
					ts.Fatalf("the service at %s did not answer within 30s: %v", base, err)
				}
			}
		},
		"httpserve": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 0 {
				ts.Fatalf("usage: httpserve")
			}
			mux := http.NewServeMux()
			mux.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, "hello from a local server")
			})
			srv := httptest.NewServer(mux)
			ts.Defer(srv.Close)
			ts.Setenv("HTTP_URL", srv.URL)
			ts.Setenv("HTTP_PORT", strings.TrimPrefix(srv.URL, "http://127.0.0.1:"))
		},
		"balance": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 3 {
				ts.Fatalf("usage: balance LEDGER ACCOUNT CENTS")
			}
			l, err := bank.Open(ts.MkAbs(args[0]))
			ts.Check(err)
			defer l.Close()
			got, err := l.Balance(args[1])
			ts.Check(err)
			if want := args[2]; strconv.FormatInt(got, 10) != want {
				ts.Fatalf("account %s has %d cents, want %s", args[1], got, want)
			}
		},
		"pending": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 2 {
				ts.Fatalf("usage: pending PASSWORD-FILE VAR")
			}
			pw, err := os.ReadFile(ts.MkAbs(args[0]))
			ts.Check(err)
			do, err := humanLogin(scriptServiceURL(ts), strings.TrimSpace(string(pw)))
			ts.Check(err)
			id, err := waitPending(do)
			ts.Check(err)
			ts.Setenv(args[1], id)
		},
		"squat": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 0 {
				ts.Fatalf("usage: squat")
			}
			data, err := os.ReadFile(client.UserPath(ts.Getenv("TEST_CLIENT_HOME")))
			ts.Check(err)
			var c client.Config
			ts.Check(json.Unmarshal(data, &c))
			u, err := url.Parse(c.URL)
			ts.Check(err)
			ln, err := net.Listen("tcp", u.Host)
			ts.Check(err)
			sq := &squatter{}
			mux := http.NewServeMux()
			mux.HandleFunc("GET /api/key", func(w http.ResponseWriter, r *http.Request) {
				// The public key anyone may read, and the challenge
				// echoed with a signature it cannot make.
				json.NewEncoder(w).Encode(map[string]string{"key_id": c.KeyID, "public_key": c.PublicKey,
					"challenge": r.URL.Query().Get("challenge"), "signature": strings.Repeat("A", 86)})
			})
			mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
				sq.mu.Lock()
				sq.got = append(sq.got, r.Method+" "+r.URL.Path)
				sq.mu.Unlock()
				w.WriteHeader(http.StatusCreated)
				io.WriteString(w, `{"id":"req_000000000000000000000001","status":"pending","ui":"`+c.URL+`/login"}`)
			})
			srv := &http.Server{Handler: mux}
			go srv.Serve(ln)
			ts.Defer(func() { srv.Close() })
			mu.Lock()
			squatters[ts] = sq
			mu.Unlock()
		},
		"squatted": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 1 {
				ts.Fatalf("usage: squatted N")
			}
			mu.Lock()
			sq := squatters[ts]
			mu.Unlock()
			if sq == nil {
				ts.Fatalf("no squat in this script")
			}
			sq.mu.Lock()
			defer sq.mu.Unlock()
			if strconv.Itoa(len(sq.got)) != args[0] {
				ts.Fatalf("the squatter got %q, want %s requests", sq.got, args[0])
			}
		},
		"ledger": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 1 {
				ts.Fatalf("usage: ledger LEDGER")
			}
			l, err := bank.Open(ts.MkAbs(args[0]))
			ts.Check(err)
			defer l.Close()
			entries, err := l.Entries()
			ts.Check(err)
			for _, e := range entries {
				fmt.Fprintf(ts.Stdout(), "%s %s %q %d\n", e.Account, e.Kind, e.Payee, e.Amount)
			}
		},
		"approve": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 1 {
				ts.Fatalf("usage: approve PASSWORD-FILE")
			}
			pw, err := os.ReadFile(ts.MkAbs(args[0]))
			ts.Check(err)
			ts.Check(approveAsHuman(scriptServiceURL(ts), strings.TrimSpace(string(pw))))
		},
		"approve-in-browser": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 1 {
				ts.Fatalf("usage: approve-in-browser PASSWORD-FILE")
			}
			pw, err := os.ReadFile(ts.MkAbs(args[0]))
			ts.Check(err)
			profile, err := os.MkdirTemp(ts.Getenv("WORK"), "chromium-")
			ts.Check(err)
			href, err := browsertest.ApproveInBrowser(scriptServiceURL(ts), strings.TrimSpace(string(pw)), profile)
			ts.Check(err)
			ts.Logf("approved %s in the browser", href)
		},
	}
}

// squatter is what a squat verb's server was asked besides /api/key.
type squatter struct {
	mu  sync.Mutex
	got []string
}

// scriptServiceURL is the service the script's client configuration names.
func scriptServiceURL(ts *testscript.TestScript) string {
	data, err := os.ReadFile(client.UserPath(ts.Getenv("TEST_CLIENT_HOME")))
	ts.Check(err)
	var c client.Config
	ts.Check(json.Unmarshal(data, &c))
	return strings.TrimRight(c.URL, "/")
}

// approveAsHuman logs in with the password as a browser would, waits for
// the one pending request, reads its page's CSRF token and approves it.
func approveAsHuman(base, password string) error {
	do, err := humanLogin(base, password)
	if err != nil {
		return err
	}
	id, err := waitPending(do)
	if err != nil {
		return err
	}
	code, page, err := do("GET", "/ui/requests/"+id, nil)
	m := csrfField.FindSubmatch(page)
	if err != nil || code != http.StatusOK || m == nil {
		return fmt.Errorf("the request page: %d %v, no CSRF token", code, err)
	}
	body, _ := json.Marshal(map[string]string{"decision": "approved_once", "reason": "as the README says", "csrf": string(m[1]), "password": password})
	if code, resp, err := do("POST", "/api/requests/"+id+"/decision", body); err != nil || code != http.StatusOK {
		return fmt.Errorf("approving %s: %d %s %v", id, code, resp, err)
	}
	return nil
}

// humanDo is one request of a logged-in browser.
type humanDo func(method, path string, body []byte) (int, []byte, error)

// humanLogin logs in with the password as a browser would.
func humanLogin(base, password string) (humanDo, error) {
	hc := &http.Client{Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.PostForm(base+"/login", url.Values{"password": {password}})
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	var cookie string
	for _, c := range resp.Cookies() {
		if strings.HasPrefix(c.Name, "clauz3_session_") {
			cookie = c.Name + "=" + c.Value
		}
	}
	if cookie == "" {
		return nil, fmt.Errorf("login: %d without a session", resp.StatusCode)
	}
	return func(method, path string, body []byte) (int, []byte, error) {
		req, err := http.NewRequest(method, base+path, bytes.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		req.Header.Set("Cookie", cookie)
		resp, err := hc.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return resp.StatusCode, data, err
	}, nil
}

// waitPending waits (60 s) until exactly one request is pending and
// returns its ID; more than one is an error (a script names one request).
func waitPending(do humanDo) (string, error) {
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			return "", fmt.Errorf("no pending request within 60s")
		}
		code, body, err := do("GET", "/api/requests", nil)
		if err != nil || code != http.StatusOK {
			return "", fmt.Errorf("listing requests: %d %v", code, err)
		}
		var list struct {
			Requests []approval.Request `json:"requests"`
		}
		if err := json.Unmarshal(body, &list); err != nil {
			return "", err
		}
		var ids []string
		for _, r := range list.Requests {
			if r.Status == approval.StatusPending {
				ids = append(ids, r.ID)
			}
		}
		switch len(ids) {
		case 0:
			continue
		case 1:
			return ids[0], nil
		default:
			return "", fmt.Errorf("%d requests are pending, want one: %v", len(ids), ids)
		}
	}
}
