package layer

import (
	"sort"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// effectDecl is what pass 1 records of an effect for pass 2.
type effectDecl struct {
	def      *ast.FunctionDef
	requires []*ast.Call // @clauz3.requires / @deal.pre
	ensures  []*ast.Call // @clauz3.ensures / @deal.post
	updates  []*ast.Call // @effect(lambda ...: F.set(key, value)) from clauz3.fluent
}

type contractDecl struct {
	sym *Symbol
	def *ast.FunctionDef
}

func sortEffects(es []*ir.Effect) {
	sort.SliceStable(es, func(i, j int) bool { return es[i].Name < es[j].Name })
}

// funcDef classifies a top-level def by its decorators: a contract, a
// trusted effect, or an unmarked helper. The bodies of effects and helpers
// may be any Python (they were parsed with the file) and are skipped.
func (ld *loader) funcDef(m *Module, def *ast.FunctionDef) {
	f := m.src
	name := string(def.Name)
	var (
		isContract, trusted bool
		markers             []string
		decl                = &effectDecl{def: def}
		bad                 bool
	)
	for _, d := range def.DecoratorList {
		fn, call := d, (*ast.Call)(nil)
		if c, ok := d.(*ast.Call); ok {
			fn, call = c.Func, c
		}
		label := pyast.Render(fn)
		s := resolve(m, fn)
		if s == nil || s.Kind != KAPI {
			ld.errorf(f, d, ir.Unsupported, "decorator %s is not supported", label)
			bad = true
			continue
		}
		switch s.Qual {
		case "clauz3.spec.contract":
			if call != nil {
				ld.errorf(f, d, ir.LayerError, "decorator %s takes no arguments", label)
				bad = true
			}
			isContract = true
		case "clauz3.trusted":
			if call != nil {
				ld.errorf(f, d, ir.LayerError, "decorator %s takes no arguments", label)
				bad = true
			}
			trusted = true
		case "deal.has":
			if call == nil {
				ld.errorf(f, d, ir.LayerError, "decorator %s must be called with its markers, e.g. @%s(\"io\")", label, label)
				bad = true
				continue
			}
			trusted = true
			if len(call.Keywords) > 0 || call.Starargs != nil || call.Kwargs != nil {
				ld.errorf(f, d, ir.LayerError, "decorator %s takes only marker strings", label)
				bad = true
			}
			for _, a := range call.Args {
				str, ok := a.(*ast.Str)
				if _, isF := f.FStrings[str]; !ok || isF {
					ld.errorf(f, a, ir.LayerError, "marker of %s must be a string literal", label)
					bad = true
					continue
				}
				markers = append(markers, string(str.S))
			}
		case "clauz3.requires", "deal.pre":
			if call == nil {
				ld.errorf(f, d, ir.LayerError, "decorator %s must be called with a lambda", label)
				bad = true
				continue
			}
			decl.requires = append(decl.requires, call)
		case "clauz3.ensures", "deal.post":
			if call == nil {
				ld.errorf(f, d, ir.LayerError, "decorator %s must be called with a lambda", label)
				bad = true
				continue
			}
			decl.ensures = append(decl.ensures, call)
		case "deal.ensure":
			ld.errorf(f, d, ir.Unsupported, "decorator %s is not supported yet: a postcondition reads the result alone here; write @deal.post(lambda result: ...)", label)
			bad = true
		case "deal.raises":
			// Every trusted call is already taken to possibly fail at run
			// time (prover/failedcall.go), except against a sum <= whose
			// terms may be negative, which is not checked yet: accepting
			// the decorator would claim a model the prover lacks there.
			ld.errorf(f, d, ir.Unsupported, "decorator %s is not supported yet: the prover takes every trusted call as possibly failing, but not yet for a sum whose terms may be negative; remove it", label)
			bad = true
		case "clauz3.fluent.effect":
			if call == nil {
				ld.errorf(f, d, ir.LayerError, "decorator %s must be called with a lambda, e.g. @%s(lambda door: DoorLocked.set(door, False))", label, label)
				bad = true
				continue
			}
			decl.updates = append(decl.updates, call)
		default:
			ld.errorf(f, d, ir.Unsupported, "decorator %s is not supported", label)
			bad = true
		}
	}
	switch {
	case isContract && (trusted || len(decl.requires) > 0 || len(decl.ensures) > 0 || len(decl.updates) > 0):
		ld.errorf(f, def, ir.LayerError, "%s cannot be both a contract and a trusted effect", name)
	case isContract:
		ld.contractDef(m, def)
	case trusted:
		ld.effectDef(m, def, markers, decl, bad)
	case len(decl.requires) > 0 || len(decl.ensures) > 0 || len(decl.updates) > 0:
		ld.errorf(f, def, ir.LayerError, "%s has conditions or fluent updates but is not marked trusted (add @clauz3.trusted or @deal.has(...))", name)
	default:
		if !bad {
			ld.bind(m, def, name, &Symbol{Kind: KStub, Name: name, Pos: pyast.Pos(f, def), def: def, mod: m})
		}
	}
}

// params converts the parameters of a layer def: annotated, positional,
// with literal defaults. object is admitted in an effect's parameters
// only (effect), not in a contract's.
func (ld *loader) params(m *Module, def *ast.FunctionDef, effect bool, isType []bool) ([]lower.Param, []ast.Ast, bool) {
	f := m.src
	a := def.Args
	ok := true
	if a.Vararg != nil {
		ld.errorf(f, a.Vararg, ir.Unsupported, "*%s parameter is not supported", a.Vararg.Arg)
		ok = false
	}
	if len(a.Kwonlyargs) > 0 {
		ld.errorf(f, a.Kwonlyargs[0], ir.Unsupported, "keyword-only parameter %s is not supported", a.Kwonlyargs[0].Arg)
		ok = false
	}
	if a.Kwarg != nil {
		ld.errorf(f, a.Kwarg, ir.Unsupported, "**%s parameter is not supported", a.Kwarg.Arg)
		ok = false
	}
	params := make([]lower.Param, len(a.Args))
	nodes := make([]ast.Ast, len(a.Args))
	nd := len(a.Args) - len(a.Defaults)
	for i, arg := range a.Args {
		nodes[i] = arg
		params[i].Name = string(arg.Arg)
		if arg.Annotation == nil {
			ld.errorf(f, arg, ir.LayerError, "parameter %s of %s needs a type annotation", arg.Arg, def.Name)
			ok = false
			continue
		}
		if isType != nil && isType[i] {
			if i >= nd {
				ld.errorf(f, a.Defaults[i-nd], ir.Unsupported, "a parameter of type type takes a row type at the call site; a default is not supported")
				ok = false
			}
			continue
		}
		annotation := types.ContractParamAnnotation
		if effect {
			annotation = types.EffectParamAnnotation
		}
		t, err := annotation(f, arg.Annotation, scope{m})
		if err != nil {
			ld.errs.Append(err)
			ok = false
			continue
		}
		params[i].Type = t
		if i >= nd {
			d := a.Defaults[i-nd]
			x := ld.constExpr(m, d, t)
			if x == nil {
				ok = false
				continue
			}
			if !types.Assignable(x.Type(), t) { // as for plan defaults: None fits T | None
				ld.errorf(f, d, ir.LayerError, "default of %s must be %s, got %s", arg.Arg, t, x.Type())
				ok = false
				continue
			}
			params[i].Default = x
		}
	}
	return params, nodes, ok
}

func (ld *loader) effectDef(m *Module, def *ast.FunctionDef, markers []string, decl *effectDecl, bad bool) {
	f := m.src
	name := string(def.Name)
	// The body is never compiled or run (the original's stdlib layers have
	// real Python bodies): the prover reasons from the signature and the
	// conditions only, and the build links the layer's Go implementation.
	params, _, ok := ld.params(m, def, true, nil)
	var result ir.Type
	if def.Returns == nil {
		ld.errorf(f, def, ir.LayerError, "effect %s needs a return annotation (-> None when it returns nothing)", name)
		ok = false
	} else if t, err := types.AnnotationIn(f, def.Returns, scope{m}); err != nil {
		ld.errs.Append(err)
		ok = false
	} else {
		result = t
	}
	if !ok || bad {
		// Refused, located: a relation over its name or markers says
		// nothing more (buildRelation).
		ld.refused[name] = true
		for _, mk := range markers {
			ld.refused[mk] = true
		}
		return
	}
	e := &ir.Effect{Pos: pyast.Pos(f, def), Name: name, Module: m.Name, Layer: ld.layer.Name, Markers: markers, Result: result}
	for _, p := range params {
		e.Params = append(e.Params, &ir.Param{Name: p.Name, Type: p.Type, Default: p.Default})
	}
	e.Card = ld.effectCard(m, def, e)
	sym := &Symbol{Kind: KEffect, Name: name, Pos: e.Pos, Effect: e, def: def, mod: m, decl: decl}
	for _, other := range ld.effects {
		if other.Name == name {
			ld.errorf(f, def, ir.LayerError, "effect %s is already declared at %s", name, other.Pos)
			return
		}
	}
	ld.effects = append(ld.effects, sym)
	ld.bind(m, def, name, sym)
}

// conditions compiles an effect's requires and ensures lambdas.
func (ld *loader) conditions(s *Symbol) {
	m, e := s.mod, s.Effect
	f := m.src
	for _, call := range s.decl.requires {
		lam, msg, ok := ld.conditionArgs(m, call, true)
		if !ok {
			continue
		}
		locals := map[string]*ir.Local{}
		var params []*ir.Local
		good := true
		for i, a := range lam.Args.Args {
			p := e.Param(string(a.Arg))
			if p == nil {
				ld.errorf(f, a, ir.LayerError, "requires of %s names %s, which is not a parameter of %s", e.Name, a.Arg, e.Name)
				good = false
				continue
			}
			loc := &ir.Local{Pos: pyast.Pos(f, a), Name: string(a.Arg), Type: p.Type, Index: i}
			locals[loc.Name] = loc
			params = append(params, loc)
		}
		if !good || !ld.requiresDefaults(m, e, lam, "requires of "+e.Name) {
			continue
		}
		pred := ld.lambda(m, lam, params, &lambdaEnv{m: m, params: locals}, ir.Bool, "requires of "+e.Name)
		if pred == nil {
			continue
		}
		e.Requires = append(e.Requires, &ir.Condition{Pos: pyast.Pos(f, call), Source: pyast.Render(lam), Message: msg, Pred: pred})
	}
	for _, call := range s.decl.ensures {
		lam, msg, ok := ld.conditionArgs(m, call, false)
		if !ok {
			continue
		}
		if len(lam.Args.Args) != 1 {
			ld.errorf(f, lam, ir.LayerError, "ensures of %s must take one parameter, the result", e.Name)
			continue
		}
		a := lam.Args.Args[0]
		loc := &ir.Local{Pos: pyast.Pos(f, a), Name: string(a.Arg), Type: e.Result}
		if g := allOverResult(m, lam); g != nil {
			n, ok := resultBound(s.decl)
			if !ok {
				ld.errorf(f, lam.Body, ir.LayerError, "all(... for x in %s) in an ensures of %s needs a bound on the result's length, e.g. @deal.post(lambda %s: len(%s) <= 100)", loc.Name, e.Name, loc.Name, loc.Name)
				continue
			}
			if pred := ld.allRows(m, e, lam, g, loc, n); pred != nil {
				if each := ld.eachRow(m, loc, g); each != nil {
					e.Ensures = append(e.Ensures, &ir.Condition{Pos: pyast.Pos(f, call), Source: pyast.Render(lam), Message: msg, Pred: pred, Each: each})
				}
			}
			continue
		}
		pred := ld.lambda(m, lam, []*ir.Local{loc}, &lambdaEnv{m: m, params: map[string]*ir.Local{loc.Name: loc}}, ir.Bool, "ensures of "+e.Name)
		if pred == nil {
			continue
		}
		e.Ensures = append(e.Ensures, &ir.Condition{Pos: pyast.Pos(f, call), Source: pyast.Render(lam), Message: msg, Pred: pred})
	}
}

// conditionArgs checks the arguments of @requires/@ensures: one lambda,
// an optional message= string. defaults admits parameter defaults (a
// precondition's, checked by requiresDefaults).
func (ld *loader) conditionArgs(m *Module, call *ast.Call, defaults bool) (*ast.Lambda, string, bool) {
	f := m.src
	label := pyast.Render(call.Func)
	if len(call.Args) != 1 || call.Starargs != nil || call.Kwargs != nil {
		ld.errorf(f, call, ir.LayerError, "%s takes one lambda", label)
		return nil, "", false
	}
	lam, ok := call.Args[0].(*ast.Lambda)
	if !ok {
		ld.errorf(f, call.Args[0], ir.LayerError, "%s takes a lambda, not a %s", label, pyast.Describe(call.Args[0]))
		return nil, "", false
	}
	if !ld.lambdaArgsDefaults(m, lam) {
		return nil, "", false
	}
	if len(lam.Args.Defaults) > 0 && !defaults {
		ld.errorf(f, lam.Args.Defaults[0], ir.Unsupported, "a default of the parameter of %s is not supported (it is always called with the result)", label)
		return nil, "", false
	}
	msg := ""
	for _, k := range call.Keywords {
		if k.Arg != "message" {
			hint := ""
			if k.Arg == "exception" {
				hint = " (remove it: a failed condition ends the plan with a ContractError whatever it names; message= says why)"
			}
			ld.errorf(f, k, ir.Unsupported, "keyword %s of %s is not supported%s", k.Arg, label, hint)
			return nil, "", false
		}
		str, ok := k.Value.(*ast.Str)
		if _, isF := f.FStrings[str]; !ok || isF {
			ld.errorf(f, k.Value, ir.LayerError, "message of %s must be a string literal", label)
			return nil, "", false
		}
		msg = string(str.S)
	}
	return lam, msg, true
}

// lambdaArgs refuses lambda parameters other than plain positional names.
func (ld *loader) lambdaArgs(m *Module, lam *ast.Lambda) bool {
	if !ld.lambdaArgsDefaults(m, lam) {
		return false
	}
	if len(lam.Args.Defaults) > 0 {
		ld.errorf(m.src, lam.Args.Defaults[0], ir.Unsupported, "lambda parameter default is not supported here (write the value in the lambda's body)")
		return false
	}
	return true
}

// lambdaArgsDefaults refuses lambda parameters other than positional
// names, which may have defaults: the caller decides what a default means
// (requiresDefaults, factLambdaArg).
func (ld *loader) lambdaArgsDefaults(m *Module, lam *ast.Lambda) bool {
	a := lam.Args
	switch {
	case a == nil:
		lam.Args = &ast.Arguments{}
	case a.Vararg != nil || a.Kwarg != nil || len(a.Kwonlyargs) > 0:
		ld.errorf(m.src, lam, ir.Unsupported, "lambda with *args, **kwargs or keyword-only parameters is not supported")
		return false
	}
	return true
}

// requiresDefaults checks the defaults of a precondition's (or a fluent
// update's) parameters, which name the effect's; what names the lambda.
// deal calls a precondition with the arguments of the call as given, so a
// layer written for it gives a parameter the effect's default (lambda
// addr, msg, cc=None: ...) for calls that leave it out; ClauZ3 binds every
// parameter by name with the effect's defaults filled in. The two agree
// when the lambda's default is the effect's, or when the effect's
// parameter has none (every call passes it, so the lambda's is never
// used); any other default is refused, since deal and ClauZ3 would check
// different values.
func (ld *loader) requiresDefaults(m *Module, e *ir.Effect, lam *ast.Lambda, what string) bool {
	a := lam.Args
	nd := len(a.Args) - len(a.Defaults)
	ok := true
	for i := nd; i < len(a.Args); i++ {
		p := e.Param(string(a.Args[i].Arg))
		if p == nil || p.Default == nil {
			continue // not a parameter (refused by the caller), or always passed
		}
		d := a.Defaults[i-nd]
		x := ld.constExpr(m, d, p.Type)
		if x == nil {
			ok = false
			continue
		}
		if want := ir.ExprString(p.Default); ir.ExprString(x) != want {
			ld.errorf(m.src, d, ir.LayerError, "the default of %s in %s is %s, but %s's is %s: a call that leaves %s out runs with %s, so write %s=%s or no default", p.Name, what, ir.ExprString(x), e.Name, want, p.Name, want, p.Name, want)
			ok = false
		}
	}
	return ok
}
