// Package english renders a contract, or a guarantee (a contract applied
// to arguments), as one deterministic English sentence, derived only from
// the contract's compiled definition (its ir.Spec): the relation's variable
// name, effect names and filters, the predicate's comparisons, the count or
// sum bound, with the guarantee's arguments substituted for the contract's
// parameters. There are no per-contract strings: two layers that define the
// same spec read the same.
//
// The sentence is for a human deciding whether to approve; it must never
// claim more than the spec says. Strings are shown in Python's quotes so
// their exact bounds are visible, lists are spelled out, and any expression
// it has no English for is shown as code. A spec or expression kind it does
// not know at all is an error, never a guess: the caller shows the code
// form only. Every such error holds an *Error whose Kind says why
// (NoRendering, Missing, Arity, Malformed), under the context that wraps
// it with %w.
//
// Assumption renders a precondition a plan wrote on its target (the one
// fact about its inputs the proof assumes) the same way, each parameter
// read as "the input <name>".
//
// Called by the approval service's UI, `clauz3 run` (the submitted
// guarantee text), `clauz3 tools` and `clauz3 prove` output.
package english
