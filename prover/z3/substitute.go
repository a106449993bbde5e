package z3

/*
#include <z3.h>
*/
import "C"

// Substitute returns t with every occurrence of from[i] replaced by to[i]
// (Z3_substitute; each to[i] of the sort of from[i]). A replaced subterm
// is not looked into, so replacing a term by a fresh constant abstracts
// everything it was built from: the prover's inductive checks
// (prover/accum.go) use it to havoc the state an iteration starts from.
func (c *Context) Substitute(t Term, from, to []Term) Term {
	const op = "Substitute"
	if len(from) != len(to) {
		c.failf(op, "%d terms to replace but %d replacements", len(from), len(to))
		return Term{}
	}
	as, ok := c.args(op, append(append([]Term{t}, from...), to...)...)
	if !ok {
		return Term{}
	}
	if len(from) == 0 {
		return t
	}
	n := len(from)
	return c.term(op, C.Z3_substitute(c.ctx, as[0], C.uint(n), &as[1], &as[1+n]))
}
