package runner

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/execute"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// realService is the approval service (approval) on a
// loopback listener, with a SQLite store in a temporary folder, signing
// with the fixed test key (so the binaries built for it stay cached), and
// re-proving every submission against the corpus's trusted layers.
type realService struct {
	svc *approval.Service
	srv *httptest.Server
}

// It builds and runs approved plans as cmd/clauz3's service does
// (package execute), with the corpus's layers and outbox as the email
// layer's configuration.
func startRealService(t *testing.T, outbox string) *realService {
	t.Helper()
	st, err := approval.OpenStore(context.Background(), filepath.Join(t.TempDir(), "approval.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv := httptest.NewUnstartedServer(nil)
	opts := corpusOptions(t, outbox, receipt.EncodePublicKey(approvaltest.Key().Public().(ed25519.PublicKey)), "http://"+srv.Listener.Addr().String())
	svc, err := approval.New(approval.Config{
		Addr: srv.Listener.Addr().String(), Store: st, Key: approvaltest.Key(),
		SessionSecret: bytes.Repeat([]byte{9}, 32), Reprove: opts.reprove, Version: "test",
		PasswordHash: testPasswordHash(),
		Execute:      opts.execute,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = svc.Handler()
	srv.Start()
	t.Cleanup(srv.Close)
	return &realService{svc: svc, srv: srv}
}

// corpusService proves, builds and runs plans against the corpus's
// layers, as the service does against its store, with one set of build
// settings for the identity recorded at approval and the run.
type corpusService struct {
	t    *testing.T
	opts execute.Options
}

func corpusOptions(t *testing.T, outbox, key, url string) *corpusService {
	goBin, err := exec.LookPath("go")
	if err == nil {
		goBin, err = filepath.Abs(goBin)
	}
	if err != nil {
		t.Fatal(err)
	}
	goEnv := func(name string) string {
		out, _ := exec.Command(goBin, "env", name).Output()
		return strings.TrimSpace(string(out))
	}
	return &corpusService{t: t, opts: execute.Options{
		GoBin: goBin, GoCache: goEnv("GOCACHE"), GoModCache: goEnv("GOMODCACHE"), CacheDir: buildCache, WorkDir: t.TempDir(),
		ApprovalKey: key, ServiceURL: url, Home: t.TempDir(), LayerEnv: map[string][]string{"email": {"CLAUZ3_TEST_OUTBOX=" + outbox}},
		// The test layer's outbox: the sandbox derives no grant for it.
		Sandbox: execute.SandboxOptions{ReadWrite: []string{filepath.Dir(outbox)}},
	}}
}

func (c *corpusService) reprove(ctx context.Context, name string, src []byte, target string) (approval.Proof, error) {
	p, err := corpusReprove(ctx, name, src, target)
	if err != nil {
		return p, err
	}
	prog, err := compiler.Compile(name, src, compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}, Target: target})
	if err != nil {
		return approval.Proof{}, err
	}
	if p.BuildIdentity, err = execute.Identity(ctx, prog, src, c.opts); err != nil {
		return approval.Proof{}, err
	}
	return p, nil
}

func (c *corpusService) execute(ctx context.Context, job approval.RunJob) (approval.RunResult, error) {
	prog, err := compiler.Compile(job.PlanName, []byte(job.PlanSource), compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}, Target: job.Target})
	if err != nil {
		return approval.RunResult{}, err
	}
	res, err := execute.Run(ctx, execute.Job{Prog: prog, Source: []byte(job.PlanSource), Receipt: job.Receipt, Inputs: job.Inputs, BuildIdentity: job.BuildIdentity}, c.opts)
	if err != nil {
		return approval.RunResult{}, err
	}
	return approval.RunResult{Exit: res.Exit, Stdout: res.Stdout, Stderr: res.Stderr, Trace: res.Trace, BuildIdentity: job.BuildIdentity}, nil
}

// corpusReprove compiles and proves a submission against the corpus's
// trusted layers, as the service does against its own trusted roots.
func corpusReprove(ctx context.Context, name string, src []byte, target string) (approval.Proof, error) {
	prog, err := compiler.Compile(name, src, compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}, Target: target})
	if err != nil {
		return approval.Proof{}, err
	}
	res, err := prover.Prove(ctx, prog, prover.Options{})
	if err != nil {
		return approval.Proof{}, err
	}
	if !res.Proved() {
		return approval.Proof{}, fmt.Errorf("not proved")
	}
	p := approval.Proof{PlanHash: ir.Digest(src, prog), Target: prog.Target.Name, ProofSummary: approval.ProofSummary{Proved: len(res.Obligations), Obligations: []string{}}}
	for _, o := range res.Obligations {
		p.ProofSummary.Obligations = append(p.ProofSummary.Obligations, o.Title())
	}
	for _, g := range prog.Guarantees {
		text, err := english.Guarantee(g)
		if err != nil {
			return approval.Proof{}, err
		}
		p.Guarantees = append(p.Guarantees, approval.Guarantee{Source: g.Source, English: text})
	}
	return p, nil
}

// testPassword is the human's password of the test service.
const testPassword = "correct horse battery"

var testPasswordHash = sync.OnceValue(func() string {
	h, err := approval.HashPassword(testPassword)
	if err != nil {
		panic(err)
	}
	return h
})

// browser is a logged-in HTTP client, as the human's browser would be.
type browser struct {
	t      *testing.T
	client *http.Client
	base   string
}

func (s *realService) login(t *testing.T) *browser {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	b := &browser{t: t, client: &http.Client{Jar: jar}, base: s.svc.URL()}
	resp, err := b.client.PostForm(s.svc.LoginURL(), url.Values{"password": {testPassword}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || len(jar.Cookies(resp.Request.URL)) == 0 {
		t.Fatalf("login: %s", resp.Status)
	}
	return b
}

var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// csrf reads the CSRF token from a request page.
func (b *browser) csrf(id string) string {
	resp, err := b.client.Get(b.base + "/ui/requests/" + id)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	page, _ := io.ReadAll(resp.Body)
	m := csrfField.FindSubmatch(page)
	if m == nil {
		b.t.Fatalf("no CSRF token on the request page:\n%s", page)
	}
	return string(m[1])
}

// decide posts the decision form; edit changes the request first.
func (b *browser) decide(id, decision, csrf string, edit func(*http.Request)) (int, string) {
	form := url.Values{"decision": {decision}, "reason": {"looks right"}, "csrf": {csrf}, "password": {testPassword}}
	req, err := http.NewRequest("POST", b.base+"/api/requests/"+id+"/decision", strings.NewReader(form.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", b.base)
	if edit != nil {
		edit(req)
	}
	client := *b.client
	client.CheckRedirect = noRedirects
	resp, err := client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(body, &e) == nil && e.Error != "" {
		return resp.StatusCode, e.Error
	}
	return resp.StatusCode, string(body)
}

// pendingID waits for the one pending request a run submitted.
func (s *realService) pendingID(t *testing.T) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var list struct {
			Requests []approval.Request `json:"requests"`
		}
		req, _ := http.NewRequest("GET", s.svc.URL()+"/api/requests", nil)
		if err := do(http.DefaultClient, req, 200, &list); err != nil {
			t.Fatal(err)
		}
		for _, r := range list.Requests {
			if r.Status == "pending" {
				return r.ID
			}
		}
	}
	t.Fatal("no request was submitted")
	return ""
}

func (s *realService) service() Service {
	return Service{URL: s.svc.URL(), PublicKey: receipt.EncodePublicKey(s.svc.PublicKey()), KeyFrom: "test"}
}
