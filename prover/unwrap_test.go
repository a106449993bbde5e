package prover

import (
	"context"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestUnwrapChecked: a narrowed read (ir.Unwrap) is the front end's claim
// that the local is not None there; the proof checks it. Hand-built IR
// whose Unwrap meets None on some path is not proved (the internal check
// fails), and one that never does is.
func TestUnwrapChecked(t *testing.T) {
	for _, tc := range []struct {
		name   string
		first  ir.Expr // addr's value before the branch
		proved bool
	}{
		{"None reaches the unwrap", &ir.Const{Pos: pos(5), T: ir.None}, false},
		{"a str reaches the unwrap", str("bob@example.com"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eff := sendEmail()
			n := &ir.Local{Name: "n", Type: ir.Int}
			addr := &ir.Local{Name: "addr", Type: &ir.Optional{Elem: ir.Str}, Index: 1}
			main := &ir.Func{Name: "main", Params: []*ir.Local{n}, Locals: []*ir.Local{n, addr}, Result: ir.None, Body: []ir.Stmt{
				&ir.Assign{Pos: pos(5), Dest: addr, Value: tc.first},
				&ir.If{Pos: pos(6), Cond: &ir.Compare{Pos: pos(6), Ops: []ir.CmpOp{ir.Gt}, Operands: []ir.Expr{ref(n), &ir.Const{Pos: pos(6), T: ir.Int, Value: int64(3)}}},
					Then: []ir.Stmt{&ir.Assign{Pos: pos(7), Dest: addr, Value: str("bob@example.com")}}},
				call(eff, 8, &ir.Unwrap{Pos: pos(8), X: ref(addr)}, str("hi")),
			}}
			p := program([]*ir.Effect{eff}, main, &ir.Guarantee{Source: "only(['bob@example.com'])", Contract: onlyContract(eff), Args: []ir.Expr{strList("bob@example.com")}})
			if err := ir.Verify(p); err != nil {
				t.Fatal(err)
			}
			res, err := Prove(context.Background(), p, Options{})
			if err != nil {
				t.Fatalf("Prove: %v", err)
			}
			if res.Proved() != tc.proved {
				t.Fatalf("proved=%v, want %v:\n%s", res.Proved(), tc.proved, report(res))
			}
			if !tc.proved && !strings.Contains(report(res), "internal check: addr is not None where it is narrowed") {
				t.Errorf("the failure does not name the check:\n%s", report(res))
			}
		})
	}
}
