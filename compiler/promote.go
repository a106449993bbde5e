package compiler

import (
	"fmt"
	"sort"

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
//     assignment), passed to a float parameter of a plan function (never
//     an effect's: its trace would show the int) or given as its default;
//   - every read of that local, in its function and the defs nested in
//     it (key= lambdas and, for a parameter, the requires/ensures clauses
//     included), is an operand of arithmetic whose other operand is a float (not
//     itself such a local: CPython computes int op float in floats, as the
//     engines compute float op float), or of a comparison (==, !=, <, <=,
//     >, >=) with a number.
//
// Any other read (print, str, an f-string, an effect argument, a return,
// a copy into another name or a container, arithmetic with an int) could
// tell 1 from 1.0, and the assignment is refused with the read's line.
//
// A float function that returns an int constant (`return 1` under
// `-> float`) hands CPython's int to its callers. The constant is lowered
// as a float when the function is not the target and has no ensures
// clause (whose result parameter would read it), and every call of it is
// such an operand, or is the value assigned to a float local every read
// of which is.
//
// min and max of floats and int constants (max(0.5, 1), typed float by
// mypy) may return one of the ints, which CPython returns unchanged, and
// so may a conditional expression with an int constant arm beside a
// float one (1 if c else 2.5). The ints are lowered as floats when the call itself is such an operand, or
// is the value assigned to a float local every read of which is (the
// local is then checked as above).

// promotion is an int constant assigned to a float local, lowered as a
// float.
type promotion struct {
	node ast.Ast // the value
	v    int64
	from string // the call the int may come from ("max()"), or ""
}

// callPromotion is a min or max call with int constants among float
// arguments, or a conditional expression with an int constant arm and a
// float one, lowered with the ints as floats: its value may be one.
type callPromotion struct {
	call  ir.Expr   // the min/max call or the conditional expression
	what  string    // "max()", "the conditional expression"
	may   string    // "max() may return", "the conditional expression may be"
	node  ast.Ast   // the first int argument
	v     int64     // its value
	bound *ir.Local // the float local the call is assigned to, or nil
}

// promoteMinMax lowers the int constant arguments of the min or max call
// out, whose arguments args are ints and floats, as floats, recording the
// call for checkPromotions. It reports false, changing nothing, when an
// argument is neither a float nor an int constant below 2**53 in
// magnitude.
func (fl *fnLowerer) promoteMinMax(out *ir.Builtin, args []ast.Expr) bool {
	first := -1
	for i, x := range out.Args {
		if ir.IsBasic(x.Type(), ir.KindFloat) {
			continue
		}
		v, ok := ir.IntConstant(x)
		if !ok || !ir.IsBasic(x.Type(), ir.KindInt) || v <= -(1<<53) || v >= 1<<53 {
			return false
		}
		if first < 0 {
			first = i
		}
	}
	if first < 0 {
		return false
	}
	v0, _ := ir.IntConstant(out.Args[first])
	for i, x := range out.Args {
		if v, ok := ir.IntConstant(x); ok && ir.IsBasic(x.Type(), ir.KindInt) {
			out.Args[i] = &ir.Const{Pos: x.Position(), T: ir.Float, Value: float64(v)}
		}
	}
	fl.promotedCalls = append(fl.promotedCalls, &callPromotion{call: out, what: out.Name + "()", may: out.Name + "() may return", node: args[first], v: v0})
	return true
}

// promoteCond records the conditional expression x, whose int constant
// arm node (of value v) was lowered as a float beside a float arm (the
// lower package's PromoteArm): x may be that int.
func (fl *fnLowerer) promoteCond(node ast.Ast, v int64, x ir.Expr) {
	fl.promotedCalls = append(fl.promotedCalls, &callPromotion{call: x, what: "the conditional expression", may: "the conditional expression may be", node: node, v: v})
}

// bindPromoted records that the float local loc is assigned x, when x is
// a promoted min or max call: loc may then hold an int, and its reads are
// checked as a promoted local's.
func (fl *fnLowerer) bindPromoted(loc *ir.Local, x ir.Expr) {
	if !ir.IsBasic(loc.Type, ir.KindFloat) {
		return
	}
	for _, p := range fl.promotedCalls {
		if p.call == x && p.bound == nil {
			p.bound = loc
			fl.promoted[loc] = append(fl.promoted[loc], promotion{node: p.node, v: p.v, from: p.what})
		}
	}
}

// promote returns x as a float constant when it is an int constant that
// may stand for a float (its magnitude is below 2**53), recording the
// promotion for loc; nil otherwise.
func (fl *fnLowerer) promote(loc *ir.Local, node ast.Ast, x ir.Expr) ir.Expr {
	if !ir.IsBasic(loc.Type, ir.KindFloat) || !ir.IsBasic(x.Type(), ir.KindInt) {
		return nil
	}
	v, ok := ir.IntConstant(x)
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
	if len(fl.promoted) == 0 && len(fl.promotedCalls) == 0 {
		return
	}
	var bodies [][]ir.Stmt
	var walk func(f *fnLowerer)
	walk = func(f *fnLowerer) {
		bodies = append(bodies, f.fn.Body)
		for _, in := range f.inner {
			walk(in)
		}
	}
	walk(fl)
	calls := map[ir.Expr]bool{}
	for _, p := range fl.promotedCalls {
		calls[p.call] = p.bound != nil
	}
	bad, err := unsafeReads(bodies, func(l *ir.Local) *ir.Local {
		if fl.promoted[l] != nil {
			return l
		}
		return nil
	}, calls)
	for loc, ps := range fl.promoted {
		for _, p := range ps {
			fl.c.refusePromotion(p.node, loc, p.v, p.from, bad[loc], err)
		}
	}
	for _, p := range fl.promotedCalls {
		r := bad[p.call]
		why := ""
		switch {
		case err != nil:
			why = fmt.Sprintf("; its reads cannot be checked: %v", err)
		case r != nil:
			why = fmt.Sprintf("; it is accepted only where the result flows into arithmetic with a float or a comparison, or into a float local that does, and line %d:%d uses it otherwise", r.Position().Line, r.Position().Col)
		default:
			continue
		}
		fl.errorf(p.node, ir.TypeMismatch, "%s the int %d here%s%s", p.may, p.v, types.PromotionHint(ir.Int, ir.Float), why)
	}
}

// refusePromotion reports the promotion of the int v into loc at node when
// bad (the first read that could tell the int from a float) or err (the
// reads could not be walked) says so.
func (c *compiler) refusePromotion(node ast.Ast, loc *ir.Local, v int64, from string, bad ir.Expr, err error) {
	why := ""
	switch {
	case err != nil:
		why = fmt.Sprintf("; its reads cannot be checked: %v", err)
	case bad != nil:
		why = fmt.Sprintf("; it is accepted only where the value flows into arithmetic with a float or a comparison, and line %d:%d reads %s otherwise", bad.Position().Line, bad.Position().Col, loc.Name)
	default:
		return
	}
	if from != "" {
		c.errorf(node, ir.TypeMismatch, "%s is float but may be assigned the int %d by %s%s%s", loc.Name, v, from, types.PromotionHint(ir.Int, ir.Float), why)
		return
	}
	c.errorf(node, ir.TypeMismatch, "%s is float but assigned the int %d%s%s", loc.Name, v, types.PromotionHint(ir.Int, ir.Float), why)
}

// argPromotion is an int constant passed (or given as the default) to a
// float parameter of a plan function, lowered as a float.
type argPromotion struct {
	fn   *ir.Func
	loc  *ir.Local // the parameter
	node ast.Ast
	v    int64
}

// promoteArg returns x as a float constant when it is an int constant that
// may stand for the float parameter loc of fn, recording the promotion;
// nil otherwise. The reads of loc are checked once every function is
// lowered (checkArgPromotions).
func (c *compiler) promoteArg(fn *ir.Func, loc *ir.Local, node ast.Ast, x ir.Expr) ir.Expr {
	if !ir.IsBasic(loc.Type, ir.KindFloat) || !ir.IsBasic(x.Type(), ir.KindInt) {
		return nil
	}
	v, ok := ir.IntConstant(x)
	if !ok || v <= -(1<<53) || v >= 1<<53 {
		return nil
	}
	c.argPromos = append(c.argPromos, argPromotion{fn: fn, loc: loc, node: node, v: v})
	return &ir.Const{Pos: x.Position(), T: ir.Float, Value: float64(v)}
}

// checkArgPromotions refuses each promotion into a parameter some read of
// which, in its function or the defs nested in it, could show that CPython
// holds an int there.
func (c *compiler) checkArgPromotions() {
	if len(c.argPromos) == 0 {
		return
	}
	params := map[*ir.Local]bool{}
	for _, p := range c.argPromos {
		params[p.loc] = true
	}
	within := func(f, fn *ir.Func) bool {
		for ; f != nil; f = f.Outer {
			if f == fn {
				return true
			}
		}
		return false
	}
	done := map[*ir.Func]map[any]ir.Expr{}
	errs := map[*ir.Func]error{}
	for _, p := range c.argPromos {
		if _, ok := done[p.fn]; !ok {
			var bodies [][]ir.Stmt
			// A requires clause reads the parameters through its lambda's
			// own parameters of the same names.
			alias := map[*ir.Local]*ir.Local{}
			for _, fi := range c.funcs {
				if !within(fi.fn, p.fn) {
					continue
				}
				bodies = append(bodies, fi.fn.Body)
				for _, cd := range append(append([]*ir.Condition{}, fi.fn.Requires...), fi.fn.Ensures...) {
					for _, l := range []*ir.Lambda{cd.Pred, cd.Each} {
						if l == nil {
							continue
						}
						bodies = append(bodies, []ir.Stmt{&ir.ExprStmt{Pos: cd.Pos, X: l.Body}})
						for _, lp := range l.Params {
							for _, fp := range fi.fn.Params {
								if fp.Name == lp.Name && params[fp] {
									alias[lp] = fp
								}
							}
						}
					}
				}
			}
			done[p.fn], errs[p.fn] = unsafeReads(bodies, func(l *ir.Local) *ir.Local {
				if params[l] {
					return l
				}
				return alias[l]
			}, nil)
		}
		c.refusePromotion(p.node, p.loc, p.v, "", done[p.fn][p.loc], errs[p.fn])
	}
}

// unsafeReads returns, for each promoted local, its first read in bodies
// that is not an operand of arithmetic with a float (not itself a
// promoted value) or of a numeric comparison; and for each promoted call
// of calls the same of the call itself. A call occurs once (the IR shares
// no node; one seen twice is refused): calls[call] is true when that
// occurrence is the value assigned to a promoted local, whose reads are
// checked instead. promoted maps a local read to the promoted local it stands for
// (itself, or the parameter a condition's lambda parameter is bound to),
// or nil. The result is keyed by the *ir.Local or the call.
func unsafeReads(bodies [][]ir.Stmt, promoted func(*ir.Local) *ir.Local, calls map[ir.Expr]bool) (map[any]ir.Expr, error) {
	var reads []ir.Expr
	safe := map[ir.Expr]bool{}
	seen := map[ir.Expr]int{}
	isPromoted := func(e ir.Expr) bool {
		if r, ok := e.(*ir.LocalRef); ok {
			return promoted(r.Local) != nil
		}
		_, ok := calls[e]
		return ok
	}
	var visit func(e ir.Expr) bool
	visit = func(e ir.Expr) bool {
		if isPromoted(e) {
			if seen[e] == 0 {
				reads = append(reads, e)
			}
			seen[e]++
		}
		switch e := e.(type) {
		case *ir.BinOp:
			switch e.Op {
			case ir.Add, ir.Sub, ir.Mul, ir.Div, ir.FloorDiv, ir.Mod, ir.Pow:
				for _, p := range [][2]ir.Expr{{e.X, e.Y}, {e.Y, e.X}} {
					if isPromoted(p[0]) && ir.IsBasic(p[1].Type(), ir.KindFloat) && !isPromoted(p[1]) {
						safe[p[0]] = true
					}
				}
			}
		case *ir.Compare:
			for i, x := range e.Operands {
				if !isPromoted(x) {
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
					safe[x] = true
				}
			}
		}
		return true
	}
	for _, b := range bodies {
		if err := ir.InspectStmts(b, func(e ir.Expr) { ir.Inspect(e, visit) }, nil); err != nil {
			return nil, err
		}
	}
	bad := map[any]ir.Expr{}
	for _, r := range reads {
		var key any = r
		if ref, ok := r.(*ir.LocalRef); ok {
			key = promoted(ref.Local)
			if safe[r] {
				continue
			}
		} else if seen[r] == 1 && (safe[r] || calls[r]) {
			continue
		}
		p, b := r.Position(), bad[key]
		if b == nil || p.Line < b.Position().Line || p.Line == b.Position().Line && p.Col < b.Position().Col {
			bad[key] = r
		}
	}
	return bad, nil
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

// retPromotion is an int constant returned by a float function, lowered
// as a float.
type retPromotion struct {
	fn   *ir.Func
	node ast.Ast // the returned value
	v    int64
}

// promoteReturn returns x as a float constant when it is an int constant
// that may stand for the float result of fl's function, recording the
// promotion for checkReturnPromotions; nil otherwise.
func (fl *fnLowerer) promoteReturn(node ast.Ast, x ir.Expr) ir.Expr {
	fn := fl.fn
	if fn == fl.c.target.fn || len(fl.fi.ensures) > 0 || len(fn.Ensures) > 0 {
		return nil
	}
	if !ir.IsBasic(fn.Result, ir.KindFloat) || !ir.IsBasic(x.Type(), ir.KindInt) {
		return nil
	}
	v, ok := ir.IntConstant(x)
	if !ok || v <= -(1<<53) || v >= 1<<53 {
		return nil
	}
	fl.c.retPromos = append(fl.c.retPromos, retPromotion{fn: fn, node: node, v: v})
	return &ir.Const{Pos: x.Position(), T: ir.Float, Value: float64(v)}
}

// checkReturnPromotions refuses each int constant returned by a float
// function one call of which could show that CPython returns an int: a
// call not an operand of arithmetic with a float or of a numeric
// comparison, nor assigned to a float local all reads of which are.
func (c *compiler) checkReturnPromotions() {
	if len(c.retPromos) == 0 {
		return
	}
	promotedFn := map[*ir.Func]bool{}
	for _, p := range c.retPromos {
		promotedFn[p.fn] = true
	}
	// Every place a call can be: the functions' bodies and their
	// conditions' lambdas (ir.Inspect does not enter those, nor key=
	// lambdas, which unsafeReads enters).
	var bodies [][]ir.Stmt
	for _, fi := range c.funcs {
		bodies = append(bodies, fi.fn.Body)
		for _, cd := range append(append([]*ir.Condition{}, fi.fn.Requires...), fi.fn.Ensures...) {
			for _, l := range []*ir.Lambda{cd.Pred, cd.Each} {
				if l != nil {
					bodies = append(bodies, []ir.Stmt{&ir.ExprStmt{Pos: cd.Pos, X: l.Body}})
				}
			}
		}
	}
	calls := map[ir.Expr]bool{} // the calls of promoted functions
	callOf := map[ir.Expr]*ir.Func{}
	bound := map[*ir.Local]*ir.Func{} // float locals assigned such a call
	var find func(e ir.Expr) bool
	find = func(e ir.Expr) bool {
		switch e := e.(type) {
		case *ir.Call:
			if promotedFn[e.Func] {
				loc := c.callInto[e]
				calls[e] = loc != nil
				callOf[e] = e.Func
				if loc != nil {
					bound[loc] = e.Func
				}
			}
		case *ir.Builtin:
			if e.Key != nil {
				ir.Inspect(e.Key.Body, find)
			}
		}
		return true
	}
	for _, b := range bodies {
		if err := ir.InspectStmts(b, func(e ir.Expr) { ir.Inspect(e, find) }, nil); err != nil {
			for _, p := range c.retPromos {
				c.errorf(p.node, ir.TypeMismatch, "%s returns float, not int%s; its calls cannot be checked: %v", p.fn.Name, types.PromotionHint(ir.Int, ir.Float), err)
			}
			return
		}
	}
	bad, err := unsafeReads(bodies, func(l *ir.Local) *ir.Local {
		if bound[l] != nil {
			return l
		}
		return nil
	}, calls)
	// The first use, per function, that could show the int.
	first := map[*ir.Func]string{}
	note := func(fn *ir.Func, r ir.Expr, what string) {
		p := r.Position()
		s := fmt.Sprintf("line %d:%d %s", p.Line, p.Col, what)
		if first[fn] == "" {
			first[fn] = s
		}
	}
	var keys []ir.Expr
	for e := range calls {
		keys = append(keys, e)
	}
	sort.Slice(keys, func(i, j int) bool { return lessPos(keys[i].Position(), keys[j].Position()) })
	for _, e := range keys {
		if r := bad[e]; r != nil {
			note(callOf[e], r, "uses its result otherwise")
		}
	}
	var locs []*ir.Local
	for l := range bound {
		locs = append(locs, l)
	}
	sort.Slice(locs, func(i, j int) bool { return lessPos(locs[i].Pos, locs[j].Pos) })
	for _, l := range locs {
		if r := bad[l]; r != nil {
			note(bound[l], r, "reads "+l.Name+", assigned its result, otherwise")
		}
	}
	for _, p := range c.retPromos {
		why := ""
		switch {
		case err != nil:
			why = fmt.Sprintf("; its calls cannot be checked: %v", err)
		case first[p.fn] != "":
			why = "; it is accepted only where every call flows into arithmetic with a float or a comparison, or into a float local that does, and " + first[p.fn]
		default:
			continue
		}
		c.errorf(p.node, ir.TypeMismatch, "%s returns float, but CPython returns the int %d here%s%s", p.fn.Name, p.v, types.PromotionHint(ir.Int, ir.Float), why)
	}
}

func lessPos(a, b ir.Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}
