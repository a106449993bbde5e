package compiler

import (
	"fmt"

	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// Shared mutable values.
//
// In Python a module-level constant is one object shared by every use, and
// a parameter default is one object shared by every call. The IR has no
// globals: a constant is inlined as a fresh display at each use and a
// default is filled in afresh at each call. The two agree as long as the
// object is never mutated, so a value that may be such a shared object
// (module constants and mutable defaults, the locals and loop variables
// that may hold them, their mutable elements) may only be read in place:
// iterated, indexed, measured, compared, printed, copied when its elements
// are immutable, or assigned to a local (which then holds it too).
// Mutating it, storing it into a container, passing it to a plan function,
// returning it or copying it while its elements are mutable is refused.

// useKind is what a context does with a value.
type useKind int

const (
	observe useKind = iota // reads it without keeping it
	copies                 // keeps its elements (a new container, a loop variable)
	escape                 // keeps or mutates the object itself
	binds                  // assigns it to a local, which then holds it too
)

func isMutable(t ir.Type) bool {
	switch t.(type) {
	case *ir.List, *ir.Dict, *ir.Set:
		return true
	}
	return false
}

// mutableElems reports whether the elements of a t may be mutable.
func mutableElems(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.List:
		return types.Contains(t.Elem, isMutable)
	case *ir.Set:
		return types.Contains(t.Elem, isMutable)
	case *ir.Dict:
		return types.Contains(t.Key, isMutable) || types.Contains(t.Value, isMutable)
	case *ir.Tuple, *ir.Optional:
		return types.Contains(t, isMutable)
	}
	return false
}

type sharing struct {
	fl      *fnLowerer
	roots   map[ir.Expr]string   // inlined constants: what they are
	tainted map[*ir.Local]string // locals that may hold a shared object
	done    map[ir.Expr]bool     // reported
}

// markShared records that x (an inlined constant) stands for a shared
// Python object, when its type is mutable.
func (fl *fnLowerer) markShared(x ir.Expr, what string) {
	if x != nil && types.Contains(x.Type(), isMutable) {
		fl.shared[x] = what
	}
}

// checkShared refuses the uses of shared mutable values that could tell
// the inlined copies from Python's one object.
//
// A nested def reads (and may mutate) the locals of its enclosing
// functions, so a top-level function is checked together with the defs
// nested in it, which are checked only then.
func (fl *fnLowerer) checkShared() {
	if fl.parent != nil {
		return // checked with its top-level function
	}
	var all []*fnLowerer
	var collect func(f *fnLowerer)
	collect = func(f *fnLowerer) {
		all = append(all, f)
		for _, n := range f.inner {
			collect(n)
		}
	}
	collect(fl)
	roots := fl.shared
	if len(all) > 1 {
		roots = map[ir.Expr]string{}
		for _, f := range all {
			for k, v := range f.shared {
				roots[k] = v
			}
		}
	}
	ck := &sharing{fl: fl, roots: roots, tainted: map[*ir.Local]string{}, done: map[ir.Expr]bool{}}
	for _, f := range all {
		for _, p := range f.fi.params {
			if p.Default == nil || !types.Contains(p.Type, isMutable) {
				continue
			}
			for _, loc := range f.fn.Params {
				if loc.Name == p.Name {
					ck.tainted[loc] = fmt.Sprintf("parameter %s (whose default Python shares between calls)", p.Name)
				}
			}
		}
	}
	if len(ck.roots) == 0 && len(ck.tainted) == 0 {
		return
	}
	// Propagate to the locals that may hold a shared object, to a fixpoint.
	for changed := true; changed; {
		changed = false
		bind := func(v *ir.Local, x ir.Expr, elems bool) {
			if v == nil || ck.tainted[v] != "" {
				return
			}
			why := ck.sharedOf(x)
			if why == "" || elems && !mutableElems(x.Type()) || !elems && !types.Contains(v.Type, isMutable) {
				return
			}
			if elems {
				why = "an element of " + why
			}
			ck.tainted[v] = fmt.Sprintf("%s (which may hold %s)", v.Name, why)
			changed = true
		}
		for _, f := range all {
			walkIR(f.fn.Body, func(s ir.Stmt) {
				switch s := s.(type) {
				case *ir.Assign:
					bind(s.Dest, s.Value, false)
				case *ir.For:
					bind(s.Var, s.Iter, true)
				}
			}, func(e ir.Expr) {
				switch e := e.(type) {
				case *ir.Comprehension:
					for _, c := range e.Clauses {
						bind(c.Var, c.Iter, true)
					}
				case *ir.Builtin:
					if e.Key != nil && len(e.Args) > 0 && len(e.Key.Params) == 1 {
						if len(e.Args) == 1 {
							bind(e.Key.Params[0], e.Args[0], true)
						} else {
							for _, a := range e.Args {
								bind(e.Key.Params[0], a, false)
							}
						}
					}
				}
			})
		}
	}
	for _, f := range all {
		for _, s := range f.fn.Body {
			ck.stmt(s)
		}
	}
}

// sharedOf describes the shared object e may evaluate to, or "".
func (ck *sharing) sharedOf(e ir.Expr) string {
	if why, ok := ck.roots[e]; ok {
		return why
	}
	switch e := e.(type) {
	case *ir.LocalRef:
		return ck.tainted[e.Local]
	case *ir.Unwrap:
		return ck.sharedOf(e.X)
	case *ir.Index:
		if isMutable(e.T) || types.Contains(e.T, isMutable) {
			if why := ck.sharedOf(e.X); why != "" {
				return "an element of " + why
			}
		}
	case *ir.Builtin:
		// methods that return an element of their receiver
		switch e.Name {
		case "list.pop", "dict.get", "dict.pop", "dict.setdefault", "min", "max":
			if len(e.Args) > 0 && types.Contains(e.T, isMutable) {
				if why := ck.sharedOf(e.Args[0]); why != "" {
					return "an element of " + why
				}
			}
		}
	}
	return ""
}

func (ck *sharing) use(e ir.Expr, u useKind) {
	if e == nil {
		return
	}
	if why := ck.sharedOf(e); why != "" && !ck.done[e] {
		bad := u == escape || u == copies && mutableElems(e.Type())
		if bad {
			ck.done[e] = true
			ck.fl.c.errs.Add(e.Position(), ir.PlanError, "%s may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", why)
		}
	}
	ck.children(e)
}

// methodUses says how a method or builtin uses its receiver (Args[0]) and
// its other arguments.
func methodUses(name string) (recv, args useKind) {
	switch name {
	case "len", "str", "repr", "print", "bool", "any", "all", "abs", "int", "float", "round", "ord", "chr":
		return observe, observe
	case "list.index", "list.count":
		return observe, observe
	case "list", "sorted", "set", "tuple", "dict", "enumerate", "zip", "reversed", "sum", "min", "max",
		"list.copy", "dict.copy", "dict.keys", "dict.values", "dict.items":
		return copies, copies
	case "dict.get":
		return copies, escape
	case "list.extend", "dict.update":
		return escape, copies
	case "list.append", "list.insert", "list.pop", "list.remove", "list.reverse", "list.sort", "list.clear",
		"dict.pop", "dict.setdefault", "set.add", "set.discard", "set.remove":
		return escape, escape
	}
	// str methods: their operands are strs (or iterables of strs)
	return observe, observe
}

func (ck *sharing) children(e ir.Expr) {
	switch e := e.(type) {
	case *ir.Unwrap:
		ck.children(e.X)
	case *ir.BinOp:
		ck.use(e.X, copies)
		ck.use(e.Y, copies)
	case *ir.UnOp:
		ck.use(e.X, observe)
	case *ir.BoolOp:
		ck.use(e.X, escape)
		ck.use(e.Y, escape)
	case *ir.Compare:
		for _, x := range e.Operands {
			ck.use(x, observe)
		}
	case *ir.Call:
		for _, x := range e.Args {
			ck.use(x, escape)
		}
	case *ir.EffectCall:
		for _, x := range e.Args {
			ck.use(x, observe)
		}
	case *ir.Builtin:
		recv, args := methodUses(e.Name)
		for i, x := range e.Args {
			if i == 0 {
				ck.use(x, recv)
			} else {
				ck.use(x, args)
			}
		}
		for _, kw := range e.Keywords {
			ck.use(kw.Value, observe)
		}
		if e.Key != nil {
			ck.use(e.Key.Body, observe)
		}
	case *ir.Index:
		ck.use(e.X, observe)
		ck.use(e.Index, observe)
	case *ir.Slice:
		ck.use(e.X, copies)
		for _, b := range []ir.Expr{e.Lo, e.Hi, e.Step} {
			ck.use(b, observe)
		}
	case *ir.Attr:
		ck.use(e.X, observe)
	case *ir.CondExpr:
		ck.use(e.Cond, observe)
		ck.use(e.Then, escape)
		ck.use(e.Else, escape)
	case *ir.SetLit:
		for _, x := range e.Elems {
			ck.use(x, escape)
		}
	case *ir.ListLit:
		for _, x := range e.Elems {
			ck.use(x, escape)
		}
	case *ir.TupleLit:
		for _, x := range e.Elems {
			ck.use(x, escape)
		}
	case *ir.DictLit:
		for i := range e.Keys {
			ck.use(e.Keys[i], escape)
			ck.use(e.Values[i], escape)
		}
	case *ir.Comprehension:
		for _, c := range e.Clauses {
			ck.use(c.Iter, binds)
			for _, x := range c.Conds {
				ck.use(x, observe)
			}
		}
		if e.Key != nil {
			ck.use(e.Key, escape)
		}
		ck.use(e.Elem, escape)
	case *ir.Range:
		ck.use(e.Start, observe)
		ck.use(e.Stop, observe)
		ck.use(e.Step, observe)
	case *ir.FString:
		for _, p := range e.Parts {
			if p.X != nil {
				ck.use(p.X, observe)
			}
			if p.DynSpec != nil {
				ck.use(p.DynSpec, observe)
			}
		}
	}
}

func (ck *sharing) stmt(s ir.Stmt) {
	switch s := s.(type) {
	case *ir.Assign:
		ck.use(s.Value, binds)
	case *ir.If:
		ck.use(s.Cond, observe)
		for _, x := range s.Then {
			ck.stmt(x)
		}
		for _, x := range s.Else {
			ck.stmt(x)
		}
	case *ir.For:
		ck.use(s.Iter, binds)
		for _, x := range s.Body {
			ck.stmt(x)
		}
	case *ir.Return:
		ck.use(s.Value, escape)
	case *ir.ExprStmt:
		ck.use(s.X, observe)
	case *ir.SetIndex:
		ck.use(s.X, escape)
		ck.use(s.Index, observe)
		ck.use(s.Value, escape)
	case *ir.Assert:
		ck.use(s.Cond, observe)
		ck.use(s.Msg, observe)
	case *ir.Raise:
		ck.use(s.Msg, observe)
	}
}

// walkIR calls fs on every statement and fe on every expression of ss,
// lambda bodies included.
func walkIR(ss []ir.Stmt, fs func(ir.Stmt), fe func(ir.Expr)) {
	var expr func(e ir.Expr)
	expr = func(e ir.Expr) {
		ir.Inspect(e, func(x ir.Expr) bool {
			fe(x)
			return true
		})
	}
	var stmts func([]ir.Stmt)
	stmts = func(ss []ir.Stmt) {
		for _, s := range ss {
			fs(s)
			switch s := s.(type) {
			case *ir.Assign:
				expr(s.Value)
			case *ir.If:
				expr(s.Cond)
				stmts(s.Then)
				stmts(s.Else)
			case *ir.For:
				expr(s.Iter)
				stmts(s.Body)
			case *ir.Return:
				if s.Value != nil {
					expr(s.Value)
				}
			case *ir.ExprStmt:
				expr(s.X)
			case *ir.SetIndex:
				expr(s.X)
				expr(s.Index)
				expr(s.Value)
			case *ir.Assert:
				expr(s.Cond)
				if s.Msg != nil {
					expr(s.Msg)
				}
			case *ir.Raise:
				if s.Msg != nil {
					expr(s.Msg)
				}
			}
		}
	}
	stmts(ss)
}
