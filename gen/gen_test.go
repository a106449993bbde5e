package gen

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the generator's output")

// goldenPlans are corpus plans whose generated code is kept as golden
// files.
var goldenPlans = []string{"email_only_bob_pass", "bank_max_spend_pass", "helpers_pass", "chained_compare_pass", "email_dict_membership_pass", "bank_target_pre_pass", "db_helper_post_pass", "bank_helper_pre_pass"}

// sourceGoldens are other plans whose generated code is kept as golden
// files: the plans the engine benchmarks time, and runnable corpus plans
// that show a construct's translation. The import root is the plan's
// folder and corpus/.
var sourceGoldens = []struct{ golden, path string }{
	{"bench_loop_sum", "../benchmarks/plans/loop_sum.py"},
	{"bench_string_build", "../benchmarks/plans/string_build.py"},
	{"bench_dict_count", "../benchmarks/plans/dict_count.py"},
	{"run_fmt_nested_spec", "../corpus/run/fmt_nested_spec.py"},
}

func compileCorpus(t testing.TB, name string) (*ir.Program, []byte) {
	t.Helper()
	path := filepath.Join("..", "corpus", "plans", name+".py")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.Compile(name+".py", src, compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}})
	if err != nil {
		t.Fatalf("compiling %s: %v", name, err)
	}
	return prog, src
}

type genCase struct {
	name string
	prog *ir.Program
	opts Options
	args []string
	out  string // expected output file (testdata/<name>.out), "" for none

	noGolden bool // generated and built, but not kept as a golden file
}

func genCases(t testing.TB) []genCase {
	var cases []genCase
	for _, p := range goldenPlans {
		prog, _ := compileCorpus(t, p)
		cases = append(cases, genCase{name: "corpus_" + p, prog: prog, opts: Options{Mode: Simulate, PlanHash: "sha256:golden"}})
	}
	for _, h := range handmades {
		prog := h.prog()
		if err := ir.Verify(prog); err != nil {
			t.Fatalf("%s does not verify: %v", h.name, err)
		}
		cases = append(cases, genCase{name: h.name, prog: prog, opts: Options{Mode: Simulate, PlanHash: "sha256:golden"}, args: h.args, out: h.name + ".out"})
	}
	// Every other corpus plan the compiler accepts must generate (and,
	// in TestGeneratedCodeRuns, vet and build) too.
	plans, _ := filepath.Glob(filepath.Join("..", "corpus", "plans", "*.py"))
	golden := map[string]bool{}
	for _, p := range goldenPlans {
		golden[p] = true
	}
	for _, p := range plans {
		name := strings.TrimSuffix(filepath.Base(p), ".py")
		src, _ := os.ReadFile(p)
		prog, err := compiler.Compile(name+".py", src, compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}})
		if err != nil || golden[name] {
			continue // refused by the front end (an expected _fail), or already above
		}
		cases = append(cases, genCase{name: "corpus_" + name, prog: prog, opts: Options{Mode: Simulate, PlanHash: "sha256:golden"}, noGolden: true})
	}
	// The builtin table's example plan (ir/testdata, generated from
	// ir.BuiltinTable): the generator implements every builtin of the
	// table, built and run against CPython's output there.
	tableSrc, err := os.ReadFile(filepath.Join("..", "ir", "testdata", "builtins_table.py"))
	if err != nil {
		t.Fatal(err)
	}
	tableProg, err := compiler.Compile("builtins_table.py", tableSrc, compiler.Config{})
	if err != nil {
		t.Fatalf("compiling the builtin table's examples: %v", err)
	}
	cases = append(cases, genCase{name: "builtins_table", prog: tableProg, opts: Options{Mode: Simulate, PlanHash: "sha256:golden"},
		out: filepath.Join("..", "..", "ir", "testdata", "builtins_table.out"), noGolden: true})
	for _, sg := range sourceGoldens {
		src, err := os.ReadFile(sg.path)
		if err != nil {
			t.Fatal(err)
		}
		roots := []string{filepath.Dir(sg.path), filepath.Join("..", "corpus")}
		prog, err := compiler.Compile(filepath.Base(sg.path), src, compiler.Config{ImportRoots: roots})
		if err != nil {
			t.Fatalf("compiling %s: %v", sg.path, err)
		}
		cases = append(cases, genCase{name: sg.golden, prog: prog, opts: Options{Mode: Simulate, PlanHash: "sha256:golden"}})
	}
	rowsBindings := map[string]Binding{
		"db_query": {Effect: "db_query", Layer: "tools.db.trusted", Path: buildModule + "/layers/db", Package: "db", Func: "DbQuery", HasValue: true, HasError: true},
		"lookup":   {Effect: "lookup", Layer: "tools.db.trusted", Path: buildModule + "/layers/db", Package: "db", Func: "Lookup", HasValue: true, HasError: true},
	}
	cases = append(cases,
		genCase{name: "rows", prog: rowsProgram("/layers/db"), opts: Options{Mode: Simulate, PlanHash: "sha256:golden"}},
		genCase{name: "real_rows", prog: rowsProgram("/layers/db"), opts: Options{Mode: Real, PlanHash: "sha256:golden", Bindings: rowsBindings}})
	bank, _ := compileCorpus(t, "bank_max_spend_pass")
	cases = append(cases, genCase{name: "real_bank_max_spend_pass", prog: bank, opts: Options{Mode: Real, PlanHash: "sha256:golden", Bindings: map[string]Binding{
		"withdraw": {Effect: "withdraw", Layer: "tools.bank.trusted", Path: buildModule + "/layers/bank", Package: "bank", Func: "Withdraw", HasError: true},
	}}})
	return cases
}

func TestGolden(t *testing.T) {
	for _, c := range genCases(t) {
		src, err := Generate(c.prog, c.opts)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if c.noGolden {
			continue
		}
		golden := filepath.Join("testdata", c.name+".golden")
		if *update {
			if err := os.WriteFile(golden, src, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Errorf("%s: %v (run go test -update)", c.name, err)
			continue
		}
		if !bytes.Equal(src, want) {
			t.Errorf("%s: generated code differs from %s (run go test ./gen -run TestGolden -update and review the diff):\n%s", c.name, golden, firstDiff(string(want), string(src)))
		}
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return ""
}

// TestGeneratedCodeRuns puts every generated program into one module with
// the runtime and the corpus layers, runs go vet on all of them with one
// go command (vet type-checks every package, so a program that would not
// compile fails here), builds with a second go command only the ones it
// runs (linking is most of a build's time, and a program nobody runs
// needs no binary), and runs those, the hand-built ones, comparing their
// output with CPython's (testdata/<name>.out).
func TestGeneratedCodeRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	bankDir, _ := filepath.Abs(filepath.Join("..", "corpus", "tools", "bank", "trusted"))
	bank := &Layer{Name: "tools.bank.trusted", Dir: bankDir, Path: buildModule + "/layers/bank"}
	if err := bank.read(); err != nil {
		t.Fatal(err)
	}
	dbDir := t.TempDir()
	os.WriteFile(filepath.Join(dbDir, "db.go"), []byte(rowsLayerGo), 0o644)
	db := &Layer{Name: "tools.db.trusted", Dir: dbDir, Path: buildModule + "/layers/db", Effects: rowsProgram(dbDir).Effects}
	if err := db.read(); err != nil {
		t.Fatal(err)
	}
	if err := writeBuildFolder(dir, []*Layer{bank, db}, false); err != nil {
		t.Fatal(err)
	}
	// The go/types check binds the row effects as the real_rows case assumes.
	tc, env := testToolchain(t)
	bindings, err := bindLayers(context.Background(), tc.runGo, dir, env, []*Layer{db})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range genCases(t) {
		if c.name == "real_rows" && !reflect.DeepEqual(bindings, c.opts.Bindings) {
			t.Errorf("bindings %+v, want %+v", bindings, c.opts.Bindings)
		}
	}
	cases := genCases(t)
	for _, c := range cases {
		src, err := Generate(c.prog, c.opts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		d := filepath.Join(dir, "cmd", c.name)
		os.MkdirAll(d, 0o755)
		if err := os.WriteFile(filepath.Join(d, "main.go"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stderr bytes.Buffer
	if _, err := tc.runGo(context.Background(), dir, env, &stderr, "vet", "./cmd/..."); err != nil {
		t.Fatalf("go vet of the generated code: %v\n%s", err, stderr.String())
	}
	build := []string{"build", "-o", filepath.Join(dir, "bin") + "/"}
	for _, c := range cases {
		if c.out != "" {
			build = append(build, "./cmd/"+c.name)
		}
	}
	if len(build) < 4 {
		t.Fatalf("only %d programs to run: the hand-built cases with CPython's output are missing", len(build)-3)
	}
	if _, err := tc.runGo(context.Background(), dir, env, &stderr, build...); err != nil {
		t.Fatalf("go build of the generated code: %v\n%s", err, stderr.String())
	}
	for _, c := range cases {
		if c.out == "" {
			continue
		}
		want, err := os.ReadFile(filepath.Join("testdata", c.out))
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(filepath.Join(dir, "bin", c.name), c.args...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err = cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(errOut.String(), "\n"), "\n")
		got := out.String() + "--- stderr\n"
		if last := lines[len(lines)-1]; last != "" {
			got += last + "\n"
		}
		got += "--- exit " + strconv.Itoa(code) + "\n"
		if got != string(want) {
			t.Errorf("%s: output differs from CPython's (testdata/%s):\n--- got\n%s--- want\n%s", c.name, c.out, got, want)
		}
	}
}
