package layer

import (
	"fmt"
	"strings"

	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// lambdaEnv resolves names inside a requires/ensures lambda, a contract
// lambda over a fact, or a contract's bound expression.
type lambdaEnv struct {
	m        *Module
	params   map[string]*ir.Local // the lambda's own parameters
	fact     *ir.Local            // the fact parameter of a contract lambda
	rel      *relVal              // its relation, for messages
	captured map[string]*ir.Local // the contract's parameters
	binOps   map[ir.BinOpKind]bool
	columns  map[string]*ast.Call // names bound to getattr(...) in the contract body
	inst     *instance            // a template's call-site binding, or nil
	// subst maps the variable of all(P for r in result) in an ensures to
	// the expression it stands for in one conjunct (allRows).
	subst map[string]func() ir.Expr
	entry *fluentEntry // the entry parameter of a final.all lambda, or nil
	// compared are the names and attributes that are an operand of a
	// single == or != in the lambda: the only place where a
	// dict[str, object] may be read (see objectDictRead).
	compared map[ast.Expr]bool
	// narrow lowers None tests of a condition's optional parameters and
	// narrows them in and/or (x is None or P: P reads x unwrapped).
	narrow lower.ConditionNarrowing
}

// contractOps are the arithmetic operators of contract lambdas (docs/design.md section 4).
var contractOps = map[ir.BinOpKind]bool{ir.Add: true, ir.Sub: true}

// lambda compiles the body of lam (whose parameters are params) to an
// ir.Lambda of type want (nil: any type). what names it in messages.
func (ld *loader) lambda(m *Module, lam *ast.Lambda, params []*ir.Local, env *lambdaEnv, want ir.Type, what string) *ir.Lambda {
	env.compared = equalityOperands(lam.Body)
	if env.fact == nil && env.narrow.Param == nil {
		env.narrow.Param = func(name string) *ir.Local { return env.params[name] }
	}
	l := &lower.Lowerer{File: m.src, Errs: ld.errs, Env: env, NoFStrings: true, BinOps: env.binOps, Ext: env.ext}
	body := l.Expr(lam.Body, want)
	if body == nil {
		return nil
	}
	if want != nil && !ir.Identical(body.Type(), want) {
		ld.errorf(m.src, lam.Body, ir.LayerError, "%s must be a %s expression, got %s", what, want, body.Type())
		return nil
	}
	return &ir.Lambda{Pos: pyast.Pos(m.src, lam), Source: pyast.Render(lam), Params: params, Body: body}
}

func (e *lambdaEnv) local(name string) *ir.Local {
	if loc, ok := e.params[name]; ok {
		return loc
	}
	return e.captured[name]
}

func (e *lambdaEnv) Name(l *lower.Lowerer, n *ast.Name, want ir.Type) ir.Expr {
	name := string(n.Id)
	if e.entry != nil && name == e.entry.name {
		l.Errorf(n, ir.LayerError, "%s is an entry of the fluent: read %s.key or %s.value", name, name, name)
		return nil
	}
	if mk := e.subst[name]; mk != nil {
		if _, isRow := mk().Type().(*ir.Row); !isRow {
			return mk()
		}
		l.Errorf(n, ir.Unsupported, "row %s used as a value is not supported (read a field, e.g. %s.%s)", name, name, mk().Type().(*ir.Row).Fields[0].Name)
		return nil
	}
	if loc := e.local(name); loc != nil {
		if loc == e.fact {
			l.Errorf(n, ir.Unsupported, "fact %s used as a value is not supported (read a field, e.g. %s.%s)", name, name, firstField(e.fact))
			return nil
		}
		if ir.HasObject(loc.Type) && !e.objectDictRead(n, loc.Type) {
			l.Errorf(n, ir.LayerError, "%s", opaqueRead(name, loc.Type))
			return nil
		}
		return e.narrow.Ref(l.Pos(n), loc)
	}
	s := e.m.Names[name]
	switch {
	case s == nil && isBuiltin(name):
		l.Errorf(n, ir.Unsupported, "builtin %s used as a value is not supported", name)
	case s == nil:
		l.Errorf(n, ir.LayerError, "name %s is not defined", name)
	case s.Kind == KConst:
		return lower.CloneAt(s.Const, l.Pos(n))
	default:
		l.Errorf(n, ir.Unsupported, "use of %s %s in a lambda is not supported", s.Kind, name)
	}
	return nil
}

// objectDictRead reports whether operand x of type t may be read
// although t holds objects: t is dict[str, object] (or that or None) and
// x is compared whole with a single == or != in a contract's lambda over
// a fact (not in a condition), which the prover decides
// with Python's equality (cross-type included: 1 == 1.0 == True, "1" !=
// 1). Reading an object's content any other way stays refused.
func (e *lambdaEnv) objectDictRead(x ast.Expr, t ir.Type) bool {
	if o, ok := t.(*ir.Optional); ok {
		t = o.Elem
	}
	return e.fact != nil && ir.Identical(t, types.ObjectDict) && e.compared[x]
}

// equalityOperands collects the operands of every comparison in body
// with exactly one operator, == or !=.
func equalityOperands(body ast.Expr) map[ast.Expr]bool {
	out := map[ast.Expr]bool{}
	ast.Walk(body, func(n ast.Ast) bool {
		if c, ok := n.(*ast.Compare); ok && len(c.Ops) == 1 && len(c.Comparators) == 1 && (c.Ops[0] == ast.Eq || c.Ops[0] == ast.NotEq) {
			out[c.Left] = true
			out[c.Comparators[0]] = true
		}
		return true
	})
	return out
}

// opaqueRead is the refusal of a lambda that reads a value holding an
// object: the prover has no meaning for its content (ir.ObjectType).
func opaqueRead(what string, t ir.Type) string {
	return fmt.Sprintf("%s is %s: a value of type object is opaque, so a contract or condition cannot read it (its content is carried to the layer unchecked)", what, types.A(t))
}

func firstField(fact *ir.Local) string {
	if f, ok := fact.Type.(*ir.Fact); ok && len(f.Fields) > 0 {
		return f.Fields[0].Name
	}
	return "field"
}

func (e *lambdaEnv) Attribute(l *lower.Lowerer, a *ast.Attribute, want ir.Type) ir.Expr {
	if n, ok := a.Value.(*ast.Name); ok && e.entry != nil && string(n.Id) == e.entry.name {
		switch a.Attr {
		case "key":
			return &ir.LocalRef{Pos: l.Pos(a), Local: e.entry.key}
		case "value":
			return &ir.LocalRef{Pos: l.Pos(a), Local: e.entry.value}
		}
		l.Errorf(a, ir.LayerError, "an entry of a fluent has .key and .value, not .%s", a.Attr)
		return nil
	}
	if n, ok := a.Value.(*ast.Name); ok && e.fact != nil && e.local(string(n.Id)) == e.fact {
		fact := e.fact.Type.(*ir.Fact)
		field := string(a.Attr)
		p := fact.Field(field)
		if p == nil {
			names := make([]string, len(fact.Fields))
			for i, f := range fact.Fields {
				names[i] = f.Name
			}
			l.Errorf(a, ir.LayerError, "field %s is not a field of every effect of relation %s (its fields: %s)", field, e.rel.name, strings.Join(names, ", "))
			return nil
		}
		if ir.HasObject(p.Type) && !e.objectDictRead(a, p.Type) {
			l.Errorf(a, ir.LayerError, "%s", opaqueRead(pyast.Render(a), p.Type))
			return nil
		}
		return &ir.FactField{Pos: l.Pos(a), Fact: e.fact, Field: field, T: p.Type}
	}
	// a field of a row: a parameter of a row type, or a fact field that
	// holds a row
	if x := e.rowValue(l, a.Value); x != nil {
		row := x.Type().(*ir.Row)
		f := row.Field(string(a.Attr))
		if f == nil {
			l.Errorf(a, ir.LayerError, "row type %s has no field %s", row.Name, a.Attr)
			return nil
		}
		return &ir.Attr{Pos: l.Pos(a), X: x, Field: f.Name, T: f.Type}
	}
	l.Unsupported(a)
	return nil
}

// rowValue lowers v when it is a parameter of a row type or a field of the
// fact that holds a row; nil otherwise (without an error).
func (e *lambdaEnv) rowValue(l *lower.Lowerer, v ast.Expr) ir.Expr {
	switch v := v.(type) {
	case *ast.Name:
		if mk := e.subst[string(v.Id)]; mk != nil {
			if _, ok := mk().Type().(*ir.Row); ok {
				return mk()
			}
			return nil
		}
		if loc := e.local(string(v.Id)); loc != nil && loc != e.fact {
			if _, ok := loc.Type.(*ir.Row); ok {
				return &ir.LocalRef{Pos: l.Pos(v), Local: loc}
			}
		}
	case *ast.Attribute:
		if n, ok := v.Value.(*ast.Name); ok && e.fact != nil && e.local(string(n.Id)) == e.fact {
			if p := e.fact.Type.(*ir.Fact).Field(string(v.Attr)); p != nil {
				if _, ok := p.Type.(*ir.Row); ok {
					return &ir.FactField{Pos: l.Pos(v), Fact: e.fact, Field: p.Name, T: p.Type}
				}
			}
		}
	}
	return nil
}

func (e *lambdaEnv) Call(l *lower.Lowerer, c *ast.Call, want ir.Type) ir.Expr {
	if e.isGetattr(c) {
		l.Errorf(c, ir.Unsupported, "getattr(<row type>, \"<field>\") is supported only compared with == or != to a field in a contract lambda")
		return nil
	}
	if x, handled := lower.PredicateCall(l, c, e.local("len") == nil && e.m.Names["len"] == nil); handled {
		return x
	}
	l.Unsupported(c)
	return nil
}

var builtinNames = map[string]bool{
	"len": true, "str": true, "int": true, "bool": true, "float": true, "list": true, "dict": true,
	"tuple": true, "set": true, "min": true, "max": true, "sum": true, "abs": true, "print": true,
	"range": true, "sorted": true, "any": true, "all": true, "open": true, "eval": true, "exec": true,
	"getattr": true, "setattr": true, "__import__": true, "isinstance": true, "type": true,
}

func isBuiltin(name string) bool { return builtinNames[name] }

// ext lowers what lower.Lowerer does not know in a layer lambda: column
// references (column.go) and None tests of a fact field.
func (e *lambdaEnv) ext(l *lower.Lowerer, x ast.Expr, want ir.Type) (ir.Expr, bool) {
	if v, ok := e.columnRef(l, x, want); ok {
		return v, true
	}
	if e.fact == nil {
		if v, ok := e.narrow.Ext(l, x, want); ok {
			return v, true
		}
	}
	return e.noneTest(l, x)
}

// noneTest lowers `f.field is None` / `is not None` (or None on the left)
// for an optional field of a fact, e.g. `q.where is not None` over
// db_query(table, where: dict[str, object] | None = None). It reads no
// content, so it is admitted on a field holding objects too; identity
// comparisons are refused everywhere else in a layer.
func (e *lambdaEnv) noneTest(l *lower.Lowerer, x ast.Expr) (ir.Expr, bool) {
	cmp, ok := x.(*ast.Compare)
	if !ok || e.fact == nil || len(cmp.Ops) != 1 || (cmp.Ops[0] != ast.Is && cmp.Ops[0] != ast.IsNot) {
		return nil, false
	}
	field, none := cmp.Left, cmp.Comparators[0]
	if isNoneLit(field) {
		field, none = none, field
	}
	at, isAttr := field.(*ast.Attribute)
	if !isNoneLit(none) || !isAttr {
		return nil, false
	}
	n, isName := at.Value.(*ast.Name)
	if !isName || e.local(string(n.Id)) != e.fact {
		return nil, false
	}
	p := e.fact.Type.(*ir.Fact).Field(string(at.Attr))
	if p == nil {
		return nil, false // the field error comes from Attribute
	}
	if _, isOpt := p.Type.(*ir.Optional); !isOpt {
		l.Errorf(cmp, ir.LayerError, "%s is %s, never None", pyast.Render(at), p.Type)
		return nil, true
	}
	op := ir.Is
	if cmp.Ops[0] == ast.IsNot {
		op = ir.IsNot
	}
	ff := &ir.FactField{Pos: l.Pos(at), Fact: e.fact, Field: p.Name, T: p.Type}
	return &ir.Compare{Pos: l.Pos(cmp), Ops: []ir.CmpOp{op}, Operands: []ir.Expr{ff, &ir.Const{Pos: l.Pos(none), T: ir.None, Value: nil}}}, true
}

func isNoneLit(x ast.Expr) bool {
	c, ok := x.(*ast.NameConstant)
	return ok && c.Value == py.None
}
