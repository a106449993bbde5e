package gen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/clauz3/clauz3/ir"
)

// effectWrapper generates the Go function a plan calls for one trusted
// effect. It starts the call (rt.Begin: in real mode, the receipt
// check), checks every precondition at run time, gets the result (the
// simulation host, or the layer's Go function through planrt.Perform) and
// checks every postcondition on it, then the __unique__ columns of its rows.
func (g *generator) effectWrapper(e *ir.Effect) {
	name := g.effectNames[e]
	fg := &fnGen{g: g, sc: newScope(g.pkg), names: map[*ir.Local]string{}, read: map[*ir.Local]bool{}, compVars: map[*ir.Local]bool{}, declAt: map[ir.Stmt]bool{}}
	params := []jen.Code{runParamDecl()}
	goNames := map[string]string{}
	beginArgs := []jen.Code{jen.Lit(e.Name)}
	for _, p := range e.Params {
		n := fg.sc.fresh(camel(p.Name, false))
		goNames[p.Name] = n
		params = append(params, jen.Id(n).Add(g.goType(e.Pos, p.Type)))
		beginArgs = append(beginArgs, jen.Lit(p.Name), jen.Id(n))
	}
	fx := fg.sc.fresh("fx")
	body := []jen.Code{jen.Id(fx).Op(":=").Id(runParam).Dot("Begin").Call(beginArgs...)}
	for _, c := range e.Requires {
		for _, lp := range c.Pred.Params {
			n, ok := goNames[lp.Name]
			if !ok {
				g.fail(c.Pos, ir.Internal, "precondition of %s reads %s, which is not a parameter", e.Name, lp.Name)
				continue
			}
			fg.names[lp] = n
		}
		body = append(body, jen.Id(fx).Dot("Require").Call(fg.truth(c.Pred.Body).c, sourceLit(c.Source)))
	}
	hasResult := !ir.IsBasic(e.Result, ir.KindNone)
	resT := g.goType(e.Pos, e.Result)
	var get *jen.Statement
	if g.opts.Mode == Real {
		get = g.realCall(e, fx, goNames, resT)
	} else {
		get = jen.Qual(rt, "Simulated").Types(resT).Call(jen.Id(fx))
	}
	if !hasResult {
		body = append(body, get)
		for _, c := range e.Ensures {
			g.fail(c.Pos, ir.GenLimit, "postcondition on %s, which returns None, is not supported", e.Name)
		}
	} else if len(e.Ensures) == 0 && uniqueRows(e.Result) == nil && uniqueRowsInside(e.Result) == nil {
		body = append(body, jen.Return(get))
	} else {
		result := fg.sc.fresh("result")
		body = append(body, jen.Id(result).Op(":=").Add(get))
		for _, c := range e.Ensures {
			if len(c.Pred.Params) != 1 {
				g.fail(c.Pos, ir.Internal, "postcondition of %s must take the result", e.Name)
				continue
			}
			fg.names[c.Pred.Params[0]] = result
			body = append(body, jen.Id(fx).Dot("Ensure").Call(fg.truth(c.Pred.Body).c, sourceLit(c.Source)))
		}
		body = append(body, g.uniqueChecks(e, fx, result)...)
		body = append(body, jen.Return(jen.Id(result)))
	}
	where := "the simulation host answers it"
	if g.opts.Mode == Real {
		b := g.opts.Bindings[e.Name]
		where = fmt.Sprintf("it runs %s.%s", b.Package, b.Func)
	}
	g.f.Commentf("%s calls the trusted effect %s (%s); %s.", name, e.Name, e.Module, where)
	decl := jen.Func().Id(name).Params(params...)
	if hasResult {
		decl = decl.Add(resT)
	}
	g.f.Add(decl.Block(body...))
}

// realCall is planrt.Perform(fx, func() (T, error) { ... the layer's
// function ... }).
func (g *generator) realCall(e *ir.Effect, fx string, goNames map[string]string, resT *jen.Statement) *jen.Statement {
	b, ok := g.opts.Bindings[e.Name]
	if !ok {
		g.fail(e.Pos, ir.GenLimit, "%s has no Go binding", e.Name)
		return jen.Nil()
	}
	args := make([]jen.Code, len(e.Params))
	for i, p := range e.Params {
		args[i] = g.toLayer(e.Pos, b, p.Type, jen.Id(goNames[p.Name]))
	}
	call := jen.Qual(b.Path, b.Func).Call(args...)
	var body []jen.Code
	hasResult := !ir.IsBasic(e.Result, ir.KindNone)
	switch {
	case !hasResult && b.HasError:
		body = []jen.Code{jen.Return(jen.Qual(rt, "None"), call)}
	case !hasResult:
		body = []jen.Code{call, jen.Return(jen.Qual(rt, "None"), jen.Nil())}
	case needsConversion(e.Result):
		body = []jen.Code{
			jen.List(jen.Id("v"), jen.Err()).Op(":=").Add(call),
			jen.Return(g.fromLayer(e.Pos, b, e.Result, jen.Id("v")), jen.Err()),
		}
	default:
		body = []jen.Code{jen.Return(call)}
	}
	return jen.Qual(rt, "Perform").Call(jen.Id(fx), jen.Func().Params().Params(resT, jen.Error()).Block(body...))
}

// needsConversion reports whether a value of t differs between the plan
// (planrt containers, generated rows) and the layer's Go API.
func needsConversion(t ir.Type) bool {
	switch t.(type) {
	case *ir.Basic:
		return false
	}
	return true
}

// toLayer converts a plan value to the layer's parameter type: lists to
// fresh slices, T | None to *T, dicts to fresh Go maps (a dict | None to
// a map that is nil for None), object values to any (None as nil), rows
// to the layer's struct.
func (g *generator) toLayer(pos ir.Pos, b Binding, t ir.Type, v *jen.Statement) jen.Code {
	switch t := t.(type) {
	case *ir.Basic:
		return v
	case *ir.List:
		if !needsConversion(t.Elem) {
			return jen.Qual("slices", "Clone").Call(v.Clone().Dot("Items").Call())
		}
		return jen.Qual(rt, "MapSlice").Call(v.Clone().Dot("Items").Call(), jen.Func().Params(jen.Id("x").Add(g.goType(pos, t.Elem))).Add(g.layerType(pos, b, t.Elem)).Block(
			jen.Return(g.toLayer(pos, b, t.Elem, jen.Id("x")))))
	case *ir.Optional:
		if dt, isDict := t.Elem.(*ir.Dict); isDict {
			return jen.Qual(rt, "OptionalMapOf").Call(v, g.layerValueFunc(pos, b, dt.Value))
		}
		return jen.Qual(rt, "Ptr").Call(v)
	case *ir.Dict:
		return jen.Qual(rt, "MapOf").Call(v, g.layerValueFunc(pos, b, t.Value))
	case *ir.ObjectType:
		return jen.Qual(rt, "LayerObject").Call(v)
	case *ir.Row:
		return jen.Qual(b.Path, t.Name).Call(v)
	}
	g.fail(pos, ir.GenLimit, "a %s argument has no Go mapping for the layer", t)
	return v
}

// layerValueFunc is func(x T) L { return <x as the layer takes it> } for
// the values of a dict passed to a layer.
func (g *generator) layerValueFunc(pos ir.Pos, b Binding, t ir.Type) jen.Code {
	return jen.Func().Params(jen.Id("x").Add(g.goType(pos, t))).Add(g.layerType(pos, b, t)).Block(
		jen.Return(g.toLayer(pos, b, t, jen.Id("x"))))
}

// fromLayer converts a layer result to the plan's type.
func (g *generator) fromLayer(pos ir.Pos, b Binding, t ir.Type, v *jen.Statement) jen.Code {
	switch t := t.(type) {
	case *ir.Basic:
		return v
	case *ir.List:
		return jen.Qual(rt, "ListOf").Call(jen.Qual(rt, "MapSlice").Call(v, jen.Func().Params(jen.Id("x").Add(g.layerType(pos, b, t.Elem))).Add(g.goType(pos, t.Elem)).Block(
			jen.Return(g.fromLayer(pos, b, t.Elem, jen.Id("x"))))))
	case *ir.Optional:
		return jen.Qual(rt, "FromPtr").Call(v)
	case *ir.Row:
		return jen.Id(g.rowNames[rowKey(t)]).Call(v)
	}
	g.fail(pos, ir.GenLimit, "a %s result has no Go mapping for the layer", t)
	return v
}

// layerType is the Go type the layer uses for t.
func (g *generator) layerType(pos ir.Pos, b Binding, t ir.Type) *jen.Statement {
	switch t := t.(type) {
	case *ir.Basic:
		return g.goType(pos, t)
	case *ir.List:
		return jen.Index().Add(g.layerType(pos, b, t.Elem))
	case *ir.Optional:
		if _, isDict := t.Elem.(*ir.Dict); isDict {
			return g.layerType(pos, b, t.Elem) // nil is None
		}
		return jen.Op("*").Add(g.layerType(pos, b, t.Elem))
	case *ir.Dict:
		return jen.Map(g.layerType(pos, b, t.Key)).Add(g.layerType(pos, b, t.Value))
	case *ir.ObjectType:
		return jen.Any()
	case *ir.Row:
		return jen.Qual(b.Path, t.Name)
	}
	g.fail(pos, ir.GenLimit, "%s has no Go mapping for the layer", t)
	return jen.Any()
}

// uniqueRows is the row type whose __unique__ columns a result of type t
// must satisfy when t is list[Row] with unique columns, else nil.
func uniqueRows(t ir.Type) *ir.Row {
	if lt, ok := t.(*ir.List); ok {
		if row, isRow := lt.Elem.(*ir.Row); isRow && len(row.Unique) > 0 {
			return row
		}
	}
	return nil
}

// uniqueChecks are the run-time checks of the __unique__ columns of the
// rows e returns (planrt.CheckUnique on the result named result of the
// call fx): the prover assumes them, so the binary must refuse a result
// that breaks them before the plan sees it. A result that holds rows with
// unique columns in any other shape than list[Row] is refused: nothing
// would check them.
func (g *generator) uniqueChecks(e *ir.Effect, fx, result string) []jen.Code {
	row := uniqueRows(e.Result)
	if row == nil {
		if inner := uniqueRowsInside(e.Result); inner != nil {
			g.fail(e.Pos, ir.GenLimit, "%s returns %s: the __unique__ columns of %s are checked at run time only on a list[%s] result", e.Name, e.Result, inner.Name, inner.Name)
		}
		return nil
	}
	var out []jen.Code
	for _, col := range row.Unique {
		f := row.Field(col)
		if f == nil {
			g.fail(e.Pos, ir.Internal, "__unique__ of %s names %s, which is not a column", row.Name, col)
			continue
		}
		out = append(out, jen.Qual(rt, "CheckUnique").Call(
			jen.Id(fx), jen.Id(result).Dot("Items").Call(), jen.Lit(row.Name), jen.Lit(col),
			jen.Func().Params(jen.Id("r").Add(g.goType(e.Pos, row))).Add(g.goType(e.Pos, f.Type)).Block(
				jen.Return(jen.Id("r").Dot(RowFieldName(col)))),
		))
	}
	return out
}

// uniqueRowsInside is a row type with unique columns that a value of type
// t may hold, or nil. A row alone is not a result of several rows, so it
// has nothing to check.
func uniqueRowsInside(t ir.Type) *ir.Row {
	switch t := t.(type) {
	case *ir.List:
		if row, isRow := t.Elem.(*ir.Row); isRow && len(row.Unique) > 0 {
			return row
		}
		return uniqueRowsInside(t.Elem)
	case *ir.Optional:
		return uniqueRowsInside(t.Elem)
	case *ir.Set:
		return uniqueRowsInside(t.Elem)
	case *ir.Dict:
		if r := uniqueRowsInside(t.Key); r != nil {
			return r
		}
		return uniqueRowsInside(t.Value)
	case *ir.Tuple:
		for _, e := range t.Elems {
			if r := uniqueRowsInside(e); r != nil {
				return r
			}
		}
	case *ir.Row:
		for _, f := range t.Fields {
			if r := uniqueRowsInside(f.Type); r != nil {
				return r
			}
		}
	}
	return nil
}
