package gen

import (
	"bytes"
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// RuntimePath is the import path of the runtime package (planrt) in
// generated code, both inside this repository and in a build folder,
// where it is a local module replaced by the runtime's embedded source.
const RuntimePath = "github.com/clauz3/clauz3/runtime"

const rt = RuntimePath

// PysemPath is the import path of package pysem, the leaves of CPython
// behaviour the runtime shares with the interpreter and the prover. A
// build folder holds it as a local module beside planrt; only planrt may
// import it.
const PysemPath = "github.com/clauz3/clauz3/pysem"

// Mode says how the generated program runs its trusted effects.
type Mode int

const (
	// Simulate: effects are answered from a JSON file of results and the
	// trace is recorded; the program references no layer package.
	Simulate Mode = iota
	// Real: effects call the trusted layers' Go functions (and refuse to
	// run without an approval receipt).
	Real
)

func (m Mode) String() string {
	if m == Real {
		return "real"
	}
	return "simulate"
}

// Binding is how a real-mode program calls one effect: the exported Go
// function of the layer's package and the shape of its results, as the
// go/types check found them.
type Binding struct {
	Effect   string // the Python name, e.g. send_email
	Layer    string // the layer, e.g. tools.email.trusted
	Path     string // the Go import path of the layer package in the build module
	Package  string // its Go package name
	Func     string // e.g. SendEmail
	HasValue bool   // returns a value (besides the error)
	HasError bool   // returns an error last
}

// Options configure Generate.
type Options struct {
	Mode     Mode
	PlanHash string             // embedded as planHash; printed by --plan-hash
	Bindings map[string]Binding // real mode: effect name -> Go function
	// Approval, in real mode, is what the binary's gate embeds to check a
	// receipt. Without it a real binary embeds no gate and refuses to run.
	Approval *Approval
	// Sandbox, in real mode, is the kernel sandbox the binary applies to
	// itself before it reads its receipt (see SandboxPolicy). Nil: the
	// binary embeds none.
	Sandbox *sandbox.Policy
	// Package, when set, makes the code a library package of that name
	// whose exported Main(planHash) does what main does: so that a test
	// links many plans into one binary that calls each by name
	// (BuildBatch). The code is otherwise the same, except that the plan
	// hash is Main's parameter instead of a constant (PlanHash is then
	// unused). Empty: package main, a sealed binary.
	Package string
}

// Approval is what a real binary checks its receipt against: values it
// knows independently of any receipt or service.
type Approval struct {
	PlanDigest string // ir.Digest of the plan: the plan hash a receipt binds
	Target     string // the target function a receipt binds
	PublicKey  string // the approval service's ed25519 key, standard base64
	// BuildID is the build identity's digest: a receipt's build_id must
	// equal it.
	BuildID string
	// LayerEnv, when not nil, is the CLAUZ3_* environment the run must be
	// given, exactly (the linked layers' part of the configuration the
	// build identity binds); any other refuses the run before its
	// receipt is redeemed.
	LayerEnv *[]string
}

// RedeemPath is the import path of the gate a real binary admits its run
// with (securitymod/redeem: receipt check and redemption).
const RedeemPath = SecuritymodPath + "/redeem"

// Error is a located generation error, the module-wide ir.Error: the IR
// uses something the generator cannot express (yet), code GenLimit, or
// is inconsistent, code Internal.
type Error = ir.Error

// Generate turns a verified program into the Go source of one main
// package, gofmt'd. The generated code imports the runtime and, in real
// mode only, the layer packages named by opts.Bindings.
func Generate(prog *ir.Program, opts Options) ([]byte, error) {
	if prog.Target == nil {
		return nil, &Error{Pos: ir.Pos{File: prog.File}, Code: ir.Internal, Msg: "program has no target function"}
	}
	g := &generator{
		prog:        prog,
		opts:        opts,
		pkg:         newScope(nil),
		funcNames:   map[*ir.Func]string{},
		nested:      map[*ir.Func][]*ir.Func{},
		called:      map[*ir.Func]bool{},
		effectNames: map[*ir.Effect]string{},
		rowNames:    map[string]string{},
	}
	src, err := g.file()
	if err != nil {
		return nil, err
	}
	return src, nil
}

type generator struct {
	prog        *ir.Program
	opts        Options
	f           *jen.File
	pkg         *scope
	funcNames   map[*ir.Func]string
	nested      map[*ir.Func][]*ir.Func // the functions nested directly in each, in program order
	called      map[*ir.Func]bool       // the functions some call reaches
	effectNames map[*ir.Effect]string
	rowNames    map[string]string // row key -> Go type name
	rows        []*ir.Row
	effects     []*ir.Effect      // the effects the plan calls, by name
	usesRun     map[*ir.Func]bool // the functions that take the *planrt.Run (collectRunUsers)
	err         *Error
}

// fail records the first generation error; generation continues so the
// code stays simple, and the error is returned at the end.
func (g *generator) fail(pos ir.Pos, code ir.Code, format string, args ...any) {
	if g.err == nil {
		g.err = &Error{Pos: pos, Code: code, Msg: fmt.Sprintf(format, args...)}
	}
}

func rowKey(r *ir.Row) string { return r.Module + "." + r.Name }

func (g *generator) file() ([]byte, error) {
	pkgName := "main"
	if g.opts.Package != "" {
		if !token.IsIdentifier(g.opts.Package) || g.opts.Package == "main" {
			return nil, &Error{Pos: ir.Pos{File: g.prog.File}, Code: ir.Internal, Msg: fmt.Sprintf("package name %q is not a library package's", g.opts.Package)}
		}
		pkgName = g.opts.Package
	}
	f := jen.NewFile(pkgName)
	g.f = f
	f.ImportAlias(rt, "planrt")
	for _, name := range []string{"planrt", "strings", "math", "slices", "planHash", runParam} {
		g.pkg.reserve(name)
	}
	if g.opts.Package != "" {
		g.pkg.reserve("Main")
		g.pkg.reserve(pkgName)
	}
	if g.opts.Approval != nil && g.opts.Mode == Real {
		f.ImportName(RedeemPath, "redeem")
		g.pkg.reserve("redeem")
	}
	// Names: functions first (the plan's own names win), then effect
	// wrappers, then rows.
	for _, fn := range g.prog.Funcs {
		walkStmts(fn.Body, func(e ir.Expr) {
			if c, ok := e.(*ir.Call); ok {
				g.called[c.Func] = true
			}
		})
		if fn.Outer != nil {
			g.nested[fn.Outer] = append(g.nested[fn.Outer], fn)
			continue // a Go closure, named in its enclosing function
		}
		base := camel(fn.Name, false)
		if fn.Name == "main" {
			base = "planMain"
		}
		g.funcNames[fn] = g.pkg.fresh(base)
	}
	g.collectEffects()
	g.collectRunUsers()
	for _, b := range g.opts.Bindings {
		if g.opts.Mode == Real {
			f.ImportName(b.Path, b.Package)
			g.pkg.reserve(b.Package)
		}
	}
	for _, e := range g.effects {
		base := camel(e.Name, false)
		if g.pkg.taken(base) {
			base = "effect" + camel(e.Name, true)
		}
		g.effectNames[e] = g.pkg.fresh(base)
	}
	g.collectRows()

	file := filepath.Base(g.prog.File)
	f.HeaderComment(fmt.Sprintf("Code generated by clauz3 from %s (%s mode); DO NOT EDIT.", file, g.opts.Mode))
	if g.opts.Package != "" {
		f.PackageComment(fmt.Sprintf("Package %s runs the ClauZ3 plan %s, target %s, as its sealed binary would, for a test binary that links many plans.", pkgName, file, g.prog.Target.Name))
	} else {
		f.PackageComment(fmt.Sprintf("Command plan runs the ClauZ3 plan %s, target %s, as a sealed binary.", file, g.prog.Target.Name))
	}

	if g.opts.Package == "" {
		f.Comment("planHash identifies the plan, its IR, the build mode and the exact runtime and")
		f.Comment("layer sources this binary was built from (`--plan-hash` prints it).")
		f.Const().Id("planHash").Op("=").Lit(g.opts.PlanHash)
	}

	for _, r := range g.rows {
		g.rowType(r)
	}
	for _, fn := range g.prog.Funcs {
		if fn.Outer == nil {
			g.function(fn)
		}
	}
	for _, e := range g.effects {
		g.effectWrapper(e)
	}
	g.mainFunc()
	if g.err != nil {
		return nil, g.err
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("gen: rendering %s: %v", g.prog.File, err)
	}
	return buf.Bytes(), nil
}

// collectEffects lists the effects the plan's functions call, by name.
func (g *generator) collectEffects() {
	seen := map[*ir.Effect]bool{}
	for _, fn := range g.prog.Funcs {
		walkStmts(fn.Body, func(e ir.Expr) {
			if c, ok := e.(*ir.EffectCall); ok && !seen[c.Effect] {
				seen[c.Effect] = true
				g.effects = append(g.effects, c.Effect)
			}
		})
	}
	sort.Slice(g.effects, func(i, j int) bool { return g.effects[i].Name < g.effects[j].Name })
}

// UsedEffects returns the effects prog's functions call, sorted by name.
func UsedEffects(prog *ir.Program) []*ir.Effect {
	g := &generator{prog: prog}
	g.collectEffects()
	g.collectRunUsers()
	return g.effects
}

// collectRows finds every row type the generated code mentions.
func (g *generator) collectRows() {
	seen := map[string]bool{}
	var visit func(t ir.Type)
	visit = func(t ir.Type) {
		switch t := t.(type) {
		case *ir.List:
			visit(t.Elem)
		case *ir.Set:
			visit(t.Elem)
		case *ir.Optional:
			visit(t.Elem)
		case *ir.Dict:
			visit(t.Key)
			visit(t.Value)
		case *ir.Tuple:
			for _, e := range t.Elems {
				visit(e)
			}
		case *ir.Row:
			if seen[rowKey(t)] {
				return
			}
			seen[rowKey(t)] = true
			g.rows = append(g.rows, t)
			for _, p := range t.Fields {
				visit(p.Type)
			}
		}
	}
	for _, fn := range g.prog.Funcs {
		visit(fn.Result)
		for _, l := range fn.Locals {
			visit(l.Type)
		}
		walkStmts(fn.Body, func(e ir.Expr) { visit(e.Type()) })
	}
	for _, e := range g.effects {
		visit(e.Result)
		for _, p := range e.Params {
			visit(p.Type)
		}
	}
	sort.Slice(g.rows, func(i, j int) bool { return rowKey(g.rows[i]) < rowKey(g.rows[j]) })
	for _, r := range g.rows {
		g.rowNames[rowKey(r)] = g.pkg.fresh(camel(r.Name, true))
	}
}

// RowFieldName is the Go field name of a row field (user_id -> UserId);
// a layer's Go struct for the row must use the same names.
func RowFieldName(field string) string { return camel(field, true) }

func (g *generator) rowType(r *ir.Row) {
	name := g.rowNames[rowKey(r)]
	fields := make([]jen.Code, len(r.Fields))
	for i, p := range r.Fields {
		fields[i] = jen.Id(RowFieldName(p.Name)).Add(g.goType(ir.Pos{}, p.Type)).Tag(map[string]string{"py": p.Name})
	}
	g.f.Commentf("%s is the row type %s.%s.", name, r.Module, r.Name)
	g.f.Type().Id(name).Struct(fields...)
}

// goType is the Go type of a Python type:
//
//	int -> int64, float -> float64, str -> string, bool -> bool,
//	None -> planrt.NoneType, T | None -> planrt.Optional[T],
//	list[T] -> *planrt.List[T], dict[K, V] -> *planrt.Dict[K, V],
//	set[T] -> *planrt.Set[T], tuple[A, B] -> planrt.Tuple2[A, B],
//	a row -> the generated struct of the same name, object -> any.
func (g *generator) goType(pos ir.Pos, t ir.Type) *jen.Statement {
	switch t := t.(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindInt:
			return jen.Int64()
		case ir.KindFloat:
			return jen.Float64()
		case ir.KindStr:
			return jen.String()
		case ir.KindBool:
			return jen.Bool()
		default:
			return jen.Qual(rt, "NoneType")
		}
	case *ir.List:
		return jen.Op("*").Qual(rt, "List").Types(g.goType(pos, t.Elem))
	case *ir.Set:
		if !hashable(t.Elem) {
			g.fail(pos, ir.GenLimit, "set of %s is not supported: its elements are not hashable", t.Elem)
		}
		return jen.Op("*").Qual(rt, "Set").Types(g.goType(pos, t.Elem))
	case *ir.Dict:
		if !hashable(t.Key) {
			g.fail(pos, ir.GenLimit, "dict keyed by %s is not supported: the keys are not hashable", t.Key)
		}
		return jen.Op("*").Qual(rt, "Dict").Types(g.goType(pos, t.Key), g.goType(pos, t.Value))
	case *ir.Optional:
		return jen.Qual(rt, "Optional").Types(g.goType(pos, t.Elem))
	case *ir.Tuple:
		if len(t.Elems) > 8 {
			g.fail(pos, ir.GenLimit, "tuples of more than 8 elements are not supported")
			return jen.Qual(rt, "Tuple0")
		}
		if len(t.Elems) == 0 {
			return jen.Qual(rt, "Tuple0")
		}
		args := make([]jen.Code, len(t.Elems))
		for i, e := range t.Elems {
			args[i] = g.goType(pos, e)
		}
		return jen.Qual(rt, fmt.Sprintf("Tuple%d", len(t.Elems))).Types(args...)
	case *ir.Row:
		name, ok := g.rowNames[rowKey(t)]
		if !ok {
			g.fail(pos, ir.Internal, "row type %s was not collected", t.Name)
			return jen.Id(t.Name)
		}
		return jen.Id(name)
	case *ir.ObjectType:
		// str, int, float, bool or None as string, int64, float64,
		// bool or planrt.NoneType (fnGen.convert types the constants).
		return jen.Any()
	}
	g.fail(pos, ir.GenLimit, "type %s has no Go mapping", t)
	return jen.Any()
}

// hashable reports whether values of t can be dict keys and set
// elements: Go-comparable with Python's equality.
func hashable(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.Basic:
		return true
	case *ir.Optional:
		return hashable(t.Elem)
	case *ir.Tuple:
		for _, e := range t.Elems {
			if !hashable(e) {
				return false
			}
		}
		return true
	case *ir.Row:
		for _, f := range t.Fields {
			if !hashable(f.Type) {
				return false
			}
		}
		return true
	}
	return false
}

func (g *generator) mainFunc() {
	target := g.prog.Target
	inputs := make([]jen.Code, len(target.Params))
	args := make([]jen.Code, len(target.Params))
	for i, p := range target.Params {
		inputs[i] = jen.Lit(p.Name + ": " + p.Type.String())
		args[i] = jen.Qual(rt, "Input").Types(g.goType(p.Pos, p.Type)).Call(jen.Id("in"), jen.Lit(p.Name))
	}
	mode := "Simulate"
	if g.opts.Mode == Real {
		mode = "Real"
	}
	fields := jen.Dict{
		jen.Id("Mode"):     jen.Qual(rt, mode),
		jen.Id("PlanHash"): jen.Id("planHash"),
		jen.Id("Plan"):     jen.Lit(filepath.Base(g.prog.File)),
		jen.Id("Target"):   jen.Lit(target.Name),
	}
	if len(inputs) > 0 {
		fields[jen.Id("Inputs")] = jen.Index().String().Values(inputs...)
	}
	if a := g.opts.Approval; a != nil && g.opts.Mode == Real {
		fields[jen.Id("Gate")] = jen.Op("&").Qual(RedeemPath, "Gate").Values(jen.Dict{
			jen.Id("PlanHash"):  jen.Lit(a.PlanDigest),
			jen.Id("Target"):    jen.Lit(a.Target),
			jen.Id("PublicKey"): jen.Lit(a.PublicKey),
			jen.Id("BuildID"):   jen.Lit(a.BuildID),
		})
	}
	if a := g.opts.Approval; a != nil && g.opts.Mode == Real && a.LayerEnv != nil {
		env := make([]jen.Code, len(*a.LayerEnv))
		for i, kv := range *a.LayerEnv {
			env[i] = jen.Lit(kv)
		}
		fields[jen.Id("LayerEnv")] = jen.Op("&").Index().String().Values(env...)
	}
	if len(target.Requires) > 0 {
		fields[jen.Id("Precondition")] = g.targetPrecondition(target)
	}
	if g.opts.Sandbox != nil && g.opts.Mode == Real {
		sandboxVar(g.f, *g.opts.Sandbox)
		fields[jen.Id("Sandbox")] = jen.Op("&").Qual(SandboxPath, "Runtime").Values(jen.Dict{jen.Id("Policy"): jen.Id("sandboxPolicy")})
	}
	mainName, mainParams := "main", []jen.Code{}
	if g.opts.Package != "" {
		// The plan hash comes from the caller, so the package's source
		// does not change with every change to the runtime or the
		// generator that the hash covers, and the go command's cache can
		// reuse it.
		mainName, mainParams = "Main", []jen.Code{jen.Id("planHash").String()}
	}
	g.f.Comment(mainName + " runs the target with its inputs from --arg flags; planrt.Main reports an")
	g.f.Comment("exception like CPython's last traceback line and sets the exit status.")
	g.f.Func().Id(mainName).Params(mainParams...).Block(
		jen.Qual(rt, "Main").Call(
			jen.Qual(rt, "Program").Values(fields),
			jen.Func().Params(runParamDecl(), jen.Id("in").Op("*").Qual(rt, "Inputs")).Block(
				jen.Id(g.funcNames[target]).Call(append(g.runArg(target), args...)...),
			),
		),
	)
}

// targetPrecondition is the func planrt.Main runs once the inputs are
// read, before the receipt is redeemed and before any effect: it checks
// the target's own preconditions, which the proof assumed.
func (g *generator) targetPrecondition(target *ir.Func) jen.Code {
	fg := &fnGen{g: g, fn: target, sc: newScope(g.pkg), names: map[*ir.Local]string{}, read: map[*ir.Local]bool{}, compVars: map[*ir.Local]bool{}, declAt: map[ir.Stmt]bool{}}
	var body []jen.Code
	declared := map[string]string{}
	for _, c := range target.Requires {
		// Only the parameters the predicate reads are declared: Go refuses
		// a variable declared and not used, and a lambda may ignore some of
		// its parameters (lambda account, amount: amount > 0).
		reads := map[*ir.Local]bool{}
		walkExpr(c.Pred.Body, func(e ir.Expr) {
			if r, ok := e.(*ir.LocalRef); ok {
				reads[r.Local] = true
			}
		})
		for _, lp := range c.Pred.Params {
			if !reads[lp] {
				continue
			}
			p := findParam(target, lp.Name)
			if p == nil {
				g.fail(c.Pos, ir.Internal, "precondition of %s reads %s, which is not a parameter", target.Name, lp.Name)
				return jen.Nil()
			}
			n, ok := declared[p.Name]
			if !ok {
				n = fg.sc.fresh(camel(p.Name, false))
				declared[p.Name] = n
				body = append(body, jen.Id(n).Op(":=").Qual(rt, "Input").Types(g.goType(p.Pos, p.Type)).Call(jen.Id("in"), jen.Lit(p.Name)))
			}
			fg.names[lp] = n
		}
		body = append(body, fg.planCheck("PlanRequire", c, true))
	}
	return jen.Func().Params(runParamDecl(), jen.Id("in").Op("*").Qual(rt, "Inputs")).Block(body...)
}

// walkStmts calls f on every expression of ss, lambda bodies included.
func walkStmts(ss []ir.Stmt, f func(ir.Expr)) {
	for _, s := range ss {
		walkStmt(s, f)
	}
}

func walkStmt(s ir.Stmt, f func(ir.Expr)) {
	ex := func(e ir.Expr) {
		if e != nil {
			walkExpr(e, f)
		}
	}
	switch s := s.(type) {
	case *ir.Assign:
		ex(s.Value)
	case *ir.If:
		ex(s.Cond)
		walkStmts(s.Then, f)
		walkStmts(s.Else, f)
	case *ir.For:
		ex(s.Iter)
		walkStmts(s.Body, f)
	case *ir.Return:
		ex(s.Value)
	case *ir.ExprStmt:
		ex(s.X)
	case *ir.SetIndex:
		ex(s.X)
		ex(s.Index)
		ex(s.Value)
	case *ir.Assert:
		ex(s.Cond)
		ex(s.Msg)
	case *ir.Raise:
		ex(s.Msg)
	}
}

// walkExpr calls f on e and every expression in it (key= lambda bodies
// included, as ir.Inspect enters them).
func walkExpr(e ir.Expr, f func(ir.Expr)) {
	ir.Inspect(e, func(x ir.Expr) bool {
		f(x)
		return true
	})
}

// localsIn returns the locals an expression reads.
func localsIn(e ir.Expr) []*ir.Local {
	var out []*ir.Local
	if e == nil {
		return nil
	}
	walkExpr(e, func(x ir.Expr) {
		if r, ok := x.(*ir.LocalRef); ok {
			out = append(out, r.Local)
		}
	})
	return out
}

// sourceLit is a clause's Python source as a Go string literal, raw when
// that reads better (the source has double quotes).
func sourceLit(s string) *jen.Statement {
	s = strings.TrimSpace(s)
	if strings.Contains(s, `"`) && !strings.ContainsAny(s, "`\r\n") && utf8.ValidString(s) {
		return jen.Op("`" + s + "`")
	}
	return jen.Lit(s)
}
