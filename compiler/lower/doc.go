// Package lower turns Python expressions of the ClauZ3 subset into typed IR
// expressions. It owns what plans and trusted-layer lambdas have in
// common: literals (int, str, bool, None, list, tuple and dict displays),
// f-strings, arithmetic (+ - * // %), unary - and not, and/or, comparison
// chains with in/not in, the typing of each, and the binding of call
// arguments to parameters (positional and keyword, defaults filled).
//
// What a name, an attribute or a call means depends on the caller, so a
// Lowerer asks its Env: the plan compiler resolves locals, constants,
// helpers and effects; the layer loader resolves lambda parameters, fact
// fields and contract parameters.
//
// It refuses, each with a located "<what> is not supported" (optionally
// followed by the Lowerer's Where, e.g. " in a contract lambda"): lambdas,
// conditional expressions, comprehensions, subscripts and slicing, sets,
// starred expressions, yield, bytes, `is`, the bit operators, `**`, unary +
// and ~; "float division is not supported yet" for `/` and "float literal
// is not supported yet". Empty list and dict displays need an expected type
// (an annotation or the parameter they are passed to).
//
// Callers: compiler (plans) and compiler/layer (requires, ensures and
// contract lambdas).
package lower
