package compiler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/layer"
	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// symKind says what a plan's module-level name is bound to.
type symKind int

const (
	sModule   symKind = iota + 1 // a module: trusted, namespace, or clauz3/typing/__future__ (qual)
	sAPI                         // clauz3.guarantee, typing.List, ... (qual)
	sEffect                      // a trusted effect
	sContract                    // a trusted contract
	sConst                       // a literal constant (the plan's or a layer's)
	sFunc                        // a function of the plan
	sBroken                      // bound by an import whose layer failed to load: uses are silent
	sOther                       // a layer name a plan cannot use (relation, policy, stub)
	sRow                         // a row type of a trusted layer (annotations only)
)

type symbol struct {
	kind     symKind
	name     string
	qual     string
	effect   *ir.Effect
	contract *layer.Contract
	value    ir.Expr // sConst
	fn       *funcInfo
	what     string // sOther: what it is, for messages
	row      *ir.Row
	from     string // sAPI reached through a layer module: that module
}

// funcInfo is a plan function: its declaration and, once lowered, its IR.
type funcInfo struct {
	def    *ast.FunctionDef
	fn     *ir.Func
	params []lower.Param
	ok     bool // the signature is well-formed: calls of it can be checked
	calls  []callSite
	// requires and ensures are the plan's own condition decorators,
	// compiled once every module-level name is bound (condition.go).
	requires, ensures []*ast.Call
}

type callSite struct {
	callee *funcInfo
	pos    ir.Pos
}

// planAPI lists what a plan may import from the ClauZ3 API modules.
var planAPI = map[string]map[string]bool{
	"clauz3":     {"guarantee": true, "requires": true, "ensures": true},
	"deal":       {"pre": true, "post": true},
	"typing":     nil, // any name; annotations only
	"__future__": {"annotations": true},
}

type compiler struct {
	filename string
	src      []byte
	cfg      Config
	file     *syntax.File
	errs     diag.List
	roots    *roots
	names    map[string]*symbol
	funcs    []*funcInfo
	target   *funcInfo
	// argPromos are the int constants passed to float parameters,
	// checked once every function is lowered (promote.go).
	argPromos []argPromotion
	// retPromos are the int constants returned by a float function, and
	// callInto the float locals assigned a call's result, checked once
	// every function is lowered (promote.go).
	retPromos []retPromotion
	callInto  map[*ir.Call]*ir.Local
	// noneTypes are the types T of the locals first assigned None and
	// read before a T is assigned to them (partial.go's partial None),
	// by the position of that first assignment: a compile that finds
	// one compiles again with the local declared T | None from the
	// start (noneRounds).
	noneTypes map[ir.Pos]noneType
	// noneFound says this compile found a partial None read before its
	// fixing assignment that noneTypes did not know yet.
	noneFound bool
	// loopDrops are the narrowings a loop's body does not keep to its
	// end, learnt by an earlier round: dropped at the loop's start.
	loopDrops map[loopDrop]bool
	// retry says this round learnt a loopDrop: its lowering of that loop
	// assumed a narrowing that does not hold, so it must not be used.
	retry bool
}

// loopDrop is a narrowed local (by its declaration's position) that the
// for loop at loop cannot keep narrowed at its start.
type loopDrop struct {
	loop, local ir.Pos
}

func newCompiler(filename string, src []byte, cfg Config) *compiler {
	if cfg.Target == "" {
		cfg.Target = "main"
	}
	return &compiler{filename: filename, src: src, cfg: cfg, names: map[string]*symbol{}, callInto: map[*ir.Call]*ir.Local{}, noneTypes: map[ir.Pos]noneType{}, loopDrops: map[loopDrop]bool{}}
}

// noneType is what a round learnt of a local first assigned None: the
// type T of its fixing assignment, at pos.
type noneType struct {
	t   ir.Type
	pos ir.Pos
}

// maxNoneRounds bounds compileRounds where the learnt types would not
// settle (a fixing assignment whose type depends on another's, in a
// cycle): the last round's errors stand, a refusal.
const maxNoneRounds = 8

// compileRounds compiles the plan, again (from scratch, in a new
// compiler) as long as a round finds a local first assigned None whose
// type T a later assignment fixes after a read: mypy types such a local
// T | None for the whole function, and this compiler learns T only at
// the fixing assignment, after it lowered the read. A round learns a new
// local or a new T for one (whose fixing assignment's type depended on
// another's), or is the last.
func compileRounds(filename string, src []byte, cfg Config) (*compiler, *ir.Program) {
	known := map[ir.Pos]noneType{}
	drops := map[loopDrop]bool{}
	for round := 1; ; round++ {
		c := newCompiler(filename, src, cfg)
		for k, v := range known {
			c.noneTypes[k] = v
		}
		for k := range drops {
			c.loopDrops[k] = true
		}
		prog := c.compile()
		again := c.retry || (c.noneFound && c.errs.Len() > 0)
		if !again {
			return c, prog
		}
		if round == maxNoneRounds {
			if c.retry {
				// This round's narrowings inside a loop are not known
				// to hold: never a program built on them.
				c.errs.Add(ir.Pos{File: filename, Line: 1, Col: 1}, ir.Unsupported, "the narrowing of T | None locals in the loops of this plan does not settle in %d rounds: annotate the locals or test them with `is not None` where they are read", maxNoneRounds)
			}
			return c, prog
		}
		known, drops = c.noneTypes, c.loopDrops
	}
}

func (c *compiler) pos(n ast.Ast) ir.Pos { return pyast.Pos(c.file, n) }

func (c *compiler) errorf(n ast.Ast, code ir.Code, format string, args ...any) {
	c.errs.Add(c.pos(n), code, format, args...)
}

func (c *compiler) compile() *ir.Program {
	f, err := syntax.Parse(c.filename, c.src)
	if err != nil {
		c.errs.Append(pyast.ParseErrors(c.filename, err))
		return nil
	}
	c.file = f
	c.setupRoots()
	if c.errs.Len() > 0 {
		return nil
	}
	c.module()
	if c.target == nil {
		if c.errs.Len() == 0 || c.names[c.cfg.Target] == nil {
			c.errs.Add(ir.Pos{File: c.filename, Line: 1, Col: 1}, ir.UndefinedName, "target %s is not defined", c.cfg.Target)
		}
		return nil
	}
	for _, fi := range c.funcs {
		c.lowerFunc(fi)
	}
	c.checkArgPromotions()
	c.checkReturnPromotions()
	c.recursion()
	prog := &ir.Program{File: c.filename, Target: c.target.fn}
	for _, fi := range c.funcs {
		prog.Funcs = append(prog.Funcs, fi.fn)
	}
	for _, l := range c.roots.usedLayers() {
		prog.Effects = append(prog.Effects, l.Effects...)
	}
	sort.SliceStable(prog.Effects, func(i, j int) bool {
		a, b := prog.Effects[i], prog.Effects[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Module < b.Module
	})
	prog.Guarantees = c.guarantees(prog)
	prog.Policies = c.policies(prog)
	return prog
}

// module runs over the plan's top-level statements in order: imports bind
// names, constants are evaluated, defs declare functions; then it checks
// the target.
func (c *compiler) module() {
	f := c.file
	for i, s := range f.Module.Body {
		if ann, ok := f.AnnAssigns[s]; ok {
			c.moduleAnnAssign(s, ann)
			continue
		}
		switch s := s.(type) {
		case *ast.Import:
			c.importStmt(s)
		case *ast.ImportFrom:
			c.importFrom(s)
		case *ast.FunctionDef:
			c.declareFunc(s)
		case *ast.Assign:
			c.moduleAssign(s)
		case *ast.If:
			c.mainIdiom(s)
		case *ast.ExprStmt:
			if str, ok := s.Value.(*ast.Str); ok && i == 0 {
				if _, isF := f.FStrings[str]; !isF {
					continue // module docstring
				}
			}
			c.errorf(s, ir.Unsupported, "expression statement at module level is not supported")
		case *ast.Pass:
		case *ast.For, *ast.AugAssign, *ast.Return:
			c.errorf(s, ir.Unsupported, "%s at module level is not supported", pyast.Describe(s))
		default:
			c.errorf(s, ir.Unsupported, "%s is not supported", pyast.Describe(s))
		}
	}
	if s := c.names[c.cfg.Target]; s != nil && s.kind == sFunc {
		c.target = s.fn
	} else if s != nil {
		c.errs.Add(ir.Pos{File: c.filename, Line: 1, Col: 1}, ir.UndefinedName, "target %s is not a function of the plan", c.cfg.Target)
	}
}

func (c *compiler) bind(n ast.Ast, name string, s *symbol) {
	if old, ok := c.names[name]; ok {
		if old.kind == s.kind && (old.kind == sModule || old.kind == sAPI) && old.qual == s.qual {
			return
		}
		c.errorf(n, ir.Unsupported, "redefinition of %s is not supported", name)
		return
	}
	c.names[name] = s
}

// mainIdiom accepts exactly `if __name__ == "__main__": f()`, f a function
// of the plan defined above it (usually main). It runs nothing in ClauZ3:
// the runner calls the target.
func (c *compiler) mainIdiom(s *ast.If) {
	ok := false
	if cmp, isCmp := s.Test.(*ast.Compare); isCmp && len(cmp.Ops) == 1 && cmp.Ops[0] == ast.Eq && len(s.Orelse) == 0 && len(s.Body) == 1 {
		n, isName := cmp.Left.(*ast.Name)
		str, isStr := cmp.Comparators[0].(*ast.Str)
		es, isExpr := s.Body[0].(*ast.ExprStmt)
		if isName && n.Id == "__name__" && isStr && str.S == "__main__" && isExpr {
			if call, isCall := es.Value.(*ast.Call); isCall && len(call.Args) == 0 && len(call.Keywords) == 0 && call.Starargs == nil && call.Kwargs == nil {
				if fn, isName := call.Func.(*ast.Name); isName {
					if sym := c.names[string(fn.Id)]; sym != nil && sym.kind == sFunc {
						ok = true
					}
				}
			}
		}
	}
	if !ok {
		c.errorf(s, ir.Unsupported, "if statement at module level is not supported (only `if __name__ == \"__main__\": %s()`)", c.cfg.Target)
	}
}

// ---- imports ----

func (c *compiler) importStmt(s *ast.Import) {
	for _, a := range s.Names {
		name := string(a.Name)
		sym := c.moduleSym(name)
		if sym == nil {
			why := c.unknownModule(name)
			c.errorf(s, why.Code, "%s", why.Msg)
			continue
		}
		if a.AsName != "" {
			c.bind(s, string(a.AsName), sym)
			continue
		}
		// `import a.b.c` binds a.
		first := strings.Split(name, ".")[0]
		if first != name && sym.kind != sBroken {
			sym = c.moduleSym(first)
		}
		c.bind(s, first, sym)
	}
}

// moduleSym resolves a dotted module name a plan imports: an allowed API
// module, a module of a trusted layer (loading the layer), or a namespace
// package above a trusted root. nil: not importable.
func (c *compiler) moduleSym(name string) *symbol {
	if _, ok := planAPI[name]; ok {
		return &symbol{kind: sModule, name: name, qual: name}
	}
	if st, ok := c.roots.layerOf(name); ok {
		if st.layer == nil {
			return &symbol{kind: sBroken, name: name}
		}
		if st.layer.Module(name) == nil && !st.layer.IsNamespace(name) {
			return nil
		}
		st.used = true
		return &symbol{kind: sModule, name: name, qual: name}
	}
	if c.roots.isNamespace(name) {
		return &symbol{kind: sModule, name: name, qual: name}
	}
	return nil
}

func (c *compiler) importFrom(s *ast.ImportFrom) {
	mod := string(s.Module)
	if s.Level > 0 {
		c.errorf(s, ir.Unsupported, "relative import is not supported")
		return
	}
	ms := c.moduleSym(mod)
	if ms == nil {
		why := c.unknownModule(mod)
		c.errorf(s, why.Code, "%s", why.Msg)
		return
	}
	for _, a := range s.Names {
		name := string(a.Name)
		as := name
		if a.AsName != "" {
			as = string(a.AsName)
		}
		if name == "*" {
			c.errorf(s, ir.Unsupported, "import * is not supported")
			continue
		}
		if ms.kind == sBroken {
			c.bind(s, as, ms)
			continue
		}
		if members, isAPI := planAPI[mod]; isAPI {
			if members != nil && !members[name] {
				c.errorf(s, ir.Unsupported, "import of %s.%s is not supported", mod, name)
				continue
			}
			c.bind(s, as, &symbol{kind: sAPI, name: name, qual: mod + "." + name})
			continue
		}
		sym := c.member(ms, name)
		if sym == nil {
			msg := fmt.Sprintf("cannot import name %s from %s", name, mod)
			if st, ok := c.roots.layerOf(mod); ok && st.layer != nil {
				if in := whereIs(st.layer, name); in != "" && in != mod {
					msg += "; it is in " + in
				} else {
					msg += c.memberHint(mod, name)
				}
			}
			c.errorf(s, ir.ImportError, "%s", msg)
			continue
		}
		if sym.kind == sOther {
			c.errorf(s, ir.Unsupported, "import of %s.%s is not supported (it is a %s)", mod, name, sym.what)
			continue
		}
		c.bind(s, as, sym)
	}
}

// member resolves attribute name of module symbol m, or nil.
func (c *compiler) member(m *symbol, name string) *symbol {
	if m.kind != sModule {
		return nil
	}
	if members, isAPI := planAPI[m.qual]; isAPI {
		if members != nil && !members[name] {
			return nil
		}
		return &symbol{kind: sAPI, name: name, qual: m.qual + "." + name}
	}
	if layer.IsAPIModule(m.qual) {
		if ls := layer.APIMember(m.qual, name); ls != nil {
			return c.fromLayer(ls)
		}
		return nil
	}
	sub := m.qual + "." + name
	if sym := c.moduleSym(sub); sym != nil && sym.kind != sBroken {
		return sym
	}
	st, ok := c.roots.layerOf(m.qual)
	if !ok || st.layer == nil {
		return nil
	}
	lm := st.layer.Module(m.qual)
	if lm == nil {
		return nil
	}
	ls := lm.Lookup(name)
	if ls == nil {
		return nil
	}
	sym := c.fromLayer(ls)
	if sym != nil && sym.kind == sAPI {
		sym.from = m.qual
	}
	return sym
}

// fromLayer turns a layer module's symbol into a plan symbol.
func (c *compiler) fromLayer(ls *layer.Symbol) *symbol {
	switch ls.Kind {
	case layer.KEffect:
		return &symbol{kind: sEffect, name: ls.Name, effect: ls.Effect}
	case layer.KContract:
		return &symbol{kind: sContract, name: ls.Name, contract: ls.Contract}
	case layer.KConst:
		return &symbol{kind: sConst, name: ls.Name, value: ls.Const}
	case layer.KModule:
		if sym := c.moduleSym(ls.Qual); sym != nil {
			return sym
		}
		if layer.IsAPIModule(ls.Qual) {
			return &symbol{kind: sModule, name: ls.Name, qual: ls.Qual}
		}
		return nil
	case layer.KAPI:
		return &symbol{kind: sAPI, name: ls.Name, qual: ls.Qual}
	case layer.KRow:
		return &symbol{kind: sRow, name: ls.Name, row: ls.Row}
	}
	return &symbol{kind: sOther, name: ls.Name, what: ls.Kind.String()}
}

// resolve returns the symbol a module-level Name or dotted chain over
// imported modules denotes, or nil (with the reason, when e is such a
// chain).
func (c *compiler) resolve(e ast.Expr) (*symbol, diag.Reason) {
	dotted, ok := pyast.Dotted(e)
	if !ok {
		return nil, diag.Reason{}
	}
	parts := strings.Split(dotted, ".")
	s := c.names[parts[0]]
	if s == nil {
		return nil, diag.Because(ir.UndefinedName, "name %s is not defined%s", parts[0], c.nameHint(nil, parts[0]))
	}
	for i, p := range parts[1:] {
		if s.kind == sBroken {
			return s, diag.Reason{}
		}
		if s.kind != sModule {
			return nil, diag.Because(ir.Unsupported, "attribute access .%s is not supported", p)
		}
		next := c.member(s, p)
		if next == nil {
			return nil, diag.Because(ir.UndefinedName, "module %s has no attribute %s%s", strings.Join(parts[:i+1], "."), p, c.memberHint(s.qual, p))
		}
		s = next
	}
	return s, diag.Reason{}
}

// ---- constants ----

func (c *compiler) moduleAssign(s *ast.Assign) {
	if len(s.Targets) != 1 {
		c.errorf(s, ir.Unsupported, "chained assignment is not supported")
		return
	}
	n, ok := s.Targets[0].(*ast.Name)
	if !ok {
		c.errorf(s.Targets[0], ir.Unsupported, "assignment to %s is not supported", pyast.Describe(s.Targets[0]))
		return
	}
	c.constant(n, s.Value, nil)
}

func (c *compiler) moduleAnnAssign(s ast.Stmt, a *syntax.AnnAssign) {
	t, err := types.AnnotationIn(c.file, a.Annotation, planScope{c})
	if err != nil {
		c.annotationErr(a.Annotation, err)
		return
	}
	if a.Value == nil {
		c.errorf(s, ir.Unsupported, "declaration without a value at module level is not supported")
		return
	}
	c.constant(a.Target, a.Value, t)
}

// constant binds a module-level NAME = <literal expression>.
func (c *compiler) constant(n *ast.Name, value ast.Expr, want ir.Type) {
	l := &lower.Lowerer{File: c.file, Errs: &c.errs, Env: constEnv{c}, NoFStrings: true, Full: true}
	before := c.errs.Len()
	x := l.Expr(value, want)
	if x == nil {
		return
	}
	if !lower.IsConstant(x) {
		if c.errs.Len() == before {
			c.errorf(value, ir.Unsupported, "computed value at module level is not supported (write a literal constant)")
		}
		return
	}
	if want != nil && !ir.Identical(want, x.Type()) {
		c.errorf(value, ir.TypeMismatch, "%s is annotated %s but assigned %s%s", n.Id, want, x.Type(), floatHint(want, x))
		return
	}
	c.bind(n, string(n.Id), &symbol{kind: sConst, name: string(n.Id), value: x})
}

// constEnv resolves names in constant expressions: constants only.
type constEnv struct{ c *compiler }

func (e constEnv) Name(l *lower.Lowerer, n *ast.Name, want ir.Type) ir.Expr {
	return e.constRef(l, n)
}

func (e constEnv) Attribute(l *lower.Lowerer, a *ast.Attribute, want ir.Type) ir.Expr {
	return e.constRef(l, a)
}

func (e constEnv) constRef(l *lower.Lowerer, n ast.Expr) ir.Expr {
	s, why := e.c.resolve(n)
	switch {
	case s == nil && !why.OK():
		l.Errorf(n, why.Code, "%s", why.Msg)
	case s == nil:
		l.Unsupported(n)
	case s.kind == sConst:
		return lower.CloneAt(s.value, l.Pos(n))
	case s.kind == sBroken:
	case s.kind == sRow:
		l.Errorf(n, ir.Unsupported, "row type %s used as a value is not supported", pyast.Render(n))
	default:
		l.Errorf(n, ir.PlanError, "%s is not a constant", pyast.Render(n))
	}
	return nil
}

// annotationErr reports the refusal of an annotation, unless the
// annotation names something imported from a layer that failed to load:
// the layer's own errors say why (and refuse the plan), and "type UserRow
// is not supported" at every annotation would only hide them.
func (c *compiler) annotationErr(ann ast.Expr, err *diag.Error) {
	broken := false
	ast.Walk(ann, func(n ast.Ast) bool {
		switch n := n.(type) {
		case *ast.Name, *ast.Attribute:
			if s, _ := c.resolve(n.(ast.Expr)); s != nil && s.kind == sBroken {
				broken = true
			}
		}
		return !broken
	})
	if !broken {
		c.errs.Append(err)
	}
}

// planScope resolves row types and typing names in the plan's
// annotations.
type planScope struct{ c *compiler }

func (p planScope) Row(e ast.Expr) *ir.Row {
	if s, _ := p.c.resolve(e); s != nil && s.kind == sRow {
		return s.row
	}
	return nil
}

func (p planScope) Typing(e ast.Expr) string {
	if s, _ := p.c.resolve(e); s != nil && s.kind == sAPI && strings.HasPrefix(s.qual, "typing.") {
		return strings.TrimPrefix(s.qual, "typing.")
	}
	return ""
}

// floatHint explains the refusal of an int where a float is expected
// (types.PromotionHint).
func floatHint(want ir.Type, x ir.Expr) string {
	return types.PromotionHint(x.Type(), want)
}

func (e constEnv) Call(l *lower.Lowerer, call *ast.Call, want ir.Type) ir.Expr {
	l.Errorf(call, ir.Unsupported, "call of %s is not supported here (a constant is expected)", pyast.Render(call.Func))
	return nil
}

// ---- functions ----

// declareFunc records a plan function and its signature.
func (c *compiler) declareFunc(def *ast.FunctionDef) {
	fi := c.signature(def, nil)
	c.funcs = append(c.funcs, fi)
	c.bind(def, fi.fn.Name, &symbol{kind: sFunc, name: fi.fn.Name, fn: fi})
}

// signature reads the signature and decorators of a def, nested in outer
// when outer is not nil.
func (c *compiler) signature(def *ast.FunctionDef, outer *ir.Func) *funcInfo {
	name := string(def.Name)
	fi := &funcInfo{def: def, ok: true}
	fi.fn = &ir.Func{Pos: c.pos(def), Name: name, Outer: outer}
	a := def.Args
	if a.Vararg != nil {
		c.errorf(a.Vararg, ir.Unsupported, "*%s parameter is not supported", a.Vararg.Arg)
		fi.ok = false
	}
	if len(a.Kwonlyargs) > 0 {
		c.errorf(a.Kwonlyargs[0], ir.Unsupported, "keyword-only parameter %s is not supported", a.Kwonlyargs[0].Arg)
		fi.ok = false
	}
	if a.Kwarg != nil {
		c.errorf(a.Kwarg, ir.Unsupported, "**%s parameter is not supported", a.Kwarg.Arg)
		fi.ok = false
	}
	nd := len(a.Args) - len(a.Defaults)
	for i, arg := range a.Args {
		p := lower.Param{Name: string(arg.Arg)}
		// The parameter's local, made below once its type is known.
		loc := &ir.Local{Pos: c.pos(arg), Name: p.Name}
		if arg.Annotation == nil {
			c.errorf(arg, ir.PlanError, "parameter %s of %s needs a type annotation", arg.Arg, name)
			fi.ok = false
		} else if t, err := types.AnnotationIn(c.file, arg.Annotation, planScope{c}); err != nil {
			c.annotationErr(arg.Annotation, err)
			fi.ok = false
		} else {
			p.Type = t
		}
		if i >= nd && p.Type != nil {
			d := a.Defaults[i-nd]
			l := &lower.Lowerer{File: c.file, Errs: &c.errs, Env: constEnv{c}, NoFStrings: true, Full: true}
			x := l.Expr(d, p.Type)
			if x != nil && !types.Assignable(x.Type(), p.Type) && ir.IsBasic(p.Type, ir.KindFloat) {
				// An int default of a float parameter, as an argument.
				if y := c.promoteArg(fi.fn, withType(loc, p.Type), d, x); y != nil {
					x = y
				}
			}
			switch {
			case x == nil:
				fi.ok = false
			case !lower.IsConstant(x):
				c.errorf(d, ir.PlanError, "default of %s must be a literal constant", arg.Arg)
				fi.ok = false
			case !types.Assignable(x.Type(), p.Type):
				c.errorf(d, ir.TypeMismatch, "default of %s must be %s, got %s%s", arg.Arg, p.Type, x.Type(), floatHint(p.Type, x))
				fi.ok = false
			default:
				p.Default = x
			}
		}
		if p.Type != nil && ir.IsBasic(p.Type, ir.KindFloat) {
			fn := fi.fn
			p.Promote = func(node ast.Expr, x ir.Expr) ir.Expr { return c.promoteArg(fn, withType(loc, p.Type), node, x) }
		}
		fi.params = append(fi.params, p)
		if p.Type != nil {
			loc.Type, loc.Index = p.Type, len(fi.fn.Locals)
			fi.fn.Params = append(fi.fn.Params, loc)
			fi.fn.Locals = append(fi.fn.Locals, loc)
		}
	}
	switch {
	case def.Returns != nil:
		if t, err := types.AnnotationIn(c.file, def.Returns, planScope{c}); err != nil {
			c.annotationErr(def.Returns, err)
			fi.ok = false
		} else {
			fi.fn.Result = t
		}
	case returnsValue(c.file, def.Body):
		c.errorf(def, ir.PlanError, "%s returns a value but has no return annotation", name)
		fi.ok = false
	default:
		fi.fn.Result = ir.None
	}
	for _, d := range def.DecoratorList {
		fn := d
		if call, ok := d.(*ast.Call); ok {
			fn = call.Func
		}
		s, _ := c.resolve(fn)
		if s != nil && s.kind == sAPI && s.qual == "clauz3.guarantee" {
			if name != c.cfg.Target || outer != nil {
				c.errorf(d, ir.Unsupported, "guarantee on %s is not supported: only the target %s carries guarantees", name, c.cfg.Target)
			}
			continue
		}
		if s != nil && s.kind == sAPI {
			switch s.qual {
			case "deal.pre", "clauz3.requires", "deal.post", "clauz3.ensures":
				call, isCall := d.(*ast.Call)
				if !isCall {
					c.errorf(d, ir.PlanError, "decorator %s must be called with a lambda", pyast.Render(fn))
					continue
				}
				if s.qual == "deal.pre" || s.qual == "clauz3.requires" {
					fi.requires = append(fi.requires, call)
				} else {
					fi.ensures = append(fi.ensures, call)
				}
				continue
			}
		}
		if s != nil && s.kind == sBroken {
			continue
		}
		c.errorf(d, ir.Unsupported, "decorator %s is not supported%s", pyast.Render(fn), decoratorHint(pyast.Render(fn)))
	}
	return fi
}

// decoratorHint explains why a decorator of a trusted layer is refused in
// a plan: each would let the plan make the prover assume a fact.
func decoratorHint(name string) string {
	switch name {
	case "deal.inv", "deal.ensure", "deal.raises", "deal.has", "deal.safe", "deal.pure", "clauz3.trusted", "effect", "clauz3.fluent.effect", "contract", "clauz3.spec.contract":
		return " in a plan: only a trusted layer declares effects, contracts, fluent updates and invariants (a plan may write @clauz3.guarantee on its target, and @deal.pre/@deal.post/@clauz3.requires/@clauz3.ensures, which are proved)"
	}
	return ""
}

// returnsValue reports whether body has a `return <value>` outside nested
// definitions.
func returnsValue(f *syntax.File, body []ast.Stmt) bool {
	found := false
	var walk func([]ast.Stmt)
	walk = func(ss []ast.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ast.Return:
				if s.Value != nil {
					found = true
				}
			case *ast.If:
				walk(s.Body)
				walk(s.Orelse)
			case *ast.For:
				walk(s.Body)
				walk(s.Orelse)
			case *ast.While:
				walk(s.Body)
				walk(s.Orelse)
			case *ast.With:
				walk(s.Body)
			case *ast.Try:
				walk(s.Body)
				walk(s.Orelse)
				walk(s.Finalbody)
				for _, h := range s.Handlers {
					walk(h.Body)
				}
			}
		}
	}
	walk(body)
	return found
}

// recursion refuses call cycles among plan functions, at a call that
// closes the cycle. The refusal is deliberate, like the one of while: a
// plan has no unbounded loop, so every run ends, and the prover's
// symbolic execution inlines every call it follows.
func (c *compiler) recursion() {
	const (
		white = iota
		grey
		black
	)
	color := map[*funcInfo]int{}
	var visit func(*funcInfo)
	visit = func(fi *funcInfo) {
		color[fi] = grey
		for _, cs := range fi.calls {
			switch color[cs.callee] {
			case grey:
				c.errs.Add(cs.pos, ir.Unsupported, "recursive call of %s is not supported: a plan must end on every path and the prover follows every call (write it as a for loop over a range)", cs.callee.fn.Name)
			case white:
				visit(cs.callee)
			}
		}
		color[fi] = black
	}
	for _, fi := range c.funcs {
		if color[fi] == white {
			visit(fi)
		}
	}
}

// ---- guarantees ----

// guarantees compiles the target's @clauz3.guarantee(<contract call>)
// decorators, in source order.
func (c *compiler) guarantees(prog *ir.Program) []*ir.Guarantee {
	var out []*ir.Guarantee
	for _, d := range c.target.def.DecoratorList {
		fn := d
		call, isCall := d.(*ast.Call)
		if isCall {
			fn = call.Func
		}
		s, _ := c.resolve(fn)
		if s == nil || s.kind != sAPI || s.qual != "clauz3.guarantee" {
			continue // refused when the function was declared
		}
		if !isCall || len(call.Args) != 1 || len(call.Keywords) > 0 || call.Starargs != nil || call.Kwargs != nil {
			c.errorf(d, ir.ArgumentError, "%s takes one contract call (write one @clauz3.guarantee per contract: each must hold), e.g. @%s(emails.only([\"bob@example.com\"]))", pyast.Render(fn), pyast.Render(fn))
			continue
		}
		if g := c.guarantee(call.Args[0], prog); g != nil {
			out = append(out, g)
		}
	}
	return out
}

func (c *compiler) guarantee(e ast.Expr, prog *ir.Program) *ir.Guarantee {
	call, ok := e.(*ast.Call)
	if !ok {
		hint := ""
		if b, isBool := e.(*ast.BoolOp); isBool {
			// A and B is B (A or B is A) in Python: the original would
			// have taken one contract without a word.
			op := map[ast.BoolOpNumber]string{ast.And: "A and B is B alone", ast.Or: "A or B is A alone"}[b.Op]
			hint = " (write one @clauz3.guarantee per contract: each must hold; in Python, " + op + ")"
		} else if bin, isBin := e.(*ast.BinOp); isBin && (bin.Op == ast.BitAnd || bin.Op == ast.BitOr) {
			hint = " (write one @clauz3.guarantee per contract: each must hold)"
		}
		c.errorf(e, ir.ArgumentError, "guarantee takes a contract call, not a %s%s", pyast.Describe(e), hint)
		return nil
	}
	s, why := c.resolve(call.Func)
	switch {
	case s == nil && !why.OK():
		if at, isAttr := call.Func.(*ast.Attribute); isAttr {
			if base, _ := c.resolve(at.Value); base != nil && base.kind == sModule {
				msg := fmt.Sprintf("%s has no contract %s", base.qual, at.Attr)
				if st, ok := c.roots.layerOf(base.qual); ok && st.layer != nil {
					if m := st.layer.Module(base.qual); m != nil {
						var names []string
						for n, ls := range m.Names {
							if ls.Kind == layer.KContract {
								names = append(names, n)
							}
						}
						if best := nearest(string(at.Attr), names); best != "" {
							msg += "; did you mean " + best + "?"
						}
					}
				}
				c.errorf(call, ir.UndefinedName, "%s", msg)
				return nil
			}
		}
		c.errorf(call, why.Code, "%s", why.Msg)
		return nil
	case s == nil:
		c.errorf(call.Func, ir.Unsupported, "guarantee of %s is not supported (call a contract of a trusted layer)", pyast.Render(call.Func))
		return nil
	case s.kind == sBroken:
		return nil
	case s.kind == sAPI && s.qual == "clauz3.spec.no_guarantees" && s.from != "":
		return c.reexportedWaiver(call, s)
	case s.kind != sContract:
		c.errorf(call, ir.PlanError, "%s is not a contract", pyast.Render(call.Func))
		return nil
	}
	ct := s.contract
	site := call
	var rows map[string]*ir.Row
	if ct.Template != nil {
		if call, rows = c.templateArgs(call, ct); call == nil {
			return nil
		}
	} else if ct.Spec == nil {
		c.errorf(call, ir.LayerError, "contract %s did not compile", ct.Name)
		return nil
	}
	params := make([]lower.Param, len(ct.Params))
	for i, p := range ct.Params {
		params[i] = lower.Param{Name: p.Name, Type: p.Type, Default: ct.Defaults[i]}
	}
	l := &lower.Lowerer{File: c.file, Errs: &c.errs, Env: guaranteeEnv{c}, NoFStrings: true, Full: true}
	args := l.Args(call, pyast.Render(call.Func), params)
	if args == nil {
		return nil
	}
	for i, a := range args {
		if !lower.IsConstant(a) {
			c.errs.Add(a.Position(), ir.Unsupported, "non-literal guarantee argument is not supported")
			return nil
		}
		if !ir.Identical(a.Type(), params[i].Type) {
			c.errs.Add(a.Position(), ir.TypeMismatch, "argument %s of %s() must be exactly %s, got %s", params[i].Name, pyast.Render(call.Func), params[i].Type, a.Type())
			return nil
		}
	}
	if ct.Template != nil {
		inst, err := ct.Instantiate(c.pos(site), rows, args)
		if err != nil {
			c.errs.Append(err)
			return nil
		}
		ct = inst
	}
	wide, whyNot := widenContract(ct.Contract, prog)
	if whyNot != "" {
		c.errorf(site, ir.LayerError, "%s", whyNot)
		return nil
	}
	return &ir.Guarantee{Pos: c.pos(site), Source: pyast.Render(site), Contract: wide, Args: args}
}

// templateArgs splits a call of a template contract (one with parameters
// of type type) into the row types its type parameters are given, and a
// call with the other arguments only. nil: refused (reported).
func (c *compiler) templateArgs(call *ast.Call, ct *layer.Contract) (*ast.Call, map[string]*ir.Row) {
	rows := map[string]*ir.Row{}
	rest := *call
	rest.Args, rest.Keywords = nil, nil
	label := pyast.Render(call.Func)
	rowArg := func(p layer.TemplateParam, e ast.Expr) bool {
		s, _ := c.resolve(e)
		if s != nil && s.kind == sBroken {
			return false // its layer's errors are reported
		}
		if s == nil || s.kind != sRow {
			c.errorf(e, ir.TypeMismatch, "argument %s of %s() must be a row type (a class of clauz3.Row imported from a layer), got %s", p.Name, label, pyast.Render(e))
			return false
		}
		rows[p.Name] = s.row
		return true
	}
	ok := true
	for i, a := range call.Args {
		if i < len(ct.Template.Params) && ct.Template.Params[i].Type {
			ok = rowArg(ct.Template.Params[i], a) && ok
			continue
		}
		rest.Args = append(rest.Args, a)
	}
	for _, k := range call.Keywords {
		isType := false
		for _, p := range ct.Template.Params {
			if p.Type && p.Name == string(k.Arg) {
				ok = rowArg(p, k.Value) && ok
				isType = true
			}
		}
		if !isType {
			rest.Keywords = append(rest.Keywords, k)
		}
	}
	for _, p := range ct.Template.Params {
		if p.Type && rows[p.Name] == nil && ok {
			c.errorf(call, ir.TypeMismatch, "%s() needs a row type for its parameter %s", label, p.Name)
			ok = false
		}
	}
	if !ok {
		return nil, nil
	}
	return &rest, rows
}

func containsEffect(es []*ir.Effect, e *ir.Effect) bool {
	for _, x := range es {
		if x == e {
			return true
		}
	}
	return false
}

// guaranteeEnv lowers guarantee arguments: literals and constants only.
type guaranteeEnv struct{ c *compiler }

func (e guaranteeEnv) Name(l *lower.Lowerer, n *ast.Name, want ir.Type) ir.Expr {
	return e.ref(l, n)
}

func (e guaranteeEnv) Attribute(l *lower.Lowerer, a *ast.Attribute, want ir.Type) ir.Expr {
	return e.ref(l, a)
}

func (e guaranteeEnv) ref(l *lower.Lowerer, n ast.Expr) ir.Expr {
	if s, _ := e.c.resolve(n); s != nil && s.kind == sConst {
		return lower.CloneAt(s.value, l.Pos(n))
	}
	l.Errorf(n, ir.Unsupported, "non-literal guarantee argument is not supported")
	return nil
}

func (e guaranteeEnv) Call(l *lower.Lowerer, call *ast.Call, want ir.Type) ir.Expr {
	l.Errorf(call, ir.Unsupported, "non-literal guarantee argument is not supported")
	return nil
}

// withType gives loc its type (a parameter's local, which exists before
// the signature is complete) and returns it.
func withType(loc *ir.Local, t ir.Type) *ir.Local {
	loc.Type = t
	return loc
}
