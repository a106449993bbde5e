package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/clientkey"
	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/check"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// The sealed binary's exit statuses the transcript reads (planrt's
// ExitApproval and ExitSandbox; runner links no runtime code).
const (
	exitApproval = 3 // a real run without a valid, redeemed receipt: no effect ran
	exitSandbox  = 4 // the kernel sandbox could not be set up, refused an operation, or a limit was exceeded
)

// Exit statuses of a run.
const (
	ExitRan         = 0 // approved, and the plan ran to its end
	ExitRefused     = 1 // the prover refused the plan: it was not submitted
	ExitUsage       = 2 // bad flags, an unreadable plan, no service configured
	ExitNotApproved = 3 // rejected, not approved, or the approval could not be trusted
	ExitTimeout     = 4 // no decision within the approval timeout
	ExitFailed      = 5 // the sealed program failed (or could not be built)
)

// Plan is a compiled plan and the source it was compiled from.
type Plan struct {
	Name   string // the file name, for the service
	Source []byte
	Prog   *ir.Program
}

// Options configure Run.
type Options struct {
	Service         Service
	ApprovalTimeout time.Duration // total wait for a decision (default 10m)
	ProveTimeout    time.Duration // per solver check (default prover.DefaultTimeout)
	// Contexts supplies the proof's Z3 context in a long-lived process
	// (the MCP server); nil makes one for the proof.
	Contexts       *prover.Contexts
	Out            io.Writer    // the transcript
	Stdout, Stderr io.Writer    // the plan's own output streams
	Client         *http.Client // default: no redirects
	// PollTimeout is one long-poll's timeout (default 30s; the service
	// caps it at 120s).
	PollTimeout time.Duration
	// Args are the target's inputs as "name=JSON", one per parameter,
	// submitted with the plan; the service passes them to the sealed
	// binary as --arg flags. The proof covers every
	// input (within the target's own preconditions, which the binary
	// checks before its receipt is redeemed and before any effect), so
	// the approval does not depend on them; the transcript shows them.
	Args []string
	// ProgressEvery is how often a line says the service is still
	// building and running the plan (default 10s).
	ProgressEvery time.Duration
	// Progress, when set, is told each progress line as it is printed
	// (where the human decides, that the build still runs): MCP run
	// sends them as progress notifications while it blocks.
	Progress func(message string)
}

// approved and the status checks are package wire's: the one list of
// statuses; any other value is a refusal.
func approved(status string) bool { return wire.Approved(status) }

// status is the answer of wait (and of a decision).
type status = wire.Status

type run struct {
	plan   Plan
	opts   Options
	digest string
	// buildID is the build identity the service signed into the receipt
	// (gen.BuildIdentity digest): the service computes it from its own
	// layer store and toolchain; the run it reports must be of it.
	buildID string
	target  string
	// key is this submission's client key (approval/clientkey): made
	// fresh per run and held in memory only; the service answers the
	// wait, the run and a redemption only with its proof.
	key clientkey.Key
}

func (r *run) step(label, format string, args ...any) {
	fmt.Fprintf(r.opts.Out, "  %-12s %s\n", label, fmt.Sprintf(format, args...))
}

func (r *run) more(format string, args ...any) {
	fmt.Fprintf(r.opts.Out, "  %-12s %s\n", "", fmt.Sprintf(format, args...))
}

// refuse prints why the run stops and returns code.
func (r *run) refuse(code int, label, format string, args ...any) int {
	r.step(label, "✗ "+format, args...)
	return code
}

// Run proves, submits, waits, builds and executes plan; it returns the
// exit status and has printed every step and every reason.
func Run(ctx context.Context, plan Plan, opts Options) int {
	if opts.ApprovalTimeout <= 0 {
		opts.ApprovalTimeout = 10 * time.Minute
	}
	if opts.PollTimeout <= 0 {
		opts.PollTimeout = 30 * time.Second
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 10 * time.Second
	}
	if opts.Client == nil {
		opts.Client = &http.Client{CheckRedirect: noRedirects}
	}
	for _, w := range []*io.Writer{&opts.Out, &opts.Stdout, &opts.Stderr} {
		if *w == nil {
			*w = io.Discard
		}
	}
	if plan.Prog == nil || plan.Prog.Target == nil {
		fmt.Fprintln(opts.Out, "clauz3 run: the plan has no target function")
		return ExitUsage
	}
	r := &run{plan: plan, opts: opts, digest: ir.Digest(plan.Source, plan.Prog), target: plan.Prog.Target.Name}
	// Inputs are checked up front (every parameter once, no other,
	// JSON of the parameter's type) rather than burn an approval on a
	// run that cannot start.
	if err := checkArgs(plan.Prog.Target, opts.Args); err != nil {
		fmt.Fprintf(opts.Out, "clauz3 run: %v\n", err)
		return ExitUsage
	}

	res, code := r.prove(ctx)
	if code != ExitRan {
		return code
	}
	svc := opts.Service
	if svc.Dev {
		r.step("service", "DEV MODE: the approval service runs as the same OS user as the agent;")
		r.more("it does not protect the human from a hostile agent")
	}
	if svc.PublicKey == "" {
		return r.refuse(ExitNotApproved, "submit", "no pinned key for the approval service (not submitted)")
	}
	pub, err := receipt.ParsePublicKey(svc.PublicKey)
	if err != nil {
		return r.refuse(ExitNotApproved, "submit", "the service's key: %v (not submitted)", err)
	}
	if r.key, err = clientkey.New(); err != nil {
		return r.refuse(ExitNotApproved, "submit", "%v (not submitted)", err)
	}
	if err := checkPossession(ctx, r.opts.Client, svc, pub); err != nil {
		return r.refuse(ExitNotApproved, "submit", "%v (not submitted)", err)
	}
	id, ui, code := r.submit(ctx, svc, res)
	if code != ExitRan {
		return code
	}
	r.step("submit", "→ approval-service at %s", hostOf(svc.URL))
	r.more("request_id = %s", id)
	r.more("ui = %s", client.Printable(ui))
	r.more("key = %s (from %s)", receipt.KeyID(pub), svc.KeyFrom)
	st, code := r.wait(ctx, svc, id, ui)
	if code != ExitRan {
		return code
	}
	r.step("decision", "%s%s", st.Status, reasonSuffix(st))
	if !approved(st.Status) {
		r.step("execute", "(not run)")
		return ExitNotApproved
	}
	p, code := r.checkReceipt(pub, id, st)
	if code != ExitRan {
		return code
	}
	r.step("receipt", "%s (key %s, expires %s)", p.RequestID, receipt.KeyID(pub), p.ExpiresAt.Format(time.RFC3339))
	return r.execute(ctx, svc, id)
}

// checkArgs checks "name=JSON" inputs against target's parameters: each
// parameter exactly once, no other name, each value JSON of its type.
// The target's own preconditions are left to the sealed binary, which
// checks them itself.
func checkArgs(target *ir.Func, args []string) error {
	given := map[string]bool{}
	for _, a := range args {
		name, raw, ok := strings.Cut(a, "=")
		if !ok || name == "" {
			return fmt.Errorf("--arg %q: want name=JSON", a)
		}
		if given[name] {
			return fmt.Errorf("--arg %s given twice", name)
		}
		given[name] = true
		var p *ir.Local
		for _, q := range target.Params {
			if q.Name == name {
				p = q
			}
		}
		if p == nil {
			return fmt.Errorf("--arg %s: the target %s has no parameter %s", name, target.Name, name)
		}
		if _, err := interp.ParseValue([]byte(raw), p.Type); err != nil {
			return fmt.Errorf("--arg %s: %v", name, err)
		}
	}
	for _, p := range target.Params {
		if !given[p.Name] {
			return fmt.Errorf("the target %s takes the input %s: give it with --arg %s=<%s as JSON>", target.Name, p.Name, p.Name, p.Type)
		}
	}
	return nil
}

func reasonSuffix(st status) string {
	s := ""
	if st.DecidedBy != "" {
		s += " by " + client.Printable(st.DecidedBy)
	}
	if st.Reason != "" {
		s += ": " + client.Printable(st.Reason)
	}
	return s
}

// validID accepts the request ids a service may hand out: they go into
// URL paths, so only letters, digits, '_' and '-'.
func validID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return u.Host
	}
	return raw
}

func (r *run) prove(ctx context.Context) (*prover.Result, int) {
	// check verifies the IR, proves, and refuses a proved plan whose
	// coverage report is missing or has a required gap, as every caller's
	// pipeline does.
	res, err := check.Prove(ctx, r.plan.Prog, check.Options{Timeout: r.opts.ProveTimeout, Contexts: r.opts.Contexts})
	if err != nil {
		r.step("prove", "✗ %v", err)
		r.step("submit", "(not submitted)")
		return nil, ExitRefused
	}
	var ok, bad bytes.Buffer
	if err := res.WriteText(&ok, &bad); err != nil {
		r.step("prove", "✗ %v", err)
		return nil, ExitRefused
	}
	// A refusal leads with why, as the seed's transcript does.
	text := ok.String() + bad.String()
	if !res.Proved() {
		text = bad.String() + ok.String()
	}
	label := "prove"
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if line == "" {
			continue
		}
		r.step(label, "%s", line)
		label = ""
	}
	if !res.Proved() {
		r.step("submit", "(not submitted)")
		return nil, ExitRefused
	}
	return res, ExitRan
}

func (r *run) submit(ctx context.Context, svc Service, res *prover.Result) (id, ui string, code int) {
	gs := []wire.Guarantee{}
	for _, g := range check.Explain(r.plan.Prog).Guarantees {
		// The service renders its own English from its own trusted layer
		// and shows only that; ours is kept in its raw record. A guarantee
		// english cannot render is sent as code only (English empty).
		gs = append(gs, wire.Guarantee{Source: g.Source, English: g.English})
	}
	obligations := []string{}
	for _, o := range res.Obligations {
		obligations = append(obligations, o.Title())
	}
	body := wire.Submission{
		PlanName:     r.plan.Name,
		PlanSource:   string(r.plan.Source),
		PlanHash:     r.digest,
		Target:       r.target,
		Guarantees:   gs,
		ProofSummary: wire.ProofSummary{Proved: len(res.Obligations), Obligations: obligations},
		Coverage:     coverageJSON(res.Coverage),
		ClientKey:    r.key.Public(),
		Inputs:       r.opts.Args,
	}
	var sub wire.Submitted
	if err := postJSON(ctx, r.opts.Client, svc.URL+"/api/requests", body, "", http.StatusCreated, &sub); err != nil {
		var he *httpError
		if errors.As(err, &he) && he.Status == http.StatusUnprocessableEntity {
			return "", "", r.refuse(ExitNotApproved, "submit", "the service refused the plan: %v", err)
		}
		return "", "", r.refuse(ExitNotApproved, "submit", "%v", err)
	}
	if !validID(sub.ID) || !wire.KnownStatus(sub.Status) {
		return "", "", r.refuse(ExitNotApproved, "submit", "malformed answer: id %q, status %q", sub.ID, sub.Status)
	}
	return sub.ID, sub.UI, ExitRan
}

// coverageJSON is the submission's coverage list (docs/approval-api.md):
// one entry per used domain.
func coverageJSON(c *prover.Coverage) []wire.Coverage {
	out := []wire.Coverage{}
	for _, d := range c.Domains {
		domain := d.Label
		if domain == "" {
			domain = d.Layer
		}
		missing := append([]string{}, d.Missing...)
		out = append(out, wire.Coverage{Domain: domain, Status: string(d.Status), Missing: missing})
	}
	return out
}

// wait long-polls until a decision or the approval timeout.
func (r *run) wait(ctx context.Context, svc Service, id, ui string) (status, int) {
	r.step("wait", "(pending user decision...)")
	if ui == "" {
		ui = svc.URL
	}
	r.more("waiting for the human to approve or deny at %s", client.Printable(ui))
	r.report("waiting for the human to approve or deny at " + client.Printable(ui))
	deadline := time.Now().Add(r.opts.ApprovalTimeout)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return status{}, r.refuse(ExitTimeout, "decision", "no decision within %s (request %s is still pending)", r.opts.ApprovalTimeout, id)
		}
		poll := min(r.opts.PollTimeout, left)
		secs := max(1, int(poll.Round(time.Second)/time.Second))
		pctx, cancel := context.WithTimeout(ctx, time.Duration(secs)*time.Second+10*time.Second)
		var st status
		started := time.Now()
		proof := r.key.Proof(clientkey.Wait, id, "", time.Now())
		err := getJSON(pctx, r.opts.Client, fmt.Sprintf("%s/api/requests/%s/wait?timeout=%ds", svc.URL, id, secs), proof, http.StatusOK, &st)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return status{}, r.refuse(ExitNotApproved, "decision", "interrupted: %v", ctx.Err())
			}
			return status{}, r.refuse(ExitNotApproved, "decision", "%v", err)
		}
		switch {
		case st.ID != id:
			return status{}, r.refuse(ExitNotApproved, "decision", "the service answered for request %q, not %q", st.ID, id)
		case !wire.KnownStatus(st.Status):
			return status{}, r.refuse(ExitNotApproved, "decision", "unknown decision value %q", st.Status)
		case st.Status == wire.StatusPending:
			if st.Receipt != nil {
				return status{}, r.refuse(ExitNotApproved, "decision", "a pending answer carries a receipt")
			}
			// A service that answers "pending" at once instead of holding
			// the poll is not hammered.
			if wait := min(time.Second, time.Until(deadline)); time.Since(started) < time.Second && wait > 0 {
				select {
				case <-ctx.Done():
				case <-time.After(wait):
				}
			}
			continue
		}
		return st, ExitRan
	}
}

// checkReceipt verifies the receipt with the pinned key before anything
// is built; the binary checks it again and redeems it.
func (r *run) checkReceipt(pub []byte, id string, st status) (receipt.Payload, int) {
	if st.Receipt == nil {
		return receipt.Payload{}, r.refuse(ExitNotApproved, "receipt", "the %s answer carries no receipt", st.Status)
	}
	p, err := receipt.Verify(pub, *st.Receipt)
	if err != nil {
		return p, r.refuse(ExitNotApproved, "receipt", "%v", err)
	}
	// The build identity is the service's to choose (its store, toolchain
	// and configuration); the client only checks the run is of it.
	if err := receipt.Check(p, receipt.Expect{PlanHash: r.digest, Target: r.target, BuildID: p.BuildID}, time.Now()); err != nil {
		return p, r.refuse(ExitNotApproved, "receipt", "%v", err)
	}
	r.buildID = p.BuildID
	if p.RequestID != id {
		return p, r.refuse(ExitNotApproved, "receipt", "the signed receipt is for request %q, not %q", p.RequestID, id)
	}
	if p.Decision != st.Status {
		return p, r.refuse(ExitNotApproved, "receipt", "the answer says %q but the signed receipt says %q", st.Status, p.Decision)
	}
	return p, ExitRan
}

// execute asks the service to build and run the approved plan: the
// service builds it from its own layer store with its own toolchain and
// runs it with its own layer configuration; nothing of this process's
// files or environment reaches the sealed binary. The answer is shown as
// the seed's transcript shows a run.
func (r *run) execute(ctx context.Context, svc Service, id string) int {
	if len(r.opts.Args) > 0 {
		r.step("inputs", "%s", client.Printable(strings.Join(r.opts.Args, ", ")))
	}
	var res wire.RunResult
	r.step("build", "the service builds and runs the approved plan (a cold sealed build takes about 20 s)")
	r.report("approved: the service builds and runs the plan (a cold sealed build takes about 20 s)")
	stop := r.progress("build", "still building and running")
	proof := r.key.Proof(clientkey.Run, id, "", time.Now())
	err := postJSON(ctx, r.opts.Client, svc.URL+"/api/requests/"+id+"/run", struct{}{}, proof, http.StatusOK, &res)
	stop()
	if err != nil {
		return r.refuse(ExitFailed, "execute", "the service did not run the plan: %v", err)
	}
	if res.ID != id {
		return r.refuse(ExitFailed, "execute", "the service answered for request %q, not %q", res.ID, id)
	}
	if res.BuildIdentity != r.buildID {
		return r.refuse(ExitFailed, "execute", "the service ran build %q, not %q that the receipt binds", res.BuildIdentity, r.buildID)
	}
	io.WriteString(r.opts.Stdout, res.Stdout)
	io.WriteString(r.opts.Stderr, res.Stderr)
	if res.Unconfined != "" {
		r.step("sandbox", "UNCONFINED: %s", client.Printable(res.Unconfined))
	}
	for i, l := range res.Sandbox {
		if i == 0 {
			r.step("sandbox", "%s", client.Printable(l))
		} else {
			r.more("%s", client.Printable(l))
		}
	}
	calls, traceErr := renderTrace(res.Trace)
	why := client.Printable(strings.TrimSpace(res.Stderr))
	if res.Exit == exitApproval { // not admitted, nothing ran
		return r.refuse(ExitNotApproved, "execute", "the sealed binary refused its receipt: %s", why)
	}
	// Which call failed is the runtime's typed record in the trace, not
	// the text of stderr, which the plan's own messages can make say
	// anything.
	failed := -1
	for i, c := range calls {
		mark := "✓"
		switch {
		case c.Failed != "":
			mark, failed = "✗", i
			mark = "✗"
		case traceErr != nil:
			mark = "?" // the record after it is unreadable: it may have failed
		}
		r.step("execute", "%s %s", mark, client.Printable(c.Call))
	}
	if traceErr != nil {
		return r.refuse(ExitFailed, "execute", "the run's trace is unreadable (exit %d): %v", res.Exit, traceErr)
	}
	if res.Exit != 0 {
		// The kernel sandbox's refusals are told by the runtime's typed
		// records: the failed call's SandboxError in the trace, and exit
		// status 4 (planrt.ExitSandbox) for a limit that ended the process.
		sandboxed := res.Exit == exitSandbox
		switch {
		case failed >= 0 && calls[failed].Failed == "SandboxError":
			r.step("result", "%s done, then the kernel sandbox refused %s: %s", effects(failed), client.Printable(calls[failed].Call), why)
		case failed >= 0:
			r.step("result", "%s done, then %s failed: %s", effects(failed), client.Printable(calls[failed].Call), why)
		case sandboxed:
			r.step("result", "%s done, then the kernel sandbox stopped the run: %s", effects(len(calls)), why)
		default:
			r.step("result", "%s done, then the plan failed: %s", effects(len(calls)), why)
		}
		if sandboxed {
			return r.refuse(ExitFailed, "execute", "the kernel sandbox stopped the plan (exit %d): %s", res.Exit, why)
		}
		return r.refuse(ExitFailed, "execute", "the plan failed (exit %d): %s", res.Exit, why)
	}
	if len(calls) == 0 {
		r.step("execute", "✓ (no effect called)")
	}
	r.step("result", "%s done: the plan ran to its end", effects(len(calls)))
	fmt.Fprintln(r.opts.Out, "  done.")
	return ExitRan
}

// report hands a progress line to Options.Progress.
func (r *run) report(message string) {
	if r.opts.Progress != nil {
		r.opts.Progress(message)
	}
}

// effects counts effect calls in words: "1 effect", "no effect".
func effects(n int) string {
	switch n {
	case 0:
		return "no effect"
	case 1:
		return "1 effect"
	}
	return fmt.Sprintf("%d effects", n)
}

// progress prints a line every ProgressEvery until the returned stop is
// called; stop returns only once no line can be printed any more, so the
// transcript's next lines never interleave with one.
func (r *run) progress(label, what string) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	started := time.Now()
	go func() {
		defer close(finished)
		t := time.NewTicker(r.opts.ProgressEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				line := fmt.Sprintf("%s (%s)", what, time.Since(started).Round(time.Second))
				r.step(label, "%s", line)
				r.report(line)
			}
		}
	}()
	return func() { close(done); <-finished }
}
