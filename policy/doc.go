// Package policy owns approval policies (docs/design.md section 5): a JSON file of
// ordered rules that decide some approval requests without a human, by
// proving contract clauses against the plan. The format is documented in
// docs/policies.md.
//
// Load/Parse read and validate a policy: unknown fields, an unknown
// decision, a rule without clauses, an allow rule with unless_proven or a
// deny rule with when_proven, duplicate rule names and empty reasons are
// refused with the rule they are about, as an *Error whose Kind (and, for
// an Invalid policy, each Problem's Kind and Rule) says what is wrong.
//
// Evaluate compiles every clause against the plan's own trusted layers
// (compiler.CompileWithClauses) and proves it with the prover. An
// auto_approved rule also needs, for every effect the plan can call, a
// proved clause that selects every call of that effect (prover.Selects:
// a clause says nothing about an effect its relations do not select, and
// a where() filter, shares_value, a lower bound or a waiver does not
// select it whole). A proved clause that selects none of the plan's
// effects is flagged VacuousDetail. auto_rejected
// rules are evaluated first, in file order, then auto_approved rules; the
// first rule that fires decides. A rule whose clause does not compile,
// cannot be decided (unknown, timeout, encoder error) or is otherwise
// indeterminate is inconclusive: it never fires, an inconclusive deny rule
// keeps every allow rule from approving, and the answer is then Ask (a
// human decides). A plan that is not proved itself is an error, a
// *NotProvedError listing the obligations (errors.Is ErrPlanNotProved): a
// policy never decides a plan the prover refused.
//
// Called by `clauz3 policy-check` and by the approval service.
package policy
