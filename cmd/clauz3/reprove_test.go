package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
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
