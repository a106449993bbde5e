package prover

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// ExampleElems is how many elements an example list result has at most
// when the effect's postconditions allow that many: enough to exercise a
// plan's loop, few enough that Z3's string solver answers quickly.
const ExampleElems = 3

// ExampleResult finds a value of e's result type that satisfies every
// postcondition (ensures) of e, for `clauz3 simulate --effects auto`. The
// value is JSON in the form of the simulate results document (ints,
// strings and bools as themselves, lists as arrays, rows as objects with
// every field). A list gets ExampleElems elements when the
// postconditions allow (fewer when they bound it lower; a list nested in
// a list gets the same small capacity), else as many as they require up
// to the prover's unrolling limit (trying wider lists in turn).
//
// It refuses (an error with the effect's position and the reason) a
// result type it cannot model (floats, dicts, optional values), an
// effect whose postconditions no value satisfies, and a search the solver
// gives up on: a fixture is never made up. The same effect gives the same
// value on every call (one fresh Z3 context per call, the same
// assertions in the same order).
func ExampleResult(ctx context.Context, e *ir.Effect, opts Options) (json.RawMessage, error) {
	if e == nil {
		return nil, errors.New("prover: no effect")
	}
	if ir.IsBasic(e.Result, ir.KindNone) {
		return json.RawMessage("null"), nil
	}
	opts = opts.withDefaults()
	// The capacities tried in turn: the preferred small one, full (a
	// list of exactly that many, so a loop has rows to run over), then
	// any shorter one, then the postconditions' own bound.
	small := ExampleElems
	bound, bounded := lengthBound(e)
	if bounded && bound < small {
		small = bound
	}
	type attempt struct {
		capacity int
		full     bool
	}
	attempts := []attempt{{small, true}, {small, false}}
	// Wider lists, for postconditions that require more elements: each
	// width four times the last, so an unsatisfiable search stays cheap
	// (a list of maxUnroll strings costs Z3 seconds).
	limit := maxUnroll
	if bounded && bound < limit {
		limit = bound
	}
	for w := small * 4; small < limit; w *= 4 {
		if w >= limit {
			attempts = append(attempts, attempt{limit, false})
			break
		}
		attempts = append(attempts, attempt{w, false})
	}
	var last *noExample
	for _, a := range attempts {
		out, err := exampleOnce(ctx, e, opts, a.capacity, a.full)
		if err == nil {
			return out, nil
		}
		var none *noExample
		if !errors.As(err, &none) {
			return nil, err // unsupported, or the solver gave up: refuse now
		}
		last = none
		if none.shape == "" {
			// No list in the result: a wider one changes nothing, and
			// no value at all meets the postconditions, which the
			// layer's contract makes impossible.
			return nil, &Error{Pos: none.pos, Code: ir.LayerError, Msg: none.what(), Err: err}
		}
	}
	// Every shape tried is too small or too large: the bound the
	// postconditions need was not found.
	if last == nil {
		return nil, &Error{Pos: e.Pos, Code: ir.Internal, Msg: "internal error: no result shape was tried"}
	}
	return nil, &Error{Pos: last.pos, Code: ir.ProverLimit, Msg: last.what(), Err: last}
}

// noExample is an unsatisfiable search: no value of that shape satisfies
// the postconditions (a larger shape may).
type noExample struct {
	pos    ir.Pos
	effect string
	shape  string
}

func (n *noExample) Error() string { return fmt.Sprintf("%s: %s", n.pos, n.what()) }

// what is the error without its position.
func (n *noExample) what() string {
	return fmt.Sprintf("no result of %s satisfies its postconditions%s", n.effect, n.shape)
}

func exampleOnce(ctx context.Context, e *ir.Effect, opts Options, capacity int, full bool) (json.RawMessage, error) {
	zc, err := z3.NewContext()
	if err != nil {
		return nil, fmt.Errorf("prover: %w", err)
	}
	defer zc.Close()
	runCtx, end := context.WithTimeout(ctx, opts.Deadline)
	defer end()
	stop := context.AfterFunc(runCtx, zc.Cancel)
	defer stop()

	x := &executor{ctx: zc, prog: &ir.Program{Effects: []*ir.Effect{e}}, columns: map[string]column{},
		timeout: opts.Timeout, rlimit: opts.Rlimit, runCtx: runCtx, planCtx: runCtx, deadline: opts.Deadline}
	x.alive = zc.True()
	var outer *seqValue
	res, err := x.exampleValue(e, e.Result, e.Name, capacity, &outer)
	if err != nil {
		return nil, err
	}
	var posts []z3.Term
	for _, cond := range e.Ensures {
		if len(cond.Pred.Params) != 1 {
			return nil, &Error{Pos: cond.Pos, Code: ir.ProverLimit, Msg: fmt.Sprintf("a postcondition of %s over %d values (want the result alone)", e.Name, len(cond.Pred.Params))}
		}
		post, err := x.predicate(cond.Pred, &lambdaScope{vals: map[*ir.Local]value{cond.Pred.Params[0]: res}})
		if err != nil {
			return nil, err
		}
		posts = append(posts, post)
	}
	s := zc.NewSolverLimits(x.limits())
	defer s.Close()
	for _, t := range x.assumptions {
		s.Assert(t)
	}
	// A postcondition that raises (an index out of range, say) fails in
	// every engine: the value must let each evaluate without raising.
	s.Assert(x.alive)
	for _, t := range posts {
		s.Assert(t)
	}
	shape := fmt.Sprintf(" (tried lists of at most %d elements)", capacity)
	if outer != nil && full {
		s.Assert(zc.Eq(outer.n, zc.Int(int64(capacity))))
		shape = fmt.Sprintf(" (tried a list of %d elements)", capacity)
	}
	if outer == nil {
		shape = ""
	}
	r, err := s.Check()
	if cerr := zc.Err(); err == nil && cerr != nil {
		err = cerr
	}
	switch {
	case err != nil:
		return nil, &Error{Pos: e.Pos, Code: ir.ProverLimit, Msg: fmt.Sprintf("the solver gave up looking for a result of %s: %v", e.Name, err)}
	case r == z3.Unsat:
		return nil, &noExample{pos: e.Pos, effect: e.Name, shape: shape}
	case r != z3.Sat:
		return nil, &Error{Pos: e.Pos, Code: ir.ProverLimit, Msg: fmt.Sprintf("the solver gave up looking for a result of %s", e.Name)}
	}
	mod, err := s.Model()
	if err != nil {
		return nil, &Error{Pos: e.Pos, Code: ir.ProverLimit, Msg: fmt.Sprintf("no model for a result of %s: %v", e.Name, err)}
	}
	v, err := exampleJSON(mod, res)
	if err != nil {
		return nil, &Error{Pos: e.Pos, Code: ir.Internal, Msg: fmt.Sprintf("a result of %s: %v", e.Name, err)}
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil, &Error{Pos: e.Pos, Code: ir.Internal, Msg: fmt.Sprintf("a result of %s: %v", e.Name, err)}
	}
	return out, nil
}

// exampleValue is a fresh symbolic value of type t in which every list
// has capacity elements at most (outer is set to the outermost list, the
// one a full attempt fills). Unlike freshResult it models nested lists
// too (a fixture needs their elements) and refuses what it cannot model
// instead of leaving it unread.
func (x *executor) exampleValue(e *ir.Effect, t ir.Type, name string, capacity int, outer **seqValue) (value, error) {
	switch t := t.(type) {
	case *ir.Basic:
		sort, err := x.sortOf(e.Pos, t)
		if err != nil {
			return nil, unsupported(e.Pos, fmt.Sprintf("generating a result of %s of type %s", e.Name, t))
		}
		v := x.ctx.FreshConst(name, sort)
		if t.Kind == ir.KindInt {
			x.assumeInt64(v)
		}
		return v, nil
	case *ir.Row:
		row := &rowValue{typ: t, fields: make([]value, len(t.Fields))}
		for i, f := range t.Fields {
			b, ok := f.Type.(*ir.Basic)
			if !ok || (b.Kind != ir.KindInt && b.Kind != ir.KindStr && b.Kind != ir.KindBool) {
				return nil, unsupported(e.Pos, fmt.Sprintf("generating the field %s.%s of type %s (a result of %s)", t.Name, f.Name, f.Type, e.Name))
			}
			v, err := x.exampleValue(e, f.Type, name+"."+f.Name, capacity, outer)
			if err != nil {
				return nil, err
			}
			row.fields[i] = v
		}
		return row, nil
	case *ir.List:
		list := &seqValue{typ: t, n: x.ctx.FreshConst(name+".len", x.ctx.IntSort())}
		if *outer == nil {
			*outer = list
		}
		x.assumptions = append(x.assumptions, x.ctx.Ge(list.n, x.ctx.Int(0)), x.ctx.Le(list.n, x.ctx.Int(int64(capacity))))
		list.elems = make([]value, capacity)
		for i := range list.elems {
			v, err := x.exampleValue(e, t.Elem, fmt.Sprintf("%s[%d]", name, i), capacity, outer)
			if err != nil {
				return nil, err
			}
			list.elems[i] = v
		}
		if row, isRow := t.Elem.(*ir.Row); isRow {
			x.exampleUnique(row, list)
		}
		return list, nil
	}
	return nil, unsupported(e.Pos, fmt.Sprintf("generating a result of %s of type %s", e.Name, t))
}

// exampleUnique says what every engine checks of a row list whose schema
// declares __unique__: no two rows that exist share such a column.
func (x *executor) exampleUnique(row *ir.Row, list *seqValue) {
	for _, col := range row.Unique {
		i := fieldIndex(row, col)
		if i < 0 {
			continue
		}
		for k := range list.elems {
			for j := k + 1; j < len(list.elems); j++ {
				a, b := list.elems[k].(*rowValue).fields[i].(z3.Term), list.elems[j].(*rowValue).fields[i].(z3.Term)
				both := x.ctx.And(x.ctx.Lt(x.ctx.Int(int64(k)), list.n), x.ctx.Lt(x.ctx.Int(int64(j)), list.n))
				x.assumptions = append(x.assumptions, x.ctx.Implies(both, x.ctx.Not(x.ctx.Eq(a, b))))
			}
		}
	}
}

// exampleJSON reads v from the model as a JSON-encodable value: a list
// has the elements that exist in the model, a row every field by name.
func exampleJSON(mod *z3.Model, v value) (any, error) {
	switch v := v.(type) {
	case *rowValue:
		out := map[string]any{}
		for i, f := range v.typ.Fields {
			fv, err := exampleJSON(mod, v.fields[i])
			if err != nil {
				return nil, err
			}
			out[f.Name] = fv
		}
		return out, nil
	case *seqValue:
		n, ok := mod.Eval(v.n).BigIntValue()
		if !ok || !n.IsInt64() || n.Int64() < 0 || n.Int64() > int64(len(v.elems)) {
			return nil, fmt.Errorf("the model gives no length within 0..%d", len(v.elems))
		}
		out := make([]any, 0, n.Int64())
		for _, el := range v.elems[:n.Int64()] {
			ev, err := exampleJSON(mod, el)
			if err != nil {
				return nil, err
			}
			out = append(out, ev)
		}
		return out, nil
	case z3.Term:
		t := mod.Eval(v)
		if b, ok := t.BoolValue(); ok {
			return b, nil
		}
		if n, ok := t.BigIntValue(); ok {
			return json.Number(new(big.Int).Set(n).String()), nil
		}
		if s, ok := t.StringValue(); ok {
			return s, nil
		}
		return nil, fmt.Errorf("the model gives no value for %s", v)
	}
	return nil, fmt.Errorf("cannot read a %T from the model", v)
}
