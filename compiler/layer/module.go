package layer

import (
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/lower"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// apiModules lists the modules outside the layer a layer may import and
// the members each offers (nil: any member, bound as an opaque API name
// that is refused where it is used).
var apiModules = map[string]map[string]bool{
	"clauz3":        {"trusted": true, "requires": true, "ensures": true, "guarantee": true, "spec": true, "policy": true, "fluent": true, "Row": true},
	"clauz3.spec":   {"ContractSpec": true, "contract": true, "effect": true, "no_guarantees": true},
	"clauz3.policy": {"domain_policy": true},
	"clauz3.fluent": {"fluent": true, "effect": true},
	"deal":          nil,
	"typing":        nil,
	"__future__":    {"annotations": true},
}

// IsAPIModule reports whether name is one of the ClauZ3 API modules (or
// deal, typing, __future__) a trusted layer may import.
func IsAPIModule(name string) bool {
	_, ok := apiModules[name]
	return ok
}

// APIMember resolves the member name of the API module mod: a sub-module
// (KModule), a member (KAPI), or nil when mod has no such member.
func APIMember(mod, name string) *Symbol {
	q := mod + "." + name
	if _, ok := apiModules[q]; ok {
		return &Symbol{Kind: KModule, Name: name, Qual: q}
	}
	members, ok := apiModules[mod]
	if !ok || (members != nil && !members[name]) {
		return nil
	}
	return &Symbol{Kind: KAPI, Name: name, Qual: q}
}

type loader struct {
	layer     *Layer
	errs      *diag.List
	effects   []*Symbol
	contracts []*contractDecl
	relations []*Symbol
	policies  []*Symbol
	// refused holds the names and markers of effects whose declaration
	// was refused (and reported): relations over them stay silent.
	refused map[string]bool
}

func (ld *loader) errorf(f *syntax.File, n ast.Ast, code ir.Code, format string, args ...any) {
	ld.errs.Add(pyast.Pos(f, n), code, format, args...)
}

func (ld *loader) load() {
	ok := true
	for _, m := range ld.layer.Modules {
		src, err := os.ReadFile(m.File)
		if err != nil {
			ld.errs.Add(ir.Pos{File: m.File, Line: 1, Col: 1}, ir.ReadError, "cannot read %s: %v", m.File, err)
			ok = false
			continue
		}
		f, err := syntax.ParseLayer(m.File, src)
		if err != nil {
			ld.errs.Append(pyast.ParseErrors(m.File, err))
			ok = false
			continue
		}
		m.src = f
	}
	if !ok {
		return
	}
	for _, m := range ld.layer.Modules {
		ld.visit(m)
	}
	for _, s := range ld.effects {
		ld.conditions(s)
		ld.updates(s)
	}
	for _, s := range ld.effects {
		ld.layer.Effects = append(ld.layer.Effects, s.Effect)
	}
	sortEffects(ld.layer.Effects)
	for _, s := range ld.relations {
		ld.relation(s)
	}
	for _, c := range ld.contracts {
		ld.contract(c)
	}
	for _, s := range ld.policies {
		ld.policy(s)
	}
	if len(ld.policies) > 1 {
		s := ld.policies[1]
		ld.errs.Add(s.Pos, ir.LayerError, "a layer declares at most one policy; %s already declares one at %s", ld.policies[0].mod.Name, ld.policies[0].Pos)
	}
}

// visit runs pass 1 over a module's top-level statements, in order, the
// way importing it would: imports bind (and visit the layer modules they
// name), defs declare effects and contracts, assignments declare
// relations, policies and constants.
func (ld *loader) visit(m *Module) {
	if m.state != 0 || m.src == nil {
		return
	}
	m.state = 1
	defer func() { m.state = 2 }()
	f := m.src
	for i, s := range f.Module.Body {
		if ann, ok := f.AnnAssigns[s]; ok {
			ld.annAssign(m, s, ann)
			continue
		}
		switch s := s.(type) {
		case *ast.Import:
			ld.importStmt(m, s)
		case *ast.ImportFrom:
			ld.importFrom(m, s)
		case *ast.FunctionDef:
			ld.funcDef(m, s)
		case *ast.Assign:
			ld.assign(m, s)
		case *ast.ExprStmt:
			if _, isStr := s.Value.(*ast.Str); isStr && i == 0 {
				continue // module docstring
			}
			ld.errorf(f, s, ir.Unsupported, "expression statement at module level is not supported")
		case *ast.Pass:
		case *ast.ClassDef:
			if isRow(m, s) {
				ld.rowDef(m, s)
			} else {
				ld.errorf(f, s, ir.Unsupported, "class definition is not supported (only row types: class %s(clauz3.Row))", s.Name)
			}
		case *ast.If:
			if !isMainGuard(s) {
				ld.errorf(f, s, ir.Unsupported, "if statement at module level is not supported (only if __name__ == \"__main__\": ..., which never runs on import)")
			}
			// The script entry of a layer module: never run on import.
		case *ast.Try:
			if !ld.optionalImports(m, s) {
				ld.errorf(f, s, ir.Unsupported, "try statement at module level is not supported (only try: import ... except ImportError: ..., binding modules for effect bodies)")
			}
		default:
			ld.errorf(f, s, ir.Unsupported, "%s is not supported", pyast.Describe(s))
		}
	}
}

// isMainGuard reports whether s is if __name__ == "__main__": ... (either
// operand order) with no else.
func isMainGuard(s *ast.If) bool {
	c, ok := s.Test.(*ast.Compare)
	if !ok || len(c.Ops) != 1 || c.Ops[0] != ast.Eq || len(s.Orelse) > 0 {
		return false
	}
	l, r := c.Left, c.Comparators[0]
	isName := func(e ast.Expr) bool { n, ok := e.(*ast.Name); return ok && n.Id == "__name__" }
	isMain := func(e ast.Expr) bool { str, ok := e.(*ast.Str); return ok && string(str.S) == "__main__" }
	return isName(l) && isMain(r) || isMain(l) && isName(r)
}

// optionalImports binds an optional import of modules for effect bodies,
// try: import x except ImportError: x = None (or another import, or pass),
// as Python does on import: each name is an opaque foreign name, refused
// wherever the loader compiles a read of it. false: s has another shape
// (nothing is bound).
func (ld *loader) optionalImports(m *Module, s *ast.Try) bool {
	if len(s.Orelse) > 0 || len(s.Finalbody) > 0 || len(s.Handlers) == 0 || len(s.Body) == 0 {
		return false
	}
	foreignImport := func(st ast.Stmt) bool {
		switch st := st.(type) {
		case *ast.Import:
			for _, a := range st.Names {
				if ld.moduleKind(string(a.Name)) != "" || !foreignModule(string(a.Name)) {
					return false
				}
			}
			return true
		case *ast.ImportFrom:
			for _, a := range st.Names {
				if a.Name == "*" {
					return false
				}
			}
			return st.Level == 0 && ld.moduleKind(string(st.Module)) == "" && foreignModule(string(st.Module))
		}
		return false
	}
	for _, st := range s.Body {
		if !foreignImport(st) {
			return false
		}
	}
	importError := func(e ast.Expr) bool {
		n, ok := e.(*ast.Name)
		return ok && (n.Id == "ImportError" || n.Id == "ModuleNotFoundError")
	}
	for _, h := range s.Handlers {
		switch t := h.ExprType.(type) {
		case *ast.Name:
			if !importError(t) {
				return false
			}
		case *ast.Tuple:
			for _, e := range t.Elts {
				if !importError(e) {
					return false
				}
			}
		default:
			return false
		}
		for _, st := range h.Body {
			switch st := st.(type) {
			case *ast.Pass:
			case *ast.Assign:
				if len(st.Targets) != 1 || !isNoneConst(st.Value) {
					return false
				}
				if _, ok := st.Targets[0].(*ast.Name); !ok {
					return false
				}
			default:
				if !foreignImport(st) {
					return false
				}
			}
		}
	}
	for _, st := range s.Body {
		switch st := st.(type) {
		case *ast.Import:
			ld.importStmt(m, st)
		case *ast.ImportFrom:
			ld.importFrom(m, st)
		}
	}
	// What a handler binds instead is the same opaque name (already bound
	// by the try's import) or a new one.
	for _, h := range s.Handlers {
		for _, st := range h.Body {
			var names []string
			switch st := st.(type) {
			case *ast.Assign:
				names = []string{string(st.Targets[0].(*ast.Name).Id)}
			case *ast.Import:
				for _, a := range st.Names {
					as := string(a.AsName)
					if as == "" {
						as, _, _ = strings.Cut(string(a.Name), ".")
					}
					names = append(names, as)
				}
			case *ast.ImportFrom:
				for _, a := range st.Names {
					as := string(a.AsName)
					if as == "" {
						as = string(a.Name)
					}
					names = append(names, as)
				}
			}
			for _, n := range names {
				if _, bound := m.Names[n]; !bound {
					ld.bindForeign(m, st, n, n)
				}
			}
		}
	}
	return true
}

func isNoneConst(e ast.Expr) bool {
	c, ok := e.(*ast.NameConstant)
	return ok && c.Value == py.None
}

func isRow(m *Module, c *ast.ClassDef) bool {
	for _, b := range c.Bases {
		if s := resolve(m, b); s != nil && s.Kind == KAPI && s.Qual == "clauz3.Row" {
			return true
		}
	}
	return false
}

// bind binds name in m, refusing to rebind it to something else.
func (ld *loader) bind(m *Module, n ast.Ast, name string, s *Symbol) {
	if old, ok := m.Names[name]; ok {
		// The same thing bound again (import * of a module that imported
		// it too) is no redefinition.
		if old == s || old.Kind == KModule && s.Kind == KModule && old.Qual == s.Qual || old.Kind == KAPI && s.Kind == KAPI && old.Qual == s.Qual {
			return
		}
		ld.errorf(m.src, n, ir.Unsupported, "redefinition of %s is not supported (it is already bound to a %s)", name, old.Kind)
		return
	}
	m.Names[name] = s
}

// moduleKind says what a dotted module name is for this layer: "api",
// "layer" (a module of the layer), "namespace" (a package above it) or "".
func (ld *loader) moduleKind(name string) string {
	switch {
	case IsAPIModule(name):
		return "api"
	case ld.layer.Module(name) != nil:
		return "layer"
	case ld.layer.IsNamespace(name):
		return "namespace"
	}
	return ""
}

// foreignModule reports whether name is a module outside ClauZ3 (the
// standard library or a package) that a layer may import for the bodies of
// its effects and helpers: not tools (layers), clauz3 or deal, whose
// members the loader knows and checks.
func foreignModule(name string) bool {
	first, _, _ := strings.Cut(name, ".")
	return first != "tools" && first != "clauz3" && first != "deal" && first != "typing" && first != "__future__"
}

// bindForeign binds what an import of a foreign module binds, as an opaque
// symbol: the bodies that use it are never compiled, and any use in what
// the loader compiles (a condition, a contract, a constant) is refused.
func (ld *loader) bindForeign(m *Module, n ast.Ast, as, qual string) {
	ld.bind(m, n, as, &Symbol{Kind: KForeign, Name: as, Qual: qual, Pos: pyast.Pos(m.src, n)})
}

func (ld *loader) importStmt(m *Module, s *ast.Import) {
	for _, a := range s.Names {
		name := string(a.Name)
		if ld.moduleKind(name) == "" {
			if !foreignModule(name) {
				ld.errorf(m.src, s, ir.Unsupported, "import of %s is not supported", name)
				continue
			}
			as := string(a.AsName)
			if as == "" {
				as, _, _ = strings.Cut(name, ".")
				name = as
			}
			ld.bindForeign(m, s, as, name)
			continue
		}
		// Importing a.b.c runs a, a.b and a.b.c.
		parts := strings.Split(name, ".")
		for i := range parts {
			if lm := ld.layer.Module(strings.Join(parts[:i+1], ".")); lm != nil {
				ld.visit(lm)
			}
		}
		if a.AsName != "" {
			ld.bind(m, s, string(a.AsName), &Symbol{Kind: KModule, Name: string(a.AsName), Qual: name, Pos: pyast.Pos(m.src, s)})
		} else {
			ld.bind(m, s, parts[0], &Symbol{Kind: KModule, Name: parts[0], Qual: parts[0], Pos: pyast.Pos(m.src, s)})
		}
	}
}

func (ld *loader) importFrom(m *Module, s *ast.ImportFrom) {
	mod := string(s.Module)
	switch {
	case s.Level == 1:
		mod = strings.TrimSuffix(ld.layer.Name+"."+mod, ".")
	case s.Level > 1:
		ld.errorf(m.src, s, ir.Unsupported, "relative import beyond the layer's package is not supported")
		return
	}
	kind := ld.moduleKind(mod)
	if kind == "" && s.Level == 0 && foreignModule(mod) {
		for _, a := range s.Names {
			name, as := string(a.Name), string(a.AsName)
			if name == "*" {
				ld.starUnknown(m, s, mod)
				continue
			}
			if as == "" {
				as = name
			}
			ld.bindForeign(m, s, as, mod+"."+name)
		}
		return
	}
	if kind == "" {
		ld.errorf(m.src, s, ir.Unsupported, "import of %s is not supported", mod)
		return
	}
	if kind == "layer" {
		parts := strings.Split(mod, ".")
		for i := range parts {
			if lm := ld.layer.Module(strings.Join(parts[:i+1], ".")); lm != nil {
				ld.visit(lm)
			}
		}
	}
	for _, a := range s.Names {
		name := string(a.Name)
		as := name
		if a.AsName != "" {
			as = string(a.AsName)
		}
		if name == "*" {
			ld.importStar(m, s, mod, kind)
			continue
		}
		var sym *Symbol
		switch kind {
		case "api":
			if mod == "__future__" && name != "annotations" {
				ld.errorf(m.src, s, ir.Unsupported, "import of __future__.%s is not supported", name)
				continue
			}
			sym = APIMember(mod, name)
		case "layer", "namespace":
			sub := mod + "." + name
			if lm := ld.layer.Module(sub); lm != nil {
				ld.visit(lm)
				sym = &Symbol{Kind: KModule, Name: name, Qual: sub}
			} else if ld.layer.IsNamespace(sub) {
				sym = &Symbol{Kind: KModule, Name: name, Qual: sub}
			} else if lm := ld.layer.Module(mod); lm != nil {
				sym = lm.Names[name]
			}
		}
		if sym == nil {
			ld.errorf(m.src, s, ir.LayerError, "cannot import name %s from %s", name, mod)
			continue
		}
		ld.bind(m, s, as, sym)
	}
}

// importStar binds what from mod import * binds in Python: the public
// names of a layer module (those its __all__ lists, when it has one), or
// the members of a ClauZ3 API module. A module whose names are not known
// here (deal, typing) is refused as starUnknown says.
func (ld *loader) importStar(m *Module, s *ast.ImportFrom, mod, kind string) {
	switch kind {
	case "api":
		members := apiModules[mod]
		if members == nil || mod == "__future__" {
			break
		}
		for _, name := range slices.Sorted(maps.Keys(members)) {
			ld.bind(m, s, name, APIMember(mod, name))
		}
		return
	case "layer":
		lm := ld.layer.Module(mod)
		if lm == nil {
			break
		}
		ld.visit(lm)
		names := slices.Sorted(maps.Keys(lm.Names))
		if all := lm.Names["__all__"]; all != nil {
			listed, ok := []string(nil), false
			if all.Kind == KConst {
				listed, ok = strConsts(all.Const)
			}
			if !ok {
				ld.errorf(m.src, s, ir.LayerError, "__all__ of %s must be a list of names for import * to read it", mod)
				return
			}
			names = listed
		}
		for _, name := range names {
			sym := lm.Names[name]
			if sym == nil {
				ld.errorf(m.src, s, ir.LayerError, "cannot import name %s from %s (listed in its __all__)", name, mod)
				continue
			}
			if lm.Names["__all__"] == nil && strings.HasPrefix(name, "_") {
				continue
			}
			ld.bind(m, s, name, sym)
		}
		return
	}
	ld.starUnknown(m, s, mod)
}

// starUnknown refuses from mod import * where mod's names are not known.
func (ld *loader) starUnknown(m *Module, s *ast.ImportFrom, mod string) {
	example := map[string]string{"typing": "Optional", "deal": "pre", "os": "path", "pathlib": "Path", "clauz3": "trusted"}[mod]
	if example == "" {
		example = "NAME"
	}
	ld.errorf(m.src, s, ir.Unsupported, "import * from %s is not supported: its names are not known here; import the names used, e.g. from %s import %s", mod, mod, example)
}

// resolve returns the symbol a Name, a dotted Name (gpython's decorator
// spelling) or an attribute chain over a name denotes in m, or nil.
func resolve(m *Module, e ast.Expr) *Symbol {
	dotted, ok := pyast.Dotted(e)
	if !ok {
		return nil
	}
	parts := strings.Split(dotted, ".")
	s := m.Names[parts[0]]
	for _, p := range parts[1:] {
		if s == nil {
			return nil
		}
		s = member(m.Layer, s, p)
	}
	return s
}

// member resolves attribute name of symbol s.
func member(l *Layer, s *Symbol, name string) *Symbol {
	if s.Kind != KModule {
		return nil
	}
	if IsAPIModule(s.Qual) {
		return APIMember(s.Qual, name)
	}
	sub := s.Qual + "." + name
	if l.Module(sub) != nil || l.IsNamespace(sub) {
		return &Symbol{Kind: KModule, Name: name, Qual: sub}
	}
	if lm := l.Module(s.Qual); lm != nil {
		return lm.Names[name]
	}
	return nil
}

func (ld *loader) assign(m *Module, s *ast.Assign) {
	if len(s.Targets) != 1 {
		ld.errorf(m.src, s, ir.Unsupported, "chained assignment is not supported")
		return
	}
	target, ok := s.Targets[0].(*ast.Name)
	if !ok {
		ld.errorf(m.src, s.Targets[0], ir.Unsupported, "assignment to %s is not supported", pyast.Describe(s.Targets[0]))
		return
	}
	name := string(target.Id)
	if call, ok := s.Value.(*ast.Call); ok {
		if fn := resolve(m, call.Func); fn != nil && fn.Kind == KAPI {
			switch fn.Qual {
			case "clauz3.spec.effect":
				sym := &Symbol{Kind: KRelation, Name: name, Pos: pyast.Pos(m.src, call), def: call, mod: m}
				ld.relations = append(ld.relations, sym)
				ld.bind(m, target, name, sym)
				return
			case "clauz3.policy.domain_policy":
				sym := &Symbol{Kind: KPolicy, Name: name, Pos: pyast.Pos(m.src, call), def: call, mod: m}
				ld.policies = append(ld.policies, sym)
				ld.bind(m, target, name, sym)
				return
			case "clauz3.fluent.fluent":
				if fl := ld.fluentDef(m, name, call); fl != nil {
					ld.bind(m, target, name, &Symbol{Kind: KFluent, Name: name, Pos: fl.Pos, Fluent: fl, def: call, mod: m})
				}
				return
			}
		}
	}
	ld.constant(m, target, name, s.Value, nil)
}

func (ld *loader) annAssign(m *Module, s ast.Stmt, a *syntax.AnnAssign) {
	t, err := types.AnnotationIn(m.src, a.Annotation, scope{m})
	if err != nil {
		ld.errs.Append(err)
		return
	}
	if a.Value == nil {
		ld.errorf(m.src, s, ir.Unsupported, "declaration without a value at module level is not supported")
		return
	}
	ld.constant(m, a.Target, string(a.Target.Id), a.Value, t)
}

// constant binds name to the literal constant value (of type want when
// not nil).
func (ld *loader) constant(m *Module, target ast.Ast, name string, value ast.Expr, want ir.Type) {
	x := ld.constExpr(m, value, want)
	if x == nil {
		return
	}
	if want != nil && !ir.Identical(x.Type(), want) {
		ld.errorf(m.src, value, ir.LayerError, "%s is annotated %s but assigned %s", name, want, x.Type())
		return
	}
	ld.bind(m, target, name, &Symbol{Kind: KConst, Name: name, Pos: pyast.Pos(m.src, target), Const: x, mod: m})
}

// constExpr lowers a literal constant expression (literals, displays,
// negation, earlier module constants).
func (ld *loader) constExpr(m *Module, value ast.Expr, want ir.Type) ir.Expr {
	l := &lower.Lowerer{File: m.src, Errs: ld.errs, Env: constEnv{m}, NoFStrings: true, Full: true}
	n := ld.errs.Len()
	x := l.Expr(value, want)
	if x == nil {
		return nil
	}
	if !lower.IsConstant(x) {
		if ld.errs.Len() == n {
			ld.errorf(m.src, value, ir.Unsupported, "computed value at module level is not supported (write a literal constant)")
		}
		return nil
	}
	return x
}

// constEnv resolves the names of a module-level constant expression.
type constEnv struct{ m *Module }

func (c constEnv) Name(l *lower.Lowerer, n *ast.Name, want ir.Type) ir.Expr {
	s := c.m.Names[string(n.Id)]
	switch {
	case s == nil:
		l.Errorf(n, ir.LayerError, "name %s is not defined", n.Id)
	case s.Kind == KConst:
		return lower.CloneAt(s.Const, l.Pos(n))
	default:
		l.Errorf(n, ir.LayerError, "%s is a %s, not a constant", n.Id, s.Kind)
	}
	return nil
}

func (c constEnv) Attribute(l *lower.Lowerer, a *ast.Attribute, want ir.Type) ir.Expr {
	l.Unsupported(a)
	return nil
}

func (c constEnv) Call(l *lower.Lowerer, call *ast.Call, want ir.Type) ir.Expr {
	l.Unsupported(call)
	return nil
}

// scope resolves row types and typing names in a layer module's
// annotations.
type scope struct{ m *Module }

func (s scope) Row(e ast.Expr) *ir.Row {
	if sym := resolve(s.m, e); sym != nil && sym.Kind == KRow {
		return sym.Row
	}
	return nil
}

func (s scope) Typing(e ast.Expr) string {
	if sym := resolve(s.m, e); sym != nil && sym.Kind == KAPI && strings.HasPrefix(sym.Qual, "typing.") {
		return strings.TrimPrefix(sym.Qual, "typing.")
	}
	return ""
}

// rowDef declares a row type: class X(clauz3.Row) whose body is a
// docstring and annotated fields without values.
func (ld *loader) rowDef(m *Module, c *ast.ClassDef) {
	f := m.src
	name := string(c.Name)
	ok := true
	if len(c.DecoratorList) > 0 {
		ld.errorf(f, c.DecoratorList[0], ir.Unsupported, "decorator on row type %s is not supported", name)
		ok = false
	}
	if len(c.Bases) != 1 || len(c.Keywords) > 0 || c.Starargs != nil || c.Kwargs != nil {
		ld.errorf(f, c, ir.LayerError, "row type %s must have exactly one base, clauz3.Row", name)
		ok = false
	}
	row := &ir.Row{Module: m.Name, Name: name}
	var uniques []*ast.Assign
	for i, s := range c.Body {
		if a, isAnn := f.AnnAssigns[s]; isAnn {
			field := string(a.Target.Id)
			if a.Value != nil {
				ld.errorf(f, a.Value, ir.Unsupported, "default value of row field %s is not supported", field)
				ok = false
				continue
			}
			t, err := types.AnnotationIn(f, a.Annotation, scope{m})
			if err != nil {
				ld.errs.Append(err)
				ok = false
				continue
			}
			if row.Field(field) != nil {
				ld.errorf(f, s, ir.LayerError, "row field %s is declared twice", field)
				ok = false
				continue
			}
			row.Fields = append(row.Fields, &ir.Param{Name: field, Type: t})
			continue
		}
		switch s := s.(type) {
		case *ast.Pass:
			continue
		case *ast.Assign:
			if len(s.Targets) == 1 && isName(s.Targets[0], "__unique__") {
				uniques = append(uniques, s)
				continue
			}
		case *ast.ExprStmt:
			if str, isStr := s.Value.(*ast.Str); isStr && i == 0 {
				if _, isF := f.FStrings[str]; !isF {
					continue // docstring
				}
			}
		}
		ld.errorf(f, s, ir.Unsupported, "%s in row type %s is not supported (only annotated fields, e.g. email: str)", pyast.Describe(s), name)
		ok = false
	}
	for _, u := range uniques {
		if !ld.uniqueColumns(f, row, u) {
			ok = false
		}
	}
	if !ok {
		return
	}
	ld.layer.Rows = append(ld.layer.Rows, row)
	ld.bind(m, c, name, &Symbol{Kind: KRow, Name: name, Pos: pyast.Pos(f, c), Row: row, def: c, mod: m})
}

func isName(e ast.Expr, name string) bool {
	n, ok := e.(*ast.Name)
	return ok && string(n.Id) == name
}

// uniqueColumns reads `__unique__ = ("id", "email")` in a row type: the
// columns no two rows of one query result share. The prover assumes it
// (distinct over rows is provable only through it), so only columns of an
// infinite domain (int, str) may be unique: a unique bool column would make
// any result of three rows impossible and every claim about it vacuous.
func (ld *loader) uniqueColumns(f *syntax.File, row *ir.Row, a *ast.Assign) bool {
	var elts []ast.Expr
	switch v := a.Value.(type) {
	case *ast.Tuple:
		elts = v.Elts
	case *ast.List:
		elts = v.Elts
	default:
		ld.errorf(f, a.Value, ir.LayerError, "__unique__ of row type %s must be a tuple of column names, e.g. (\"email\",)", row.Name)
		return false
	}
	ok := true
	for _, e := range elts {
		str, isStr := e.(*ast.Str)
		if _, isF := f.FStrings[str]; !isStr || isF {
			ld.errorf(f, e, ir.LayerError, "__unique__ of row type %s must list column names as string literals", row.Name)
			ok = false
			continue
		}
		col := string(str.S)
		fld := row.Field(col)
		switch {
		case fld == nil:
			ld.errorf(f, e, ir.LayerError, "__unique__ names %s, which is not a column of row type %s", col, row.Name)
			ok = false
		case !ir.IsBasic(fld.Type, ir.KindInt) && !ir.IsBasic(fld.Type, ir.KindStr):
			ld.errorf(f, e, ir.LayerError, "column %s.%s is %s; only int and str columns can be unique", row.Name, col, fld.Type)
			ok = false
		case slices.Contains(row.Unique, col):
			ld.errorf(f, e, ir.LayerError, "__unique__ of row type %s names %s twice", row.Name, col)
			ok = false
		default:
			row.Unique = append(row.Unique, col)
		}
	}
	return ok
}
