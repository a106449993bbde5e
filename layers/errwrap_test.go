package layers_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLayersKeepErrorCauses: the Go code of every layer here wraps an
// error it passes on with %w, never %v or err.Error(). The runtime tells
// the kernel sandbox's refusal from an effect's own failure by the errno
// in the error's chain (sandbox.Classify), and a cause flattened into text
// has none. The check reads the source: an fmt.Errorf argument named like
// an error (err, or ending in Err/err) must meet a %w verb.
func TestLayersKeepErrorCauses(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "cases") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		for _, bad := range flattened(f) {
			t.Errorf("%s: %s", fset.Position(bad.pos), bad.why)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 {
		t.Fatalf("read %d Go files under layers/: the walk missed the layers", files)
	}
}

type finding struct {
	pos token.Pos
	why string
}

// flattened finds the fmt.Errorf calls of f that lose an error's chain.
func flattened(f *ast.File) []finding {
	var out []finding
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "fmt" || sel.Sel.Name != "Errorf" || len(call.Args) == 0 {
			return true
		}
		lit, ok := call.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		format, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		verbs := verbsOf(format)
		for i, arg := range call.Args[1:] {
			switch a := arg.(type) {
			case *ast.Ident:
				if errorName(a.Name) && (i >= len(verbs) || verbs[i] != 'w') {
					out = append(out, finding{a.Pos(), "error " + a.Name + " is formatted without %w"})
				}
			case *ast.CallExpr:
				if s, ok := a.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "Error" && len(a.Args) == 0 {
					out = append(out, finding{a.Pos(), "an error's Error() text is formatted instead of the error with %w"})
				}
			}
		}
		return true
	})
	return out
}

// errorName is how the layers name error variables.
func errorName(name string) bool {
	return name == "err" || strings.HasSuffix(name, "Err") || strings.HasSuffix(name, "err")
}

// verbsOf lists the verbs of a format string in argument order (no
// explicit argument indexes are used in the layers).
func verbsOf(format string) []byte {
	var verbs []byte
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.*", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] != '%' {
			verbs = append(verbs, format[i])
		}
	}
	return verbs
}

// TestFlattenedFindsTheForms: the source check above finds each way a
// cause is lost, and passes a wrapped one.
func TestFlattenedFindsTheForms(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{`fmt.Errorf("bank layer: %v", err)`, 1},
		{`fmt.Errorf("bank layer: %s: %v", path, statErr)`, 1},
		{`fmt.Errorf("bank layer: %s", err.Error())`, 1},
		{`fmt.Errorf("db layer: query %s where %v: %+v", table, where, err)`, 1},
		{`fmt.Errorf("db layer: query %s where %v: %w", table, where, err)`, 0},
		{`fmt.Errorf("100%% of %s: %w", path, cerr)`, 0},
		{`fmt.Errorf("no error here: %v", where)`, 0},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\nvar _ = "+c.src+"\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(flattened(f)); got != c.want {
			t.Errorf("%s: %d findings, want %d", c.src, got, c.want)
		}
	}
}
