// Package compiler is the ClauZ3 front end: it turns a plan (one Python
// file of the ClauZ3 subset) and the trusted layers it imports into a
// typed, verified ir.Program, or into located errors.
//
// API: Compile(filename, src, cfg) and CompileFile(path, cfg), with Config
// {ImportRoots, TrustedRoots, Target}. Every error is a diag.Error
// (`file:line:col: reason`); a failed compilation returns an ErrorList
// (up to ten, sorted by position, one per line). Constructs outside the
// subset are refused as `file:line:col: <what> is not supported` (or
// `... is not supported yet` for what a later stage adds); nothing is
// skipped silently. Errors in a trusted layer point into the layer's file.
//
// Imports resolve against the import roots (default: the current folder
// and the plan's folder); trusted layers are the folders
// tools/<domain>/trusted under them (or Config.TrustedRoots), loaded by
// compiler/layer the first time the plan imports one of their modules. A
// plan may import clauz3 (and `from clauz3 import guarantee`), names from
// typing, `from __future__ import annotations`, and modules or names of
// the trusted layers; any other import is `import of X is not supported`.
//
// The subset the plan compiler accepts:
//
//   - module level: imports, a docstring, `def`s, literal constants
//     `NAME = <literal>` (inlined where used), annotated constants, and
//     exactly `if __name__ == "__main__": main()` (it runs nothing in
//     ClauZ3: the runner calls the target);
//   - the target (Config.Target, default main) with zero or more
//     @clauz3.guarantee(<module>.<contract>(<literal args>)) decorators and
//     annotated parameters, which are free symbolic inputs; helper
//     functions with annotated parameters, literal defaults and a return
//     annotation (or none, meaning None when no `return <value>`);
//     recursion is refused;
//   - statements: assignment to a name, augmented assignment (+= -= *= //=
//     %=, not on lists), annotated assignment, if/elif/else, for over a
//     list or tuple display, a name holding a list or tuple, or
//     range(<int constants>), return, pass, expression statements;
//   - expressions: int/str/bool/None literals, list/tuple/dict displays,
//     names, module constants, + - * // %, unary - and not, and/or (one
//     operand type), comparison chains with in/not in, len(x), str(x),
//     f-strings (!s, !r, literal format specs), calls of plan functions and
//     trusted effects (positional and keyword arguments, defaults filled,
//     types checked).
//
// The subset is statically typed: a local has one type for its whole
// function (its first assignment or annotation decides), every expression
// is typed, operators are checked as Python would accept them (restricted
// to what the IR expresses), a name must be assigned on every path before
// it is read, and empty displays need a type from context.
//
// Messages (each prefixed by `file:line:col: `), for example:
//
//	import of os is not supported
//	while loop is not supported            (try statement, with statement,
//	                                        class definition, global statement,
//	                                        del statement, lambda, subscript, ...)
//	call of open is not supported          (eval, exec, __import__, getattr, ...)
//	call of print is not supported yet     (min, max, sorted, ... of DESIGN.md)
//	float division is not supported yet
//	decorator functools.cache is not supported
//	name x is not defined
//	name x is used before assignment (or not assigned on every path)
//	x was int, cannot assign str
//	non-literal guarantee argument is not supported
//	tools.email.trusted.contracts has no contract nope
//	target main is not defined             (at 1:1 of the plan)
//	recursive call of f is not supported
//	cannot infer the type of an empty list; annotate it (e.g. x: list[str] = [])
//
// Deliberate refusals beyond the brief: `xs += [...]` on a list (it
// mutates in place, the IR assigns a new list), keyword arguments whose
// reordering into parameter order would move a call or a possibly raising
// `//`/`%`, `for` directly over a call, and a relation whose selector also
// names an effect of another imported layer.
//
// Callers: cmd/clauz3 (the CLI), corpus tests. It imports ir, never prover
// or gen.
package compiler
