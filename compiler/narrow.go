package compiler

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/ir"
)

// Narrowing of T | None (docs/design.md section 3.1): after `if x is not None:`, in the
// else branch of `if x is None:` (and after it when its body cannot fall
// through: return, raise, continue, break), in the operands that
// follow `x is not None and` / `x is None or`, and in the arm of a
// conditional expression its test proves so, a local x of type T | None
// is read as a T: the compiler wraps its reads in ir.Unwrap. So it is
// after an assignment of a T to x (storeName), as mypy narrows on
// assignment. Any other assignment to x ends the narrowing, a join keeps
// it only where both paths have it, and a loop keeps it at its start only
// if its body keeps it to its end and at every continue (forStmt assumes
// so, and a compile round that finds otherwise is compiled again with the
// narrowing dropped there: compileRounds), and after it only if it held
// before it and at each way out (mypy takes a loop to run zero times or
// more). A nested def or a key= lambda reads x as declared, as mypy
// types them: they may run when x holds another value (a def), and mypy
// does not carry the narrowing into a lambda.

// noneTest recognizes `x is None` (none true) and `x is not None` on a
// plain name.
func noneTest(e ast.Expr) (name string, none bool, ok bool) {
	c, isCmp := e.(*ast.Compare)
	if !isCmp || len(c.Ops) != 1 || len(c.Comparators) != 1 {
		return "", false, false
	}
	n, isName := c.Left.(*ast.Name)
	if !isName || !isNone(c.Comparators[0]) {
		return "", false, false
	}
	switch c.Ops[0] {
	case ast.Is:
		return string(n.Id), true, true
	case ast.IsNot:
		return string(n.Id), false, true
	}
	return "", false, false
}

// noneChecks returns the names a condition proves not None when it is
// true and when it is false.
func (fl *fnLowerer) noneChecks(e ast.Expr) (ifTrue, ifFalse []string) {
	if name, none, ok := noneTest(e); ok {
		if none {
			return nil, []string{name}
		}
		return []string{name}, nil
	}
	switch e := e.(type) {
	case *ast.Name:
		// A true value is not None (a false one may be 0 or "" as
		// well): `if x:`, `if not x: return`, `x and x + 1`.
		return []string{string(e.Id)}, nil
	case *ast.UnaryOp:
		if e.Op == ast.Not {
			t, f := fl.noneChecks(e.Operand)
			return f, t
		}
	case *ast.BoolOp:
		// `a and b` is true only when every operand is; `a or b` is false
		// only when every operand is.
		for _, v := range e.Values {
			t, f := fl.noneChecks(v)
			if e.Op == ast.And {
				ifTrue = append(ifTrue, t...)
			} else {
				ifFalse = append(ifFalse, f...)
			}
		}
	}
	return ifTrue, ifFalse
}

// narrow marks the optional locals named in names as not None in st.
func (fl *fnLowerer) narrow(st flow, names []string) {
	for _, name := range names {
		if _, scopedName := fl.lookupScoped(name); scopedName {
			continue
		}
		if loc := fl.locals[name]; loc != nil && st.defined[loc] {
			if _, opt := loc.Type.(*ir.Optional); opt {
				st.narrowed[loc] = true
			}
		}
	}
}

// guardBoolOp marks the reads of x in the operands of a BoolOp that
// follow an operand proving x not None when the evaluation gets there:
// `x is not None and f(x)`, `x is None or f(x)`.
func (fl *fnLowerer) guardBoolOp(e *ast.BoolOp) {
	var names []string
	for i, v := range e.Values {
		if i > 0 {
			fl.guardNames(v, names)
		}
		t, f := fl.noneChecks(v)
		if e.Op == ast.And {
			names = append(names, t...)
		} else {
			names = append(names, f...)
		}
	}
}

// guardIfExp marks the reads of x in the arm of `a if c else b` that
// runs only where c proves x not None: `x + 1 if x is not None else 0`,
// `0 if x is None else x + 1` (as mypy narrows a conditional's arms).
func (fl *fnLowerer) guardIfExp(e *ast.IfExp) {
	ifTrue, ifFalse := fl.noneChecks(e.Test)
	fl.guardNames(e.Body, ifTrue)
	fl.guardNames(e.Orelse, ifFalse)
}

// guardNames marks the reads of names in e as guarded, except inside a
// lambda, which reads the declared type (narrowedRead).
func (fl *fnLowerer) guardNames(e ast.Expr, names []string) {
	if len(names) == 0 {
		return
	}
	guard := map[string]bool{}
	for _, n := range names {
		guard[n] = true
	}
	ast.Walk(e, func(n ast.Ast) bool {
		if _, lam := n.(*ast.Lambda); lam {
			return false
		}
		if nm, ok := n.(*ast.Name); ok && guard[string(nm.Id)] {
			fl.guarded[nm] = true
		}
		return true
	})
}

// keepOptionalAgainstNone marks the names compared with a None literal
// (`x is None`, `x != None`): a narrowed x stays a T | None there, so the
// comparison types as it does elsewhere.
func (fl *fnLowerer) keepOptionalAgainstNone(c *ast.Compare) {
	operands := append([]ast.Expr{c.Left}, c.Comparators...)
	for i := 0; i+1 < len(operands); i++ {
		a, b := operands[i], operands[i+1]
		if n, ok := a.(*ast.Name); ok && isNone(b) {
			fl.vsNone[n] = true
		}
		if n, ok := b.(*ast.Name); ok && isNone(a) {
			fl.vsNone[n] = true
		}
	}
}

// narrowedRead wraps the read of an optional local in Unwrap where it is
// narrowed (and a T | None is not what the context wants).
func (fl *fnLowerer) narrowedRead(n *ast.Name, loc *ir.Local, ref ir.Expr, want ir.Type) ir.Expr {
	if _, opt := loc.Type.(*ir.Optional); !opt {
		return ref
	}
	if _, wantOpt := want.(*ir.Optional); wantOpt {
		return ref
	}
	// A key= lambda sees the declared type of the function's locals, as
	// mypy types a lambda (a check inside the lambda still narrows).
	narrowed := fl.cur.narrowed[loc] && !fl.inLambda(loc)
	if (narrowed || fl.guarded[n]) && !fl.vsNone[n] {
		return &ir.Unwrap{Pos: ref.Position(), X: ref}
	}
	return ref
}

// inLambda reports whether loc is read from inside a key= lambda that
// does not own it (a local of the function, not the lambda's parameter
// or a comprehension variable inside it).
func (fl *fnLowerer) inLambda(loc *ir.Local) bool {
	return fl.lambdas > 0 && fl.locals[loc.Name] == loc
}
