package compiler

import (
	"fmt"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// flow is the definite-assignment state at a point of a function: the
// locals assigned on every path to it, and whether it is reachable.
type flow struct {
	defined map[*ir.Local]bool
	// narrowed holds the T | None locals an `is not None` / `is None`
	// check proved not None on every path to here, with no assignment
	// since: their reads are Unwrap nodes typed T.
	narrowed map[*ir.Local]bool
	dead     bool
}

func (s flow) copy() flow {
	d := make(map[*ir.Local]bool, len(s.defined))
	for k := range s.defined {
		d[k] = true
	}
	n := make(map[*ir.Local]bool, len(s.narrowed))
	for k := range s.narrowed {
		n[k] = true
	}
	return flow{defined: d, narrowed: n, dead: s.dead}
}

// assigned records an assignment to loc: it is defined, and no longer
// narrowed.
func (s flow) assigned(loc *ir.Local) {
	s.defined[loc] = true
	delete(s.narrowed, loc)
}

// join merges the states at the end of two branches.
func join(a, b flow) flow {
	switch {
	case a.dead:
		return b
	case b.dead:
		return a
	}
	out := flow{defined: map[*ir.Local]bool{}, narrowed: map[*ir.Local]bool{}}
	for k := range a.defined {
		if b.defined[k] {
			out.defined[k] = true
		}
	}
	for k := range a.narrowed {
		if b.narrowed[k] {
			out.narrowed[k] = true
		}
	}
	return out
}

// fnLowerer lowers the body of one plan function.
type fnLowerer struct {
	c             *compiler
	fi            *funcInfo
	fn            *ir.Func
	names         map[string]bool           // every name the function assigns: its locals (Python scoping)
	locals        map[string]*ir.Local      // the locals typed so far
	broken        map[string]bool           // names whose definition was refused: reads stay silent
	partial       map[string]*partialVar    // locals assigned an empty display, their type not fixed yet (partial.go)
	promoted      map[*ir.Local][]promotion // float locals assigned an int constant (promote.go)
	promotedCalls []*callPromotion          // min/max calls with int constants among floats (promote.go)
	// noneStart are the locals created by an unannotated `x = None` and
	// whether each is still unread: the first assignment of a T to one
	// still unread makes it T | None (as mypy completes a partial None).
	noneStart map[*ir.Local]bool
	cur       flow
	l         *lower.Lowerer

	scopes    []map[string]scoped // comprehension and key= lambda scopes, innermost last
	lambdas   int                 // key= lambdas being lowered: their reads of the function's locals see the declared type (narrow.go)
	used      map[string]bool     // the names of fn.Locals
	ntemp     int                 // hidden locals made so far
	loops     []*loopFlow         // the loops enclosing the current statement
	consuming map[ast.Expr]use    // operands of consumers being lowered
	guarded   map[*ast.Name]bool  // reads guarded by an earlier `x is not None and` / `x is None or` operand
	vsNone    map[*ast.Name]bool  // reads compared with None: they stay T | None even where narrowed
	shared    map[ir.Expr]string  // inlined constants that stand for one shared mutable object

	parent   *fnLowerer           // for a nested def: the lowerer of the enclosing function
	defNames map[string]bool      // the names the function's nested defs bind
	nested   map[string]*funcInfo // the nested defs lowered so far, by name
	inner    []*fnLowerer         // their lowerers, in source order
}

// loopFlow collects the states at the break and continue statements of
// one loop.
type loopFlow struct {
	exits     []flow
	continues []flow // the continue statements' states alone (the back edge)
}

func (c *compiler) lowerFunc(fi *funcInfo) {
	c.lowerFuncIn(fi, nil)
}

// lowerFuncIn lowers fi, a nested def of the function parent lowers when
// parent is not nil.
func (c *compiler) lowerFuncIn(fi *funcInfo, parent *fnLowerer) {
	c.conditions(fi)
	fl := &fnLowerer{c: c, fi: fi, fn: fi.fn, names: map[string]bool{}, locals: map[string]*ir.Local{}, broken: map[string]bool{}, partial: map[string]*partialVar{}, promoted: map[*ir.Local][]promotion{}, noneStart: map[*ir.Local]bool{},
		used: map[string]bool{}, consuming: map[ast.Expr]use{}, guarded: map[*ast.Name]bool{}, vsNone: map[*ast.Name]bool{}, shared: map[ir.Expr]string{},
		parent: parent, defNames: map[string]bool{}, nested: map[string]*funcInfo{}}
	if parent != nil {
		parent.inner = append(parent.inner, fl)
	}
	fl.l = &lower.Lowerer{File: c.file, Errs: &c.errs, Env: fl, Full: true, Ext: fl.ext, ListDisplay: fl.listDisplay, PromoteArm: fl.promoteCond}
	fl.cur = flow{defined: map[*ir.Local]bool{}, narrowed: map[*ir.Local]bool{}}
	for _, p := range fi.fn.Params {
		fl.names[p.Name] = true
		fl.locals[p.Name] = p
		fl.used[p.Name] = true
		fl.cur.assigned(p)
	}
	for _, a := range fi.def.Args.Args {
		if fl.locals[string(a.Arg)] == nil {
			fl.names[string(a.Arg)] = true
			fl.broken[string(a.Arg)] = true // its annotation was refused
		}
	}
	assignedNames(c.file, fi.def.Body, fl.names)
	nestedDefNames(fi.def.Body, fl.defNames)
	var body []ir.Stmt
	body, fl.cur = fl.stmts(fi.def.Body, fl.cur, true)
	fl.endPartials()
	fi.fn.Body = body
	fl.checkPromotions()
	fl.checkShared()
	if !fl.cur.dead && fi.fn.Result != nil && !ir.IsBasic(fi.fn.Result, ir.KindNone) {
		if _, opt := fi.fn.Result.(*ir.Optional); opt {
			// Python returns None from the end of the function.
			end := c.pos(fi.def)
			if n := len(fi.def.Body); n > 0 {
				end = c.pos(fi.def.Body[n-1])
			}
			fi.fn.Body = append(fi.fn.Body, &ir.Return{Pos: end, Value: &ir.Const{Pos: end, T: ir.None}})
		} else {
			c.errorf(fi.def, ir.PlanError, "%s may end without returning a %s value", fi.fn.Name, fi.fn.Result)
		}
	}
}

// assignedNames collects the names a function body binds (assignment,
// augmented and annotated assignment, for targets), which Python makes
// local to the whole function.
func assignedNames(f *syntax.File, body []ast.Stmt, out map[string]bool) {
	var target func(ast.Expr)
	target = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Name:
			out[string(e.Id)] = true
		case *ast.Tuple:
			for _, x := range e.Elts {
				target(x)
			}
		case *ast.List:
			for _, x := range e.Elts {
				target(x)
			}
		case *ast.Starred:
			target(e.Value)
		}
	}
	for _, s := range body {
		if a, ok := f.AnnAssigns[s]; ok {
			out[string(a.Target.Id)] = true
			continue
		}
		switch s := s.(type) {
		case *ast.Assign:
			for _, t := range s.Targets {
				target(t)
			}
		case *ast.AugAssign:
			target(s.Target)
		case *ast.For:
			target(s.Target)
			assignedNames(f, s.Body, out)
			assignedNames(f, s.Orelse, out)
		case *ast.If:
			assignedNames(f, s.Body, out)
			assignedNames(f, s.Orelse, out)
		case *ast.While:
			assignedNames(f, s.Body, out)
			assignedNames(f, s.Orelse, out)
		case *ast.With:
			for _, it := range s.Items {
				if it.OptionalVars != nil {
					target(it.OptionalVars)
				}
			}
			assignedNames(f, s.Body, out)
		case *ast.Try:
			assignedNames(f, s.Body, out)
			assignedNames(f, s.Orelse, out)
			assignedNames(f, s.Finalbody, out)
			for _, h := range s.Handlers {
				if h.Name != "" {
					out[string(h.Name)] = true
				}
				assignedNames(f, h.Body, out)
			}
		case *ast.FunctionDef:
			out[string(s.Name)] = true
		case *ast.ClassDef:
			out[string(s.Name)] = true
		case *ast.Import:
			for _, a := range s.Names {
				out[bindName(a)] = true
			}
		case *ast.ImportFrom:
			for _, a := range s.Names {
				if a.AsName != "" {
					out[string(a.AsName)] = true
				} else {
					out[string(a.Name)] = true
				}
			}
		}
	}
}

func bindName(a *ast.Alias) string {
	if a.AsName != "" {
		return string(a.AsName)
	}
	name := string(a.Name)
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			return name[:i]
		}
	}
	return name
}

func (fl *fnLowerer) errorf(n ast.Ast, code ir.Code, format string, args ...any) {
	fl.c.errorf(n, code, format, args...)
}

// local returns the typed local name, declaring it with type t when it
// has none yet; it reports a clash with an earlier type.
func (fl *fnLowerer) local(n ast.Ast, name string, t ir.Type, verb string) *ir.Local {
	if p := fl.partial[name]; p != nil {
		fl.errorf(n, ir.TypeMismatch, "cannot infer the type of %s (assigned %s at line %d): it is assigned again before a statement fixes its type (x.append(v), x.add(v), x[k] = v, ...); annotate it where it is first assigned (e.g. %s: %s = %s)", name, pyastEmpty(p.kind), p.loc.Pos.Line, name, exampleType(p.kind), pyastEmpty(p.kind))
		fl.giveUp(name)
		return nil
	}
	if loc := fl.locals[name]; loc != nil {
		readAsNone := false
		if unread, ok := fl.noneStart[loc]; ok && verb == "assign" && !ir.IsBasic(t, ir.KindNone) {
			delete(fl.noneStart, loc)
			readAsNone = !unread
			if unread {
				// Nothing read it as None yet: it is T | None from its
				// first assignment on.
				loc.Type = types.MakeOptional(t)
			} else {
				// Read as None before: the next round declares it
				// T | None from the start (compileRounds).
				fl.c.noneTypes[loc.Pos] = noneType{t: t, pos: fl.c.pos(n)}
				fl.c.noneFound = true
			}
		}
		relearnt := false
		if learnt, ok := fl.c.noneTypes[loc.Pos]; ok && learnt.pos == fl.c.pos(n) && verb == "assign" && !types.Assignable(t, loc.Type) {
			// The fixing assignment's type changed since the round
			// that learnt it (it read another such local): learn again.
			fl.c.noneTypes[loc.Pos] = noneType{t: t, pos: learnt.pos}
			fl.c.noneFound = true
			relearnt = true
		}
		if !ir.Identical(loc.Type, t) && (verb != "assign" || !types.Assignable(t, loc.Type)) {
			hint := types.OptionalHint(t) + types.PromotionHint(t, loc.Type)
			if ir.IsBasic(loc.Type, ir.KindNone) && verb == "assign" {
				hint = fmt.Sprintf(" (annotate it where it is first assigned, e.g. %s: %s | None = None)", name, t)
				if readAsNone {
					// Only a round compileRounds does not keep (or
					// the last one, when the types did not settle).
					hint = fmt.Sprintf(" (it is read before this assignment, while its type is still None, and its type did not settle: annotate it where it is first assigned, e.g. %s: %s | None = None)", name, t)
				}
			}
			if relearnt {
				hint = fmt.Sprintf(" (its type, learnt from this assignment after reads of it while it was None, did not settle in %d compile rounds: annotate it where it is first assigned)", maxNoneRounds)
			}
			fl.errorf(n, ir.TypeMismatch, "%s was %s, cannot %s %s%s", name, loc.Type, verb, t, hint)
			return nil
		}
		return loc
	}
	loc := &ir.Local{Pos: fl.c.pos(n), Name: name, Type: t, Index: len(fl.fn.Locals)}
	fl.fn.Locals = append(fl.fn.Locals, loc)
	fl.locals[name] = loc
	fl.used[name] = true
	return loc
}

func (fl *fnLowerer) stmts(ss []ast.Stmt, st flow, top bool) ([]ir.Stmt, flow) {
	var out []ir.Stmt
	for i, s := range ss {
		if i == 0 && top {
			if es, ok := s.(*ast.ExprStmt); ok {
				if str, ok := es.Value.(*ast.Str); ok {
					if _, isF := fl.c.file.FStrings[str]; !isF {
						continue // docstring
					}
				}
			}
		}
		if def, ok := s.(*ast.FunctionDef); ok && top {
			fl.cur = st
			fl.nestedDef(def)
			continue
		}
		var x []ir.Stmt
		x, st = fl.stmt(s, st)
		out = append(out, x...)
	}
	return out, st
}

func (fl *fnLowerer) stmt(s ast.Stmt, st flow) ([]ir.Stmt, flow) {
	fl.cur = st
	f := fl.c.file
	if a, ok := f.AnnAssigns[s]; ok {
		return fl.annAssign(s, a)
	}
	if fl.fixPartial(s) {
		return nil, fl.cur
	}
	switch s := s.(type) {
	case *ast.Assign:
		if out, ok := fl.startPartial(s); ok {
			return out, fl.cur
		}
		return fl.assign(s)
	case *ast.AugAssign:
		return fl.augAssign(s)
	case *ast.If:
		cond := fl.l.Expr(s.Test, nil)
		ifTrue, ifFalse := fl.noneChecks(s.Test)
		thenIn, elseIn := fl.cur.copy(), st.copy()
		fl.narrow(thenIn, ifTrue)
		fl.narrow(elseIn, ifFalse)
		thenBody, thenSt := fl.stmts(s.Body, thenIn, false)
		elseBody, elseSt := fl.stmts(s.Orelse, elseIn, false)
		out := join(thenSt, elseSt)
		if cond == nil {
			return nil, out
		}
		return []ir.Stmt{&ir.If{Pos: fl.c.pos(s), Cond: cond, Then: thenBody, Else: elseBody}}, out
	case *ast.For:
		return fl.forStmt(s)
	case *ast.Return:
		return fl.returnStmt(s)
	case *ast.ExprStmt:
		x := fl.l.Expr(s.Value, nil)
		if x == nil {
			return nil, fl.cur
		}
		return []ir.Stmt{&ir.ExprStmt{Pos: fl.c.pos(s), X: x}}, fl.cur
	case *ast.Pass:
		return nil, st
	case *ast.Break, *ast.Continue:
		return fl.jump(s)
	case *ast.Assert:
		return fl.assertStmt(s)
	case *ast.Raise:
		return fl.raiseStmt(s)
	case *ast.FunctionDef:
		fl.errorf(s, ir.Unsupported, "nested function definition inside a block is not supported (define it directly in the function's body)")
		fl.broken[string(s.Name)] = true // its calls stay silent
	case *ast.Import, *ast.ImportFrom:
		fl.errorf(s, ir.Unsupported, "import inside a function is not supported")
	default:
		fl.errorf(s, ir.Unsupported, "%s is not supported", pyast.Describe(s))
	}
	return nil, st
}
