package main

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
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
	"github.com/clauz3/clauz3/policy"
	"github.com/clauz3/clauz3/prover"
)

// version is what /health reports.
const version = "clauz3-dev"

// runApprovalService is the old name of `clauz3 service run`, kept as
// an alias that follows the same rules: the flags that let anyone start a
// service on a database, policy or layers of their choosing are refused.
func runApprovalService(args []string, stdout, stderr io.Writer) int {
	return runServiceRun("clauz3 approval-service", args, stdout, stderr)
}

// serviceProver wires compiler, prover and policy into the service's
// Reprove and Decide: imports resolve against the service's layer store
// only and trusted layers come from it, never from a project's tools/.
// Proofs run in parallel, up to one per core: each has a Z3 context of
// its own from contexts (made ahead of time, never shared), so a slow
// proof no longer holds every other submission behind one mutex.
type serviceProver struct {
	importRoot string
	trusted    []string
	timeout    time.Duration
	// contexts bounds the proofs running at once and supplies their
	// contexts; nil makes each proof its own, unbounded (tests).
	contexts *prover.Contexts
	// exec are the service's build and run settings; the build identity
	// recorded at approval is computed with them.
	exec execute.Options
}

func (sp *serviceProver) proveOptions() prover.Options {
	return prover.Options{Timeout: sp.timeout, Contexts: sp.contexts}
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
	cfg := sp.config(target)
	prog, err := compiler.Compile(planName, src, cfg)
	if err != nil {
		return approval.Proof{}, err
	}
	if err := ir.Verify(prog); err != nil {
		return approval.Proof{}, fmt.Errorf("internal error: the IR does not verify: %w", err)
	}
	res, err := prover.Prove(ctx, prog, sp.proveOptions())
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
	digest := ir.Digest(src, prog)
	identity, err := sp.buildIdentity(ctx, prog, src)
	if err != nil {
		return approval.Proof{}, err
	}
	cd, err := card.Build(prog, src)
	if err != nil {
		return approval.Proof{}, err
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
