// Package compiler is the ClauZ3 front end: it turns a plan (one Python
// file of the ClauZ3 subset) and the trusted layers it imports into a
// typed, verified ir.Program, or into located errors.
//
// API: Compile(filename, src, cfg) and CompileFile(path, cfg), with Config
// {ImportRoots, TrustedRoots, Target}. Every error is a diag.Error, that
// is an ir.Error (`file:line:col: reason`) with the code of its kind; a
// failed compilation returns an ErrorList (sorted by position, its text
// one per line and cut after ten). Constructs outside the subset are
// refused as `file:line:col: <what> is not supported` (with a reason or a
// hint where one helps), code ir.Unsupported; nothing is skipped
// silently. Errors in a trusted layer point into the layer's file and have
// the code ir.LayerError unless they are Unsupported or ReadError. Every program Compile
// returns has passed ir.Verify.
//
// The language it accepts is docs/design.md section 3.1; docs/language.md is
// the reference for plan authors, and its list of refusals is generated
// from the refusal table of this package's tests (TestDocs keeps them in
// step).
//
// # Imports and module level
//
// Imports resolve against the import roots (default: the current folder
// and the plan's folder); trusted layers are the folders tools/<domain>/
// trusted under them (or Config.TrustedRoots), loaded by compiler/layer
// the first time the plan imports one of their modules. A plan may import
// clauz3 (and `from clauz3 import guarantee`), deal (pre and post only),
// names from typing (Optional,
// List, Dict, Tuple, Set are understood in annotations), `from __future__
// import annotations`, and modules or names of the trusted layers
// (effects, contracts, constants, row types); no folder needs an
// __init__.py (PEP 420). A refused import says what would work
// (suggest.go): `clauz3 install NAME` for a missing layer, the nearest
// domain for a misspelt one, the module that exists for a wrong path,
// the nearest contract, effect, row type or module for a misspelt name
// (imported, after a module alias, or read as a plain name). A
// contract with a parameter of type type is instantiated at the
// guarantee with the row type the plan passes (layer.Template).
// At module level: imports, a
// docstring, defs, literal constants (inlined where used) and exactly
// `if __name__ == "__main__": main()`.
//
// # Statements
//
// Assignment to names, subscripts (ir.SetIndex on a list or dict) and
// tuple/list targets (nested; chained `a = b = v` too); augmented
// assignment (+ - * / // % **) to names and subscripts; annotated
// assignment; if/elif/else; for over any iterable value (list, tuple of one
// element type, str, dict keys, range with any int arguments, iteration
// helpers, calls); break and continue inside loops; return; assert (with a
// str message); raise of a builtin exception class (ValueError,
// RuntimeError, KeyError, IndexError, TypeError, AssertionError,
// ZeroDivisionError, Exception) with an optional str message; pass;
// expression statements; def directly in a function's body (nested.go):
// an ir.Func with Outer set, callable after its def, reading the enclosing
// functions' locals at call time, its assigned names its own.
//
// # Expressions
//
// int, float, str, bool and None literals; list, tuple, dict and set
// displays; list, set and dict comprehensions; names; module constants;
// row fields (x.field); arithmetic (+ - * / // % **, str and list
// repetition); unary - and +; not, and, or; comparison chains with in,
// not in, and `is` / `is not` against None; conditional expressions;
// indexing (negative indices too) and slicing; f-strings (!s, !r, literal
// format specs, checked against the value's type, and specs with
// replacement fields, ir.FPart.DynSpec, checked at run time); calls of plan
// functions, trusted effects, builtins and methods (every name of
// ir.BuiltinTable, bound with its signatures); lambdas as key= of sorted, min,
// max and list.sort; generator expressions as the argument of list, set,
// dict, sorted, sum, min, max and str.join (and of any and all when they
// can neither act nor raise).
//
// # Types
//
// The subset is statically typed: a local has one type for its whole
// function (its first assignment or annotation decides; a T | None local
// accepts T and None), every expression is typed, operators are checked as
// Python would accept them (ir.BinOpType), a name must be assigned on every
// path before it is read, an int is not accepted where a float is
// expected (mypy accepts it, but CPython keeps the int, which prints as 1
// where the float prints 1.0; types.PromotionHint says so) except an int
// constant assigned to a float local, passed to a float parameter of a
// plan function or given as its default, given to min/max among floats,
// an arm of a conditional expression beside a float arm (the lower
// package's PromoteArm) or returned by a float helper, whose every read
// (or use of the call)
// is arithmetic with a float or a numeric comparison (promote.go: lowered
// as the float; parameters and returns are checked once every function
// is lowered; TestMypyAgreement compares with mypy --strict), conditional
// arms that mypy would join to object, float or int are refused
// (types.JoinHint), an empty display in a conditional arm takes the other
// arm's type, and empty displays need a type from context or,
// as mypy's partial types, from the first statement of the function that
// fixes it (partial.go: `xs = []` then `xs.append(v)`, `d = {}` then
// `d[k] = v`, ...; the local is typed and its assignment lowered there,
// and any earlier read is refused).
// T | None values may be compared (== and is), printed, returned, passed
// and stored where T | None is expected, and tested for truth; a local of
// that type is narrowed to T (read through ir.Unwrap) where an `is None` /
// `is not None` check proves it is not None, or after an assignment of a
// T, until a join with a path that may hold None (see narrow.go); nested
// defs and key= lambdas read the declared type; any other use is refused
// with a hint. A local first assigned None is T | None when a later
// assignment gives it a T, even after reads: a compile that meets such a
// read compiles the plan again with the type it learnt (compileRounds). The same
// rounds settle narrowing through loops (narrow.go).
//
// # How constructs are lowered
//
// Hidden locals the front end introduces are named `_t1`, `_t2`, ...
// (`_k` for the parameter of a key function that is not a lambda);
// comprehension variables and lambda parameters keep their Python name
// unless it is taken, then get a `_1`, `_2`, ... suffix. Every local of a
// function has a distinct name, none clashes with a Python name the
// function assigns, and every one (comprehension variables and key-lambda
// parameters included) is in Func.Locals.
//
//   - `a, b = v`: `_t1 = v`, then `a = _t1[0]`, `b = _t1[1]` (a tuple's arity
//     is checked statically; a list or str value first gets CPython's
//     ValueError checks, `not enough values to unpack (expected n, got
//     k)` and `too many values to unpack (expected n)`). When a target is
//     a subscript, every element is first copied to its own hidden local,
//     as CPython fetches them all before assigning. `for a, b in xs` binds
//     a hidden loop variable and unpacks it at the top of the body; in a
//     comprehension the names read `_t1[i]` directly (tuples only).
//   - `x[i] = v`: SetIndex whose container and index cannot act; when they
//     can, v is computed first into a hidden local (Python evaluates the
//     value first). `x[i] op= v`: container and index are evaluated once
//     into hidden locals (unless they are locals or constants), then
//     SetIndex(c, i, c[i] op v). `xs += ys` on a list is the statement
//     list.extend(xs, ys), as Python extends in place; `d[k] += ys` on a
//     list element is `_t1 = d[k]; list.extend(_t1, ys); d[k] = _t1`.
//   - A function annotated `-> T | None` whose end is reachable gets an
//     explicit final `return None`.
//   - f(x) of a key function that is not a lambda (len, abs, str,
//     str.lower, str.upper, a plan function) becomes `lambda _k: f(_k)`.
//   - s.startswith((a, b)) becomes `str.startswith(s, a) or
//     str.startswith(s, b)` (the receiver must be re-readable), since
//     ir.Verify takes only a str prefix.
//   - A generator expression becomes a list comprehension.
//
// # Builtin shapes
//
// ir.Builtin.Args holds the positional arguments in Python's order, the
// receiver first for a method; arguments passed by keyword to positional
// parameters are moved to their position (refused when that reorders
// arguments that may act). Omitted optional arguments are absent (not
// filled), except that a placeholder None constant stands for an omitted
// sep when maxsplit is given. Keyword-only arguments are in Keywords, in
// source order; key= is in Key.
//
//	len(x)                       x: str, list, tuple, dict, set, range, dict view
//	str(x), repr(x)              one argument (str() is the constant '')
//	int(x), float(x), bool(x)    one argument (no argument: the constant 0 / 0.0 / False)
//	abs(x), ord(c), chr(i)       one argument
//	round(x) / round(x, n)       int result / float result for a float x (int for an int x)
//	min(it) / min(a, b, ...)     one argument: an iterable; several: the values; Key optional
//	max(...)                     as min
//	sum(it) / sum(it, start)
//	any(it), all(it)
//	enumerate(it) / enumerate(it, start)      list[tuple[int, T]]
//	zip(a, b, ...)                            list[tuple[A, B, ...]]
//	reversed(seq)                             list[T]
//	sorted(it)                   Keywords: reverse; Key optional
//	list(it), set(it), dict(it), tuple(t)     (no argument: an empty display)
//	print(a, b, ...)             Keywords: sep, end (str); None ones are dropped;
//	                             a list display argument mixing types (a
//	                             list[object] to mypy) is the str
//	                             "[" + repr(e1) + ", " + ... + "]", and so
//	                             is such a display as the argument of
//	                             str or repr or as an f-string field
//	str.strip(s) / str.strip(s, chars)        also lstrip, rstrip
//	str.split(s) / (s, sep) / (s, sep, maxsplit)   sep may be the constant None
//	str.join(sep, it)  str.replace(s, old, new[, count])  str.startswith(s, p)  str.endswith(s, p)
//	str.find(s, sub)  str.count(s, sub)  str.zfill(s, width)
//	str.upper/lower/title/capitalize/isdigit/isalpha/isspace/splitlines(s)
//	list.append(xs, v)  list.extend(xs, it)  list.pop(xs[, i])  list.insert(xs, i, v)
//	list.index(xs, v)  list.count(xs, v)  list.remove(xs, v)  list.reverse(xs)  list.copy(xs)
//	list.sort(xs)                Keywords: reverse; Key optional
//	dict.get(d, k[, default])    d[k] or default, else None: V | None without a default
//	dict.pop(d, k[, default])  dict.setdefault(d, k, default)  dict.update(d, other)  dict.copy(d)
//	dict.keys(d), dict.values(d), dict.items(d)   list[K], list[V], list[tuple[K, V]]
//	set.add(s, v)  set.discard(s, v)  set.remove(s, v)
//
// The iteration helpers (enumerate, zip, reversed, range and the dict
// views) and generator expressions appear only as the operand of a
// consumer: a for loop, a comprehension clause, the right of `in`, or an
// argument of list, tuple, set, dict, sorted, sum, min, max, any, all,
// enumerate, zip, reversed, str.join, list.extend (len: dict views and
// range only). ir.Range is thus also an argument of those builtins, not
// only a For iterable. A set is never iterated in an order-dependent way:
// only len, in, ==, bool, any, all, set(), sorted() (without key=) and the
// set methods take one.
//
// # What the IR's consumers must honour
//
// Beyond ir's own documentation, this lowering relies on: For over a list
// iterating the live list (like CPython, re-reading its length each step);
// SetIndex evaluating X before Index; Assert evaluating Msg only when the
// assertion fails; effect arguments being captured at the call; rows
// printing like dataclasses (UserRow(email='a@x', id=1)), comparing and
// hashing by value and being always true, as corpus/pystub's clauz3.Row.
//
// # Shared mutable values
//
// A module constant is one object in Python but is inlined afresh at each
// use in the IR; a mutable parameter default is one object shared by every
// call but filled in afresh at each call. The two agree as long as that
// object is never mutated, so such values (and the locals, loop variables
// and elements that may hold them) may only be read in place: iterated,
// indexed, measured, compared, printed, copied when their elements are
// immutable, or assigned to a local. Mutating them, storing them into a
// container, passing them to a plan function or returning them is refused
// (see shared.go).
//
// # Deliberate refusals
//
// Besides the list in docs/design.md section 3.1 (while, with, try, async, match, global,
// nonlocal, del, yield, class in plans, def inside an if or for block,
// nested functions as values, *args/**kwargs, decorators other than
// clauz3.guarantee and the plan's own conditions (condition.go:
// @deal.pre/@deal.post/@clauz3.requires/@clauz3.ensures, lambdas in the
// contract predicate language over the function's parameters or result,
// compiled to ir.Func.Requires/Ensures; every other decorator of a trusted
// layer is refused with a hint, since it would let a plan declare a fact
// the prover assumes), walrus, eval and friends, the standard library):
// printing, iterating or order-dependent consuming of
// sets; ordering rows; constructing rows; int ** with a negative or
// non-constant exponent (Python gives a float); ** with a float exponent
// on a possibly negative base (complex); sum() whose type would depend on
// emptiness (sum of floats without a float start); tuple() of a list,
// slicing a tuple with bounds that are not constants and repeating one by
// a count that is not (a tuple's length is part of its type); a
// replacement field nested in a nested format spec (CPython refuses it
// too) and a computed spec on a value other than str, int, float or bool;
// unpacking lists in comprehensions (the length check needs statements);
// a tuple's index that is not a constant when its elements differ; keyword
// arguments whose reordering into parameter order would move a call or a
// possibly raising expression; `xs *= n` on a list (in-place repetition);
// storing a T into a container of T | None (ir.Verify wants the exact
// element type).
//
// # Layers in reach
//
// ir.Program.Policies carries the coverage policy of every imported layer,
// each required contract as a guarantee applied to its defaults. A
// contract's relation is widened to the effects of other imported layers
// that carry its marker when every field it reads exists there with the
// same type, and the guarantee is refused (located) otherwise. A layer
// module's re-export of no_guarantees under another name is an explicit
// waiver. CompileWithClauses compiles contract calls written outside the
// plan (approval-policy clauses) against the plan's layers, in a namespace
// of the policy's imports only.
//
// Callers: cmd/clauz3 (the CLI), policy, corpus tests. It imports ir,
// never prover or gen.
package compiler
