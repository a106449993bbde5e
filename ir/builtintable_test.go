package ir_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
)

var updateTable = flag.Bool("update", false, "rewrite testdata/builtins_table.py and its CPython output from ir.BuiltinTable")

// The builtin table's examples, as one plan: testdata/builtins_table.py is
// generated from ir.BuiltinTable, and testdata/builtins_table.out is its
// CPython 3.11 output in the format gen's run tests use (stdout, then
// "--- stderr", the last stderr line and "--- exit N"). gen builds and runs
// the same plan against the same output (TestGeneratedCodeRuns), and the
// prover decides each example (prover TestBuiltinTableProver).
var (
	tablePlan = filepath.Join("testdata", "builtins_table.py")
	tableOut  = filepath.Join("testdata", "builtins_table.out")
)

func exampleFunc(name string) string { return "ex_" + strings.ReplaceAll(name, ".", "_") }

func renderTablePlan() string {
	var b strings.Builder
	b.WriteString(`"""Every builtin of the plan language on constants, one function each.

Generated from ir.BuiltinTable by go test ./ir -run TestBuiltinExamples -update;
do not edit.
"""
`)
	table := ir.BuiltinTable()
	for _, r := range table {
		b.WriteString("\n\ndef " + exampleFunc(r.Name) + "() -> None:\n")
		b.WriteString("    print(" + `"` + r.Name + `:", end=" ")` + "\n")
		for _, line := range strings.Split(r.Example, "\n") {
			b.WriteString("    " + line + "\n")
		}
	}
	b.WriteString("\n\ndef main() -> None:\n")
	for _, r := range table {
		b.WriteString("    " + exampleFunc(r.Name) + "()\n")
	}
	b.WriteString("\n\nif __name__ == \"__main__\":\n    main()\n")
	return b.String()
}

func cpythonOutput(t *testing.T, path string) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("the builtin table's CPython output needs python3: %v", err)
	}
	cmd := exec.Command(py, path)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(errOut.String(), "\n"), "\n")
	got := out.String() + "--- stderr\n"
	if last := lines[len(lines)-1]; last != "" {
		got += last + "\n"
	}
	return got + "--- exit " + itoa(code) + "\n"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

// TestBuiltinExamples keeps the example plan in step with the table,
// checks that it calls every builtin of the table and nothing else, that
// its recorded output is CPython's, and that the interpreter prints exactly
// that: the interpreter implements every builtin of the table.
func TestBuiltinExamples(t *testing.T) {
	src := renderTablePlan()
	if *updateTable {
		if err := os.WriteFile(tablePlan, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(tableOut, []byte(cpythonOutput(t, tablePlan)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(tablePlan)
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != src {
		t.Fatalf("%s is out of date with ir.BuiltinTable; run go test ./ir -run TestBuiltinExamples -update", tablePlan)
	}
	want, err := os.ReadFile(tableOut)
	if err != nil {
		t.Fatal(err)
	}
	if got := cpythonOutput(t, tablePlan); got != string(want) {
		t.Fatalf("%s is not CPython's output of %s; run go test ./ir -run TestBuiltinExamples -update\n--- cpython\n%s", tableOut, tablePlan, got)
	}
	prog, err := compiler.Compile("builtins_table.py", have, compiler.Config{})
	if err != nil {
		t.Fatal(err)
	}
	// Every builtin of the table appears in its own example, and no other.
	for _, f := range prog.Funcs {
		name, ok := strings.CutPrefix(f.Name, "ex_")
		if !ok {
			continue
		}
		called := map[string]bool{}
		err := ir.InspectStmts(f.Body, func(e ir.Expr) {
			ir.Inspect(e, func(x ir.Expr) bool {
				if b, ok := x.(*ir.Builtin); ok {
					called[strings.ReplaceAll(b.Name, ".", "_")] = true
				}
				return true
			})
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !called[name] {
			var names []string
			for n := range called {
				names = append(names, n)
			}
			sort.Strings(names)
			t.Errorf("%s does not call its builtin (it calls %v)", f.Name, names)
		}
	}
	var stdout bytes.Buffer
	runErr := interp.Run(context.Background(), prog, interp.Options{Stdout: &stdout})
	got := stdout.String() + "--- stderr\n"
	code := 0
	if runErr != nil {
		got += runErr.Error() + "\n"
		code = 1
	}
	got += "--- exit " + itoa(code) + "\n"
	if got != string(want) {
		t.Errorf("the interpreter's output differs from CPython's (%s):\n--- got\n%s--- want\n%s", tableOut, got, want)
	}
}

// TestBuiltinTableRows checks the rows themselves: names are unique, a
// method's receiver is its prefix, every row has an example, a refused
// row says why, and a pure row raises nothing.
func TestBuiltinTableRows(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range ir.BuiltinTable() {
		if seen[r.Name] {
			t.Errorf("%s is in the table twice", r.Name)
		}
		seen[r.Name] = true
		if k, _, ok := strings.Cut(r.Name, "."); ok != (r.Receiver != "") || ok && k != r.Receiver {
			t.Errorf("%s has receiver %q", r.Name, r.Receiver)
		}
		if r.Example == "" || !strings.Contains(r.Example, "print(") {
			t.Errorf("%s has no example that prints", r.Name)
		}
		if r.Prover == 0 {
			t.Errorf("%s does not say how the prover decides it", r.Name)
		}
		if r.Prover == ir.ProverRefuses && r.ProverWhy == "" {
			t.Errorf("%s is refused by the prover without a reason", r.Name)
		}
		if r.Sig.Min > len(r.Sig.Params) || r.Sig.PosOnly > len(r.Sig.Params) {
			t.Errorf("%s has an inconsistent signature %+v", r.Name, r.Sig)
		}
	}
	if b, ok := ir.LookupBuiltin("abs"); !ok || b.Pure() {
		t.Errorf("abs may raise OverflowError and is not pure: %+v", b)
	}
}
