package serve

import (
	"context"
	"errors"
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

// TestReproveWaitsForASlot: the service's proofs run at most len(slots)
// at once (one per core), so an agent that submits many plans at once
// cannot start a Z3 proof for each. With every slot taken, a re-proof
// waits, and gives up with its context rather than prove.
func TestReproveWaitsForASlot(t *testing.T) {
	sp := &serviceProver{importRoot: filepath.Join("..", "..", "corpus"), timeout: 10 * time.Second, slots: make(chan struct{}, 1)}
	sp.slots <- struct{}{} // another proof holds the only slot
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	src := []byte("import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"hi\")\n")
	if _, err := sp.reprove(ctx, "plan.py", src, "main"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a re-proof with every slot taken = %v, want it to wait and give up with its context", err)
	}
	<-sp.slots
	if _, err := sp.reprove(context.Background(), "plan.py", src, "main"); err != nil {
		t.Fatalf("a re-proof with a free slot: %v", err)
	}
	if len(sp.slots) != 0 {
		t.Errorf("the re-proof kept its slot")
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
