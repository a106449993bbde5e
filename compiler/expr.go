package compiler

import (
	"fmt"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// setOrder is why a plan may not depend on the order of a set.
const setOrder = "CPython's set order is not something a plan may depend on"

// genMode says whether a consumer takes a generator expression.
type genMode int

const (
	genNo    genMode = iota // not a generator (it would interleave with the consumer)
	genEager                // a generator, evaluated whole first (as a list comprehension)
	genPure                 // a generator that can neither act nor raise (the consumer may stop early)
)

// use describes a consumer: a construct that iterates over (or measures)
// its operand whole, where iteration helpers, range() and generator
// expressions may appear.
type use struct {
	what    string  // the consumer, for messages: "for loop", "list()", ...
	lenOnly bool    // len(): only dict views and range() (the others have no len)
	gen     genMode // what the consumer does with a generator expression
}

// consumersText lists the consumers, for messages.
const consumersText = "for loops, comprehensions, `in`, and the arguments of list(), tuple(), set(), dict(), sorted(), sum(), min(), max(), any(), all(), enumerate(), zip(), reversed() and str.join()"

// consume lowers e as the operand of a consumer.
func (fl *fnLowerer) consume(e ast.Expr, hint ir.Type, u use) ir.Expr {
	fl.consuming[e] = u
	x := fl.l.Expr(e, hint)
	delete(fl.consuming, e)
	return x
}

// consumedBy returns how e is consumed, if it is the operand of a
// consumer.
func (fl *fnLowerer) consumedBy(e ast.Expr) (use, bool) {
	u, ok := fl.consuming[e]
	return u, ok
}

// elemOf is the element type of iterating x (the operand of consumer
// what), or nil after reporting why x cannot be iterated there.
func (fl *fnLowerer) elemOf(x ir.Expr, n ast.Ast, what string, allowSet bool) ir.Type {
	t := x.Type()
	if _, isSet := t.(*ir.Set); isSet && !allowSet {
		fl.errorf(n, ir.Unsupported, "%s over %s is not supported: %s (iterate sorted(...) instead)", what, types.A(t), setOrder)
		return nil
	}
	elem := types.Elem(t)
	if elem == nil {
		if _, isTuple := t.(*ir.Tuple); isTuple {
			fl.errorf(n, ir.Unsupported, "%s over %s is not supported (tuple elements must share one type)", what, types.A(t))
		} else {
			fl.errorf(n, ir.Unsupported, "%s over %s is not supported%s", what, types.A(t), types.OptionalHint(t))
		}
	}
	return elem
}

// ext lowers the expressions only plan functions have.
func (fl *fnLowerer) ext(l *lower.Lowerer, e ast.Expr, want ir.Type) (ir.Expr, bool) {
	switch e := e.(type) {
	case *ast.ListComp:
		return fl.comprehension(e, ir.ListComp, nil, e.Elt, e.Generators, want), true
	case *ast.SetComp:
		return fl.comprehension(e, ir.SetComp, nil, e.Elt, e.Generators, want), true
	case *ast.DictComp:
		return fl.comprehension(e, ir.DictComp, e.Key, e.Value, e.Generators, want), true
	case *ast.GeneratorExp:
		u, ok := fl.consumedBy(e)
		if !ok || u.gen == genNo {
			l.Errorf(e, ir.Unsupported, "generator expression is only supported as the argument of list(), set(), dict(), sorted(), sum(), min(), max(), any(), all() and str.join() (write a list comprehension)")
			return nil, true
		}
		var lw ir.Type
		if want != nil {
			if elem := types.Elem(want); elem != nil {
				lw = &ir.List{Elem: elem}
			}
		}
		x := fl.comprehension(e, ir.ListComp, nil, e.Elt, e.Generators, lw)
		if x != nil && u.gen == genPure && lower.MayAct(x) {
			l.Errorf(e, ir.Unsupported, "generator expression in %s that calls a function or may raise is not supported (%s stops at the first decisive element; write a list comprehension to evaluate every element)", u.what, u.what)
			return nil, true
		}
		return x, true
	case *ast.BoolOp:
		fl.guardBoolOp(e)
		return nil, false
	case *ast.IfExp:
		fl.guardIfExp(e)
		return nil, false
	case *ast.Lambda:
		l.Errorf(e, ir.Unsupported, "lambda is only supported as the key= argument of sorted(), min(), max() and list.sort()")
		return nil, true
	case *ast.Starred:
		l.Errorf(e, ir.Unsupported, "starred expression is not supported")
		return nil, true
	case *ast.Compare:
		if x, handled := fl.inPartial(e); handled {
			return x, true
		}
		fl.keepOptionalAgainstNone(e)
		// the right operand of in / not in is consumed whole
		var marked []ast.Expr
		for i, op := range e.Ops {
			if (op == ast.In || op == ast.NotIn) && i < len(e.Comparators) {
				fl.consuming[e.Comparators[i]] = use{what: "`in`", gen: genPure}
				marked = append(marked, e.Comparators[i])
			}
		}
		if len(marked) == 0 {
			return nil, false
		}
		x := l.Comparison(e)
		for _, m := range marked {
			delete(fl.consuming, m)
		}
		return x, true
	}
	return nil, false
}

// newLocal adds a local named after base, made distinct from every other
// local name of the function and from every Python name it assigns (so
// that no local created later takes it): base, else base_1, base_2, ...
func (fl *fnLowerer) newLocal(pos ir.Pos, base string, t ir.Type) *ir.Local {
	name := base
	for i := 1; fl.used[name] || fl.names[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	fl.used[name] = true
	loc := &ir.Local{Pos: pos, Name: name, Type: t, Index: len(fl.fn.Locals)}
	fl.fn.Locals = append(fl.fn.Locals, loc)
	return loc
}

// temp adds a hidden local, _t1, _t2, ... (distinct from the plan's own
// names).
func (fl *fnLowerer) temp(pos ir.Pos, t ir.Type) *ir.Local {
	fl.ntemp++
	return fl.newLocal(pos, fmt.Sprintf("_t%d", fl.ntemp), t)
}

// comprehension lowers a list, set or dict comprehension (or a generator
// expression as a list comprehension). Its variables are fresh locals
// visible only inside it, as in Python 3; the first iterable is evaluated
// in the enclosing scope.
func (fl *fnLowerer) comprehension(n ast.Expr, kind ir.CompKind, key, elt ast.Expr, gens []ast.Comprehension, want ir.Type) ir.Expr {
	l := fl.l
	depth := len(fl.scopes)
	defer func() { fl.scopes = fl.scopes[:depth] }()
	var clauses []ir.CompClause
	for _, g := range gens {
		iter := fl.consume(g.Iter, nil, use{what: "comprehension"})
		if iter == nil {
			return nil
		}
		elem := fl.elemOf(iter, g.Iter, "comprehension", false)
		if elem == nil {
			return nil
		}
		scope := map[string]scoped{}
		v := fl.bindCompTarget(g.Target, elem, scope)
		if v == nil {
			return nil
		}
		fl.scopes = append(fl.scopes, scope)
		clause := ir.CompClause{Var: v, Iter: iter}
		for _, cond := range g.Ifs {
			x := l.Expr(cond, nil)
			if x == nil {
				return nil
			}
			clause.Conds = append(clause.Conds, x)
		}
		clauses = append(clauses, clause)
	}
	out := &ir.Comprehension{Pos: l.Pos(n), Kind: kind, Clauses: clauses}
	var keyHint, elemHint ir.Type
	switch w := want.(type) {
	case *ir.List:
		elemHint = w.Elem
	case *ir.Set:
		elemHint = w.Elem
	case *ir.Dict:
		keyHint, elemHint = w.Key, w.Value
	}
	if kind == ir.DictComp {
		out.Key = l.Expr(key, keyHint)
		if out.Key == nil {
			return nil
		}
		if !types.Hashable(out.Key.Type()) {
			l.Errorf(key, ir.TypeMismatch, "dict key of type %s is not hashable", out.Key.Type())
			return nil
		}
	}
	out.Elem = l.Expr(elt, elemHint)
	if out.Elem == nil {
		return nil
	}
	switch kind {
	case ir.ListComp:
		out.T = &ir.List{Elem: out.Elem.Type()}
	case ir.SetComp:
		if !types.Hashable(out.Elem.Type()) {
			l.Errorf(elt, ir.TypeMismatch, "set element of type %s is not hashable", out.Elem.Type())
			return nil
		}
		out.T = &ir.Set{Elem: out.Elem.Type()}
	case ir.DictComp:
		out.T = &ir.Dict{Key: out.Key.Type(), Value: out.Elem.Type()}
	}
	return out
}

// bindCompTarget binds the target of a comprehension clause whose
// elements have type elem: a name becomes a fresh local; a tuple of
// names unpacks a tuple element through a hidden local.
func (fl *fnLowerer) bindCompTarget(target ast.Expr, elem ir.Type, scope map[string]scoped) *ir.Local {
	pos := fl.c.pos(target)
	if n, ok := target.(*ast.Name); ok {
		v := fl.newLocal(pos, string(n.Id), elem)
		scope[string(n.Id)] = scoped{local: v}
		return v
	}
	v := fl.temp(pos, elem)
	if !fl.bindCompTuple(target, elem, func(p ir.Pos) ir.Expr { return &ir.LocalRef{Pos: p, Local: v} }, scope) {
		return nil
	}
	return v
}

func (fl *fnLowerer) bindCompTuple(target ast.Expr, t ir.Type, val func(ir.Pos) ir.Expr, scope map[string]scoped) bool {
	switch tg := target.(type) {
	case *ast.Name:
		scope[string(tg.Id)] = scoped{expr: val}
		return true
	case *ast.Tuple, *ast.List:
		elts := targetElts(tg)
		tt, ok := t.(*ir.Tuple)
		if !ok {
			fl.errorf(target, ir.Unsupported, "unpacking %s in a comprehension is not supported (only tuples, whose length is known)", types.A(t))
			return false
		}
		if len(tt.Elems) != len(elts) {
			fl.errorf(target, ir.TypeMismatch, "cannot unpack %s into %d targets", types.A(tt), len(elts))
			return false
		}
		for i, el := range elts {
			i, et := i, tt.Elems[i]
			sub := func(p ir.Pos) ir.Expr {
				return &ir.Index{Pos: p, X: val(p), Index: &ir.Const{Pos: p, T: ir.Int, Value: int64(i)}, T: et}
			}
			if !fl.bindCompTuple(el, et, sub, scope) {
				return false
			}
		}
		return true
	case *ast.Starred:
		fl.errorf(target, ir.Unsupported, "starred assignment target is not supported")
	default:
		fl.errorf(target, ir.Unsupported, "comprehension target %s is not supported", pyast.Describe(target))
	}
	return false
}

func targetElts(e ast.Expr) []ast.Expr {
	switch e := e.(type) {
	case *ast.Tuple:
		return e.Elts
	case *ast.List:
		return e.Elts
	}
	return nil
}

// keyFunc lowers the key= argument of sorted, min, max and list.sort
// over elements of type elem: a one-parameter lambda (which may read the
// enclosing function's locals), a plan function of one parameter, or one
// of the builtins len, abs, str and the methods str.lower, str.upper. A
// None key is no key. The key's results must be orderable.
func (fl *fnLowerer) keyFunc(v ast.Expr, elem ir.Type, owner string) (*ir.Lambda, bool) {
	l := fl.l
	if isNone(v) {
		return nil, true
	}
	pos := l.Pos(v)
	var lam *ir.Lambda
	switch k := v.(type) {
	case *ast.Lambda:
		a := k.Args
		if a == nil || len(a.Args) != 1 || a.Vararg != nil || a.Kwarg != nil || len(a.Kwonlyargs) > 0 || len(a.Defaults) > 0 {
			l.Errorf(k, ir.ArgumentError, "key= lambda of %s must take exactly one parameter", owner)
			return nil, false
		}
		name := string(a.Args[0].Arg)
		p := fl.newLocal(l.Pos(a.Args[0]), name, elem)
		fl.scopes = append(fl.scopes, map[string]scoped{name: {local: p}})
		fl.lambdas++
		body := l.Expr(k.Body, nil)
		fl.lambdas--
		fl.scopes = fl.scopes[:len(fl.scopes)-1]
		if body == nil {
			return nil, false
		}
		lam = &ir.Lambda{Pos: pos, Source: pyast.Render(k), Params: []*ir.Local{p}, Body: body}
	default:
		p := fl.newLocal(pos, "_k", elem)
		arg := &ir.LocalRef{Pos: pos, Local: p}
		var body ir.Expr
		label, _ := pyast.Dotted(v)
		switch {
		case label == "len" && fl.isBuiltinName("len") && types.Sized(elem):
			body = &ir.Builtin{Pos: pos, Name: "len", Args: []ir.Expr{arg}, T: ir.Int}
		case label == "abs" && fl.isBuiltinName("abs") && types.IsNumeric(elem):
			t := ir.Int
			if ir.IsBasic(elem, ir.KindFloat) {
				t = ir.Float
			}
			body = &ir.Builtin{Pos: pos, Name: "abs", Args: []ir.Expr{arg}, T: t}
		case label == "str" && fl.isBuiltinName("str") && types.Printable(elem) == "":
			body = &ir.Builtin{Pos: pos, Name: "str", Args: []ir.Expr{arg}, T: ir.Str}
		case (label == "str.lower" || label == "str.upper") && fl.isBuiltinName("str") && ir.IsBasic(elem, ir.KindStr):
			body = &ir.Builtin{Pos: pos, Name: label, Args: []ir.Expr{arg}, T: ir.Str}
		default:
			if n, ok := v.(*ast.Name); ok && !fl.isLocalName(string(n.Id)) {
				if s := fl.c.names[string(n.Id)]; s != nil && s.kind == sFunc && s.fn.ok {
					fi := s.fn
					if len(fi.params) < 1 || !types.Assignable(elem, fi.params[0].Type) {
						l.Errorf(v, ir.TypeMismatch, "key function %s of %s must take one %s", n.Id, owner, elem)
						return nil, false
					}
					args := []ir.Expr{arg}
					for _, p := range fi.params[1:] {
						if p.Default == nil {
							l.Errorf(v, ir.TypeMismatch, "key function %s of %s must take one %s", n.Id, owner, elem)
							return nil, false
						}
						args = append(args, lower.CloneAt(p.Default, pos))
					}
					fl.fi.calls = append(fl.fi.calls, callSite{callee: fi, pos: pos})
					body = &ir.Call{Pos: pos, Func: fi.fn, Args: args}
				}
			}
		}
		if body == nil {
			l.Errorf(v, ir.TypeMismatch, "key= of %s must be a lambda, a plan function, len, abs, str, str.lower or str.upper applicable to %s", owner, elem)
			return nil, false
		}
		lam = &ir.Lambda{Pos: pos, Source: pyast.Render(v), Params: []*ir.Local{p}, Body: body}
	}
	if !types.Orderable(lam.Body.Type()) {
		l.Errorf(v, ir.TypeMismatch, "key= of %s gives %s, which does not order", owner, lam.Body.Type())
		return nil, false
	}
	return lam, true
}

func isNone(e ast.Expr) bool {
	c, ok := e.(*ast.NameConstant)
	if !ok {
		return false
	}
	return pyast.Render(c) == "None"
}
