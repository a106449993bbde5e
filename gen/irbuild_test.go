package gen

import "github.com/clauz3/clauz3/ir"

// Small builders for hand-made IR programs in tests.

type fnB struct {
	fn *ir.Func
	p  ir.Pos
}

func newFn(file, name string, line int, result ir.Type) *fnB {
	return &fnB{fn: &ir.Func{Pos: ir.Pos{File: file, Line: line, Col: 1}, Name: name, Result: result}, p: ir.Pos{File: file, Line: line, Col: 1}}
}

func (b *fnB) local(name string, t ir.Type) *ir.Local {
	l := &ir.Local{Pos: b.p, Name: name, Type: t, Index: len(b.fn.Locals)}
	b.fn.Locals = append(b.fn.Locals, l)
	return l
}

func (b *fnB) param(name string, t ir.Type) *ir.Local {
	l := b.local(name, t)
	b.fn.Params = append(b.fn.Params, l)
	return l
}

func (b *fnB) body(ss ...ir.Stmt) *ir.Func {
	b.fn.Body = ss
	return b.fn
}

func ci(v int64) *ir.Const    { return &ir.Const{T: ir.Int, Value: v} }
func cf(v float64) *ir.Const  { return &ir.Const{T: ir.Float, Value: v} }
func cs(v string) *ir.Const   { return &ir.Const{T: ir.Str, Value: v} }
func cb(v bool) *ir.Const     { return &ir.Const{T: ir.Bool, Value: v} }
func cnone() *ir.Const        { return &ir.Const{T: ir.None, Value: nil} }
func ref(l *ir.Local) ir.Expr { return &ir.LocalRef{Local: l} }

func assign(l *ir.Local, v ir.Expr) ir.Stmt { return &ir.Assign{Dest: l, Value: v} }
func exprStmt(x ir.Expr) ir.Stmt            { return &ir.ExprStmt{X: x} }

func bin(op ir.BinOpKind, x, y ir.Expr) ir.Expr {
	return &ir.BinOp{Op: op, X: x, Y: y, T: ir.BinOpType(op, x.Type(), y.Type())}
}

func cmp(x ir.Expr, op ir.CmpOp, y ir.Expr) ir.Expr {
	return &ir.Compare{Ops: []ir.CmpOp{op}, Operands: []ir.Expr{x, y}}
}

func builtin(name string, t ir.Type, args ...ir.Expr) *ir.Builtin {
	return &ir.Builtin{Name: name, Args: args, T: t}
}

func printCall(args ...ir.Expr) ir.Stmt { return exprStmt(builtin("print", ir.None, args...)) }

func listOf(elem ir.Type, xs ...ir.Expr) *ir.ListLit {
	return &ir.ListLit{T: &ir.List{Elem: elem}, Elems: xs}
}

func fstr(parts ...ir.FPart) *ir.FString { return &ir.FString{Parts: parts} }
func lit(s string) ir.FPart              { return ir.FPart{Lit: s} }
func field(x ir.Expr, spec string) ir.FPart {
	return ir.FPart{X: x, Spec: spec}
}

func rng(start, stop, step int64) *ir.Range {
	return &ir.Range{Start: ci(start), Stop: ci(stop), Step: ci(step)}
}

func program(file string, target *ir.Func, funcs []*ir.Func, effects ...*ir.Effect) *ir.Program {
	return &ir.Program{File: file, Funcs: funcs, Target: target, Effects: effects}
}

// emailEffect is the corpus email layer's send_email, as the compiler
// lowers it.
func emailEffect(file string) *ir.Effect {
	addr := &ir.Local{Name: "addr", Type: ir.Str}
	msg := &ir.Local{Name: "msg", Type: ir.Str, Index: 1}
	return &ir.Effect{
		Pos:    ir.Pos{File: file, Line: 7, Col: 1},
		Name:   "send_email",
		Module: "tools.email.trusted.effects",
		Params: []*ir.Param{{Name: "addr", Type: ir.Str}, {Name: "msg", Type: ir.Str}},
		Result: ir.None,
		Requires: []*ir.Condition{{
			Source: `lambda addr, msg: "@" in addr`,
			Pred:   &ir.Lambda{Source: `lambda addr, msg: "@" in addr`, Params: []*ir.Local{addr, msg}, Body: cmp(cs("@"), ir.In, ref(addr))},
		}},
	}
}

var (
	listInt = &ir.List{Elem: ir.Int}
	listStr = &ir.List{Elem: ir.Str}
)

func kw(b *ir.Builtin, name string, v ir.Expr) *ir.Builtin {
	b.Keywords = append(b.Keywords, ir.Keyword{Name: name, Value: v})
	return b
}

func printKw(args []ir.Expr, kws ...ir.Keyword) ir.Stmt {
	b := builtin("print", ir.None, args...)
	b.Keywords = kws
	return exprStmt(b)
}

func forStmt(v *ir.Local, iter ir.Expr, body ...ir.Stmt) ir.Stmt {
	return &ir.For{Var: v, Iter: iter, Body: body}
}

func ifStmt(cond ir.Expr, then []ir.Stmt, els ...ir.Stmt) ir.Stmt {
	return &ir.If{Cond: cond, Then: then, Else: els}
}

func ret(v ir.Expr) ir.Stmt { return &ir.Return{Value: v} }

func call(f *ir.Func, args ...ir.Expr) ir.Expr { return &ir.Call{Func: f, Args: args} }

func tuple(xs ...ir.Expr) *ir.TupleLit {
	ts := make([]ir.Type, len(xs))
	for i, x := range xs {
		ts[i] = x.Type()
	}
	return &ir.TupleLit{T: &ir.Tuple{Elems: ts}, Elems: xs}
}

func index(x, i ir.Expr, t ir.Type) ir.Expr { return &ir.Index{X: x, Index: i, T: t} }

func neg(x ir.Expr) ir.Expr { return &ir.UnOp{Op: ir.Neg, X: x} }

func lambda1(p *ir.Local, body ir.Expr) *ir.Lambda {
	return &ir.Lambda{Params: []*ir.Local{p}, Body: body}
}
