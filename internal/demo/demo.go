package demo

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/layers/bank"
	"github.com/clauz3/clauz3/runner"
)

// Options are what a demo run needs from its caller.
type Options struct {
	// Clauz3 is the clauz3 binary every set-up step runs (absolute).
	Clauz3 string
	// Dir is the demo's folder: the service's state and config, the
	// project, the CA. Everything the demo makes is inside it.
	Dir string
	// Approve leaves the decision to the human in the browser (no
	// auto-approving policy); the demo prints the URL and password.
	Approve bool
	// ApprovalTimeout bounds each wait for a decision (default 10m).
	ApprovalTimeout time.Duration
	// Go is the go command sealed builds use (absolute; empty: the one
	// `clauz3 service init` finds on PATH). GoCache and GoModCache, when
	// set, are shared with the sealed builds (dev mode allows it) so they
	// reuse what building clauz3 compiled.
	Go, GoCache, GoModCache string
	// Out receives the demo's narration and every transcript.
	Out io.Writer
}

// Report is what the demo observed, for its test.
type Report struct {
	Mail                        []Mail
	BalanceBefore, BalanceAfter int64
	Transcripts                 map[string]string // plan file -> what the run printed
	Exits                       map[string]int    // plan file -> runner exit status
}

// Plans the demo runs, in order, with the exit status each must end with.
var plans = []struct {
	file, src, why string
	want           int
}{
	{"only_bob.py", `# Sends one message, to Bob only, as it promises.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email_with_subject


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email_with_subject("bob@example.com", "Report", "The report is ready.")
`, "promises to email only Bob, and does: proved, auto-approved by the policy, built and run", runner.ExitRan},
	{"ann_too.py", `# Promises only Bob, but also writes to Ann.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email_with_subject


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email_with_subject("bob@example.com", "Report", "The report is ready.")
    send_email_with_subject("ann@example.com", "Report", "The report is ready.")
`, "promises only Bob but also emails Ann: refused with a counterexample, never submitted", runner.ExitRefused},
	{"spend_5.py", `# Two withdrawals, 2 + 3 cents: within the promised limit of 5.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    withdraw("checking", 2)
    withdraw("checking", 3)
`, "spends 2 + 3 cents under max_spend(5): proved, approved, run against the ledger", runner.ExitRan},
	{"spend_6.py", `# Two withdrawals, 2 + 4 cents: over the promised limit of 5.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    withdraw("checking", 2)
    withdraw("checking", 4)
`, "spends 2 + 4 cents under max_spend(5): refused, never submitted, the ledger untouched", runner.ExitRefused},
}

// policyJSON is the demo user's policy: approve a plan proved to email
// only Bob, and one proved to spend at most 5 cents.
const policyJSON = `{
  "version": 1,
  "imports": {"emails": "tools.email.trusted.contracts", "bank": "tools.bank.trusted.contracts"},
  "rules": [
    {"name": "only-bob", "decision": "auto_approved", "reason": "emails only Bob",
     "when_proven": ["emails.only(['bob@example.com'])"]},
    {"name": "small-spend", "decision": "auto_approved", "reason": "spends at most 5 cents",
     "when_proven": ["bank.max_spend(5)"]}
  ]
}
`

// Run runs the demo: a mail server, a dev-mode service set up with
// clauz3's own commands, the four plans, and what happened in the world.
// Everything it starts is stopped before it returns, whatever happened.
func Run(ctx context.Context, o Options) (rep Report, err error) {
	if o.Out == nil {
		o.Out = io.Discard
	}
	if o.ApprovalTimeout <= 0 {
		o.ApprovalTimeout = 10 * time.Minute
	}
	if !filepath.IsAbs(o.Clauz3) || !filepath.IsAbs(o.Dir) {
		return rep, fmt.Errorf("demo: the clauz3 binary (%q) and the demo folder (%q) must be absolute paths", o.Clauz3, o.Dir)
	}
	rep.Transcripts, rep.Exits = map[string]string{}, map[string]int{}
	d := &demo{o: o, stateDir: filepath.Join(o.Dir, "service", "state"), configDir: filepath.Join(o.Dir, "service", "config"),
		home: filepath.Join(o.Dir, "home"), project: filepath.Join(o.Dir, "project")}
	say := func(format string, a ...any) { fmt.Fprintf(o.Out, format+"\n", a...) }

	say("== 1. a real mail server on loopback (STARTTLS, with a CA made for this demo)")
	sink, err := StartMailSink()
	if err != nil {
		return rep, fmt.Errorf("demo: the mail server: %w", err)
	}
	defer sink.Close()
	caFile := filepath.Join(o.Dir, "demo-ca.pem")
	if err := os.WriteFile(caFile, sink.CAPEM, 0o600); err != nil {
		return rep, err
	}
	say("   SMTP on %s, CA certificate %s", sink.Addr, caFile)

	say("\n== 2. the approval service in dev mode, set up with clauz3's commands")
	password, err := newPassword()
	if err != nil {
		return rep, err
	}
	addr, err := freeLoopbackAddr()
	if err != nil {
		return rep, err
	}
	d.addr = addr
	initArgs := []string{"service", "init", "--dev", "--state", d.stateDir, "--config", d.configDir, "--addr", addr,
		"--password-file", "-", "--client-home", d.home}
	if o.Go != "" {
		initArgs = append(initArgs, "--go", o.Go)
	}
	if o.GoCache != "" {
		initArgs = append(initArgs, "--gocache", o.GoCache)
	}
	if o.GoModCache != "" {
		initArgs = append(initArgs, "--gomodcache", o.GoModCache)
	}
	if err := d.clauz3(ctx, password+"\n", initArgs...); err != nil {
		return rep, err
	}
	loc := []string{"--dev", "--state", d.stateDir, "--config", d.configDir}
	for _, step := range [][]string{
		{"layers", "install", "email"},
		{"layers", "install", "bank"},
		{"layers", "configure", "email", "--server", sink.Addr, "--from", "demo@example.com", "--ca-file", caFile},
		{"layers", "configure", "bank", "--account", "checking=1000"},
	} {
		if err := d.clauz3(ctx, "", append(step, loc...)...); err != nil {
			return rep, err
		}
	}
	if o.Approve {
		say("   no policy: every request waits for you in the browser")
	} else {
		if err := os.WriteFile(filepath.Join(d.configDir, "policy.json"), []byte(policyJSON), 0o600); err != nil {
			return rep, err
		}
		say("   the demo user's policy (%s): approve emails.only([\"bob@example.com\"]); approve bank.max_spend(5)", filepath.Join(d.configDir, "policy.json"))
	}
	svc, err := d.startService(ctx)
	if err != nil {
		return rep, err
	}
	defer svc.stop()
	if o.Approve {
		say("\n   Open %s in a browser and log in with the password %s", svc.loginURL, password)
		say("   Each run below waits for your decision (up to %s).", o.ApprovalTimeout)
	}

	say("\n== 3. the agent's project: the bundled layers and four plans")
	for _, l := range []string{"email", "bank"} {
		if err := d.clauz3(ctx, "", "install", l, "--into", d.project); err != nil {
			return rep, err
		}
	}
	ledger := filepath.Join(d.stateDir, "data", "bank", "ledger.db")
	found, err := client.Find(client.Paths{System: filepath.Join(o.Dir, "no-system-client.json"), UserHome: d.home})
	if err != nil {
		return rep, fmt.Errorf("demo: the service's client configuration: %w", err)
	}
	service, httpClient := runner.Found(found)

	for i, p := range plans {
		path := filepath.Join(d.project, p.file)
		if err := os.WriteFile(path, []byte(p.src), 0o644); err != nil {
			return rep, err
		}
		say("\n== %d. %s: %s", 4+i, p.file, p.why)
		fmt.Fprint(o.Out, indent(p.src, "   | "))
		var before int64
		if strings.HasPrefix(p.file, "spend") {
			if before, err = balance(ledger, "checking"); err != nil {
				return rep, err
			}
			say("   ledger before: checking has %d cents", before)
			if i == 2 {
				rep.BalanceBefore = before
			}
		}
		mailBefore := len(sink.Mail())
		prog, err := compiler.Compile(p.file, []byte(p.src), compiler.Config{ImportRoots: []string{d.project}, Target: "main"})
		if err != nil {
			return rep, fmt.Errorf("demo: %s does not compile: %w", p.file, err)
		}
		say("   $ clauz3 run %s", p.file)
		var tr bytes.Buffer
		out := io.MultiWriter(o.Out, &tr)
		code := runner.Run(ctx, runner.Plan{Name: p.file, Source: []byte(p.src), Prog: prog}, runner.Options{
			Service: service, Client: httpClient, ApprovalTimeout: o.ApprovalTimeout, Out: out, Stdout: out, Stderr: out,
		})
		rep.Transcripts[p.file], rep.Exits[p.file] = tr.String(), code
		say("   (exit status %d)", code)
		if code != p.want {
			return rep, fmt.Errorf("demo: %s ended with exit status %d, want %d; service log:\n%s", p.file, code, p.want, svc.log())
		}
		mail := sink.Mail()
		switch {
		case strings.HasPrefix(p.file, "spend"):
			after, err := balance(ledger, "checking")
			if err != nil {
				return rep, err
			}
			say("   ledger after: checking has %d cents", after)
			if i == 2 {
				rep.BalanceAfter = after
				if after != before-5 {
					return rep, fmt.Errorf("demo: the approved spend of 5 cents left %d of %d cents", after, before)
				}
			} else if after != before {
				return rep, fmt.Errorf("demo: the refused plan changed the ledger from %d to %d cents", before, after)
			}
		case p.want == runner.ExitRan:
			if len(mail) != mailBefore+1 {
				return rep, fmt.Errorf("demo: the mail server received %d messages, want 1", len(mail)-mailBefore)
			}
			say("   the mail server received:")
			fmt.Fprint(o.Out, indent(mail[len(mail)-1].String(), "   > "))
		default:
			if len(mail) != mailBefore {
				return rep, fmt.Errorf("demo: the refused plan's run delivered %d messages", len(mail)-mailBefore)
			}
			say("   the mail server received nothing")
		}
	}
	rep.Mail = sink.Mail()
	say("\n== done: one message delivered to Bob, 5 cents spent; the two broken promises never reached the service.")
	if !o.Approve {
		say("   To approve by hand in the browser instead: make demo-approve")
	}
	return rep, nil
}

type demo struct {
	o                                  Options
	stateDir, configDir, home, project string
	addr                               string // the service's loopback host:port, given at init
}

// clauz3 runs one clauz3 command, showing it and its output.
func (d *demo) clauz3(ctx context.Context, stdin string, args ...string) error {
	fmt.Fprintf(d.o.Out, "   $ clauz3 %s\n", strings.Join(args, " "))
	cmd := exec.CommandContext(ctx, d.o.Clauz3, args...)
	cmd.Dir = d.o.Dir
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	fmt.Fprint(d.o.Out, indent(string(out), "     "))
	if err != nil {
		return fmt.Errorf("demo: clauz3 %s: %w", strings.Join(args, " "), err)
	}
	return nil
}

// service is the running `clauz3 service run`.
type service struct {
	cmd      *exec.Cmd
	loginURL string
	mu       sync.Mutex
	out      bytes.Buffer
	exited   chan struct{}
}

func (s *service) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// stop ends the service (its own process group: the service and any
// build or sealed binary it started) and waits for it.
func (s *service) stop() {
	pgid := s.cmd.Process.Pid
	syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		syscall.Kill(-pgid, syscall.SIGKILL)
		<-s.exited
	}
}

// startService runs the service and waits until its login page answers
// over HTTP at the address the demo gave it at init: an HTTP answer says
// it is up, never the wording of its log, which is only shown.
func (d *demo) startService(ctx context.Context) (*service, error) {
	args := []string{"service", "run", "--dev", "--state", d.stateDir, "--config", d.configDir}
	fmt.Fprintf(d.o.Out, "   $ clauz3 %s &\n", strings.Join(args, " "))
	cmd := exec.Command(d.o.Clauz3, args...)
	cmd.Dir = d.o.Dir
	// Its own process group, so stop reaches the builds and binaries it
	// starts; and ended by the kernel if the demo itself dies.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	pr, pw := io.Pipe()
	s := &service{cmd: cmd, exited: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("demo: starting the service: %w", err)
	}
	go func() { cmd.Wait(); pw.Close(); close(s.exited) }()
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			s.mu.Lock()
			s.out.WriteString(sc.Text() + "\n")
			s.mu.Unlock()
		}
		io.Copy(io.Discard, pr)
	}()
	loginURL := "http://" + d.addr + "/login"
	deadline := time.After(60 * time.Second)
	poll := time.NewTicker(100 * time.Millisecond)
	defer poll.Stop()
	for {
		if answers(ctx, loginURL) {
			s.loginURL = loginURL
			fmt.Fprint(d.o.Out, indent(s.log(), "     "))
			return s, nil
		}
		select {
		case <-poll.C:
		case <-s.exited:
			return nil, fmt.Errorf("demo: the service exited before it was ready:\n%s", s.log())
		case <-deadline:
			s.stop()
			return nil, fmt.Errorf("demo: the service did not start within 60s:\n%s", s.log())
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		}
	}
}

// answers reports whether url gives an HTTP answer, whatever its status:
// the server is listening and serving.
func answers(ctx context.Context, url string) bool {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}

// balance reads an account's balance from the ledger, as the bank
// layer's own code does.
func balance(ledger, account string) (int64, error) {
	l, err := bank.Open(ledger)
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Balance(account)
}

func newPassword() (string, error) {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return strings.ToLower(base32.StdEncoding.EncodeToString(b[:])), nil
}

func freeLoopbackAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

func indent(s, prefix string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(strings.TrimRight(s, "\n")+"\n", "\n") {
		if line != "" {
			b.WriteString(prefix + line)
		}
	}
	return b.String()
}
