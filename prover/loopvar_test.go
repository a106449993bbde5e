package prover

import (
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// TestUnrolledLoopDefinesNothing: the loop variable of a loop over a
// literal list is known after every iteration, so reading it after the
// loop must not cost fresh constants and definitions. Such definitions are
// what made Z3 take 55 s instead of 40 ms on a fluent written in two
// 100-iteration loops (BenchmarkFluentWrites in corpus): the fix is
// structural, and this checks the structure.
func TestUnrolledLoopDefinesNothing(t *testing.T) {
	w := withdraw()
	i := &ir.Local{Name: "i", Type: ir.Int, Index: 0}
	list := &ir.List{Elem: ir.Int}
	main := &ir.Func{Name: "main", Result: ir.None, Locals: []*ir.Local{i}, Body: []ir.Stmt{
		&ir.For{Pos: pos(3), Var: i, Iter: &ir.ListLit{T: list, Elems: []ir.Expr{num(1), num(2), num(3)}},
			Body: []ir.Stmt{call(w, 4, str("acct"), ref(i))}},
		call(w, 5, str("acct"), ref(i)),
	}}
	prog := &ir.Program{Target: main, Funcs: []*ir.Func{main}, Effects: []*ir.Effect{w}}
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	x := &executor{ctx: zc, prog: prog, columns: map[string]column{}, timeout: time.Second}
	if err := x.run(main); err != nil {
		t.Fatal(err)
	}
	for _, a := range x.assumptions {
		if a != zc.True() {
			t.Errorf("assumption %s", a)
		}
	}
	last := x.facts[len(x.facts)-1]
	if n, ok := last.args[1].(z3.Term).Int64Value(); !ok || n != 3 {
		t.Errorf("after the loop i = %v, want the literal 3", last.args[1])
	}
}
