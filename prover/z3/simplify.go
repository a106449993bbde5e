package z3

/*
#include <z3.h>
*/
import "C"

// Simplify returns Z3's simplification of t (Z3_simplify): a term built
// of literals only, such as 97 + 1 from an unrolled loop, becomes the
// literal, which Int64Value and StringValue then read.
func (c *Context) Simplify(t Term) Term {
	return c.un("Simplify", t, func(x C.Z3_ast) C.Z3_ast { return C.Z3_simplify(c.ctx, x) })
}
