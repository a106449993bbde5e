package layer

import (
	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/ir"
)

// allOverResult recognises an ensures over every element of a list
// result, as the original's layers write it:
//
//	@deal.post(lambda result: len(result) <= 100)
//	@deal.post(lambda result: all("@" in r.email for r in result))
//
// It returns the generator, or nil when lam's body is something else.
func allOverResult(m *Module, lam *ast.Lambda) *ast.GeneratorExp {
	c, ok := lam.Body.(*ast.Call)
	if !ok || len(c.Args) != 1 || len(c.Keywords) > 0 || c.Starargs != nil || c.Kwargs != nil {
		return nil
	}
	if n, ok := c.Func.(*ast.Name); !ok || n.Id != "all" || m.Names["all"] != nil {
		return nil
	}
	g, _ := c.Args[0].(*ast.GeneratorExp)
	return g
}

// resultBound finds N in an ensures `len(result) <= N` (or < N+1) among
// the effect's ensures lambdas: the bound every engine already checks.
func resultBound(decl *effectDecl) (int64, bool) {
	for _, call := range decl.ensures {
		if len(call.Args) != 1 {
			continue
		}
		lam, ok := call.Args[0].(*ast.Lambda)
		if !ok || len(lam.Args.Args) != 1 {
			continue
		}
		cmp, ok := lam.Body.(*ast.Compare)
		if !ok || len(cmp.Ops) != 1 || (cmp.Ops[0] != ast.LtE && cmp.Ops[0] != ast.Lt) {
			continue
		}
		lc, ok := cmp.Left.(*ast.Call)
		if !ok || len(lc.Args) != 1 {
			continue
		}
		if fn, ok := lc.Func.(*ast.Name); !ok || fn.Id != "len" {
			continue
		}
		if arg, ok := lc.Args[0].(*ast.Name); !ok || arg.Id != lam.Args.Args[0].Arg {
			continue
		}
		num, ok := cmp.Comparators[0].(*ast.Num)
		if !ok {
			continue
		}
		v, ok := num.N.(py.Int)
		if !ok {
			continue
		}
		n := int64(v)
		if cmp.Ops[0] == ast.Lt {
			n--
		}
		return n, true
	}
	return 0, false
}

// allRows compiles `all(P(r) for r in result)` over a list result whose
// length the effect bounds by n, as the conjunction over the positions
// i < n of `len(result) <= i or P(result[i])`. Every engine then checks
// and assumes it with the expressions it already has (len, indexing,
// or): no quantifier and no comprehension inside a condition.
func (ld *loader) allRows(m *Module, e *ir.Effect, lam *ast.Lambda, g *ast.GeneratorExp, res *ir.Local, n int64) *ir.Lambda {
	f := m.src
	list, ok := res.Type.(*ir.List)
	if !ok {
		ld.errorf(f, g, ir.LayerError, "all(... for x in %s) in an ensures needs a list result; %s returns %s", res.Name, e.Name, res.Type)
		return nil
	}
	if len(g.Generators) != 1 || len(g.Generators[0].Ifs) > 0 {
		ld.errorf(f, g, ir.LayerError, "all() in an ensures takes one generator without conditions: all(<predicate> for x in %s)", res.Name)
		return nil
	}
	gen := g.Generators[0]
	target, ok := gen.Target.(*ast.Name)
	if it, isName := gen.Iter.(*ast.Name); !ok || !isName || it.Id != ast.Identifier(res.Name) {
		ld.errorf(f, g, ir.LayerError, "all() in an ensures ranges one name over the result: all(<predicate> for x in %s)", res.Name)
		return nil
	}
	if n > 1000 {
		ld.errorf(f, g, ir.LayerError, "all() in an ensures is supported for results of at most 1000 elements; %s bounds its result by %d", e.Name, n)
		return nil
	}
	pos := pyast.Pos(f, g)
	ref := func() ir.Expr { return &ir.LocalRef{Pos: pos, Local: res} }
	var body ir.Expr
	for i := int64(0); i < n; i++ {
		idx := &ir.Const{Pos: pos, T: ir.Int, Value: i}
		elem := func() ir.Expr { return &ir.Index{Pos: pos, X: ref(), Index: lower.CloneAt(idx, pos), T: list.Elem} }
		env := &lambdaEnv{m: m, params: map[string]*ir.Local{}, subst: map[string]func() ir.Expr{string(target.Id): elem}}
		l := &lower.Lowerer{File: f, Errs: ld.errs, Env: env, NoFStrings: true, Ext: env.ext}
		p := l.Expr(g.Elt, ir.Bool)
		if p == nil {
			return nil
		}
		if !ir.Identical(p.Type(), ir.Bool) {
			ld.errorf(f, g.Elt, ir.LayerError, "the predicate of all() in ensures of %s must be a bool expression, got %s", e.Name, p.Type())
			return nil
		}
		short := &ir.Compare{Pos: pos, Ops: []ir.CmpOp{ir.LtE}, Operands: []ir.Expr{
			&ir.Builtin{Pos: pos, Name: "len", Args: []ir.Expr{ref()}, T: ir.Int}, lower.CloneAt(idx, pos)}}
		clause := ir.Expr(&ir.BoolOp{Pos: pos, Op: ir.Or, X: short, Y: p, T: ir.Bool})
		if body == nil {
			body = clause
		} else {
			body = &ir.BoolOp{Pos: pos, Op: ir.And, X: body, Y: clause, T: ir.Bool}
		}
	}
	if body == nil { // a result bounded by 0 elements: all() of nothing
		body = &ir.Const{Pos: pos, T: ir.Bool, Value: true}
	}
	return &ir.Lambda{Pos: pyast.Pos(f, lam), Source: pyast.Render(lam), Params: []*ir.Local{res}, Body: body}
}

// eachRow compiles the predicate of all(P(r) for r in result) over one
// element r (ir.Condition.Each).
func (ld *loader) eachRow(m *Module, res *ir.Local, g *ast.GeneratorExp) *ir.Lambda {
	f := m.src
	list := res.Type.(*ir.List)
	target := g.Generators[0].Target.(*ast.Name)
	r := &ir.Local{Pos: pyast.Pos(f, target), Name: string(target.Id), Type: list.Elem}
	env := &lambdaEnv{m: m, params: map[string]*ir.Local{r.Name: r}}
	l := &lower.Lowerer{File: f, Errs: ld.errs, Env: env, NoFStrings: true, Ext: env.ext}
	p := l.Expr(g.Elt, ir.Bool)
	if p == nil {
		return nil
	}
	return &ir.Lambda{Pos: pyast.Pos(f, g), Source: pyast.Render(g.Elt), Params: []*ir.Local{r}, Body: p}
}
