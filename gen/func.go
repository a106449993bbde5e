package gen

import (
	"fmt"
	"path/filepath"

	"github.com/dave/jennifer/jen"

	"github.com/clauz3/clauz3/ir"
)

// fnGen generates one plan function.
type fnGen struct {
	g        *generator
	fn       *ir.Func
	outer    *fnGen // for a nested function: the generator of fn.Outer
	sc       *scope
	names    map[*ir.Local]string
	read     map[*ir.Local]bool
	compVars map[*ir.Local]bool // comprehension and lambda variables: declared where they bind
	declAt   map[ir.Stmt]bool   // top-level assignments that declare their local with :=
}

func (g *generator) newFnGen(fn *ir.Func, outer *fnGen) *fnGen {
	sc := g.pkg
	if outer != nil {
		sc = outer.sc
	}
	fg := &fnGen{
		g:        g,
		fn:       fn,
		outer:    outer,
		sc:       newScope(sc),
		names:    map[*ir.Local]string{},
		read:     map[*ir.Local]bool{},
		compVars: map[*ir.Local]bool{},
		declAt:   map[ir.Stmt]bool{},
	}
	// The functions nested in fn read its locals too.
	var walkNested func(f *ir.Func)
	walkNested = func(f *ir.Func) {
		for _, n := range g.nested[f] {
			walkStmts(n.Body, func(e ir.Expr) {
				if r, ok := e.(*ir.LocalRef); ok {
					fg.read[r.Local] = true
				}
			})
			walkNested(n)
		}
	}
	walkNested(fn)
	walkStmts(fn.Body, func(e ir.Expr) {
		switch e := e.(type) {
		case *ir.LocalRef:
			fg.read[e.Local] = true
		case *ir.Comprehension:
			for _, c := range e.Clauses {
				fg.compVars[c.Var] = true
			}
		case *ir.Builtin:
			if e.Key != nil {
				for _, p := range e.Key.Params {
					fg.compVars[p] = true // bound by the Go func literal
				}
			}
		}
	})
	return fg
}

// name is the Go identifier of a local.
func (fg *fnGen) name(l *ir.Local) string {
	if n, ok := fg.names[l]; ok {
		return n
	}
	if !owns(fg.fn, l) {
		for o := fg.outer; o != nil; o = o.outer {
			if owns(o.fn, l) {
				return o.name(l) // a local of an enclosing function
			}
		}
	}
	n := fg.sc.fresh(camel(l.Name, false))
	fg.names[l] = n
	return n
}

// temp returns a fresh Go identifier for a generated temporary.
func (fg *fnGen) temp(base string) string {
	return fg.sc.fresh(base)
}

func (g *generator) function(fn *ir.Func) {
	fg := g.newFnGen(fn, nil)
	params, body := fg.function()
	if g.usesRun[fn] {
		params = append([]jen.Code{runParamDecl()}, params...)
	}
	decl := jen.Func().Id(g.funcNames[fn]).Params(params...)
	if !ir.IsBasic(fn.Result, ir.KindNone) {
		decl = decl.Add(g.goType(fn.Pos, fn.Result))
	}
	g.f.Commentf("%s is the plan's function %s (%s:%d).", g.funcNames[fn], fn.Name, filepath.Base(fn.Pos.File), fn.Pos.Line)
	g.f.Add(decl.Block(body...))
}

// owns reports whether l is one of fn's locals.
func owns(fn *ir.Func, l *ir.Local) bool {
	return l.Index >= 0 && l.Index < len(fn.Locals) && fn.Locals[l.Index] == l
}

// function generates the parameters and the body of fg.fn.
func (fg *fnGen) function() (params, body []jen.Code) {
	g, fn := fg.g, fg.fn
	params = make([]jen.Code, len(fn.Params))
	isParam := map[*ir.Local]bool{}
	for i, p := range fn.Params {
		params[i] = jen.Id(fg.name(p)).Add(g.goType(p.Pos, p.Type))
		isParam[p] = true
	}
	// The locals the nested functions read are declared up front, before
	// the closures that capture them.
	captured := map[*ir.Local]bool{}
	nested := g.nested[fn]
	if len(nested) > 0 {
		for _, l := range fn.Locals {
			if fg.read[l] && !fg.compVars[l] {
				fg.name(l) // named before the closures' own locals
			}
		}
		var walkNested func(f *ir.Func)
		walkNested = func(f *ir.Func) {
			for _, n := range g.nested[f] {
				walkStmts(n.Body, func(e ir.Expr) {
					if r, ok := e.(*ir.LocalRef); ok {
						captured[r.Local] = true
					}
				})
				for _, s := range n.Body {
					for _, l := range stmtLocals(s) {
						captured[l] = true
					}
				}
				walkNested(n)
			}
		}
		walkNested(fn)
	}
	// Declarations: a local whose first appearance is a top-level
	// assignment is declared there with :=; the others up front.
	seen := map[*ir.Local]bool{}
	for _, p := range fn.Params {
		seen[p] = true
	}
	for _, s := range fn.Body {
		if a, ok := s.(*ir.Assign); ok {
			for _, l := range localsIn(a.Value) {
				seen[l] = true
			}
			if !seen[a.Dest] && fg.read[a.Dest] && !captured[a.Dest] {
				fg.declAt[s] = true
			}
			seen[a.Dest] = true
			continue
		}
		for _, l := range stmtLocals(s) {
			seen[l] = true
		}
	}
	declared := map[*ir.Local]bool{}
	for s := range fg.declAt {
		declared[s.(*ir.Assign).Dest] = true
	}
	for _, l := range fn.Locals {
		if isParam[l] || fg.compVars[l] || declared[l] || !fg.read[l] {
			continue
		}
		body = append(body, jen.Var().Id(fg.name(l)).Add(g.goType(l.Pos, l.Type)))
	}
	// Nested defs become Go closures declared here: they capture the
	// locals above by reference, so they read the values at call time, as
	// Python closures do (late binding).
	for _, n := range nested {
		body = append(body, fg.closure(n)...)
	}
	body = append(body, fg.stmts(fn.Body)...)
	if !ir.IsBasic(fn.Result, ir.KindNone) && !terminates(fn.Body) {
		body = append(body, jen.Panic(jen.Lit("unreachable: the front end proved every path returns")))
	}
	return params, fg.withConditions(body)
}

// withConditions adds the plan's own conditions of fg.fn around body: its
// preconditions first (the target's are checked by main before the
// receipt is redeemed, see mainFunc), and, when it has postconditions,
// the body runs in a func literal whose result every postcondition is
// checked on before it is returned, so that every return is covered.
func (fg *fnGen) withConditions(body []jen.Code) []jen.Code {
	g, fn := fg.g, fg.fn
	var pre []jen.Code
	if fn != g.prog.Target {
		for _, c := range fn.Requires {
			pre = append(pre, fg.planCheck("PlanRequire", c, fg.bindParams(c)))
		}
	}
	if len(fn.Ensures) == 0 {
		return append(pre, body...)
	}
	if ir.IsBasic(fn.Result, ir.KindNone) {
		g.fail(fn.Pos, ir.GenLimit, "postcondition of %s, which returns None, is not supported", fn.Name)
		return body
	}
	result := fg.temp("result")
	out := append(pre, jen.Id(result).Op(":=").Func().Params().Add(g.goType(fn.Pos, fn.Result)).Block(body...).Call())
	for _, c := range fn.Ensures {
		if len(c.Pred.Params) != 1 {
			g.fail(c.Pos, ir.Internal, "postcondition of %s must take the result", fn.Name)
			continue
		}
		fg.names[c.Pred.Params[0]] = result
		out = append(out, fg.planCheck("PlanEnsure", c, true))
	}
	return append(out, jen.Return(jen.Id(result)))
}

// bindParams names a precondition's parameters after the Go parameters
// of fg.fn with the same Python names.
func (fg *fnGen) bindParams(c *ir.Condition) bool {
	for _, lp := range c.Pred.Params {
		p := findParam(fg.fn, lp.Name)
		if p == nil {
			fg.g.fail(c.Pos, ir.Internal, "precondition of %s reads %s, which is not a parameter", fg.fn.Name, lp.Name)
			return false
		}
		fg.names[lp] = fg.name(p)
	}
	return true
}

func findParam(fn *ir.Func, name string) *ir.Local {
	for _, p := range fn.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// planCheck is planrt.<check>(<clause>, "<function>", `<source>`).
func (fg *fnGen) planCheck(check string, c *ir.Condition, bound bool) jen.Code {
	if !bound {
		return jen.Null()
	}
	return jen.Qual(rt, check).Call(fg.truth(c.Pred.Body).c, jen.Lit(fg.fn.Name), sourceLit(c.Source))
}

// closure declares the nested function n as a Go func literal.
func (fg *fnGen) closure(n *ir.Func) []jen.Code {
	g := fg.g
	name := fg.sc.fresh(camel(n.Name, false))
	g.funcNames[n] = name
	ng := g.newFnGen(n, fg)
	params, body := ng.function()
	lit := jen.Func().Params(params...)
	if !ir.IsBasic(n.Result, ir.KindNone) {
		lit = lit.Add(g.goType(n.Pos, n.Result))
	}
	out := []jen.Code{
		jen.Commentf("%s is the plan's nested function %s (%s:%d).", name, n.Name, filepath.Base(n.Pos.File), n.Pos.Line),
		jen.Id(name).Op(":=").Add(lit.Block(body...)),
	}
	if !g.called[n] {
		out = append(out, jen.Id("_").Op("=").Id(name))
	}
	return out
}

// stmtLocals lists the locals a statement reads or writes.
func stmtLocals(s ir.Stmt) []*ir.Local {
	var out []*ir.Local
	var visit func(s ir.Stmt)
	visit = func(s ir.Stmt) {
		switch s := s.(type) {
		case *ir.Assign:
			out = append(out, s.Dest)
		case *ir.For:
			out = append(out, s.Var)
			for _, b := range s.Body {
				visit(b)
			}
		case *ir.If:
			for _, b := range s.Then {
				visit(b)
			}
			for _, b := range s.Else {
				visit(b)
			}
		}
	}
	visit(s)
	walkStmt(s, func(e ir.Expr) {
		if r, ok := e.(*ir.LocalRef); ok {
			out = append(out, r.Local)
		}
	})
	return out
}

// terminates reports whether Go sees the generated statements as
// terminating (the last is a return, a panic, or an if/else whose both
// arms terminate).
func terminates(ss []ir.Stmt) bool {
	if len(ss) == 0 {
		return false
	}
	switch s := ss[len(ss)-1].(type) {
	case *ir.Return, *ir.Raise:
		return true
	case *ir.If:
		return len(s.Else) > 0 && terminates(s.Then) && terminates(s.Else)
	}
	return false
}

func (fg *fnGen) stmts(ss []ir.Stmt) []jen.Code {
	var out []jen.Code
	for _, s := range ss {
		out = append(out, fg.stmt(s)...)
	}
	return out
}

func (fg *fnGen) stmt(s ir.Stmt) []jen.Code {
	g := fg.g
	switch s := s.(type) {
	case *ir.Assign:
		v := fg.convert(s.Value, s.Dest.Type)
		if !fg.read[s.Dest] {
			if _, isConst := s.Value.(*ir.Const); isConst {
				return nil // a constant nobody reads
			}
			// a value nobody reads: computed for its effects (and, for a
			// local it reads, to keep that local used in Go's eyes)
			return []jen.Code{jen.Id("_").Op("=").Add(v.c)}
		}
		if fg.declAt[s] {
			return []jen.Code{jen.Id(fg.name(s.Dest)).Op(":=").Add(typed(v).c)}
		}
		return []jen.Code{jen.Id(fg.name(s.Dest)).Op("=").Add(v.c)}
	case *ir.ExprStmt:
		return []jen.Code{fg.exprStmt(s.X)}
	case *ir.Return:
		if s.Value == nil || ir.IsBasic(fg.fn.Result, ir.KindNone) {
			if _, isConst := s.Value.(*ir.Const); s.Value != nil && !isConst {
				return []jen.Code{fg.exprStmt(s.Value), jen.Return()}
			}
			return []jen.Code{jen.Return()}
		}
		return []jen.Code{jen.Return(fg.convert(s.Value, fg.fn.Result).c)}
	case *ir.If:
		return []jen.Code{fg.ifStmt(s)}
	case *ir.For:
		if r, ok := s.Iter.(*ir.Range); ok {
			if loop := fg.countingLoop(s, r); loop != nil {
				return append(fg.reserve(s, r), loop)
			}
		}
		seq := fg.iterSeq(s.Iter)
		var head *jen.Statement
		if fg.read[s.Var] {
			head = jen.Id(fg.name(s.Var)).Op("=").Range().Add(seq)
		} else {
			head = jen.Range().Add(seq)
		}
		return []jen.Code{jen.For(head).Block(fg.stmts(s.Body)...)}
	case *ir.Break:
		return []jen.Code{jen.Break()}
	case *ir.Continue:
		return []jen.Code{jen.Continue()}
	case *ir.SetIndex:
		return fg.setIndex(s)
	case *ir.Assert:
		cond := fg.truth(s.Cond)
		if s.Msg == nil {
			return []jen.Code{jen.Qual(rt, "Assert").Call(cond.c)}
		}
		failed := not(cond)
		if c, ok := s.Cond.(*ir.Compare); ok && len(c.Ops) == 1 && (c.Ops[0] == ir.Eq || c.Ops[0] == ir.NotEq) {
			flipped := *c
			flipped.Ops = []ir.CmpOp{ir.NotEq}
			if c.Ops[0] == ir.NotEq {
				flipped.Ops = []ir.CmpOp{ir.Eq}
			}
			failed = fg.expr(&flipped) // not (a == b) is a != b for every type
		}
		return []jen.Code{jen.If(failed.c).Block(
			jen.Panic(jen.Qual(rt, "Exc").Call(jen.Lit("AssertionError"), fg.strOf(s.Msg).c)),
		)}
	case *ir.Raise:
		if s.Msg == nil {
			return []jen.Code{jen.Panic(jen.Qual(rt, "ExcClass").Call(jen.Lit(s.Class)))}
		}
		return []jen.Code{jen.Panic(jen.Qual(rt, "Exc").Call(jen.Lit(s.Class), fg.expr(s.Msg).c))}
	}
	g.fail(s.Position(), ir.GenLimit, "statement %T is not supported by the generator", s)
	return nil
}

// countingLoop writes `for v in range(start, stop)` (step 1 or -1, the
// forms that cannot overflow) as a Go counting loop, because a
// range-over-func loop calls its body through a closure on every
// iteration. Python's semantics are kept: start and stop are evaluated
// once, in order; the counter is a fresh variable copied into the loop
// variable at the top of each iteration, so assigning the loop variable
// in the body does not change the iteration, and after the loop it holds
// the last value taken (or its old value when the range was empty). It
// returns nil for any other step.
func (fg *fnGen) countingLoop(s *ir.For, r *ir.Range) *jen.Statement {
	if !countable(r) {
		return nil
	}
	n := fg.temp("n")
	init, cond, post := fg.countingClauses(n, r)
	var body []jen.Code
	if fg.read[s.Var] {
		body = append(body, jen.Id(fg.name(s.Var)).Op("=").Id(n))
	}
	body = append(body, fg.stmts(s.Body)...)
	return jen.For(init, cond, post).Block(body...)
}

// reserve pre-sizes the lists that a counting loop over a range of
// constant bounds appends to once per iteration (list.append as a
// statement of the body itself, not under an if), so that a list of a
// known final length is not copied every time it outgrows its storage:
// 40 % of the string_build benchmark's CPU was that growth. A list the
// body rebinds is left alone (the reservation would go to the old list).
// Reserve changes capacity only (and at most planrt's maxReserve
// items), so a loop that stops early changes nothing a plan can see.
func (fg *fnGen) reserve(s *ir.For, r *ir.Range) []jen.Code {
	start, okStart := constInt(r.Start)
	stop, okStop := constInt(r.Stop)
	step, _ := constInt(r.Step)
	if !okStart || !okStop {
		return nil
	}
	trips := (stop - start) * step // step is 1 or -1 (countable)
	if trips < 2 {
		return nil
	}
	var out []jen.Code
	seen := map[*ir.Local]bool{}
	for _, st := range s.Body {
		es, ok := st.(*ir.ExprStmt)
		if !ok {
			continue
		}
		b, ok := es.X.(*ir.Builtin)
		if !ok || b.Name != "list.append" || len(b.Args) != 2 {
			continue
		}
		ref, ok := b.Args[0].(*ir.LocalRef)
		if !ok || seen[ref.Local] || ref.Local == s.Var || rebinds(s.Body, ref.Local) {
			continue
		}
		seen[ref.Local] = true
		out = append(out, jen.Id(fg.name(ref.Local)).Dot("Reserve").Call(jen.Lit(int(trips))))
	}
	return out
}

// rebinds reports whether some statement of ss, at any depth, assigns
// local l (an assignment or a for loop's variable).
func rebinds(ss []ir.Stmt, l *ir.Local) bool {
	for _, s := range ss {
		switch s := s.(type) {
		case *ir.Assign:
			if s.Dest == l {
				return true
			}
		case *ir.For:
			if s.Var == l || rebinds(s.Body, l) {
				return true
			}
		case *ir.If:
			if rebinds(s.Then, l) || rebinds(s.Else, l) {
				return true
			}
		}
	}
	return false
}

// countable reports whether a range has step 1 or -1, the steps a Go
// counting loop takes without any overflow check.
func countable(r *ir.Range) bool {
	step, ok := constInt(r.Step)
	return ok && (step == 1 || step == -1)
}

// countingClauses are the init, condition and post statements of a Go
// counting loop over a countable range with counter n: start and stop are
// evaluated once, in that order.
func (fg *fnGen) countingClauses(n string, r *ir.Range) (init, cond, post *jen.Statement) {
	step, _ := constInt(r.Step)
	start := typed(fg.asInt(r.Start)).c
	cmp, inc := "<", "++"
	if step < 0 {
		cmp, inc = ">", "--"
	}
	if isConstExpr(r.Stop) {
		init = jen.Id(n).Op(":=").Add(start)
		cond = jen.Id(n).Op(cmp).Add(fg.asInt(r.Stop).c)
	} else {
		stop := fg.temp("stop")
		init = jen.List(jen.Id(n), jen.Id(stop)).Op(":=").List(start, typed(fg.asInt(r.Stop)).c)
		cond = jen.Id(n).Op(cmp).Id(stop)
	}
	return init, cond, jen.Id(n).Op(inc)
}

func (fg *fnGen) ifStmt(s *ir.If) *jen.Statement {
	st := jen.If(fg.truth(s.Cond).c).Block(fg.stmts(s.Then)...)
	switch {
	case len(s.Else) == 1:
		if elif, ok := s.Else[0].(*ir.If); ok {
			return st.Else().Add(fg.ifStmt(elif))
		}
		return st.Else().Block(fg.stmts(s.Else)...)
	case len(s.Else) > 1:
		return st.Else().Block(fg.stmts(s.Else)...)
	}
	return st
}

func (fg *fnGen) setIndex(s *ir.SetIndex) []jen.Code {
	var elem ir.Type
	switch t := s.X.Type().(type) {
	case *ir.List:
		elem = t.Elem
	case *ir.Dict:
		elem = t.Value
	default:
		fg.g.fail(s.Pos, ir.GenLimit, "item assignment on %s is not supported", s.X.Type())
		return nil
	}
	val := fg.convert(s.Value, elem)
	var pre []jen.Code
	// Python evaluates the value before the target and the index.
	if !isSimple(s.Value) && (!isSimple(s.X) || !isSimple(s.Index)) {
		t := fg.temp("v")
		pre = append(pre, jen.Id(t).Op(":=").Add(typed(val).c))
		val = gx{c: jen.Id(t), prec: precPrimary}
	}
	return append(pre, fg.primary(s.X).Dot("Set").Call(fg.expr(s.Index).c, val.c))
}

// exprStmt evaluates an expression for its effects.
func (fg *fnGen) exprStmt(e ir.Expr) *jen.Statement {
	switch e := e.(type) {
	case *ir.Call:
		return fg.call(e)
	case *ir.EffectCall:
		return fg.effectCall(e)
	case *ir.Builtin:
		if c := fg.builtinStmt(e); c != nil {
			return c
		}
	}
	return jen.Id("_").Op("=").Add(fg.expr(e).c)
}

// isSimple reports whether evaluating e has no effect and cannot raise,
// so it may be skipped or reordered.
func isSimple(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const, *ir.LocalRef:
		return true
	case *ir.UnOp:
		_, isConst := e.X.(*ir.Const)
		return e.Op == ir.Not && isSimple(e.X) || isConst && ir.IsBasic(e.X.Type(), ir.KindFloat)
	}
	return false
}

func (fg *fnGen) fail(pos ir.Pos, code ir.Code, format string, args ...any) gx {
	fg.g.fail(pos, code, format, args...)
	return gx{c: jen.Lit(fmt.Sprintf("<%s>", fmt.Sprintf(format, args...))), prec: precPrimary}
}

// runParam is the name of the *planrt.Run a generated function receives:
// the run's print buffer, effect host and call counts, which planrt keeps
// in no package variable.
const runParam = "rt"

// collectRunUsers decides which plan functions take the run: those that
// print or call an effect, call one that does, or enclose a nested
// function that does (a Go closure uses its enclosing function's run).
// A function that needs none of it keeps the signature a person would
// write for it.
func (g *generator) collectRunUsers() {
	g.usesRun = map[*ir.Func]bool{}
	calls := map[*ir.Func][]*ir.Func{}
	for _, fn := range g.prog.Funcs {
		visit := func(e ir.Expr) {
			switch e := e.(type) {
			case *ir.EffectCall:
				g.usesRun[fn] = true
			case *ir.Builtin:
				if e.Name == "print" {
					g.usesRun[fn] = true
				}
			case *ir.Call:
				calls[fn] = append(calls[fn], e.Func)
			}
		}
		walkStmts(fn.Body, visit)
		for _, cs := range [][]*ir.Condition{fn.Requires, fn.Ensures} {
			for _, c := range cs {
				if c.Pred != nil {
					walkExpr(c.Pred.Body, visit)
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range g.prog.Funcs {
			need := g.usesRun[fn]
			for _, callee := range calls[fn] {
				need = need || g.usesRun[callee]
			}
			if need && !g.usesRun[fn] {
				g.usesRun[fn], changed = true, true
			}
			if need && fn.Outer != nil && !g.usesRun[fn.Outer] {
				g.usesRun[fn.Outer], changed = true, true
			}
		}
	}
}

// runArg is the run argument of a call of fn: rt for a top-level function
// that takes it; nothing for one that does not, or for a nested function,
// a closure that already sees its enclosing function's rt.
func (g *generator) runArg(fn *ir.Func) []jen.Code {
	if fn.Outer == nil && g.usesRun[fn] {
		return []jen.Code{jen.Id(runParam)}
	}
	return nil
}

// runParamDecl is `rt *planrt.Run`.
func runParamDecl() jen.Code {
	return jen.Id(runParam).Op("*").Qual(rt, "Run")
}
