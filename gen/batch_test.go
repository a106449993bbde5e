package gen

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBatchLeavesOutFailingPackage: a plan whose package the go command
// rejects is named in Refused with the compiler's errors and left out of
// the next build; the other plans are built. The go command is faked for
// `go build` only.
func TestBatchLeavesOutFailingPackage(t *testing.T) {
	tc, _ := testToolchain(t)
	var builds []string
	fake := func(ctx context.Context, dir string, env []string, stderr io.Writer, args ...string) ([]byte, error) {
		if len(args) == 0 || args[0] != "build" {
			return tc.runGo(ctx, dir, env, stderr, args...)
		}
		main, err := os.ReadFile(filepath.Join(dir, "main.go"))
		if err != nil {
			return nil, err
		}
		builds = append(builds, string(main))
		if len(builds) == 1 {
			io.WriteString(stderr, "# "+buildModule+"/plans/p1\nplans/p1/plan.go:9:2: undefined: nope\n")
			return nil, os.ErrInvalid
		}
		return nil, nil
	}
	var plans []BatchPlan
	for _, h := range handmades[:3] {
		plans = append(plans, BatchPlan{Name: h.name, Prog: h.prog(), Src: []byte(h.name)})
	}
	b, err := BuildBatch(context.Background(), t.TempDir(), plans, BuildOptions{Mode: Simulate, Go: fake})
	if err != nil {
		t.Fatal(err)
	}
	if len(builds) != 2 {
		t.Fatalf("%d builds, want 2 (the second without the failing package)", len(builds))
	}
	bad := plans[1].Name
	if err := b.Refused[bad]; !isRefusal(err, PlanDoesNotCompile, bad) {
		t.Errorf("Refused[%s] = %v, want PlanDoesNotCompile of %s", bad, err, bad)
	} else if !strings.Contains(err.Error(), "plans/p1/plan.go:9:2: undefined: nope") {
		// Not a kind check: the refusal must carry the compiler's own
		// diagnostic, which is what the person fixing the plan reads.
		t.Errorf("Refused[%s] = %v, want it to show the compiler's error", bad, err)
	}
	if len(b.Refused) != 1 {
		t.Errorf("Refused = %v, want only %s", b.Refused, bad)
	}
	if strings.Contains(builds[1], "plans/p1\"") || strings.Contains(builds[1], `"`+bad+`"`) {
		t.Errorf("the second build still links %s:\n%s", bad, builds[1])
	}
	for _, p := range []BatchPlan{plans[0], plans[2]} {
		if !strings.Contains(builds[1], `case "`+p.Name+`"`) {
			t.Errorf("the second build does not dispatch %s:\n%s", p.Name, builds[1])
		}
	}

	// A failure the go command does not pin on a plan's package fails
	// the whole batch.
	failAll := func(ctx context.Context, dir string, env []string, stderr io.Writer, args ...string) ([]byte, error) {
		if args[0] == "build" {
			io.WriteString(stderr, "go: cannot find main module\n")
			return nil, os.ErrInvalid
		}
		return tc.runGo(ctx, dir, env, stderr, args...)
	}
	if _, err := BuildBatch(context.Background(), t.TempDir(), plans, BuildOptions{Mode: Simulate, Go: failAll}); err == nil {
		t.Error("a batch whose build failed without naming a plan was built")
	}
	if _, err := BuildBatch(context.Background(), t.TempDir(), plans, BuildOptions{Mode: Real}); err == nil {
		t.Error("a real-mode batch was built")
	}
	dup := []BatchPlan{plans[0], plans[0]}
	if _, err := BuildBatch(context.Background(), t.TempDir(), dup, BuildOptions{Mode: Simulate, Go: fake}); err == nil {
		t.Error("a batch with two plans of one name was built")
	}
}

// TestBatchRunsLikeSealedBinary builds a corpus plan as a sealed binary
// and in a batch: `BATCH NAME --plan-hash` prints the sealed binary's plan
// hash and a run prints the same; an unknown name is a usage error.
func TestBatchRunsLikeSealedBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	prog, src := compileCorpus(t, "email_only_bob_pass")
	sealed, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: t.TempDir()}) // not sharedCache: TestBuildSimulateAndCache wants its first build cold
	if err != nil {
		t.Fatal(err)
	}
	loops := handmades[0]
	b, err := BuildBatch(context.Background(), t.TempDir(), []BatchPlan{
		{Name: "email", Prog: prog, Src: src},
		{Name: loops.name, Prog: loops.prog(), Src: []byte(loops.name)},
	}, BuildOptions{Mode: Simulate})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Refused) != 0 {
		t.Fatalf("refused: %v", b.Refused)
	}
	_, hash, _ := runBinary(t, b.Binary, nil, "email", "--plan-hash")
	if strings.TrimSpace(hash) != sealed.PlanHash {
		t.Errorf("batch plan hash %q, sealed %q", strings.TrimSpace(hash), sealed.PlanHash)
	}
	trace := filepath.Join(t.TempDir(), "trace")
	code, out, errOut := runBinary(t, b.Binary, nil, "email", "--trace", trace)
	scode, sout, serr := runBinary(t, sealed.Binary, nil, "--trace", trace+".sealed")
	bt, _ := os.ReadFile(trace)
	st, _ := os.ReadFile(trace + ".sealed")
	if code != scode || out != sout || errOut != serr || string(bt) != string(st) || len(st) == 0 {
		t.Errorf("batch: %d %q %q %q; sealed: %d %q %q %q", code, out, errOut, bt, scode, sout, serr, st)
	}
	want, err := os.ReadFile(filepath.Join("testdata", loops.name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runBinary(t, b.Binary, nil, loops.name)
	lines := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
	got := out + "--- stderr\n"
	if last := lines[len(lines)-1]; last != "" {
		got += last + "\n"
	}
	if got += "--- exit " + strconv.Itoa(code) + "\n"; got != string(want) {
		t.Errorf("%s from the batch:\n%s\nwant (CPython's)\n%s", loops.name, got, want)
	}
	if code, _, errOut := runBinary(t, b.Binary, nil, "nosuch"); code != 2 || !strings.Contains(errOut, `no plan named "nosuch"`) {
		t.Errorf("unknown plan: exit %d, %q", code, errOut)
	}
}
