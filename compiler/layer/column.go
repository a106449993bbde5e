package layer

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/ir"
)

// isGetattr reports whether e calls the builtin getattr (not shadowed by a
// parameter or a module name).
func (e *lambdaEnv) isGetattr(x ast.Expr) bool {
	return e.getattrCall(x) != nil
}

// getattrCall returns the getattr call x is, or names (a contract-body
// `column = getattr(schema, field)` not shadowed by a lambda parameter).
func (e *lambdaEnv) getattrCall(x ast.Expr) *ast.Call {
	if n, ok := x.(*ast.Name); ok && e.params[string(n.Id)] == nil {
		return e.columns[string(n.Id)]
	}
	c, ok := x.(*ast.Call)
	if !ok {
		return nil
	}
	n, ok := c.Func.(*ast.Name)
	if ok && n.Id == "getattr" && e.local("getattr") == nil && e.m.Names["getattr"] == nil {
		return c
	}
	return nil
}

// columnRef lowers a column reference, `x == getattr(Row, "col")` or its
// mirror or !=, in a contract lambda over a fact (docs/design.md section 4: a field is a
// column of some returned row). It handles every comparison that mentions getattr, so a
// column reference anywhere else is refused here, located.
func (e *lambdaEnv) columnRef(l *lower.Lowerer, x ast.Expr, _ ir.Type) (ir.Expr, bool) {
	cmp, ok := x.(*ast.Compare)
	if !ok {
		return nil, false
	}
	operands := append([]ast.Expr{cmp.Left}, cmp.Comparators...)
	refs := 0
	for _, o := range operands {
		if e.isGetattr(o) {
			refs++
		}
	}
	if refs == 0 {
		return nil, false
	}
	if e.fact == nil {
		l.Errorf(cmp, ir.Unsupported, "a column reference (getattr) is supported only in a contract lambda over a fact")
		return nil, true
	}
	if len(cmp.Ops) != 1 || (cmp.Ops[0] != ast.Eq && cmp.Ops[0] != ast.NotEq) || refs != 1 {
		l.Errorf(cmp, ir.Unsupported, "a column reference must be compared alone with == or != to a field (e.g. e.addr == getattr(UserRow, \"email\")); this comparison is not supported")
		return nil, true
	}
	ref, other := cmp.Comparators[0], cmp.Left
	if e.isGetattr(cmp.Left) {
		ref, other = cmp.Left, cmp.Comparators[0]
	}
	row, col := e.column(l, e.getattrCall(ref))
	if row == nil {
		return nil, true
	}
	v := l.Expr(other, col.Type)
	if v == nil {
		return nil, true
	}
	if !ir.Identical(v.Type(), col.Type) {
		l.Errorf(other, ir.LayerError, "%s is %s but column %s.%s is %s", pyast.Render(other), v.Type(), row.Name, col.Name, col.Type)
		return nil, true
	}
	return &ir.IsColumn{Pos: l.Pos(cmp), X: v, Row: row, Column: col.Name, Negated: cmp.Ops[0] == ast.NotEq}, true
}

// column resolves getattr(<RowType>, "<field>"): a row type a schema module
// declares and one of its str or int columns.
func (e *lambdaEnv) column(l *lower.Lowerer, c *ast.Call) (*ir.Row, *ir.Param) {
	if len(c.Args) != 2 || len(c.Keywords) > 0 || c.Starargs != nil || c.Kwargs != nil {
		l.Errorf(c, ir.LayerError, "getattr takes a row type and a field name here, e.g. getattr(UserRow, \"email\")")
		return nil, nil
	}
	var row *ir.Row
	if n, ok := c.Args[0].(*ast.Name); ok && e.inst != nil && e.inst.rows[string(n.Id)] != nil {
		row = e.inst.rows[string(n.Id)] // a type parameter, bound at the call site
	} else if sym := resolve(e.m, c.Args[0]); sym != nil && sym.Kind == KRow {
		row = sym.Row
	} else {
		l.Errorf(c.Args[0], ir.LayerError, "%s is not a row type (getattr in a contract reads a column of a row type imported from a schema module, or given as a parameter of type type)", pyast.Render(c.Args[0]))
		return nil, nil
	}
	field, ok := "", false
	switch a := c.Args[1].(type) {
	case *ast.Str:
		field, ok = string(a.S), true
	case *ast.Name:
		// a str parameter of a template, constant at its call site
		if e.inst != nil {
			if k, isConst := e.inst.consts[string(a.Id)].(*ir.Const); isConst {
				field, ok = k.Value.(string)
			}
		}
	}
	if !ok {
		l.Errorf(c.Args[1], ir.LayerError, "the field of getattr must be a str literal, or a str parameter of a contract with a parameter of type type")
		return nil, nil
	}
	col := row.Field(field)
	if col == nil {
		l.Errorf(c.Args[1], ir.LayerError, "row type %s has no field %s", row.Name, field)
		return nil, nil
	}
	if !ir.IsBasic(col.Type, ir.KindStr) && !ir.IsBasic(col.Type, ir.KindInt) {
		l.Errorf(c.Args[1], ir.LayerError, "column %s.%s is %s; a column reference needs a str or int column", row.Name, col.Name, col.Type)
		return nil, nil
	}
	return row, col
}
