package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import "math/big"

// Model is a satisfying assignment returned by Solver.Model.
type Model struct {
	c *Context
	m C.Z3_model
}

// Eval evaluates t in the model with model completion: symbols the model
// leaves open get a default value, so a ground term evaluates to a literal
// (see the *Value methods). Errors are recorded in the Context.
func (m *Model) Eval(t Term) Term {
	const op = "Eval"
	if m == nil || !m.c.ready(op) {
		return Term{}
	}
	c := m.c
	if m.m == nil {
		c.setErr(ErrClosed)
		return Term{}
	}
	if !c.arg(op, 0, t) {
		return Term{}
	}
	var out C.Z3_ast
	done := C.Z3_model_eval(c.ctx, m.m, t.a, C.bool(true), &out)
	if !c.ok(op) {
		return Term{}
	}
	if !bool(done) {
		c.failf(op, "model evaluation of %s failed", t)
		return Term{}
	}
	return c.term(op, out)
}

// String returns the model in Z3's text form.
func (m *Model) String() string {
	if m == nil || m.m == nil || m.c.ctx == nil {
		return "<invalid model>"
	}
	s := C.GoString(C.Z3_model_to_string(m.c.ctx, m.m))
	m.c.clearErr()
	return s
}

// Close releases the model; it is idempotent. Context.Close releases
// models that are still open.
func (m *Model) Close() {
	if m == nil || m.m == nil {
		return
	}
	if m.c.ctx != nil {
		C.Z3_model_dec_ref(m.c.ctx, m.m)
		delete(m.c.models, m)
	}
	m.m = nil
}

// BoolValue returns the value of the Boolean literal true or false.
func (t Term) BoolValue() (value bool, ok bool) {
	if !t.IsValid() {
		return false, false
	}
	v := C.Z3_get_bool_value(t.c.ctx, t.a)
	if !t.c.clearErr() {
		return false, false
	}
	switch v {
	case C.Z3_L_TRUE:
		return true, true
	case C.Z3_L_FALSE:
		return false, true
	}
	return false, false
}

// isIntNumeral reports whether t is an integer literal.
func (t Term) isIntNumeral() bool {
	if !t.IsValid() {
		return false
	}
	if !bool(C.Z3_is_numeral_ast(t.c.ctx, t.a)) {
		t.c.clearErr()
		return false
	}
	s := C.Z3_get_sort(t.c.ctx, t.a)
	if !t.c.clearErr() || s == nil {
		return false
	}
	k := C.Z3_get_sort_kind(t.c.ctx, s)
	return t.c.clearErr() && k == C.Z3_INT_SORT
}

// Int64Value returns the value of an integer literal that fits in int64.
func (t Term) Int64Value() (int64, bool) {
	if !t.isIntNumeral() {
		return 0, false
	}
	var v C.int64_t
	if !bool(C.Z3_get_numeral_int64(t.c.ctx, t.a, &v)) || !t.c.clearErr() {
		t.c.clearErr()
		return 0, false
	}
	return int64(v), true
}

// BigIntValue returns the value of an integer literal of any size.
func (t Term) BigIntValue() (*big.Int, bool) {
	if !t.isIntNumeral() {
		return nil, false
	}
	s := C.GoString(C.Z3_get_numeral_string(t.c.ctx, t.a))
	if !t.c.clearErr() {
		return nil, false
	}
	return new(big.Int).SetString(s, 10)
}
