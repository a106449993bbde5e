package interp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// dispatchers are the interpreter's functions that switch on a builtin's
// name, with the prefix that makes a case label a table name: methods
// switch on the name after the receiver's dot.
var dispatchers = map[string]string{
	"builtin":       "",
	"function":      "",
	"strMethod":     "str.",
	"strMethodMore": "str.",
	"listMethod":    "list.",
	"dictMethod":    "dict.",
	"setMethod":     "set.",
}

// implemented reads the interpreter's own source: every case label of a
// dispatcher's switch on the builtin's name, as a table name, with the
// parameter count of the first c.params call in its clause (-1 for none).
func implemented(t *testing.T) map[string]int {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	out := map[string]int{}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			prefix, ok := dispatchers[fn.Name.Name]
			if !ok {
				continue
			}
			for _, st := range fn.Body.List {
				sw, ok := st.(*ast.SwitchStmt)
				if !ok || !isNameTag(sw.Tag) {
					continue
				}
				for _, cc := range sw.Body.List {
					clause := cc.(*ast.CaseClause)
					n := paramsCount(clause)
					for _, e := range clause.List {
						lit, ok := e.(*ast.BasicLit)
						if !ok || lit.Kind != token.STRING {
							continue
						}
						name, _ := strconv.Unquote(lit.Value)
						if prefix != "" || !strings.Contains(name, ".") {
							name = prefix + name
						}
						if old, dup := out[name]; !dup || old < 0 {
							out[name] = n
						}
					}
				}
			}
		}
	}
	return out
}

// isNameTag reports whether a switch is on the builtin's name: e.Name,
// name or m.
func isNameTag(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "name" || e.Name == "m"
	case *ast.SelectorExpr:
		return e.Sel.Name == "Name"
	}
	return false
}

// paramsCount is the number of parameter names of the first c.params
// call in a clause, or -1.
func paramsCount(clause *ast.CaseClause) int {
	n := -1
	for _, st := range clause.Body {
		ast.Inspect(st, func(x ast.Node) bool {
			call, ok := x.(*ast.CallExpr)
			if !ok || n >= 0 {
				return n < 0
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "params" {
				n = len(call.Args) - 1
				return false
			}
			return true
		})
		if n >= 0 {
			break
		}
	}
	return n
}

// TestBuiltinSetIsTable: the interpreter implements exactly the builtins
// of ir.BuiltinTable, each with the table's parameters and no more. Code
// for a name or an argument the table does not have is unreachable (the
// front end binds and ir.Verify checks every call against the table), and
// dead code of an engine drifts from the others unseen.
func TestBuiltinSetIsTable(t *testing.T) {
	impl := implemented(t)
	table := map[string]ir.BuiltinInfo{}
	for _, b := range ir.BuiltinTable() {
		table[b.Name] = b
	}
	var names []string
	for name := range impl {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b, ok := table[name]
		if !ok {
			t.Errorf("the interpreter implements %s, which ir.BuiltinTable does not list", name)
			continue
		}
		// key= is the call's Key, not an argument
		params := append([]string(nil), b.Sig.Params...)
		for _, k := range b.Sig.KwOnly {
			if k != "key" {
				params = append(params, k)
			}
		}
		if n := impl[name]; n >= 0 && !b.Sig.Varargs && n != len(params) {
			t.Errorf("the interpreter's %s takes %d parameters, ir.BuiltinTable's %d %v", name, n, len(params), params)
		}
	}
	for name := range table {
		if _, ok := impl[name]; !ok {
			t.Errorf("ir.BuiltinTable lists %s, which the interpreter does not dispatch", name)
		}
	}
}
