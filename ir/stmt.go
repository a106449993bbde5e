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

func (p Pos) Position() Pos { return p }

func (*Assign) isStmt()   {}
func (*If) isStmt()       {}
func (*For) isStmt()      {}
func (*Return) isStmt()   {}
func (*ExprStmt) isStmt() {}
