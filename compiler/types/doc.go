// Package types holds the static typing rules of the ClauZ3 subset that
// plans and trusted layers share:
//
//   - Annotation turns a Python type annotation into an ir.Type: int, str,
//     bool, None, list[T], dict[K, V] (K hashable), tuple[T1, ...];
//   - BinOp, Compare and Hashable say which operand types Python would
//     accept for an operator and what it yields, restricted to what the IR
//     can express (e.g. `str * int` is refused);
//   - Elem is the element type a `for` loop or `in` sees.
//
// It refuses, with "... is not supported yet", the types a later stage
// will add (float, T | None, rows, Pattern, set) and, with "... is not
// supported", the rest. Callers: compiler/lower, compiler/layer, compiler.
package types
