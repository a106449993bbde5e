package ir

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestInspectStmtsKnowsEveryStatement: every statement kind of the IR (a
// type with an isStmt method) has a case in InspectStmts, so a kind added
// later cannot be skipped silently by the walks built on it.
func TestInspectStmtsKnowsEveryStatement(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	handled := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if fn.Name.Name == "isStmt" && fn.Recv != nil {
				kinds[recvName(fn.Recv.List[0].Type)] = true
			}
			if fn.Name.Name == "InspectStmts" {
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if cc, ok := n.(*ast.CaseClause); ok {
						for _, e := range cc.List {
							handled[recvName(e)] = true
						}
					}
					return true
				})
			}
		}
	}
	if len(kinds) == 0 || len(handled) == 0 {
		t.Fatalf("found %d statement kinds and %d cases: the test reads nothing", len(kinds), len(handled))
	}
	var missing []string
	for k := range kinds {
		if !handled[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("InspectStmts has no case for statement kinds %v", missing)
	}
}

func recvName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
