package ir

// Spec is the meaning of a guarantee: a predicate over every trace the
// target can produce (docs/design.md section 4).
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

// SharesValue holds when some fact of A and some fact of B have equal
// keys. The contract writes one key lambda; KeyA is it compiled over a
// fact of A and KeyB over a fact of B (the two relations' facts may have
// different types), so both read the same fields and have one type.
type SharesValue struct {
	Pos
	A, B       *Relation
	KeyA, KeyB *Lambda
}

func (*SharesValue) isSpec() {}

func (*NoGuarantees) isSpec() {}
func (*All) isSpec()          {}
func (*Empty) isSpec()        {}
func (*Distinct) isSpec()     {}
func (*Count) isSpec()        {}
func (*Sum) isSpec()          {}

// Fluent is a named state a trusted layer declares with
// `F = fluent("door_locked", key=str, value=bool, initial=True)`: a map
// from keys to values in which every key starts at Initial. Effects write
// it (Effect.Updates); contracts read its value after the whole trace.
type Fluent struct {
	Pos
	Name    string // the fluent's name, e.g. door_locked
	Var     string // the variable it is bound to, e.g. DoorLocked
	Module  string
	Key     Type // str or int
	Value   Type // bool, int or str
	Initial Expr // a constant of type Value
}

// FluentUpdate is `@effect(lambda door: F.set(door, False))` on a trusted
// effect: every call writes Value at Key. Key and Value read the call's
// arguments as fields of one fact of the effect (FactField).
type FluentUpdate struct {
	Pos
	Source string // the lambda as written
	Fluent *Fluent
	Fact   *Local // the lambdas' parameter: one fact of the effect
	Key    Expr
	Value  Expr
}

// FinalAll holds when, after the whole trace, the fluent's value at every
// key satisfies Pred: a lambda over the value, or over the key and the
// value (Params [key, value]). Keys never written keep the initial value,
// so Pred must hold for it too (for every such key, when Pred reads the
// key).
type FinalAll struct {
	Pos
	Fluent *Fluent
	Pred   *Lambda
}

// FinalIs holds when, after the whole trace, the fluent's value at Key
// compares with Value by Op (Eq or NotEq). Key and Value are constants or
// contract parameters.
type FinalIs struct {
	Pos
	Fluent *Fluent
	Key    Expr
	Op     CmpOp
	Value  Expr
}

func (*FinalAll) isSpec() {}
func (*FinalIs) isSpec()  {}

// IsColumn is a column reference in a contract lambda:
// `X == getattr(Row, "Column")` (or != when Negated). It holds when the
// value of X is the Column field of a row that a trusted query whose
// result type has Row returned: provenance, not an equal string (a
// literal equal to some row's column does not hold). Column is a str or
// int column of Row and X an expression over the fact of the same type.
type IsColumn struct {
	Pos
	X       Expr
	Row     *Row
	Column  string
	Negated bool
}

func (e *IsColumn) Type() Type { return Bool }
func (*IsColumn) isExpr()      {}
