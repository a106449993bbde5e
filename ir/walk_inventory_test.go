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

// TestWalksKnowEveryKind: every statement kind of the IR (a type with an
// isStmt method) has a case in InspectStmts and every expression kind (a
// type with an isExpr method) one in Inspect, so a kind added later cannot
// be skipped silently by the walks built on them.
func TestWalksKnowEveryKind(t *testing.T) {
	for _, tc := range []struct{ marker, walk string }{
		{"isStmt", "InspectStmts"},
		{"isExpr", "Inspect"},
	} {
		kinds, handled := walkCases(t, tc.marker, tc.walk)
		if len(kinds) == 0 || len(handled) == 0 {
			t.Fatalf("found %d kinds with %s and %d cases in %s: the test reads nothing", len(kinds), tc.marker, len(handled), tc.walk)
		}
		var missing []string
		for k := range kinds {
			if !handled[k] {
				missing = append(missing, k)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s has no case for kinds %v", tc.walk, missing)
		}
	}
}

// walkCases returns the types of package ir with a method named marker
// and the types named in the case clauses of function walk.
func walkCases(t *testing.T, marker, walk string) (kinds, handled map[string]bool) {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	kinds = map[string]bool{}
	handled = map[string]bool{}
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
			if fn.Name.Name == marker && fn.Recv != nil {
				kinds[recvName(fn.Recv.List[0].Type)] = true
			}
			if fn.Name.Name == walk && fn.Recv == nil {
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if cc, ok := n.(*ast.CaseClause); ok {
						for _, e := range cc.List {
							if n := recvName(e); n != "" {
								handled[n] = true
							}
						}
					}
					return true
				})
			}
		}
	}
	return kinds, handled
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

// TestInspectPanicsOnUnknownKind: an expression kind Inspect does not
// know is a bug in the walk, never a leaf to skip.
func TestInspectPanicsOnUnknownKind(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Inspect accepted an expression kind it has no case for")
		}
	}()
	Inspect(&unknownExpr{}, func(Expr) bool { return true })
}

// unknownExpr is an expression kind no walk knows.
type unknownExpr struct{ Const }
