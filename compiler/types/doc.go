// Package types holds the static typing rules of the ClauZ3 subset that
// plans and trusted layers share:
//
//   - Annotation and AnnotationIn turn a Python type annotation into an
//     ir.Type: int, float, str, bool, None, list[T], dict[K, V] and set[T]
//     (K and T hashable), tuple[T1, ...], T | None (also Optional[T]) and,
//     through a Scope, row types and the typing names Optional, List, Dict,
//     Tuple and Set; EffectParamAnnotation also admits object (ir.Object,
//     only in a trusted effect's parameters: `where: dict[str, object] |
//     None = None`), which Assignable fills with a str, int, float, bool
//     or None; ContractParamAnnotation admits exactly dict[str, object]
//     (the original's only_where(filter_dict: dict[str, object]));
//   - BinOp (after ir.BinOpType), Compare, Orderable, Hashable and
//     Assignable say which operand types Python would accept and what they
//     yield, restricted to what the IR can express;
//   - Elem is the element type a `for` loop or `in` sees; Printable says
//     whether a value's text is the same in every run (not for sets, whose
//     order is CPython's business);
//   - OptionalHint and A word type errors; PromotionHint and JoinHint
//     explain the refusals where mypy would promote an int to float or
//     join two types (CPython keeps the int or the bool, which prints
//     differently; object is not a plan type).
//
// It refuses, with "... is not supported yet", frozenset, Pattern and
// variadic tuples, and, with "... is not supported", the rest (unions
// other than T | None, unknown names, and string annotations other than a
// plain one-line literal holding the type, which is read as the type it
// holds, positions kept: syntax.File.StringAnnotation). Callers:
// compiler/lower, compiler/layer, compiler.
package types
