package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/policy"
	"github.com/clauz3/clauz3/prover"
)

// runPolicyCheck dry-runs an approval policy on a plan: exit 0 when the
// policy decided (and, with --expect, decided that), 1 when the plan is
// refused or the decision differs from --expect, 2 for usage errors and
// an invalid policy file.
func runPolicyCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 policy-check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var pf planFlags
	pf.register(fs)
	policyFile := fs.String("policy", "", "the approval policy JSON file (required)")
	expect := fs.String("expect", "", "fail unless the decision is this: auto_approved, auto_rejected or ask")
	asJSON := fs.Bool("json", false, "print the decision as one JSON object on stdout")
	timeout := fs.Duration("timeout", prover.DefaultTimeout, "the limit for each solver check; running out makes a clause inconclusive")
	// flags may follow the plan: clauz3 policy-check plan.py --policy p.json
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if *policyFile == "" {
		fmt.Fprintln(stderr, "clauz3 policy-check: --policy FILE is required")
		return exitUsage
	}
	var want policy.Outcome
	if *expect != "" {
		o, err := policy.ParseOutcome(*expect)
		if err != nil {
			fmt.Fprintln(stderr, "clauz3 policy-check: --expect:", err)
			return exitUsage
		}
		want = o
	}
	pol, err := policy.Load(*policyFile)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}
	plan, code, err := pf.readPlan(fs, stdin)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	d, err := policy.Evaluate(ctx, plan, pol, prover.Options{Timeout: *timeout})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			err = fmt.Errorf("interrupted: the policy decided nothing")
		}
		fmt.Fprintln(stderr, err)
		return exitRefused
	}
	if *asJSON {
		writeJSON(stdout, d)
	} else {
		writeDecision(stdout, d)
	}
	if want != "" && d.Outcome != want {
		fmt.Fprintf(stderr, "clauz3 policy-check: expected %s, got %s\n", want, d.Outcome)
		return exitRefused
	}
	return exitOK
}

func writeDecision(w io.Writer, d *policy.Decision) {
	if d.Rule != "" {
		fmt.Fprintf(w, "decision: %s by rule %s: %s\n", d.Outcome, d.Rule, d.Reason)
	} else {
		fmt.Fprintf(w, "decision: %s: %s\n", d.Outcome, d.Reason)
	}
	for _, r := range d.Rules {
		fmt.Fprintf(w, "  rule %s (%s): %s\n", r.Name, r.Decision, r.Status)
		if r.Detail != "" {
			fmt.Fprintf(w, "    %s\n", r.Detail)
		}
		for _, c := range r.Clauses {
			fmt.Fprintf(w, "    %s %s\n", c.Status, c.Clause)
			if c.Detail != "" {
				fmt.Fprintf(w, "      %s\n", indentLines(c.Detail, "      "))
			}
		}
	}
}

func indentLines(s, prefix string) string {
	out := []byte{}
	for i := 0; i < len(s); i++ {
		out = append(out, s[i])
		if s[i] == '\n' && i+1 < len(s) {
			out = append(out, prefix...)
		}
	}
	return string(out)
}

// readPlan reads the plan named by the remaining argument and the
// compiler configuration the plan flags give, without compiling it.
func (pf *planFlags) readPlan(fs *flag.FlagSet, stdin io.Reader) (policy.Plan, int, error) {
	if fs.NArg() > 1 {
		return policy.Plan{}, exitUsage, fmt.Errorf("expected one PLAN, got %d arguments", fs.NArg())
	}
	for _, dir := range append(append([]string(nil), pf.trustedRoots...), pf.importRoots...) {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return policy.Plan{}, exitUsage, fmt.Errorf("%s: not a folder", dir)
		}
	}
	name := fs.Arg(0)
	var src []byte
	var err error
	if name == "" || name == "-" {
		name = "<stdin>"
		src, err = io.ReadAll(stdin)
	} else {
		src, err = os.ReadFile(name)
	}
	if err != nil {
		return policy.Plan{}, exitUsage, err
	}
	cfg := compiler.Config{ImportRoots: pf.importRoots, TrustedRoots: pf.trustedRoots, Target: pf.target}
	if name == "<stdin>" && len(cfg.ImportRoots) == 0 {
		cfg.ImportRoots = []string{"."}
	}
	return policy.Plan{File: name, Source: src, Config: cfg}, exitOK, nil
}
