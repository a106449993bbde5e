package corpus

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/corpus/contractgen"
	"github.com/clauz3/clauz3/prover"
)

// z3CrashSeedEnv names the contractgen seed a child process of
// TestZ3CrashPlans proves, z3CrashVerdictEnv the file it writes its
// verdict to once the proof has ended: the parent decides on that file,
// not on the words of the child's log.
const (
	z3CrashSeedEnv    = "CLAUZ3_Z3_CRASH_SEED"
	z3CrashVerdictEnv = "CLAUZ3_Z3_CRASH_VERDICT"
)

// z3CrashSeeds are contractgen plans whose proof, with TestSoundness's
// limits, crashed the process with SIGSEGV inside Z3_solver_check (Z3
// 4.8.12): a solver checked again after checks the resource limit had
// stopped (prover/z3's doc.go, "Checks a limit stopped"). Seed 444 crashed
// every time, alone, on main 9aca252; its proof takes about 20 s of CPU.
var z3CrashSeeds = []int64{444}

// TestZ3CrashPlans proves each plan of z3CrashSeeds in a process of its
// own, as TestSoundness would, and requires the process to end normally
// with a verdict: a crash would take the test binary (and an approval
// service) down, so it is caught here as a failure that names the plan.
func TestZ3CrashPlans(t *testing.T) {
	if s := os.Getenv(z3CrashSeedEnv); s != "" {
		seed, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		proveCrashSeed(t, seed, os.Getenv(z3CrashVerdictEnv))
		return
	}
	for _, seed := range z3CrashSeeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			verdict := filepath.Join(t.TempDir(), "verdict")
			cmd := exec.Command(os.Args[0], "-test.run=^TestZ3CrashPlans$", "-test.v")
			cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d", z3CrashSeedEnv, seed), z3CrashVerdictEnv+"="+verdict)
			out, err := cmd.CombinedOutput()
			if err != nil {
				tail := string(out)
				if len(tail) > 3000 {
					tail = tail[:3000] + "\n..."
				}
				t.Fatalf("contractgen seed %d: the proof's process ended with %v (a crash is no verdict):\n%s", seed, err, tail)
			}
			v, err := os.ReadFile(verdict)
			if err != nil || len(v) == 0 {
				t.Fatalf("contractgen seed %d: the proof's process wrote no verdict (%v):\n%s", seed, err, out)
			}
			t.Logf("contractgen seed %d: verdict: %s", seed, v)
		})
	}
}

// proveCrashSeed is the child's part: prove one contractgen plan with
// TestSoundness's limits and write the verdicts to the file verdict.
func proveCrashSeed(t *testing.T, seed int64, verdict string) {
	if verdict == "" {
		t.Fatal(z3CrashVerdictEnv + " is not set")
	}
	path := filepath.Join(t.TempDir(), fmt.Sprintf("contractgen_%d.py", seed))
	if err := os.WriteFile(path, []byte(contractgen.Generate(seed).Source), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{"."}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := prover.Prove(context.Background(), prog, prover.Options{Rlimit: randomPlanRlimit, Timeout: randomPlanTimeout, Deadline: randomPlanDeadline})
	v := ""
	if err != nil {
		v = fmt.Sprintf("refused: %v", err)
	} else {
		var vs []string
		for _, o := range res.Obligations {
			vs = append(vs, fmt.Sprintf("%s %s", o.Status, o.Title()))
		}
		v = strings.Join(vs, "; ")
	}
	if err := os.WriteFile(verdict, []byte(v), 0o644); err != nil {
		t.Fatal(err)
	}
}
