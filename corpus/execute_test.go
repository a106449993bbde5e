package corpus

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/corpus/contractgen"
	"github.com/clauz3/clauz3/corpus/harness"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover"
)

// TestExecuteRandomPlans runs contract-shaped random plans (contractgen,
// inside what the prover decides) on random inputs and effect results in
// the interpreter and in the prover's own encoding (prover.Execute), with
// the same results in the same order: the traces and whether the run
// raised must be the same. The differential does this for the corpus's
// plans; these reach combinations nobody wrote. A run the encoding cannot
// represent (proverRefusal, as in the differential: contractgen's edge
// shapes include loops a proof refuses) is counted, and most runs must be
// compared.
func TestExecuteRandomPlans(t *testing.T) {
	const plans, runs = 20, 2
	dir := t.TempDir()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	compared, refused := 0, 0
	for seed := int64(1); seed <= plans; seed++ {
		p := contractgen.Generate(seed)
		path := filepath.Join(dir, fmt.Sprintf("contractgen_%d.py", seed))
		if err := os.WriteFile(path, []byte(p.Source), 0o644); err != nil {
			t.Fatal(err)
		}
		prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{root}})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for k := range int64(runs) {
			r := rand.New(rand.NewSource(seed*100 + k))
			args := make([]interp.Value, len(prog.Target.Params))
			for i, prm := range prog.Target.Params {
				args[i] = randomValue(r, prm.Type)
			}
			results := seed*1000 + k
			in := &tracingHost{next: &randomHost{r: rand.New(rand.NewSource(results))}}
			pr := &tracingHost{next: &randomHost{r: rand.New(rand.NewSource(results))}}
			ierr := interp.Run(context.Background(), prog, interp.Options{Host: in, Args: args})
			ex, err := prover.Execute(context.Background(), prog, args, pr)
			switch _, notRepresented := proverRefusal(harness.EngineRun{Engine: (harness.Prover{}).Name(), Err: err}); {
			case notRepresented:
				refused++
				t.Logf("seed %d run %d: %v", seed, k, err)
				continue
			case err != nil:
				t.Fatalf("seed %d run %d: %v\n%s", seed, k, err, p.Source)
			}
			compared++
			if (ierr != nil) != ex.Raised || in.trace.String() != pr.trace.String() {
				t.Errorf("seed %d run %d: the interpreter ended with %v, the encoding raised: %v\ninterpreter's trace:\n%sencoding's trace:\n%splan:\n%s",
					seed, k, ierr, ex.Raised, in.trace.String(), pr.trace.String(), p.Source)
			}
		}
	}
	t.Logf("%d runs compared, %d the encoding could not represent", compared, refused)
	if 2*compared < plans*runs {
		t.Errorf("only %d of %d runs compared", compared, plans*runs)
	}
}

// tracingHost writes the trace line of each call (interp.TraceLine) and
// passes the call on.
type tracingHost struct {
	next  interp.Host
	trace bytes.Buffer
}

func (h *tracingHost) Call(ctx context.Context, e *ir.Effect, args []interp.Value) (interp.Value, error) {
	line, err := interp.TraceLine(e, args)
	if err != nil {
		return nil, err
	}
	h.trace.Write(line)
	return h.next.Call(ctx, e, args)
}
