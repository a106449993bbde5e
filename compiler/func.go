package compiler

import (
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
	dead    bool
}

func (s flow) copy() flow {
	d := make(map[*ir.Local]bool, len(s.defined))
	for k := range s.defined {
		d[k] = true
	}
	return flow{defined: d, dead: s.dead}
}

// join merges the states at the end of two branches.
func join(a, b flow) flow {
	switch {
	case a.dead:
		return b
	case b.dead:
		return a
	}
	out := flow{defined: map[*ir.Local]bool{}}
	for k := range a.defined {
		if b.defined[k] {
			out.defined[k] = true
		}
	}
	return out
}

// fnLowerer lowers the body of one plan function.
type fnLowerer struct {
	c      *compiler
	fi     *funcInfo
	fn     *ir.Func
	names  map[string]bool      // every name the function assigns: its locals (Python scoping)
	locals map[string]*ir.Local // the locals typed so far
	broken map[string]bool      // names whose definition was refused: reads stay silent
	cur    flow
	l      *lower.Lowerer
}

func (c *compiler) lowerFunc(fi *funcInfo) {
	fl := &fnLowerer{c: c, fi: fi, fn: fi.fn, names: map[string]bool{}, locals: map[string]*ir.Local{}, broken: map[string]bool{}}
	fl.l = &lower.Lowerer{File: c.file, Errs: &c.errs, Env: fl}
	fl.cur = flow{defined: map[*ir.Local]bool{}}
	for _, p := range fi.fn.Params {
		fl.names[p.Name] = true
		fl.locals[p.Name] = p
		fl.cur.defined[p] = true
	}
	for _, a := range fi.def.Args.Args {
		if fl.locals[string(a.Arg)] == nil {
			fl.names[string(a.Arg)] = true
			fl.broken[string(a.Arg)] = true // its annotation was refused
		}
	}
	assignedNames(c.file, fi.def.Body, fl.names)
	var body []ir.Stmt
	body, fl.cur = fl.stmts(fi.def.Body, fl.cur, true)
	fi.fn.Body = body
	if !fl.cur.dead && fi.fn.Result != nil && !ir.IsBasic(fi.fn.Result, ir.KindNone) {
		c.errorf(fi.def, "%s may end without returning a %s value", fi.fn.Name, fi.fn.Result)
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

func (fl *fnLowerer) errorf(n ast.Ast, format string, args ...any) {
	fl.c.errorf(n, format, args...)
}

// local returns the typed local name, declaring it with type t when it
// has none yet; it reports a clash with an earlier type.
func (fl *fnLowerer) local(n ast.Ast, name string, t ir.Type, verb string) *ir.Local {
	if loc := fl.locals[name]; loc != nil {
		if !ir.Identical(loc.Type, t) {
			fl.errorf(n, "%s was %s, cannot %s %s", name, loc.Type, verb, t)
			return nil
		}
		return loc
	}
	loc := &ir.Local{Pos: fl.c.pos(n), Name: name, Type: t, Index: len(fl.fn.Locals)}
	fl.fn.Locals = append(fl.fn.Locals, loc)
	fl.locals[name] = loc
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
	switch s := s.(type) {
	case *ast.Assign:
		return fl.assign(s)
	case *ast.AugAssign:
		return fl.augAssign(s)
	case *ast.If:
		cond := fl.l.Expr(s.Test, nil)
		thenBody, thenSt := fl.stmts(s.Body, fl.cur.copy(), false)
		elseBody, elseSt := fl.stmts(s.Orelse, st.copy(), false)
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
	case *ast.FunctionDef:
		fl.errorf(s, "nested function definition is not supported")
	case *ast.Import, *ast.ImportFrom:
		fl.errorf(s, "import inside a function is not supported")
	default:
		fl.errorf(s, "%s is not supported", pyast.Describe(s))
	}
	return nil, st
}

func (fl *fnLowerer) assign(s *ast.Assign) ([]ir.Stmt, flow) {
	if len(s.Targets) != 1 {
		fl.errorf(s, "chained assignment is not supported")
		return nil, fl.cur
	}
	n, ok := s.Targets[0].(*ast.Name)
	if !ok {
		switch t := s.Targets[0].(type) {
		case *ast.Tuple, *ast.List:
			fl.errorf(t, "tuple unpacking is not supported yet")
		default:
			fl.errorf(t, "assignment to %s is not supported", pyast.Describe(t))
		}
		return nil, fl.cur
	}
	name := string(n.Id)
	var want ir.Type
	if loc := fl.locals[name]; loc != nil {
		want = loc.Type
	}
	x := fl.l.Expr(s.Value, want)
	if x == nil {
		if fl.locals[name] == nil {
			fl.broken[name] = true
		}
		return nil, fl.cur
	}
	loc := fl.local(n, name, x.Type(), "assign")
	if loc == nil {
		return nil, fl.cur
	}
	fl.cur.defined[loc] = true
	return []ir.Stmt{&ir.Assign{Pos: fl.c.pos(s), Dest: loc, Value: x}}, fl.cur
}

func (fl *fnLowerer) annAssign(s ast.Stmt, a *syntax.AnnAssign) ([]ir.Stmt, flow) {
	name := string(a.Target.Id)
	t, err := types.Annotation(fl.c.file, a.Annotation)
	if err != nil {
		fl.c.errs.Append(err)
		if fl.locals[name] == nil {
			fl.broken[name] = true
		}
		return nil, fl.cur
	}
	loc := fl.local(a.Target, name, t, "annotate it")
	if loc == nil || a.Value == nil {
		return nil, fl.cur
	}
	x := fl.l.Expr(a.Value, t)
	if x == nil {
		return nil, fl.cur
	}
	if !ir.Identical(x.Type(), t) {
		fl.errorf(a.Value, "%s is annotated %s but assigned %s", name, t, x.Type())
		return nil, fl.cur
	}
	fl.cur.defined[loc] = true
	return []ir.Stmt{&ir.Assign{Pos: fl.c.pos(s), Dest: loc, Value: x}}, fl.cur
}

func (fl *fnLowerer) augAssign(s *ast.AugAssign) ([]ir.Stmt, flow) {
	n, ok := s.Target.(*ast.Name)
	if !ok {
		fl.errorf(s.Target, "augmented assignment to %s is not supported", pyast.Describe(s.Target))
		return nil, fl.cur
	}
	if s.Op == ast.Div {
		fl.errorf(s, "float division is not supported yet")
		return nil, fl.cur
	}
	op, ok := lower.BinOpKind(s.Op)
	if !ok {
		fl.errorf(s, "augmented assignment %s= is not supported", pyast.BinOpName(s.Op))
		return nil, fl.cur
	}
	cur := fl.Name(fl.l, n, nil)
	if cur == nil {
		return nil, fl.cur
	}
	loc := cur.(*ir.LocalRef).Local
	if _, isList := loc.Type.(*ir.List); isList {
		fl.errorf(s, "augmented assignment to a list is not supported (it extends the list in place; write %s = %s + [...])", n.Id, n.Id)
		return nil, fl.cur
	}
	x := fl.l.Expr(s.Value, loc.Type)
	if x == nil {
		return nil, fl.cur
	}
	v := fl.l.MakeBinOp(s, op, cur, x)
	if v == nil {
		return nil, fl.cur
	}
	if !ir.Identical(v.Type(), loc.Type) {
		fl.errorf(s, "%s was %s, cannot assign %s", n.Id, loc.Type, v.Type())
		return nil, fl.cur
	}
	return []ir.Stmt{&ir.Assign{Pos: fl.c.pos(s), Dest: loc, Value: v}}, fl.cur
}

func (fl *fnLowerer) returnStmt(s *ast.Return) ([]ir.Stmt, flow) {
	res := fl.fn.Result
	out := fl.cur
	out.dead = true
	if res == nil { // the return annotation was refused
		if s.Value != nil {
			fl.l.Expr(s.Value, nil)
		}
		return nil, out
	}
	if s.Value == nil {
		if !ir.IsBasic(res, ir.KindNone) {
			fl.errorf(s, "bare return in %s, which returns %s", fl.fn.Name, res)
			return nil, out
		}
		return []ir.Stmt{&ir.Return{Pos: fl.c.pos(s)}}, out
	}
	x := fl.l.Expr(s.Value, res)
	if x == nil {
		return nil, out
	}
	if !ir.Identical(x.Type(), res) {
		fl.errorf(s.Value, "%s returns %s, not %s", fl.fn.Name, res, x.Type())
		return nil, out
	}
	return []ir.Stmt{&ir.Return{Pos: fl.c.pos(s), Value: x}}, out
}

func (fl *fnLowerer) forStmt(s *ast.For) ([]ir.Stmt, flow) {
	st := fl.cur
	if len(s.Orelse) > 0 {
		fl.errorf(s, "for-else is not supported")
		return nil, st
	}
	n, ok := s.Target.(*ast.Name)
	if !ok {
		if _, isTuple := s.Target.(*ast.Tuple); isTuple {
			fl.errorf(s.Target, "tuple unpacking in a for loop is not supported yet")
		} else {
			fl.errorf(s.Target, "for loop over %s target is not supported", pyast.Describe(s.Target))
		}
		return nil, st
	}
	iter, runs := fl.iterable(s.Iter)
	var elem ir.Type
	if iter != nil {
		if elem = types.Elem(iter.Type()); elem == nil {
			fl.errorf(s.Iter, "for loop over a %s is not supported (tuple elements must share one type)", iter.Type())
		}
	}
	if elem == nil {
		if fl.locals[string(n.Id)] == nil {
			fl.broken[string(n.Id)] = true
		}
		fl.stmts(s.Body, st.copy(), false) // report the body's own errors
		return nil, st
	}
	v := fl.local(n, string(n.Id), elem, "assign")
	if v == nil {
		return nil, st
	}
	in := st.copy()
	in.defined[v] = true
	body, after := fl.stmts(s.Body, in, false)
	out := st
	if runs && !after.dead {
		out = after // the body runs at least once
	} else {
		out.dead = st.dead
	}
	return []ir.Stmt{&ir.For{Pos: fl.c.pos(s), Var: v, Iter: iter, Body: body}}, out
}

// iterable lowers what a for loop iterates over: a list or tuple
// display, a name holding a list or tuple, or range(...) with constant
// arguments. runs reports whether the loop surely runs at least once.
func (fl *fnLowerer) iterable(e ast.Expr) (x ir.Expr, runs bool) {
	switch e := e.(type) {
	case *ast.List:
		x = fl.l.Expr(e, nil)
		return x, len(e.Elts) > 0
	case *ast.Tuple:
		x = fl.l.Expr(e, nil)
		return x, len(e.Elts) > 0
	case *ast.Name:
		x = fl.l.Expr(e, nil)
		if x == nil {
			return nil, false
		}
		switch t := x.Type().(type) {
		case *ir.List, *ir.Tuple:
			return x, false
		case *ir.Dict:
			fl.errorf(e, "for loop over a dict is not supported yet")
		default:
			fl.errorf(e, "for loop over a %s is not supported", t)
		}
		return nil, false
	case *ast.Call:
		if n, ok := e.Func.(*ast.Name); ok && n.Id == "range" && !fl.names["range"] && fl.c.names["range"] == nil {
			return fl.rangeCall(e)
		}
	}
	fl.errorf(e, "for loop over %s is not supported", pyast.Describe(e))
	return nil, false
}

func (fl *fnLowerer) rangeCall(e *ast.Call) (ir.Expr, bool) {
	if len(e.Keywords) > 0 || e.Starargs != nil || e.Kwargs != nil || len(e.Args) < 1 || len(e.Args) > 3 {
		fl.errorf(e, "range() takes one to three positional arguments")
		return nil, false
	}
	vals := make([]int64, len(e.Args))
	args := make([]ir.Expr, len(e.Args))
	for i, a := range e.Args {
		x := fl.l.Expr(a, ir.Int)
		if x == nil {
			return nil, false
		}
		v, ok := intConst(x)
		if !ok {
			fl.errorf(a, "range() argument must be an int literal or constant")
			return nil, false
		}
		vals[i], args[i] = v, &ir.Const{Pos: x.Position(), T: ir.Int, Value: v}
	}
	pos := fl.c.pos(e)
	r := &ir.Range{Pos: pos, Start: &ir.Const{Pos: pos, T: ir.Int, Value: int64(0)}, Step: &ir.Const{Pos: pos, T: ir.Int, Value: int64(1)}}
	start, stop, step := int64(0), int64(0), int64(1)
	switch len(args) {
	case 1:
		r.Stop, stop = args[0], vals[0]
	default:
		r.Start, r.Stop, start, stop = args[0], args[1], vals[0], vals[1]
		if len(args) == 3 {
			r.Step, step = args[2], vals[2]
		}
	}
	if step == 0 {
		fl.errorf(e.Args[2], "range() step must not be zero")
		return nil, false
	}
	runs := step > 0 && start < stop || step < 0 && start > stop
	return r, runs
}

// intConst returns the value of an int constant expression.
func intConst(x ir.Expr) (int64, bool) {
	switch x := x.(type) {
	case *ir.Const:
		v, ok := x.Value.(int64)
		return v, ok
	case *ir.UnOp:
		if x.Op == ir.Neg {
			if v, ok := intConst(x.X); ok && v != -v {
				return -v, true
			}
		}
	}
	return 0, false
}
