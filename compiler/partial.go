package compiler

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// Partial types, as mypy infers them: `x = []` (or {}, list(), dict(),
// set()) with no annotation gives x a type only at its first use in the
// same function that fixes the element types, a statement
//
//	x.append(v)        list[type(v)]
//	x.extend(ys)       list[T] when ys is a list[T]
//	x.add(v)           set[type(v)]   (and x.discard(v))
//	x.update(ys)       set[T] when ys is a set[T] or list[T]; dict[K, V] when ys is a dict[K, V]
//	x[k] = v           dict[type(k), type(v)]
//
// Before that statement x may be the right operand of `in` / `not in`
// (mypy looks such a read up without asking for an annotation; the left
// operand's type is checked when x's type is fixed). Any other read of x
// before it (in the statement's own arguments, in a comprehension or
// lambda, in a nested def) is refused,
// as mypy refuses it ("Need type annotation"), and so is an x that no
// such statement fixes. The local's assignment is lowered once the type
// is known, with that type as the display's context.

// partialVar is a local assigned an empty display whose type is not
// fixed yet.
type partialVar struct {
	loc    *ir.Local
	kind   string     // "list", "dict" or "set"
	value  ast.Expr   // the empty display
	assign *ir.Assign // its assignment, Value filled when fixed
	ins    []inCheck  // `v in x` read before the type was fixed
}

// inCheck is a `v in x` / `v not in x` on a partial x, which mypy accepts
// before x's type is fixed (it would be noise to ask for an annotation
// there); the operand's type is checked against x's once it is fixed.
type inCheck struct {
	node *ast.Compare
	op   ir.CmpOp
	t    ir.Type
}

// emptyDisplay reports the kind of e when it is an empty list, dict or
// set display written without a type: [], {}, list(), dict(), set().
func (fl *fnLowerer) emptyDisplay(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.List:
		if len(e.Elts) == 0 {
			return "list"
		}
	case *ast.Dict:
		if len(e.Keys) == 0 {
			return "dict"
		}
	case *ast.Call:
		n, ok := e.Func.(*ast.Name)
		if !ok || len(e.Args) > 0 || len(e.Keywords) > 0 || e.Starargs != nil || e.Kwargs != nil {
			return ""
		}
		switch name := string(n.Id); name {
		case "list", "dict", "set":
			if fl.isBuiltinName(name) {
				return name
			}
		}
	}
	return ""
}

// startPartial lowers `name = <empty display>` for a name with no type
// yet: the local exists from here on but has no type until a later
// statement fixes it. It reports false when s is not such an assignment.
func (fl *fnLowerer) startPartial(s *ast.Assign) ([]ir.Stmt, bool) {
	if len(s.Targets) != 1 {
		return nil, false
	}
	n, ok := s.Targets[0].(*ast.Name)
	if !ok {
		return nil, false
	}
	name := string(n.Id)
	kind := fl.emptyDisplay(s.Value)
	if kind == "" || fl.locals[name] != nil || fl.partial[name] != nil || fl.broken[name] || !fl.names[name] {
		return nil, false
	}
	if _, ok := fl.lookupScoped(name); ok {
		return nil, false
	}
	fl.used[name] = true
	loc := &ir.Local{Pos: fl.c.pos(n), Name: name}
	a := &ir.Assign{Pos: fl.c.pos(s), Dest: loc}
	fl.partial[name] = &partialVar{loc: loc, kind: kind, value: s.Value, assign: a}
	fl.cur.assigned(loc)
	return []ir.Stmt{a}, true
}

// fixPartial recognises a statement that fixes the type of a partial
// local and fixes it; the statement itself is then lowered as usual. It
// reports true when the statement must not be lowered: typing its
// operands failed, and lowering them again would repeat the errors.
func (fl *fnLowerer) fixPartial(s ast.Stmt) (skip bool) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		c, ok := s.Value.(*ast.Call)
		if !ok || len(c.Args) != 1 || len(c.Keywords) > 0 || c.Starargs != nil || c.Kwargs != nil {
			return false
		}
		at, ok := c.Func.(*ast.Attribute)
		if !ok {
			return false
		}
		n, ok := at.Value.(*ast.Name)
		if !ok {
			return false
		}
		p := fl.partial[string(n.Id)]
		if p == nil {
			return false
		}
		method := string(at.Attr)
		switch p.kind + "." + method {
		case "list.append", "set.add", "set.discard":
			t := fl.probe(c.Args[0])
			if t == nil {
				return fl.giveUp(string(n.Id))
			}
			fl.fix(s, string(n.Id), p, t)
			return false
		case "list.extend", "set.update", "dict.update":
			t := fl.probe(c.Args[0])
			if t == nil {
				return fl.giveUp(string(n.Id))
			}
			var fixed ir.Type
			switch at := t.(type) {
			case *ir.List:
				if p.kind != "dict" {
					fixed = at.Elem
				}
			case *ir.Set:
				if p.kind == "set" {
					fixed = at.Elem
				}
			case *ir.Dict:
				if p.kind == "dict" {
					fixed = at
				}
			}
			if fixed != nil {
				fl.fix(s, string(n.Id), p, fixed)
			}
		}
	case *ast.Assign:
		if len(s.Targets) != 1 {
			return false
		}
		sub, ok := s.Targets[0].(*ast.Subscript)
		if !ok {
			return false
		}
		n, ok := sub.Value.(*ast.Name)
		if !ok {
			return false
		}
		p := fl.partial[string(n.Id)]
		idx, isIndex := sub.Slice.(*ast.Index)
		if p == nil || p.kind != "dict" || !isIndex {
			return false
		}
		k := fl.probe(idx.Value)
		if k == nil {
			return fl.giveUp(string(n.Id))
		}
		v := fl.probe(s.Value)
		if v == nil {
			return fl.giveUp(string(n.Id))
		}
		fl.fix(s, string(n.Id), p, &ir.Dict{Key: k, Value: v})
	}
	return false
}

// giveUp drops the partial local name after its fixing statement was
// refused: its later reads stay silent.
func (fl *fnLowerer) giveUp(name string) bool {
	delete(fl.partial, name)
	fl.broken[name] = true
	return true
}

// probe types the expression e without keeping what lowering it added
// (hidden locals): the statement it belongs to is lowered again once the
// partial local's type is fixed. Its errors are kept (they are the
// expression's own; lowering it again would repeat them, so the caller
// gives up on the statement's partial local).
func (fl *fnLowerer) probe(e ast.Expr) ir.Type {
	nlocals, ntemp := len(fl.fn.Locals), fl.ntemp
	used := make(map[string]bool, len(fl.used))
	for k := range fl.used {
		used[k] = true
	}
	x := fl.l.Expr(e, nil)
	fl.fn.Locals, fl.ntemp, fl.used = fl.fn.Locals[:nlocals], ntemp, used
	if x == nil {
		return nil
	}
	return x.Type()
}

// fix gives the partial local name its type: t is the element type of a
// list or set, or the dict type.
func (fl *fnLowerer) fix(s ast.Stmt, name string, p *partialVar, t ir.Type) {
	var full ir.Type
	switch p.kind {
	case "list":
		full = &ir.List{Elem: t}
	case "set":
		full = &ir.Set{Elem: t}
	default:
		full = t
	}
	delete(fl.partial, name)
	elems := []ir.Type{t}
	if d, ok := t.(*ir.Dict); ok {
		elems = []ir.Type{d.Key, d.Value}
	}
	for _, e := range elems {
		if types.Contains(e, func(x ir.Type) bool { return ir.IsBasic(x, ir.KindNone) }) {
			// mypy does not infer a partial type from None (it is
			// not a valid inferred type): annotate.
			fl.errorf(s, ir.TypeMismatch, "cannot infer the type of %s from None (as mypy); annotate it where it is assigned (e.g. %s: %s = %s)", name, name, full, pyastEmpty(p.kind))
			fl.broken[name] = true
			return
		}
	}
	if p.kind != "list" && !types.Hashable(elems[0]) {
		fl.errorf(s, ir.TypeMismatch, "%s element of type %s is not hashable", map[string]string{"set": "set", "dict": "dict key"}[p.kind], elems[0])
		fl.broken[name] = true
		return
	}
	p.loc.Type = full
	p.loc.Index = len(fl.fn.Locals)
	fl.fn.Locals = append(fl.fn.Locals, p.loc)
	fl.locals[name] = p.loc
	p.assign.Value = fl.l.Expr(p.value, full)
	if p.assign.Value == nil {
		fl.broken[name] = true
	}
	for _, c := range p.ins {
		if why := types.Compare(c.op, c.t, full); why != "" {
			fl.errorf(c.node, ir.Unsupported, "%s", why)
		}
	}
}

// inPartial lowers `v in x` and `v not in x` (one operator) where x is a
// partial local, as mypy accepts them before x's type is fixed: the
// comparison reads x, and v's type is checked when x's type is fixed.
func (fl *fnLowerer) inPartial(e *ast.Compare) (ir.Expr, bool) {
	if len(e.Ops) != 1 || len(e.Comparators) != 1 || (e.Ops[0] != ast.In && e.Ops[0] != ast.NotIn) {
		return nil, false
	}
	n, ok := e.Comparators[0].(*ast.Name)
	if !ok {
		return nil, false
	}
	if _, scoped := fl.lookupScoped(string(n.Id)); scoped {
		return nil, false
	}
	p := fl.partial[string(n.Id)]
	if p == nil {
		return nil, false
	}
	if !fl.cur.defined[p.loc] {
		// Not assigned on this path: the usual refusal.
		return nil, false
	}
	v := fl.l.Expr(e.Left, nil)
	if v == nil {
		return nil, true
	}
	op := ir.In
	if e.Ops[0] == ast.NotIn {
		op = ir.NotIn
	}
	p.ins = append(p.ins, inCheck{node: e, op: op, t: v.Type()})
	pos := fl.c.pos(e)
	return &ir.Compare{Pos: pos, Ops: []ir.CmpOp{op}, Operands: []ir.Expr{v, &ir.LocalRef{Pos: fl.c.pos(n), Local: p.loc}}}, true
}

// pyastEmpty is how an empty display of kind is written.
func pyastEmpty(kind string) string {
	switch kind {
	case "list":
		return "[]"
	case "set":
		return "set()"
	}
	return "{}"
}

// partialRead refuses a read of a partial local before its type is fixed
// (nested: from a nested def, which cannot fix it).
func (fl *fnLowerer) partialRead(n *ast.Name, p *partialVar, nested bool) {
	where := "here, before a statement of its function fixes its type (x.append(v), x.add(v), x[k] = v, ...)"
	if nested {
		where = "in a nested function, which cannot fix its type"
	}
	fl.errorf(n, ir.TypeMismatch, "cannot infer the type of %s (assigned %s at line %d): it is used %s, as mypy requires; annotate it (e.g. %s: %s = %s)", n.Id, pyastEmpty(p.kind), p.loc.Pos.Line, where, n.Id, exampleType(p.kind), pyastEmpty(p.kind))
}

func exampleType(kind string) string {
	switch kind {
	case "list":
		return "list[str]"
	case "set":
		return "set[str]"
	}
	return "dict[str, int]"
}

// endPartials refuses the partial locals no statement fixed, with the
// message an unannotated empty display always had.
func (fl *fnLowerer) endPartials() {
	for name, p := range fl.partial {
		delete(fl.partial, name)
		fl.l.Expr(p.value, nil)
	}
}
