package compiler

import (
	"fmt"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// An int where a float is expected, as mypy accepts it (`x: float = 1`),
// is a trap: CPython does not convert the value, so x holds the int 1 and
// prints as 1, where a float prints 1.0. The front end accepts it only
// where the int-ness cannot show, and lowers the constant as the float it
// then behaves as:
//
//   - the value is an int constant of magnitude below 2**53 (so the float
//     is the same number, and compares with any int as the int does),
//     assigned to a float local (annotated, or typed float by an earlier
//     assignment);
//   - every read of that local, in its function and the defs nested in
//     it, is an operand of arithmetic whose other operand is a float (not
//     itself such a local: CPython computes int op float in floats, as the
//     engines compute float op float), or of a comparison (==, !=, <, <=,
//     >, >=) with a number.
//
// Any other read (print, str, an f-string, an effect argument, a return,
// a copy into another name or a container, arithmetic with an int) could
// tell 1 from 1.0, and the assignment is refused with the read's line.

// promotion is an int constant assigned to a float local, lowered as a
// float.
type promotion struct {
	node ast.Ast // the value
	v    int64
}

// promote returns x as a float constant when it is an int constant that
// may stand for a float (its magnitude is below 2**53), recording the
// promotion for loc; nil otherwise.
func (fl *fnLowerer) promote(loc *ir.Local, node ast.Ast, x ir.Expr) ir.Expr {
	if !ir.IsBasic(loc.Type, ir.KindFloat) || !ir.IsBasic(x.Type(), ir.KindInt) {
		return nil
	}
	v, ok := intConst(x)
	if !ok || v <= -(1<<53) || v >= 1<<53 {
		return nil
	}
	fl.promoted[loc] = append(fl.promoted[loc], promotion{node: node, v: v})
	return &ir.Const{Pos: x.Position(), T: ir.Float, Value: float64(v)}
}

// checkPromotions refuses each promotion into a local some read of which
// could show that CPython holds an int there. It runs when fl's function
// and the defs nested in it are lowered.
func (fl *fnLowerer) checkPromotions() {
	if len(fl.promoted) == 0 {
		return
	}
	reads := map[*ir.LocalRef]bool{} // reads of promoted locals
	safe := map[*ir.LocalRef]bool{}  // those whose int-ness cannot show
	promotedRead := func(e ir.Expr) *ir.LocalRef {
		if r, ok := e.(*ir.LocalRef); ok && fl.promoted[r.Local] != nil {
			return r
		}
		return nil
	}
	visit := func(e ir.Expr) bool {
		switch e := e.(type) {
		case *ir.LocalRef:
			if promotedRead(e) != nil {
				reads[e] = true
			}
		case *ir.BinOp:
			switch e.Op {
			case ir.Add, ir.Sub, ir.Mul, ir.Div, ir.FloorDiv, ir.Mod, ir.Pow:
				for _, p := range [][2]ir.Expr{{e.X, e.Y}, {e.Y, e.X}} {
					if r := promotedRead(p[0]); r != nil && ir.IsBasic(p[1].Type(), ir.KindFloat) && promotedRead(p[1]) == nil {
						safe[r] = true
					}
				}
			}
		case *ir.Compare:
			for i, x := range e.Operands {
				r := promotedRead(x)
				if r == nil {
					continue
				}
				ok := true
				for _, j := range []int{i - 1, i} {
					if j < 0 || j >= len(e.Ops) {
						continue
					}
					other := e.Operands[j]
					if j == i {
						other = e.Operands[i+1]
					}
					ok = ok && numericCmp(e.Ops[j]) && numeric(other.Type())
				}
				if ok {
					safe[r] = true
				}
			}
		}
		return true
	}
	var walk func(f *fnLowerer)
	var werr error
	walk = func(f *fnLowerer) {
		if err := ir.InspectStmts(f.fn.Body, func(e ir.Expr) { ir.Inspect(e, visit) }, nil); err != nil && werr == nil {
			werr = err
		}
		for _, in := range f.inner {
			walk(in)
		}
	}
	walk(fl)
	for loc, ps := range fl.promoted {
		var bad *ir.LocalRef
		for r := range reads {
			if r.Local == loc && !safe[r] && (bad == nil || r.Pos.Line < bad.Pos.Line || r.Pos.Line == bad.Pos.Line && r.Pos.Col < bad.Pos.Col) {
				bad = r
			}
		}
		why := ""
		switch {
		case werr != nil:
			why = fmt.Sprintf("; its reads cannot be checked: %v", werr)
		case bad != nil:
			why = fmt.Sprintf("; it is accepted only where the value flows into arithmetic with a float or a comparison, and line %d:%d reads %s otherwise", bad.Pos.Line, bad.Pos.Col, loc.Name)
		default:
			continue
		}
		for _, p := range ps {
			fl.errorf(p.node, ir.TypeMismatch, "%s is float but assigned the int %d%s%s", loc.Name, p.v, types.PromotionHint(ir.Int, ir.Float), why)
		}
	}
}

func numericCmp(op ir.CmpOp) bool {
	switch op {
	case ir.Eq, ir.NotEq, ir.Lt, ir.LtE, ir.Gt, ir.GtE:
		return true
	}
	return false
}

func numeric(t ir.Type) bool {
	return ir.IsBasic(t, ir.KindInt) || ir.IsBasic(t, ir.KindFloat) || ir.IsBasic(t, ir.KindBool)
}
