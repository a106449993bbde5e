package compiler

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/ir"
)

// Nested defs. A def directly in a function's body defines a helper that
// is visible after its definition in that body (and in the defs that follow
// it there). It reads the locals of the enclosing functions as a Python
// closure does, at call time; names it assigns are its own locals. It is
// not a value: it can only be called.
//
// Late binding is sound statically because the subset cannot unbind a
// name: an enclosing local the helper reads must be assigned on every path
// to the def, so it is assigned at every call; its one type is already
// known there.

// nestedDefNames collects the names bound by the defs of a function body
// (at any depth of if/for), which are not lowered as variables.
func nestedDefNames(body []ast.Stmt, out map[string]bool) {
	for _, s := range body {
		switch s := s.(type) {
		case *ast.FunctionDef:
			out[string(s.Name)] = true
		case *ast.If:
			nestedDefNames(s.Body, out)
			nestedDefNames(s.Orelse, out)
		case *ast.For:
			nestedDefNames(s.Body, out)
			nestedDefNames(s.Orelse, out)
		}
	}
}

// nestedDef lowers a def standing directly in the function's body.
func (fl *fnLowerer) nestedDef(def *ast.FunctionDef) {
	c := fl.c
	name := string(def.Name)
	if fl.nested[name] != nil {
		fl.errorf(def, ir.PlanError, "nested function %s is defined twice", name)
		return
	}
	if fl.broken[name] {
		return // a def of the name was refused
	}
	if fl.locals[name] != nil || fl.assigns(name) {
		fl.errorf(def, ir.PlanError, "name %s is both a nested function and a variable", name)
		delete(fl.defNames, name) // the variable's uses stay checked as such
		return
	}
	fi := c.signature(def, fl.fn)
	fl.nested[name] = fi
	// c.funcs is listed after the top-level functions are lowered; the
	// compile loop ranges over the slice it started with.
	c.funcs = append(c.funcs, fi)
	c.lowerFuncIn(fi, fl)
}

// assigns reports whether the function body assigns name other than by a
// def.
func (fl *fnLowerer) assigns(name string) bool {
	m := map[string]bool{}
	assignedNamesNoDefs(fl.c, fl.fi.def.Body, m)
	return m[name]
}

func assignedNamesNoDefs(c *compiler, body []ast.Stmt, out map[string]bool) {
	var plain []ast.Stmt
	for _, s := range body {
		if _, ok := s.(*ast.FunctionDef); !ok {
			plain = append(plain, s)
		}
	}
	assignedNames(c.file, plain, out)
}

// nestedFunc finds the nested def a call of name reaches from here: one of
// this function's or of an enclosing function's. before reports that name
// is a def that is not defined yet at this point.
func (fl *fnLowerer) nestedFunc(name string) (fi *funcInfo, before bool) {
	if _, ok := fl.lookupScoped(name); ok {
		return nil, false
	}
	for f := fl; f != nil; f = f.parent {
		if fi := f.nested[name]; fi != nil {
			return fi, false
		}
		if f.defNames[name] {
			if f.broken[name] {
				return nil, false // its def was refused; the caller stays silent
			}
			return nil, true
		}
		if f.names[name] {
			return nil, false
		}
	}
	return nil, false
}

// outerLocal finds name among the locals of the enclosing functions; found
// reports that an enclosing function binds name (a def or a variable).
func (fl *fnLowerer) outerLocal(l *lower.Lowerer, n *ast.Name) (x ir.Expr, found bool) {
	name := string(n.Id)
	for f := fl.parent; f != nil; f = f.parent {
		if f.nested[name] != nil || f.defNames[name] {
			if !f.broken[name] {
				l.Errorf(n, ir.Unsupported, "function %s used as a value is not supported", name)
			}
			return nil, true
		}
		if !f.names[name] {
			continue
		}
		if p := f.partial[name]; p != nil {
			fl.partialRead(n, p, true)
			f.giveUp(name)
			return nil, true
		}
		loc := f.locals[name]
		if f.broken[name] && (loc == nil || !f.cur.defined[loc]) {
			return nil, true
		}
		if loc == nil || !f.cur.defined[loc] {
			l.Errorf(n, ir.Unassigned, "name %s is read by %s but not assigned on every path before its def (assign it before the def)", name, fl.fn.Name)
			return nil, true
		}
		if _, ok := f.noneStart[loc]; ok {
			f.noneStart[loc] = false // read as None: its type stays None
		}
		return &ir.LocalRef{Pos: l.Pos(n), Local: loc}, true
	}
	return nil, false
}

// outerNames reports whether an enclosing function binds name.
func (fl *fnLowerer) outerNames(name string) bool {
	for f := fl.parent; f != nil; f = f.parent {
		if f.names[name] {
			return true
		}
	}
	return false
}

// refusedDef reports whether name, here, is a def whose definition was
// refused (its calls stay silent).
func (fl *fnLowerer) refusedDef(name string) bool {
	if _, ok := fl.lookupScoped(name); ok {
		return false
	}
	for f := fl; f != nil; f = f.parent {
		if f.defNames[name] {
			return f.broken[name]
		}
		if f.names[name] {
			return false
		}
	}
	return false
}
