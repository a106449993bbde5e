package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
	"github.com/clauz3/clauz3/policy"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

// version is what /health reports.
const version = "clauz3-dev"

func runApprovalService(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 approval-service", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8765", "loopback host:port to listen on (port 0 picks a free one)")
	dbPath := fs.String("db", "", "the SQLite database; default: <user config dir>/clauz3/approval.db")
	policyPath := fs.String("policy", "", "an approval policy file (JSON rules, docs/policies.md)")
	var roots stringList
	fs.Var(&roots, "trusted-root", "a trusted layer folder the service proves against; repeatable; default: tools/*/trusted under the working folder")
	ttl := fs.Duration("receipt-ttl", approval.DefaultReceiptTTL, "how long a receipt stays valid after its decision")
	proveTimeout := fs.Duration("prove-timeout", prover.DefaultTimeout, "the limit for each solver check of a re-proof")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "clauz3 approval-service: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() != 0 {
		return usageErr("unexpected arguments %q", fs.Args())
	}
	var (
		pol *policy.Policy
		err error
	)
	if *policyPath != "" {
		// A policy that does not load stops the service: silently asking
		// the human for everything would leave the administrator
		// believing rules apply.
		if pol, err = policy.Load(*policyPath); err != nil {
			return usageErr("--policy: %v", err)
		}
	}
	host, _, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return usageErr("--addr %q: the service listens on a loopback IP address only (127.0.0.1 or ::1)", *addr)
	}
	workDir, err := os.Getwd()
	if err != nil {
		return usageErr("%v", err)
	}
	trusted, err := serviceTrustedRoots(workDir, roots)
	if err != nil {
		return usageErr("%v", err)
	}
	if *dbPath == "" {
		if *dbPath, err = approval.DefaultPath(); err != nil {
			return usageErr("%v (use --db)", err)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fail := func(err error) int {
		fmt.Fprintf(stderr, "clauz3 approval-service: %v\n", err)
		return exitRefused
	}
	store, err := approval.OpenStore(ctx, *dbPath)
	if err != nil {
		return fail(err)
	}
	defer store.Close()
	secretStore, backend, err := secrets.Open("clauz3", filepath.Dir(store.Path()))
	if err != nil {
		return fail(err)
	}
	keys, err := approval.LoadKeys(secretStore)
	if err != nil {
		return fail(err)
	}
	proofs := &serviceProver{workDir: workDir, trusted: trusted, timeout: *proveTimeout}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(err)
	}
	svc, err := approval.New(approval.Config{
		Addr: ln.Addr().String(), Store: store, Key: keys.Signing, SessionSecret: keys.SessionSecret,
		Reprove: proofs.reprove, Decide: proofs.decider(pol), ReceiptTTL: *ttl, Version: version,
	})
	if err != nil {
		ln.Close()
		return fail(err)
	}
	started, _ := json.Marshal(map[string]any{"url": svc.URL(), "key_id": receipt.KeyID(svc.PublicKey()), "trusted_roots": trusted, "secrets": backend.Kind})
	if err := store.Audit(ctx, audit.Event{Kind: "service.started", Actor: "service", Detail: string(started)}); err != nil {
		ln.Close()
		return fail(err)
	}
	discovery, err := approval.WriteDiscovery(workDir, svc.URL(), svc.PublicKey())
	if err != nil {
		ln.Close()
		return fail(err)
	}
	fmt.Fprintf(stdout, "approval service: listening on %s\n", svc.URL())
	fmt.Fprintf(stdout, "approval service: database %s\n", store.Path())
	fmt.Fprintln(stdout, backend.String())
	if len(keys.Created) > 0 {
		fmt.Fprintf(stdout, "approval service: made new secrets %s\n", strings.Join(keys.Created, ", "))
	}
	fmt.Fprintf(stdout, "approval service: trusted roots: %s\n", strings.Join(trusted, ", "))
	fmt.Fprintf(stdout, "approval service: discovery file %s\n", discovery)
	fmt.Fprintf(stdout, "approval service: log in once at %s\n", svc.LoginURL())

	// Stopping cancels every request's context, so long-polls answer 503
	// at once instead of holding the shutdown for up to two minutes.
	base, stopRequests := context.WithCancel(context.Background())
	defer stopRequests()
	srv := &http.Server{
		BaseContext:       func(net.Listener) context.Context { return base },
		Handler:           svc.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      approval.MaxWait + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fail(err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	stopRequests()
	if err := srv.Shutdown(shutdown); err != nil {
		return fail(fmt.Errorf("shutting down: %w", err))
	}
	fmt.Fprintln(stdout, "approval service: stopped")
	return exitOK
}

// serviceTrustedRoots are the --trusted-root folders, or every
// tools/*/trusted folder under the service's working folder. A client
// never names them.
func serviceTrustedRoots(workDir string, flags []string) ([]string, error) {
	roots := []string(flags)
	if len(roots) == 0 {
		found, err := filepath.Glob(filepath.Join(workDir, "tools", "*", "trusted"))
		if err != nil {
			return nil, err
		}
		roots = found
	}
	out := make([]string, 0, len(roots))
	for _, r := range roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return nil, err
		}
		if st, err := os.Stat(abs); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("--trusted-root %s: not a folder", r)
		}
		out = append(out, abs)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no trusted roots: no tools/*/trusted under %s and no --trusted-root", workDir)
	}
	return out, nil
}

// serviceProver wires compiler, prover and policy into the service's
// Reprove and Decide: imports resolve against the service's working folder
// only and trusted layers come from its own roots. Proofs run one at a
// time: the solver binding is not documented as safe for concurrent use.
type serviceProver struct {
	workDir string
	trusted []string
	timeout time.Duration
	mu      sync.Mutex
}

func (sp *serviceProver) config(target string) compiler.Config {
	return compiler.Config{ImportRoots: []string{sp.workDir}, TrustedRoots: sp.trusted, Target: target}
}

// decider is the service's Decide for pol, or nil without a policy. The
// policy compiles the plan again from its source with the service's own
// configuration (Evidence carries it), never from anything the client
// sent beside the source the human also sees.
func (sp *serviceProver) decider(pol *policy.Policy) approval.Decide {
	if pol == nil {
		return nil
	}
	return func(ctx context.Context, p approval.Proof) (string, string, string, error) {
		plan, ok := p.Evidence.(policy.Plan)
		if !ok {
			return "", "", "", errors.New("internal error: the re-proof left no plan for the policy")
		}
		sp.mu.Lock()
		d, err := policy.Evaluate(ctx, plan, pol, prover.Options{Timeout: sp.timeout})
		sp.mu.Unlock()
		if err != nil {
			return "", "", "", err
		}
		switch d.Outcome {
		case policy.AutoApproved:
			return approval.StatusAutoApproved, d.Rule, d.Reason, nil
		case policy.AutoRejected:
			return approval.StatusAutoRejected, d.Rule, d.Reason, nil
		case policy.Ask:
			return "", "", "", nil
		}
		return "", "", "", fmt.Errorf("internal error: policy outcome %q", d.Outcome)
	}
}

func (sp *serviceProver) reprove(ctx context.Context, planName string, src []byte, target string) (approval.Proof, error) {
	cfg := sp.config(target)
	prog, err := compiler.Compile(planName, src, cfg)
	if err != nil {
		return approval.Proof{}, err
	}
	if err := ir.Verify(prog); err != nil {
		return approval.Proof{}, fmt.Errorf("internal error: the IR does not verify: %w", err)
	}
	sp.mu.Lock()
	res, err := prover.Prove(ctx, prog, prover.Options{Timeout: sp.timeout})
	sp.mu.Unlock()
	if err != nil {
		return approval.Proof{}, err
	}
	if !res.Proved() {
		var why bytes.Buffer
		if err := res.WriteText(io.Discard, &why); err != nil {
			return approval.Proof{}, err
		}
		return approval.Proof{}, errors.New(strings.TrimSpace(why.String()))
	}
	if res.Coverage == nil || !res.Coverage.OK() {
		return approval.Proof{}, errors.New("internal error: the plan is proved but its coverage report is missing or has a required gap")
	}
	p := approval.Proof{PlanHash: ir.Digest(src, prog), Target: res.Target, CoverageChecked: true,
		Coverage: []approval.Coverage{}, Evidence: policy.Plan{File: planName, Source: src, Config: cfg}}
	for _, d := range res.Coverage.Domains {
		domain := d.Label
		if domain == "" {
			domain = d.Layer
		}
		p.Coverage = append(p.Coverage, approval.Coverage{Domain: domain, Status: string(d.Status), Missing: append([]string{}, d.Missing...)})
	}
	for _, g := range prog.Guarantees {
		// A guarantee english cannot render is shown as code only
		// (English left empty, and the UI says so); it is still
		// proved, so it does not refuse the plan.
		ag := approval.Guarantee{Source: g.Source}
		if sentence, err := english.Guarantee(g); err != nil {
			ag.EnglishError = err.Error()
		} else {
			ag.English = sentence
		}
		p.Guarantees = append(p.Guarantees, ag)
	}
	for _, c := range prog.Target.Requires {
		// As for a guarantee, an assumption english cannot render is
		// shown as code only.
		a := approval.Assumption{Source: c.Source}
		if sentence, err := english.Assumption(prog.Target, c); err != nil {
			a.EnglishError = err.Error()
		} else {
			a.English = sentence
		}
		p.Assumes = append(p.Assumes, a)
	}
	for _, o := range res.Obligations {
		p.ProofSummary.Obligations = append(p.ProofSummary.Obligations, o.Title())
	}
	p.ProofSummary.Proved = len(res.Obligations)
	return p, nil
}
