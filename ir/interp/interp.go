package interp

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// Host runs trusted effects.
type Host interface {
	// Call runs a trusted effect after its preconditions passed; args are
	// in parameter order.
	Call(ctx context.Context, e *ir.Effect, args []Value) (Value, error)
}

// Options configures one run.
type Options struct {
	Stdout io.Writer // print() output; nil discards it
	Host   Host      // runs the effects; nil makes any effect call an error
	Args   []Value   // values for the target's parameters, in order
}

// maxDepth is CPython's default recursion limit. Depth 1 is the module
// frame that calls the target, as when a script calls main().
const maxDepth = 1000

// Run runs p's target with opts.Args as CPython 3.11 would run the plan.
// It returns nil when the target returns, an *Exception when a Python
// exception ends the plan, a *ContractError when an effect's pre- or
// postcondition fails, a *PlanContractError when a condition the plan
// wrote fails (the target's precondition is checked before its first
// statement, so a violation runs no effect), ctx.Err() when ctx is done, and any other error
// (wrapped) when the host fails or the program cannot be run.
func Run(ctx context.Context, p *ir.Program, opts Options) error {
	if p == nil || p.Target == nil {
		return errors.New("interp: program has no target")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	t := p.Target
	if len(opts.Args) != len(t.Params) {
		return fmt.Errorf("interp: %s takes %d arguments, got %d", t.Name, len(t.Params), len(opts.Args))
	}
	for i, prm := range t.Params {
		if err := checkValue(opts.Args[i], prm.Type); err != nil {
			return fmt.Errorf("interp: argument %s of %s: %v", prm.Name, t.Name, err)
		}
	}
	out := opts.Stdout
	if out == nil {
		out = io.Discard
	}
	in := &interp{ctx: ctx, done: ctx.Done(), out: out, host: opts.Host, depth: 1}
	if err := in.poll(); err != nil {
		return err
	}
	_, err := in.callFunc(t.Pos, t, opts.Args)
	return err
}

type interp struct {
	ctx   context.Context
	done  <-chan struct{}
	out   io.Writer
	host  Host
	depth int
}

func (in *interp) poll() error {
	select {
	case <-in.done:
		return in.ctx.Err()
	default:
		return nil
	}
}

// unboundT marks a local that has not been assigned on this path.
type unboundT struct{}

type frame struct {
	fn    *ir.Func
	outer *frame // for a nested function: the frame of fn.Outer it runs inside
	vals  []Value
	extra map[*ir.Local]Value // lambda parameters currently bound
	ret   Value
}

type ctl int

const (
	ctlNone ctl = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

func (in *interp) enter(pos ir.Pos, frames int) error {
	if in.depth+frames > maxDepth {
		return raise(pos, "RecursionError", "maximum recursion depth exceeded")
	}
	in.depth += frames
	return nil
}

// outerFrame finds the frame a call of the nested function f from fr binds:
// the innermost frame of f.Outer on fr's chain of enclosing frames. A
// nested function is not a value, so it is called only from f.Outer or
// from a function nested in f.Outer; that caller runs inside the innermost
// active frame of f.Outer, which holds the values a Python closure would
// read at this moment (late binding).
func outerFrame(fr *frame, f *ir.Func) *frame {
	if f.Outer == nil {
		return nil
	}
	for ; fr != nil; fr = fr.outer {
		if fr.fn == f.Outer {
			return fr
		}
	}
	return nil
}

func (in *interp) callFunc(pos ir.Pos, f *ir.Func, args []Value) (Value, error) {
	return in.callIn(pos, f, nil, args)
}

func (in *interp) callIn(pos ir.Pos, f *ir.Func, outer *frame, args []Value) (Value, error) {
	if len(args) != len(f.Params) {
		return nil, internalf(pos, "%s takes %d arguments, got %d", f.Name, len(f.Params), len(args))
	}
	if err := in.poll(); err != nil {
		return nil, err
	}
	if err := in.enter(pos, 1); err != nil {
		return nil, err
	}
	defer func() { in.depth-- }()
	if f.Outer != nil && outer == nil {
		return nil, internalf(pos, "call of %s outside %s, where it is defined", f.Name, f.Outer.Name)
	}
	fr := &frame{fn: f, outer: outer, vals: make([]Value, len(f.Locals))}
	for i := range fr.vals {
		fr.vals[i] = unboundT{}
	}
	for i, p := range f.Params {
		if err := in.store(fr, pos, p, args[i]); err != nil {
			return nil, err
		}
	}
	if err := in.planConditions(pos, f, "precondition", f.Requires, args, nil); err != nil {
		return nil, err
	}
	if _, err := in.exec(fr, f.Body); err != nil {
		return nil, err
	}
	if err := in.planConditions(pos, f, "postcondition", f.Ensures, nil, fr.ret); err != nil {
		return nil, err
	}
	return fr.ret, nil
}

// planConditions checks the plan's own conditions of f: a precondition
// binds its parameters to the arguments by name, a postcondition its one
// parameter to the returned value. The first that is false ends the run
// with a *PlanContractError.
func (in *interp) planConditions(pos ir.Pos, f *ir.Func, kind string, conds []*ir.Condition, args []Value, ret Value) error {
	for _, c := range conds {
		if c == nil || c.Pred == nil {
			return internalf(pos, "%s of %s without a predicate", kind, f.Name)
		}
		cf := &frame{extra: map[*ir.Local]Value{}}
		for _, p := range c.Pred.Params {
			if kind == "postcondition" {
				cf.extra[p] = ret
				continue
			}
			i := funcParamIndex(f, p.Name)
			if i < 0 {
				return internalf(c.Pos, "precondition of %s reads %s, which is not a parameter", f.Name, p.Name)
			}
			cf.extra[p] = args[i]
		}
		ok, err := in.eval(cf, c.Pred.Body)
		if err != nil {
			return err
		}
		if !truthy(ok) {
			return &PlanContractError{Func: f.Name, Kind: kind, Clause: c.Source, Message: c.Message, Pos: pos, At: c.Pos}
		}
	}
	return nil
}

func funcParamIndex(f *ir.Func, name string) int {
	for i, p := range f.Params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

func (in *interp) load(fr *frame, pos ir.Pos, l *ir.Local) (Value, error) {
	if l == nil {
		return nil, internalf(pos, "nil local")
	}
	if len(fr.extra) > 0 {
		if v, ok := fr.extra[l]; ok {
			return v, nil
		}
	}
	if fr.fn != nil && l.Index >= 0 && l.Index < len(fr.vals) && fr.fn.Locals[l.Index] == l {
		v := fr.vals[l.Index]
		if _, unbound := v.(unboundT); unbound {
			return nil, raise(pos, "UnboundLocalError", "cannot access local variable '%s' where it is not associated with a value", l.Name)
		}
		return v, nil
	}
	for o := fr.outer; o != nil; o = o.outer {
		if l.Index >= 0 && l.Index < len(o.vals) && o.fn.Locals[l.Index] == l {
			v := o.vals[l.Index]
			if _, unbound := v.(unboundT); unbound {
				return nil, raise(pos, "NameError", "cannot access free variable '%s' where it is not associated with a value in enclosing scope", l.Name)
			}
			return v, nil
		}
	}
	return nil, internalf(pos, "local %s is not in scope", l.Name)
}

func (in *interp) store(fr *frame, pos ir.Pos, l *ir.Local, v Value) error {
	if l == nil {
		return internalf(pos, "nil local")
	}
	if len(fr.extra) > 0 {
		if _, ok := fr.extra[l]; ok {
			fr.extra[l] = v
			return nil
		}
	}
	if fr.fn != nil && l.Index >= 0 && l.Index < len(fr.vals) && fr.fn.Locals[l.Index] == l {
		fr.vals[l.Index] = v
		return nil
	}
	for o := fr.outer; o != nil; o = o.outer {
		if l.Index >= 0 && l.Index < len(o.vals) && o.fn.Locals[l.Index] == l {
			o.vals[l.Index] = v
			return nil
		}
	}
	// A comprehension variable inside a lambda (a key= or a contract
	// clause) is not a local of any function.
	if fr.extra == nil {
		fr.extra = map[*ir.Local]Value{}
	}
	fr.extra[l] = v
	return nil
}

func (in *interp) exec(fr *frame, ss []ir.Stmt) (ctl, error) {
	for _, s := range ss {
		c, err := in.stmt(fr, s)
		if err != nil || c != ctlNone {
			return c, err
		}
	}
	return ctlNone, nil
}

func (in *interp) stmt(fr *frame, s ir.Stmt) (ctl, error) {
	switch s := s.(type) {
	case *ir.Assign:
		v, err := in.eval(fr, s.Value)
		if err != nil {
			return ctlNone, err
		}
		return ctlNone, in.store(fr, s.Pos, s.Dest, v)
	case *ir.ExprStmt:
		_, err := in.eval(fr, s.X)
		return ctlNone, err
	case *ir.If:
		c, err := in.eval(fr, s.Cond)
		if err != nil {
			return ctlNone, err
		}
		if truthy(c) {
			return in.exec(fr, s.Then)
		}
		return in.exec(fr, s.Else)
	case *ir.For:
		it, err := in.iterate(fr, s.Iter)
		if err != nil {
			return ctlNone, err
		}
		for {
			if err := in.poll(); err != nil {
				return ctlNone, err
			}
			v, ok, err := it.next()
			if err != nil {
				return ctlNone, err
			}
			if !ok {
				return ctlNone, nil
			}
			if err := in.store(fr, s.Pos, s.Var, v); err != nil {
				return ctlNone, err
			}
			c, err := in.exec(fr, s.Body)
			if err != nil {
				return ctlNone, err
			}
			switch c {
			case ctlBreak:
				return ctlNone, nil
			case ctlReturn:
				return ctlReturn, nil
			}
		}
	case *ir.Return:
		fr.ret = nil
		if s.Value != nil {
			v, err := in.eval(fr, s.Value)
			if err != nil {
				return ctlNone, err
			}
			fr.ret = v
		}
		return ctlReturn, nil
	case *ir.Break:
		return ctlBreak, nil
	case *ir.Continue:
		return ctlContinue, nil
	case *ir.SetIndex:
		// Python evaluates the right-hand side first, then the target.
		v, err := in.eval(fr, s.Value)
		if err != nil {
			return ctlNone, err
		}
		x, err := in.eval(fr, s.X)
		if err != nil {
			return ctlNone, err
		}
		i, err := in.eval(fr, s.Index)
		if err != nil {
			return ctlNone, err
		}
		return ctlNone, setItem(s.Pos, x, i, v)
	case *ir.Assert:
		c, err := in.eval(fr, s.Cond)
		if err != nil {
			return ctlNone, err
		}
		if truthy(c) {
			return ctlNone, nil
		}
		msg := ""
		if s.Msg != nil {
			m, err := in.eval(fr, s.Msg)
			if err != nil {
				return ctlNone, err
			}
			msg = str(m)
		}
		return ctlNone, &Exception{Class: "AssertionError", Msg: msg, Pos: s.Pos}
	case *ir.Raise:
		msg := ""
		if s.Msg != nil {
			m, err := in.eval(fr, s.Msg)
			if err != nil {
				return ctlNone, err
			}
			msg = str(m)
			if s.Class == "KeyError" {
				// str(KeyError(k)) is repr(k).
				msg = repr(m)
			}
		}
		return ctlNone, &Exception{Class: s.Class, Msg: msg, Pos: s.Pos}
	case nil:
		return ctlNone, errors.New("interp: nil statement")
	}
	return ctlNone, internalf(s.Position(), "unknown statement %T", s)
}

func setItem(pos ir.Pos, x, i, v Value) error {
	switch c := x.(type) {
	case *List:
		k, ok := asInt(i)
		if !ok {
			return raise(pos, "TypeError", "list indices must be integers or slices, not %s", typeName(i))
		}
		n := int64(len(c.Elems))
		if k < 0 {
			k += n
		}
		if k < 0 || k >= n {
			return raise(pos, "IndexError", "list assignment index out of range")
		}
		c.Elems[k] = v
		return nil
	case *Dict:
		if n, ok := hashable(i); !ok {
			return raise(pos, "TypeError", "unhashable type: '%s'", n)
		}
		c.Set(i, v)
		return nil
	}
	return raise(pos, "TypeError", "'%s' object does not support item assignment", typeName(x))
}

func (in *interp) evalAll(fr *frame, es []ir.Expr) ([]Value, error) {
	out := make([]Value, len(es))
	for i, e := range es {
		v, err := in.eval(fr, e)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (in *interp) eval(fr *frame, e ir.Expr) (Value, error) {
	switch e := e.(type) {
	case *ir.Const:
		switch e.Value.(type) {
		case nil, int64, float64, bool, string:
			return e.Value, nil
		}
		return nil, internalf(e.Pos, "constant of Go type %T", e.Value)
	case *ir.LocalRef:
		return in.load(fr, e.Pos, e.Local)
	case *ir.BinOp:
		x, err := in.eval(fr, e.X)
		if err != nil {
			return nil, err
		}
		y, err := in.eval(fr, e.Y)
		if err != nil {
			return nil, err
		}
		if e.Op < ir.Add || e.Op > ir.BitXor {
			return nil, internalf(e.Pos, "unknown operator %d", int(e.Op))
		}
		return arith(e.Pos, e.Op, x, y)
	case *ir.UnOp:
		x, err := in.eval(fr, e.X)
		if err != nil {
			return nil, err
		}
		switch e.Op {
		case ir.Not:
			return !truthy(x), nil
		case ir.Neg:
			return negate(e.Pos, x)
		}
		return nil, internalf(e.Pos, "unknown unary operator %d", int(e.Op))
	case *ir.BoolOp:
		x, err := in.eval(fr, e.X)
		if err != nil {
			return nil, err
		}
		if truthy(x) == (e.Op == ir.Or) {
			return x, nil
		}
		return in.eval(fr, e.Y)
	case *ir.Compare:
		if len(e.Operands) != len(e.Ops)+1 {
			return nil, internalf(e.Pos, "comparison with %d operators and %d operands", len(e.Ops), len(e.Operands))
		}
		left, err := in.eval(fr, e.Operands[0])
		if err != nil {
			return nil, err
		}
		for i, op := range e.Ops {
			right, err := in.eval(fr, e.Operands[i+1])
			if err != nil {
				return nil, err
			}
			ok, err := compare(e.Pos, op, left, right)
			if err != nil || !ok {
				return false, err
			}
			left = right
		}
		return true, nil
	case *ir.CondExpr:
		c, err := in.eval(fr, e.Cond)
		if err != nil {
			return nil, err
		}
		if truthy(c) {
			return in.eval(fr, e.Then)
		}
		return in.eval(fr, e.Else)
	case *ir.Call:
		if e.Func == nil {
			return nil, internalf(e.Pos, "call of a nil function")
		}
		args, err := in.evalAll(fr, e.Args)
		if err != nil {
			return nil, err
		}
		return in.callIn(e.Pos, e.Func, outerFrame(fr, e.Func), args)
	case *ir.EffectCall:
		return in.effectCall(fr, e)
	case *ir.Builtin:
		return in.builtin(fr, e)
	case *ir.ListLit:
		elems, err := in.evalAll(fr, e.Elems)
		if err != nil {
			return nil, err
		}
		return &List{Elems: elems}, nil
	case *ir.TupleLit:
		elems, err := in.evalAll(fr, e.Elems)
		if err != nil {
			return nil, err
		}
		return Tuple(elems), nil
	case *ir.DictLit:
		if len(e.Keys) != len(e.Values) {
			return nil, internalf(e.Pos, "dict display with %d keys and %d values", len(e.Keys), len(e.Values))
		}
		d := NewDict()
		for i := range e.Keys {
			k, err := in.eval(fr, e.Keys[i])
			if err != nil {
				return nil, err
			}
			v, err := in.eval(fr, e.Values[i])
			if err != nil {
				return nil, err
			}
			if n, ok := hashable(k); !ok {
				return nil, raise(e.Keys[i].Position(), "TypeError", "unhashable type: '%s'", n)
			}
			d.Set(k, v)
		}
		return d, nil
	case *ir.SetLit:
		elems, err := in.evalAll(fr, e.Elems)
		if err != nil {
			return nil, err
		}
		s := NewSet()
		for _, x := range elems {
			if n, ok := hashable(x); !ok {
				return nil, raise(e.Pos, "TypeError", "unhashable type: '%s'", n)
			}
			s.Add(x)
		}
		return s, nil
	case *ir.Range:
		return in.rangeOf(fr, e)
	case *ir.FString:
		var b []byte
		for _, p := range e.Parts {
			if p.X == nil {
				b = append(b, p.Lit...)
				continue
			}
			v, err := in.eval(fr, p.X)
			if err != nil {
				return nil, err
			}
			spec := p.Spec
			if p.DynSpec != nil {
				if spec, err = in.computedSpec(fr, p.DynSpec, v, p.Conv); err != nil {
					return nil, err
				}
			}
			s, err := fstringPart(e.Pos, v, p.Conv, spec)
			if err != nil {
				return nil, err
			}
			b = append(b, s...)
		}
		return string(b), nil
	case *ir.Index:
		x, err := in.eval(fr, e.X)
		if err != nil {
			return nil, err
		}
		i, err := in.eval(fr, e.Index)
		if err != nil {
			return nil, err
		}
		return getItem(e.Pos, x, i)
	case *ir.Slice:
		return in.slice(fr, e)
	case *ir.Unwrap:
		x, err := in.eval(fr, e.X)
		if err != nil {
			return nil, err
		}
		if x == nil {
			return nil, internalf(e.Pos, "unwrap of None")
		}
		return x, nil
	case *ir.Attr:
		x, err := in.eval(fr, e.X)
		if err != nil {
			return nil, err
		}
		if r, ok := x.(*Row); ok {
			if v, ok := r.Field(e.Field); ok {
				return v, nil
			}
		}
		return nil, raise(e.Pos, "AttributeError", "'%s' object has no attribute '%s'", typeName(x), e.Field)
	case *ir.Comprehension:
		return in.comprehension(fr, e)
	case *ir.FactField:
		return nil, internalf(e.Pos, "fact field %s outside a contract", e.Field)
	case nil:
		return nil, errors.New("interp: nil expression")
	}
	return nil, internalf(e.Position(), "unknown expression %T", e)
}

func getItem(pos ir.Pos, x, i Value) (Value, error) {
	switch c := x.(type) {
	case *List:
		k, ok := asInt(i)
		if !ok {
			return nil, raise(pos, "TypeError", "list indices must be integers or slices, not %s", typeName(i))
		}
		n := int64(len(c.Elems))
		if k < 0 {
			k += n
		}
		if k < 0 || k >= n {
			return nil, raise(pos, "IndexError", "list index out of range")
		}
		return c.Elems[k], nil
	case Tuple:
		k, ok := asInt(i)
		if !ok {
			return nil, raise(pos, "TypeError", "tuple indices must be integers or slices, not %s", typeName(i))
		}
		n := int64(len(c))
		if k < 0 {
			k += n
		}
		if k < 0 || k >= n {
			return nil, raise(pos, "IndexError", "tuple index out of range")
		}
		return c[k], nil
	case string:
		k, ok := asInt(i)
		if !ok {
			return nil, raise(pos, "TypeError", "string indices must be integers, not '%s'", typeName(i))
		}
		return strIndex(pos, c, k)
	case rangeVal:
		return rangeIndex(pos, c, i)
	case *Dict:
		if n, ok := hashable(i); !ok {
			return nil, raise(pos, "TypeError", "unhashable type: '%s'", n)
		}
		v, ok := c.Get(i)
		if !ok {
			return nil, raise(pos, "KeyError", "%s", repr(i))
		}
		return v, nil
	}
	return nil, raise(pos, "TypeError", "'%s' object is not subscriptable", typeName(x))
}

// sliceIndices is PySlice_Unpack and PySlice_AdjustIndices: the start,
// step and length of x[lo:hi:step] on a sequence of length n.
func sliceIndices(pos ir.Pos, n int64, lo, hi, st Value) (start, step, length int64, err error) {
	start, _, step, length, err = sliceBounds(pos, n, lo, hi, st)
	return start, step, length, err
}

// sliceBounds is sliceIndices with the adjusted stop index too.
func sliceBounds(pos ir.Pos, n int64, lo, hi, st Value) (start, stop, step, length int64, err error) {
	step = 1
	if st != nil {
		s, ok := asInt(st)
		if !ok {
			return 0, 0, 0, 0, raise(pos, "TypeError", "slice indices must be integers or None or have an __index__ method")
		}
		if s == 0 {
			return 0, 0, 0, 0, raise(pos, "ValueError", "slice step cannot be zero")
		}
		if s < -(1<<63 - 1) {
			s = -(1<<63 - 1)
		}
		step = s
	}
	const maxI, minI = int64(1<<63 - 1), int64(-1 << 63)
	bound := func(v Value, def int64) (int64, error) {
		if v == nil {
			return def, nil
		}
		k, ok := asInt(v)
		if !ok {
			return 0, raise(pos, "TypeError", "slice indices must be integers or None or have an __index__ method")
		}
		return k, nil
	}
	if step < 0 {
		start, err = bound(lo, maxI)
		if err == nil {
			stop, err = bound(hi, minI)
		}
	} else {
		start, err = bound(lo, 0)
		if err == nil {
			stop, err = bound(hi, maxI)
		}
	}
	if err != nil {
		return 0, 0, 0, 0, err
	}
	start, stop, length = pysem.AdjustSlice(n, start, stop, step)
	return start, stop, step, length, nil
}

func (in *interp) slice(fr *frame, e *ir.Slice) (Value, error) {
	x, err := in.eval(fr, e.X)
	if err != nil {
		return nil, err
	}
	var b [3]Value
	for i, bx := range []ir.Expr{e.Lo, e.Hi, e.Step} {
		if bx != nil {
			if b[i], err = in.eval(fr, bx); err != nil {
				return nil, err
			}
		}
	}
	pick := func(n int64, at func(int64)) error {
		start, step, length, err := sliceIndices(e.Pos, n, b[0], b[1], b[2])
		if err != nil {
			return err
		}
		for i, k := int64(0), start; i < length; i, k = i+1, k+step {
			at(k)
		}
		return nil
	}
	switch c := x.(type) {
	case *List:
		out := []Value{}
		err := pick(int64(len(c.Elems)), func(k int64) { out = append(out, c.Elems[k]) })
		return &List{Elems: out}, err
	case Tuple:
		out := Tuple{}
		err := pick(int64(len(c)), func(k int64) { out = append(out, c[k]) })
		return out, err
	case string:
		rs := []rune(c)
		out := make([]rune, 0, len(rs))
		err := pick(int64(len(rs)), func(k int64) { out = append(out, rs[k]) })
		return string(out), err
	case rangeVal:
		return rangeSlice(e.Pos, c, b[0], b[1], b[2])
	}
	return nil, raise(e.Pos, "TypeError", "'%s' object is not subscriptable", typeName(x))
}

func (in *interp) comprehension(fr *frame, e *ir.Comprehension) (Value, error) {
	// A comprehension is a function call of its own in CPython 3.11; its
	// first iterable is evaluated by the caller, before the call.
	var first iterator
	if len(e.Clauses) > 0 {
		it, err := in.iterate(fr, e.Clauses[0].Iter)
		if err != nil {
			return nil, err
		}
		first = it
	}
	if err := in.enter(e.Pos, 1); err != nil {
		return nil, err
	}
	defer func() { in.depth-- }()
	var list []Value
	var set *Set
	var dict *Dict
	switch e.Kind {
	case ir.ListComp:
		list = []Value{}
	case ir.SetComp:
		set = NewSet()
	case ir.DictComp:
		if e.Key == nil {
			return nil, internalf(e.Pos, "dict comprehension without a key")
		}
		dict = NewDict()
	default:
		return nil, internalf(e.Pos, "comprehension kind %d", e.Kind)
	}
	var clause func(k int) error
	clause = func(k int) error {
		if k == len(e.Clauses) {
			switch e.Kind {
			case ir.ListComp:
				v, err := in.eval(fr, e.Elem)
				if err != nil {
					return err
				}
				list = append(list, v)
			case ir.SetComp:
				v, err := in.eval(fr, e.Elem)
				if err != nil {
					return err
				}
				if n, ok := hashable(v); !ok {
					return raise(e.Pos, "TypeError", "unhashable type: '%s'", n)
				}
				set.Add(v)
			case ir.DictComp:
				key, err := in.eval(fr, e.Key)
				if err != nil {
					return err
				}
				v, err := in.eval(fr, e.Elem)
				if err != nil {
					return err
				}
				if n, ok := hashable(key); !ok {
					return raise(e.Pos, "TypeError", "unhashable type: '%s'", n)
				}
				dict.Set(key, v)
			}
			return nil
		}
		cl := e.Clauses[k]
		it := first
		if k > 0 {
			var err error
			if it, err = in.iterate(fr, cl.Iter); err != nil {
				return err
			}
		}
	next:
		for {
			if err := in.poll(); err != nil {
				return err
			}
			v, ok, err := it.next()
			if err != nil {
				return err
			}
			if !ok {
				return nil
			}
			if err := in.store(fr, e.Pos, cl.Var, v); err != nil {
				return err
			}
			for _, cond := range cl.Conds {
				c, err := in.eval(fr, cond)
				if err != nil {
					return err
				}
				if !truthy(c) {
					continue next
				}
			}
			if err := clause(k + 1); err != nil {
				return err
			}
		}
	}
	if err := clause(0); err != nil {
		return nil, err
	}
	switch e.Kind {
	case ir.ListComp:
		return &List{Elems: list}, nil
	case ir.SetComp:
		return set, nil
	}
	return dict, nil
}

// callLambda evaluates a lambda's body with its parameters bound to args,
// in fr (a lambda reads the locals of the function it appears in).
func (in *interp) callLambda(fr *frame, l *ir.Lambda, args ...Value) (Value, error) {
	if len(l.Params) != len(args) {
		return nil, internalf(l.Pos, "lambda takes %d arguments, got %d", len(l.Params), len(args))
	}
	if fr.extra == nil {
		fr.extra = map[*ir.Local]Value{}
	}
	type saved struct {
		v  Value
		ok bool
	}
	old := make([]saved, len(l.Params))
	for i, p := range l.Params {
		v, ok := fr.extra[p]
		old[i] = saved{v, ok}
		fr.extra[p] = args[i]
	}
	defer func() {
		for i, p := range l.Params {
			if old[i].ok {
				fr.extra[p] = old[i].v
			} else {
				delete(fr.extra, p)
			}
		}
	}()
	return in.eval(fr, l.Body)
}

func (in *interp) effectCall(fr *frame, e *ir.EffectCall) (Value, error) {
	eff := e.Effect
	if eff == nil {
		return nil, internalf(e.Pos, "call of a nil effect")
	}
	args, err := in.evalAll(fr, e.Args)
	if err != nil {
		return nil, err
	}
	if len(args) != len(eff.Params) {
		return nil, internalf(e.Pos, "effect %s takes %d arguments, got %d", eff.Name, len(eff.Params), len(args))
	}
	for i, a := range args {
		args[i] = materialize(a)
	}
	for _, c := range eff.Requires {
		if c == nil || c.Pred == nil {
			return nil, internalf(e.Pos, "requires of %s without a predicate", eff.Name)
		}
		cf := &frame{extra: map[*ir.Local]Value{}}
		for _, p := range c.Pred.Params {
			i := paramIndex(eff, p.Name)
			if i < 0 {
				return nil, internalf(c.Pos, "requires of %s reads %s, which is not a parameter", eff.Name, p.Name)
			}
			cf.extra[p] = args[i]
		}
		ok, err := in.eval(cf, c.Pred.Body)
		if err != nil {
			return nil, err
		}
		if !truthy(ok) {
			return nil, &ContractError{Effect: eff.Name, Kind: "precondition", Clause: c.Source, Message: c.Message, Pos: e.Pos}
		}
	}
	if in.host == nil {
		return nil, &EffectError{Kind: NoHost, Effect: eff.Name, Pos: e.Pos}
	}
	if err := in.poll(); err != nil {
		return nil, err
	}
	res, err := in.host.Call(in.ctx, eff, args)
	if err != nil {
		return nil, &EffectError{Kind: HostFailed, Effect: eff.Name, Pos: e.Pos, Err: err}
	}
	if err := checkValue(res, eff.Result); err != nil {
		return nil, &EffectError{Kind: BadResult, Effect: eff.Name, Pos: e.Pos, Err: err}
	}
	for _, c := range eff.Ensures {
		if c == nil || c.Pred == nil || len(c.Pred.Params) != 1 {
			return nil, internalf(e.Pos, "ensures of %s must take the result as its one parameter", eff.Name)
		}
		cf := &frame{extra: map[*ir.Local]Value{c.Pred.Params[0]: res}}
		ok, err := in.eval(cf, c.Pred.Body)
		if err != nil {
			return nil, err
		}
		if !truthy(ok) {
			return nil, &ContractError{Effect: eff.Name, Kind: "postcondition", Clause: c.Source, Message: c.Message, Pos: e.Pos}
		}
	}
	u, err := UniqueViolationOf(res, eff.Result)
	if err != nil {
		return nil, internalf(e.Pos, "result of %s: %v", eff.Name, err)
	}
	if u != nil {
		return nil, &ContractError{Effect: eff.Name, Kind: "postcondition", Clause: u.Clause(), Pos: e.Pos, Unique: u}
	}
	return res, nil
}

// UniqueViolationOf checks the __unique__ columns of a list[Row] result
// of type t: the prover assumes no two rows of one result share such a
// column, so the interpreter refuses a result that breaks it, and the
// prover does not replay a counterexample whose results would. Results
// holding rows in another shape need no check: gen refuses to build them
// and the prover assumes uniqueness only of list[Row] results. The error
// is for a value that is not of type t.
func UniqueViolationOf(res Value, t ir.Type) (*UniqueViolation, error) {
	lt, ok := t.(*ir.List)
	if !ok {
		return nil, nil
	}
	row, ok := lt.Elem.(*ir.Row)
	if !ok || len(row.Unique) == 0 {
		return nil, nil
	}
	rows, ok := res.(*List)
	if !ok {
		return nil, fmt.Errorf("a %s result is a %s", t, typeName(res))
	}
	for _, col := range row.Unique {
		seen := map[Value]int{} // unique columns are int or str
		for i, r := range rows.Elems {
			rv, isRow := r.(*Row)
			if !isRow {
				return nil, fmt.Errorf("element %d is a %s, not a %s", i, typeName(r), row.Name)
			}
			v, ok := rv.Field(col)
			if !ok {
				return nil, fmt.Errorf("row %d has no column %s", i, col)
			}
			if j, dup := seen[v]; dup {
				return &UniqueViolation{Row: row.Name, Column: col, Value: v, First: j, Second: i}, nil
			}
			seen[v] = i
		}
	}
	return nil, nil
}

func paramIndex(e *ir.Effect, name string) int {
	for i, p := range e.Params {
		if p.Name == name {
			return i
		}
	}
	return -1
}
