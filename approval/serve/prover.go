package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/approval/execute"
	"github.com/clauz3/clauz3/check"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/policy"
	"github.com/clauz3/clauz3/prover"
)

// serviceProver wires check (compile, verify, prove, coverage, English)
// and policy into the service's Reprove and Decide: imports resolve
// against the service's layer store only and trusted layers come from it,
// never from a project's tools/. Proofs run in parallel, up to one per
// core: each has a Z3 context of its own from contexts for its duration
// (recycled from proof to proof, never used by two at once), so a slow
// proof no longer holds every other
// submission behind one mutex.
type serviceProver struct {
	importRoot string
	trusted    []string
	timeout    time.Duration
	// contexts bounds the proofs running at once and supplies their
	// contexts; nil makes each proof its own, unbounded (tests).
	contexts *prover.Contexts
	// exec are the service's build and run settings; the build identity
	// recorded at approval is computed with them. When reload is set
	// they are only its first reading.
	exec execute.Options
	// reload reads the build and run settings again, the layer
	// configuration from the config folder as it is now: each
	// submission and each run reads it, so `clauz3 layers configure`
	// takes effect without a restart. nil: exec as it is (tests).
	reload func() (execute.Options, error)
	// slots bounds the proofs running at once (one per core): check is
	// safe for concurrent use, but an agent submitting many plans at once
	// must not start a Z3 proof for each. nil: unbounded (tests).
	slots chan struct{}
}

// options are the build and run settings now (reload), else exec.
func (sp *serviceProver) options() (execute.Options, error) {
	if sp.reload == nil {
		return sp.exec, nil
	}
	o, err := sp.reload()
	if err != nil {
		return execute.Options{}, fmt.Errorf("the service's layer configuration: %w", err)
	}
	return o, nil
}

// acquire waits for a proof slot, or for ctx to end; release gives it back.
func (sp *serviceProver) acquire(ctx context.Context) (release func(), err error) {
	if sp.slots == nil {
		return func() {}, nil
	}
	select {
	case sp.slots <- struct{}{}:
		return func() { <-sp.slots }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for a free proof slot: %w", ctx.Err())
	}
}

// proveOptions are the options of every proof the service runs, the
// re-proof's and the policy's alike.
func (sp *serviceProver) proveOptions() check.Options {
	return check.Options{Timeout: sp.timeout, Contexts: sp.contexts}
}

func (sp *serviceProver) config(target string) compiler.Config {
	return compiler.Config{ImportRoots: []string{sp.importRoot}, TrustedRoots: sp.trusted, Target: target}
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
		release, err := sp.acquire(ctx)
		if err != nil {
			return "", "", "", err
		}
		defer release()
		d, err := policy.Evaluate(ctx, plan, pol, sp.proveOptions())
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
	release, err := sp.acquire(ctx)
	if err != nil {
		return approval.Proof{}, err
	}
	defer release()
	cfg := sp.config(target)
	// check refuses IR that does not verify and a proved plan whose
	// coverage report is missing or has a required gap.
	prog, err := check.Compile(check.Plan{File: planName, Source: src, Config: cfg})
	if err != nil {
		return approval.Proof{}, err
	}
	res, err := check.Prove(ctx, prog, sp.proveOptions())
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
	digest := ir.Digest(src, prog)
	// The configuration on disk now is what the card shows and the
	// identity binds; the run reads it again and refuses if it changed.
	opts, err := sp.options()
	if err != nil {
		return approval.Proof{}, err
	}
	id, err := execute.BuildIdentity(ctx, prog, src, opts)
	if err != nil {
		return approval.Proof{}, err
	}
	identity := id.Digest
	cd, err := card.Build(prog, src)
	if err != nil {
		return approval.Proof{}, err
	}
	// The human sees the configuration the service will give the layers
	// this plan uses: where the mail goes from, which ledger, which roots.
	cd.SetConfig(opts.LayerEnv)
	var unconfined string
	cd.Sandbox, unconfined = sandboxLines(id, opts)
	if unconfined != "" {
		cd.Warnings = append([]card.Warning{{Kind: card.Unconfined, Message: unconfined}}, cd.Warnings...)
	}
	p := approval.Proof{PlanHash: digest, Target: res.Target, CoverageChecked: true, BuildIdentity: identity, Card: cd,
		Coverage: []approval.Coverage{}, Evidence: policy.Plan{File: planName, Source: src, Config: cfg}}
	for _, d := range res.Coverage.Domains {
		domain := d.Label
		if domain == "" {
			domain = d.Layer
		}
		p.Coverage = append(p.Coverage, approval.Coverage{Domain: domain, Status: string(d.Status), Missing: append([]string{}, d.Missing...)})
	}
	// A clause english cannot render is shown as code only (English left
	// empty, and the UI says so); it is still proved, so it does not
	// refuse the plan.
	ex := check.Explain(prog)
	for _, g := range ex.Guarantees {
		p.Guarantees = append(p.Guarantees, approval.Guarantee{Source: g.Source, English: g.English, EnglishError: errText(g.Err)})
	}
	for _, a := range ex.Assumptions {
		p.Assumes = append(p.Assumes, approval.Assumption{Source: a.Source, English: a.English, EnglishError: errText(a.Err)})
	}
	for _, o := range res.Obligations {
		p.ProofSummary.Obligations = append(p.ProofSummary.Obligations, o.Title())
	}
	p.ProofSummary.Proved = len(res.Obligations)
	return p, nil
}

// errText is err's text, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
