package compiler

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// builtins are Python's builtin names: the ones the subset calls (len,
// str, range in a for loop) and the ones it refuses by name.
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
}

// notYet are builtins the design includes and a later stage will add.
var notYet = map[string]bool{
	"print": true, "int": true, "bool": true, "min": true, "max": true, "sum": true, "abs": true,
	"ord": true, "chr": true, "enumerate": true, "zip": true, "sorted": true, "list": true, "dict": true,
	"float": true, "set": true,
}

// Name lowers a read of a name: a local of the function (which must be
// assigned on every path to here), or a module-level constant.
func (fl *fnLowerer) Name(l *lower.Lowerer, n *ast.Name, want ir.Type) ir.Expr {
	name := string(n.Id)
	if fl.names[name] {
		loc := fl.locals[name]
		if fl.broken[name] && (loc == nil || !fl.cur.defined[loc]) {
			return nil
		}
		if loc == nil || !fl.cur.defined[loc] {
			if !fl.cur.dead {
				l.Errorf(n, "name %s is used before assignment (or not assigned on every path)", name)
				return nil
			}
			if loc == nil {
				l.Errorf(n, "name %s is used before assignment", name)
				return nil
			}
		}
		return &ir.LocalRef{Pos: l.Pos(n), Local: loc}
	}
	s := fl.c.names[name]
	if s == nil {
		if builtins[name] {
			l.Errorf(n, "builtin %s used as a value is not supported", name)
		} else {
			l.Errorf(n, "name %s is not defined", name)
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
		return lower.CloneAt(s.value, l.Pos(n))
	case sBroken:
		return nil
	case sFunc:
		l.Errorf(n, "function %s used as a value is not supported", label)
	case sEffect:
		l.Errorf(n, "effect %s used as a value is not supported", label)
	case sContract:
		l.Errorf(n, "contract %s used outside a guarantee is not supported", label)
	case sModule:
		l.Errorf(n, "module %s used as a value is not supported", label)
	case sOther:
		l.Errorf(n, "use of %s %s is not supported", s.what, label)
	default:
		l.Errorf(n, "use of %s is not supported", label)
	}
	return nil
}

// Attribute lowers attribute reads: only constants of imported modules.
func (fl *fnLowerer) Attribute(l *lower.Lowerer, a *ast.Attribute, want ir.Type) ir.Expr {
	if s := fl.moduleChain(a); s != nil {
		return fl.symbolValue(l, a, s)
	}
	if fl.isModuleChain(a) {
		_, why := fl.c.resolve(a)
		l.Errorf(a, "%s", why)
		return nil
	}
	l.Errorf(a, "attribute access .%s is not supported", a.Attr)
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
			if fl.names[string(x.Id)] {
				return false
			}
			s := fl.c.names[string(x.Id)]
			return s != nil && (s.kind == sModule || s.kind == sBroken)
		}
		return false
	}
}

// Call lowers calls: plan functions, trusted effects, len and str.
func (fl *fnLowerer) Call(l *lower.Lowerer, c *ast.Call, want ir.Type) ir.Expr {
	var s *symbol
	switch fn := c.Func.(type) {
	case *ast.Name:
		name := string(fn.Id)
		if fl.names[name] {
			l.Errorf(c, "call of local %s is not supported", name)
			return nil
		}
		s = fl.c.names[name]
		if s == nil {
			return fl.builtin(l, c, name)
		}
	case *ast.Attribute:
		if !fl.isModuleChain(fn) {
			l.Errorf(c, "method call .%s is not supported", fn.Attr)
			return nil
		}
		var why string
		s, why = fl.c.resolve(fn)
		if s == nil {
			l.Errorf(c, "%s", why)
			return nil
		}
	default:
		l.Errorf(c, "call of %s is not supported", pyast.Describe(c.Func))
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
		l.Errorf(c, "call of contract %s outside a guarantee is not supported", label)
	case sBroken:
	case sAPI:
		l.Errorf(c, "call of %s is not supported", label)
	case sConst:
		l.Errorf(c, "call of constant %s is not supported", label)
	default:
		l.Errorf(c, "call of %s is not supported", label)
	}
	return nil
}

// builtin lowers a call of a builtin function by name.
func (fl *fnLowerer) builtin(l *lower.Lowerer, c *ast.Call, name string) ir.Expr {
	if !builtins[name] {
		l.Errorf(c.Func, "name %s is not defined", name)
		return nil
	}
	simple := len(c.Keywords) == 0 && c.Starargs == nil && c.Kwargs == nil
	switch name {
	case "len", "str":
		if !simple || len(c.Args) != 1 {
			l.Errorf(c, "%s() takes exactly one positional argument here", name)
			return nil
		}
		x := l.Expr(c.Args[0], nil)
		if x == nil {
			return nil
		}
		if name == "len" {
			if !types.Sized(x.Type()) {
				l.Errorf(c.Args[0], "len() of %s is not supported", x.Type())
				return nil
			}
			return &ir.Builtin{Pos: l.Pos(c), Name: "len", Args: []ir.Expr{x}, T: ir.Int}
		}
		return &ir.Builtin{Pos: l.Pos(c), Name: "str", Args: []ir.Expr{x}, T: ir.Str}
	case "range":
		l.Errorf(c, "range() outside a for loop is not supported")
		return nil
	}
	if notYet[name] {
		l.Errorf(c, "call of %s is not supported yet", name)
	} else {
		l.Errorf(c, "call of %s is not supported", name)
	}
	return nil
}
