package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// The build tests share one cache folder (and the user's GOCACHE), so
// that only the first build of the package is cold.
var sharedCache string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "clauz3-gen-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sharedCache = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// countingGo is the default go runner that counts its `go build` runs.
type countingGo struct{ n atomic.Int32 }

func (c *countingGo) run(ctx context.Context, dir string, env []string, stderr io.Writer, args ...string) ([]byte, error) {
	if len(args) > 0 && args[0] == "build" {
		c.n.Add(1)
	}
	tc, err := (&BuildOptions{}).resolveToolchain()
	if err != nil {
		return nil, err
	}
	return tc.runGo(ctx, dir, env, stderr, args...)
}

// testToolchain is the default toolchain and its environment.
func testToolchain(t testing.TB) (*toolchain, []string) {
	t.Helper()
	tc, err := (&BuildOptions{}).resolveToolchain()
	if err != nil {
		t.Fatal(err)
	}
	return tc, tc.environ(nil)
}

func runBinary(t *testing.T, bin string, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

func TestBuildSimulateAndCache(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	prog, src := compileCorpus(t, "email_only_bob_pass")
	goCmd := &countingGo{}
	opts := BuildOptions{Mode: Simulate, CacheDir: sharedCache, Go: goCmd.run}
	res, err := Build(context.Background(), prog, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Cached || goCmd.n.Load() != 1 {
		t.Fatalf("first build: cached %v, %d go commands", res.Cached, goCmd.n.Load())
	}
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	code, stdout, stderr := runBinary(t, res.Binary, nil, "--trace", trace)
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("run: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	got, _ := os.ReadFile(trace)
	if want := `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"Report is ready"}}` + "\n"; string(got) != want {
		t.Errorf("trace %q, want %q", got, want)
	}
	// Without --trace the trace goes to stderr.
	if _, _, stderr := runBinary(t, res.Binary, nil); !strings.HasPrefix(stderr, `{"effect":"send_email"`) {
		t.Errorf("trace on stderr: %q", stderr)
	}
	if _, out, _ := runBinary(t, res.Binary, nil, "--plan-hash"); strings.TrimSpace(out) != res.PlanHash {
		t.Errorf("--plan-hash printed %q, want %q", out, res.PlanHash)
	}

	// The simulation binary has no path to a real effect: no layer
	// package in its import closure.
	if len(res.Imports) == 0 {
		t.Fatal("no import closure recorded")
	}
	for _, p := range res.Imports {
		if strings.Contains(p, "/layers/") || strings.Contains(p, "corpus/tools") {
			t.Errorf("the simulation binary links %s", p)
		}
	}

	// The same plan again: cached, and the go command does not run.
	out := filepath.Join(t.TempDir(), "plan-bin")
	opts.Output = out
	again, err := Build(context.Background(), prog, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Cached || goCmd.n.Load() != 1 || again.PlanHash != res.PlanHash || again.Binary != out {
		t.Fatalf("second build: cached %v, %d go commands, hash %s, binary %s", again.Cached, goCmd.n.Load(), again.PlanHash, again.Binary)
	}
	if _, o, _ := runBinary(t, out, nil, "--plan-hash"); strings.TrimSpace(o) != res.PlanHash {
		t.Errorf("copied binary prints %q", o)
	}
}

func TestBuildSimulateWithResultsAndInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	prog, src := compileCorpus(t, "email_fstring_length_pass")
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: sharedCache})
	if err != nil {
		t.Fatal(err)
	}
	trace := filepath.Join(t.TempDir(), "t.jsonl")
	code, _, stderr := runBinary(t, res.Binary, nil, "--trace", trace, "--arg", "n=42")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, _ := os.ReadFile(trace)
	if want := `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"Deploy notes: 42 items"}}` + "\n"; string(got) != want {
		t.Errorf("trace %q", got)
	}
	if code, _, stderr := runBinary(t, res.Binary, nil); code != 2 || !strings.Contains(stderr, "missing --arg n=JSON") {
		t.Errorf("missing input: exit %d, %q", code, stderr)
	}
}

// TestIdentityCoversPysem: the build identity's Runtime digest covers
// pysem's source, which the runtime imports and every build folder holds,
// without its tests or embed.go, generated tables included.
func TestIdentityCoversPysem(t *testing.T) {
	files, err := runtimeSources()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"int.go", "pysem/repr.go", "pysem/unicode_tables.go"} {
		if files[want] == nil {
			t.Errorf("the runtime digest does not cover %s", want)
		}
	}
	for n := range files {
		if strings.HasSuffix(n, "_test.go") || strings.HasSuffix(n, "embed.go") {
			t.Errorf("the runtime digest covers %s", n)
		}
	}
}

func TestBuildRealRefusesWithoutReceipt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	prog, src := compileCorpus(t, "bank_max_spend_pass")
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Real, CacheDir: sharedCache})
	if err != nil {
		t.Fatal(err)
	}
	ledger := filepath.Join(t.TempDir(), "ledger")
	code, stdout, stderr := runBinary(t, res.Binary, []string{"CLAUZ3_TEST_LEDGER=" + ledger})
	if code != 3 || stdout != "" || stderr != "clauz3: approval refused: no approval receipt: this binary runs only through clauz3 run (--receipt FILE --service URL)\n" {
		t.Errorf("real binary: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if _, err := os.Stat(ledger); err == nil {
		t.Error("an effect ran without a receipt")
	}
	linked := false
	for _, p := range res.Imports {
		if p == buildModule+"/layers/bank" {
			linked = true
		}
	}
	if !linked {
		t.Errorf("the real binary should link the bank layer: %v", res.Imports)
	}
}

// tempLayer writes an email layer with the given Go source into a fresh
// folder and returns a program calling send_email declared there.
func tempLayer(t *testing.T, goSrc string) *ir.Program {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tools", "email", "trusted")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "effects.py"), []byte("# stub\n"), 0o644)
	if goSrc != "" {
		os.WriteFile(filepath.Join(dir, "email.go"), []byte(goSrc), 0o644)
	}
	send := emailEffect(filepath.Join(dir, "effects.py"))
	mb := newFn("plan.py", "main", 3, ir.None)
	main := mb.body(exprStmt(&ir.EffectCall{Pos: ir.Pos{File: "plan.py", Line: 4, Col: 5}, Effect: send, Args: []ir.Expr{cs("bob@example.com"), cs("hi")}}))
	return program("plan.py", main, []*ir.Func{main}, send)
}

func buildErr(t *testing.T, prog *ir.Program, mode Mode) error {
	t.Helper()
	goCmd := &countingGo{}
	_, err := Build(context.Background(), prog, []byte("plan"), BuildOptions{Mode: mode, CacheDir: sharedCache, Go: goCmd.run})
	if err == nil {
		t.Fatal("the build should have been refused")
	}
	if goCmd.n.Load() != 0 {
		t.Errorf("go build ran %d times before the refusal", goCmd.n.Load())
	}
	t.Log(err)
	return err
}

func TestBuildRefusesLayerWithoutGo(t *testing.T) {
	err := buildErr(t, tempLayer(t, ""), Simulate)
	if !isRefusal(err, NoGoFiles, "tools.email.trusted") {
		t.Errorf("got %v, want NoGoFiles of tools.email.trusted", err)
	}
}

func TestBuildRefusesForbiddenImports(t *testing.T) {
	for _, c := range []struct {
		src        string
		imp, line  string // the refused import, and where (email.go:LINE:COL)
		undeclared bool   // a sensitive standard package without //clauz3:allow-import
	}{
		{"package email\n\nimport \"os/exec\"\n\nfunc SendEmail(addr string, msg string) error { return exec.Command(\"true\").Run() }\n",
			"os/exec", "3:8", true},
		{"package email\n\nimport _ \"github.com/evil/exfiltrate\"\n\nfunc SendEmail(addr string, msg string) error { return nil }\n",
			"github.com/evil/exfiltrate", "3:8", false},
		{"package email\n\nimport \"unsafe\"\n\nvar _ = unsafe.Sizeof(0)\n\nfunc SendEmail(addr string, msg string) error { return nil }\n",
			"unsafe", "3:8", true},
	} {
		prog := tempLayer(t, c.src)
		err := buildErr(t, prog, Real)
		kind := LayerImport
		if c.undeclared {
			kind = UndeclaredImport
		}
		var e *BuildError
		wantPos := filepath.Join(filepath.Dir(prog.Effects[0].Pos.File), "email.go") + ":" + c.line
		if !isRefusal(err, kind, c.imp) || !errors.As(err, &e) || e.Pos != wantPos {
			t.Errorf("got %v, want %v of %s at %s", err, kind, c.imp, wantPos)
		}
	}
	// The wording is what a layer's author reads; it is under test here,
	// the kind is decided above.
	prog := tempLayer(t, "package email\n\nimport \"os/exec\"\n")
	err := buildErr(t, prog, Real)
	if want := filepath.Join(filepath.Dir(prog.Effects[0].Pos.File), "email.go") + ":3:8: layer tools.email.trusted imports os/exec, which a trusted layer may import only if it declares it with //clauz3:allow-import os/exec"; err.Error() != want {
		t.Errorf("the refusal reads %q, want %q", err, want)
	}
	// A declared import passes the source check.
	l := &Layer{Name: "tools.x.trusted", Dir: t.TempDir()}
	os.WriteFile(filepath.Join(l.Dir, "x.go"), []byte("package x\n\n//clauz3:allow-import net/smtp\nimport _ \"net/smtp\"\n"), 0o644)
	if err := l.read(); err != nil {
		t.Fatal(err)
	}
	if err := l.checkImports(); err != nil {
		t.Errorf("declared import refused: %v", err)
	}
}

const receiptPath = SecuritymodPath + "/receipt"

func TestCheckClosure(t *testing.T) {
	layer := &Layer{Name: "tools.email.trusted", Path: buildModule + "/layers/email"}
	std := "fmt|true|\nos|true|\nos/exec|true|\nstrings|true|\n"
	ok := std + RuntimePath + "|false|fmt os strings\n" + layer.Path + "|false|os " + RuntimePath + "\n" + buildModule + "|false|" + RuntimePath + " " + layer.Path + "\n"
	if err := checkClosure(parseGoList(ok), Real, []*Layer{layer}); err != nil {
		t.Errorf("a clean closure was refused: %v", err)
	}
	withPysem := std + PysemPath + "|false|fmt strings\n" + RuntimePath + "|false|fmt " + PysemPath + "\n" + buildModule + "|false|" + RuntimePath + "\n"
	if err := checkClosure(parseGoList(withPysem), Simulate, nil); err != nil {
		t.Errorf("planrt importing pysem was refused: %v", err)
	}
	withGate := std + "net/http|true|\n" + receiptPath + "|false|fmt\n" + RedeemPath + "|false|net/http " + receiptPath + "\n" + buildModule + "|false|" + RuntimePath + " " + RedeemPath + "\n"
	if err := checkClosure(parseGoList(withGate), Real, nil); err != nil {
		t.Errorf("a real binary with its redemption gate was refused: %v", err)
	}
	for _, c := range []struct {
		list string
		mode Mode
		want []ClosureProblem // Rule, Package, Import
	}{
		{ok, Simulate, []ClosureProblem{{Rule: SimulationLink, Package: layer.Path}, {Rule: SimulationLink, Package: buildModule, Import: layer.Path}}},
		{std + "github.com/evil/x|false|os\n" + buildModule + "|false|github.com/evil/x\n", Real, []ClosureProblem{{Rule: OutsideClosure, Package: "github.com/evil/x"}, {Rule: ForbiddenImport, Package: buildModule, Import: "github.com/evil/x"}}},
		{std + layer.Path + "|false|os/exec\n" + buildModule + "|false|" + layer.Path + "\n", Real, []ClosureProblem{{Rule: ForbiddenImport, Package: layer.Path, Import: "os/exec"}}},
		{std + RuntimePath + "|false|os/exec\n", Real, []ClosureProblem{{Rule: ForbiddenImport, Package: RuntimePath, Import: "os/exec"}}},
		{std + RedeemPath + "|false|os\n" + buildModule + "|false|" + RuntimePath + " " + RedeemPath + "\n", Simulate, []ClosureProblem{{Rule: SimulationLink, Package: buildModule, Import: RedeemPath}}},
		{std + RedeemPath + "|false|github.com/evil/x\n", Real, []ClosureProblem{{Rule: ForbiddenImport, Package: RedeemPath, Import: "github.com/evil/x"}}},
		{std + PysemPath + "|false|os/exec\n", Real, []ClosureProblem{{Rule: ForbiddenImport, Package: PysemPath, Import: "os/exec"}}},
		{std + PysemPath + "|false|github.com/evil/x\n", Real, []ClosureProblem{{Rule: ForbiddenImport, Package: PysemPath, Import: "github.com/evil/x"}}},
		{std + PysemPath + "|false|fmt\n" + buildModule + "|false|" + PysemPath + "\n", Real, []ClosureProblem{{Rule: ForbiddenImport, Package: buildModule, Import: PysemPath}}},
		{std + PysemPath + "|false|fmt\n" + layer.Path + "|false|" + PysemPath + "\n" + buildModule + "|false|" + layer.Path + "\n", Real, []ClosureProblem{{Rule: ForbiddenImport, Package: layer.Path, Import: PysemPath}}},
	} {
		err := checkClosure(parseGoList(c.list), c.mode, []*Layer{layer})
		var ce *ClosureError
		if !errors.As(err, &ce) || !sameProblems(ce.Problems, c.want) {
			t.Errorf("got %v, want the problems %v", err, c.want)
		}
	}
	// The wording is what a person reads when a build is refused; it is
	// under test here, the kinds are decided above.
	err := checkClosure(parseGoList(std+RuntimePath+"|false|os/exec\n"+PysemPath+"|false|os/exec\n"), Real, nil)
	if want := "import closure refused: planrt imports os/exec, which the runtime may not; pysem imports os/exec, which the leaves of CPython behaviour may not"; err == nil || err.Error() != want {
		t.Errorf("the refusal reads %v, want %q", err, want)
	}
}

func TestBindingCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	for _, c := range []struct {
		src     string
		kind    Kind
		subject string
	}{
		{"package email\n\nfunc Send(addr string, msg string) error { return nil }\n", NoBinding, "send_email"},
		{"package email\n\nfunc SendEmail(addr string) error { return nil }\n", BindingSignature, "send_email"},
		{"package email\n\nfunc SendEmail(addr string, msg int) error { return nil }\n", BindingSignature, "send_email"},
		{"package email\n\nfunc SendEmail(addr string, msg string) (int64, error) { return 0, nil }\n", BindingSignature, "send_email"},
		{"package email\n\nfunc SendEmail(addr string, msg string) error { return undefined }\n", LayerDoesNotCompile, "tools.email.trusted"},
	} {
		prog := tempLayer(t, c.src)
		err := buildErr(t, prog, Simulate)
		var e *BuildError
		if !isRefusal(err, c.kind, c.subject) || !errors.As(err, &e) || c.kind != LayerDoesNotCompile && e.Pos != prog.Effects[0].Pos.String() {
			t.Errorf("got %v, want %v of %s at %s", err, c.kind, c.subject, prog.Effects[0].Pos)
		}
	}
	// The wording is what a layer's author reads; it is under test here,
	// the kind is decided above.
	short := tempLayer(t, "package email\n\nfunc SendEmail(addr string) error { return nil }\n")
	layerDir := filepath.Dir(short.Effects[0].Pos.File)
	if err, want := buildErr(t, short, Simulate), short.Effects[0].Pos.String()+": send_email(addr: str, msg: str) has no Go implementation: SendEmail in package email ("+layerDir+") has signature func(addr string) error, want func SendEmail(addr string, msg string) error"; err.Error() != want {
		t.Errorf("the refusal reads %q, want %q", err, want)
	}
	// A signature without an error result is accepted for a None effect.
	prog := tempLayer(t, "package email\n\nfunc SendEmail(addr string, msg string) {}\n")
	layers, err := resolveLayers(prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := writeBuildFolder(dir, layers, false); err != nil {
		t.Fatal(err)
	}
	tc, env := testToolchain(t)
	b, err := bindLayers(context.Background(), tc.runGo, dir, env, layers)
	if err != nil {
		t.Fatal(err)
	}
	if got := b["send_email"]; got.Func != "SendEmail" || got.HasError || got.HasValue {
		t.Errorf("binding %+v", got)
	}
}

// TestBuildSimulateResults builds a plan whose effect returns a value,
// with a postcondition, and runs it on simulated results.
func TestBuildSimulateResults(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	dir := filepath.Join(t.TempDir(), "tools", "bank", "trusted")
	os.MkdirAll(dir, 0o755)
	effects := filepath.Join(dir, "effects.py")
	os.WriteFile(effects, []byte("# stub\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "bank.go"), []byte("package bank\n\n// Balance is a test fixture.\nfunc Balance(account string) (int64, error) { return 0, nil }\n"), 0o644)
	r := &ir.Local{Name: "result", Type: ir.Int}
	balance := &ir.Effect{
		Pos: ir.Pos{File: effects, Line: 3, Col: 1}, Name: "balance", Module: "tools.bank.trusted.effects",
		Params: []*ir.Param{{Name: "account", Type: ir.Str}}, Result: ir.Int,
		Ensures: []*ir.Condition{{Source: "lambda result: result >= 0", Pred: &ir.Lambda{Params: []*ir.Local{r}, Body: cmp(ref(r), ir.GtE, ci(0))}}},
	}
	mb := newFn("plan.py", "main", 1, ir.None)
	acct := mb.param("account", ir.Str)
	i := mb.local("i", ir.Int)
	b := mb.local("b", ir.Int)
	main := mb.body(forStmt(i, rng(0, 3, 1),
		assign(b, &ir.EffectCall{Effect: balance, Args: []ir.Expr{ref(acct)}}),
		printCall(fstr(lit("balance of "), field(ref(acct), ""), lit(": "), field(ref(b), ">5")), ref(i)),
	))
	prog := program("plan.py", main, []*ir.Func{main}, balance)
	if err := ir.Verify(prog); err != nil {
		t.Fatal(err)
	}
	res, err := Build(context.Background(), prog, []byte("balances"), BuildOptions{Mode: Simulate, CacheDir: sharedCache})
	if err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(t.TempDir(), "results.json")
	os.WriteFile(results, []byte(`{"balance": [100, 7, -5]}`), 0o644)
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	code, stdout, stderr := runBinary(t, res.Binary, nil, "--effects", results, "--trace", trace, "--arg", `account="chéque"`)
	wantOut := "balance of chéque:   100 0\nbalance of chéque:     7 1\n"
	wantErr := "ContractError: postcondition of balance failed: lambda result: result >= 0\n"
	if code != 1 || stdout != wantOut || stderr != wantErr {
		t.Errorf("exit %d\nstdout %q\nwant   %q\nstderr %q\nwant   %q", code, stdout, wantOut, stderr, wantErr)
	}
	got, _ := os.ReadFile(trace)
	if want := strings.Repeat(`{"effect":"balance","args":{"account":"chéque"}}`+"\n", 3); string(got) != want {
		t.Errorf("trace %q", got)
	}
	os.WriteFile(results, []byte(`{"balance": [1]}`), 0o644)
	code, _, stderr = runBinary(t, res.Binary, nil, "--effects", results, "--arg", `account="x"`)
	if code != 2 || !strings.HasSuffix(stderr, "simulate: no result left for balance (call 2)\n") {
		t.Errorf("out of results: exit %d, %q", code, stderr)
	}
}
