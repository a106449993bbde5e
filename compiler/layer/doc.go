// Package layer loads a ClauZ3 trusted layer: the Python spec files of one
// folder tools/<domain>/trusted/ (docs/design.md section 3.2), in the format of the
// original Python ClauZ3, with either decorator spelling.
//
// Load reads every .py file of the folder (module <name>.<file>, and
// __init__.py as the package <name> itself) and compiles, statically and
// without running anything. As in Python (PEP 420), no folder needs an
// __init__.py: tools/, tools/<domain>/ and the layer folder itself are
// namespace packages when they have none (Layer.IsNamespace).
//
//   - row types: `class UserRow(clauz3.Row):` whose body is a docstring
//     and annotated fields without values (ir.Row, in Layer.Rows), usable
//     in the annotations of this and other modules of the layer and in
//     plans that import them; `__unique__ = ("id", "email")` in the body
//     declares columns no two rows of one query result share (ir.Row.Unique;
//     a plain class attribute, so the original Python ClauZ3 loads the
//     file unchanged). Only int and str columns may be unique: the prover
//     assumes it (and every engine checks it on each result at run time:
//     ir/interp, runtime's CheckUnique), and a unique bool column would make every result of three
//     rows impossible;
//   - effects: top-level functions marked @clauz3.trusted or @deal.has(...)
//     (markers recorded), with annotated parameters (int, float, str,
//     bool, list[T], dict[K, V], set[T], tuple[...], T | None, rows,
//     literal defaults) and a return annotation;
//     @clauz3.requires(lambda ...: ..., message=...) / @deal.pre(...) become ir.Condition over the parameters they name,
//     @clauz3.ensures(lambda result: ...) / @deal.post(...) over the result,
//     including all(P(r) for r in result) on an effect that also ensures
//     len(result) <= N: the conjunction over i < N of
//     len(result) <= i or P(result[i]), with P over one element in
//     ir.Condition.Each (allrows.go); the docstring's lines "card:
//     SENTENCE", "card action: WORDS", "card label PARAM: WORDS" and
//     "card unit PARAM: NAME[, N decimals]" (the money unit of an int
//     parameter) are how the approval card says a call (ir.Effect.Card;
//     effectcard.go: {param} placeholders, labels and units must name
//     parameters, a unit only an int one, with a name and 0 to 18
//     decimals, the sentence must show every parameter, no control or
//     invisible characters, no unknown or repeated key, else the layer is
//     refused);
//   - relations: module-level `R = effect(send_email)` or
//     `R = effect("name or marker")`, which must select at least one effect
//     of the layer; the fact's fields are the parameters every selected
//     effect shares;
//   - contracts: @contract functions, whose body (straight-line assignments
//     of relation expressions or of column = getattr(schema, field), and
//     one return) is compiled to an ir.Spec; one with a parameter of type
//     type is a Template, compiled at each call site (template.go):
//     R.all(p), R.empty(), R.where(p) (chains), R.distinct(k),
//     R.count() <op> n, R.sum(k) <op> n, A.shares_value(B, k) (k is
//     compiled once over each relation's facts, so the fields it reads
//     must exist in both and the two keys must have one type),
//     no_guarantees();
//   - fluents: `F = fluent("door_locked", key=str, value=bool,
//     initial=True)` (key str or int; value bool, int or str; every part
//     required), written by `@effect(lambda door: F.set(door, False))`
//     on trusted effects (from clauz3.fluent; the lambda's parameters name
//     the effect's parameters; ir.Effect.Updates) and read by contracts as
//     `F.final.all(lambda v: ...)` (or `lambda k, v: ...`, or the original's
//     `lambda d: d.value == True` with d.key and d.value) and `F.final[key] == v` / `!= v`;
//   - the coverage policy: `POLICY = domain_policy(when_used=...,
//     required=[...], recommended=[...], label=...)`, whose names must be
//     effects (or markers) and contracts of the same layer;
//   - module-level literal constants, usable in lambdas and contracts.
//
// A layer may import clauz3 (and clauz3.spec, clauz3.policy), deal,
// typing, __future__ and its own modules. It may also import any other
// module (os, pathlib, ...) for the bodies of its effects and undecorated
// helper functions: those bodies may be any Python the parser reads, and
// are skipped, never compiled or run (the prover reasons from signatures
// and conditions; a build links the layer's Go implementation, and says so
// when there is none). Names so imported are opaque (KForeign): using one
// in a condition, contract or constant is refused. Everything else is
// refused with a located error pointing into the layer file: imports of
// other tools.* packages, lambdas using anything but field access (of
// facts, and of row-typed parameters and fact fields), literals, contract parameters, comparisons, in/not in, and/or/not, + and
// -, len, startswith and endswith; unknown fields; an effect() that
// selects nothing; classes other than row types, and row types with
// methods, defaults or other bases. @deal.ensure and @deal.raises are
// refused as "not supported yet".
//
// A relation selects effects by name or marker. It is built from this
// layer's effects; the compiler widens it to the effects of other imported
// layers that carry the same marker, when the fields the contract reads
// exist there. Relative imports (`from .effects import x`) resolve inside
// the layer's package.
//
// Called by the compiler package when a plan imports a module of the
// layer; also usable on its own (coverage, `clauz3 install` checks).
package layer
