package prover

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover/z3"
)

// replay runs the plan in the reference interpreter on the model's inputs
// and effect results and checks that the execution breaks the obligation
// as the counterexample says: a failed precondition stops at that call, an
// assert or raise raises there, and a guarantee is false of the trace the
// run produced. A counterexample that does not replay is a prover bug; the
// caller refuses the obligation with the returned error instead of
// showing it.
func (x *executor) replay(ctx context.Context, mod *z3.Model, g goal) error {
	args := make([]interp.Value, len(x.inputs))
	for i, in := range x.inputs {
		v, err := concrete(mod, in.term, in.typ)
		if err != nil {
			return fmt.Errorf("input %s: %v", in.name, err)
		}
		args[i] = v
	}
	host := &replayHost{}
	cut := int64(-1) // the call that fails (failedCallGoal), or none
	tookEffect := true
	if g.cut.IsValid() {
		k, took, ok := x.failedAt(mod, g.cut)
		if !ok {
			return fmt.Errorf("the failed call %v is not a call of the plan", mod.Eval(g.cut))
		}
		cut, tookEffect = k, took
	}
	plan := func(f *fact) error {
		if !isTrue(mod, f.reached) || cut >= 0 && int64(f.seq) > cut {
			return nil
		}
		r := replayCall{effect: f.effect, fails: int64(f.seq) == cut}
		if !ir.IsBasic(f.effect.Result, ir.KindNone) {
			v, err := concrete(mod, f.result, f.effect.Result)
			if err != nil {
				return fmt.Errorf("result of %s at %s: %v", f.effect.Name, f.pos, err)
			}
			u, err := interp.UniqueViolationOf(v, f.effect.Result)
			if err != nil {
				return fmt.Errorf("result of %s at %s: %v", f.effect.Name, f.pos, err)
			}
			if u != nil {
				return &duplicateRowsError{effect: f.effect.Name, pos: f.pos, clause: u.Clause()}
			}
			r.result = v
		}
		host.planned = append(host.planned, r)
		return nil
	}
	for i := 0; i < len(x.facts); i++ {
		if g, ok := x.groupAt(i); ok {
			if cut >= int64(g.start) && cut < int64(g.end) {
				return fmt.Errorf("the failed call %s at %s is in a loop encoded for any number of rows, which the replay cannot fail", x.facts[cut].effect.Name, x.facts[cut].pos)
			}
			// The generic iteration runs once per row of the result,
			// every row being the witness.
			n, err := witnessCount(mod, g.list)
			if err != nil {
				return err
			}
			for range n {
				for _, f := range x.facts[g.start:g.end] {
					if err := plan(f); err != nil {
						return err
					}
				}
			}
			i = g.end - 1
			continue
		}
		if err := plan(x.facts[i]); err != nil {
			return err
		}
	}
	err := interp.Run(ctx, x.prog, interp.Options{Host: host, Args: args})
	if host.err != nil {
		return host.err
	}
	var ce *interp.ContractError
	var exc *interp.Exception
	switch g.ob.Kind {
	case KindPrecondition:
		// The clause too: the runtime checks a call's clauses in
		// order, and an earlier one failing is not this obligation's
		// counterexample.
		if errors.As(err, &ce) && ce.Kind == "precondition" && ce.Pos == g.ob.Pos && ce.Clause == g.ob.Clause {
			return nil
		}
		return fmt.Errorf("the run did not fail the precondition %s at %s (it ended with %v)", g.ob.Clause, g.ob.Pos, err)
	case KindCheck:
		if errors.As(err, &exc) && exc.Pos == g.ob.Pos {
			return nil
		}
		return fmt.Errorf("the run did not raise at %s (it ended with %v)", g.ob.Pos, err)
	case KindPlanPrecondition, KindPlanPostcondition:
		var pce *interp.PlanContractError
		kind := "precondition"
		if g.ob.Kind == KindPlanPostcondition {
			kind = "postcondition"
		}
		if errors.As(err, &pce) && g.cond != nil && pce.Kind == kind && pce.At == g.cond.Pos &&
			(kind == "postcondition" || pce.Pos == g.ob.Pos) {
			return nil
		}
		return fmt.Errorf("the run did not fail the %s of %s at %s (it ended with %v)", kind, g.ob.Name, g.ob.Pos, err)
	case KindGuarantee, KindRequired:
		// A trace cut short by an exception or a failed check counts as
		// well (docs/design.md section 4); any other error is not a plan outcome.
		var pce *interp.PlanContractError
		var failed *callFailure
		switch {
		case g.cut.IsValid():
			if !errors.As(err, &failed) {
				return fmt.Errorf("the run did not end at the failed call (it ended with %v)", err)
			}
		case err != nil && !errors.As(err, &ce) && !errors.As(err, &exc) && !errors.As(err, &pce):
			return fmt.Errorf("the run failed: %v", err)
		}
		done := host.done
		if !tookEffect && len(done) > 0 && done[len(done)-1].fails {
			// The failed call is in the run's trace, but the
			// counterexample has it fail before it took effect.
			done = done[:len(done)-1]
		}
		holds, err := x.monitor(g.guarantee, done)
		if err != nil {
			return err
		}
		if holds {
			return errors.New("the guarantee holds of the replayed trace")
		}
		return nil
	}
	return fmt.Errorf("no replay for a %s obligation", g.ob.Kind)
}

// replayCall is one trusted call of the counterexample: the effect the
// run must call next, and what it returns.
type replayCall struct {
	effect *ir.Effect
	result interp.Value
	args   []interp.Value
	// fails: the call fails at run time, which ends the run
	// (failedCallGoal); it is in the trace, as the runtime writes it.
	fails bool
}

// callFailure is the error the replay's host answers a failing call
// with, as a layer's Go function returns one.
type callFailure struct{ effect string }

func (e *callFailure) Error() string { return "the call of " + e.effect + " failed" }

// replayHost answers the interpreter's effect calls with the model's
// results, in the order of the counterexample's trace, and records the
// calls the run made.
type replayHost struct {
	planned []replayCall
	done    []replayCall
	err     error
}

func (h *replayHost) Call(_ context.Context, e *ir.Effect, args []interp.Value) (interp.Value, error) {
	n := len(h.done)
	if n >= len(h.planned) || h.planned[n].effect != e {
		h.err = fmt.Errorf("the run called %s as call %d, which the counterexample's trace does not have there", e.Name, n+1)
		return nil, h.err
	}
	c := h.planned[n]
	c.args = args
	h.done = append(h.done, c)
	if c.fails {
		return nil, &callFailure{effect: e.Name}
	}
	return c.result, nil
}

// monitor evaluates a guarantee on a concrete trace: the calls become
// facts whose arguments are constants, and the ground formula is decided.
// Z3's simplifier, which rewrites a term to an equivalent one, folds most
// such formulas to true or false; only the rest go to a solver, whose
// set-up alone costs more than the folding (a fresh solver per trace made
// the soundness check spend two thirds of its time here). A
// monitorSolveOnly executor always asks the solver: the reference the
// folding is tested against.
func (x *executor) monitor(gr *ir.Guarantee, calls []replayCall) (bool, error) {
	if gr == nil {
		return false, errors.New("no guarantee to monitor")
	}
	m := &executor{ctx: x.ctx, prog: x.prog, columns: map[string]column{}, timeout: x.timeout, rlimit: x.rlimit, alive: x.ctx.True()}
	m.monitorRows = &monitorRows{known: true}
	for _, c := range calls {
		if c.result == nil && !ir.IsBasic(c.effect.Result, ir.KindNone) {
			m.monitorRows.known = false
		}
		m.monitorRows.collect(c.result)
		f := &fact{effect: c.effect, attempted: x.ctx.True(), reached: x.ctx.True(), result: noneValue{}}
		for i, a := range c.args {
			v, err := m.symbolic(a, c.effect.Params[i].Type)
			if err != nil {
				return false, fmt.Errorf("argument %s of %s: %v", c.effect.Params[i].Name, c.effect.Name, err)
			}
			f.args = append(f.args, v)
		}
		m.facts = append(m.facts, f)
	}
	g, err := m.guarantee(gr)
	if err == nil {
		g, err = g.expanded()
	}
	if err != nil {
		return false, err
	}
	violated := append(append([]z3.Term{}, g.defs...), x.ctx.Not(g.holds))
	if !x.monitorSolveOnly {
		if v, ok := x.ctx.Simplify(x.ctx.And(violated...)).BoolValue(); ok {
			return !v, nil
		}
	}
	if x.monitorSolved != nil {
		*x.monitorSolved++
	}
	s := x.ctx.NewSolverLimits(x.limits())
	defer s.Close()
	for _, d := range violated {
		s.Assert(d)
	}
	r, err := s.Check()
	if err != nil {
		return false, err
	}
	switch r {
	case z3.Unsat:
		return true, nil
	case z3.Sat:
		return false, nil
	}
	return false, fmt.Errorf("the monitor's check answered %v", r)
}

// concrete reads a symbolic value of type t off the model as an
// interpreter value.
func concrete(mod *z3.Model, v value, t ir.Type) (interp.Value, error) {
	if o, ok := t.(*ir.Optional); ok {
		if ov, isOpt := v.(optValue); isOpt {
			some, known := mod.Eval(ov.some).BoolValue()
			if !known {
				return nil, fmt.Errorf("no bool in the model: %s", mod.Eval(ov.some))
			}
			if !some {
				return nil, nil
			}
			v = ov.val
		}
		if _, isNone := v.(noneValue); !isNone {
			t = o.Elem
		}
	}
	switch v := v.(type) {
	case noneValue:
		return nil, nil
	case z3.Term:
		val := mod.Eval(v)
		switch {
		case ir.IsBasic(t, ir.KindBool):
			b, ok := val.BoolValue()
			if !ok {
				return nil, fmt.Errorf("no bool in the model: %s", val)
			}
			return b, nil
		case ir.IsBasic(t, ir.KindInt):
			n, ok := val.BigIntValue()
			if !ok || !n.IsInt64() {
				return nil, fmt.Errorf("no int64 in the model: %s", val)
			}
			return n.Int64(), nil
		case ir.IsBasic(t, ir.KindStr):
			s, ok := val.StringValue()
			if !ok {
				return nil, fmt.Errorf("no string in the model: %s", val)
			}
			return s, nil
		}
	case *rowValue:
		row := &interp.Row{Type: v.typ, Fields: make([]interp.Value, len(v.fields))}
		for i, f := range v.typ.Fields {
			if v.fields[i] == nil {
				// Not modelled, so nothing the plan did depended on
				// it: any value of its type replays.
				z, err := zeroOf(f.Type)
				if err != nil {
					return nil, fmt.Errorf("column %s: %v", f.Name, err)
				}
				row.Fields[i] = z
				continue
			}
			fv, err := concrete(mod, v.fields[i], f.Type)
			if err != nil {
				return nil, fmt.Errorf("column %s: %v", f.Name, err)
			}
			row.Fields[i] = fv
		}
		return row, nil
	case *seqValue:
		lt, isList := t.(*ir.List)
		if isList && v.unbounded != "" && v.witness != nil {
			n, err := witnessCount(mod, v)
			if err != nil {
				return nil, err
			}
			if row, isRow := lt.Elem.(*ir.Row); isRow && len(row.Unique) > 0 && n > 1 {
				return nil, fmt.Errorf("%d copies of one %s would break its __unique__ columns", n, row.Name)
			}
			w, err := concrete(mod, v.witness, lt.Elem)
			if err != nil {
				return nil, err
			}
			out := &interp.List{}
			for range n {
				out.Elems = append(out.Elems, w)
			}
			return out, nil
		}
		if !isList || v.keys != nil || v.unbounded != "" {
			break
		}
		out := &interp.List{}
		for i, e := range v.elems {
			if ex := existsTerm(v, i); ex.IsValid() && !isTrue(mod, ex) {
				continue
			}
			ev, err := concrete(mod, e, lt.Elem)
			if err != nil {
				return nil, err
			}
			out.Elems = append(out.Elems, ev)
		}
		return out, nil
	}
	return nil, fmt.Errorf("a %s (%T) cannot be replayed", t, v)
}

func zeroOf(t ir.Type) (interp.Value, error) {
	switch {
	case ir.IsBasic(t, ir.KindFloat):
		return 0.0, nil
	case ir.IsBasic(t, ir.KindInt):
		return int64(0), nil
	case ir.IsBasic(t, ir.KindStr):
		return "", nil
	case ir.IsBasic(t, ir.KindBool):
		return false, nil
	}
	// A column the prover did not model may be a container or a row too
	// (a row field is any type of the language): any value of its type
	// replays, so the empty one (or, for a tuple or a row, one of zeros).
	switch t := t.(type) {
	case *ir.Optional:
		return nil, nil
	case *ir.List:
		return &interp.List{}, nil
	case *ir.Dict:
		return interp.NewDict(), nil
	case *ir.Set:
		return interp.NewSet(), nil
	case *ir.Tuple:
		tup := make(interp.Tuple, len(t.Elems))
		for i, et := range t.Elems {
			z, err := zeroOf(et)
			if err != nil {
				return nil, err
			}
			tup[i] = z
		}
		return tup, nil
	case *ir.Row:
		row := &interp.Row{Type: t, Fields: make([]interp.Value, len(t.Fields))}
		for i, f := range t.Fields {
			z, err := zeroOf(f.Type)
			if err != nil {
				return nil, fmt.Errorf("column %s: %v", f.Name, err)
			}
			row.Fields[i] = z
		}
		return row, nil
	}
	return nil, fmt.Errorf("no default for %s", t)
}

// symbolic turns an interpreter value into a constant prover value.
func (x *executor) symbolic(v interp.Value, t ir.Type) (value, error) {
	switch v := v.(type) {
	case nil:
		return noneValue{}, nil
	case bool:
		return x.ctx.Bool(v), nil
	case int64:
		return x.ctx.BigInt(big.NewInt(v)), nil
	case string:
		return x.ctx.String(v), nil
	case *interp.Row:
		row := &rowValue{typ: v.Type, fields: make([]value, len(v.Fields))}
		for i, f := range v.Type.Fields {
			if ir.IsBasic(f.Type, ir.KindInt) || ir.IsBasic(f.Type, ir.KindStr) || ir.IsBasic(f.Type, ir.KindBool) {
				fv, err := x.symbolic(v.Fields[i], f.Type)
				if err != nil {
					return nil, err
				}
				row.fields[i] = fv
			}
		}
		return row, nil
	case *interp.List:
		lt, ok := t.(*ir.List)
		if !ok {
			break
		}
		out := &seqValue{typ: t}
		for _, e := range v.Elems {
			ev, err := x.symbolic(e, lt.Elem)
			if err != nil {
				return nil, err
			}
			out.elems = append(out.elems, ev)
		}
		return out, nil
	case *interp.Dict:
		// An argument such as where: dict[str, object] | None: no
		// contract lambda reads its content (the loader refuses that),
		// so the values only need a term of their own kind.
		dt, ok := t.(*ir.Dict)
		if !ok {
			if o, isOpt := t.(*ir.Optional); isOpt {
				dt, ok = o.Elem.(*ir.Dict)
			}
		}
		if !ok {
			break
		}
		out := &seqValue{typ: dt}
		for _, it := range v.Items() {
			k, err := x.symbolic(it[0], dt.Key)
			if err != nil {
				return nil, err
			}
			e, err := x.symbolic(it[1], dt.Value)
			if err != nil {
				return nil, err
			}
			out.keys = append(out.keys, k)
			out.elems = append(out.elems, e)
		}
		return out, nil
	}
	return nil, fmt.Errorf("a %T cannot be monitored", v)
}

// groupAt is the generic iteration whose facts start at index i.
func (x *executor) groupAt(i int) (genericGroup, bool) {
	for _, g := range x.generic {
		if g.start == i && g.end > g.start {
			return g, true
		}
	}
	return genericGroup{}, false
}

// witnessCount is the model's length of an unbounded result, which a
// replay fills with copies of the generic iteration's witness.
func witnessCount(mod *z3.Model, l *seqValue) (int, error) {
	k, ok := mod.Eval(l.n).Int64Value()
	if !ok || k < 0 || k > 10000 {
		return 0, fmt.Errorf("the model's length of the result of %s (%s) cannot be replayed", l.unbounded, mod.Eval(l.n))
	}
	return int(k), nil
}

// duplicateRowsError is a model whose query result breaks its row
// schema's __unique__: no run returns it (the interpreter and the sealed
// binary refuse such a result before the plan sees it), so decide looks
// for a counterexample again with the uniqueness assumed.
type duplicateRowsError struct {
	effect string
	pos    ir.Pos
	clause string
}

func (e *duplicateRowsError) Error() string {
	return fmt.Sprintf("the result of %s at %s breaks %s", e.effect, e.pos, e.clause)
}
