package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"math/big"
	"unsafe"
)

// Term is a Z3 expression (an AST). It is a small value; the zero Term is
// invalid. Operations that fail return the zero Term and record the error
// in Context.Err.
type Term struct {
	c *Context
	a C.Z3_ast
}

// IsValid reports whether t is a term of an open Context.
func (t Term) IsValid() bool {
	return t.a != nil && t.c != nil && t.c.ctx != nil
}

// Context returns the context t belongs to (nil for the zero Term).
func (t Term) Context() *Context { return t.c }

// Sort returns the sort of t, or the zero Sort if t is invalid.
func (t Term) Sort() Sort {
	if !t.IsValid() {
		return Sort{}
	}
	s := C.Z3_get_sort(t.c.ctx, t.a)
	if !t.c.clearErr() || s == nil {
		return Sort{}
	}
	t.c.keep(C.Z3_sort_to_ast(t.c.ctx, s))
	return Sort{c: t.c, s: s}
}

// String returns t as SMT-LIB text (shared subterms may be let-bound).
func (t Term) String() string {
	if !t.IsValid() {
		return "<invalid term>"
	}
	return C.GoString(C.Z3_ast_to_string(t.c.ctx, t.a))
}

// Const returns the constant (nullary function) named name of sort s. The
// same name and sort give the same constant.
func (c *Context) Const(name string, s Sort) Term {
	const op = "Const"
	ss, ok := c.sortArgs(op, s)
	if !ok {
		return Term{}
	}
	sym, ok := c.symbol(op, name)
	if !ok {
		return Term{}
	}
	return c.term(op, C.Z3_mk_const(c.ctx, sym, ss[0]))
}

// FreshConst returns a new constant of sort s whose name starts with prefix
// and differs from every other constant.
func (c *Context) FreshConst(prefix string, s Sort) Term {
	const op = "FreshConst"
	ss, ok := c.sortArgs(op, s)
	if !ok {
		return Term{}
	}
	cs, ok := c.cname(op, prefix)
	if !ok {
		return Term{}
	}
	defer C.free(unsafe.Pointer(cs))
	return c.term(op, C.Z3_mk_fresh_const(c.ctx, cs, ss[0]))
}

// True returns the Boolean constant true.
func (c *Context) True() Term {
	if !c.ready("True") {
		return Term{}
	}
	return c.term("True", C.Z3_mk_true(c.ctx))
}

// False returns the Boolean constant false.
func (c *Context) False() Term {
	if !c.ready("False") {
		return Term{}
	}
	return c.term("False", C.Z3_mk_false(c.ctx))
}

// Bool returns the Boolean constant b.
func (c *Context) Bool(b bool) Term {
	if b {
		return c.True()
	}
	return c.False()
}

// Int returns the integer literal v.
func (c *Context) Int(v int64) Term {
	const op = "Int"
	if !c.ready(op) {
		return Term{}
	}
	s := C.Z3_mk_int_sort(c.ctx)
	if !c.ok(op) {
		return Term{}
	}
	return c.term(op, C.Z3_mk_int64(c.ctx, C.int64_t(v), s))
}

// BigInt returns the integer literal v (any size). A nil v is an error.
func (c *Context) BigInt(v *big.Int) Term {
	const op = "BigInt"
	if !c.ready(op) {
		return Term{}
	}
	if v == nil {
		c.failf(op, "nil *big.Int")
		return Term{}
	}
	if v.IsInt64() {
		return c.Int(v.Int64())
	}
	s := C.Z3_mk_int_sort(c.ctx)
	if !c.ok(op) {
		return Term{}
	}
	cs := C.CString(v.String())
	defer C.free(unsafe.Pointer(cs))
	return c.term(op, C.Z3_mk_numeral(c.ctx, cs, s))
}

// Boolean connectives.

// Not returns ¬a.
func (c *Context) Not(a Term) Term {
	if _, ok := c.args("Not", a); !ok {
		return Term{}
	}
	if v, known := a.BoolValue(); known {
		return c.Bool(!v)
	}
	return c.un("Not", a, func(x C.Z3_ast) C.Z3_ast { return C.Z3_mk_not(c.ctx, x) })
}

// Constant folding. Guards are built by conjoining path conditions, and
// an unrolled loop's are (and true true (not false) ...): Z3 does not
// simplify terms as they are made, and left so it case-split on 200 such
// guards of fluent writes for 50 s where the folded form takes 0.1 s. The
// connectives below fold the constants true and false, and nothing else;
// a term they would fold away is still checked to be of this context and
// of the right sort, so a misuse is reported as before.

// isBool reports whether t is of sort Bool.
func isBool(t Term) bool {
	if !t.IsValid() {
		return false
	}
	k := C.Z3_get_sort_kind(t.c.ctx, C.Z3_get_sort(t.c.ctx, t.a))
	return t.c.clearErr() && k == C.Z3_BOOL_SORT
}

// sameSort reports whether a and b have the same sort (sorts are shared,
// so equal sorts are the same pointer).
func sameSort(a, b Term) bool {
	if !a.IsValid() || !b.IsValid() {
		return false
	}
	sa, sb := C.Z3_get_sort(a.c.ctx, a.a), C.Z3_get_sort(b.c.ctx, b.a)
	return a.c.clearErr() && sa == sb
}

// foldJunction folds the constants of an And (absorbing false) or an Or
// (absorbing true): done is true when the result is known without Z3
// (absorbed, no argument left, or one Bool argument left); otherwise the
// arguments that remain are returned for Z3 to combine.
func (c *Context) foldJunction(op string, ts []Term, absorbing bool) (rest []Term, folded Term, done bool) {
	if _, ok := c.args(op, ts...); !ok {
		return nil, Term{}, true
	}
	for _, t := range ts {
		if !isBool(t) {
			return ts, Term{}, false // Z3 reports the sort error
		}
	}
	for _, t := range ts {
		v, known := t.BoolValue()
		if !known {
			rest = append(rest, t)
			continue
		}
		if v == absorbing {
			return nil, c.Bool(absorbing), true
		}
	}
	switch len(rest) {
	case 0:
		return nil, c.Bool(!absorbing), true
	case 1:
		return nil, rest[0], true
	}
	return rest, Term{}, false
}

// And returns the conjunction of ts; And() is true.
func (c *Context) And(ts ...Term) Term {
	if len(ts) == 0 {
		return c.True()
	}
	ts, folded, done := c.foldJunction("And", ts, false)
	if done {
		return folded
	}
	return c.nary("And", ts, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_and(c.ctx, n, p) })
}

// Or returns the disjunction of ts; Or() is false.
func (c *Context) Or(ts ...Term) Term {
	if len(ts) == 0 {
		return c.False()
	}
	ts, folded, done := c.foldJunction("Or", ts, true)
	if done {
		return folded
	}
	return c.nary("Or", ts, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_or(c.ctx, n, p) })
}

// Implies returns a → b.
func (c *Context) Implies(a, b Term) Term {
	if _, ok := c.args("Implies", a, b); !ok {
		return Term{}
	}
	if isBool(a) && isBool(b) {
		if v, known := a.BoolValue(); known {
			if v {
				return b
			}
			return c.True()
		}
		if v, known := b.BoolValue(); known && v {
			return c.True()
		}
	}
	return c.bin("Implies", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_implies(c.ctx, x, y) })
}

// Iff returns a ↔ b (both Boolean).
func (c *Context) Iff(a, b Term) Term {
	return c.bin("Iff", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_iff(c.ctx, x, y) })
}

// Xor returns a ⊕ b.
func (c *Context) Xor(a, b Term) Term {
	return c.bin("Xor", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_xor(c.ctx, x, y) })
}

// Eq returns a = b (same sort).
func (c *Context) Eq(a, b Term) Term {
	return c.bin("Eq", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_eq(c.ctx, x, y) })
}

// Distinct returns that all ts are pairwise different; with fewer than two
// terms it is true.
func (c *Context) Distinct(ts ...Term) Term {
	if len(ts) < 2 {
		if _, ok := c.args("Distinct", ts...); !ok {
			return Term{}
		}
		return c.True()
	}
	return c.nary("Distinct", ts, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_distinct(c.ctx, n, p) })
}

// AtMost returns that at most k of the Bool terms ts are true (a
// pseudo-Boolean cardinality constraint, which Z3 decides far faster than
// a sum of 0/1 integers); with no terms it is true.
func (c *Context) AtMost(ts []Term, k uint) Term {
	if len(ts) == 0 {
		return c.True()
	}
	return c.nary("AtMost", ts, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_atmost(c.ctx, n, p, C.uint(k)) })
}

// AtLeast returns that at least k of the Bool terms ts are true; with no
// terms it is k == 0.
func (c *Context) AtLeast(ts []Term, k uint) Term {
	if len(ts) == 0 {
		return c.Bool(k == 0)
	}
	return c.nary("AtLeast", ts, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_atleast(c.ctx, n, p, C.uint(k)) })
}

// Ite returns if cond then a else b.
func (c *Context) Ite(cond, a, b Term) Term {
	if _, ok := c.args("Ite", cond, a, b); !ok {
		return Term{}
	}
	if sameSort(a, b) {
		if v, known := cond.BoolValue(); known {
			if v {
				return a
			}
			return b
		}
		if a == b && isBool(cond) {
			return a
		}
	}
	return c.tri("Ite", cond, a, b, func(x, y, z C.Z3_ast) C.Z3_ast { return C.Z3_mk_ite(c.ctx, x, y, z) })
}

// Integer arithmetic.

// Add returns the sum of ts; Add() is 0.
func (c *Context) Add(ts ...Term) Term {
	if len(ts) == 0 {
		return c.Int(0)
	}
	return c.nary("Add", ts, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_add(c.ctx, n, p) })
}

// Sub returns a - b.
func (c *Context) Sub(a, b Term) Term {
	return c.nary("Sub", []Term{a, b}, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_sub(c.ctx, n, p) })
}

// Mul returns the product of ts; Mul() is 1. Products of two non-constant
// terms are nonlinear and may make checks slow or unknown.
func (c *Context) Mul(ts ...Term) Term {
	if len(ts) == 0 {
		return c.Int(1)
	}
	return c.nary("Mul", ts, func(n C.uint, p *C.Z3_ast) C.Z3_ast { return C.Z3_mk_mul(c.ctx, n, p) })
}

// Neg returns -a.
func (c *Context) Neg(a Term) Term {
	return c.un("Neg", a, func(x C.Z3_ast) C.Z3_ast { return C.Z3_mk_unary_minus(c.ctx, x) })
}

// Div returns SMT-LIB integer division a div b: floor(a/b) for b > 0 and
// ceil(a/b) for b < 0, so that a = b*(a div b) + (a mod b) with
// 0 <= a mod b < |b|. Division by zero is an unspecified (but fixed per
// model) value.
func (c *Context) Div(a, b Term) Term {
	return c.bin("Div", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_div(c.ctx, x, y) })
}

// Mod returns SMT-LIB a mod b, always in [0, |b|) for b != 0.
func (c *Context) Mod(a, b Term) Term {
	return c.bin("Mod", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_mod(c.ctx, x, y) })
}

// Rem returns Z3's a rem b: a mod b if b >= 0 and -(a mod b) if b < 0
// (the sign follows the divisor, unlike Go's %).
func (c *Context) Rem(a, b Term) Term {
	return c.bin("Rem", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_rem(c.ctx, x, y) })
}

// Le returns a <= b.
func (c *Context) Le(a, b Term) Term {
	return c.bin("Le", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_le(c.ctx, x, y) })
}

// Lt returns a < b.
func (c *Context) Lt(a, b Term) Term {
	return c.bin("Lt", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_lt(c.ctx, x, y) })
}

// Ge returns a >= b.
func (c *Context) Ge(a, b Term) Term {
	return c.bin("Ge", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_ge(c.ctx, x, y) })
}

// Gt returns a > b.
func (c *Context) Gt(a, b Term) Term {
	return c.bin("Gt", a, b, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_gt(c.ctx, x, y) })
}

// Arrays.

// Select returns arr[idx].
func (c *Context) Select(arr, idx Term) Term {
	return c.bin("Select", arr, idx, func(x, y C.Z3_ast) C.Z3_ast { return C.Z3_mk_select(c.ctx, x, y) })
}

// Store returns arr with arr[idx] replaced by v.
func (c *Context) Store(arr, idx, v Term) Term {
	return c.tri("Store", arr, idx, v, func(x, y, z C.Z3_ast) C.Z3_ast { return C.Z3_mk_store(c.ctx, x, y, z) })
}

// ConstArray returns the array over domain that maps every index to v.
func (c *Context) ConstArray(domain Sort, v Term) Term {
	const op = "ConstArray"
	ss, ok := c.sortArgs(op, domain)
	if !ok {
		return Term{}
	}
	as, ok := c.args(op, v)
	if !ok {
		return Term{}
	}
	return c.term(op, C.Z3_mk_const_array(c.ctx, ss[0], as[0]))
}

// Quantifiers.

// Forall returns ∀ bound. body. The bound terms must be constants (made
// with Const or FreshConst); no patterns are given, so Z3 infers them or
// uses model-based instantiation. With no bound constants it returns body.
func (c *Context) Forall(bound []Term, body Term) Term {
	return c.quantifier("Forall", true, bound, body)
}

// Exists returns ∃ bound. body, with the same rules as Forall.
func (c *Context) Exists(bound []Term, body Term) Term {
	return c.quantifier("Exists", false, bound, body)
}

func (c *Context) quantifier(op string, forall bool, bound []Term, body Term) Term {
	as, ok := c.args(op, append(append([]Term(nil), bound...), body)...)
	if !ok {
		return Term{}
	}
	if len(bound) == 0 {
		return body
	}
	apps := make([]C.Z3_app, len(bound))
	for i := range bound {
		a := as[i]
		isConst := bool(C.Z3_is_app(c.ctx, a))
		if isConst {
			app := C.Z3_to_app(c.ctx, a)
			isConst = C.Z3_get_app_num_args(c.ctx, app) == 0 &&
				C.Z3_get_decl_kind(c.ctx, C.Z3_get_app_decl(c.ctx, app)) == C.Z3_OP_UNINTERPRETED
			apps[i] = app
		}
		if !c.ok(op) {
			return Term{}
		}
		if !isConst {
			c.failf(op, "bound term %d (%s) is not a constant", i+1, bound[i])
			return Term{}
		}
	}
	b := as[len(bound)]
	n := C.uint(len(apps))
	if forall {
		return c.term(op, C.Z3_mk_forall_const(c.ctx, 0, n, &apps[0], 0, nil, b))
	}
	return c.term(op, C.Z3_mk_exists_const(c.ctx, 0, n, &apps[0], 0, nil, b))
}
