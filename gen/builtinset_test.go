package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// genArg is one arg(b, pos, name) read in builtinCall's clause for a
// builtin.
type genArg struct {
	pos  int
	name string
}

// generated reads builtinCall in builtin.go: every case label of its
// switch on the builtin's name, with the arguments its clause reads with
// arg.
func generated(t *testing.T) map[string][]genArg {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "builtin.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]genArg{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "builtinCall" {
			continue
		}
		for _, st := range fn.Body.List {
			sw, ok := st.(*ast.SwitchStmt)
			if !ok {
				continue
			}
			if sel, ok := sw.Tag.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Name" {
				continue
			}
			for _, cc := range sw.Body.List {
				clause := cc.(*ast.CaseClause)
				var args []genArg
				for _, st := range clause.Body {
					ast.Inspect(st, func(x ast.Node) bool {
						call, ok := x.(*ast.CallExpr)
						if !ok {
							return true
						}
						if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "arg" && len(call.Args) == 3 {
							a := genArg{pos: -2}
							if lit, ok := call.Args[1].(*ast.BasicLit); ok {
								a.pos, _ = strconv.Atoi(lit.Value)
							} else if u, ok := call.Args[1].(*ast.UnaryExpr); ok && u.Op == token.SUB {
								a.pos = -1
							}
							if lit, ok := call.Args[2].(*ast.BasicLit); ok {
								a.name, _ = strconv.Unquote(lit.Value)
							}
							args = append(args, a)
						}
						return true
					})
				}
				for _, e := range clause.List {
					if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						name, _ := strconv.Unquote(lit.Value)
						out[name] = args
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no switch on the builtin's name in builtinCall")
	}
	return out
}

// TestBuiltinSetIsTable: the generator (and so the runtime it calls)
// implements only the builtins of ir.BuiltinTable, and reads only the
// table's parameters, each at its position (a method's receiver is
// argument 0). Code for a form the table does not have is unreachable
// (ir.Verify checks every call against the table) and drifts unseen from
// the other engines.
func TestBuiltinSetIsTable(t *testing.T) {
	table := map[string]ir.BuiltinInfo{}
	for _, b := range ir.BuiltinTable() {
		table[b.Name] = b
	}
	gen := generated(t)
	var names []string
	for name := range gen {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b, ok := table[name]
		if !ok {
			t.Errorf("the generator implements %s, which ir.BuiltinTable does not list", name)
			continue
		}
		for _, a := range gen[name] {
			at := a.pos
			if b.Receiver != "" {
				at-- // the receiver is argument 0
			}
			switch {
			case a.pos == -1:
				found := false
				for _, k := range b.Sig.KwOnly {
					found = found || k == a.name
				}
				if !found {
					t.Errorf("the generator's %s reads keyword %s, which is not in the table's %v", name, a.name, b.Sig.KwOnly)
				}
			case at < 0 || at >= len(b.Sig.Params) || b.Sig.Params[at] != a.name:
				t.Errorf("the generator's %s reads argument %d as %s; the table's parameters are %v", name, a.pos, a.name, b.Sig.Params)
			}
		}
	}
}
