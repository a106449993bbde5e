package layer

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/ir"
)

// Layer is one loaded trusted layer.
type Layer struct {
	Name      string       // dotted package name, e.g. tools.email.trusted
	Domain    string       // the <domain> of tools/<domain>/trusted, e.g. email
	Dir       string       // the folder it was loaded from
	Modules   []*Module    // sorted by name; the package itself (__init__.py) first
	Effects   []*ir.Effect // sorted by name
	Rows      []*ir.Row    // row types (class X(clauz3.Row)), in module order, then source order
	Contracts []*Contract  // in module order, then source order
	Policy    *Policy      // nil when the layer declares no policy
}

// Module returns the layer module with the given dotted name, or nil.
func (l *Layer) Module(name string) *Module {
	for _, m := range l.Modules {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// IsNamespace reports whether name is a package of the layer that no
// __init__.py defines: a proper prefix package of the layer's name (tools,
// tools.email for tools.email.trusted), or the layer's own package when
// the folder has no __init__.py. Python treats such folders as namespace
// packages (PEP 420), and the original ClauZ3's projects rely on it.
func (l *Layer) IsNamespace(name string) bool {
	return strings.HasPrefix(l.Name, name+".") || name == l.Name && l.Module(name) == nil
}

// Effect returns the effect with the given name, or nil.
func (l *Layer) Effect(name string) *ir.Effect {
	for _, e := range l.Effects {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// Contract returns the contract with the given name, or nil.
func (l *Layer) Contract(name string) *Contract {
	for _, c := range l.Contracts {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Module is one Python file of a layer.
type Module struct {
	Name  string // dotted, e.g. tools.email.trusted.contracts
	File  string // the file's path
	Layer *Layer
	// Names is the module's namespace after loading: every name bound at
	// module level (imports included), as Python would have it.
	Names map[string]*Symbol

	src   *syntax.File
	state int // 0 unvisited, 1 loading, 2 loaded
}

// Lookup returns the symbol a module-level name is bound to, or nil.
func (m *Module) Lookup(name string) *Symbol { return m.Names[name] }

// Kind says what a name is bound to.
type Kind int

const (
	KModule   Kind = iota + 1 // a module: a layer module, a namespace package or an API module (Qual)
	KAPI                      // a member of clauz3, deal, typing or __future__ (Qual is its qualified name)
	KEffect                   // a trusted effect
	KContract                 // a @contract function
	KRelation                 // a relation view: R = effect(...)
	KConst                    // a module-level literal constant
	KPolicy                   // a domain_policy(...)
	KStub                     // an unmarked helper function (any body): not callable by plans
	KRow                      // a row type: class X(clauz3.Row)
	KFluent                   // a fluent: F = fluent("name", key=..., value=..., initial=...)
	KForeign                  // a module outside ClauZ3 or one of its members (Qual), for effect bodies only
)

var kindNames = map[Kind]string{
	KModule: "module", KAPI: "API name", KEffect: "effect", KContract: "contract",
	KRelation: "relation", KConst: "constant", KPolicy: "policy", KStub: "helper function", KRow: "row type",
	KFluent: "fluent", KForeign: "name imported for effect bodies",
}

func (k Kind) String() string { return kindNames[k] }

// Symbol is what a module-level name is bound to.
type Symbol struct {
	Kind     Kind
	Name     string // the name it was defined under
	Pos      ir.Pos
	Qual     string       // KModule: dotted module name; KAPI: qualified name (clauz3.guarantee)
	Effect   *ir.Effect   // KEffect
	Contract *Contract    // KContract
	Relation *ir.Relation // KRelation (built after every effect is known)
	Const    ir.Expr      // KConst: a constant expression (lower.IsConstant)
	Policy   *Policy      // KPolicy
	Row      *ir.Row      // KRow
	Fluent   *ir.Fluent   // KFluent

	def  ast.Ast     // the defining node (FunctionDef, Call, ...)
	mod  *Module     // the defining module
	decl *effectDecl // KEffect: the decorators still to compile
}

// Contract is a @contract function: its IR (parameter defaults in
// ir.Contract.Defaults) and the layer that declares it.
type Contract struct {
	*ir.Contract
	Layer *Layer
	// Template is non-nil for a contract with a parameter of type type:
	// its Spec is nil and each call site instantiates it (Instantiate).
	Template *Template
}

// Policy is a layer's coverage policy (docs/design.md section 5).
type Policy struct {
	Pos         ir.Pos
	Module      string
	Var         string   // the variable it is bound to, e.g. POLICY
	Label       string   // label=, or the layer's domain
	WhenUsed    []string // effect names or markers whose call means the domain is used
	Required    []*Contract
	Recommended []*Contract
}

// Load loads the layer in dir under the dotted package name (e.g.
// tools.email.trusted). The error, if any, is a diag.List of located errors
// pointing into the layer's files.
func Load(dir, name string) (*Layer, error) {
	var errs diag.List
	l := &Layer{Name: name, Dir: dir}
	parts := strings.Split(name, ".")
	if len(parts) >= 2 {
		l.Domain = parts[len(parts)-2]
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		errs.Add(ir.Pos{File: dir, Line: 1, Col: 1}, ir.ReadError, "cannot read trusted layer %s: %v", name, err)
		return nil, errs.Err()
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".py") {
			files = append(files, e.Name())
		}
	}
	sort.Strings(files)
	for _, fn := range files {
		base := strings.TrimSuffix(fn, ".py")
		mod := name + "." + base
		if base == "__init__" {
			mod = name
		} else if !isIdent(base) {
			errs.Add(ir.Pos{File: filepath.Join(dir, fn), Line: 1, Col: 1}, ir.LayerError, "module name %s is not a Python identifier", base)
			continue
		}
		l.Modules = append(l.Modules, &Module{Name: mod, File: filepath.Join(dir, fn), Layer: l, Names: map[string]*Symbol{}})
	}
	sort.SliceStable(l.Modules, func(i, j int) bool { return l.Modules[i].Name < l.Modules[j].Name })
	ld := &loader{layer: l, errs: &errs, refused: map[string]bool{}}
	ld.load()
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return l, nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127 || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return true
}
