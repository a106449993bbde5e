package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// liveService is a real `clauz3 service run --dev` process.
type liveService struct {
	cmd      *exec.Cmd
	url      string
	loginURL string
	stderr   *bytes.Buffer
}

// devInstall is a dev installation made with `clauz3 service init --dev`
// in a test folder: its config and state folders, and the client home
// whose ~/.config/clauz3/client.json init writes (TEST_CLIENT_HOME).
type devInstall struct {
	config, state, home string
}

// testServicePassword is the human's password of test installations.
const testServicePassword = "correct horse battery"

// testPorts is the test process's one port picker: every service of the
// process takes its port from it, so no two get the same one (a picker
// per call handed a closed port out again). Set once, locked inside.
var testPorts = sync.OnceValue(newPortPicker)

// freeLoopbackPort picks a port for a service whose address is fixed at
// init (clients pin it).
func freeLoopbackPort(t *testing.T) string {
	t.Helper()
	addr, err := testPorts().addr()
	if err != nil {
		t.Fatal(err)
	}
	return addr
}

// clauz3Cmd is the clauz3 command of the test binary with the env of
// the installation.
func (d *devInstall) cmd(args ...string) *exec.Cmd {
	cmd := exec.Command("clauz3", args...)
	cmd.Env = append(os.Environ(), "TEST_CLIENT_HOME="+d.home, "DBUS_SESSION_BUS_ADDRESS=")
	return cmd
}

func (d *devInstall) flags() []string {
	return []string{"--dev", "--state", d.state, "--config", d.config}
}

// grantSandbox adds read-write folders to the sandbox grants of the
// service's settings (service.json, kept 0600 and its owner): what a test
// layer the sandbox does not know needs, its outbox's folder.
func grantSandbox(t *testing.T, config string, rw ...string) {
	t.Helper()
	path := filepath.Join(config, "service.json")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s state.Settings
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	s.Sandbox.ReadWrite = append(s.Sandbox.ReadWrite, rw...)
	if data, err = json.Marshal(s); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if err := os.Chown(path, int(st.Uid), int(st.Gid)); err != nil {
		t.Fatal(err)
	}
}

// newDevInstall runs service init --dev and installs the corpus layers
// named into the service's layer store.
func newDevInstall(t *testing.T, layerDomains ...string) *devInstall {
	t.Helper()
	dir := t.TempDir()
	d := &devInstall{config: filepath.Join(dir, "svc-config"), state: filepath.Join(dir, "svc-state"), home: filepath.Join(dir, "home")}
	// The machine's Go build cache keeps the tests' sealed builds warm
	// (dev mode may share it; a real service never does).
	caches, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	goCache, goModCache, _ := strings.Cut(strings.TrimSpace(string(caches)), "\n")
	cmd := d.cmd(append([]string{"service", "init", "--addr", freeLoopbackPort(t), "--password-file", "-", "--gocache", goCache, "--gomodcache", goModCache}, d.flags()...)...)
	cmd.Stdin = strings.NewReader(testServicePassword + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("service init: %v\n%s", err, out)
	}
	for _, domain := range layerDomains {
		src, _ := filepath.Abs(filepath.Join("..", "..", "corpus", "tools", domain, "trusted"))
		if out, err := d.cmd(append([]string{"layers", "install", src}, d.flags()...)...).CombinedOutput(); err != nil {
			t.Fatalf("layers install %s: %v\n%s", domain, err, out)
		}
	}
	return d
}

// start runs the service and waits for its login line.
func (d *devInstall) start(t *testing.T) *liveService {
	t.Helper()
	cmd := d.cmd(append([]string{"service", "run"}, d.flags()...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	ls := &liveService{cmd: cmd, stderr: &bytes.Buffer{}}
	cmd.Stderr = ls.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	timeout := time.After(30 * time.Second)
	var seen []string
	for ls.loginURL == "" {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("the service exited before it was ready:\n%s\nstderr:\n%s", strings.Join(seen, "\n"), ls.stderr)
			}
			seen = append(seen, line)
			if u, ok := strings.CutPrefix(line, "approval service: listening on "); ok {
				ls.url = u
			}
			if u, ok := strings.CutPrefix(line, "approval service: log in at "); ok {
				ls.loginURL, _, _ = strings.Cut(u, " ")
			}
		case <-timeout:
			t.Fatalf("the service did not start within 30s:\n%s", strings.Join(seen, "\n"))
		}
	}
	go func() {
		for range lines {
		}
	}()
	if !strings.Contains(strings.Join(seen, "\n"), "DEV MODE") {
		t.Fatalf("a dev service did not say it is one:\n%s", strings.Join(seen, "\n"))
	}
	return ls
}

// planner compiles plans the way `clauz3 run` would, to compute their hash.
type planner struct {
	dir     string
	trusted []string
}

func (p planner) submission(t *testing.T, n int) approval.Submission {
	src := fmt.Sprintf("import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n# run %d\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"Report %d is ready\")\n", n, n)
	prog, err := compiler.Compile("plan.py", []byte(src), compiler.Config{ImportRoots: []string{p.dir}, TrustedRoots: p.trusted, Target: "main"})
	if err != nil {
		t.Error(err)
		return approval.Submission{}
	}
	return approval.Submission{PlanName: "plan.py", PlanSource: src, PlanHash: ir.Digest([]byte(src), prog), Target: "main",
		Guarantees: []approval.Guarantee{}, Coverage: []approval.Coverage{}, ClientKey: testClientKey.Public()}
}

// testClientKey is the submitting client's key of these tests' raw
// submissions (a fixed one: they stand for many runs of `clauz3 run`).
var testClientKey = func() clientkey.Key {
	k, err := clientkey.FromSeed([]byte("clauz3 cmd test client key, 32B!"))
	if err != nil {
		panic(err)
	}
	return k
}()

// doProved is do as the submitting client of request id: with its proof
// of possession for purpose (and binding, a redemption's challenge).
func (c *httpClient) doProved(method, path string, body any, purpose, id, binding string) (int, []byte, error) {
	return c.send(method, path, body, testClientKey.Proof(purpose, id, binding, time.Now()))
}

type httpClient struct {
	base   string
	cookie string
	csrf   string
	http   *http.Client
}

func (c *httpClient) do(method, path string, body any) (int, []byte, error) {
	return c.send(method, path, body, "")
}

func (c *httpClient) send(method, path string, body any, proof string) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.cookie != "" {
		req.Header.Set("Cookie", c.cookie)
	}
	if proof != "" {
		req.Header.Set(clientkey.Header, proof)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, data, err
}

func (c *httpClient) login(t *testing.T, loginURL string) {
	t.Helper()
	resp, err := c.http.PostForm(loginURL, url.Values{"password": {testServicePassword}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, ck := range resp.Cookies() {
		if strings.HasPrefix(ck.Name, "clauz3_session_") {
			c.cookie = ck.Name + "=" + ck.Value
		}
	}
	if resp.StatusCode != http.StatusSeeOther || c.cookie == "" {
		t.Fatalf("login = %d, cookie %q", resp.StatusCode, c.cookie)
	}
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func (c *httpClient) fetchCSRF(t *testing.T, id string) {
	t.Helper()
	code, page, err := c.do("GET", "/ui/requests/"+id, nil)
	m := csrfField.FindSubmatch(page)
	if err != nil || code != 200 || m == nil {
		t.Fatalf("request page %d %v: no CSRF token", code, err)
	}
	c.csrf = string(m[1])
}

// acked is what the service acknowledged before it was killed.
type acked struct {
	mu        sync.Mutex
	submitted map[string]bool
	receipts  map[string]receipt.Receipt
	redeemed  map[string]bool
}

// TestApprovalServiceSurvivesSIGKILL kills a real service process with
// SIGKILL in the middle of traffic (submit, decide, redeem from several
// clients), restarts it on the same database, and checks that every
// answer it acknowledged before dying still holds: no acknowledged
// request, decision, receipt or redemption is lost, a redeemed receipt
// stays redeemed, and the audit chain verifies.
func TestApprovalServiceSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real service processes")
	}
	dir := t.TempDir()
	if err := copyTree(filepath.Join("..", "..", "corpus", "tools"), filepath.Join(dir, "tools")); err != nil {
		t.Fatal(err)
	}
	trusted, err := filepath.Glob(filepath.Join(dir, "tools", "*", "trusted"))
	if err != nil {
		t.Fatal(err)
	}
	pl := planner{dir: dir, trusted: trusted}
	inst := newDevInstall(t, "email")
	db := filepath.Join(inst.state, "approval.db")
	svc := inst.start(t)
	noRedirect := &http.Client{Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	human := &httpClient{base: svc.url, http: noRedirect}
	human.login(t, svc.loginURL)

	// One request before the traffic, to read the session's CSRF token.
	first := pl.submission(t, 0)
	code, body, err := human.do("POST", "/api/requests", first)
	var sub approval.Submitted
	if err != nil || code != 201 || json.Unmarshal(body, &sub) != nil {
		t.Fatalf("first submit = %d %s %v\nservice stderr:\n%s", code, body, err, svc.stderr)
	}
	human.fetchCSRF(t, sub.ID)
	// The human sees the guarantee as code and as the sentence ir/english
	// makes of the service's own compiled plan.
	var shown approval.Request
	if code, body, err := human.do("GET", "/api/requests/"+sub.ID, nil); err != nil || code != 200 || json.Unmarshal(body, &shown) != nil {
		t.Fatalf("get = %d %s %v", code, body, err)
	}
	prog, err := compiler.Compile("plan.py", []byte(first.PlanSource), compiler.Config{ImportRoots: []string{dir}, TrustedRoots: trusted, Target: "main"})
	if err != nil {
		t.Fatal(err)
	}
	sentence, err := english.Guarantee(prog.Guarantees[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(shown.Guarantees) != 1 || shown.Guarantees[0].Source != "emails.only(['bob@example.com'])" || shown.Guarantees[0].English != sentence || sentence == "" {
		t.Fatalf("guarantees shown = %+v, want English %q", shown.Guarantees, sentence)
	}
	t.Logf("English shown: %s", sentence)

	// The real prover refuses what does not hold, and a hash the service
	// does not compute; both are recorded as refused.
	ann := pl.submission(t, 0)
	ann.PlanSource = strings.Replace(ann.PlanSource, `send_email("bob@example.com"`, `send_email("ann@example.com"`, 1)
	bad := pl.submission(t, 0)
	bad.PlanHash = "sha256:" + strings.Repeat("0", 64)
	for name, c := range map[string]struct {
		sub  approval.Submission
		says string
	}{
		"ann is emailed":   {ann, `counterexample: addr = "ann@example.com"`},
		"hash not theirs":  {bad, "plan_hash: the service computes " + first.PlanHash},
		"target not there": {func() approval.Submission { x := pl.submission(t, 0); x.Target = "other"; return x }(), "other"},
	} {
		code, body, err := human.do("POST", "/api/requests", c.sub)
		var refusal struct{ Error, ID string }
		if err != nil || code != 422 || json.Unmarshal(body, &refusal) != nil || !strings.Contains(refusal.Error, c.says) || refusal.ID == "" {
			t.Errorf("%s: submit = %d %s %v; want 422 mentioning %q", name, code, body, err, c.says)
		}
	}

	ack := &acked{submitted: map[string]bool{}, receipts: map[string]receipt.Receipt{}, redeemed: map[string]bool{}}
	var mu sync.Mutex
	next := 1
	var wg sync.WaitGroup
	killed := make(chan struct{})
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runner := &httpClient{base: svc.url, http: noRedirect}
			for {
				select {
				case <-killed:
					return
				default:
				}
				mu.Lock()
				n := next
				next++
				mu.Unlock()
				code, body, err := runner.do("POST", "/api/requests", pl.submission(t, n))
				var s approval.Submitted
				if err != nil || code != 201 || json.Unmarshal(body, &s) != nil {
					return // the service died mid-answer: nothing was acknowledged
				}
				ack.mu.Lock()
				ack.submitted[s.ID] = true
				ack.mu.Unlock()
				code, body, err = human.do("POST", "/api/requests/"+s.ID+"/decision", map[string]string{"decision": "approved_once", "reason": "fine", "csrf": human.csrf, "password": testServicePassword})
				var st approval.Status
				if err != nil || code != 200 || json.Unmarshal(body, &st) != nil || st.Receipt == nil {
					return
				}
				ack.mu.Lock()
				ack.receipts[s.ID] = *st.Receipt
				ack.mu.Unlock()
				if n%2 == 0 {
					continue // leave some receipts unredeemed
				}
				ch, err := receipt.NewChallenge()
				if err != nil {
					t.Error(err)
					return
				}
				code, _, err = runner.doProved("POST", "/api/receipts/redeem", approval.RedeemBody{Receipt: *st.Receipt, Challenge: ch}, clientkey.Redeem, s.ID, ch)
				if err != nil || code != 200 {
					return
				}
				ack.mu.Lock()
				ack.redeemed[s.ID] = true
				ack.mu.Unlock()
			}
		}()
	}
	// Kill once enough traffic was acknowledged, while it still flows.
	deadline := time.Now().Add(40 * time.Second)
	for {
		ack.mu.Lock()
		n := len(ack.redeemed)
		ack.mu.Unlock()
		if n >= 8 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := svc.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	close(killed)
	wg.Wait()
	svc.cmd.Wait()
	if t.Failed() {
		return
	}
	ack.mu.Lock()
	defer ack.mu.Unlock()
	if len(ack.redeemed) < 8 {
		t.Fatalf("only %d redemptions were acknowledged before the kill", len(ack.redeemed))
	}
	t.Logf("acknowledged before SIGKILL: %d submissions, %d receipts, %d redemptions", len(ack.submitted), len(ack.receipts), len(ack.redeemed))

	again := inst.start(t)
	human.base = again.url // the session cookie outlives the process: its secret is persistent
	after := &httpClient{base: again.url, http: noRedirect}
	for id := range ack.submitted {
		if code, body, err := after.do("GET", "/api/requests/"+id, nil); err != nil || code != 200 {
			t.Errorf("acknowledged request %s lost: %d %s %v", id, code, body, err)
		}
	}
	disc, err := os.ReadFile(client.UserPath(inst.home))
	if err != nil {
		t.Fatal(err)
	}
	var d client.Config
	if err := json.Unmarshal(disc, &d); err != nil || d.URL != again.url {
		t.Fatalf("client configuration after restart = %s (%v)", disc, err)
	}
	pub, err := receipt.ParsePublicKey(d.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	for id, rc := range ack.receipts {
		code, body, err := after.doProved("GET", "/api/requests/"+id+"/wait?timeout=1s", nil, clientkey.Wait, id, "")
		var st approval.Status
		if err != nil || code != 200 || json.Unmarshal(body, &st) != nil || st.Status != "approved_once" || st.Receipt == nil || *st.Receipt != rc {
			t.Errorf("acknowledged decision on %s lost or changed: %d %s %v", id, code, body, err)
			continue
		}
		// The key survived too: the receipt still verifies.
		if _, err := receipt.Verify(pub, rc); err != nil {
			t.Errorf("receipt of %s no longer verifies after the restart: %v", id, err)
		}
		ch, _ := receipt.NewChallenge()
		code, body, err = after.doProved("POST", "/api/receipts/redeem", approval.RedeemBody{Receipt: rc, Challenge: ch}, clientkey.Redeem, id, ch)
		switch {
		case err != nil:
			t.Errorf("redeem %s after restart: %v", id, err)
		case ack.redeemed[id] && code != http.StatusConflict:
			t.Errorf("receipt of %s was redeemed before the kill, but redeems again: %d %s", id, code, body)
		case !ack.redeemed[id] && code != http.StatusOK && code != http.StatusConflict:
			// 409 is right when the redemption committed but its answer
			// never reached the client.
			t.Errorf("unredeemed receipt of %s refused after restart: %d %s", id, code, body)
		}
	}
	// The old browser session still decides, on a new request.
	code, body, err = human.do("POST", "/api/requests", pl.submission(t, 100000))
	if err != nil || code != 201 || json.Unmarshal(body, &sub) != nil {
		t.Fatalf("submit after restart = %d %s %v", code, body, err)
	}
	if code, body, err := human.do("POST", "/api/requests/"+sub.ID+"/decision", map[string]string{"decision": "rejected", "csrf": human.csrf, "password": testServicePassword}); err != nil || code != 200 {
		t.Fatalf("decision with the pre-restart session = %d %s %v", code, body, err)
	}

	// Stop gracefully while a runner long-polls: the wait answers 503 (not
	// a status a client could misread) and the service exits 0 at once.
	code, body, err = human.do("POST", "/api/requests", pl.submission(t, 100001))
	if err != nil || code != 201 || json.Unmarshal(body, &sub) != nil {
		t.Fatalf("submit = %d %s %v", code, body, err)
	}
	type waitAnswer struct {
		code int
		body []byte
		err  error
	}
	waited := make(chan waitAnswer, 1)
	go func() {
		code, body, err := after.doProved("GET", "/api/requests/"+sub.ID+"/wait?timeout=100s", nil, clientkey.Wait, sub.ID, "")
		waited <- waitAnswer{code, body, err}
	}()
	time.Sleep(200 * time.Millisecond) // let the long-poll park before the stop
	if err := again.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := again.cmd.Wait(); err != nil {
		t.Fatalf("service exit after SIGTERM: %v\n%s", err, again.stderr)
	}
	// Without the cancellation, Shutdown times out on the open long-poll
	// and the service exits 1 (the Wait above fails).
	if w := <-waited; w.err != nil || w.code != http.StatusServiceUnavailable || !strings.Contains(string(w.body), "stopping") {
		t.Errorf("long-poll during shutdown = %d %s %v", w.code, w.body, w.err)
	}
	out, err := inst.cmd(append([]string{"audit", "verify"}, inst.flags()...)...).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "chain intact") {
		t.Fatalf("audit verify = %v\n%s", err, out)
	}

	// Tamper one row behind the triggers' back: verify names it.
	raw, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TRIGGER audit_no_update`, `UPDATE audit SET detail = 'nothing happened' WHERE seq = 5`} {
		if _, err := raw.ExecContext(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	cmd := inst.cmd(append([]string{"audit", "verify"}, inst.flags()...)...)
	out, err = cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != exitRefused || !strings.Contains(string(out), "chain broken at row 5: hash does not match the row's content (edited)") {
		t.Fatalf("audit verify after tampering = %v\n%s", err, out)
	}
}

// TestForeignInstanceCookie is attack A4 with real processes: two
// service instances of the same user (the agent's and the human's, each
// on its own state) have their own keys and session secrets and cookie
// names, so a session made on one is no session on the other. The
// human's instance has a real pending request (a `clauz3 run` waiting on
// it): the agent's cookie, under its own name or the human's, decides
// nothing (401, with the reason) and the request stays pending, while the
// human's own session does decide it (the control).
func TestForeignInstanceCookie(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real service processes")
	}
	agents, humans := newDevInstall(t), newDevInstall(t, "email")
	a, h := agents.start(t), humans.start(t)
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	agent := &httpClient{base: a.url, http: noRedirect}
	agent.login(t, a.loginURL)

	proj := t.TempDir()
	if err := copyTree(filepath.Join("..", "..", "corpus", "tools"), filepath.Join(proj, "tools")); err != nil {
		t.Fatal(err)
	}
	plan := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"Report is ready\")\n"
	if err := os.WriteFile(filepath.Join(proj, "plan.py"), []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	run := humans.cmd("run", "--approval-timeout", "90s", "plan.py")
	run.Dir = proj
	var out bytes.Buffer
	run.Stdout, run.Stderr = &out, &out
	if err := run.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { run.Process.Kill(); run.Wait() })
	reader := &httpClient{base: h.url, http: noRedirect}
	id := pendingRequest(t, reader)

	decide := func(c *httpClient, csrf string) (int, string) {
		t.Helper()
		code, body, err := c.do("POST", "/api/requests/"+id+"/decision", map[string]string{"decision": wire.StatusRejected, "reason": "decided", "csrf": csrf, "password": testServicePassword})
		if err != nil {
			t.Fatal(err)
		}
		return code, string(body)
	}
	name, _, _ := strings.Cut(agent.cookie, "=")
	for _, cookie := range []string{agent.cookie, strings.Replace(agent.cookie, name, "clauz3_session_"+keyIDOf(t, humans), 1)} {
		c := &httpClient{base: h.url, http: noRedirect, cookie: cookie}
		if code, body := decide(c, "x"); code != http.StatusUnauthorized || !strings.Contains(body, "no valid session") {
			t.Errorf("the agent's session cookie %q on the human's instance: %d %s, want 401 no valid session", cookie, code, body)
		}
	}
	for _, r := range listRequests(t, h.url) {
		if r.ID == id && r.Status != approval.StatusPending {
			t.Errorf("after the agent's cookie the request is %s, want still pending", r.Status)
		}
	}
	// The control: the human's session on the human's instance decides.
	human := &httpClient{base: h.url, http: noRedirect}
	human.login(t, h.loginURL)
	human.fetchCSRF(t, id)
	if code, body := decide(human, human.csrf); code != http.StatusOK {
		t.Fatalf("the human's own session: %d %s, want 200", code, body)
	}
	if err := run.Wait(); err == nil || !strings.Contains(out.String(), "rejected") {
		t.Errorf("the run after the human's rejection (%v):\n%s", err, out.String())
	}
}

// keyIDOf reads an installation's key id from its client configuration.
func keyIDOf(t *testing.T, d *devInstall) string {
	t.Helper()
	data, err := os.ReadFile(client.UserPath(d.home))
	if err != nil {
		t.Fatal(err)
	}
	var c client.Config
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	return c.KeyID
}
