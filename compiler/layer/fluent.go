package layer

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// fluentDef compiles F = fluent("door_locked", key=str, value=bool,
// initial=True). Every part is required: a fluent without an initial
// value would make "the value after the trace" undefined for keys no call
// wrote.
func (ld *loader) fluentDef(m *Module, varName string, call *ast.Call) *ir.Fluent {
	f := m.src
	fl := &ir.Fluent{Pos: pyast.Pos(f, call), Var: varName, Module: m.Name}
	ok := true
	if len(call.Args) != 1 || call.Starargs != nil || call.Kwargs != nil {
		ld.errorf(f, call, ir.LayerError, "fluent takes its name as one string argument, then key=, value= and initial=")
		return nil
	}
	if str, isStr := call.Args[0].(*ast.Str); !isStr {
		ld.errorf(f, call.Args[0], ir.LayerError, "the name of a fluent must be a string literal")
		ok = false
	} else if _, isF := f.FStrings[str]; isF || !isIdent(string(str.S)) {
		ld.errorf(f, call.Args[0], ir.LayerError, "the name of a fluent must be a string literal that is a Python identifier")
		ok = false
	} else {
		fl.Name = string(str.S)
	}
	var initial ast.Expr
	for _, k := range call.Keywords {
		switch k.Arg {
		case "key", "value":
			t, err := types.AnnotationIn(f, k.Value, scope{m})
			if err != nil {
				ld.errs.Append(err)
				ok = false
				continue
			}
			if k.Arg == "key" {
				if !ir.IsBasic(t, ir.KindStr) && !ir.IsBasic(t, ir.KindInt) {
					ld.errorf(f, k.Value, ir.LayerError, "the key of a fluent must be str or int, not %s", t)
					ok = false
				}
				fl.Key = t
			} else {
				if !ir.IsBasic(t, ir.KindBool) && !ir.IsBasic(t, ir.KindInt) && !ir.IsBasic(t, ir.KindStr) {
					ld.errorf(f, k.Value, ir.LayerError, "the value of a fluent must be bool, int or str, not %s", t)
					ok = false
				}
				fl.Value = t
			}
		case "initial":
			initial = k.Value
		default:
			ld.errorf(f, k, ir.Unsupported, "keyword %s of fluent is not supported (key=, value=, initial=)", k.Arg)
			ok = false
		}
	}
	if fl.Key == nil || fl.Value == nil || initial == nil {
		if ok {
			ld.errorf(f, call, ir.LayerError, "fluent %s needs key=, value= and initial=", varName)
		}
		return nil
	}
	if !ok {
		return nil
	}
	x := ld.constExpr(m, initial, fl.Value)
	if x == nil {
		return nil
	}
	if !ir.Identical(x.Type(), fl.Value) {
		ld.errorf(f, initial, ir.LayerError, "initial value of fluent %s must be %s, got %s", varName, fl.Value, x.Type())
		return nil
	}
	fl.Initial = x
	return fl
}

// updates compiles an effect's @effect(lambda a, b: F.set(key, value))
// decorators: the lambda's parameters name the effect's parameters, and
// key and value are read from each call's arguments.
func (ld *loader) updates(s *Symbol) {
	m, e := s.mod, s.Effect
	f := m.src
	seen := map[*ir.Fluent]bool{}
	for _, call := range s.decl.updates {
		label := pyast.Render(call.Func)
		if len(call.Args) != 1 || len(call.Keywords) > 0 || call.Starargs != nil || call.Kwargs != nil {
			ld.errorf(f, call, ir.LayerError, "%s takes one lambda, e.g. lambda door: DoorLocked.set(door, False)", label)
			continue
		}
		lam, isLam := call.Args[0].(*ast.Lambda)
		if !isLam {
			ld.errorf(f, call.Args[0], ir.LayerError, "%s takes a lambda, not a %s", label, pyast.Describe(call.Args[0]))
			continue
		}
		if !ld.lambdaArgsDefaults(m, lam) {
			continue
		}
		fact := &ir.Local{Pos: pyast.Pos(f, lam), Name: "call", Type: &ir.Fact{Selector: e.Name, Fields: e.Params}}
		params := map[string]*ir.Param{}
		good := true
		for _, a := range lam.Args.Args {
			p := e.Param(string(a.Arg))
			if p == nil {
				ld.errorf(f, a, ir.LayerError, "fluent update of %s names %s, which is not a parameter of %s", e.Name, a.Arg, e.Name)
				good = false
				continue
			}
			params[p.Name] = p
		}
		if !good || !ld.requiresDefaults(m, e, lam, "fluent update of "+e.Name) {
			continue
		}
		set, isCall := lam.Body.(*ast.Call)
		var at *ast.Attribute
		if isCall {
			at, _ = set.Func.(*ast.Attribute)
		}
		if at == nil || at.Attr != "set" {
			ld.errorf(f, lam.Body, ir.LayerError, "a fluent update must be F.set(key, value), not %s", pyast.Render(lam.Body))
			continue
		}
		fs := resolve(m, at.Value)
		if fs == nil || fs.Kind != KFluent {
			ld.errorf(f, at.Value, ir.LayerError, "%s is not a fluent of this layer", pyast.Render(at.Value))
			continue
		}
		fl := fs.Fluent
		if len(set.Args) != 2 || len(set.Keywords) > 0 || set.Starargs != nil || set.Kwargs != nil {
			ld.errorf(f, set, ir.LayerError, "%s.set takes two arguments, a key and a value", pyast.Render(at.Value))
			continue
		}
		if seen[fl] {
			ld.errorf(f, call, ir.LayerError, "effect %s updates fluent %s twice; one call writes one key", e.Name, fl.Name)
			continue
		}
		seen[fl] = true
		env := &updateEnv{base: &lambdaEnv{m: m, binOps: contractOps}, fact: fact, params: params}
		l := &lower.Lowerer{File: f, Errs: ld.errs, Env: env, NoFStrings: true, BinOps: contractOps}
		key := l.Expr(set.Args[0], fl.Key)
		value := l.Expr(set.Args[1], fl.Value)
		if key == nil || value == nil {
			continue
		}
		if !ir.Identical(key.Type(), fl.Key) {
			ld.errorf(f, set.Args[0], ir.LayerError, "the key of fluent %s is %s, got %s", fl.Name, fl.Key, key.Type())
			continue
		}
		if !ir.Identical(value.Type(), fl.Value) {
			ld.errorf(f, set.Args[1], ir.LayerError, "the value of fluent %s is %s, got %s", fl.Name, fl.Value, value.Type())
			continue
		}
		e.Updates = append(e.Updates, &ir.FluentUpdate{Pos: pyast.Pos(f, call), Source: pyast.Render(lam), Fluent: fl, Fact: fact, Key: key, Value: value})
	}
}

// updateEnv lowers a fluent update's key and value: the lambda's
// parameters read the call's arguments (fields of the fact); everything
// else is what a contract lambda may use.
type updateEnv struct {
	base   *lambdaEnv
	fact   *ir.Local
	params map[string]*ir.Param
}

func (e *updateEnv) Name(l *lower.Lowerer, n *ast.Name, want ir.Type) ir.Expr {
	if p, ok := e.params[string(n.Id)]; ok {
		return &ir.FactField{Pos: l.Pos(n), Fact: e.fact, Field: p.Name, T: p.Type}
	}
	return e.base.Name(l, n, want)
}

func (e *updateEnv) Attribute(l *lower.Lowerer, a *ast.Attribute, want ir.Type) ir.Expr {
	return e.base.Attribute(l, a, want)
}

func (e *updateEnv) Call(l *lower.Lowerer, c *ast.Call, want ir.Type) ir.Expr {
	return e.base.Call(l, c, want)
}

// finalOf returns the fluent of `F.final`, or nil.
func (cc *contractCtx) finalOf(e ast.Expr) *ir.Fluent {
	at, ok := e.(*ast.Attribute)
	if !ok || at.Attr != "final" {
		return nil
	}
	if s := resolve(cc.m, at.Value); s != nil && s.Kind == KFluent {
		return s.Fluent
	}
	return nil
}

// finalAll compiles F.final.all(lambda v: pred).
func (cc *contractCtx) finalAll(call *ast.Call, fl *ir.Fluent) ir.Spec {
	f := cc.m.src
	if len(call.Args) != 1 || len(call.Keywords) > 0 || call.Starargs != nil || call.Kwargs != nil {
		cc.errorf(call, ir.LayerError, "final.all() takes one lambda over the fluent's value")
		return nil
	}
	lam, ok := call.Args[0].(*ast.Lambda)
	if !ok {
		cc.errorf(call.Args[0], ir.LayerError, "final.all() takes a lambda over the fluent's value, not a %s", pyast.Describe(call.Args[0]))
		return nil
	}
	if !cc.ld.lambdaArgs(cc.m, lam) {
		return nil
	}
	if n := len(lam.Args.Args); n != 1 && n != 2 {
		cc.errorf(lam, ir.LayerError, "the lambda of final.all() takes the value, or the key and the value")
		return nil
	}
	types := []ir.Type{fl.Value}
	if len(lam.Args.Args) == 2 {
		types = []ir.Type{fl.Key, fl.Value}
	}
	var params []*ir.Local
	names := map[string]*ir.Local{}
	var entry *fluentEntry
	if a := lam.Args.Args[0]; len(lam.Args.Args) == 1 && readsEntry(lam.Body, string(a.Arg)) {
		// lambda d: d.value == True, as the original writes it: d is an
		// entry of the fluent, read through .key and .value.
		pos := pyast.Pos(f, a)
		entry = &fluentEntry{name: string(a.Arg),
			key:   &ir.Local{Pos: pos, Name: string(a.Arg) + ".key", Type: fl.Key, Index: 0},
			value: &ir.Local{Pos: pos, Name: string(a.Arg) + ".value", Type: fl.Value, Index: 1}}
		params = []*ir.Local{entry.key, entry.value}
	} else {
		for i, a := range lam.Args.Args {
			p := &ir.Local{Pos: pyast.Pos(f, a), Name: string(a.Arg), Type: types[i], Index: i}
			params = append(params, p)
			names[p.Name] = p
		}
	}
	env := &lambdaEnv{m: cc.m, params: names, captured: cc.captured, binOps: contractOps, entry: entry}
	pred := cc.ld.lambda(cc.m, lam, params, env, ir.Bool, "the lambda of final.all()")
	if pred == nil {
		return nil
	}
	return &ir.FinalAll{Pos: pyast.Pos(f, call), Fluent: fl, Pred: pred}
}

// finalIs compiles F.final[key] == value (or !=, either side). It
// reports false when e is not about a fluent.
func (cc *contractCtx) finalIs(e *ast.Compare) (ir.Spec, bool) {
	if len(e.Ops) != 1 || len(e.Comparators) != 1 {
		return nil, false
	}
	sideFluent := func(x ast.Expr) (*ir.Fluent, ast.Expr) {
		sub, ok := x.(*ast.Subscript)
		if !ok {
			return nil, nil
		}
		idx, ok := sub.Slice.(*ast.Index)
		if !ok {
			return nil, nil
		}
		return cc.finalOf(sub.Value), idx.Value
	}
	fl, key := sideFluent(e.Left)
	other := e.Comparators[0]
	if fl == nil {
		if fl, key = sideFluent(e.Comparators[0]); fl == nil {
			return nil, false
		}
		other = e.Left
	}
	var op ir.CmpOp
	switch e.Ops[0] {
	case ast.Eq:
		op = ir.Eq
	case ast.NotEq:
		op = ir.NotEq
	default:
		cc.errorf(e, ir.LayerError, "a fluent's final value is compared with == or !=, not %s", pyast.CmpOpName(e.Ops[0]))
		return nil, true
	}
	k := cc.constOrParam(key, fl.Key, "key of "+fl.Var)
	v := cc.constOrParam(other, fl.Value, "value of "+fl.Var)
	if k == nil || v == nil {
		return nil, true
	}
	return &ir.FinalIs{Pos: pyast.Pos(cc.m.src, e), Fluent: fl, Key: k, Op: op, Value: v}, true
}

// constOrParam lowers a literal, a constant or a contract parameter of
// exactly type want.
func (cc *contractCtx) constOrParam(e ast.Expr, want ir.Type, what string) ir.Expr {
	env := &lambdaEnv{m: cc.m, captured: cc.captured, binOps: map[ir.BinOpKind]bool{}}
	l := &lower.Lowerer{File: cc.m.src, Errs: cc.ld.errs, Env: env, NoFStrings: true, BinOps: env.binOps}
	x := l.Expr(e, want)
	if x == nil {
		return nil
	}
	if !ir.Identical(x.Type(), want) {
		cc.errorf(e, ir.LayerError, "the %s must be %s, got %s", what, want, x.Type())
		return nil
	}
	return x
}

// fluentEntry is the one parameter of `F.final.all(lambda d: ...)` when the
// body reads d.key or d.value: an entry of the fluent, compiled as the
// two-parameter form `lambda key, value: ...`.
type fluentEntry struct {
	name       string
	key, value *ir.Local
}

// readsEntry reports whether body reads name.key or name.value.
func readsEntry(body ast.Expr, name string) bool {
	found := false
	ast.Walk(body, func(n ast.Ast) bool {
		if at, ok := n.(*ast.Attribute); ok && (at.Attr == "key" || at.Attr == "value") {
			if x, ok := at.Value.(*ast.Name); ok && string(x.Id) == name {
				found = true
			}
		}
		return !found
	})
	return found
}
