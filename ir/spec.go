package ir

// Spec is the meaning of a guarantee: a predicate over every trace the
// target can produce (DESIGN.md section 4).
type Spec interface {
	Position() Pos
	isSpec()
}

// Relation is the set of effect facts whose effect name or marker is
// Selector, narrowed by every filter in Filters.
type Relation struct {
	Pos
	// Name is the module-level variable the relation was defined as (e.g.
	// Email for Email = effect(send_email)); "" for an inline effect(...).
	// Only the English rendering reads it: it never changes the meaning.
	Name     string
	Selector string
	Effects  []*Effect // every effect of the program the selector names
	Fact     *Fact     // the fields its lambdas may read
	Filters  []*Lambda
}

// Lambda is a predicate or key over one fact (contract lambdas) or over an
// effect's parameters (requires) or result (ensures).
type Lambda struct {
	Pos
	Source string
	Params []*Local
	Body   Expr
}

// NoGuarantees always holds: an explicit, visible "I promise nothing here".
type NoGuarantees struct{ Pos }

// All holds when every fact of Rel satisfies Pred.
type All struct {
	Pos
	Rel  *Relation
	Pred *Lambda
}

// Empty holds when Rel has no fact.
type Empty struct {
	Pos
	Rel *Relation
}

// Distinct holds when no two facts of Rel share Key.
type Distinct struct {
	Pos
	Rel *Relation
	Key *Lambda
}

// Count holds when the number of facts of Rel compares to N by Op.
type Count struct {
	Pos
	Rel *Relation
	Op  CmpOp
	N   Expr
}

// Sum holds when the sum of Key over the facts of Rel compares to N by Op.
type Sum struct {
	Pos
	Rel *Relation
	Key *Lambda
	Op  CmpOp
	N   Expr
}

func (*NoGuarantees) isSpec() {}
func (*All) isSpec()          {}
func (*Empty) isSpec()        {}
func (*Distinct) isSpec()     {}
func (*Count) isSpec()        {}
func (*Sum) isSpec()          {}
