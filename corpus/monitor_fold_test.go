package corpus

import (
	"math/rand"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/prover"
)

// TestMonitorFolding holds the monitor's folding (a ground formula
// simplified to true or false, without a solver) to a monitor that
// decides every trace with a solver: on the traces of every passing
// corpus plan's random runs, on those traces repeated twice and on the
// empty trace (which break at_most, unique, spend and
// copied_to guarantees), both must answer the same. It also checks that
// folding decides most traces, which is what makes TestSoundness cheap.
func TestMonitorFolding(t *testing.T) {
	folding, err := prover.NewMonitor()
	if err != nil {
		t.Fatal(err)
	}
	defer folding.Close()
	solving, err := prover.NewSolvingMonitor()
	if err != nil {
		t.Fatal(err)
	}
	defer solving.Close()
	passing, err := filepath.Glob(filepath.Join("plans", "*_pass.py"))
	if err != nil {
		t.Fatal(err)
	}
	verdicts := map[bool]int{}
	for _, path := range passing {
		prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{"."}})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(prog.Guarantees) == 0 {
			continue
		}
		// the first seed whose run stays within the postconditions
		for seed := int64(0); seed < 5; seed++ {
			trace, _, ok := runRandom(t, prog, rand.New(rand.NewSource(seed)))
			if !ok {
				continue
			}
			twice := append(append([]prover.TraceCall{}, trace...), trace...)
			for _, tr := range [][]prover.TraceCall{trace, twice, nil} {
				for _, g := range prog.Guarantees {
					want, wantErr := solving.Holds(prog, g, tr)
					got, gotErr := folding.Holds(prog, g, tr)
					if (wantErr == nil) != (gotErr == nil) || got != want {
						t.Errorf("%s: guarantee %s on a trace of %d calls: folding says %v (%v), the solver %v (%v):\n%s",
							path, g.Source, len(tr), got, gotErr, want, wantErr, traceText(tr))
					}
					if wantErr == nil {
						verdicts[want]++
					}
				}
			}
			break
		}
	}
	fs, ss := folding.Stats(), solving.Stats()
	t.Logf("%d traces: %d kept, %d broken; the folding monitor sent %d to a solver", ss.Decided, verdicts[true], verdicts[false], fs.Solved)
	if verdicts[true] == 0 || verdicts[false] == 0 {
		t.Errorf("want traces that keep and traces that break a guarantee, got %v", verdicts)
	}
	if ss.Solved < ss.Decided {
		t.Errorf("the solving monitor sent %d of %d decided traces to a solver, want all", ss.Solved, ss.Decided)
	}
	if fs.Solved*4 > fs.Decided {
		t.Errorf("the folding monitor sent %d of %d traces to a solver, want under a quarter", fs.Solved, fs.Decided)
	}
}
