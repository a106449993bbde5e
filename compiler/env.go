package compiler

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// builtins are Python's builtin names: the ones the subset calls and the
// ones it refuses by name.
var builtins = map[string]bool{
	"len": true, "str": true, "range": true, "print": true, "int": true, "bool": true, "float": true,
	"list": true, "dict": true, "tuple": true, "set": true, "frozenset": true, "min": true, "max": true,
	"sum": true, "abs": true, "ord": true, "chr": true, "enumerate": true, "zip": true, "sorted": true,
	"reversed": true, "any": true, "all": true, "map": true, "filter": true, "open": true, "eval": true,
	"exec": true, "compile": true, "__import__": true, "getattr": true, "setattr": true, "delattr": true,
	"hasattr": true, "globals": true, "locals": true, "vars": true, "dir": true, "input": true,
	"isinstance": true, "type": true, "id": true, "hash": true, "iter": true, "next": true, "repr": true,
	"format": true, "round": true, "pow": true, "divmod": true, "hex": true, "oct": true, "bin": true,
	"breakpoint": true, "help": true, "exit": true, "quit": true, "super": true, "object": true,
	"memoryview": true, "bytes": true, "bytearray": true, "callable": true, "classmethod": true,
	"staticmethod": true, "property": true, "issubclass": true, "slice": true, "ascii": true,
	"ValueError": true, "RuntimeError": true, "KeyError": true, "IndexError": true, "TypeError": true,
	"AssertionError": true, "ZeroDivisionError": true, "Exception": true, "BaseException": true,
	"OverflowError": true, "StopIteration": true, "NotImplementedError": true, "AttributeError": true,
	"LookupError": true, "ArithmeticError": true, "NotImplemented": true, "Ellipsis": true,
}

// scoped is a name bound by a comprehension clause or a key= lambda: a
// local, or (for a tuple target) an element of the clause's hidden local.
type scoped struct {
	local *ir.Local
	expr  func(pos ir.Pos) ir.Expr
}

func (s scoped) ref(pos ir.Pos) ir.Expr {
	if s.local != nil {
		return &ir.LocalRef{Pos: pos, Local: s.local}
	}
	return s.expr(pos)
}

// lookupScoped finds name in the comprehension and lambda scopes,
// innermost first.
func (fl *fnLowerer) lookupScoped(name string) (scoped, bool) {
	for i := len(fl.scopes) - 1; i >= 0; i-- {
		if s, ok := fl.scopes[i][name]; ok {
			return s, true
		}
	}
	return scoped{}, false
}

// isLocalName reports whether name is a local here: bound by an enclosing
// comprehension or lambda, or assigned somewhere in the function.
func (fl *fnLowerer) isLocalName(name string) bool {
	if _, ok := fl.lookupScoped(name); ok {
		return true
	}
	return fl.names[name] || fl.outerNames(name)
}

// isBuiltinName reports whether name denotes the builtin of that name
// here (not shadowed by a local or a module-level name).
func (fl *fnLowerer) isBuiltinName(name string) bool {
	return builtins[name] && !fl.isLocalName(name) && fl.c.names[name] == nil
}

// Name lowers a read of a name: a comprehension or lambda variable, a
// local of the function (which must be assigned on every path to here), or
// a module-level constant.
func (fl *fnLowerer) Name(l *lower.Lowerer, n *ast.Name, want ir.Type) ir.Expr {
	name := string(n.Id)
	if s, ok := fl.lookupScoped(name); ok {
		return s.ref(l.Pos(n))
	}
	if fl.defNames[name] {
		if !fl.broken[name] {
			l.Errorf(n, ir.Unsupported, "function %s used as a value is not supported", name)
		}
		return nil
	}
	if p := fl.partial[name]; p != nil {
		fl.partialRead(n, p, false)
		fl.giveUp(name)
		return nil
	}
	if fl.names[name] {
		loc := fl.locals[name]
		if fl.broken[name] && (loc == nil || !fl.cur.defined[loc]) {
			return nil
		}
		if loc == nil || !fl.cur.defined[loc] {
			if !fl.cur.dead {
				l.Errorf(n, ir.Unassigned, "name %s is used before assignment (or not assigned on every path)", name)
				return nil
			}
			if loc == nil {
				l.Errorf(n, ir.Unassigned, "name %s is used before assignment", name)
				return nil
			}
		}
		if _, ok := fl.noneStart[loc]; ok {
			fl.noneStart[loc] = false // read as None: its type stays None
		}
		return fl.narrowedRead(n, loc, &ir.LocalRef{Pos: l.Pos(n), Local: loc}, want)
	}
	if x, found := fl.outerLocal(l, n); found {
		return x
	}
	s := fl.c.names[name]
	if s == nil {
		if builtins[name] {
			l.Errorf(n, ir.Unsupported, "builtin %s used as a value is not supported", name)
		} else {
			l.Errorf(n, ir.UndefinedName, "name %s is not defined%s", name, fl.c.nameHint(fl, name))
		}
		return nil
	}
	return fl.symbolValue(l, n, s)
}

// symbolValue lowers the read of a module-level symbol (not a call).
func (fl *fnLowerer) symbolValue(l *lower.Lowerer, n ast.Expr, s *symbol) ir.Expr {
	label := pyast.Render(n)
	switch s.kind {
	case sConst:
		x := lower.CloneAt(s.value, l.Pos(n))
		fl.markShared(x, "module constant "+label)
		return x
	case sBroken:
		return nil
	case sFunc:
		l.Errorf(n, ir.Unsupported, "function %s used as a value is not supported", label)
	case sEffect:
		l.Errorf(n, ir.Unsupported, "effect %s used as a value is not supported", label)
	case sContract:
		l.Errorf(n, ir.Unsupported, "contract %s used outside a guarantee is not supported", label)
	case sModule:
		l.Errorf(n, ir.Unsupported, "module %s used as a value is not supported", label)
	case sRow:
		l.Errorf(n, ir.Unsupported, "row type %s used as a value is not supported (row types are for annotations)", label)
	case sOther:
		l.Errorf(n, ir.Unsupported, "use of %s %s is not supported", s.what, label)
	default:
		l.Errorf(n, ir.Unsupported, "use of %s is not supported", label)
	}
	return nil
}

// Attribute lowers attribute reads: constants of imported modules and
// fields of rows.
func (fl *fnLowerer) Attribute(l *lower.Lowerer, a *ast.Attribute, want ir.Type) ir.Expr {
	if s := fl.moduleChain(a); s != nil {
		return fl.symbolValue(l, a, s)
	}
	if fl.isModuleChain(a) {
		_, why := fl.c.resolve(a)
		l.Errorf(a, why.Code, "%s", why.Msg)
		return nil
	}
	x := l.Expr(a.Value, nil)
	if x == nil {
		return nil
	}
	field := string(a.Attr)
	switch t := x.Type().(type) {
	case *ir.Row:
		f := t.Field(field)
		if f == nil {
			l.Errorf(a, ir.UndefinedName, "row type %s has no field %s", t.Name, field)
			return nil
		}
		return &ir.Attr{Pos: l.Pos(a), X: x, Field: field, T: f.Type}
	case *ir.Optional:
		if _, isRow := t.Elem.(*ir.Row); isRow {
			l.Errorf(a, ir.Unsupported, "field access .%s on %s is not supported%s", field, types.A(t), types.OptionalHint(t))
			return nil
		}
	}
	if methodKnown(x.Type(), field) {
		l.Errorf(a, ir.Unsupported, "method .%s used as a value is not supported (call it)", field)
		return nil
	}
	l.Errorf(a, ir.Unsupported, "attribute access .%s is not supported", field)
	return nil
}

// moduleChain resolves an attribute chain rooted at a module-level name
// that is not shadowed by a local; nil when it is not one or fails.
func (fl *fnLowerer) moduleChain(e ast.Expr) *symbol {
	if !fl.isModuleChain(e) {
		return nil
	}
	s, _ := fl.c.resolve(e)
	return s
}

// isModuleChain reports whether e is a dotted chain whose root is a
// module imported by the plan (and not a local).
func (fl *fnLowerer) isModuleChain(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.Attribute:
			e = x.Value
			continue
		case *ast.Name:
			if fl.isLocalName(string(x.Id)) {
				return false
			}
			s := fl.c.names[string(x.Id)]
			return s != nil && (s.kind == sModule || s.kind == sBroken)
		}
		return false
	}
}

// Call lowers calls: plan functions, trusted effects, builtins and
// methods.
func (fl *fnLowerer) Call(l *lower.Lowerer, c *ast.Call, want ir.Type) ir.Expr {
	var s *symbol
	switch fn := c.Func.(type) {
	case *ast.Name:
		name := string(fn.Id)
		if fi, before := fl.nestedFunc(name); fi != nil {
			s = &symbol{kind: sFunc, name: name, fn: fi}
			break
		} else if before {
			l.Errorf(c, ir.Unassigned, "function %s is called before its definition", name)
			return nil
		} else if fl.refusedDef(name) {
			return nil
		}
		if fl.isLocalName(name) {
			l.Errorf(c, ir.Unsupported, "call of local %s is not supported", name)
			return nil
		}
		s = fl.c.names[name]
		if s == nil {
			return fl.builtin(c, name, want)
		}
	case *ast.Attribute:
		if !fl.isModuleChain(fn) {
			if n, ok := fn.Value.(*ast.Name); ok && fl.isBuiltinName(string(n.Id)) {
				l.Errorf(c, ir.Unsupported, "call of %s is not supported (call the method on a value, e.g. s.%s())", pyast.Render(fn), fn.Attr)
				return nil
			}
			recv := l.Expr(fn.Value, nil)
			if recv == nil {
				return nil
			}
			return fl.method(c, recv, string(fn.Attr), want)
		}
		var why diag.Reason
		s, why = fl.c.resolve(fn)
		if s == nil {
			l.Errorf(c, why.Code, "%s", why.Msg)
			return nil
		}
	default:
		l.Errorf(c, ir.Unsupported, "call of %s is not supported", pyast.Describe(c.Func))
		return nil
	}
	label := pyast.Render(c.Func)
	switch s.kind {
	case sFunc:
		fi := s.fn
		if !fi.ok {
			return nil
		}
		args := l.Args(c, label, fi.params)
		if args == nil {
			return nil
		}
		fl.fi.calls = append(fl.fi.calls, callSite{callee: fi, pos: l.Pos(c)})
		return &ir.Call{Pos: l.Pos(c), Func: fi.fn, Args: args}
	case sEffect:
		e := s.effect
		params := make([]lower.Param, len(e.Params))
		for i, p := range e.Params {
			params[i] = lower.Param{Name: p.Name, Type: p.Type, Default: p.Default}
		}
		args := l.Args(c, label, params)
		if args == nil {
			return nil
		}
		return &ir.EffectCall{Pos: l.Pos(c), Effect: e, Args: args}
	case sContract:
		l.Errorf(c, ir.Unsupported, "call of contract %s outside a guarantee is not supported", label)
	case sBroken:
	case sAPI:
		l.Errorf(c, ir.Unsupported, "call of %s is not supported", label)
	case sConst:
		l.Errorf(c, ir.Unsupported, "call of constant %s is not supported", label)
	case sRow:
		l.Errorf(c, ir.Unsupported, "constructing a row (%s) is not supported: rows come from trusted effects", label)
	default:
		l.Errorf(c, ir.Unsupported, "call of %s is not supported", label)
	}
	return nil
}
