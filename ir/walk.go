package ir

// Inspect calls f on e and, while f returns true, on each of its
// subexpressions in evaluation order.
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
	}
}
