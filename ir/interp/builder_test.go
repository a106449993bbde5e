package interp

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// A small builder for hand-made IR programs. Every program a test runs
// must pass ir.Verify.

var P = ir.Pos{File: "plan.py", Line: 1, Col: 1}

func at(line int) ir.Pos { return ir.Pos{File: "plan.py", Line: line, Col: 5} }

type progB struct{ p *ir.Program }

func newProg() *progB { return &progB{p: &ir.Program{File: "plan.py"}} }

// fn adds a function; the first one named main is the target.
func (pb *progB) fn(name string, result ir.Type) *fnB {
	f := &ir.Func{Pos: P, Name: name, Result: result}
	pb.p.Funcs = append(pb.p.Funcs, f)
	if name == "main" {
		pb.p.Target = f
	}
	return &fnB{f: f}
}

func (pb *progB) effect(e *ir.Effect) *ir.Effect {
	pb.p.Effects = append(pb.p.Effects, e)
	return e
}

type fnB struct{ f *ir.Func }

func (b *fnB) local(name string, t ir.Type) *ir.Local {
	l := &ir.Local{Pos: P, Name: name, Type: t, Index: len(b.f.Locals)}
	b.f.Locals = append(b.f.Locals, l)
	return l
}

func (b *fnB) param(name string, t ir.Type) *ir.Local {
	l := b.local(name, t)
	b.f.Params = append(b.f.Params, l)
	return l
}

func (b *fnB) body(ss ...ir.Stmt) *fnB { b.f.Body = append(b.f.Body, ss...); return b }

// Types.
var (
	tInt   = ir.Int
	tFloat = ir.Float
	tStr   = ir.Str
	tBool  = ir.Bool
	tNone  = ir.None
)

func tList(e ir.Type) *ir.List       { return &ir.List{Elem: e} }
func tDict(k, v ir.Type) *ir.Dict    { return &ir.Dict{Key: k, Value: v} }
func tSet(e ir.Type) *ir.Set         { return &ir.Set{Elem: e} }
func tTuple(es ...ir.Type) *ir.Tuple { return &ir.Tuple{Elems: es} }
func tOpt(e ir.Type) *ir.Optional    { return &ir.Optional{Elem: e} }
func lam(params []*ir.Local, body ir.Expr) *ir.Lambda {
	return &ir.Lambda{Pos: P, Source: "lambda", Params: params, Body: body}
}

// Expressions.
func I(n int64) ir.Expr     { return &ir.Const{Pos: P, T: ir.Int, Value: n} }
func F(f float64) ir.Expr   { return &ir.Const{Pos: P, T: ir.Float, Value: f} }
func S(s string) ir.Expr    { return &ir.Const{Pos: P, T: ir.Str, Value: s} }
func B(b bool) ir.Expr      { return &ir.Const{Pos: P, T: ir.Bool, Value: b} }
func None() ir.Expr         { return &ir.Const{Pos: P, T: ir.None, Value: nil} }
func L(l *ir.Local) ir.Expr { return &ir.LocalRef{Pos: P, Local: l} }
func Neg(x ir.Expr) ir.Expr { return &ir.UnOp{Pos: P, Op: ir.Neg, X: x} }
func Not(x ir.Expr) ir.Expr { return &ir.UnOp{Pos: P, Op: ir.Not, X: x} }
func And(x, y ir.Expr) ir.Expr {
	return &ir.BoolOp{Pos: P, Op: ir.And, X: x, Y: y, T: x.Type()}
}
func Or(x, y ir.Expr) ir.Expr { return &ir.BoolOp{Pos: P, Op: ir.Or, X: x, Y: y, T: x.Type()} }

func Bin(op ir.BinOpKind, x, y ir.Expr) ir.Expr {
	t := ir.BinOpType(op, x.Type(), y.Type())
	if t == nil {
		panic(fmt.Sprintf("bad BinOp %s on %s, %s", op, x.Type(), y.Type()))
	}
	return &ir.BinOp{Pos: P, Op: op, X: x, Y: y, T: t}
}

// Cmp builds a comparison chain: Cmp(a, ir.Lt, b, ir.Lt, c).
func Cmp(x ir.Expr, rest ...any) ir.Expr {
	c := &ir.Compare{Pos: P, Operands: []ir.Expr{x}}
	for i := 0; i < len(rest); i += 2 {
		c.Ops = append(c.Ops, rest[i].(ir.CmpOp))
		c.Operands = append(c.Operands, rest[i+1].(ir.Expr))
	}
	return c
}

func Bi(name string, t ir.Type, args ...ir.Expr) *ir.Builtin {
	return &ir.Builtin{Pos: P, Name: name, Args: args, T: t}
}

func Kw(b *ir.Builtin, name string, v ir.Expr) *ir.Builtin {
	b.Keywords = append(b.Keywords, ir.Keyword{Name: name, Value: v})
	return b
}

func WithKey(b *ir.Builtin, l *ir.Lambda) *ir.Builtin { b.Key = l; return b }

func Lst(elem ir.Type, es ...ir.Expr) ir.Expr {
	return &ir.ListLit{Pos: P, T: tList(elem), Elems: es}
}
func Ints(ns ...int64) ir.Expr {
	es := make([]ir.Expr, len(ns))
	for i, n := range ns {
		es[i] = I(n)
	}
	return Lst(tInt, es...)
}
func Strs(ss ...string) ir.Expr {
	es := make([]ir.Expr, len(ss))
	for i, s := range ss {
		es[i] = S(s)
	}
	return Lst(tStr, es...)
}
func Floats(fs ...float64) ir.Expr {
	es := make([]ir.Expr, len(fs))
	for i, f := range fs {
		es[i] = F(f)
	}
	return Lst(tFloat, es...)
}
func Tup(es ...ir.Expr) ir.Expr {
	ts := make([]ir.Type, len(es))
	for i, e := range es {
		ts[i] = e.Type()
	}
	return &ir.TupleLit{Pos: P, T: tTuple(ts...), Elems: es}
}
func Dct(k, v ir.Type, kvs ...ir.Expr) ir.Expr {
	d := &ir.DictLit{Pos: P, T: tDict(k, v)}
	for i := 0; i < len(kvs); i += 2 {
		d.Keys = append(d.Keys, kvs[i])
		d.Values = append(d.Values, kvs[i+1])
	}
	return d
}
func St(elem ir.Type, es ...ir.Expr) ir.Expr { return &ir.SetLit{Pos: P, T: tSet(elem), Elems: es} }

func Idx(x, i ir.Expr) ir.Expr {
	var t ir.Type
	switch c := x.Type().(type) {
	case *ir.List:
		t = c.Elem
	case *ir.Dict:
		t = c.Value
	case *ir.Tuple:
		if n, ok := i.(*ir.Const); ok {
			k := n.Value.(int64)
			if k < 0 {
				k += int64(len(c.Elems))
			}
			t = c.Elems[k]
		} else {
			t = c.Elems[0]
		}
	default:
		t = ir.Str
	}
	return &ir.Index{Pos: P, X: x, Index: i, T: t}
}

func Sl(x, lo, hi, step ir.Expr) ir.Expr {
	s := &ir.Slice{Pos: P, X: x, Lo: lo, Hi: hi, Step: step}
	if t, ok := x.Type().(*ir.Tuple); ok {
		if tt := ir.TupleSliceType(t, lo, hi, step); tt != nil {
			s.T = tt
		}
	}
	return s
}

func Cond(c, a, b ir.Expr) ir.Expr {
	return &ir.CondExpr{Pos: P, Cond: c, Then: a, Else: b, T: a.Type()}
}

func Rng(a, b, c int64) ir.Expr { return &ir.Range{Pos: P, Start: I(a), Stop: I(b), Step: I(c)} }

func FStr(parts ...ir.FPart) ir.Expr { return &ir.FString{Pos: P, Parts: parts} }
func Lit(s string) ir.FPart          { return ir.FPart{Lit: s} }
func Fld(x ir.Expr, conv byte, spec string) ir.FPart {
	return ir.FPart{X: x, Conv: conv, Spec: spec}
}

func Call(f *ir.Func, args ...ir.Expr) ir.Expr { return &ir.Call{Pos: P, Func: f, Args: args} }

func Comp(kind ir.CompKind, t ir.Type, key, elem ir.Expr, clauses ...ir.CompClause) ir.Expr {
	return &ir.Comprehension{Pos: P, Kind: kind, Key: key, Elem: elem, Clauses: clauses, T: t}
}

func Clause(v *ir.Local, iter ir.Expr, conds ...ir.Expr) ir.CompClause {
	return ir.CompClause{Var: v, Iter: iter, Conds: conds}
}

// Statements.
func Print(args ...ir.Expr) ir.Stmt {
	return &ir.ExprStmt{Pos: P, X: Bi("print", tNone, args...)}
}
func Do(e ir.Expr) ir.Stmt                 { return &ir.ExprStmt{Pos: P, X: e} }
func Let(l *ir.Local, e ir.Expr) ir.Stmt   { return &ir.Assign{Pos: P, Dest: l, Value: e} }
func SetIdx(x, i, v ir.Expr) ir.Stmt       { return &ir.SetIndex{Pos: P, X: x, Index: i, Value: v} }
func If(c ir.Expr, then ...ir.Stmt) *ir.If { return &ir.If{Pos: P, Cond: c, Then: then} }
func IfElse(c ir.Expr, then, els []ir.Stmt) ir.Stmt {
	return &ir.If{Pos: P, Cond: c, Then: then, Else: els}
}
func For(v *ir.Local, iter ir.Expr, body ...ir.Stmt) ir.Stmt {
	return &ir.For{Pos: P, Var: v, Iter: iter, Body: body}
}
func Ret(e ir.Expr) ir.Stmt { return &ir.Return{Pos: P, Value: e} }
func Brk() ir.Stmt          { return &ir.Break{Pos: P} }
func Cont() ir.Stmt         { return &ir.Continue{Pos: P} }
func Assert(c, msg ir.Expr) ir.Stmt {
	return &ir.Assert{Pos: P, Cond: c, Msg: msg}
}
func Raise(class string, msg ir.Expr) ir.Stmt { return &ir.Raise{Pos: P, Class: class, Msg: msg} }
func Stmts(ss ...ir.Stmt) []ir.Stmt           { return ss }

// runProg verifies and runs p; the result is stdout, then "!! " and the
// error's text when the run failed.
func runProg(t *testing.T, p *ir.Program, opts Options) string {
	t.Helper()
	if err := ir.Verify(p); err != nil {
		t.Fatalf("program does not verify: %v\n%s", err, ir.Sprint(p))
	}
	var out bytes.Buffer
	opts.Stdout = &out
	err := Run(context.Background(), p, opts)
	s := out.String()
	if err != nil {
		s += "!! " + err.Error()
	}
	return s
}

// mainWith builds a program whose main runs the statements made by mk,
// which may declare locals on the function builder.
func mainWith(mk func(b *fnB) []ir.Stmt) *ir.Program {
	pb := newProg()
	b := pb.fn("main", tNone)
	b.body(mk(b)...)
	return pb.p
}
