package ir

import (
	"math"
	"strings"
	"testing"
)

// sample builds a small well-formed program: main(n int) sends n's string
// to a fixed address when n > 0, under a guarantee only([...]).
func sample() *Program {
	addrParam := &Param{Name: "addr", Type: Str}
	eff := &Effect{Pos: Pos{File: "effects.py", Line: 3, Col: 1}, Name: "send_email", Module: "tools.email.trusted.effects",
		Params: []*Param{addrParam, {Name: "msg", Type: Str}}, Result: None}
	reqAddr := &Local{Name: "addr", Type: Str}
	eff.Requires = []*Condition{{Source: `lambda addr: "@" in addr`, Pred: &Lambda{Params: []*Local{reqAddr},
		Body: &Compare{Ops: []CmpOp{In}, Operands: []Expr{&Const{T: Str, Value: "@"}, &LocalRef{Local: reqAddr}}}}}}

	n := &Local{Pos: Pos{File: "plan.py", Line: 5, Col: 10}, Name: "n", Type: Int, Index: 0}
	body := &Local{Name: "body", Type: Str, Index: 1}
	main := &Func{Pos: Pos{File: "plan.py", Line: 5, Col: 1}, Name: "main", Params: []*Local{n}, Result: None, Locals: []*Local{n, body},
		Body: []Stmt{
			&Assign{Dest: body, Value: &FString{Parts: []FPart{{Lit: "n={"}, {X: &LocalRef{Local: n}}}}},
			&If{Cond: &Compare{Ops: []CmpOp{Lt, LtE}, Operands: []Expr{&Const{T: Int, Value: int64(0)}, &LocalRef{Local: n}, &Const{T: Int, Value: int64(9)}}},
				Then: []Stmt{&ExprStmt{X: &EffectCall{Effect: eff, Args: []Expr{&Const{T: Str, Value: "bob@example.com"}, &LocalRef{Local: body}}}}}},
		}}
	fact := &Fact{Selector: "send_email", Fields: eff.Params}
	rel := &Relation{Selector: "send_email", Effects: []*Effect{eff}, Fact: fact}
	addresses := &Local{Name: "addresses", Type: &List{Elem: Str}}
	e := &Local{Name: "e", Type: fact}
	only := &Contract{Module: "tools.email.trusted.contracts", Name: "only", Params: []*Local{addresses},
		Spec: &All{Rel: rel, Pred: &Lambda{Params: []*Local{e}, Body: &Compare{Ops: []CmpOp{In},
			Operands: []Expr{&FactField{Fact: e, Field: "addr", T: Str}, &LocalRef{Local: addresses}}}}}}
	return &Program{File: "plan.py", Funcs: []*Func{main}, Target: main, Effects: []*Effect{eff},
		Guarantees: []*Guarantee{{Source: "emails.only(['bob@example.com'])", Contract: only,
			Args: []Expr{&ListLit{T: &List{Elem: Str}, Elems: []Expr{&Const{T: Str, Value: "bob@example.com"}}}}}}}
}

func TestVerifyAcceptsSample(t *testing.T) {
	if err := Verify(sample()); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyRejects(t *testing.T) {
	tests := []struct {
		name   string
		break_ func(p *Program)
		want   string
	}{
		{"assign of wrong type", func(p *Program) {
			p.Target.Body[0].(*Assign).Value = &Const{T: Int, Value: int64(1)}
		}, "assigns int to body of type str"},
		{"local of another function", func(p *Program) {
			stranger := &Local{Name: "stranger", Type: Str}
			p.Target.Body[0].(*Assign).Value = &LocalRef{Local: stranger}
		}, "local stranger is not in scope"},
		{"effect argument count", func(p *Program) {
			call := p.Target.Body[1].(*If).Then[0].(*ExprStmt).X.(*EffectCall)
			call.Args = call.Args[:1]
		}, "send_email takes 2 arguments, got 1"},
		{"effect argument type", func(p *Program) {
			call := p.Target.Body[1].(*If).Then[0].(*ExprStmt).X.(*EffectCall)
			call.Args[0] = &Const{T: Int, Value: int64(3)}
		}, "argument 1 of send_email is int, want str"},
		{"undeclared effect", func(p *Program) { p.Effects = nil }, "which the program does not declare"},
		{"broken chain", func(p *Program) {
			cmp := p.Target.Body[1].(*If).Cond.(*Compare)
			cmp.Operands = cmp.Operands[:2]
		}, "comparison with 2 operators and 2 operands"},
		{"constant of wrong type", func(p *Program) {
			p.Target.Body[0].(*Assign).Value = &Const{T: Str, Value: int64(1)}
		}, "is not a str"},
		{"non-constant guarantee argument", func(p *Program) {
			p.Guarantees[0].Args[0] = &LocalRef{Local: p.Target.Locals[0]}
		}, "guarantee argument is not a constant"},
		{"unknown fact field", func(p *Program) {
			all := p.Guarantees[0].Contract.Spec.(*All)
			all.Pred.Body.(*Compare).Operands[0].(*FactField).Field = "cc"
		}, "has no field cc"},
		{"bad local index", func(p *Program) { p.Target.Locals[1].Index = 7 }, "local body has index 7 at position 1"},
		{"target outside funcs", func(p *Program) { p.Target = &Func{Name: "other", Result: None} }, "target is not one of the program's functions"},
		{"unknown builtin", func(p *Program) {
			p.Target.Body[0].(*Assign).Value = &Builtin{Name: "eval", T: Str}
		}, "unknown builtin eval"},
		{"builtin with too many arguments", func(p *Program) {
			p.Target.Body[0].(*Assign).Value = &Builtin{Name: "str.upper", T: Str,
				Args: []Expr{&Const{T: Str, Value: "a"}, &Const{T: Str, Value: "b"}}}
		}, "str.upper takes at most 0 arguments, got 1"},
		{"builtin with too few arguments", func(p *Program) {
			p.Target.Body[0].(*Assign).Value = &Builtin{Name: "str.replace", T: Str,
				Args: []Expr{&Const{T: Str, Value: "a"}, &Const{T: Str, Value: "b"}}}
		}, "str.replace takes at least 2 arguments, got 1"},
		{"method on another receiver", func(p *Program) {
			p.Target.Body[0].(*Assign).Value = &Builtin{Name: "str.upper", T: Str,
				Args: []Expr{&ListLit{T: &List{Elem: Str}}}}
		}, "str.upper on a list[str] receiver"},
		{"builtin keyword it lacks", func(p *Program) {
			p.Target.Body[0].(*Assign).Value = &Builtin{Name: "str", T: Str,
				Args: []Expr{&Const{T: Int, Value: int64(1)}}, Keywords: []Keyword{{Name: "object", Value: &Const{T: Int, Value: int64(1)}}}}
		}, "str has no keyword object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := sample()
			tt.break_(p)
			err := Verify(p)
			wantViolation(t, err, tt.want)
		})
	}
}

func TestFprint(t *testing.T) {
	want := `program plan.py target main
effect tools.email.trusted.effects.send_email(addr str, msg str) None
    requires lambda addr: ('@' in addr)
func main(n int) None  # plan.py:5:1
    local n int
    local body str
    body = f"n={{{n}"
    if (0 < n <= 9):
        effect send_email('bob@example.com', body)
guarantee emails.only(['bob@example.com'])  # 0:0
    contract tools.email.trusted.contracts.only(['bob@example.com']) = effect('send_email').all(lambda e: (e.addr in addresses))
`
	if got := Sprint(sample()); got != want {
		t.Errorf("Sprint:\n%s\nwant:\n%s", got, want)
	}
}

func TestPyRepr(t *testing.T) {
	for in, want := range map[string]string{
		"bob":       `'bob'`,
		"it's":      `"it's"`,
		`a'b"c`:     `'a\'b"c'`,
		"tab\there": `'tab\there'`,
		"café":      `'café'`,
		"\x00":      `'\x00'`,
		`back\`:     `'back\\'`,
	} {
		if got := PyRepr(in); got != want {
			t.Errorf("PyRepr(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestConstStringFloat pins float constants to CPython's repr (expected
// values printed by python3).
func TestConstStringFloat(t *testing.T) {
	for v, want := range map[float64]string{
		0.0: "0.0", 100.0: "100.0", 1e6: "1000000.0", 1e16: "1e+16", 1e15: "1000000000000000.0",
		0.30000000000000004: "0.30000000000000004", 1e-05: "1e-05", 0.0001: "0.0001", 1.5e300: "1.5e+300",
		123456789012345680.0: "1.2345678901234568e+17", 2.5: "2.5", -2.5: "-2.5",
	} {
		if got := ConstString(v); got != want {
			t.Errorf("ConstString(%v) = %s, want %s", v, got, want)
		}
	}
	if got := ConstString(math.Copysign(0, -1)); got != "-0.0" {
		t.Errorf("ConstString(-0.0) = %s, want -0.0", got)
	}
}

// withTargetRequires gives sample's target the precondition n < 9, with
// its own lambda parameter n (bound by name to main's parameter).
func withTargetRequires(p *Program, msg string) *Local {
	n := &Local{Name: "n", Type: Int}
	p.Target.Requires = []*Condition{{Source: "lambda n: n < 9", Message: msg, Pred: &Lambda{Params: []*Local{n},
		Body: &Compare{Ops: []CmpOp{Lt}, Operands: []Expr{&LocalRef{Local: n}, &Const{T: Int, Value: int64(9)}}}}}}
	return n
}

// TestVerifyPlanConditions checks the verifier on the plan's own
// conditions: only the function's parameters (by name and type) or its
// result, and only the pure predicate language.
func TestVerifyPlanConditions(t *testing.T) {
	p := sample()
	withTargetRequires(p, "")
	if err := Verify(p); err != nil {
		t.Fatalf("a precondition over the target's parameter: %v", err)
	}
	tests := []struct {
		name   string
		break_ func(p *Program)
		want   string
	}{
		{"not a parameter", func(p *Program) {
			p.Target.Requires[0].Pred.Params[0].Name = "m"
		}, "requires of main reads m, which is not a parameter of that type"},
		{"parameter of another type", func(p *Program) {
			p.Target.Requires[0].Pred.Params[0].Type = Str
		}, "requires of main reads n, which is not a parameter of that type"},
		{"a local of the function", func(p *Program) {
			body := p.Target.Locals[1]
			p.Target.Requires[0].Pred.Body = &Compare{Ops: []CmpOp{Eq}, Operands: []Expr{&LocalRef{Local: body}, &Const{T: Str, Value: ""}}}
		}, "local body is not in scope"},
		{"an effect call", func(p *Program) {
			p.Target.Requires[0].Pred.Body = &Compare{Ops: []CmpOp{Eq}, Operands: []Expr{
				&EffectCall{Effect: p.Effects[0], Args: []Expr{&Const{T: Str, Value: "a@b"}, &Const{T: Str, Value: "m"}}}, &Const{T: None}}}
		}, "requires of main contains *ir.EffectCall, which a plan condition may not"},
		{"ensures over a None result", func(p *Program) {
			r := &Local{Name: "result", Type: Int}
			p.Target.Ensures = []*Condition{{Source: "lambda result: result > 0", Pred: &Lambda{Params: []*Local{r},
				Body: &Compare{Ops: []CmpOp{Gt}, Operands: []Expr{&LocalRef{Local: r}, &Const{T: Int, Value: int64(0)}}}}}}
		}, "ensures of main must take the result as its one parameter"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := sample()
			withTargetRequires(p, "")
			tc.break_(p)
			err := Verify(p)
			wantViolation(t, err, tc.want)
		})
	}
}

// TestDigestBindsPlanConditions checks that a receipt binds the plan's
// own conditions, their message included: they are printed in the IR.
func TestDigestBindsPlanConditions(t *testing.T) {
	src := []byte("plan")
	base := Digest(src, sample())
	p := sample()
	withTargetRequires(p, "")
	with := Digest(src, p)
	if with == base {
		t.Error("Digest ignores the target's precondition")
	}
	q := sample()
	withTargetRequires(q, "small n")
	if Digest(src, q) == with {
		t.Error("Digest ignores the precondition's message")
	}
	if text := Sprint(q); !strings.Contains(text, `requires lambda n: (n < 9) message "small n"`) {
		t.Errorf("printed IR lacks the precondition:\n%s", text)
	}
}
