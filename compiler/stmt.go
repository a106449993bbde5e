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

// stable reports whether e reads only constants and locals (with field
// reads and pure arithmetic): evaluating it cannot act, and its value
// cannot change while the rest of a statement runs (nothing but an
// assignment rebinds a local).
func stable(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const, *ir.LocalRef:
		return true
	case *ir.Attr:
		return stable(e.X)
	case *ir.UnOp:
		return stable(e.X)
	case *ir.Unwrap:
		return stable(e.X)
	case *ir.BinOp:
		return (e.Op == ir.Add || e.Op == ir.Sub || e.Op == ir.Mul) && stable(e.X) && stable(e.Y)
	}
	return false
}

// breakTarget marks the names of an assignment target whose value was
// refused, so that their later reads stay silent.
func (fl *fnLowerer) breakTarget(t ast.Expr) {
	switch t := t.(type) {
	case *ast.Name:
		if fl.locals[string(t.Id)] == nil {
			fl.broken[string(t.Id)] = true
		}
	case *ast.Tuple, *ast.List:
		for _, e := range targetElts(t) {
			fl.breakTarget(e)
		}
	case *ast.Starred:
		fl.breakTarget(t.Value)
	}
}

// targetHint is the type an assignment to t expects, when known: the type
// of the local it names, the element type of the local list or dict it
// indexes, a tuple of those.
func (fl *fnLowerer) targetHint(t ast.Expr) ir.Type {
	switch t := t.(type) {
	case *ast.Name:
		if loc := fl.locals[string(t.Id)]; loc != nil {
			return loc.Type
		}
	case *ast.Subscript:
		if n, ok := t.Value.(*ast.Name); ok {
			if loc := fl.locals[string(n.Id)]; loc != nil {
				if _, isIndex := t.Slice.(*ast.Index); isIndex {
					switch ct := loc.Type.(type) {
					case *ir.List:
						return ct.Elem
					case *ir.Dict:
						return ct.Value
					}
				}
			}
		}
	case *ast.Tuple, *ast.List:
		var ts []ir.Type
		for _, e := range targetElts(t) {
			h := fl.targetHint(e)
			if h == nil {
				return nil
			}
			ts = append(ts, h)
		}
		return &ir.Tuple{Elems: ts}
	}
	return nil
}

func (fl *fnLowerer) assign(s *ast.Assign) ([]ir.Stmt, flow) {
	pos := fl.c.pos(s)
	x := fl.l.Expr(s.Value, fl.targetHint(s.Targets[0]))
	if x == nil {
		for _, t := range s.Targets {
			fl.breakTarget(t)
		}
		return nil, fl.cur
	}
	if len(s.Targets) == 1 {
		switch t := s.Targets[0].(type) {
		case *ast.Name:
			out, _ := fl.storeName(t, x, pos)
			return out, fl.cur
		case *ast.Subscript:
			// Python evaluates the value first, then the container and
			// the index: keep that order unless it cannot matter.
			var pre []ir.Stmt
			val := x
			out, ok := fl.setIndex(t, func(c, i ir.Expr) ir.Expr {
				if !stable(c) || !stable(i) {
					tmp := fl.temp(pos, x.Type())
					pre = []ir.Stmt{&ir.Assign{Pos: pos, Dest: tmp, Value: x}}
					val = &ir.LocalRef{Pos: x.Position(), Local: tmp}
				}
				return val
			}, pos)
			if !ok {
				return nil, fl.cur
			}
			return append(pre, out...), fl.cur
		}
	}
	tmp := fl.temp(pos, x.Type())
	out := []ir.Stmt{&ir.Assign{Pos: pos, Dest: tmp, Value: x}}
	for _, t := range s.Targets {
		ss, ok := fl.store(t, localReader(tmp), x.Type(), pos)
		if !ok {
			return nil, fl.cur
		}
		out = append(out, ss...)
	}
	return out, fl.cur
}

// localReader reads the local v at a position.
func localReader(v *ir.Local) func(ir.Pos) ir.Expr {
	return func(p ir.Pos) ir.Expr { return &ir.LocalRef{Pos: p, Local: v} }
}

// storeName assigns x to the local name n.
func (fl *fnLowerer) storeName(n *ast.Name, x ir.Expr, pos ir.Pos) ([]ir.Stmt, bool) {
	if loc := fl.locals[string(n.Id)]; loc != nil {
		if p := fl.promote(loc, n, x); p != nil {
			x = p
		}
	}
	existed := fl.locals[string(n.Id)] != nil
	c, isConst := x.(*ir.Const)
	firstNone := isConst && !existed && ir.IsBasic(c.T, ir.KindNone)
	t := x.Type()
	known, isKnown := fl.c.noneTypes[fl.c.pos(n)]
	if firstNone && isKnown {
		// An earlier round learnt the T a later assignment gives it
		// after a read (compileRounds): T | None from here on.
		t = types.MakeOptional(known.t)
	}
	loc := fl.local(n, string(n.Id), t, "assign")
	if loc == nil {
		return nil, false
	}
	if firstNone && !isKnown {
		fl.noneStart[loc] = true // a partial None (func.go)
	}
	fl.bindPromoted(loc, x)
	if call, ok := x.(*ir.Call); ok && ir.IsBasic(loc.Type, ir.KindFloat) {
		fl.c.callInto[call] = loc
	}
	fl.cur.assigned(loc)
	if _, opt := loc.Type.(*ir.Optional); opt {
		if _, xOpt := x.Type().(*ir.Optional); !xOpt && !ir.IsBasic(x.Type(), ir.KindNone) {
			// As mypy narrows a declared Optional on assignment: the
			// local holds a T until a join with a path where it may be
			// None (join), a loop that assigns it (forStmt) or the next
			// assignment. Nested defs and lambdas read the declared type.
			fl.cur.narrowed[loc] = true
		}
	}
	return []ir.Stmt{&ir.Assign{Pos: pos, Dest: loc, Value: x}}, true
}

// store assigns the value val reads (re-readable, of type t) to target.
func (fl *fnLowerer) store(target ast.Expr, val func(ir.Pos) ir.Expr, t ir.Type, pos ir.Pos) ([]ir.Stmt, bool) {
	switch tg := target.(type) {
	case *ast.Name:
		return fl.storeName(tg, val(fl.c.pos(tg)), pos)
	case *ast.Subscript:
		return fl.setIndex(tg, func(_, _ ir.Expr) ir.Expr { return val(pos) }, pos)
	case *ast.Tuple, *ast.List:
		return fl.unpack(target, val, t, pos)
	}
	fl.refuseTarget(target, "assignment")
	return nil, false
}

// refuseTarget reports an assignment target outside the subset.
func (fl *fnLowerer) refuseTarget(target ast.Expr, what string) {
	switch tg := target.(type) {
	case *ast.Starred:
		fl.errorf(target, ir.Unsupported, "starred assignment target is not supported")
	case *ast.Attribute:
		if x := fl.l.Expr(tg.Value, nil); x != nil {
			if _, ok := x.Type().(*ir.Row); ok {
				fl.errorf(target, ir.Unsupported, "%s to field %s of a row is not supported (rows are immutable)", what, tg.Attr)
				return
			}
			fl.errorf(target, ir.Unsupported, "%s to attribute .%s is not supported", what, tg.Attr)
		}
	default:
		fl.errorf(target, ir.Unsupported, "%s to %s is not supported", what, pyast.Describe(target))
	}
}

// setIndex lowers the store t = value into a list or dict; value gets the
// lowered container and index and returns the value to store.
func (fl *fnLowerer) setIndex(t *ast.Subscript, value func(c, i ir.Expr) ir.Expr, pos ir.Pos) ([]ir.Stmt, bool) {
	idx, ok := t.Slice.(*ast.Index)
	if !ok {
		fl.errorf(t, ir.Unsupported, "assignment to a slice is not supported")
		return nil, false
	}
	c := fl.l.Expr(t.Value, nil)
	if c == nil {
		return nil, false
	}
	if !fl.mutable(t, c) {
		return nil, false
	}
	load := fl.l.Index(t, c, idx.Value)
	if load == nil {
		return nil, false
	}
	i := load.(*ir.Index).Index
	elem := load.Type()
	v := value(c, i)
	if !ir.Identical(v.Type(), elem) {
		fl.errorf(t, ir.TypeMismatch, "cannot store %s into %s (the value must have the element type exactly)%s%s", types.A(v.Type()), types.A(c.Type()), types.OptionalHint(v.Type()), types.PromotionHint(v.Type(), elemType(c.Type())))
		return nil, false
	}
	return []ir.Stmt{&ir.SetIndex{Pos: pos, X: c, Index: i, Value: v}}, true
}

// mutable reports whether items of c may be assigned (lists and dicts).
func (fl *fnLowerer) mutable(n ast.Ast, c ir.Expr) bool {
	switch t := c.Type().(type) {
	case *ir.List, *ir.Dict:
		return true
	case *ir.Tuple:
		fl.errorf(n, ir.Unsupported, "item assignment on %s is not supported (tuples are immutable)", types.A(t))
	case *ir.Row:
		fl.errorf(n, ir.Unsupported, "item assignment on a row is not supported (rows are immutable)")
	default:
		if ir.IsBasic(t, ir.KindStr) {
			fl.errorf(n, ir.Unsupported, "item assignment on a str is not supported (strs are immutable)")
		} else {
			fl.errorf(n, ir.Unsupported, "item assignment on %s is not supported%s", types.A(t), types.OptionalHint(t))
		}
	}
	return false
}

// targetNames lists the names a target binds.
func targetNames(t ast.Expr) []string {
	switch t := t.(type) {
	case *ast.Name:
		return []string{string(t.Id)}
	case *ast.Tuple, *ast.List:
		var out []string
		for _, e := range targetElts(t) {
			out = append(out, targetNames(e)...)
		}
		return out
	case *ast.Starred:
		return targetNames(t.Value)
	}
	return nil
}

// allNames reports whether a target is made of names only.
func allNames(t ast.Expr) bool {
	switch t := t.(type) {
	case *ast.Name:
		return true
	case *ast.Tuple, *ast.List:
		for _, e := range targetElts(t) {
			if !allNames(e) {
				return false
			}
		}
		return true
	}
	return false
}

// unpack assigns the elements of the value val reads (of type t) to the
// tuple or list target. A tuple's length is checked statically; a list's
// or str's at run time, raising CPython's ValueError.
func (fl *fnLowerer) unpack(target ast.Expr, val func(ir.Pos) ir.Expr, t ir.Type, pos ir.Pos) ([]ir.Stmt, bool) {
	elts := targetElts(target)
	for _, e := range elts {
		if _, ok := e.(*ast.Starred); ok {
			fl.errorf(e, ir.Unsupported, "starred assignment target is not supported")
			return nil, false
		}
	}
	n := len(elts)
	var out []ir.Stmt
	var elemTypes []ir.Type
	switch tt := t.(type) {
	case *ir.Tuple:
		if len(tt.Elems) != n {
			fl.errorf(target, ir.TypeMismatch, "cannot unpack %s into %d targets", types.A(tt), n)
			return nil, false
		}
		elemTypes = tt.Elems
	case *ir.List, *ir.Basic:
		elem := types.Elem(t)
		if elem == nil {
			fl.errorf(target, ir.TypeMismatch, "cannot unpack %s", types.A(t))
			return nil, false
		}
		for range elts {
			elemTypes = append(elemTypes, elem)
		}
		out = fl.lengthCheck(val, n, pos)
	case *ir.Set:
		fl.errorf(target, ir.Unsupported, "unpacking %s is not supported: %s", types.A(t), setOrder)
		return nil, false
	default:
		fl.errorf(target, ir.Unsupported, "unpacking %s is not supported%s", types.A(t), types.OptionalHint(t))
		return nil, false
	}
	item := func(i int) func(ir.Pos) ir.Expr {
		return func(p ir.Pos) ir.Expr {
			return &ir.Index{Pos: p, X: val(p), Index: &ir.Const{Pos: p, T: ir.Int, Value: int64(i)}, T: elemTypes[i]}
		}
	}
	readers := make([]func(ir.Pos) ir.Expr, n)
	copyFirst := !allNames(target)
	for i := range elts {
		readers[i] = item(i)
		if copyFirst {
			// Python fetches every element before it assigns any target.
			tmp := fl.temp(pos, elemTypes[i])
			out = append(out, &ir.Assign{Pos: pos, Dest: tmp, Value: item(i)(pos)})
			readers[i] = localReader(tmp)
		}
	}
	for i, e := range elts {
		ss, ok := fl.store(e, readers[i], elemTypes[i], pos)
		if !ok {
			return nil, false
		}
		out = append(out, ss...)
	}
	return out, true
}

// lengthCheck raises CPython's ValueError when the value val reads does
// not have n elements.
func (fl *fnLowerer) lengthCheck(val func(ir.Pos) ir.Expr, n int, p ir.Pos) []ir.Stmt {
	length := func() ir.Expr { return &ir.Builtin{Pos: p, Name: "len", Args: []ir.Expr{val(p)}, T: ir.Int} }
	num := &ir.Const{Pos: p, T: ir.Int, Value: int64(n)}
	cmp := func(op ir.CmpOp) ir.Expr {
		c := *num
		return &ir.Compare{Pos: p, Ops: []ir.CmpOp{op}, Operands: []ir.Expr{length(), &c}}
	}
	few := &ir.FString{Pos: p, Parts: []ir.FPart{{Lit: fmt.Sprintf("not enough values to unpack (expected %d, got ", n)}, {X: length()}, {Lit: ")"}}}
	many := &ir.Const{Pos: p, T: ir.Str, Value: fmt.Sprintf("too many values to unpack (expected %d)", n)}
	return []ir.Stmt{
		&ir.If{Pos: p, Cond: cmp(ir.Lt), Then: []ir.Stmt{&ir.Raise{Pos: p, Class: "ValueError", Msg: few}}},
		&ir.If{Pos: p, Cond: cmp(ir.Gt), Then: []ir.Stmt{&ir.Raise{Pos: p, Class: "ValueError", Msg: many}}},
	}
}

func (fl *fnLowerer) annAssign(s ast.Stmt, a *syntax.AnnAssign) ([]ir.Stmt, flow) {
	name := string(a.Target.Id)
	t, err := types.AnnotationIn(fl.c.file, a.Annotation, planScope{fl.c})
	if err != nil {
		fl.c.annotationErr(a.Annotation, err)
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
	if x != nil && !types.Assignable(x.Type(), t) {
		if p := fl.promote(loc, a.Value, x); p != nil {
			x = p
		}
	}
	if x == nil || !types.Assignable(x.Type(), t) {
		if x != nil {
			fl.errorf(a.Value, ir.TypeMismatch, "%s is annotated %s but assigned %s%s", name, t, x.Type(), floatHint(t, x))
		}
		fl.cur.assigned(loc) // its type is known: later reads need not fail too
		return nil, fl.cur
	}
	fl.bindPromoted(loc, x)
	if call, ok := x.(*ir.Call); ok && ir.IsBasic(loc.Type, ir.KindFloat) {
		fl.c.callInto[call] = loc
	}
	fl.cur.assigned(loc)
	return []ir.Stmt{&ir.Assign{Pos: fl.c.pos(s), Dest: loc, Value: x}}, fl.cur
}

func (fl *fnLowerer) augAssign(s *ast.AugAssign) ([]ir.Stmt, flow) {
	pos := fl.c.pos(s)
	op, ok := lower.BinOpKind(s.Op)
	if !ok {
		fl.errorf(s, ir.Unsupported, "augmented assignment %s= is not supported", pyast.BinOpName(s.Op))
		return nil, fl.cur
	}
	switch t := s.Target.(type) {
	case *ast.Name:
		cur := fl.Name(fl.l, t, nil)
		if cur == nil {
			return nil, fl.cur
		}
		ref, isRef := cur.(*ir.LocalRef)
		if u, isUnwrap := cur.(*ir.Unwrap); isUnwrap {
			ref, isRef = u.X.(*ir.LocalRef)
		}
		if !isRef {
			fl.errorf(s, ir.Unsupported, "augmented assignment to %s is not supported here", t.Id)
			return nil, fl.cur
		}
		loc := ref.Local
		if _, isSet := loc.Type.(*ir.Set); isSet && (op == ir.Sub || op == ir.BitAnd || op == ir.BitOr || op == ir.BitXor) {
			fl.errorf(s, ir.Unsupported, "augmented assignment %s= on a set is not supported (it changes the set in place; write %s = %s %s ...)", op, t.Id, t.Id, op)
			return nil, fl.cur
		}
		if _, isList := loc.Type.(*ir.List); isList {
			switch op {
			case ir.Add:
				// xs += ys extends xs in place, like Python.
				ys := fl.extendArg(s.Value, loc.Type, "+= on a list")
				if ys == nil {
					return nil, fl.cur
				}
				return []ir.Stmt{&ir.ExprStmt{Pos: pos, X: &ir.Builtin{Pos: pos, Name: "list.extend", Args: []ir.Expr{cur, ys}, T: ir.None}}}, fl.cur
			case ir.Mul:
				fl.errorf(s, ir.Unsupported, "augmented assignment *= on a list is not supported (it repeats the list in place; write %s = %s * n)", t.Id, t.Id)
				return nil, fl.cur
			}
		}
		x := fl.l.Expr(s.Value, loc.Type)
		if x == nil {
			return nil, fl.cur
		}
		v := fl.l.MakeBinOp(s, op, cur, x)
		if v == nil {
			return nil, fl.cur
		}
		if !types.Assignable(v.Type(), loc.Type) {
			fl.errorf(s, ir.TypeMismatch, "%s was %s, cannot assign %s", t.Id, loc.Type, v.Type())
			return nil, fl.cur
		}
		return []ir.Stmt{&ir.Assign{Pos: pos, Dest: loc, Value: v}}, fl.cur
	case *ast.Subscript:
		return fl.augSubscript(s, t, op, pos)
	}
	fl.refuseTarget(s.Target, "augmented assignment")
	return nil, fl.cur
}

// augSubscript lowers c[i] op= v: c and i are evaluated once (into hidden
// locals unless they are stable), then c[i] is loaded, v evaluated, and
// the result stored, in Python's order. c[i] += ys on a list element
// extends it in place.
func (fl *fnLowerer) augSubscript(s *ast.AugAssign, t *ast.Subscript, op ir.BinOpKind, pos ir.Pos) ([]ir.Stmt, flow) {
	idx, ok := t.Slice.(*ast.Index)
	if !ok {
		fl.errorf(t, ir.Unsupported, "augmented assignment to a slice is not supported")
		return nil, fl.cur
	}
	c := fl.l.Expr(t.Value, nil)
	if c == nil || !fl.mutable(t, c) {
		return nil, fl.cur
	}
	load := fl.l.Index(t, c, idx.Value)
	if load == nil {
		return nil, fl.cur
	}
	i := load.(*ir.Index).Index
	elem := load.Type()
	var out []ir.Stmt
	hold := func(x ir.Expr) func(ir.Pos) ir.Expr {
		if _, isLocal := x.(*ir.LocalRef); isLocal || func() bool { _, k := x.(*ir.Const); return k }() {
			return func(p ir.Pos) ir.Expr { return reread(x) }
		}
		tmp := fl.temp(pos, x.Type())
		out = append(out, &ir.Assign{Pos: pos, Dest: tmp, Value: x})
		return localReader(tmp)
	}
	cr := hold(c)
	ir_ := hold(i)
	loaded := func() ir.Expr { return &ir.Index{Pos: load.Position(), X: cr(pos), Index: ir_(pos), T: elem} }
	if _, isList := elem.(*ir.List); isList && op == ir.Add {
		ys := fl.extendArg(s.Value, elem, "+= on a list")
		if ys == nil {
			return nil, fl.cur
		}
		e := fl.temp(pos, elem)
		out = append(out,
			&ir.Assign{Pos: pos, Dest: e, Value: loaded()},
			&ir.ExprStmt{Pos: pos, X: &ir.Builtin{Pos: pos, Name: "list.extend", Args: []ir.Expr{&ir.LocalRef{Pos: pos, Local: e}, ys}, T: ir.None}},
			&ir.SetIndex{Pos: pos, X: cr(pos), Index: ir_(pos), Value: &ir.LocalRef{Pos: pos, Local: e}})
		return out, fl.cur
	}
	x := fl.l.Expr(s.Value, elem)
	if x == nil {
		return nil, fl.cur
	}
	v := fl.l.MakeBinOp(s, op, loaded(), x)
	if v == nil {
		return nil, fl.cur
	}
	if !ir.Identical(v.Type(), elem) {
		fl.errorf(s, ir.TypeMismatch, "cannot store %s into %s (the value must have the element type exactly)", types.A(v.Type()), types.A(c.Type()))
		return nil, fl.cur
	}
	out = append(out, &ir.SetIndex{Pos: pos, X: cr(pos), Index: ir_(pos), Value: v})
	return out, fl.cur
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
		if !types.Assignable(ir.None, res) {
			fl.errorf(s, ir.TypeMismatch, "bare return in %s, which returns %s", fl.fn.Name, res)
			return nil, out
		}
		return []ir.Stmt{&ir.Return{Pos: fl.c.pos(s)}}, out
	}
	x := fl.l.Expr(s.Value, res)
	if x == nil {
		return nil, out
	}
	if !types.Assignable(x.Type(), res) {
		if p := fl.promoteReturn(s.Value, x); p != nil {
			x = p
		}
	}
	if !types.Assignable(x.Type(), res) {
		fl.errorf(s.Value, ir.TypeMismatch, "%s returns %s, not %s%s", fl.fn.Name, res, x.Type(), floatHint(res, x))
		return nil, out
	}
	return []ir.Stmt{&ir.Return{Pos: fl.c.pos(s), Value: x}}, out
}

func (fl *fnLowerer) forStmt(s *ast.For) ([]ir.Stmt, flow) {
	st := fl.cur
	if len(s.Orelse) > 0 {
		fl.errorf(s, ir.Unsupported, "for-else is not supported")
		return nil, st
	}
	pos := fl.c.pos(s)
	iter := fl.consume(s.Iter, nil, use{what: "for loop"})
	var elem ir.Type
	if iter != nil {
		elem = fl.elemOf(iter, s.Iter, "for loop", false)
	}
	lf := &loopFlow{}
	if elem == nil {
		fl.breakTarget(s.Target)
		fl.loops = append(fl.loops, lf)
		fl.stmts(s.Body, st.copy(), false) // report the body's own errors
		fl.loops = fl.loops[:len(fl.loops)-1]
		return nil, st
	}
	in := st.copy()
	// A name the body assigns may be None again at the next iteration.
	// As mypy (which checks a loop body until its types settle), a
	// narrowing the body keeps to its end (and to every continue) stays
	// at its start: the first round assumes so, and when the body's end
	// does not keep it, the plan is compiled again with the narrowing
	// dropped at this loop (c.loopDrops, compileRounds). The loop
	// variable is assigned before the body, so it is never narrowed there.
	reassigned := map[string]bool{}
	assignedNames(fl.c.file, s.Body, reassigned)
	for loc := range st.narrowed {
		if fl.c.loopDrops[loopDrop{loop: pos, local: loc.Pos}] {
			delete(in.narrowed, loc)
		}
	}
	for _, name := range targetNames(s.Target) {
		if loc := fl.locals[name]; loc != nil {
			delete(in.narrowed, loc)
		}
	}
	entry := in.copy()
	fl.cur = in
	var v *ir.Local
	var prologue []ir.Stmt
	if n, isName := s.Target.(*ast.Name); isName {
		if loc := fl.locals[string(n.Id)]; loc == nil || ir.Identical(loc.Type, elem) {
			v = fl.local(n, string(n.Id), elem, "assign")
			if v != nil {
				in.assigned(v)
			}
		} else {
			v = fl.temp(pos, elem)
			var ok bool
			if prologue, ok = fl.storeName(n, &ir.LocalRef{Pos: pos, Local: v}, pos); !ok {
				v = nil
			}
		}
	} else {
		v = fl.temp(pos, elem)
		var ok bool
		if prologue, ok = fl.store(s.Target, localReader(v), elem, pos); !ok {
			v = nil
		}
	}
	if v == nil {
		fl.breakTarget(s.Target)
		for _, name := range targetNames(s.Target) {
			if loc := fl.locals[name]; loc != nil {
				fl.cur.assigned(loc) // refused above: do not cascade
			}
		}
	}
	fl.loops = append(fl.loops, lf)
	body, after := fl.stmts(s.Body, fl.cur, false)
	fl.loops = fl.loops[:len(fl.loops)-1]
	if v == nil {
		return nil, st
	}
	back := after
	for _, e := range lf.continues {
		back = join(back, e)
	}
	if !back.dead {
		for loc := range entry.narrowed {
			if reassigned[loc.Name] && !back.narrowed[loc] {
				// The body may leave it None for the next iteration:
				// this round's reads of it in the body are wrong.
				fl.c.loopDrops[loopDrop{loop: pos, local: loc.Pos}] = true
				fl.c.retry = true
			}
		}
	}
	out := st.copy()
	acc := after
	for _, e := range lf.exits {
		acc = join(acc, e)
	}
	if nonEmpty(iter) && !acc.dead {
		out = acc // the body runs at least once
	} else {
		out.dead = st.dead
	}
	// As mypy, which takes any loop to run zero times or more: narrowed
	// after it only if narrowed before it and at each way out of it.
	for loc := range out.narrowed {
		if !st.narrowed[loc] || (!acc.dead && !acc.narrowed[loc]) {
			delete(out.narrowed, loc)
		}
	}
	return []ir.Stmt{&ir.For{Pos: pos, Var: v, Iter: iter, Body: append(prologue, body...)}}, out
}

// nonEmpty reports whether iterating x surely yields an element.
func nonEmpty(x ir.Expr) bool {
	switch x := x.(type) {
	case *ir.ListLit:
		return len(x.Elems) > 0
	case *ir.TupleLit:
		return len(x.Elems) > 0
	case *ir.Const:
		s, ok := x.Value.(string)
		return ok && s != ""
	case *ir.Range:
		start, ok1 := ir.IntConstant(x.Start)
		stop, ok2 := ir.IntConstant(x.Stop)
		step, ok3 := ir.IntConstant(x.Step)
		return ok1 && ok2 && ok3 && (step > 0 && start < stop || step < 0 && start > stop)
	}
	return false
}

// jump lowers break and continue.
func (fl *fnLowerer) jump(s ast.Stmt) ([]ir.Stmt, flow) {
	pos := fl.c.pos(s)
	if len(fl.loops) == 0 {
		if _, isBreak := s.(*ast.Break); isBreak {
			fl.errorf(s, ir.Syntax, "'break' outside loop")
		} else {
			fl.errorf(s, ir.Syntax, "'continue' not properly in loop")
		}
		return nil, fl.cur
	}
	lf := fl.loops[len(fl.loops)-1]
	lf.exits = append(lf.exits, fl.cur.copy())
	out := fl.cur.copy()
	out.dead = true
	if _, isBreak := s.(*ast.Break); isBreak {
		return []ir.Stmt{&ir.Break{Pos: pos}}, out
	}
	lf.continues = append(lf.continues, fl.cur.copy())
	return []ir.Stmt{&ir.Continue{Pos: pos}}, out
}

func (fl *fnLowerer) assertStmt(s *ast.Assert) ([]ir.Stmt, flow) {
	cond := fl.l.Expr(s.Test, nil)
	var msg ir.Expr
	if s.Msg != nil {
		msg = fl.l.Expr(s.Msg, ir.Str)
		if msg != nil && !ir.IsBasic(msg.Type(), ir.KindStr) {
			fl.errorf(s.Msg, ir.TypeMismatch, "assert message must be a str, got %s", msg.Type())
			return nil, fl.cur
		}
	}
	if cond == nil || s.Msg != nil && msg == nil {
		return nil, fl.cur
	}
	// Past the assert its test held (every engine runs asserts): what it
	// proves not None is narrowed, as mypy narrows after
	// `assert x is not None`.
	ifTrue, _ := fl.noneChecks(s.Test)
	fl.narrow(fl.cur, ifTrue)
	return []ir.Stmt{&ir.Assert{Pos: fl.c.pos(s), Cond: cond, Msg: msg}}, fl.cur
}

func (fl *fnLowerer) raiseStmt(s *ast.Raise) ([]ir.Stmt, flow) {
	out := fl.cur.copy()
	out.dead = true
	switch {
	case s.Exc == nil:
		fl.errorf(s, ir.Unsupported, "bare raise is not supported (there is no exception to re-raise)")
		return nil, out
	case s.Cause != nil:
		fl.errorf(s.Cause, ir.Unsupported, "raise ... from ... is not supported")
		return nil, out
	}
	class := ""
	var msgNode ast.Expr
	switch e := s.Exc.(type) {
	case *ast.Name:
		class = string(e.Id)
	case *ast.Call:
		if n, ok := e.Func.(*ast.Name); ok {
			class = string(n.Id)
			if exceptions[class] && fl.isBuiltinName(class) {
				if len(e.Keywords) > 0 || e.Starargs != nil || e.Kwargs != nil || len(e.Args) > 1 {
					fl.errorf(e, ir.ArgumentError, "%s() takes one message here", class)
					return nil, out
				}
				if len(e.Args) == 1 {
					msgNode = e.Args[0]
				}
			}
		}
	}
	if !exceptions[class] || !fl.isBuiltinName(class) {
		fl.errorf(s.Exc, ir.Unsupported, "raise of %s is not supported (raise one of the builtin exceptions ValueError, RuntimeError, KeyError, IndexError, TypeError, AssertionError, ZeroDivisionError or Exception)", pyast.Render(s.Exc))
		return nil, out
	}
	var msg ir.Expr
	if msgNode != nil {
		msg = fl.l.Expr(msgNode, ir.Str)
		if msg == nil {
			return nil, out
		}
		if !ir.IsBasic(msg.Type(), ir.KindStr) {
			fl.errorf(msgNode, ir.TypeMismatch, "exception message must be a str, got %s", msg.Type())
			return nil, out
		}
	}
	return []ir.Stmt{&ir.Raise{Pos: fl.c.pos(s), Class: class, Msg: msg}}, out
}

// elemType is the type a store into a container of type t must have.
func elemType(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.List:
		return t.Elem
	case *ir.Dict:
		return t.Value
	}
	return nil
}
