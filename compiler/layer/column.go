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
	c, ok := x.(*ast.Call)
	if !ok {
		return false
	}
	n, ok := c.Func.(*ast.Name)
	return ok && n.Id == "getattr" && e.local("getattr") == nil && e.m.Names["getattr"] == nil
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
	row, col := e.column(l, ref.(*ast.Call))
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
	sym := resolve(e.m, c.Args[0])
	if sym == nil || sym.Kind != KRow {
		l.Errorf(c.Args[0], ir.LayerError, "%s is not a row type (getattr in a contract reads a column of a row type imported from a schema module)", pyast.Render(c.Args[0]))
		return nil, nil
	}
	name, ok := c.Args[1].(*ast.Str)
	if !ok {
		l.Errorf(c.Args[1], ir.LayerError, "the field of getattr must be a str literal")
		return nil, nil
	}
	col := sym.Row.Field(string(name.S))
	if col == nil {
		l.Errorf(c.Args[1], ir.LayerError, "row type %s has no field %s", sym.Row.Name, string(name.S))
		return nil, nil
	}
	if !ir.IsBasic(col.Type, ir.KindStr) && !ir.IsBasic(col.Type, ir.KindInt) {
		l.Errorf(c.Args[1], ir.LayerError, "column %s.%s is %s; a column reference needs a str or int column", sym.Row.Name, col.Name, col.Type)
		return nil, nil
	}
	return sym.Row, col
}
