package approval

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// codeProblems answers, for one parsed file, every place that could
// write an error body without a known code: an errorBody or wire.Error
// literal without Code, a string literal or a conversion where fail or
// refuse take their code, and any conversion to wire.ErrorCode (which
// would make a code outside wire.ErrorCodes). The tests that send
// requests check the codes of the refusals they reach (checkErrorBody);
// this check covers the ones no test reaches (a store failing halfway, a
// render error), by the shape of the source.
func codeProblems(fset *token.FileSet, file *ast.File) []string {
	var out []string
	bad := func(n ast.Node, format string, args ...any) {
		out = append(out, fmt.Sprintf("%s: %s", fset.Position(n.Pos()), fmt.Sprintf(format, args...)))
	}
	isWire := func(e ast.Expr, name string) bool {
		s, ok := e.(*ast.SelectorExpr)
		if !ok || s.Sel.Name != name {
			return false
		}
		x, ok := s.X.(*ast.Ident)
		return ok && x.Name == "wire"
	}
	checkCodeArg := func(call *ast.CallExpr, fn string, i int) {
		if len(call.Args) <= i {
			bad(call, "%s without a code argument", fn)
			return
		}
		switch a := call.Args[i].(type) {
		case *ast.BasicLit:
			bad(a, "%s with the literal code %s: use a wire.Code constant", fn, a.Value)
		case *ast.SelectorExpr:
			if x, ok := a.X.(*ast.Ident); ok && x.Name == "wire" && !strings.HasPrefix(a.Sel.Name, "Code") {
				bad(a, "%s with wire.%s as its code: use a wire.Code constant", fn, a.Sel.Name)
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if isWire(n.Fun, "ErrorCode") {
				bad(n, "a conversion to wire.ErrorCode makes a code outside wire.ErrorCodes")
			}
			switch f := n.Fun.(type) {
			case *ast.Ident:
				if f.Name == "fail" {
					checkCodeArg(n, "fail", 2)
				}
			case *ast.SelectorExpr:
				if f.Sel.Name == "refuse" {
					checkCodeArg(n, "refuse", 3)
				}
			}
		case *ast.CompositeLit:
			id, isIdent := n.Type.(*ast.Ident)
			if !(isIdent && id.Name == "errorBody") && !isWire(n.Type, "Error") {
				return true
			}
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" {
						if _, lit := kv.Value.(*ast.BasicLit); lit {
							bad(kv.Value, "an error body with a literal code: use a wire.Code constant")
						}
						return true
					}
				}
			}
			bad(n, "an error body without a Code")
		}
		return true
	})
	return out
}

// TestErrorBodiesCarryCodes checks every non-test file of this package:
// no error body can be written without a code from wire.ErrorCodes.
func TestErrorBodiesCarryCodes(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		checked++
		for _, p := range codeProblems(fset, file) {
			t.Error(p)
		}
	}
	if checked == 0 {
		t.Fatal("no source file checked")
	}
}

// TestCodeProblemsFinds checks the checker on each way of writing an
// error body without a known code, and on the ways the service writes
// one.
func TestCodeProblemsFinds(t *testing.T) {
	cases := []struct {
		name, body string
		problem    string // "" for none
	}{
		{"a constant code", `fail(w, 400, wire.CodeMalformed, "x")`, ""},
		{"a refusal with a constant code", `s.refuse(w, r, 403, wire.CodeCSRF, "k", "", "a", "x")`, ""},
		{"a computed code", `s.refuse(w, r, 403, checkCode(err), "k", "", "a", "x")`, ""},
		{"a body with a code", `answer(w, 422, errorBody{Error: "x", Code: wire.CodeNotProved, ID: id})`, ""},
		{"an empty literal code", `fail(w, 400, "", "x")`, "literal code"},
		{"a made-up literal code", `s.refuse(w, r, 403, "nope", "k", "", "a", "x")`, "literal code"},
		{"a conversion", `fail(w, 400, wire.ErrorCode(reason), "x")`, "conversion"},
		{"a body without a code", `answer(w, 400, errorBody{Error: "x"})`, "without a Code"},
		{"a wire.Error without a code", `answer(w, 400, wire.Error{Error: "x"})`, "without a Code"},
		{"a body with a literal code", `answer(w, 400, wire.Error{Error: "x", Code: "x"})`, "literal code"},
		{"a non-code wire constant", `fail(w, 400, wire.StatusPending, "x")`, "wire.Code constant"},
		{"fail without a code", `fail(w, 400)`, "without a code argument"},
	}
	for _, c := range cases {
		src := "package approval\nfunc f() {\n" + c.body + "\n}\n"
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, c.name+".go", src, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := codeProblems(fset, file)
		switch {
		case c.problem == "" && len(got) != 0:
			t.Errorf("%s: found %v, want nothing", c.name, got)
		case c.problem != "" && (len(got) != 1 || !strings.Contains(got[0], c.problem)):
			t.Errorf("%s: found %v, want one problem mentioning %q", c.name, got, c.problem)
		}
	}
}
