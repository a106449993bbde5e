// Package ir defines the typed intermediate representation that every
// later stage of ClauZ3 consumes: the prover turns it into Z3 formulas, the
// interpreter (ir/interp) runs it, gen prints it as the Go source of a
// sealed binary, and ir/english renders its guarantees as sentences.
//
// The IR is a small, structured tree, not a control-flow graph. Plans are
// short and loop-bounded, and a tree keeps two consumers simple: symbolic
// execution merges the two arms of an If under a guard, and the Go
// generator can print one Go statement per IR statement, so the generated
// program reads like its source.
//
// # Shape
//
// A Program holds the plan's functions (Funcs, with Target the one the
// guarantees are about), the trusted effects the plan can call (Effects,
// each with its typed parameters, markers, requires and ensures), and the
// guarantees on the target (Guarantees), each a Spec over effect facts.
//
// Functions own their Locals. A Local is one Python name in one function;
// the front end has already resolved every name, so the IR has no scopes.
// Parameters are Locals too (Func.Params).
//
// A nested def is a Func of its own with Func.Outer naming the enclosing
// function; it is listed in Program.Funcs after its Outer. Its body reads
// (and may assign) Locals of Outer and of Outer's enclosing functions
// directly through LocalRef and Assign: there are no closure values, since
// functions are not values in the subset (a nested function can only be
// called, from Outer or from another function nested in Outer). A read of an
// enclosing function's Local sees the value it has at the time of the read
// (Python's late binding): the enclosing function's frame is the innermost
// active one of Outer, which is the frame the call chain runs inside.
//
// Statements: Assign, If, For, Return, ExprStmt, SetIndex (xs[i] = v),
// Break, Continue, Assert and Raise. InspectStmts is the one walk over
// them (an unknown kind is an error, and a test keeps it complete);
// Inspect is the one walk over expressions: every subexpression, key=
// lambda bodies included, and a panic on an unknown kind (the same test
// keeps it complete).
//
// Expressions: Const, LocalRef, BinOp, UnOp, BoolOp, Compare, CondExpr,
// Call, EffectCall, Builtin, ListLit, TupleLit, DictLit, SetLit, Range,
// FString, Index, Slice, Attr, Unwrap and Comprehension, and in a
// contract's lambdas FactField and IsColumn. Expressions are typed
// (Expr.Type) and carry the source position of the Python construct they
// came from, so every later error and every counterexample can point at the
// user's line and column.
//
// Calls are already resolved: Call names a *Func of the plan, EffectCall
// an *Effect of a trusted layer and Builtin a row of BuiltinTable, the one
// table of builtins (signature, result, the exceptions it may raise,
// whether it mutates, how the prover decides it, and an example every
// engine runs). Their Args are in parameter order with
// defaults filled in, so keyword arguments and defaults do not reach the IR.
//
// # Contracts
//
// A guarantee's Spec is compiled statically from the trusted layer's
// @contract function with the guarantee's arguments bound as constants.
// Specs: All, Empty, Distinct, Count, Sum, SharesValue, FinalAll,
// FinalIs and NoGuarantees.
// Relations select effect facts by effect name or marker (Relation.Selector)
// and may be narrowed by Filters. Predicates and keys are Lambdas whose
// parameter is a fact; a fact's fields are the effect's parameters, read
// with FactField.
//
// # Semantics
//
// Types: Basic (int, float, str, bool, None), List, Tuple, Dict, Set,
// Optional, Row (a trusted layer's record), ObjectType (Python's object,
// for a trusted effect's parameter) and Fact (a contract lambda's
// parameter).
//
// Values follow Python, with one deliberate difference: int is int64 in
// every engine (the interpreter, the sealed binary, the prover, and
// CPython in the differential test, whose runner checks the plan's
// arithmetic). An operation whose exact result does not fit (+, -, *, **,
// //, unary -, abs, sum at every partial sum, int() of a str or float,
// round, an enumerate counter passing the top) raises
// OverflowError("integer overflow") there and cuts the trace short, as
// a ZeroDivisionError does; -9223372036854775808 is a literal. // and %
// floor, str is a sequence of
// code points, `and`/`or` return an operand, a Compare with several
// operators is a Python chain and evaluates each operand at most once.
//
// A value of type T | None is used as a T only through Unwrap, which the
// front end inserts where `is not None` / `is None` checks have narrowed
// the local; its operand must be Optional and is never None when reached.
//
// Verify checks the invariants every builder must establish (each violation
// an Error of code Internal: IR that does not verify is a bug of its
// builder); Fprint prints a program in a stable text form (`clauz3 ir
// PLAN`).
//
// # Diagnostics
//
// Error is the one located diagnostic of the module: the compiler (and
// its syntax stage), the prover and the generator all return it, with a
// Code saying its kind (code.go). Codes are stable: never renumbered or
// renamed (TestCodesArePinned), so callers decide on them and never on
// message text. Diagnostics lists every Error in an error's tree.
package ir
