package prover

import (
	"context"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// These tests build IR by hand, so the prover is checked apart from the
// front end; the corpus test checks the two together on Python plans.

func pos(line int) ir.Pos { return ir.Pos{File: "plan.py", Line: line, Col: 5} }

func str(s string) ir.Expr { return &ir.Const{T: ir.Str, Value: s} }
func num(n int64) ir.Expr  { return &ir.Const{T: ir.Int, Value: n} }
func ref(l *ir.Local) ir.Expr {
	return &ir.LocalRef{Local: l}
}

// sendEmail is the seed's effect: requires "@" in addr.
func sendEmail() *ir.Effect {
	addr := &ir.Local{Name: "addr", Type: ir.Str}
	return &ir.Effect{
		Name:   "send_email",
		Module: "tools.email.trusted.effects",
		Params: []*ir.Param{{Name: "addr", Type: ir.Str}, {Name: "msg", Type: ir.Str}},
		Result: ir.None,
		Requires: []*ir.Condition{{
			Source: `lambda addr, msg: "@" in addr`,
			Pred: &ir.Lambda{Params: []*ir.Local{addr}, Body: &ir.Compare{
				Ops: []ir.CmpOp{ir.In}, Operands: []ir.Expr{str("@"), ref(addr)}}},
		}},
	}
}

func withdraw() *ir.Effect {
	amount := &ir.Local{Name: "amount", Type: ir.Int}
	return &ir.Effect{
		Name:    "withdraw",
		Markers: []string{"spend"},
		Params:  []*ir.Param{{Name: "account", Type: ir.Str}, {Name: "amount", Type: ir.Int}},
		Result:  ir.None,
		Requires: []*ir.Condition{{Source: "lambda account, amount: amount > 0",
			Pred: &ir.Lambda{Params: []*ir.Local{amount}, Body: &ir.Compare{
				Ops: []ir.CmpOp{ir.Gt}, Operands: []ir.Expr{ref(amount), num(0)}}}}},
	}
}

func call(e *ir.Effect, line int, args ...ir.Expr) ir.Stmt {
	return &ir.ExprStmt{Pos: pos(line), X: &ir.EffectCall{Pos: pos(line), Effect: e, Args: args}}
}

func relation(sel string, e *ir.Effect) *ir.Relation {
	return &ir.Relation{Selector: sel, Effects: []*ir.Effect{e}, Fact: &ir.Fact{Selector: sel, Fields: e.Params}}
}

// onlyContract is emails.only(addresses).
func onlyContract(e *ir.Effect) *ir.Contract {
	rel := relation("send_email", e)
	addresses := &ir.Local{Name: "addresses", Type: &ir.List{Elem: ir.Str}}
	fact := &ir.Local{Name: "e", Type: rel.Fact}
	return &ir.Contract{Name: "only", Params: []*ir.Local{addresses}, Spec: &ir.All{Rel: rel, Pred: &ir.Lambda{
		Params: []*ir.Local{fact},
		Body: &ir.Compare{Ops: []ir.CmpOp{ir.In}, Operands: []ir.Expr{
			&ir.FactField{Fact: fact, Field: "addr", T: ir.Str}, ref(addresses)}},
	}}}
}

func strList(ss ...string) ir.Expr {
	l := &ir.ListLit{T: &ir.List{Elem: ir.Str}}
	for _, s := range ss {
		l.Elems = append(l.Elems, str(s))
	}
	return l
}

func program(effects []*ir.Effect, main *ir.Func, gs ...*ir.Guarantee) *ir.Program {
	for i, l := range main.Locals {
		l.Index = i
	}
	return &ir.Program{File: "plan.py", Funcs: []*ir.Func{main}, Target: main, Effects: effects, Guarantees: gs}
}

func prove(t *testing.T, p *ir.Program) *Result {
	t.Helper()
	if err := ir.Verify(p); err != nil {
		t.Fatalf("test program does not verify: %v", err)
	}
	res, err := Prove(context.Background(), p, Options{})
	if err != nil {
		t.Fatalf("Prove: %v", err)
	}
	return res
}

func report(res *Result) string {
	var ok, bad strings.Builder
	res.WriteText(&ok, &bad)
	return ok.String() + bad.String()
}

func TestOnlyBob(t *testing.T) {
	tests := []struct {
		name   string
		to     string
		proved bool
		want   string
	}{
		{"bob", "bob@example.com", true, "✓ main: proved: precondition send_email (line 7), guarantee emails.only(['bob@example.com'])"},
		{"ann", "ann@example.com", false, "✗ main: failed guarantee emails.only(['bob@example.com'])\ncounterexample: addr = \"ann@example.com\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := sendEmail()
			main := &ir.Func{Name: "main", Result: ir.None, Body: []ir.Stmt{call(e, 7, str(tt.to), str("hi"))}}
			only := onlyContract(e)
			p := program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "emails.only(['bob@example.com'])", Contract: only, Args: []ir.Expr{strList("bob@example.com")}})
			res := prove(t, p)
			if res.Proved() != tt.proved || !strings.Contains(report(res), tt.want) {
				t.Errorf("proved=%v, report:\n%s\nwant proved=%v and %q", res.Proved(), report(res), tt.proved, tt.want)
			}
		})
	}
}

// TestBranchInput checks that a free input decides a branch and that the
// counterexample names the input value that breaks the guarantee.
func TestBranchInput(t *testing.T) {
	e := sendEmail()
	urgent := &ir.Local{Name: "urgent", Type: ir.Bool}
	main := &ir.Func{Name: "main", Result: ir.None, Params: []*ir.Local{urgent}, Locals: []*ir.Local{urgent},
		Body: []ir.Stmt{&ir.If{Cond: ref(urgent),
			Then: []ir.Stmt{call(e, 8, str("ann@example.com"), str("now"))},
			Else: []ir.Stmt{call(e, 10, str("bob@example.com"), str("later"))}}}}
	p := program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "only bob", Contract: onlyContract(e), Args: []ir.Expr{strList("bob@example.com")}})
	res := prove(t, p)
	out := report(res)
	if res.Proved() || !strings.Contains(out, "inputs: urgent = True") || !strings.Contains(out, `addr = "ann@example.com"`) {
		t.Fatalf("want a counterexample with urgent = True, got:\n%s", out)
	}
	if strings.Contains(out, "later") {
		t.Errorf("the counterexample's trace includes the branch not taken:\n%s", out)
	}
}

func TestPreconditionFailsWithArgument(t *testing.T) {
	e := sendEmail()
	main := &ir.Func{Name: "main", Result: ir.None, Body: []ir.Stmt{call(e, 9, str("bob"), str("hi"))}}
	res := prove(t, program([]*ir.Effect{e}, main))
	out := report(res)
	if res.Proved() || !strings.Contains(out, "✗ main: failed precondition send_email (line 9)") || !strings.Contains(out, `counterexample: addr = "bob"`) {
		t.Fatalf("got:\n%s", out)
	}
}

func maxSpend(e *ir.Effect) *ir.Contract {
	rel := relation("spend", e)
	limit := &ir.Local{Name: "limit", Type: ir.Int}
	w := &ir.Local{Name: "w", Type: rel.Fact}
	return &ir.Contract{Name: "max_spend", Params: []*ir.Local{limit}, Spec: &ir.Sum{Rel: rel, Op: ir.LtE, N: ref(limit),
		Key: &ir.Lambda{Params: []*ir.Local{w}, Body: &ir.FactField{Fact: w, Field: "amount", T: ir.Int}}}}
}

func TestMaxSpend(t *testing.T) {
	for _, tt := range []struct {
		second int64
		proved bool
	}{{3, true}, {4, false}} {
		e := withdraw()
		main := &ir.Func{Name: "main", Result: ir.None, Body: []ir.Stmt{
			call(e, 7, str("checking"), num(2)), call(e, 8, str("checking"), num(tt.second))}}
		res := prove(t, program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "bank.max_spend(5)", Contract: maxSpend(e), Args: []ir.Expr{num(5)}}))
		if res.Proved() != tt.proved {
			t.Errorf("2+%d: proved=%v, want %v:\n%s", tt.second, res.Proved(), tt.proved, report(res))
		}
		if !tt.proved && !strings.Contains(report(res), "sum = 6, must be <= 5") {
			t.Errorf("2+%d: counterexample lacks the sum:\n%s", tt.second, report(res))
		}
	}
}

// TestReturnCutsTrace: a call after a return on the same path is never
// reached, and one after a conditional return is reached only when the
// condition is false.
func TestReturnCutsTrace(t *testing.T) {
	e := sendEmail()
	flag := &ir.Local{Name: "flag", Type: ir.Bool}
	main := &ir.Func{Name: "main", Result: ir.None, Params: []*ir.Local{flag}, Locals: []*ir.Local{flag},
		Body: []ir.Stmt{
			&ir.If{Cond: ref(flag), Then: []ir.Stmt{&ir.Return{}}},
			call(e, 9, str("ann@example.com"), str("x")),
		}}
	res := prove(t, program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "only bob", Contract: onlyContract(e), Args: []ir.Expr{strList("bob@example.com")}}))
	if out := report(res); res.Proved() || !strings.Contains(out, "urgent") && !strings.Contains(out, "flag = False") {
		t.Fatalf("want refusal with flag = False:\n%s", out)
	}
	main.Body = []ir.Stmt{&ir.Return{}, call(e, 9, str("ann@example.com"), str("x"))}
	main.Params, main.Locals = nil, nil
	res = prove(t, program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "only bob", Contract: onlyContract(e), Args: []ir.Expr{strList("bob@example.com")}}))
	if !res.Proved() {
		t.Fatalf("a call after return was treated as reachable:\n%s", report(res))
	}
}

// TestFloorDivision checks Python's floor semantics for negative operands
// and that division by zero cuts the trace.
func TestFloorDivision(t *testing.T) {
	e := withdraw()
	cases := []struct {
		op     ir.BinOpKind
		x, y   int64
		amount int64 // the Python result; the plan withdraws it as a check
	}{
		{ir.FloorDiv, -7, 2, -4}, {ir.FloorDiv, 7, -2, -4}, {ir.FloorDiv, -7, -2, 3},
		{ir.Mod, -7, 2, 1}, {ir.Mod, 7, -2, -1}, {ir.Mod, -7, -2, -1},
	}
	for _, c := range cases {
		v := &ir.Local{Name: "v", Type: ir.Int}
		main := &ir.Func{Name: "main", Result: ir.None, Locals: []*ir.Local{v}, Body: []ir.Stmt{
			&ir.Assign{Dest: v, Value: &ir.BinOp{Op: c.op, X: num(c.x), Y: num(c.y), T: ir.Int}},
			// withdraw(1) only when v differs from CPython's answer.
			&ir.If{Cond: &ir.Compare{Ops: []ir.CmpOp{ir.NotEq}, Operands: []ir.Expr{ref(v), num(c.amount)}},
				Then: []ir.Stmt{call(e, 9, str("a"), num(1))}},
		}}
		rel := relation("withdraw", e)
		none := &ir.Contract{Name: "none", Spec: &ir.Empty{Rel: rel}}
		res := prove(t, program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "none", Contract: none}))
		if !res.Proved() {
			t.Errorf("%d %s %d != %d:\n%s", c.x, c.op, c.y, c.amount, report(res))
		}
	}
	// After 1 // 0 nothing runs: the call is unreachable.
	v := &ir.Local{Name: "v", Type: ir.Int}
	main := &ir.Func{Name: "main", Result: ir.None, Locals: []*ir.Local{v}, Body: []ir.Stmt{
		&ir.Assign{Dest: v, Value: &ir.BinOp{Op: ir.FloorDiv, X: num(1), Y: num(0), T: ir.Int}},
		call(e, 9, str("a"), num(1)),
	}}
	none := &ir.Contract{Name: "none", Spec: &ir.Empty{Rel: relation("withdraw", e)}}
	if res := prove(t, program([]*ir.Effect{e}, main, &ir.Guarantee{Source: "none", Contract: none})); !res.Proved() {
		t.Errorf("a call after a division by zero was treated as reachable:\n%s", report(res))
	}
}
