package z3

/*
#include <z3.h>
*/
import "C"

// Symbols returns the uninterpreted symbols (free constants and
// uninterpreted functions, by the AST id of their declaration) that occur
// in ts, each once, in the order first met. The prover uses them to tell
// which facts share a variable with a goal; a quantifier's body is
// searched, its bound variables are not symbols. Each shared subterm is
// visited once, so the cost is linear in the size of the DAG. On an
// invalid term it records the error in Context.Err and returns nil.
func (c *Context) Symbols(ts ...Term) []uint32 {
	const op = "Symbols"
	as, ok := c.args(op, ts...)
	if !ok {
		return nil
	}
	var out []uint32
	found := map[C.uint]bool{}
	c.uninterpreted(as, func(_ C.Z3_ast, did, _ C.uint) {
		if !found[did] {
			found[did] = true
			out = append(out, uint32(did))
		}
	})
	if !c.ok(op) {
		return nil
	}
	return out
}

// uninterpreted walks the DAG of as, each shared subterm once and a
// quantifier's body but not its bound variables, and calls visit on
// every application of an uninterpreted symbol, in the order first met,
// with the AST id of its declaration and its number of arguments.
func (c *Context) uninterpreted(as []C.Z3_ast, visit func(a C.Z3_ast, did, arity C.uint)) {
	seen := map[C.uint]bool{}
	stack := append([]C.Z3_ast(nil), as...)
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		id := C.Z3_get_ast_id(c.ctx, a)
		if seen[id] {
			continue
		}
		seen[id] = true
		switch C.Z3_get_ast_kind(c.ctx, a) {
		case C.Z3_APP_AST:
			app := C.Z3_to_app(c.ctx, a)
			d := C.Z3_get_app_decl(c.ctx, app)
			n := C.Z3_get_app_num_args(c.ctx, app)
			if C.Z3_get_decl_kind(c.ctx, d) == C.Z3_OP_UNINTERPRETED {
				visit(a, C.Z3_get_ast_id(c.ctx, C.Z3_func_decl_to_ast(c.ctx, d)), n)
			}
			for i := C.uint(0); i < n; i++ {
				stack = append(stack, C.Z3_get_app_arg(c.ctx, app, i))
			}
		case C.Z3_QUANTIFIER_AST:
			stack = append(stack, C.Z3_get_quantifier_body(c.ctx, a))
		}
	}
}

// Constants returns the uninterpreted constants (free symbols of arity 0)
// that occur in ts, each once, in the order first met, beside the AST id
// of each one's declaration (as Symbols gives it); funcs reports whether
// an uninterpreted function of arity above 0 occurs too. Two terms of the
// same shape list their constants in the same order, so renaming each
// term's constants by position (Substitute) maps both to one term when
// they differ only in those names (prover/symmetry.go). On an invalid
// term it records the error in Context.Err and returns nil.
func (c *Context) Constants(ts ...Term) (consts []Term, ids []uint32, funcs bool) {
	const op = "Constants"
	as, ok := c.args(op, ts...)
	if !ok {
		return nil, nil, false
	}
	found := map[C.uint]bool{}
	c.uninterpreted(as, func(a C.Z3_ast, did, arity C.uint) {
		if arity > 0 {
			funcs = true
			return
		}
		if !found[did] {
			found[did] = true
			consts = append(consts, c.term(op, a))
			ids = append(ids, uint32(did))
		}
	})
	if !c.ok(op) {
		return nil, nil, false
	}
	return consts, ids, funcs
}
