package ir

import (
	"errors"
	"slices"
)

// Verify checks the invariants every builder of a Program must establish:
// every expression is typed consistently, every local belongs to the scope
// that reads it, calls match their callee's parameters, and guarantees
// apply a contract to constant arguments. It reports every violation found,
// each an *Error of code Internal (IR that does not verify is a bug of its
// builder, never of the plan) at the position of the offending node.
func Verify(p *Program) error {
	v := &verifier{prog: p, funcs: map[*Func]bool{}, effects: map[*Effect]bool{}}
	v.program()
	return errors.Join(v.errs...)
}

type verifier struct {
	prog    *Program
	funcs   map[*Func]bool
	effects map[*Effect]bool
	errs    []error
	scope   map[*Local]bool // locals the current function, lambda or contract may read
	fn      *Func
	loops   int // loops enclosing the current statement
}

func (v *verifier) errorf(pos Pos, format string, args ...any) {
	v.errs = append(v.errs, Errorf(pos, Internal, format, args...))
}

func (v *verifier) program() {
	p := v.prog
	for _, f := range p.Funcs {
		if v.funcs[f] {
			v.errorf(f.Pos, "function %s listed twice", f.Name)
		}
		v.funcs[f] = true
	}
	for _, e := range p.Effects {
		v.effects[e] = true
	}
	if p.Target == nil || !v.funcs[p.Target] {
		v.errorf(Pos{File: p.File}, "target is not one of the program's functions")
	}
	for _, e := range p.Effects {
		v.effect(e)
	}
	for _, f := range p.Funcs {
		v.function(f)
	}
	for _, g := range p.Guarantees {
		v.guarantee(g)
	}
	for _, pol := range p.Policies {
		if len(pol.WhenUsed) == 0 {
			v.errorf(pol.Pos, "policy of %s has no when_used", pol.Layer)
		}
		for _, g := range pol.Required {
			v.guarantee(g)
		}
		for _, c := range pol.Recommended {
			if c == nil || c.Spec == nil {
				v.errorf(pol.Pos, "policy of %s recommends a contract without a spec", pol.Layer)
			}
		}
	}
}

func (v *verifier) effect(e *Effect) {
	if e.Result == nil {
		v.errorf(e.Pos, "effect %s has no result type", e.Name)
	}
	for _, c := range e.Requires {
		for _, prm := range c.Pred.Params {
			if ep := e.Param(prm.Name); ep == nil || !Identical(ep.Type, prm.Type) {
				v.errorf(c.Pos, "requires of %s reads %s, which is not a parameter of that type", e.Name, prm.Name)
			}
		}
		v.lambda(c.Pred, Bool)
	}
	for _, c := range e.Ensures {
		if len(c.Pred.Params) != 1 || e.Result == nil || !Identical(c.Pred.Params[0].Type, e.Result) {
			v.errorf(c.Pos, "ensures of %s must take the result as its one parameter", e.Name)
		}
		v.lambda(c.Pred, Bool)
		if c.Each != nil {
			lt, isList := e.Result.(*List)
			if !isList || len(c.Each.Params) != 1 || !Identical(c.Each.Params[0].Type, lt.Elem) {
				v.errorf(c.Pos, "the per-element form of an ensures of %s must take one element of its list result", e.Name)
			}
			v.lambda(c.Each, Bool)
		}
	}
}

func (v *verifier) function(f *Func) {
	v.fn = f
	v.scope = map[*Local]bool{}
	for i, l := range f.Locals {
		if l.Index != i {
			v.errorf(l.Pos, "local %s has index %d at position %d", l.Name, l.Index, i)
		}
		if l.Type == nil {
			v.errorf(l.Pos, "local %s has no type", l.Name)
		}
		v.scope[l] = true
	}
	// A nested function reads and assigns the locals of its enclosing
	// functions.
	seen := map[*Func]bool{f: true}
	for o := f.Outer; o != nil; o = o.Outer {
		if seen[o] || !v.funcs[o] {
			v.errorf(f.Pos, "function %s is nested in %s, which is not an enclosing function of the program", f.Name, o.Name)
			break
		}
		seen[o] = true
		for _, l := range o.Locals {
			v.scope[l] = true
		}
	}
	for _, prm := range f.Params {
		if !v.scope[prm] {
			v.errorf(prm.Pos, "parameter %s of %s is not among its locals", prm.Name, f.Name)
		}
	}
	if f.Result == nil {
		v.errorf(f.Pos, "function %s has no result type", f.Name)
	}
	v.stmts(f.Body)
	v.fn = nil
	v.conditions(f)
}

// conditions checks a plan function's own requires and ensures: each
// reads only its own parameters (a requires one of the function's by name
// and type, an ensures the result), and is pure, so that evaluating it
// can neither run an effect nor depend on state the prover does not see.
func (v *verifier) conditions(f *Func) {
	saved := v.scope
	defer func() { v.scope = saved }()
	for _, c := range f.Requires {
		if c == nil || c.Pred == nil {
			v.errorf(f.Pos, "requires of %s has no predicate", f.Name)
			continue
		}
		for _, prm := range c.Pred.Params {
			if fp := funcParam(f, prm.Name); fp == nil || !Identical(fp.Type, prm.Type) {
				v.errorf(c.Pos, "requires of %s reads %s, which is not a parameter of that type", f.Name, prm.Name)
			}
		}
		v.scope = map[*Local]bool{}
		v.lambda(c.Pred, Bool)
		v.pureCondition(f, "requires", c)
	}
	for _, c := range f.Ensures {
		if c == nil || c.Pred == nil {
			v.errorf(f.Pos, "ensures of %s has no predicate", f.Name)
			continue
		}
		if len(c.Pred.Params) != 1 || f.Result == nil || !Identical(c.Pred.Params[0].Type, f.Result) {
			v.errorf(c.Pos, "ensures of %s must take the result as its one parameter", f.Name)
		}
		v.scope = map[*Local]bool{}
		v.lambda(c.Pred, Bool)
		v.pureCondition(f, "ensures", c)
	}
}

// funcParam is f's parameter called name, or nil.
func funcParam(f *Func, name string) *Local {
	for _, p := range f.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// pureCondition refuses anything but the predicate language in a plan
// condition: literals, its parameters (unwrapped where a None test to
// their left narrowed them: x is None or P), row fields, operators, len,
// startswith and endswith.
func (v *verifier) pureCondition(f *Func, what string, c *Condition) {
	Inspect(c.Pred.Body, func(e Expr) bool {
		switch e := e.(type) {
		case *Const, *LocalRef, *BinOp, *UnOp, *BoolOp, *Compare, *Attr, *ListLit, *TupleLit, *SetLit, *Unwrap:
			return true
		case *Builtin:
			switch e.Name {
			case "len", "str.startswith", "str.endswith":
				return true
			}
		}
		v.errorf(e.Position(), "%s of %s contains %T, which a plan condition may not", what, f.Name, e)
		return false
	})
}

func (v *verifier) stmts(ss []Stmt) {
	for _, s := range ss {
		v.stmt(s)
	}
}

func (v *verifier) stmt(s Stmt) {
	switch s := s.(type) {
	case *Assign:
		v.local(s.Pos, s.Dest)
		if t := v.expr(s.Value); t != nil && !assignable(t, s.Dest.Type) {
			v.errorf(s.Pos, "assigns %s to %s of type %s", t, s.Dest.Name, s.Dest.Type)
		}
	case *If:
		v.expr(s.Cond)
		v.stmts(s.Then)
		v.stmts(s.Else)
	case *For:
		v.local(s.Pos, s.Var)
		if elem := elemType(v.expr(s.Iter)); elem == nil {
			v.errorf(s.Pos, "for loop over a non-iterable %s", s.Iter.Type())
		} else if !Identical(elem, s.Var.Type) {
			v.errorf(s.Pos, "loop variable %s is %s but elements are %s", s.Var.Name, s.Var.Type, elem)
		}
		v.loops++
		v.stmts(s.Body)
		v.loops--
	case *Return:
		want := v.fn.Result
		got := None
		if s.Value != nil {
			got = v.expr(s.Value)
		}
		if got != nil && want != nil && !assignable(got, want) {
			v.errorf(s.Pos, "returns %s from %s, declared %s", got, v.fn.Name, want)
		}
	case *ExprStmt:
		v.expr(s.X)
	case *SetIndex:
		x := v.expr(s.X)
		idx := v.expr(s.Index)
		val := v.expr(s.Value)
		switch c := x.(type) {
		case *List:
			if idx != nil && !IsBasic(idx, KindInt) || val != nil && !Identical(val, c.Elem) {
				v.errorf(s.Pos, "store of %s at %s into %s", val, idx, c)
			}
		case *Dict:
			if idx != nil && !Identical(idx, c.Key) || val != nil && !Identical(val, c.Value) {
				v.errorf(s.Pos, "store of %s at %s into %s", val, idx, c)
			}
		default:
			if x != nil {
				v.errorf(s.Pos, "item assignment on %s", x)
			}
		}
	case *Break, *Continue:
		if v.loops == 0 {
			v.errorf(s.Position(), "break or continue outside a loop")
		}
	case *Assert:
		v.expr(s.Cond)
		if s.Msg != nil {
			v.expr(s.Msg)
		}
	case *Raise:
		if s.Class == "" {
			v.errorf(s.Pos, "raise without an exception class")
		}
		if s.Msg != nil {
			if t := v.expr(s.Msg); t != nil && !IsBasic(t, KindStr) {
				v.errorf(s.Pos, "exception message is %s, want str", t)
			}
		}
	default:
		v.errorf(s.Position(), "unknown statement %T", s)
	}
}

func (v *verifier) local(pos Pos, l *Local) {
	if l == nil {
		v.errorf(pos, "nil local")
		return
	}
	if !v.scope[l] {
		v.errorf(pos, "local %s is not in scope here", l.Name)
	}
}

// elemType is the element type of an iterable type, or nil.
func elemType(t Type) Type {
	switch t := t.(type) {
	case *List:
		return t.Elem
	case *Set:
		return t.Elem
	case *Dict:
		return t.Key
	case *Basic:
		if t.Kind == KindStr {
			return Str
		}
		return nil
	case *Tuple:
		if len(t.Elems) == 0 {
			return nil
		}
		for _, e := range t.Elems[1:] {
			if !Identical(e, t.Elems[0]) {
				return nil
			}
		}
		return t.Elems[0]
	}
	return nil
}

// expr verifies e and returns its type, or nil after reporting a problem
// that makes the type meaningless.
func (v *verifier) expr(e Expr) Type {
	if e == nil {
		v.errs = append(v.errs, &Error{Code: Internal, Msg: "nil expression"})
		return nil
	}
	switch e := e.(type) {
	case *Const:
		if !constFits(e.Value, e.T) {
			v.errorf(e.Pos, "constant %#v is not a %s", e.Value, e.T)
			return nil
		}
	case *LocalRef:
		v.local(e.Pos, e.Local)
	case *BinOp:
		x, y := v.expr(e.X), v.expr(e.Y)
		if x == nil || y == nil {
			return nil
		}
		want := BinOpType(e.Op, x, y)
		if tt, ok := x.(*Tuple); ok && e.Op == Repeat && IsBasic(y, KindInt) {
			if n, ok := idxConst(e.Y); ok {
				want = TupleRepeatType(tt, n)
			}
		}
		if want == nil || !Identical(want, e.T) {
			v.errorf(e.Pos, "operator %s on %s and %s giving %s", e.Op, x, y, e.T)
		}
	case *UnOp:
		x := v.expr(e.X)
		if e.Op == Neg && x != nil && !IsBasic(x, KindInt) && !IsBasic(x, KindFloat) {
			v.errorf(e.Pos, "unary - on %s", x)
		}
	case *BoolOp:
		x, y := v.expr(e.X), v.expr(e.Y)
		if x != nil && y != nil && (!Identical(x, y) || !Identical(x, e.T)) {
			v.errorf(e.Pos, "%s of %s and %s giving %s", e.Op, x, y, e.T)
		}
	case *Compare:
		v.compare(e)
	case *Call:
		if !v.funcs[e.Func] {
			v.errorf(e.Pos, "call of %s, which is not a function of the program", e.Func.Name)
			return nil
		}
		if o := e.Func.Outer; o != nil && !nestedIn(v.fn, o) {
			v.errorf(e.Pos, "call of %s outside %s, where it is defined", e.Func.Name, o.Name)
		}
		params := make([]Type, len(e.Func.Params))
		for i, p := range e.Func.Params {
			params[i] = p.Type
		}
		v.args(e.Pos, e.Func.Name, params, e.Args)
	case *EffectCall:
		if !v.effects[e.Effect] {
			v.errorf(e.Pos, "call of effect %s, which the program does not declare", e.Effect.Name)
			return nil
		}
		params := make([]Type, len(e.Effect.Params))
		for i, p := range e.Effect.Params {
			params[i] = p.Type
		}
		v.args(e.Pos, e.Effect.Name, params, e.Args)
	case *Builtin:
		v.builtin(e)
	case *ListLit:
		for _, x := range e.Elems {
			if t := v.expr(x); t != nil && !Identical(t, e.T.Elem) && !(Identical(e.T.Elem, Object) && FitsObject(t)) {
				v.errorf(x.Position(), "list element is %s in a %s", t, e.T)
			}
		}
	case *TupleLit:
		if len(e.Elems) != len(e.T.Elems) {
			v.errorf(e.Pos, "tuple of %d elements typed %s", len(e.Elems), e.T)
			return nil
		}
		for i, x := range e.Elems {
			if t := v.expr(x); t != nil && !Identical(t, e.T.Elems[i]) {
				v.errorf(x.Position(), "tuple element is %s, typed %s", t, e.T.Elems[i])
			}
		}
	case *DictLit:
		if len(e.Keys) != len(e.Values) {
			v.errorf(e.Pos, "dict display with %d keys and %d values", len(e.Keys), len(e.Values))
			return nil
		}
		for i := range e.Keys {
			if t := v.expr(e.Keys[i]); t != nil && !Identical(t, e.T.Key) {
				v.errorf(e.Keys[i].Position(), "dict key is %s in a %s", t, e.T)
			}
			if t := v.expr(e.Values[i]); t != nil && !Identical(t, e.T.Value) && !(Identical(e.T.Value, Object) && FitsObject(t)) {
				v.errorf(e.Values[i].Position(), "dict value is %s in a %s", t, e.T)
			}
		}
	case *Range:
		for _, x := range []Expr{e.Start, e.Stop, e.Step} {
			if t := v.expr(x); t != nil && !IsBasic(t, KindInt) {
				v.errorf(e.Pos, "range bound is %s", t)
			}
		}
	case *FString:
		for _, p := range e.Parts {
			if p.X != nil {
				v.expr(p.X)
				if p.Conv != 0 && p.Conv != 's' && p.Conv != 'r' {
					v.errorf(e.Pos, "f-string conversion !%c", p.Conv)
				}
			}
			if p.DynSpec == nil {
				continue
			}
			if p.X == nil || p.Spec != "" {
				v.errorf(e.Pos, "f-string part with a computed spec needs a value and no literal spec")
			}
			for _, q := range p.DynSpec.Parts {
				if q.DynSpec != nil {
					v.errorf(p.DynSpec.Pos, "f-string format spec nested more than one level")
				}
			}
			v.expr(p.DynSpec)
		}
	case *FactField:
		v.local(e.Pos, e.Fact)
		f, ok := e.Fact.Type.(*Fact)
		if !ok {
			v.errorf(e.Pos, "field %s read from %s, which is not a fact", e.Field, e.Fact.Name)
			return nil
		}
		if fld := f.Field(e.Field); fld == nil || !Identical(fld.Type, e.T) {
			v.errorf(e.Pos, "fact of %s has no field %s of type %s", f.Selector, e.Field, e.T)
		}
	case *IsColumn:
		x := v.expr(e.X)
		if e.Row == nil {
			v.errorf(e.Pos, "column reference without a row type")
			return nil
		}
		fld := e.Row.Field(e.Column)
		switch {
		case fld == nil || !(IsBasic(fld.Type, KindStr) || IsBasic(fld.Type, KindInt)):
			v.errorf(e.Pos, "row type %s has no str or int column %s", e.Row.Name, e.Column)
		case x != nil && !Identical(x, fld.Type):
			v.errorf(e.Pos, "column reference compares a %s with the %s column %s.%s", x, fld.Type, e.Row.Name, e.Column)
		}
	case *Index:
		x, idx := v.expr(e.X), v.expr(e.Index)
		if x == nil || idx == nil {
			return nil
		}
		var elem Type
		switch c := x.(type) {
		case *List:
			if IsBasic(idx, KindInt) {
				elem = c.Elem
			}
		case *Dict:
			if Identical(idx, c.Key) {
				elem = c.Value
			}
		case *Tuple:
			if n, ok := idxConst(e.Index); ok && IsBasic(idx, KindInt) {
				if n < 0 {
					n += int64(len(c.Elems))
				}
				if n >= 0 && n < int64(len(c.Elems)) {
					elem = c.Elems[n]
				}
			} else if IsBasic(idx, KindInt) {
				elem = elemType(c)
			}
		case *Basic:
			if c.Kind == KindStr && IsBasic(idx, KindInt) {
				elem = Str
			}
		}
		if elem == nil || !Identical(elem, e.T) {
			v.errorf(e.Pos, "index of %s by %s typed %s", x, idx, e.T)
		}
	case *Slice:
		x := v.expr(e.X)
		for _, b := range []Expr{e.Lo, e.Hi, e.Step} {
			if b != nil {
				if t := v.expr(b); t != nil && !IsBasic(t, KindInt) && !isOptionalInt(t) {
					v.errorf(e.Pos, "slice bound is %s", t)
				}
			}
		}
		switch xt := x.(type) {
		case *List:
		case *Tuple:
			if want := TupleSliceType(xt, e.Lo, e.Hi, e.Step); want == nil || !Identical(want, e.Type()) {
				v.errorf(e.Pos, "slice of %s typed %s (a tuple slice needs constant bounds)", x, e.Type())
			}
		default:
			if x != nil && !IsBasic(x, KindStr) {
				v.errorf(e.Pos, "slice of %s", x)
			}
		}
	case *Attr:
		x := v.expr(e.X)
		row, ok := x.(*Row)
		if !ok {
			if x != nil {
				v.errorf(e.Pos, "field %s read from %s, which is not a row", e.Field, x)
			}
			return nil
		}
		if f := row.Field(e.Field); f == nil || !Identical(f.Type, e.T) {
			v.errorf(e.Pos, "row %s has no field %s of type %s", row.Name, e.Field, e.T)
		}
	case *Unwrap:
		x := v.expr(e.X)
		if x == nil {
			return nil
		}
		if _, ok := x.(*Optional); !ok {
			v.errorf(e.Pos, "unwrap of %s, which is not optional", x)
			return nil
		}
	case *CondExpr:
		v.expr(e.Cond)
		a, b := v.expr(e.Then), v.expr(e.Else)
		if a != nil && b != nil && (!assignable(a, e.T) || !assignable(b, e.T)) {
			v.errorf(e.Pos, "conditional expression of %s and %s typed %s", a, b, e.T)
		}
	case *SetLit:
		for _, x := range e.Elems {
			if t := v.expr(x); t != nil && !Identical(t, e.T.Elem) {
				v.errorf(x.Position(), "set element is %s in a %s", t, e.T)
			}
		}
	case *Comprehension:
		for _, c := range e.Clauses {
			v.local(e.Pos, c.Var)
			if elem := elemType(v.expr(c.Iter)); elem == nil || !Identical(elem, c.Var.Type) {
				v.errorf(e.Pos, "comprehension variable %s is %s, elements are %v", c.Var.Name, c.Var.Type, elem)
			}
			for _, cond := range c.Conds {
				v.expr(cond)
			}
		}
		elem := v.expr(e.Elem)
		var want Type
		switch e.Kind {
		case ListComp:
			want = &List{Elem: elem}
		case SetComp:
			want = &Set{Elem: elem}
		case DictComp:
			if e.Key == nil {
				v.errorf(e.Pos, "dict comprehension without a key")
				return nil
			}
			want = &Dict{Key: v.expr(e.Key), Value: elem}
		}
		if elem != nil && !Identical(want, e.T) {
			v.errorf(e.Pos, "comprehension builds %s, typed %s", want, e.T)
		}
	default:
		v.errorf(e.Position(), "unknown expression %T", e)
		return nil
	}
	return e.Type()
}

func isNumeric(t Type) bool {
	return IsBasic(t, KindInt) || IsBasic(t, KindFloat) || IsBasic(t, KindBool)
}

// BinOpType is the type of x op y in the subset, or nil when the subset
// does not allow the operation. bool operands count as int, as in Python.
func BinOpType(op BinOpKind, x, y Type) Type {
	num := func(t Type) Type {
		if IsBasic(t, KindBool) {
			return Int
		}
		return t
	}
	if isNumeric(x) && isNumeric(y) {
		if op == Repeat || op == BitAnd || op == BitOr || op == BitXor {
			return nil
		}
		if op == Div || IsBasic(x, KindFloat) || IsBasic(y, KindFloat) {
			return Float
		}
		return num(x)
	}
	switch op {
	case Add:
		switch xt := x.(type) {
		case *List:
			if Identical(x, y) {
				return x
			}
		case *Tuple:
			if yt, ok := y.(*Tuple); ok {
				return &Tuple{Elems: append(append([]Type(nil), xt.Elems...), yt.Elems...)}
			}
		case *Basic:
			if xt.Kind == KindStr && IsBasic(y, KindStr) {
				return Str
			}
		}
	case Sub, BitAnd, BitOr, BitXor:
		if _, ok := x.(*Set); ok && Identical(x, y) {
			return x
		}
	case Repeat:
		if IsBasic(y, KindInt) {
			switch x.(type) {
			case *List:
				return x
			}
			if IsBasic(x, KindStr) {
				return Str
			}
		}
	}
	return nil
}

// TupleRepeatType is the type of t * n, or nil when it would be huge.
func TupleRepeatType(t *Tuple, n int64) *Tuple {
	out := &Tuple{Elems: []Type{}}
	if n <= 0 || len(t.Elems) == 0 {
		return out
	}
	if n > 1<<10 || int64(len(t.Elems))*n > 1<<10 {
		return nil
	}
	for range n {
		out.Elems = append(out.Elems, t.Elems...)
	}
	return out
}

// TupleSliceType is the type of t[lo:hi:step] when the bounds are absent,
// None or int constants (and the step is not 0), else nil.
func TupleSliceType(t *Tuple, lo, hi, step Expr) *Tuple {
	idx, ok := TupleSliceIndices(len(t.Elems), lo, hi, step)
	if !ok {
		return nil
	}
	out := &Tuple{Elems: []Type{}}
	for _, i := range idx {
		out.Elems = append(out.Elems, t.Elems[i])
	}
	return out
}

// TupleSliceIndices lists the indices t[lo:hi:step] takes from a tuple of
// n elements, when the bounds are absent, None or int constants (and the
// step is not 0).
func TupleSliceIndices(n int, lo, hi, step Expr) ([]int, bool) {
	bound := func(b Expr) (v int64, given, ok bool) {
		if b == nil {
			return 0, false, true
		}
		if c, isConst := b.(*Const); isConst && c.Value == nil {
			return 0, false, true
		}
		v, ok = idxConst(b)
		return v, true, ok
	}
	l, hasLo, ok1 := bound(lo)
	h, hasHi, ok2 := bound(hi)
	s, hasStep, ok3 := bound(step)
	if !ok1 || !ok2 || !ok3 {
		return nil, false
	}
	if !hasStep {
		s = 1
	}
	if s == 0 {
		return nil, false
	}
	size := int64(n)
	// CPython's PySlice_AdjustIndices
	adjust := func(v int64, given bool, def int64) int64 {
		if !given {
			return def
		}
		if v < 0 {
			v += size
			if v < 0 {
				if s < 0 {
					return -1
				}
				return 0
			}
		} else if v >= size {
			if s < 0 {
				return size - 1
			}
			return size
		}
		return v
	}
	var start, stop int64
	if s > 0 {
		start, stop = adjust(l, hasLo, 0), adjust(h, hasHi, size)
	} else {
		start, stop = adjust(l, hasLo, size-1), adjust(h, hasHi, -1)
	}
	idx := []int{}
	for i := start; (s > 0 && i < stop) || (s < 0 && i > stop); i += s {
		idx = append(idx, int(i))
	}
	return idx, true
}

func idxConst(e Expr) (int64, bool) {
	switch e := e.(type) {
	case *Const:
		n, ok := e.Value.(int64)
		return n, ok
	case *UnOp:
		if e.Op == Neg {
			n, ok := idxConst(e.X)
			return -n, ok
		}
	}
	return 0, false
}

func isOptionalInt(t Type) bool {
	o, ok := t.(*Optional)
	return ok && IsBasic(o.Elem, KindInt)
}

// assignable reports whether a value of type t may be stored where want is
// expected: the same type, or T and None into T | None.
func assignable(t, want Type) bool {
	if Identical(t, want) {
		return true
	}
	if _, ok := want.(*ObjectType); ok {
		return FitsObject(t)
	}
	if o, ok := want.(*Optional); ok {
		return IsBasic(t, KindNone) || Identical(t, o.Elem)
	}
	return false
}

func constFits(val any, t Type) bool {
	b, ok := t.(*Basic)
	if !ok {
		return false
	}
	switch val.(type) {
	case int64:
		return b.Kind == KindInt
	case bool:
		return b.Kind == KindBool
	case string:
		return b.Kind == KindStr
	case float64:
		return b.Kind == KindFloat
	case nil:
		return b.Kind == KindNone
	}
	return false
}

func (v *verifier) args(pos Pos, callee string, params []Type, args []Expr) {
	if len(args) != len(params) {
		v.errorf(pos, "%s takes %d arguments, got %d", callee, len(params), len(args))
		return
	}
	for i, a := range args {
		if t := v.expr(a); t != nil && !assignable(t, params[i]) {
			v.errorf(a.Position(), "argument %d of %s is %s, want %s", i+1, callee, t, params[i])
		}
	}
}

func (v *verifier) compare(e *Compare) {
	if len(e.Operands) != len(e.Ops)+1 {
		v.errorf(e.Pos, "comparison with %d operators and %d operands", len(e.Ops), len(e.Operands))
		return
	}
	types := make([]Type, len(e.Operands))
	for i, x := range e.Operands {
		types[i] = v.expr(x)
	}
	for i, op := range e.Ops {
		x, y := types[i], types[i+1]
		if x == nil || y == nil {
			continue
		}
		if !comparable(op, x, y) {
			v.errorf(e.Pos, "cannot compare %s %s %s", x, op, y)
		}
	}
}

func comparable(op CmpOp, x, y Type) bool {
	numeric := isNumeric(x) && isNumeric(y)
	switch op {
	case Eq, NotEq:
		return Identical(x, y) || numeric || assignable(x, y) || assignable(y, x)
	case Is, IsNot:
		return IsBasic(y, KindNone) || IsBasic(x, KindNone)
	case Lt, LtE, Gt, GtE:
		if numeric {
			return true
		}
		switch x.(type) {
		case *List, *Tuple:
			return Identical(x, y)
		}
		return Identical(x, y) && IsBasic(x, KindStr)
	}
	// in / not in
	switch c := y.(type) {
	case *Basic:
		return c.Kind == KindStr && IsBasic(x, KindStr)
	case *List:
		return Identical(x, c.Elem)
	case *Dict:
		return Identical(x, c.Key)
	case *Set:
		return Identical(x, c.Elem)
	case *Tuple:
		elem := elemType(c)
		return elem != nil && Identical(x, elem)
	}
	return false
}

func (v *verifier) builtin(e *Builtin) {
	info, ok := LookupBuiltin(e.Name)
	if !ok {
		v.errorf(e.Pos, "unknown builtin %s", e.Name)
		return
	}
	v.builtinArity(e, info)
	if e.T == nil {
		v.errorf(e.Pos, "%s has no result type", e.Name)
	}
	types := make([]Type, len(e.Args))
	for i, a := range e.Args {
		types[i] = v.expr(a)
	}
	for _, kw := range e.Keywords {
		v.expr(kw.Value)
	}
	if e.Key != nil {
		v.lambda(e.Key, nil)
	}
	want := func(ok bool, format string, args ...any) {
		if !ok {
			v.errorf(e.Pos, format, args...)
		}
	}
	switch e.Name {
	case "len":
		ok := len(types) == 1
		if ok && types[0] != nil {
			switch types[0].(type) {
			case *List, *Tuple, *Dict, *Set:
			default:
				ok = IsBasic(types[0], KindStr)
			}
		}
		want(ok && IsBasic(e.T, KindInt), "len takes one str, list, tuple, dict or set and gives int")
	case "str", "repr":
		want(len(types) == 1 && IsBasic(e.T, KindStr), "%s takes one argument and gives str", e.Name)
	case "str.startswith", "str.endswith":
		want(len(types) == 2 && (types[0] == nil || IsBasic(types[0], KindStr)) && (types[1] == nil || IsBasic(types[1], KindStr)) && IsBasic(e.T, KindBool),
			"%s takes a str receiver and one str argument", e.Name)
	}
}

// builtinArity checks a call against the table's signature: a method's
// receiver has the table's kind, there are no more positional arguments
// than parameters (the front end fills a skipped one with None) and at
// least the required ones, and every keyword is a parameter.
func (v *verifier) builtinArity(e *Builtin, info BuiltinInfo) {
	n := len(e.Args)
	if info.Receiver != "" {
		if n == 0 {
			v.errorf(e.Pos, "%s has no receiver", e.Name)
			return
		}
		if t := e.Args[0].Type(); t != nil && receiverKind(t) != info.Receiver {
			v.errorf(e.Pos, "%s on a %s receiver", e.Name, t)
		}
		n--
	}
	if !info.Sig.Varargs && n > len(info.Sig.Params) {
		v.errorf(e.Pos, "%s takes at most %d arguments, got %d", e.Name, len(info.Sig.Params), n)
	}
	if n < info.Sig.Min {
		v.errorf(e.Pos, "%s takes at least %d arguments, got %d", e.Name, info.Sig.Min, n)
	}
	for _, kw := range e.Keywords {
		if !slices.Contains(info.Sig.KwOnly, kw.Name) && !slices.Contains(info.Sig.Params[min(info.Sig.PosOnly, len(info.Sig.Params)):], kw.Name) {
			v.errorf(e.Pos, "%s has no keyword %s", e.Name, kw.Name)
		}
	}
	if e.Key != nil && !slices.Contains(info.Sig.KwOnly, "key") {
		v.errorf(e.Pos, "%s takes no key=", e.Name)
	}
}

// receiverKind is the table's receiver name of a method's receiver type.
func receiverKind(t Type) string {
	switch t.(type) {
	case *List:
		return "list"
	case *Dict:
		return "dict"
	case *Set:
		return "set"
	}
	if IsBasic(t, KindStr) {
		return "str"
	}
	return t.String()
}

func (v *verifier) lambda(l *Lambda, want Type) {
	saved := v.scope
	scope := map[*Local]bool{}
	for k := range saved {
		scope[k] = true
	}
	for _, p := range l.Params {
		scope[p] = true
	}
	v.scope = scope
	if t := v.expr(l.Body); t != nil && want != nil && !Identical(t, want) {
		v.errorf(l.Pos, "lambda is %s, want %s", t, want)
	}
	v.scope = saved
}

func (v *verifier) guarantee(g *Guarantee) {
	c := g.Contract
	if c == nil {
		v.errorf(g.Pos, "guarantee %s has no contract", g.Source)
		return
	}
	if len(g.Args) != len(c.Params) {
		v.errorf(g.Pos, "%s takes %d arguments, got %d", c.Name, len(c.Params), len(g.Args))
		return
	}
	v.scope = map[*Local]bool{}
	for i, a := range g.Args {
		if !isConstant(a) {
			v.errorf(a.Position(), "guarantee argument is not a constant")
		}
		if t := v.expr(a); t != nil && !Identical(t, c.Params[i].Type) {
			v.errorf(a.Position(), "argument %s of %s is %s, want %s", c.Params[i].Name, c.Name, t, c.Params[i].Type)
		}
	}
	for _, p := range c.Params {
		v.scope[p] = true
	}
	v.spec(c.Spec)
	v.scope = nil
}

func isConstant(e Expr) bool {
	switch e := e.(type) {
	case *Const:
		return true
	case *ListLit:
		return allConstant(e.Elems)
	case *TupleLit:
		return allConstant(e.Elems)
	case *DictLit:
		return allConstant(e.Keys) && allConstant(e.Values)
	case *UnOp:
		return e.Op == Neg && isConstant(e.X)
	}
	return false
}

func allConstant(es []Expr) bool {
	for _, e := range es {
		if !isConstant(e) {
			return false
		}
	}
	return true
}

func (v *verifier) spec(s Spec) {
	switch s := s.(type) {
	case *NoGuarantees:
	case *All:
		v.relation(s.Rel)
		v.factLambda(s.Rel, s.Pred, Bool)
	case *Empty:
		v.relation(s.Rel)
	case *Distinct:
		v.relation(s.Rel)
		v.factLambda(s.Rel, s.Key, nil)
	case *SharesValue:
		v.relation(s.A)
		v.relation(s.B)
		v.factLambda(s.A, s.KeyA, nil)
		v.factLambda(s.B, s.KeyB, nil)
		if s.KeyA != nil && s.KeyB != nil && s.KeyA.Body != nil && s.KeyB.Body != nil &&
			!Identical(s.KeyA.Body.Type(), s.KeyB.Body.Type()) {
			v.errorf(s.Pos, "shares_value keys differ in type: %s over %s, %s over %s", s.KeyA.Body.Type(), s.A.Selector, s.KeyB.Body.Type(), s.B.Selector)
		}
	case *Count:
		v.relation(s.Rel)
		if t := v.expr(s.N); t != nil && !IsBasic(t, KindInt) {
			v.errorf(s.Pos, "count compared with %s", t)
		}
	case *Sum:
		v.relation(s.Rel)
		v.factLambda(s.Rel, s.Key, Int)
		if t := v.expr(s.N); t != nil && !IsBasic(t, KindInt) {
			v.errorf(s.Pos, "sum compared with %s", t)
		}
	case *FinalAll:
		if s.Fluent == nil || s.Pred == nil || len(s.Pred.Params) < 1 || len(s.Pred.Params) > 2 ||
			!Identical(s.Pred.Params[len(s.Pred.Params)-1].Type, s.Fluent.Value) ||
			len(s.Pred.Params) == 2 && !Identical(s.Pred.Params[0].Type, s.Fluent.Key) {
			v.errorf(s.Pos, "final.all must take a fluent and a lambda over its value (or its key and value)")
			return
		}
		for _, p := range s.Pred.Params {
			v.scope[p] = true
		}
		if t := v.expr(s.Pred.Body); t != nil && !IsBasic(t, KindBool) {
			v.errorf(s.Pos, "final.all predicate is %s, want bool", t)
		}
	case *FinalIs:
		if s.Fluent == nil || (s.Op != Eq && s.Op != NotEq) {
			v.errorf(s.Pos, "final[key] must be a fluent compared with == or !=")
			return
		}
		if t := v.expr(s.Key); t != nil && !Identical(t, s.Fluent.Key) {
			v.errorf(s.Pos, "final key is %s, want %s", t, s.Fluent.Key)
		}
		if t := v.expr(s.Value); t != nil && !Identical(t, s.Fluent.Value) {
			v.errorf(s.Pos, "final value is %s, want %s", t, s.Fluent.Value)
		}
	default:
		v.errorf(s.Position(), "unknown spec %T", s)
	}
}

func (v *verifier) relation(r *Relation) {
	if r == nil || r.Fact == nil {
		v.errs = append(v.errs, &Error{Code: Internal, Msg: "relation without a fact type"})
		return
	}
	for _, f := range r.Filters {
		v.factLambda(r, f, Bool)
	}
}

func (v *verifier) factLambda(r *Relation, l *Lambda, want Type) {
	if r == nil || l == nil {
		return
	}
	if len(l.Params) != 1 || l.Params[0].Type != Type(r.Fact) {
		v.errorf(l.Pos, "contract lambda must take one fact of %s", r.Selector)
		return
	}
	v.lambda(l, want)
}

// nestedIn reports whether f is outer or a function nested (at any depth)
// in outer.
func nestedIn(f, outer *Func) bool {
	for n := 0; f != nil && n <= 1000; f, n = f.Outer, n+1 {
		if f == outer {
			return true
		}
	}
	return false
}
