package main

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/prover"
)

// TestReproveShowsAssumptions checks that the service's own re-proof
// hands the approval card the target's preconditions, as code and as a
// sentence: they are what the proof assumes.
func TestReproveShowsAssumptions(t *testing.T) {
	sp := &serviceProver{importRoot: filepath.Join("..", "..", "corpus"), timeout: 10 * time.Second}
	src := []byte(`import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda amount: 0 < amount <= 5)
@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    withdraw("checking", amount)
`)
	p, err := sp.reprove(context.Background(), "plan.py", src, "main")
	if err != nil {
		t.Fatal(err)
	}
	want := []approval.Assumption{{Source: "lambda amount: 0 < amount <= 5", English: "0 is less than the input amount and the input amount is at most 5."}}
	if len(p.Assumes) != 1 || p.Assumes[0] != want[0] {
		t.Errorf("Assumes = %+v, want %+v", p.Assumes, want)
	}
}

// TestReproveInParallel: the service's re-proofs run at once on contexts
// from its pool, each with its own verdict: a plan over the cap is
// refused while the plans under it are proved.
func TestReproveInParallel(t *testing.T) {
	sp := &serviceProver{importRoot: filepath.Join("..", "..", "corpus"), timeout: 10 * time.Second, contexts: prover.NewContexts(2)}
	defer sp.contexts.Close()
	plan := func(amount int) []byte {
		return []byte(fmt.Sprintf(`import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    withdraw("checking", %d)
`, amount))
	}
	amounts := []int{5, 6, 3, 9, 1, 2}
	errs := make([]error, len(amounts))
	var wg sync.WaitGroup
	for i, a := range amounts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = sp.reprove(context.Background(), "plan.py", plan(a), "main")
		}()
	}
	wg.Wait()
	for i, a := range amounts {
		if over := a > 5; (errs[i] != nil) != over {
			t.Errorf("withdraw %d: reprove error %v, want refused=%v", a, errs[i], over)
		}
	}
}
