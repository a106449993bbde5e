package ir

import "fmt"

// Inspect calls f on e and, while f returns true, on each of its
// subexpressions in evaluation order, the body of a builtin's key= lambda
// included (after the builtin's arguments): a closure reads enclosing
// locals, so a walk that skipped it would miss reads. It is the one walk
// over expressions; it panics on an expression kind it has no case for,
// since skipping one could hide what it evaluates.
func Inspect(e Expr, f func(Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	each := func(es ...Expr) {
		for _, x := range es {
			Inspect(x, f)
		}
	}
	switch e := e.(type) {
	case *BinOp:
		each(e.X, e.Y)
	case *UnOp:
		each(e.X)
	case *BoolOp:
		each(e.X, e.Y)
	case *Compare:
		each(e.Operands...)
	case *Call:
		each(e.Args...)
	case *EffectCall:
		each(e.Args...)
	case *Builtin:
		each(e.Args...)
		for _, kw := range e.Keywords {
			each(kw.Value)
		}
		if e.Key != nil {
			each(e.Key.Body)
		}
	case *Index:
		each(e.X, e.Index)
	case *Slice:
		each(e.X)
		for _, b := range []Expr{e.Lo, e.Hi, e.Step} {
			if b != nil {
				each(b)
			}
		}
	case *Attr:
		each(e.X)
	case *IsColumn:
		each(e.X)
	case *Unwrap:
		each(e.X)
	case *CondExpr:
		each(e.Cond, e.Then, e.Else)
	case *SetLit:
		each(e.Elems...)
	case *Comprehension:
		for _, c := range e.Clauses {
			each(c.Iter)
			each(c.Conds...)
		}
		if e.Key != nil {
			each(e.Key)
		}
		each(e.Elem)
	case *ListLit:
		each(e.Elems...)
	case *TupleLit:
		each(e.Elems...)
	case *DictLit:
		for i := range e.Keys {
			each(e.Keys[i], e.Values[i])
		}
	case *Range:
		each(e.Start, e.Stop, e.Step)
	case *FString:
		for _, p := range e.Parts {
			if p.X != nil {
				each(p.X)
			}
			if p.DynSpec != nil {
				each(p.DynSpec)
			}
		}
	case *Const, *LocalRef, *FactField:
	default:
		panic(fmt.Sprintf("ir.Inspect: expression %T has no case", e))
	}
}

// UnknownStmtError is InspectStmts' refusal of a statement kind it does
// not know: a walk that skipped it could miss what the statement
// evaluates, so callers fail closed on it.
type UnknownStmtError struct{ Stmt Stmt }

func (e *UnknownStmtError) Error() string {
	return fmt.Sprintf("%s: statement %T is not understood", e.Stmt.Position(), e.Stmt)
}

// InspectStmts calls expr on every expression the statements evaluate
// directly, in program order, and descends into the bodies of If and For
// (a For's body only when enter(f) is true; nil enters every body). It is
// the one walk over statements: a statement kind added to the IR without
// a case here is an *UnknownStmtError, never a silent skip.
func InspectStmts(ss []Stmt, expr func(Expr), enter func(*For) bool) error {
	for _, s := range ss {
		switch s := s.(type) {
		case *Assign:
			expr(s.Value)
		case *If:
			expr(s.Cond)
			if err := InspectStmts(s.Then, expr, enter); err != nil {
				return err
			}
			if err := InspectStmts(s.Else, expr, enter); err != nil {
				return err
			}
		case *For:
			expr(s.Iter)
			if enter == nil || enter(s) {
				if err := InspectStmts(s.Body, expr, enter); err != nil {
					return err
				}
			}
		case *Return:
			if s.Value != nil {
				expr(s.Value)
			}
		case *ExprStmt:
			expr(s.X)
		case *SetIndex:
			expr(s.X)
			expr(s.Index)
			expr(s.Value)
		case *Assert:
			expr(s.Cond)
			if s.Msg != nil {
				expr(s.Msg)
			}
		case *Raise:
			if s.Msg != nil {
				expr(s.Msg)
			}
		case *Break, *Continue:
		default:
			return &UnknownStmtError{Stmt: s}
		}
	}
	return nil
}
