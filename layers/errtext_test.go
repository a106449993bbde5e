package layers_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// wordsMarker is the comment that lets a test read an error's text: the
// words themselves are under test (a refusal must not show a key, must
// list the names there are), never which error it is.
const wordsMarker = "The words are under test here"

// TestTestsTellErrorsByKind: no test under layers/ tells what kind of
// error it got by the error's words. Every layer's errors carry a Kind
// (and the causes in their chain), which the tests read with KindOf and
// errors.As/Is; a test reads an error's text only where the words are
// the thing under test, after a comment saying so (wordsMarker) on one
// of the lines just above.
func TestTestsTellErrorsByKind(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "cases") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files++
		for _, pos := range errorTextReads(fset, f) {
			t.Errorf("%s: the test reads an error's text; tell its kind by KindOf or errors.As/Is, or mark a check of the words themselves with a %q comment", fset.Position(pos), wordsMarker)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 {
		t.Fatalf("read %d test files under layers/: the walk missed the layers", files)
	}
}

// errorTextReads finds where f matches an error's text (X.Error() or
// fmt.Sprint* of anything) with the strings functions, a regexp or ==,
// without the marker comment on the 4 lines above.
func errorTextReads(fset *token.FileSet, f *ast.File) []token.Pos {
	marked := map[int]bool{} // lines whose next 4 lines may read words
	for _, cg := range f.Comments {
		if strings.Contains(cg.Text(), wordsMarker) {
			end := fset.Position(cg.End()).Line
			for l := end + 1; l <= end+4; l++ {
				marked[l] = true
			}
		}
	}
	var out []token.Pos
	report := func(n ast.Node) {
		if !marked[fset.Position(n.Pos()).Line] {
			out = append(out, n.Pos())
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if matcher(n.Fun) {
				for _, a := range n.Args {
					if errorText(a) {
						report(n)
						break
					}
				}
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (errorText(n.X) || errorText(n.Y)) {
				report(n)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && errorText(n.Tag) {
				report(n)
			}
		}
		return true
	})
	return out
}

// matcher: a function that matches text, strings.X or a regexp's Match*
// or Find* method.
func matcher(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	name := sel.Sel.Name
	if pkg, ok := sel.X.(*ast.Ident); ok && (pkg.Name == "strings" || pkg.Name == "bytes") {
		switch name {
		case "Contains", "ContainsAny", "ContainsRune", "HasPrefix", "HasSuffix", "Index", "IndexAny", "LastIndex", "Count", "EqualFold", "Cut", "CutPrefix", "CutSuffix", "Fields", "Split":
			return true
		}
		return false
	}
	return strings.HasPrefix(name, "Match") || strings.HasPrefix(name, "Find")
}

// errorText: X.Error() with no arguments, or fmt.Sprint/Sprintf/Sprintln.
func errorText(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if sel.Sel.Name == "Error" && len(call.Args) == 0 {
		return true
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "fmt" && strings.HasPrefix(sel.Sel.Name, "Sprint")
}

// TestErrorTextReadsFindsTheForms: the check above finds each way a test
// reads an error's words, and lets a marked check of the words pass.
func TestErrorTextReadsFindsTheForms(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{`if err == nil || !strings.Contains(err.Error(), "no overdraft") {}`, 1},
		{`if strings.HasPrefix(e.Error(), "bank layer:") {}`, 1},
		{`if strings.Count(err.Error(), "grep layer:") != 1 {}`, 1},
		{`if err.Error() == "no payee" {}`, 1},
		{`if "no payee" != err.Error() {}`, 1},
		{`switch err.Error() { case "x": }`, 1},
		{`if re.MatchString(err.Error()) {}`, 1},
		{`if strings.Contains(fmt.Sprint(err), "refused") {}`, 1},
		{`if strings.Contains(fmt.Sprintf("%v", err), "refused") {}`, 1},
		{"// The words are under test here, not the kind.\nif strings.Contains(err.Error(), key) {}", 0},
		{`if KindOf(err) != Overdraft {}`, 0},
		{`if strings.Contains(got, "a.go:3:") {}`, 0},
		{`if errors.Is(err, fs.ErrNotExist) {}`, 0},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", "package x\nfunc _() {\n"+c.src+"\n}\n", parser.ParseComments)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if got := len(errorTextReads(fset, f)); got != c.want {
			t.Errorf("%s: %d findings, want %d", c.src, got, c.want)
		}
	}
}
