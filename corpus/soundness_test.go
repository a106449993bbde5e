package corpus

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/corpus/randplan"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover"
)

// soundnessPlans is how many random plans TestSoundness generates; `make
// fuzz` raises it with -soundness.plans.
var soundnessPlans = flag.Int("soundness.plans", 40, "random plans TestSoundness generates")

// soundnessRuns is how many random executions each proved plan gets.
const soundnessRuns = 30

// TestSoundness checks the prover against the interpreter (DESIGN.md 9):
// every plan it proves (the corpus's passing plans, and random plans with
// random guarantees over the email and bank layers) is run on many random
// inputs and effect results within the effects' postconditions, and a
// monitor checks every guarantee on every trace; no run may break a
// guarantee, fail a precondition or fail an assert or raise. Plans it
// refuses with a counterexample were replayed by the prover itself (a
// counterexample that does not replay is refused, see prover.replay).
func TestSoundness(t *testing.T) {
	mon, err := prover.NewMonitor()
	if err != nil {
		t.Fatal(err)
	}
	defer mon.Close()
	var progs []*ir.Program
	var names []string
	passing, err := filepath.Glob(filepath.Join("plans", "*_pass.py"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range passing {
		prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{"."}})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		progs, names = append(progs, prog), append(names, filepath.Base(path))
	}
	dir := t.TempDir()
	// What the prover does not encode yet (str methods, slices, numeric
	// builtins, format specs, sorted, dict mutation) only makes plans it
	// refuses; switched off, more random plans get proved and checked.
	opt := randplan.Options{Disabled: map[randplan.Feature]bool{}}
	for _, f := range []randplan.Feature{randplan.Store, randplan.Floats, randplan.StrMethods, randplan.Slices, randplan.Builtins,
		randplan.FStrSpecs, randplan.Sorted, randplan.DictOps, randplan.DictIter} {
		opt.Disabled[f] = true
	}
	r := rand.New(rand.NewSource(1))
	var tried, proved, failed, refused int
	reasons := map[string]int{}
	for seed := int64(1); seed <= int64(*soundnessPlans); seed++ {
		src := withGuarantees(randplan.Generate(seed, opt).Source, r)
		path := filepath.Join(dir, fmt.Sprintf("rand_%d.py", seed))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		tried++
		prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{"."}})
		if err != nil {
			refused++
			reasons[firstLine(err.Error())]++
			continue
		}
		res, err := prover.Prove(context.Background(), prog, prover.Options{})
		switch {
		case err != nil:
			refused++
			reasons[firstLine(err.Error())]++
		case res.Proved():
			proved++
			progs, names = append(progs, prog), append(names, src)
		default:
			failed++
		}
	}
	runs, broken := 0, 0
	for i, prog := range progs {
		res, err := prover.Prove(context.Background(), prog, prover.Options{})
		if err != nil || !res.Proved() {
			continue // a corpus plan's verdict is TestPlans' business
		}
		for k := range soundnessRuns {
			trace, outcome, ok := runRandom(t, prog, rand.New(rand.NewSource(int64(k))))
			if !ok {
				continue // the random results broke a postcondition: not a run within them
			}
			runs++
			if outcome != "" {
				broken++
				t.Errorf("%s: a proved plan failed at run time: %s", names[i], outcome)
				continue
			}
			for _, g := range prog.Guarantees {
				holds, err := mon.Holds(prog, g, trace)
				if err != nil {
					t.Fatalf("%s: monitor: %v", names[i], err)
				}
				if !holds {
					broken++
					t.Errorf("%s: proved guarantee %s broken by a run (seed %d):\n%v", names[i], g.Source, k, trace)
				}
			}
		}
	}
	for why, n := range reasons {
		t.Logf("refused %d: %s", n, why)
	}
	t.Logf("soundness: %d random plans tried (%d proved, %d failed with a replayed counterexample, %d refused), %d proved plans in all, %d runs, %d broken", tried, proved, failed, refused, len(progs), runs, broken)
}

// withGuarantees decorates a random plan's main with one to three random
// guarantees over the email and bank layers.
func withGuarantees(src string, r *rand.Rand) string {
	pool := []string{
		"emails.at_most(%d)", "emails.only(['bob@example.com', 'ann@example.com'])", "emails.unique_recipients()",
		"emails.none()", "emails.recipient_at_most('bob@example.com', %d)", "emails.content_length_at_most(%d)",
		"bank.max_spend(%d)", "bank.max_withdrawals(%d)", "bank.only_account('checking')",
	}
	var decos strings.Builder
	for range 1 + r.Intn(3) {
		g := pool[r.Intn(len(pool))]
		if strings.Contains(g, "%d") {
			g = fmt.Sprintf(g, r.Intn(40))
		}
		decos.WriteString("@clauz3.guarantee(" + g + ")\n")
	}
	src = strings.Replace(src, "import clauz3\n", "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.bank.trusted import contracts as bank\n", 1)
	return strings.Replace(src, "\ndef main(", "\n"+decos.String()+"def main(", 1)
}

// runRandom runs prog on random inputs and random effect results. It
// returns the trace, "" or what failed at run time (a precondition, an
// assert, a raise, a plan's own condition), and false when a random
// result broke a postcondition (the run is not within the effects'
// contracts) or the random inputs broke the target's own precondition
// (not a run within what the proof assumed).
func runRandom(t *testing.T, prog *ir.Program, r *rand.Rand) ([]prover.TraceCall, string, bool) {
	args := make([]interp.Value, len(prog.Target.Params))
	for i, p := range prog.Target.Params {
		args[i] = randomValue(r, p.Type)
	}
	host := &randomHost{r: r}
	err := interp.Run(context.Background(), prog, interp.Options{Host: host, Args: args})
	if host.duplicate {
		return nil, "", false // a result broke its row schema's __unique__
	}
	var ce *interp.ContractError
	var exc *interp.Exception
	var pce *interp.PlanContractError
	switch {
	case err == nil:
		return host.trace, "", true
	case errors.As(err, &ce) && ce.Kind == "postcondition":
		return nil, "", false
	case errors.As(err, &pce) && pce.Func == prog.Target.Name && pce.Kind == "precondition":
		return nil, "", false // inputs outside the target's own precondition, which the proof assumed
	case errors.As(err, &pce):
		return host.trace, err.Error(), true // a helper's condition, or the target's postcondition
	case errors.As(err, &ce):
		return host.trace, err.Error(), true
	case errors.As(err, &exc) && (exc.Class == "AssertionError" || isRaise(prog, exc.Pos)):
		return host.trace, fmt.Sprintf("%s at %s", err, exc.Pos), true
	case errors.As(err, &exc):
		// Other exceptions (ZeroDivisionError, IndexError, ...) cut the
		// trace short; the guarantees must hold of it all the same.
		return host.trace, "", true
	}
	t.Fatalf("run: %v", err)
	return nil, "", false
}

// isRaise reports whether a raise statement of the plan is at pos.
func isRaise(prog *ir.Program, pos ir.Pos) bool {
	found := false
	var walk func([]ir.Stmt)
	walk = func(ss []ir.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Raise:
				found = found || s.Pos == pos
			case *ir.If:
				walk(s.Then)
				walk(s.Else)
			case *ir.For:
				walk(s.Body)
			}
		}
	}
	for _, f := range prog.Funcs {
		walk(f.Body)
	}
	return found
}

// randomHost returns random results and records the trace.
type randomHost struct {
	r         *rand.Rand
	trace     []prover.TraceCall
	duplicate bool
}

func (h *randomHost) Call(_ context.Context, e *ir.Effect, args []interp.Value) (interp.Value, error) {
	h.trace = append(h.trace, prover.TraceCall{Effect: e, Args: args})
	if ir.IsBasic(e.Result, ir.KindNone) {
		return nil, nil
	}
	v := randomValue(h.r, e.Result)
	// the monitor reads column references off the rows queries returned
	h.trace[len(h.trace)-1].Result = v
	if l, ok := v.(*interp.List); ok {
		if row, isRow := e.Result.(*ir.List).Elem.(*ir.Row); isRow && !uniqueRows(row, l) {
			h.duplicate = true
		}
	}
	return v, nil
}

// uniqueRows checks the __unique__ columns of rows.
func uniqueRows(row *ir.Row, l *interp.List) bool {
	for _, col := range row.Unique {
		seen := map[interp.Value]bool{}
		for _, e := range l.Elems {
			v, _ := e.(*interp.Row).Field(col)
			if seen[v] {
				return false
			}
			seen[v] = true
		}
	}
	return true
}

var randomStrings = []string{"", "bob@example.com", "ann@example.com", "x", "@", "ops@corp.example", "a@corp.example", "root@example.com", "eve@elsewhere.example"}

// randomValue is a random value of t; lists have up to 12 elements, so
// results past a bound of 10 break the postcondition and are skipped.
func randomValue(r *rand.Rand, t ir.Type) interp.Value {
	switch t := t.(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindInt:
			return int64(r.Intn(61) - 20)
		case ir.KindBool:
			return r.Intn(2) == 0
		case ir.KindStr:
			return randomStrings[r.Intn(len(randomStrings))]
		case ir.KindFloat:
			return float64(r.Intn(100)) / 4
		}
		return nil
	case *ir.Row:
		row := &interp.Row{Type: t}
		for _, f := range t.Fields {
			row.Fields = append(row.Fields, randomValue(r, f.Type))
		}
		return row
	case *ir.List:
		l := &interp.List{}
		for range r.Intn(13) {
			l.Elems = append(l.Elems, randomValue(r, t.Elem))
		}
		return l
	case *ir.Optional:
		if r.Intn(3) == 0 {
			return nil
		}
		return randomValue(r, t.Elem)
	}
	return nil
}
