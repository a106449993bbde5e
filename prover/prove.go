package prover

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Options tune a proof.
type Options struct {
	// Timeout bounds each solver check; zero means DefaultTimeout. A check
	// that runs out of time refuses its obligation.
	Timeout time.Duration
}

// DefaultTimeout is the per-check limit when Options.Timeout is zero.
const DefaultTimeout = 10 * time.Second

// Status is the outcome of one obligation.
type Status int

const (
	// Refused means the obligation could not be decided (unknown, timeout,
	// solver error): the plan is not proved.
	Refused Status = iota
	// Failed means Z3 found an execution that breaks the obligation.
	Failed
	// Proved means no execution breaks it.
	Proved
)

func (s Status) String() string {
	switch s {
	case Proved:
		return "proved"
	case Failed:
		return "failed"
	}
	return "refused"
}

// Kind says what an obligation is about.
type Kind string

const (
	KindPrecondition Kind = "precondition"
	KindGuarantee    Kind = "guarantee"
	// KindCheck is an assert or raise the plan wrote: an assert must hold
	// and a raise must be unreachable on every execution.
	KindCheck Kind = "check"
)

// Obligation is one thing the plan must satisfy, with its outcome.
type Obligation struct {
	Kind   Kind
	Name   string // the effect for a precondition, the guarantee's source otherwise
	Pos    ir.Pos // the call site, or the guarantee's decorator
	Clause string // the requires clause as written, for preconditions
	Status Status
	Reason string // why it was refused, when Status is Refused
	// Counterexample is set when Status is Failed.
	Counterexample *Counterexample
}

// Title is the short name of an obligation, e.g.
// "precondition send_email (line 9)" or "guarantee emails.only([...])".
func (o *Obligation) Title() string {
	switch o.Kind {
	case KindPrecondition:
		return fmt.Sprintf("precondition %s (line %d)", o.Name, o.Pos.Line)
	case KindCheck:
		return fmt.Sprintf("%s (line %d)", o.Name, o.Pos.Line)
	}
	return "guarantee " + o.Name
}

// Result is the outcome of proving one plan's target.
type Result struct {
	Target      string
	Obligations []*Obligation
}

// Proved reports whether every obligation was proved. A result with no
// obligation at all is proved: nothing was promised and nothing is called
// under a requires clause.
func (r *Result) Proved() bool {
	for _, o := range r.Obligations {
		if o.Status != Proved {
			return false
		}
	}
	return true
}

// Prove checks every obligation of p's target. It returns an error, and no
// Result, when the plan cannot be encoded (an unsupported construct, a Z3
// error): the caller must treat that as a refusal.
func Prove(ctx context.Context, p *ir.Program, opts Options) (*Result, error) {
	if p == nil || p.Target == nil {
		return nil, errors.New("prover: program has no target")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	zc, err := z3.NewContext()
	if err != nil {
		return nil, fmt.Errorf("prover: %w", err)
	}
	defer zc.Close()
	stop := context.AfterFunc(ctx, zc.Interrupt)
	defer stop()

	x := &executor{ctx: zc, prog: p, columns: map[string]column{}, timeout: opts.Timeout}
	if err := x.run(p.Target); err != nil {
		return nil, err
	}
	goals, err := x.goals(p)
	if err != nil {
		return nil, err
	}
	if err := zc.Err(); err != nil {
		return nil, fmt.Errorf("prover: encoding %s: %w", p.Target.Name, err)
	}

	s := zc.NewSolver(opts.Timeout)
	defer s.Close()
	for _, a := range x.assumptions {
		s.Assert(a)
	}
	res := &Result{Target: p.Target.Name}
	for _, goal := range goals {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		res.Obligations = append(res.Obligations, x.decide(s, goal))
	}
	return res, nil
}

// goal is an obligation before it is decided: holds must be valid under
// the solver's assumptions plus defs.
type goal struct {
	ob    *Obligation
	holds z3.Term
	defs  []z3.Term
	// explain reads a counterexample off a model that violates holds.
	explain func(m *z3.Model) *Counterexample
}

func (x *executor) decide(s *z3.Solver, g goal) *Obligation {
	ob := g.ob
	s.Push()
	defer s.Pop(1)
	for _, d := range g.defs {
		s.Assert(d)
	}
	s.Assert(x.ctx.Not(g.holds))
	r, err := s.Check()
	switch {
	case err != nil:
		ob.Status, ob.Reason = Refused, err.Error()
	case r == z3.Unsat:
		ob.Status = Proved
	case r == z3.Sat:
		m, err := s.Model()
		if err != nil {
			ob.Status, ob.Reason = Refused, "counterexample unavailable: "+err.Error()
			break
		}
		ob.Status = Failed
		ob.Counterexample = g.explain(m)
	default:
		ob.Status, ob.Reason = Refused, "solver answered "+r.String()
	}
	return ob
}

// goals builds one goal per requires clause per call site, then one per
// guarantee, in that order.
func (x *executor) goals(p *ir.Program) ([]goal, error) {
	var out []goal
	// A call site inside a loop records one fact per iteration; its
	// requires clause is one obligation covering all of them.
	type siteKey struct {
		pos  ir.Pos
		cond *ir.Condition
	}
	groups := map[siteKey]int{}
	var grouped [][]*precondition
	for _, site := range x.sites {
		k := siteKey{site.fact.pos, site.cond}
		i, ok := groups[k]
		if !ok {
			i = len(grouped)
			groups[k] = i
			grouped = append(grouped, nil)
		}
		grouped[i] = append(grouped[i], site)
	}
	for _, sites := range grouped {
		first := sites[0]
		conj := []z3.Term{x.ctx.True()}
		broken := make([]z3.Term, len(sites))
		for i, site := range sites {
			conj = append(conj, x.ctx.Implies(site.fact.reached, site.holds))
			broken[i] = x.ctx.And(site.fact.reached, x.ctx.Not(site.holds))
		}
		out = append(out, goal{
			ob: &Obligation{
				Kind:   KindPrecondition,
				Name:   first.fact.effect.Name,
				Pos:    first.fact.pos,
				Clause: first.cond.Source,
			},
			holds: x.ctx.And(conj...),
			explain: func(m *z3.Model) *Counterexample {
				var offending []*fact
				for i, t := range broken {
					if isTrue(m, t) {
						offending = append(offending, sites[i].fact)
						break
					}
				}
				return x.explainFacts(m, offending, lambdaFields(first.cond.Pred), "")
			},
		})
	}
	for _, ck := range x.checks {
		ck := ck
		out = append(out, goal{
			ob:    &Obligation{Kind: KindCheck, Name: ck.what, Pos: ck.pos},
			holds: x.ctx.Implies(ck.reached, ck.holds),
			explain: func(m *z3.Model) *Counterexample {
				return x.explainFacts(m, nil, nil, "")
			},
		})
	}
	for _, gr := range p.Guarantees {
		g, err := x.guarantee(gr)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}
