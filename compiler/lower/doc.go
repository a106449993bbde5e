// Package lower turns Python expressions of the ClauZ3 subset into typed IR
// expressions. It owns what plans and trusted-layer lambdas have in
// common: literals (int, str, bool, None, list, tuple and dict displays),
// f-strings (format specs checked against the value's type by CheckSpec,
// with pysem's parser, the one every engine formats with),
// arithmetic (+ - * // %), unary - and not, and/or, comparison chains with
// in/not in, the typing of each, and the binding of call arguments to
// parameters (positional and keyword, defaults filled, T into T | None).
//
// With Lowerer.Full (plans, and module constants), it also lowers float
// literals, / and **, str and list repetition (`n * s` is swapped to
// `s * n` when neither operand acts), unary + and - on floats, `is` and
// `is not` against None, conditional expressions, indexing (list, tuple,
// str, dict; negative indices), slicing (list, str) and set displays.
// Lowerer.Ext lets the plan compiler lower what needs its scopes first
// (comprehensions, lambdas, generator expressions).
//
// What a name, an attribute or a call means depends on the caller, so a
// Lowerer asks its Env: the plan compiler resolves locals, constants,
// helpers, effects, builtins and methods; the layer loader resolves lambda
// parameters, fact fields, row fields and contract parameters.
//
// It refuses, each with a located "<what> is not supported" (optionally
// followed by the Lowerer's Where, e.g. " in a contract lambda"): without
// Full, lambdas, conditional expressions, comprehensions, subscripts and
// slicing, sets, `is`, `**` and "float division is not supported yet",
// "float literal is not supported yet"; always: starred expressions,
// yield, bytes, the bit operators but on sets (and there with Full only), ~, `is` against anything but None,
// int ** with a negative or non-constant exponent, ** with a float exponent
// on a possibly negative base, slicing a tuple with a bound that is not an
// int constant, a tuple index that is not
// a constant when the elements differ. Empty list and dict displays need an
// expected type (an annotation or the parameter they are passed to).
// MayAct says whether an expression may call, act or raise; callers use it
// to refuse reorderings Python would observe.
//
// Callers: compiler (plans) and compiler/layer (requires, ensures and
// contract lambdas, constants).
package lower
