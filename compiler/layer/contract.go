package layer

import (
	"maps"
	"slices"
	"strings"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/ir"
)

// relVal is a relation expression's value while a contract compiles.
type relVal struct {
	rel  *ir.Relation
	name string // how messages name it: Email, effect('withdraw'), ...
}

func cloneRel(r *ir.Relation) *ir.Relation {
	c := *r
	c.Filters = slices.Clone(r.Filters)
	return &c
}

// relation builds a module-level relation R = effect(...).
func (ld *loader) relation(s *Symbol) {
	s.Relation = ld.buildRelation(s.mod, s.def.(*ast.Call))
	if s.Relation != nil {
		s.Relation.Name = s.Name
	}
}

// buildRelation compiles effect(send_email) or effect("name or marker").
func (ld *loader) buildRelation(m *Module, call *ast.Call) *ir.Relation {
	f := m.src
	if len(call.Args) != 1 || len(call.Keywords) > 0 || call.Starargs != nil || call.Kwargs != nil {
		ld.errorf(f, call, ir.LayerError, "effect() takes one argument: an effect of the layer or a name string")
		return nil
	}
	arg := call.Args[0]
	sel := ""
	if str, ok := arg.(*ast.Str); ok {
		if _, isF := f.FStrings[str]; isF {
			ld.errorf(f, arg, ir.LayerError, "effect() takes a string literal, not an f-string")
			return nil
		}
		sel = string(str.S)
	} else if s := resolve(m, arg); s != nil && s.Kind == KEffect {
		sel = s.Effect.Name
	} else if d, ok := pyast.Dotted(arg); ok && s == nil && ld.refused[d[strings.LastIndex(d, ".")+1:]] {
		return nil // the effect's declaration was refused, and said why
	} else {
		ld.errorf(f, arg, ir.LayerError, "effect() takes an effect of the layer or a name string, not %s", pyast.Render(arg))
		return nil
	}
	var effs []*ir.Effect
	for _, e := range ld.layer.Effects {
		if e.HasSelector(sel) {
			effs = append(effs, e)
		}
	}
	if len(effs) == 0 && ld.refused[sel] {
		return nil // the effect's declaration was refused, and said why
	}
	if len(effs) == 0 {
		ld.errorf(f, call, ir.LayerError, "effect(%s) selects no effect of layer %s (no effect or marker is named %s)", ir.PyRepr(sel), ld.layer.Name, sel)
		return nil
	}
	var fields []*ir.Param
	for _, p := range effs[0].Params {
		common := true
		for _, e := range effs[1:] {
			if q := e.Param(p.Name); q == nil || !ir.Identical(q.Type, p.Type) {
				common = false
			}
		}
		if common {
			fields = append(fields, &ir.Param{Name: p.Name, Type: p.Type})
		}
	}
	return &ir.Relation{Pos: pyast.Pos(f, call), Selector: sel, Effects: effs, Fact: &ir.Fact{Selector: sel, Fields: fields}}
}

// contractDef declares a @contract function (pass 1): its parameters.
func (ld *loader) contractDef(m *Module, def *ast.FunctionDef) {
	f := m.src
	name := string(def.Name)
	isType := ld.typeParams(m, def)
	params, nodes, ok := ld.params(m, def, false, isType)
	if def.Returns != nil && !quotedContractSpec(f, def.Returns) {
		if s := resolve(m, def.Returns); s == nil || s.Kind != KAPI || s.Qual != "clauz3.spec.ContractSpec" {
			ld.errorf(f, def.Returns, ir.LayerError, "return annotation of contract %s must be ContractSpec", name)
			ok = false
		}
	}
	if !ok {
		return
	}
	c := &Contract{Contract: &ir.Contract{Pos: pyast.Pos(f, def), Module: m.Name, Name: name}, Layer: ld.layer}
	for i, p := range params {
		if isType[i] {
			continue
		}
		c.Params = append(c.Params, &ir.Local{Pos: pyast.Pos(f, nodes[i]), Name: p.Name, Type: p.Type, Index: len(c.Params)})
		c.Defaults = append(c.Defaults, p.Default)
	}
	sym := &Symbol{Kind: KContract, Name: name, Pos: c.Pos, Contract: c, def: def, mod: m}
	if slices.Contains(isType, true) {
		c.Template = &Template{decl: &contractDecl{sym: sym, def: def}}
		for i, p := range params {
			c.Template.Params = append(c.Template.Params, TemplateParam{Name: p.Name, Type: isType[i], Pos: pyast.Pos(f, nodes[i])})
		}
	}
	ld.bind(m, def, name, sym)
	if m.Names[name] == sym {
		if c.Template == nil { // a template compiles at each call site (Instantiate)
			ld.contracts = append(ld.contracts, &contractDecl{sym: sym, def: def})
		}
		ld.layer.Contracts = append(ld.layer.Contracts, c)
	}
}

// quotedContractSpec reports whether a return annotation is the string
// "ContractSpec" (or "spec.ContractSpec", ...), as a module written with
// from __future__ import annotations or forward references has it: Python
// never evaluates it, so it needs no import.
func quotedContractSpec(f *syntax.File, e ast.Expr) bool {
	str, ok := e.(*ast.Str)
	if !ok {
		return false
	}
	x, err, ok := f.StringAnnotation(str)
	if !ok || err != nil {
		return false
	}
	d, ok := pyast.Dotted(x)
	return ok && (d == "ContractSpec" || strings.HasSuffix(d, ".ContractSpec"))
}

// contract compiles a contract's body (pass 2): straight-line
// assignments of relation expressions and one final return of a spec.
func (ld *loader) contract(d *contractDecl) {
	ld.contractBody(d, d.sym.Contract, nil)
}

// contractBody compiles d's body into c.Spec. inst, for a template, binds
// its row-type parameters and the constant values of the others.
func (ld *loader) contractBody(d *contractDecl, c *Contract, inst *instance) {
	m := d.sym.mod
	f := m.src
	captured := map[string]*ir.Local{}
	for _, p := range c.Params {
		captured[p.Name] = p
	}
	cc := &contractCtx{ld: ld, m: m, c: c, captured: captured, rels: map[string]*relVal{}, columns: map[string]*ast.Call{}, inst: inst}
	body := d.def.Body
	if len(body) > 0 {
		if es, ok := body[0].(*ast.ExprStmt); ok {
			if str, ok := es.Value.(*ast.Str); ok {
				if _, isF := f.FStrings[str]; !isF {
					body = body[1:]
				}
			}
		}
	}
	var spec ir.Spec
	returned, ok := false, true
	for _, s := range body {
		if returned {
			ld.errorf(f, s, ir.Unsupported, "statement after return in a contract body is not supported")
			ok = false
			break
		}
		if _, isAnn := f.AnnAssigns[s]; isAnn {
			ld.errorf(f, s, ir.Unsupported, "annotated assignment in a contract body is not supported")
			ok = false
			continue
		}
		switch s := s.(type) {
		case *ast.Assign:
			if len(s.Targets) != 1 {
				ld.errorf(f, s, ir.Unsupported, "chained assignment in a contract body is not supported")
				ok = false
				continue
			}
			n, isName := s.Targets[0].(*ast.Name)
			if !isName {
				ld.errorf(f, s.Targets[0], ir.Unsupported, "assignment to %s in a contract body is not supported", pyast.Describe(s.Targets[0]))
				ok = false
				continue
			}
			if captured[string(n.Id)] != nil || inst != nil && inst.rows[string(n.Id)] != nil {
				ld.errorf(f, n, ir.Unsupported, "assignment to parameter %s in a contract body is not supported", n.Id)
				ok = false
				continue
			}
			if call, isCall := s.Value.(*ast.Call); isCall && isGetattrIn(m, call, captured) {
				// column = getattr(schema, field): a name for the column,
				// compared with a fact field in the lambdas below.
				cc.columns[string(n.Id)] = call
				continue
			}
			rv := cc.relExpr(s.Value)
			if rv == nil {
				ok = false
				continue
			}
			cc.rels[string(n.Id)] = &relVal{rel: rv.rel, name: string(n.Id)}
		case *ast.Return:
			returned = true
			if s.Value == nil {
				ld.errorf(f, s, ir.LayerError, "contract %s must return a spec", c.Name)
				ok = false
				continue
			}
			spec = cc.spec(s.Value)
			if spec == nil {
				ok = false
			}
		case *ast.Pass:
		default:
			ld.errorf(f, s, ir.Unsupported, "%s in a contract body is not supported", pyast.Describe(s))
			ok = false
		}
	}
	if !returned && ok {
		ld.errorf(f, d.def, ir.LayerError, "contract %s must end with return <spec>", c.Name)
		ok = false
	}
	if ok {
		c.Spec = spec
	}
}

type contractCtx struct {
	ld       *loader
	m        *Module
	c        *Contract
	captured map[string]*ir.Local
	rels     map[string]*relVal
	columns  map[string]*ast.Call // name = getattr(...) in the body
	inst     *instance            // a template's call-site binding, or nil
}

func (cc *contractCtx) errorf(n ast.Ast, code ir.Code, format string, args ...any) {
	cc.ld.errorf(cc.m.src, n, code, format, args...)
}

// relExpr evaluates a relation expression: a relation name, effect(...),
// or R.where(lambda).
func (cc *contractCtx) relExpr(e ast.Expr) *relVal {
	switch e := e.(type) {
	case *ast.Name:
		if rv, ok := cc.rels[string(e.Id)]; ok {
			return &relVal{rel: cloneRel(rv.rel), name: rv.name}
		}
	case *ast.Call:
		if fn := resolve(cc.m, e.Func); fn != nil && fn.Kind == KAPI && fn.Qual == "clauz3.spec.effect" {
			r := cc.ld.buildRelation(cc.m, e)
			if r == nil {
				return nil
			}
			return &relVal{rel: r, name: pyast.Render(e)}
		}
		if at, ok := e.Func.(*ast.Attribute); ok && at.Attr == "where" {
			base := cc.relExpr(at.Value)
			if base == nil {
				return nil
			}
			pred := cc.factLambdaArg(e, base, ir.Bool)
			if pred == nil {
				return nil
			}
			base.rel.Filters = append(base.rel.Filters, pred)
			base.name = pyast.Render(e)
			return base
		}
	}
	if s := resolve(cc.m, e); s != nil {
		if s.Kind == KRelation {
			if s.Relation == nil {
				return nil // its definition was refused already
			}
			return &relVal{rel: cloneRel(s.Relation), name: s.Name}
		}
		cc.errorf(e, ir.LayerError, "%s is a %s, not a relation", pyast.Render(e), s.Kind)
		return nil
	}
	if n, ok := e.(*ast.Name); ok {
		if cc.captured[string(n.Id)] != nil {
			cc.errorf(e, ir.LayerError, "%s is a parameter, not a relation", n.Id)
		} else {
			cc.errorf(e, ir.LayerError, "name %s is not defined", n.Id)
		}
		return nil
	}
	cc.errorf(e, ir.Unsupported, "relation expression %s is not supported", pyast.Render(e))
	return nil
}

// factLambdaArg compiles the one lambda argument of R.all/where/distinct/sum.
func (cc *contractCtx) factLambdaArg(call *ast.Call, rv *relVal, want ir.Type) *ir.Lambda {
	method := "lambda"
	if at, ok := call.Func.(*ast.Attribute); ok {
		method = string(at.Attr)
	}
	if len(call.Args) != 1 || len(call.Keywords) > 0 || call.Starargs != nil || call.Kwargs != nil {
		cc.errorf(call, ir.LayerError, "%s() takes one lambda over a fact", method)
		return nil
	}
	lam, ok := call.Args[0].(*ast.Lambda)
	if !ok {
		cc.errorf(call.Args[0], ir.LayerError, "%s() takes a lambda over a fact, not a %s", method, pyast.Describe(call.Args[0]))
		return nil
	}
	if !cc.ld.lambdaArgsDefaults(cc.m, lam) {
		return nil
	}
	args := lam.Args
	if len(args.Args) == len(args.Defaults) && len(args.Args) > 0 {
		cc.errorf(args.Defaults[0], ir.LayerError, "the lambda of %s() takes the fact as its first parameter, which cannot have a default", method)
		return nil
	}
	if len(args.Args)-len(args.Defaults) != 1 {
		cc.errorf(lam, ir.LayerError, "the lambda of %s() takes one parameter, the fact", method)
		return nil
	}
	a := args.Args[0]
	fact := &ir.Local{Pos: pyast.Pos(cc.m.src, a), Name: string(a.Arg), Type: rv.rel.Fact}
	env := &lambdaEnv{m: cc.m, params: map[string]*ir.Local{fact.Name: fact}, fact: fact, rel: rv, captured: cc.captured, binOps: contractOps, columns: cc.columns, inst: cc.inst}
	if !cc.boundDefaults(lam, env, method) {
		return nil
	}
	what := "the lambda of " + method + "()"
	return cc.ld.lambda(cc.m, lam, []*ir.Local{fact}, env, want, what)
}

// boundDefaults binds the parameters after the fact, each with a default:
// the Python idiom lambda e, allowed=addresses: e.addr in allowed, called
// with the fact alone, so each such name is its default, evaluated where
// the contract builds the lambda. A default may be a parameter of the
// contract, a column name of its body, or a constant; each name then
// stands for it in the body.
func (cc *contractCtx) boundDefaults(lam *ast.Lambda, env *lambdaEnv, method string) bool {
	args := lam.Args
	if len(args.Defaults) == 0 {
		return true
	}
	env.captured = maps.Clone(env.captured)
	env.columns = maps.Clone(env.columns)
	if env.subst == nil {
		env.subst = map[string]func() ir.Expr{}
	}
	ok := true
	for i, d := range args.Defaults {
		name := string(args.Args[1+i].Arg)
		if n, isName := d.(*ast.Name); isName {
			if loc := cc.captured[string(n.Id)]; loc != nil {
				env.captured[name] = loc
				continue
			}
			if col := cc.columns[string(n.Id)]; col != nil {
				env.columns[name] = col
				continue
			}
		}
		reads := false
		ast.Walk(d, func(n ast.Ast) bool {
			if nm, isName := n.(*ast.Name); isName && (cc.captured[string(nm.Id)] != nil || cc.columns[string(nm.Id)] != nil) {
				reads = true
			}
			return true
		})
		if reads {
			cc.errorf(d, ir.Unsupported, "the default of %s in the lambda of %s() must be a parameter of the contract or a constant (write %s in the lambda's body instead)", name, method, pyast.Render(d))
			ok = false
			continue
		}
		x := cc.ld.constExpr(cc.m, d, nil)
		if x == nil {
			ok = false
			continue
		}
		pos := pyast.Pos(cc.m.src, d)
		env.subst[name] = func() ir.Expr { return lower.CloneAt(x, pos) }
	}
	return ok
}

// oneSpecHint says what to write instead of a combination of specs.
const oneSpecHint = "a contract returns one spec: declare each as its own contract, and a plan writes one @clauz3.guarantee per contract, which must all hold"

var specOps = map[ast.CmpOp]ir.CmpOp{ast.LtE: ir.LtE, ast.Lt: ir.Lt, ast.GtE: ir.GtE, ast.Gt: ir.Gt, ast.Eq: ir.Eq}

var flipped = map[ir.CmpOp]ir.CmpOp{ir.LtE: ir.GtE, ir.Lt: ir.Gt, ir.GtE: ir.LtE, ir.Gt: ir.Lt, ir.Eq: ir.Eq}

// spec compiles the returned spec expression.
func (cc *contractCtx) spec(e ast.Expr) ir.Spec {
	pos := pyast.Pos(cc.m.src, e)
	switch e := e.(type) {
	case *ast.Call:
		if fn := resolve(cc.m, e.Func); fn != nil && fn.Kind == KAPI && fn.Qual == "clauz3.spec.no_guarantees" {
			if len(e.Args) > 0 || len(e.Keywords) > 0 || e.Starargs != nil || e.Kwargs != nil {
				cc.errorf(e, ir.LayerError, "no_guarantees() takes no arguments")
				return nil
			}
			return &ir.NoGuarantees{Pos: pos}
		}
		at, ok := e.Func.(*ast.Attribute)
		if !ok {
			break
		}
		if at.Attr == "all" {
			if fl := cc.finalOf(at.Value); fl != nil {
				return cc.finalAll(e, fl)
			}
		}
		switch at.Attr {
		case "all", "empty", "distinct":
			rv := cc.relExpr(at.Value)
			if rv == nil {
				return nil
			}
			switch at.Attr {
			case "all":
				pred := cc.factLambdaArg(e, rv, ir.Bool)
				if pred == nil {
					return nil
				}
				return &ir.All{Pos: pos, Rel: rv.rel, Pred: pred}
			case "empty":
				if len(e.Args) > 0 || len(e.Keywords) > 0 || e.Starargs != nil || e.Kwargs != nil {
					cc.errorf(e, ir.LayerError, "empty() takes no arguments")
					return nil
				}
				return &ir.Empty{Pos: pos, Rel: rv.rel}
			default:
				key := cc.factLambdaArg(e, rv, nil)
				if key == nil {
					return nil
				}
				return &ir.Distinct{Pos: pos, Rel: rv.rel, Key: key}
			}
		case "count", "sum":
			cc.errorf(e, ir.LayerError, "%s must be compared with a bound, e.g. %s <= 3", pyast.Render(e), pyast.Render(e))
			return nil
		case "where":
			cc.errorf(e, ir.LayerError, "%s is a relation, not a spec (apply .all(...), .empty(), .distinct(...), .count(), .sum(...) or .shares_value(...) to it)", pyast.Render(e))
			return nil
		case "shares_value":
			return cc.sharesValue(e, at)
		}
	case *ast.Compare:
		if spec, isFluent := cc.finalIs(e); isFluent {
			return spec
		}
		return cc.aggregate(e)
	case *ast.BoolOp:
		cc.errorf(e, ir.Unsupported, "combining specs with %s is not supported yet (%s)", strings.TrimPrefix(pyast.Describe(e), "boolean operator "), oneSpecHint)
		return nil
	case *ast.BinOp:
		if e.Op == ast.BitAnd || e.Op == ast.BitOr {
			cc.errorf(e, ir.Unsupported, "combining specs with %s is not supported yet (%s)", map[ast.OperatorNumber]string{ast.BitAnd: "&", ast.BitOr: "|"}[e.Op], oneSpecHint)
			return nil
		}
	}
	if call, ok := e.(*ast.Call); ok {
		if s := resolve(cc.m, call.Func); s != nil && s.Kind == KContract {
			cc.errorf(e, ir.Unsupported, "contract %s returning contract %s is not supported: a contract returns a spec of its own (R.all(...), R.count() <= n, ...); write that spec here, or let the plan write @clauz3.guarantee(%s)", cc.c.Name, s.Name, pyast.Render(e))
			return nil
		}
	}
	cc.errorf(e, ir.Unsupported, "spec %s is not supported", pyast.Render(e))
	return nil
}

// sharesValue compiles A.shares_value(B, lambda f: key): some fact of A
// and some fact of B have equal keys. The one lambda is compiled over each
// relation's facts, so every field it reads must exist in both, and the
// two keys must have one type.
func (cc *contractCtx) sharesValue(e *ast.Call, at *ast.Attribute) ir.Spec {
	if len(e.Args) != 2 || len(e.Keywords) > 0 || e.Starargs != nil || e.Kwargs != nil {
		cc.errorf(e, ir.LayerError, "shares_value() takes a relation and a lambda over a fact, e.g. A.shares_value(B, lambda f: f.addr)")
		return nil
	}
	a := cc.relExpr(at.Value)
	if a == nil {
		return nil
	}
	b := cc.relExpr(e.Args[0])
	if b == nil {
		return nil
	}
	keyCall := &ast.Call{ExprBase: e.ExprBase, Func: e.Func, Args: e.Args[1:]}
	keyA := cc.factLambdaArg(keyCall, a, nil)
	if keyA == nil {
		return nil
	}
	keyB := cc.factLambdaArg(keyCall, b, nil)
	if keyB == nil {
		return nil
	}
	if !ir.Identical(keyA.Body.Type(), keyB.Body.Type()) {
		cc.errorf(e.Args[1], ir.LayerError, "the key of shares_value is %s over %s but %s over %s: the two must have one type", keyA.Body.Type(), a.name, keyB.Body.Type(), b.name)
		return nil
	}
	return &ir.SharesValue{Pos: pyast.Pos(cc.m.src, e), A: a.rel, B: b.rel, KeyA: keyA, KeyB: keyB}
}

// aggregate compiles R.count() <op> n and R.sum(k) <op> n (either side).
func (cc *contractCtx) aggregate(e *ast.Compare) ir.Spec {
	pos := pyast.Pos(cc.m.src, e)
	if len(e.Ops) != 1 || len(e.Comparators) != 1 {
		cc.errorf(e, ir.Unsupported, "chained comparison in a spec is not supported")
		return nil
	}
	op, ok := specOps[e.Ops[0]]
	if !ok {
		cc.errorf(e, ir.Unsupported, "operator %s in a count or sum spec is not supported (use <=, <, >=, > or ==)", pyast.CmpOpName(e.Ops[0]))
		return nil
	}
	agg, bound := e.Left, e.Comparators[0]
	if !isAggregate(agg) {
		if !isAggregate(bound) {
			cc.errorf(e, ir.Unsupported, "spec %s is not supported (compare R.count() or R.sum(...) with a bound)", pyast.Render(e))
			return nil
		}
		agg, bound, op = bound, agg, flipped[op]
	}
	call := agg.(*ast.Call)
	at := call.Func.(*ast.Attribute)
	rv := cc.relExpr(at.Value)
	if rv == nil {
		return nil
	}
	n := cc.bound(bound)
	if n == nil {
		return nil
	}
	if at.Attr == "count" {
		if len(call.Args) > 0 || len(call.Keywords) > 0 || call.Starargs != nil || call.Kwargs != nil {
			cc.errorf(call, ir.LayerError, "count() takes no arguments")
			return nil
		}
		return &ir.Count{Pos: pos, Rel: rv.rel, Op: op, N: n}
	}
	key := cc.factLambdaArg(call, rv, ir.Int)
	if key == nil {
		return nil
	}
	return &ir.Sum{Pos: pos, Rel: rv.rel, Key: key, Op: op, N: n}
}

func isAggregate(e ast.Expr) bool {
	if c, ok := e.(*ast.Call); ok {
		if at, ok := c.Func.(*ast.Attribute); ok {
			return at.Attr == "count" || at.Attr == "sum"
		}
	}
	return false
}

// bound compiles the int a count or sum is compared with: literals,
// constants and the contract's parameters, with + - *.
func (cc *contractCtx) bound(e ast.Expr) ir.Expr {
	env := &lambdaEnv{m: cc.m, captured: cc.captured, binOps: map[ir.BinOpKind]bool{ir.Add: true, ir.Sub: true, ir.Mul: true}}
	l := &lower.Lowerer{File: cc.m.src, Errs: cc.ld.errs, Env: env, NoFStrings: true, BinOps: env.binOps}
	n := l.Expr(e, ir.Int)
	if n == nil {
		return nil
	}
	if !ir.IsBasic(n.Type(), ir.KindInt) {
		cc.errorf(e, ir.LayerError, "the bound of a count or sum must be int, got %s", n.Type())
		return nil
	}
	return n
}
