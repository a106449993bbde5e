package prover

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover/z3"
)

// interpPrints runs body then print(expr) in the interpreter with args
// bound to params, and returns what it printed (without the newline).
func interpPrints(t *testing.T, params, locals []*ir.Local, body []ir.Stmt, expr ir.Expr, args []any) string {
	t.Helper()
	p := testProgram(params, locals, body, expr)
	if err := ir.Verify(p); err != nil {
		t.Fatalf("test program does not verify: %v", err)
	}
	vals := make([]interp.Value, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case []int64:
			l := &interp.List{Elems: []interp.Value{}}
			for _, e := range a {
				l.Elems = append(l.Elems, e)
			}
			vals[i] = l
		case []string:
			l := &interp.List{Elems: []interp.Value{}}
			for _, e := range a {
				l.Elems = append(l.Elems, e)
			}
			vals[i] = l
		default:
			vals[i] = a
		}
	}
	var out bytes.Buffer
	if err := interp.Run(context.Background(), p, interp.Options{Stdout: &out, Args: vals}); err != nil {
		t.Fatalf("interp %v: %v", args, err)
	}
	return strings.TrimSuffix(out.String(), "\n")
}

// testProgram is main(params) running body, then print(expr).
func testProgram(params, locals []*ir.Local, body []ir.Stmt, expr ir.Expr) *ir.Program {
	all := append(append([]*ir.Local{}, params...), locals...)
	body = append(append([]ir.Stmt{}, body...), &ir.ExprStmt{Pos: pos(2), X: &ir.Builtin{Pos: pos(2), Name: "print", T: ir.None, Args: []ir.Expr{expr}}})
	main := &ir.Func{Name: "main", Params: params, Locals: all, Result: ir.None, Body: body}
	return program(nil, main)
}

// agreesWithInterp checks the prover's encoding of expr against the
// interpreter on one tuple of concrete arguments.
func agreesWithInterp(t *testing.T, ctx *z3.Context, params []*ir.Local, expr ir.Expr, args []any) {
	t.Helper()
	agreesAfter(t, ctx, params, nil, nil, expr, args)
}

// agreesAfter checks the prover's encoding of expr after body (which
// may assign locals) against the interpreter on one tuple of concrete
// arguments. Scalars are bound to free constants pinned to the argument
// by an assertion, so the symbolic encoding (not a constant folded one)
// is what is checked; lists are lists of known length whose elements are
// such constants. Z3 is asked for a model in which the encoding differs
// from what the interpreter printed: it must answer unsat.
func agreesAfter(t *testing.T, ctx *z3.Context, params, locals []*ir.Local, body []ir.Stmt, expr ir.Expr, args []any) {
	t.Helper()
	want := interpPrints(t, params, locals, body, expr, args)
	p := testProgram(params, locals, body, expr)
	x := &executor{ctx: ctx, prog: p, columns: map[string]column{}, timeout: 10 * time.Second, alive: ctx.True()}
	defer x.enter()()
	fr := x.newFrame(p.Target)
	var pins []z3.Term
	pin := func(name string, a any) z3.Term {
		switch a := a.(type) {
		case int64:
			c := ctx.Const(name, ctx.IntSort())
			pins = append(pins, ctx.Eq(c, ctx.Int(a)))
			return c
		case string:
			c := ctx.Const(name, ctx.StringSort())
			pins = append(pins, ctx.Eq(c, ctx.String(a)))
			return c
		case bool:
			c := ctx.Const(name, ctx.BoolSort())
			pins = append(pins, ctx.Eq(c, ctx.Bool(a)))
			return c
		}
		t.Fatalf("argument %v", a)
		return z3.Term{}
	}
	for i, p := range params {
		var v value
		switch a := args[i].(type) {
		case []int64:
			l := &seqValue{typ: p.Type, elems: []value{}}
			for j, e := range a {
				l.elems = append(l.elems, pin(fmt.Sprintf("%s%d", p.Name, j), e))
			}
			v = l
		case []string:
			l := &seqValue{typ: p.Type, elems: []value{}}
			for j, e := range a {
				l.elems = append(l.elems, pin(fmt.Sprintf("%s%d", p.Name, j), e))
			}
			v = l
		default:
			v = pin(p.Name, a)
		}
		fr.slots[p.Index] = slot{val: v, defined: ctx.True()}
	}
	// The pins are assumptions too, so that what the encoder asks the
	// solver (a bound on a repetition count) sees the concrete values.
	x.assumptions = append(x.assumptions, pins...)
	if err := x.stmts(fr, body, ctx.True()); err != nil {
		t.Fatalf("%v: encoding: %v", args, err)
	}
	got, err := x.expr(fr, expr, x.guard(fr, ctx.True()))
	if err != nil {
		t.Fatalf("%v: encoding: %v", args, err)
	}
	differs, err := x.differsFrom(got, want)
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	s := ctx.NewSolver(10 * time.Second)
	defer s.Close()
	for _, a := range append(x.assumptions, x.alive, differs) {
		s.Assert(a)
	}
	r, err := s.Check()
	if err != nil || r != z3.Unsat {
		t.Errorf("%v: the encoding may differ from the interpreter's %q: %v %v", args, want, r, err)
	}
}

// differsFrom is "v is not the value whose str() the interpreter printed
// as want" for a str, an int or a list of ints or strs (printed as its
// repr, parsed back here for the simple elements the tests use).
func (x *executor) differsFrom(v value, want string) (z3.Term, error) {
	c := x.ctx
	switch v := v.(type) {
	case z3.Term:
		if v.Sort().Kind() == c.IntSort().Kind() {
			n, err := strconv.ParseInt(want, 10, 64)
			if err != nil {
				return z3.Term{}, err
			}
			return c.Not(c.Eq(v, c.Int(n))), nil
		}
		return c.Not(c.Eq(v, c.String(want))), nil
	case *seqValue:
		inner := strings.TrimSuffix(strings.TrimPrefix(want, "["), "]")
		var elems []string
		if inner != "" {
			elems = strings.Split(inner, ", ")
		}
		same := []z3.Term{c.Eq(x.length(v), c.Int(int64(len(elems))))}
		ws := make([]z3.Term, len(elems))
		for i, e := range elems {
			if s, err := strconv.Unquote(strings.ReplaceAll(e, "'", `"`)); err == nil {
				ws[i] = c.String(s)
			} else if n, err := strconv.ParseInt(e, 10, 64); err == nil {
				ws[i] = c.Int(n)
			} else {
				return z3.Term{}, fmt.Errorf("cannot parse element %q of %q", e, want)
			}
		}
		// Element i, when it exists, is the printed element at its rank
		// (the number of existing elements before it).
		rank := c.Int(0)
		for i, e := range v.elems {
			at := []z3.Term{c.False()}
			for j, w := range ws {
				at = append(at, c.And(c.Eq(rank, c.Int(int64(j))), c.Eq(e.(z3.Term), w)))
			}
			same = append(same, c.Implies(x.exists(v, i), c.Or(at...)))
			rank = c.Add(rank, c.Ite(x.exists(v, i), c.Int(1), c.Int(0)))
		}
		return c.Not(c.And(same...)), nil
	}
	return z3.Term{}, fmt.Errorf("a %T value", v)
}

func newContext(t *testing.T) *z3.Context {
	t.Helper()
	ctx, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ctx.Close)
	return ctx
}

func intsUpTo(lo, hi int64) []int64 {
	var out []int64
	for i := lo; i <= hi; i++ {
		out = append(out, i)
	}
	return out
}

// A str slice with symbolic bounds is Python's, for every pair of bounds
// from well before the start to well past the end (negative,
// out-of-range, reversed), on strings with multi-byte code points.
func TestStrSliceMatchesInterp(t *testing.T) {
	s := &ir.Local{Name: "s", Type: ir.Str}
	a := &ir.Local{Name: "a", Type: ir.Int}
	b := &ir.Local{Name: "b", Type: ir.Int}
	params := []*ir.Local{s, a, b}
	for _, tc := range []struct {
		name   string
		lo, hi ir.Expr
	}{
		{"both", ref(a), ref(b)},
		{"lo only", ref(a), nil},
		{"hi only", nil, ref(b)},
		{"none", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := newContext(t)
			e := &ir.Slice{Pos: pos(2), X: ref(s), Lo: tc.lo, Hi: tc.hi}
			for _, str := range []string{"", "héllo", "a@"} {
				for _, i := range intsUpTo(-5, 5) {
					for _, j := range intsUpTo(-5, 5) {
						if (tc.lo == nil && i != 0) || (tc.hi == nil && j != 0) {
							continue
						}
						agreesWithInterp(t, ctx, params, e, []any{str, i, j})
					}
				}
			}
		})
	}
}

// A step other than 1 is refused where it is written.
func TestSliceStepRefused(t *testing.T) {
	s := &ir.Local{Name: "s", Type: ir.Str}
	k := &ir.Local{Name: "k", Type: ir.Int}
	ctx := newContext(t)
	for _, step := range []ir.Expr{
		&ir.Const{Pos: pos(9), T: ir.Int, Value: int64(2)},
		&ir.Const{Pos: pos(9), T: ir.Int, Value: int64(-1)},
		&ir.LocalRef{Pos: pos(9), Local: k},
	} {
		x := &executor{ctx: ctx, columns: map[string]column{}, alive: ctx.True()}
		sc := &lambdaScope{vals: map[*ir.Local]value{s: ctx.Const("s", ctx.StringSort()), k: ctx.Const("k", ctx.IntSort())}}
		_, err := x.expr(sc, &ir.Slice{Pos: pos(4), X: ref(s), Step: step}, ctx.True())
		diagtest.Want(t, err, ir.ProverLimit, "plan.py:9:5: a slice with a step other than 1")
	}
}

// A list slice is Python's: constant bounds on a list of known length
// pick elements directly, symbolic bounds give a list of symbolic length.
func TestListSliceMatchesInterp(t *testing.T) {
	xs := &ir.Local{Name: "xs", Type: &ir.List{Elem: ir.Int}}
	a := &ir.Local{Name: "a", Type: ir.Int}
	b := &ir.Local{Name: "b", Type: ir.Int}
	params := []*ir.Local{xs, a, b}
	ctx := newContext(t)
	for _, list := range [][]int64{{}, {10, 11, 12}} {
		for _, i := range intsUpTo(-5, 5) {
			for _, j := range intsUpTo(-5, 5) {
				agreesWithInterp(t, ctx, params, &ir.Slice{Pos: pos(2), X: ref(xs), Lo: ref(a), Hi: ref(b)}, []any{list, i, j})
				agreesWithInterp(t, ctx, params, &ir.Slice{Pos: pos(2), X: ref(xs), Lo: num(i), Hi: num(j)}, []any{list, i, j})
			}
			agreesWithInterp(t, ctx, params, &ir.Slice{Pos: pos(2), X: ref(xs), Hi: ref(a)}, []any{list, i, int64(0)})
			agreesWithInterp(t, ctx, params, &ir.Slice{Pos: pos(2), X: ref(xs), Lo: num(i)}, []any{list, i, int64(0)})
		}
	}
}

func repeatOf(x, k ir.Expr) ir.Expr {
	return &ir.BinOp{Pos: pos(2), Op: ir.Repeat, X: x, Y: k, T: x.Type()}
}

// s * k is Python's for symbolic and constant counts, negative ones
// included, on strings with multi-byte code points.
func TestStrRepeatMatchesInterp(t *testing.T) {
	s := &ir.Local{Name: "s", Type: ir.Str}
	k := &ir.Local{Name: "k", Type: ir.Int}
	params := []*ir.Local{s, k}
	ctx := newContext(t)
	for _, str := range []string{"", "ab", "é@"} {
		for _, n := range intsUpTo(-2, 5) {
			agreesWithInterp(t, ctx, params, repeatOf(ref(s), ref(k)), []any{str, n})
			agreesWithInterp(t, ctx, params, repeatOf(ref(s), num(n)), []any{str, n})
			agreesWithInterp(t, ctx, params, repeatOf(&ir.Const{T: ir.Str, Value: str}, num(n)), []any{str, n})
		}
	}
}

// A list of known length repeated a constant number of times is
// Python's; elements keep their order.
func TestListRepeatMatchesInterp(t *testing.T) {
	xs := &ir.Local{Name: "xs", Type: &ir.List{Elem: ir.Int}}
	k := &ir.Local{Name: "k", Type: ir.Int}
	params := []*ir.Local{xs, k}
	ctx := newContext(t)
	for _, list := range [][]int64{{}, {1, 2}} {
		for _, n := range intsUpTo(-1, 3) {
			agreesWithInterp(t, ctx, params, repeatOf(ref(xs), num(n)), []any{list, n})
		}
	}
}

// A repetition the prover cannot encode exactly is refused where it is
// written: a count it cannot bound, a result that may be long enough to
// raise MemoryError in a run, a list repeated a symbolic number of times.
func TestRepeatRefused(t *testing.T) {
	s := &ir.Local{Name: "s", Type: ir.Str}
	k := &ir.Local{Name: "k", Type: ir.Int}
	xs := &ir.Local{Name: "xs", Type: &ir.List{Elem: ir.Int}}
	at := func(l *ir.Local) ir.Expr { return &ir.LocalRef{Pos: pos(9), Local: l} }
	ctx := newContext(t)
	for _, tc := range []struct {
		name string
		e    ir.Expr
		want string
	}{
		{"unbounded count", repeatOf(str("ab"), at(k)), "plan.py:9:5: repeating a str by a count the prover cannot bound by 64"},
		{"unbounded str", repeatOf(ref(s), num(2)), "plan.py:2:5: a str repetition the prover cannot bound by 67108864 characters"},
		{"many copies", repeatOf(ref(s), &ir.Const{Pos: pos(9), T: ir.Int, Value: int64(65)}), "plan.py:9:5: repeating a computed str more than 64 times"},
		{"huge constant", repeatOf(str("ab"), num(1<<26)), "plan.py:2:5: a str repetition of more than 67108864 characters"},
		{"list by symbolic count", repeatOf(ref(xs), at(k)), "plan.py:9:5: repeating a list by a count that is not a constant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := &executor{ctx: ctx, columns: map[string]column{}, alive: ctx.True(), timeout: 10 * time.Second}
			sc := &lambdaScope{vals: map[*ir.Local]value{
				s:  ctx.Const("s", ctx.StringSort()),
				k:  ctx.Const("k", ctx.IntSort()),
				xs: &seqValue{typ: xs.Type, elems: []value{ctx.Int(1)}},
			}}
			_, err := x.expr(sc, tc.e, ctx.True())
			diagtest.Want(t, err, ir.ProverLimit, tc.want)
		})
	}
}

// list() holds the elements of a list, a literal str's code points, and
// is empty without an argument.
func TestListOfMatchesInterp(t *testing.T) {
	xs := &ir.Local{Name: "xs", Type: &ir.List{Elem: ir.Str}}
	params := []*ir.Local{xs}
	strs := &ir.List{Elem: ir.Str}
	ctx := newContext(t)
	for _, list := range [][]string{{}, {"a", "b@"}} {
		agreesWithInterp(t, ctx, params, &ir.Builtin{Pos: pos(2), Name: "list", T: strs, Args: []ir.Expr{ref(xs)}}, []any{list})
		agreesWithInterp(t, ctx, params, &ir.Builtin{Pos: pos(2), Name: "list", T: strs, Args: []ir.Expr{str("hé@")}}, []any{list})
		agreesWithInterp(t, ctx, params, &ir.Builtin{Pos: pos(2), Name: "list", T: strs}, []any{list})
	}
}

func extendStmt(xs *ir.Local, ys ir.Expr) ir.Stmt {
	return &ir.ExprStmt{Pos: pos(3), X: &ir.Builtin{Pos: pos(3), Name: "list.extend", T: ir.None, Args: []ir.Expr{ref(xs), ys}}}
}

func appendStmt(xs *ir.Local, v ir.Expr) ir.Stmt {
	return &ir.ExprStmt{Pos: pos(3), X: &ir.Builtin{Pos: pos(3), Name: "list.append", T: ir.None, Args: []ir.Expr{ref(xs), v}}}
}

// xs.extend(ys) is Python's under a guard, on lists of known length,
// of symbolic length and sparse ones, and xs.extend(xs) doubles xs.
func TestExtendMatchesInterp(t *testing.T) {
	strs := &ir.List{Elem: ir.Str}
	xs := &ir.Local{Name: "xs", Type: strs}
	ys := &ir.Local{Name: "ys", Type: strs}
	c := &ir.Local{Name: "c", Type: ir.Bool}
	d := &ir.Local{Name: "d", Type: ir.Bool}
	params := []*ir.Local{xs, ys, c, d}
	when := func(b *ir.Local, s ir.Stmt) ir.Stmt { return &ir.If{Pos: pos(3), Cond: ref(b), Then: []ir.Stmt{s}} }
	ctx := newContext(t)
	for _, tc := range []struct {
		name string
		body []ir.Stmt
	}{
		{"unguarded", []ir.Stmt{extendStmt(xs, ref(ys))}},
		{"guarded", []ir.Stmt{when(c, extendStmt(xs, ref(ys)))}},
		{"guarded twice", []ir.Stmt{when(c, extendStmt(xs, ref(ys))), when(d, extendStmt(xs, strList("q", "r")))}},
		{"self", []ir.Stmt{when(c, extendStmt(xs, ref(ys))), when(d, extendStmt(xs, ref(xs)))}},
		{"after appends", []ir.Stmt{when(c, appendStmt(xs, str("z"))), when(d, appendStmt(xs, str("w"))), extendStmt(xs, ref(ys))}},
		{"of a sparse list", []ir.Stmt{when(c, appendStmt(ys, str("z"))), when(d, appendStmt(ys, str("w"))), when(c, extendStmt(xs, ref(ys)))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, a := range [][]string{{}, {"a", "b"}} {
				for _, b := range [][]string{{}, {"y"}} {
					for _, cv := range []bool{false, true} {
						for _, dv := range []bool{false, true} {
							agreesAfter(t, ctx, params, nil, tc.body, ref(xs), []any{a, b, cv, dv})
						}
					}
				}
			}
		})
	}
}

// sep.join(xs) is Python's on lists of known length, on lists grown by
// guarded appends (empty elements included) and with an empty separator.
func TestJoinMatchesInterp(t *testing.T) {
	strs := &ir.List{Elem: ir.Str}
	xs := &ir.Local{Name: "xs", Type: strs}
	sep := &ir.Local{Name: "sep", Type: ir.Str}
	c := &ir.Local{Name: "c", Type: ir.Bool}
	d := &ir.Local{Name: "d", Type: ir.Bool}
	params := []*ir.Local{xs, sep, c, d}
	when := func(b *ir.Local, s ir.Stmt) ir.Stmt { return &ir.If{Pos: pos(3), Cond: ref(b), Then: []ir.Stmt{s}} }
	join := &ir.Builtin{Pos: pos(2), Name: "str.join", T: ir.Str, Args: []ir.Expr{ref(sep), ref(xs)}}
	ctx := newContext(t)
	for _, tc := range []struct {
		name string
		body []ir.Stmt
	}{
		{"known", nil},
		{"one guarded append", []ir.Stmt{when(c, appendStmt(xs, str("z")))}},
		{"sparse", []ir.Stmt{when(c, appendStmt(xs, str(""))), when(d, appendStmt(xs, str("w"))), when(c, appendStmt(xs, str("v")))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, a := range [][]string{{}, {""}, {"a", "bé"}} {
				for _, sv := range []string{"", "@", ", "} {
					for _, cv := range []bool{false, true} {
						for _, dv := range []bool{false, true} {
							agreesAfter(t, ctx, params, nil, tc.body, join, []any{a, sv, cv, dv})
						}
					}
				}
			}
		})
	}
}
