package ir

// Stmt is an IR statement.
type Stmt interface {
	Position() Pos
	isStmt()
}

// Assign stores Value into Dest.
type Assign struct {
	Pos
	Dest  *Local
	Value Expr
}

// If runs Then when Cond is truthy, else Else. elif chains nest in Else.
type If struct {
	Pos
	Cond       Expr
	Then, Else []Stmt
}

// For binds Var to each element of Iter in order and runs Body.
type For struct {
	Pos
	Var  *Local
	Iter Expr // of list, tuple (homogeneous) or Range type
	Body []Stmt
}

// Return leaves the function; Value is nil for a bare return.
type Return struct {
	Pos
	Value Expr
}

// ExprStmt evaluates X for its effects and discards the value.
type ExprStmt struct {
	Pos
	X Expr
}

// SetIndex is X[Index] = Value on a list or dict.
type SetIndex struct {
	Pos
	X, Index, Value Expr
}

// Break leaves the innermost loop.
type Break struct{ Pos }

// Continue starts the next iteration of the innermost loop.
type Continue struct{ Pos }

// Assert raises AssertionError(Msg) when Cond is falsy; Msg may be nil.
type Assert struct {
	Pos
	Cond, Msg Expr
}

// Raise raises an exception of class Class (a builtin exception name such
// as ValueError) with the message Msg (a str, or nil for none). An
// exception ends the plan: there is no try in the subset.
type Raise struct {
	Pos
	Class string
	Msg   Expr
}

func (p Pos) Position() Pos { return p }

func (*Assign) isStmt()   {}
func (*If) isStmt()       {}
func (*For) isStmt()      {}
func (*Return) isStmt()   {}
func (*ExprStmt) isStmt() {}
func (*SetIndex) isStmt() {}
func (*Break) isStmt()    {}
func (*Continue) isStmt() {}
func (*Assert) isStmt()   {}
func (*Raise) isStmt()    {}
