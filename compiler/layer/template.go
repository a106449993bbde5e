package layer

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/ir"
)

// Template marks a contract with a parameter annotated `type`, as the
// original's fixtures and the seed write it:
//
//	@contract
//	def addresses_from(schema: type, field: str) -> ContractSpec:
//	    column = getattr(schema, field)
//	    return Email.all(lambda e: e.addr == column)
//
// A row type is no value the prover knows, so such a contract has no Spec
// of its own: each call site (emails.addresses_from(UserRow, "email"))
// instantiates it with its row types and the constant values of its other
// parameters, and the body compiles then (Instantiate). Errors are
// diag errors, located. Its ir.Contract's
// Params and Defaults hold the other parameters only.
type Template struct {
	Params []TemplateParam // every parameter, in order
	decl   *contractDecl
}

// TemplateParam is one parameter of a template; Type: annotated `type`.
type TemplateParam struct {
	Name string
	Type bool
	Pos  ir.Pos
}

// instance binds a template's parameters at one call site.
type instance struct {
	rows   map[string]*ir.Row // the type parameters
	consts map[string]ir.Expr // the other parameters' constant values
}

// typeParams reports, per parameter of a contract def, whether it is
// annotated with the builtin type (not shadowed by a module name).
func (ld *loader) typeParams(m *Module, def *ast.FunctionDef) []bool {
	out := make([]bool, len(def.Args.Args))
	for i, a := range def.Args.Args {
		if n, ok := a.Annotation.(*ast.Name); ok && n.Id == "type" && m.Names["type"] == nil {
			out[i] = true
		}
	}
	return out
}

// Instantiate compiles template contract c for one call site: rows gives
// a row type for each type parameter, consts a constant for each other
// parameter (ir.Contract.Params order of c). The result is a contract
// without templates, over c's other parameters; errors point into the
// layer file, and say which call site they are for.
func (c *Contract) Instantiate(site ir.Pos, rows map[string]*ir.Row, consts []ir.Expr) (*Contract, error) {
	if c.Template == nil {
		return c, nil
	}
	if len(consts) != len(c.Params) {
		return nil, diag.Errorf(site, ir.LayerError, "contract %s takes %d arguments besides its row types, got %d", c.Name, len(c.Params), len(consts))
	}
	inst := &instance{rows: map[string]*ir.Row{}, consts: map[string]ir.Expr{}}
	for _, p := range c.Template.Params {
		if p.Type {
			r := rows[p.Name]
			if r == nil {
				return nil, diag.Errorf(site, ir.LayerError, "contract %s needs a row type for its parameter %s", c.Name, p.Name)
			}
			inst.rows[p.Name] = r
		}
	}
	out := &Contract{Contract: &ir.Contract{Pos: c.Pos, Module: c.Module, Name: c.Name}, Layer: c.Layer}
	for i, p := range c.Params {
		q := *p
		out.Params = append(out.Params, &q)
		out.Defaults = append(out.Defaults, c.Defaults[i])
		inst.consts[p.Name] = consts[i]
	}
	var errs diag.List
	ld := &loader{layer: c.Layer, errs: &errs, refused: map[string]bool{}}
	ld.contractBody(c.Template.decl, out, inst)
	if errs.Len() > 0 {
		errs.Add(site, ir.LayerError, "contract %s does not compile for the row types given here", c.Name)
		return nil, errs.Err()
	}
	if out.Spec == nil {
		return nil, diag.Errorf(site, ir.LayerError, "contract %s did not compile", c.Name)
	}
	return out, nil
}

// isGetattrIn reports whether call is a call of the builtin getattr, not
// shadowed by a module name or a parameter.
func isGetattrIn(m *Module, call *ast.Call, params map[string]*ir.Local) bool {
	n, ok := call.Func.(*ast.Name)
	return ok && n.Id == "getattr" && m.Names["getattr"] == nil && params["getattr"] == nil
}
