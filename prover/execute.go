package prover

import (
	"context"
	"errors"
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover/z3"
)

// Execution is what the prover's own encoding of a plan did on one set of
// concrete inputs and effect results (Execute): the effect calls it made
// went to the host, which records the trace.
type Execution struct {
	// Raised says the run ended with an exception or a failed contract
	// (an assert, a raise, an overflow, a failed requires clause of an
	// effect or of the plan, ...), which every engine reports with exit
	// status 1.
	Raised bool
	// Calls is how many effect calls reached the host.
	Calls int
}

// NotModelledError is a case the encoding represents by an abstraction,
// so it yields no outcome for these concrete values: a loop over a result
// of unknown length runs one generic iteration, a row column of a type the
// prover does not model has no value, or the case's values break an
// assumption the prover makes of every run (an effect's postcondition).
// It is a refusal, never an outcome; Reason says which.
type NotModelledError struct {
	Pos    ir.Pos
	Reason string
}

func (e *NotModelledError) Error() string {
	if e.Pos.Line == 0 {
		return "prover execution: " + e.Reason
	}
	return fmt.Sprintf("prover execution: %s: %s", e.Pos, e.Reason)
}

// Execute runs the prover's symbolic encoding of p on concrete values:
// the target's arguments args (in parameter order, interpreter values)
// and the effect results host returns. It is the prover's concrete
// semantics, so a differential can compare it with the engines that run
// plans (the interpreter, the sealed binary, CPython): the encoding is
// built exactly as Prove builds it (with the exact stop at a failed
// requires clause), the inputs are pinned to args, and then, call site by
// call site in execution order, the solver decides whether the call is
// reached; a reached call's arguments are read off the model and sent to
// host.Call (which writes the trace and returns the next result), and the
// call's symbolic result is pinned to what the host returned. Finally the
// solver decides whether the run raised.
//
// Every value read is checked to be determined by the pinned values (the
// solver proves that no other value is possible); one that is not is a
// *NotModelledError, as are the encoding's abstractions (see its doc). A
// host error (a simulation out of results) is returned as is, with the
// trace written so far. An encoding the prover refuses, and a check Z3
// gives up on, is the prover's *Error with its code, as from Prove.
func Execute(ctx context.Context, p *ir.Program, args []interp.Value, host interp.Host) (*Execution, error) {
	ex, err := execute(ctx, p, args, host)
	var nm *NotModelledError
	var he *hostError
	switch {
	case err == nil:
	case errors.As(err, &he):
		err = he.err
	case !errors.As(err, &nm):
		err = asDiagnostic(ctx, err)
	}
	return ex, err
}

// hostError is an error of the host, which Execute returns as is.
type hostError struct{ err error }

func (e *hostError) Error() string { return e.err.Error() }
func (e *hostError) Unwrap() error { return e.err }

func execute(ctx context.Context, p *ir.Program, args []interp.Value, host interp.Host) (*Execution, error) {
	if p == nil || p.Target == nil {
		return nil, errors.New("prover: program has no target")
	}
	if len(args) != len(p.Target.Params) {
		return nil, fmt.Errorf("prover execution: %s takes %d arguments, got %d", p.Target.Name, len(p.Target.Params), len(args))
	}
	zc, err := z3.NewContext()
	if err != nil {
		return nil, fmt.Errorf("prover: %w", err)
	}
	defer zc.Close()
	planCtx, endPlan := context.WithTimeout(ctx, DefaultDeadline)
	defer endPlan()
	stop := context.AfterFunc(planCtx, zc.Cancel)
	defer stop()

	x := &executor{ctx: zc, prog: p, columns: map[string]column{}, timeout: DefaultTimeout, rlimit: DefaultRlimit,
		runCtx: ctx, planCtx: planCtx, deadline: DefaultDeadline, stopAtFailedRequires: true}
	if err := x.run(p.Target); err != nil {
		return nil, err
	}
	if err := zc.Err(); err != nil {
		return nil, fmt.Errorf("prover: encoding %s: %w", p.Target.Name, err)
	}
	if len(x.generic) > 0 {
		g := x.generic[0]
		return nil, &NotModelledError{Pos: x.facts[g.start].pos, Reason: "a loop over the result of " + g.list.unbounded + " (no bound on its length) is encoded as one generic iteration"}
	}
	r := &concreteRun{x: x, s: zc.NewSolverLimits(x.limits())}
	defer r.s.Close()
	defer r.dropModel()
	// The target's own precondition and the effects' postconditions are
	// assumptions of the proof, but every engine checks them (the first
	// before the target's first statement, the others when a result
	// arrives): here they are decided, not assumed.
	decided := map[int]bool{}
	for i := x.targetRequires[0]; i < x.targetRequires[1]; i++ {
		decided[i] = true
	}
	for _, i := range x.resultAssumed {
		decided[i] = true
	}
	for i, a := range x.assumptions {
		if !decided[i] {
			r.s.Assert(a)
		}
	}
	for i, in := range x.inputs {
		eq, err := r.pin(p.Target.Pos, in.term, args[i], in.typ)
		if err != nil {
			return nil, fmt.Errorf("input %s: %w", in.name, err)
		}
		r.s.Assert(eq)
	}
	if err := r.consistent(p.Target.Pos, "the inputs"); err != nil {
		return nil, err
	}
	pre := x.ctx.And(append([]z3.Term{x.ctx.True()}, x.assumptions[x.targetRequires[0]:x.targetRequires[1]]...)...)
	holds, err := r.decide(p.Target.Pos, pre, "the target's precondition")
	if err != nil {
		return nil, err
	}
	if !holds {
		return &Execution{Raised: true}, nil
	}
	r.s.Assert(pre)

	ex := &Execution{}
	for _, f := range x.facts {
		reached, err := r.decide(f.pos, f.reached, "whether "+f.effect.Name+" is called")
		if err != nil {
			return nil, err
		}
		if !reached {
			continue
		}
		r.s.Assert(f.reached)
		vals, err := r.values(f)
		if err != nil {
			return nil, err
		}
		ex.Calls++
		res, err := host.Call(ctx, f.effect, vals)
		if err != nil {
			return ex, &hostError{err}
		}
		if _, none := f.result.(noneValue); none {
			if res != nil {
				return nil, internalf(f.pos, "%s returns None but the host returned %v", f.effect.Name, res)
			}
			continue
		}
		eq, err := r.pin(f.pos, f.result, res, f.effect.Result)
		if err != nil {
			return nil, fmt.Errorf("result of %s: %w", f.effect.Name, err)
		}
		r.s.Assert(eq)
		if err := r.consistent(f.pos, fmt.Sprintf("the result of %s (call %d)", f.effect.Name, ex.Calls)); err != nil {
			return nil, err
		}
		// The engines check the result's postconditions, then the
		// __unique__ columns of its rows, and raise when one fails.
		ok, err := r.ensures(f)
		if err != nil {
			return nil, err
		}
		if !ok {
			ex.Raised = true
			return ex, nil
		}
		u, err := interp.UniqueViolationOf(res, f.effect.Result)
		if err != nil {
			return nil, internalf(f.pos, "result of %s: %v", f.effect.Name, err)
		}
		if u != nil {
			ex.Raised = true
			return ex, nil
		}
	}
	ok, err := r.decide(p.Target.Pos, x.alive, "whether the run raised")
	if err != nil {
		return nil, err
	}
	ex.Raised = !ok
	return ex, nil
}

// concreteRun is one Execute: the executor whose encoding runs, the
// solver holding what is pinned so far, and a model of it (nil when a
// pin since made it stale).
type concreteRun struct {
	x   *executor
	s   *z3.Solver
	mod *z3.Model
}

func (r *concreteRun) dropModel() {
	if r.mod != nil {
		r.mod.Close()
		r.mod = nil
	}
}

// consistent checks that what is pinned so far has a model, and keeps
// it: unsat means the case's values break an assumption of the encoding
// that no engine checks (an int64 range, the form of a value).
func (r *concreteRun) consistent(pos ir.Pos, what string) error {
	r.dropModel()
	res, mod, err := r.check(pos, what, true)
	if err != nil {
		return err
	}
	if res != z3.Sat {
		return &NotModelledError{Pos: pos, Reason: what + " break an assumption of the encoding"}
	}
	r.mod = mod
	return nil
}

// check decides what the solver holds, and returns a model of it when
// model is set and the answer is sat. When Z3 gives up and the encoding
// has string memberships, it asks again with their lemmas (membership.go:
// valid formulas that change how often Z3 gives up, never the answer), as
// a proof does. A check that still gives up is the prover's located
// error with its code (Timeout, SolverUnknown, ...).
func (r *concreteRun) check(pos ir.Pos, what string, model bool) (z3.Result, *z3.Model, error) {
	once := func() (z3.Result, *z3.Model, error) {
		res, err := r.s.Check()
		if err != nil || res != z3.Sat || !model {
			return res, nil, err
		}
		mod, err := r.s.Model()
		return res, mod, err
	}
	res, mod, err := once()
	if r.x.gaveUp(res, err) && len(r.x.memberships) > 0 {
		r.s.Push()
		for _, l := range r.x.membershipLemmas() {
			r.s.Assert(l)
		}
		res, mod, err = once()
		r.s.Pop(1)
	}
	if err == nil && res == z3.Unknown {
		err = errors.New("the solver answered unknown")
	}
	if err != nil {
		code := ir.CodeOf(asDiagnostic(r.x.runCtx, err), ir.Internal)
		return res, nil, &Error{Pos: pos, Code: code, Msg: what + ": " + err.Error(), Err: err}
	}
	return res, mod, nil
}

// model is a model of what is pinned so far.
func (r *concreteRun) model(pos ir.Pos) (*z3.Model, error) {
	if r.mod == nil {
		if err := r.consistent(pos, "the pinned values"); err != nil {
			return nil, err
		}
	}
	return r.mod, nil
}

// determined checks that no model of what is pinned makes same false:
// the value the model gave is the only one. One check; a model where it
// differs is a *NotModelledError.
func (r *concreteRun) determined(pos ir.Pos, same z3.Term, what string) error {
	r.s.Push()
	defer r.s.Pop(1)
	r.s.Assert(r.x.ctx.Not(same))
	res, _, err := r.check(pos, what, false)
	if err != nil {
		return err
	}
	if res != z3.Unsat {
		return &NotModelledError{Pos: pos, Reason: what + " is not determined by the case's values"}
	}
	return nil
}

// decide says whether t holds under what is pinned, which must determine
// it: the model's answer, checked to be the only one.
func (r *concreteRun) decide(pos ir.Pos, t z3.Term, what string) (bool, error) {
	mod, err := r.model(pos)
	if err != nil {
		return false, err
	}
	holds := isTrue(mod, t)
	if err := r.x.ctx.Err(); err != nil {
		return false, asDiagnostic(r.x.runCtx, err)
	}
	same := t
	if !holds {
		same = r.x.ctx.Not(t)
	}
	return holds, r.determined(pos, same, what)
}

// ensures decides the postconditions of f's effect on its pinned result.
func (r *concreteRun) ensures(f *fact) (bool, error) {
	x := r.x
	conj := []z3.Term{x.ctx.True()}
	for _, cond := range f.effect.Ensures {
		post, err := x.predicate(cond.Pred, &lambdaScope{vals: map[*ir.Local]value{cond.Pred.Params[0]: f.result}})
		if err != nil {
			return false, err
		}
		conj = append(conj, post)
	}
	if l, ok := f.result.(*seqValue); ok && l.unbounded == "" && l.n.IsValid() && l.present == nil {
		// The length bound the encoding took from the ensures.
		conj = append(conj, x.ctx.Le(l.n, x.ctx.Int(int64(len(l.elems)))))
	}
	return r.decide(f.pos, x.ctx.And(conj...), "the postcondition of "+f.effect.Name)
}

// values reads the arguments of a reached call off the model and checks
// that the pinned values determine them.
func (r *concreteRun) values(f *fact) ([]interp.Value, error) {
	mod, err := r.model(f.pos)
	if err != nil {
		return nil, err
	}
	vals := make([]interp.Value, len(f.args))
	same := []z3.Term{r.x.ctx.True()}
	for i, a := range f.args {
		prm := f.effect.Params[i]
		if abstract(a) {
			return nil, &NotModelledError{Pos: f.pos, Reason: fmt.Sprintf("argument %s of %s holds a row column or list elements the encoding does not model", prm.Name, f.effect.Name)}
		}
		v, err := concrete(mod, a, prm.Type)
		if err != nil {
			return nil, &NotModelledError{Pos: f.pos, Reason: fmt.Sprintf("argument %s of %s: %v", prm.Name, f.effect.Name, err)}
		}
		eq, err := r.pin(f.pos, a, v, prm.Type)
		if err != nil {
			return nil, fmt.Errorf("argument %s of %s: %w", prm.Name, f.effect.Name, err)
		}
		vals[i] = v
		same = append(same, eq)
	}
	return vals, r.determined(f.pos, r.x.ctx.And(same...), "the arguments of "+f.effect.Name)
}

// pin is the condition that the symbolic value v equals the concrete
// value c of type t. A form the encoding keeps abstract (a list whose
// elements are not modelled, a row column of an unmodelled type) cannot
// be pinned: a *NotModelledError.
func (r *concreteRun) pin(pos ir.Pos, v value, c interp.Value, t ir.Type) (z3.Term, error) {
	x := r.x
	if o, ok := t.(*ir.Optional); ok {
		if ov, isOpt := v.(optValue); isOpt {
			if c == nil {
				return x.ctx.Not(ov.some), nil
			}
			eq, err := r.pin(pos, ov.val, c, o.Elem)
			if err != nil {
				return z3.Term{}, err
			}
			return x.ctx.And(ov.some, eq), nil
		}
		if c == nil {
			_, none := v.(noneValue)
			if none {
				return x.ctx.True(), nil
			}
			return z3.Term{}, &NotModelledError{Pos: pos, Reason: fmt.Sprintf("a None of type %s", t)}
		}
		t = o.Elem
	}
	switch v := v.(type) {
	case noneValue:
		if c != nil {
			return z3.Term{}, &NotModelledError{Pos: pos, Reason: fmt.Sprintf("a %T where the encoding has None", c)}
		}
		return x.ctx.True(), nil
	case z3.Term:
		k, err := x.symbolic(c, t)
		if err != nil {
			return z3.Term{}, &NotModelledError{Pos: pos, Reason: err.Error()}
		}
		kt, ok := k.(z3.Term)
		if !ok {
			return z3.Term{}, &NotModelledError{Pos: pos, Reason: fmt.Sprintf("a %s held in one term", t)}
		}
		if kt.Sort() != v.Sort() {
			return z3.Term{}, &NotModelledError{Pos: pos, Reason: fmt.Sprintf("a %s whose term has another sort", t)}
		}
		return x.ctx.Eq(v, kt), nil
	case *rowValue:
		row, ok := c.(*interp.Row)
		if !ok || row.Type != v.typ {
			return z3.Term{}, internalf(pos, "a %T where the encoding has a row %s", c, v.typ.Name)
		}
		conj := []z3.Term{x.ctx.True()}
		for i, f := range v.typ.Fields {
			if v.fields[i] == nil {
				// Not modelled: nothing the plan does reads it (reading
				// it refuses), except handing the row on whole.
				continue
			}
			eq, err := r.pin(pos, v.fields[i], row.Fields[i], f.Type)
			if err != nil {
				return z3.Term{}, err
			}
			conj = append(conj, eq)
		}
		return x.ctx.And(conj...), nil
	case *seqValue:
		lt, isList := t.(*ir.List)
		l, ok := c.(*interp.List)
		if !isList || !ok || v.keys != nil {
			return z3.Term{}, &NotModelledError{Pos: pos, Reason: fmt.Sprintf("a %s (%T)", t, c)}
		}
		conj := []z3.Term{x.ctx.Eq(x.length(v), x.ctx.Int(int64(len(l.Elems))))}
		if v.unbounded != "" {
			// Only its length is modelled, and nothing reads more.
			return x.ctx.And(conj...), nil
		}
		if v.present != nil {
			return z3.Term{}, &NotModelledError{Pos: pos, Reason: "a list built by conditional appends"}
		}
		if len(l.Elems) > len(v.elems) {
			// The length pin is then false for a bounded result: the
			// case breaks the effect's length bound.
			return x.ctx.And(conj...), nil
		}
		for i, e := range l.Elems {
			eq, err := r.pin(pos, v.elems[i], e, lt.Elem)
			if err != nil {
				return z3.Term{}, err
			}
			conj = append(conj, eq)
		}
		return x.ctx.And(conj...), nil
	}
	return z3.Term{}, &NotModelledError{Pos: pos, Reason: fmt.Sprintf("a value of type %s (%T)", t, v)}
}

// abstract says whether v holds a part the encoding does not model (a row
// column of another type than int, str and bool; the elements of a list
// of unknown length), which a model cannot give back.
func abstract(v value) bool {
	switch v := v.(type) {
	case *rowValue:
		for _, f := range v.fields {
			if f == nil || abstract(f) {
				return true
			}
		}
	case *seqValue:
		if v.unbounded != "" {
			return true
		}
		for _, e := range v.elems {
			if abstract(e) {
				return true
			}
		}
	}
	return false
}
