package compiler

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/ir"
)

// conditionOps are the arithmetic operators of a plan condition: the
// operators of the contract language, which cannot raise.
var conditionOps = map[ir.BinOpKind]bool{ir.Add: true, ir.Sub: true}

// conditions compiles the plan's own @deal.pre / @clauz3.requires and
// @deal.post / @clauz3.ensures on fi. A condition is a lambda over the
// function's parameters (by name) or its result, written in the
// predicate language of trusted contracts: literals, constants of the
// plan, comparisons, in, and/or/not, + and -, len, startswith and
// endswith. It cannot call anything, so evaluating it has no effect and
// reads nothing the prover does not see.
func (c *compiler) conditions(fi *funcInfo) {
	fn := fi.fn
	for _, call := range fi.requires {
		lam, msg, ok := c.conditionArgs(call, true)
		if !ok {
			continue
		}
		params := map[string]*ir.Local{}
		var locals []*ir.Local
		good := true
		for i, a := range lam.Args.Args {
			p := paramNamed(fn, string(a.Arg))
			if p == nil {
				c.errorf(a, ir.UndefinedName, "requires of %s names %s, which is not a parameter of %s", fn.Name, a.Arg, fn.Name)
				good = false
				continue
			}
			loc := &ir.Local{Pos: c.pos(a), Name: p.Name, Type: p.Type, Index: i}
			params[loc.Name] = loc
			locals = append(locals, loc)
		}
		if !good || !c.requiresDefaults(fi, lam) {
			continue
		}
		if pred := c.conditionLambda(lam, locals, params, "requires of "+fn.Name); pred != nil {
			fn.Requires = append(fn.Requires, &ir.Condition{Pos: c.pos(call), Source: pyast.Render(lam), Message: msg, Pred: pred})
		}
	}
	for _, call := range fi.ensures {
		lam, msg, ok := c.conditionArgs(call, false)
		if !ok {
			continue
		}
		if len(lam.Args.Args) != 1 {
			c.errorf(lam, ir.PlanError, "ensures of %s must take one parameter, the result", fn.Name)
			continue
		}
		if fn.Result == nil {
			continue // the return annotation was refused
		}
		if ir.IsBasic(fn.Result, ir.KindNone) {
			c.errorf(call, ir.Unsupported, "ensures of %s is not supported: %s returns None, so there is no result to ensure anything about", fn.Name, fn.Name)
			continue
		}
		a := lam.Args.Args[0]
		loc := &ir.Local{Pos: c.pos(a), Name: string(a.Arg), Type: fn.Result}
		if pred := c.conditionLambda(lam, []*ir.Local{loc}, map[string]*ir.Local{loc.Name: loc}, "ensures of "+fn.Name); pred != nil {
			fn.Ensures = append(fn.Ensures, &ir.Condition{Pos: c.pos(call), Source: pyast.Render(lam), Message: msg, Pred: pred})
		}
	}
}

func paramNamed(fn *ir.Func, name string) *ir.Local {
	for _, p := range fn.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// requiresDefaults checks the defaults of a precondition's parameters.
// deal calls a precondition with the arguments of the call as given, so
// a plan written for it gives a parameter the function's default (lambda
// n, k=1: ...) for calls that leave it out; ClauZ3 binds every parameter
// by name with the function's defaults filled in. The two agree when the
// lambda's default is the function's, or when the function's parameter
// has none (every call passes it); any other default is refused, since
// deal and ClauZ3 would check different values.
func (c *compiler) requiresDefaults(fi *funcInfo, lam *ast.Lambda) bool {
	a := lam.Args
	nd := len(a.Args) - len(a.Defaults)
	ok := true
	for i := nd; i < len(a.Args); i++ {
		name := string(a.Args[i].Arg)
		var p *lower.Param
		for j := range fi.params {
			if fi.params[j].Name == name {
				p = &fi.params[j]
			}
		}
		if p == nil || p.Default == nil {
			continue // not a parameter (refused by the caller), or always passed
		}
		d := a.Defaults[i-nd]
		l := &lower.Lowerer{File: c.file, Errs: &c.errs, Env: constEnv{c}, NoFStrings: true, Full: true}
		x := l.Expr(d, p.Type)
		if x == nil {
			ok = false
			continue
		}
		if want := ir.ExprString(p.Default); !lower.IsConstant(x) || ir.ExprString(x) != want {
			c.errorf(d, ir.PlanError, "the default of %s in requires of %s is %s, but %s's is %s: a call that leaves %s out runs with %s, so write %s=%s or no default", name, fi.fn.Name, pyast.Render(d), fi.fn.Name, want, name, want, name, want)
			ok = false
		}
	}
	return ok
}

// conditionArgs checks the arguments of a condition decorator: one lambda
// with plain parameters and an optional message= string literal. defaults
// admits parameter defaults (a precondition's, checked by
// requiresDefaults).
func (c *compiler) conditionArgs(call *ast.Call, defaults bool) (*ast.Lambda, string, bool) {
	label := pyast.Render(call.Func)
	if len(call.Args) != 1 || call.Starargs != nil || call.Kwargs != nil {
		c.errorf(call, ir.ArgumentError, "%s takes one lambda", label)
		return nil, "", false
	}
	lam, ok := call.Args[0].(*ast.Lambda)
	if !ok {
		c.errorf(call.Args[0], ir.ArgumentError, "%s takes a lambda, not a %s", label, pyast.Describe(call.Args[0]))
		return nil, "", false
	}
	switch a := lam.Args; {
	case a == nil:
		lam.Args = &ast.Arguments{}
	case a.Vararg != nil || a.Kwarg != nil || len(a.Kwonlyargs) > 0:
		c.errorf(lam, ir.Unsupported, "lambda with *args, **kwargs or keyword-only parameters is not supported")
		return nil, "", false
	case len(a.Defaults) > 0 && !defaults:
		c.errorf(a.Defaults[0], ir.Unsupported, "a default of the parameter of %s is not supported (it is always called with the result)", label)
		return nil, "", false
	}
	msg := ""
	for _, k := range call.Keywords {
		if k.Arg != "message" {
			c.errorf(k, ir.Unsupported, "keyword %s of %s is not supported", k.Arg, label)
			return nil, "", false
		}
		str, ok := k.Value.(*ast.Str)
		if _, isF := c.file.FStrings[str]; !ok || isF {
			c.errorf(k.Value, ir.PlanError, "message of %s must be a string literal", label)
			return nil, "", false
		}
		msg = string(str.S)
	}
	return lam, msg, true
}

func (c *compiler) conditionLambda(lam *ast.Lambda, locals []*ir.Local, params map[string]*ir.Local, what string) *ir.Lambda {
	env := conditionEnv{c: c, params: params, narrow: &lower.ConditionNarrowing{Param: func(name string) *ir.Local { return params[name] }}}
	l := &lower.Lowerer{File: c.file, Errs: &c.errs, Env: env, NoFStrings: true, BinOps: conditionOps, Where: " in a plan condition", Ext: env.narrow.Ext}
	body := l.Expr(lam.Body, ir.Bool)
	if body == nil {
		return nil
	}
	if !ir.Identical(body.Type(), ir.Bool) {
		c.errorf(lam.Body, ir.TypeMismatch, "%s must be a bool expression, got %s", what, body.Type())
		return nil
	}
	return &ir.Lambda{Pos: c.pos(lam), Source: pyast.Render(lam), Params: locals, Body: body}
}

// conditionEnv resolves names in a plan condition: its own parameters
// and the plan's constants; nothing else.
type conditionEnv struct {
	c      *compiler
	params map[string]*ir.Local
	// narrow lowers None tests of the optional parameters and narrows
	// them in and/or (x is None or P: P reads x unwrapped).
	narrow *lower.ConditionNarrowing
}

func (e conditionEnv) Name(l *lower.Lowerer, n *ast.Name, want ir.Type) ir.Expr {
	if loc, ok := e.params[string(n.Id)]; ok {
		return e.narrow.Ref(l.Pos(n), loc)
	}
	return e.constant(l, n)
}

func (e conditionEnv) constant(l *lower.Lowerer, n ast.Expr) ir.Expr {
	s, why := e.c.resolve(n)
	switch {
	case s != nil && s.kind == sConst:
		return lower.CloneAt(s.value, l.Pos(n))
	case s != nil && s.kind == sBroken:
		return nil
	case s == nil && !why.OK() && !isName(n):
		l.Errorf(n, why.Code, "%s", why.Msg)
	default:
		l.Errorf(n, ir.Unsupported, "%s in a plan condition is not supported: a condition reads only its own parameters, literals and constants", pyast.Render(n))
	}
	return nil
}

func isName(n ast.Expr) bool {
	_, ok := n.(*ast.Name)
	return ok
}

func (e conditionEnv) Attribute(l *lower.Lowerer, a *ast.Attribute, want ir.Type) ir.Expr {
	if n, ok := a.Value.(*ast.Name); ok {
		if loc, isParam := e.params[string(n.Id)]; isParam {
			row, isRow := loc.Type.(*ir.Row)
			if !isRow {
				l.Errorf(a, ir.Unsupported, "attribute .%s of %s (%s) is not supported in a plan condition", a.Attr, n.Id, loc.Type)
				return nil
			}
			f := row.Field(string(a.Attr))
			if f == nil {
				l.Errorf(a, ir.UndefinedName, "row type %s has no field %s", row.Name, a.Attr)
				return nil
			}
			return &ir.Attr{Pos: l.Pos(a), X: &ir.LocalRef{Pos: l.Pos(n), Local: loc}, Field: f.Name, T: f.Type}
		}
	}
	return e.constant(l, a)
}

func (e conditionEnv) Call(l *lower.Lowerer, call *ast.Call, want ir.Type) ir.Expr {
	_, shadowed := e.params["len"]
	if x, handled := lower.PredicateCall(l, call, !shadowed && e.c.names["len"] == nil); handled {
		return x
	}
	l.Errorf(call, ir.Unsupported, "call of %s in a plan condition is not supported: a condition may use only len, startswith and endswith, never an effect or a function", pyast.Render(call.Func))
	return nil
}
