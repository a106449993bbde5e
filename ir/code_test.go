package ir

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodesArePinned fails when a code is renumbered or renamed: both are
// part of the JSON output and of every caller's decisions. Add a row for
// a new code; never edit an existing row.
func TestCodesArePinned(t *testing.T) {
	pinned := []struct {
		code Code
		num  int
		name string
	}{
		{UnknownCode, 0, "UnknownCode"},
		{Syntax, 1, "Syntax"},
		{Unsupported, 2, "Unsupported"},
		{TypeMismatch, 3, "TypeMismatch"},
		{UndefinedName, 4, "UndefinedName"},
		{Unassigned, 5, "Unassigned"},
		{ArgumentError, 6, "ArgumentError"},
		{PlanError, 7, "PlanError"},
		{ImportError, 8, "ImportError"},
		{LayerError, 9, "LayerError"},
		{ReadError, 10, "ReadError"},
		{ProverLimit, 11, "ProverLimit"},
		{Timeout, 12, "Timeout"},
		{SolverUnknown, 13, "SolverUnknown"},
		{SolverError, 14, "SolverError"},
		{NoReplay, 15, "NoReplay"},
		{Canceled, 16, "Canceled"},
		{GenLimit, 17, "GenLimit"},
		{Internal, 18, "Internal"},
		{Usage, 19, "Usage"},
	}
	if len(pinned) != int(lastCode)+1 {
		t.Fatalf("%d pinned codes, but lastCode is %d: pin the new code", len(pinned), lastCode)
	}
	seen := map[string]bool{}
	for _, p := range pinned {
		if int(p.code) != p.num || p.code.String() != p.name {
			t.Errorf("code %s = %d, pinned as %s = %d", p.code, int(p.code), p.name, p.num)
		}
		if seen[p.code.String()] {
			t.Errorf("name %s used twice", p.code)
		}
		seen[p.code.String()] = true
	}
	if got := (lastCode + 1).String(); got != fmt.Sprintf("Code(%d)", lastCode+1) {
		t.Errorf("a code past lastCode has the name %q", got)
	}
}

func TestCodeJSON(t *testing.T) {
	for c := UnknownCode + 1; c <= lastCode; c++ {
		b, err := json.Marshal(struct{ C Code }{c})
		if err != nil || string(b) != `{"C":"`+c.String()+`"}` {
			t.Errorf("%d marshals as %s, %v", int(c), b, err)
			continue
		}
		var back struct{ C Code }
		if err := json.Unmarshal(b, &back); err != nil || back.C != c {
			t.Errorf("%s reads back as %v, %v", b, back.C, err)
		}
	}
	// The zero code is never written: a diagnostic without a code is a bug
	// that must not reach a client looking like a kind.
	for _, c := range []Code{UnknownCode, lastCode + 1, -1} {
		if _, err := json.Marshal(c); err == nil {
			t.Errorf("code %d marshals", int(c))
		}
	}
	var c Code
	for _, bad := range []string{`"UnknownCode"`, `"unsupported"`, `"Code(3)"`, `""`} {
		if err := json.Unmarshal([]byte(bad), &c); err == nil {
			t.Errorf("%s reads as %v", bad, c)
		}
	}
}

func TestDiagnostics(t *testing.T) {
	a := Errorf(Pos{File: "p.py", Line: 2, Col: 3}, Unsupported, "while loop is not supported")
	b := &Error{Code: Canceled, Msg: "interrupted: nothing was proved", Err: context.Canceled}
	tree := fmt.Errorf("wrapped: %w", errors.Join(a, errors.New("plain"), b))
	got := Diagnostics(tree)
	if len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("Diagnostics = %v", got)
	}
	if a.Error() != "p.py:2:3: while loop is not supported" || b.Error() != "interrupted: nothing was proved" {
		t.Errorf("texts %q, %q", a.Error(), b.Error())
	}
	if !errors.Is(tree, context.Canceled) {
		t.Error("the cause of a diagnostic is lost")
	}
	if CodeOf(tree, Internal) != Unsupported || CodeOf(errors.New("x"), ReadError) != ReadError {
		t.Error("CodeOf")
	}
	if Diagnostics(errors.New("plain")) != nil || Diagnostics(nil) != nil {
		t.Error("diagnostics found in a plain error")
	}
}

// TestEveryErrorLiteralHasACode scans the module's non-test Go source of
// the packages whose diagnostics are ir.Error (ir, compiler/..., prover,
// gen) for a composite literal of that type without a Code: such a
// diagnostic would carry the zero code, which callers cannot decide on.
// Constructors that take a code (diag.Errorf, ir.Errorf, unsupported,
// internalf, ...) are the way to make one.
func TestEveryErrorLiteralHasACode(t *testing.T) {
	roots := []string{".", "../compiler", "../prover", "../gen"}
	aliases := map[string]bool{"ir": true, "diag": true, "syntax": true, "prover": true, "gen": true}
	fset := token.NewFileSet()
	files := 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "z3" || (root == "." && path != ".")) {
				// ir's subpackages (interp, english) have errors of their
				// own; prover/z3's Error is Z3's, not a diagnostic.
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
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				switch tt := lit.Type.(type) {
				case *ast.Ident:
					if tt.Name != "Error" {
						return true
					}
				case *ast.SelectorExpr:
					x, ok := tt.X.(*ast.Ident)
					if !ok || tt.Sel.Name != "Error" || !aliases[x.Name] {
						return true
					}
				default:
					return true
				}
				for _, el := range lit.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" {
							return true
						}
					}
				}
				t.Errorf("%s: an Error literal without a Code (use a constructor that takes one)", fset.Position(lit.Pos()))
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 50 {
		t.Fatalf("scanned only %d files: the roots moved", files)
	}
}
