package prover

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/clauz3/clauz3/ir"
)

// TestContextsVerdicts: proofs through a pool, several at once, give the
// verdicts of proofs that make their own context, and every proof gets a
// context no other proof used (its Cost counts only its own work).
func TestContextsVerdicts(t *testing.T) {
	pool := NewContexts(2)
	defer pool.Close()
	tos := []string{"u4@example.com", "u4", "mallory@evil.example"}
	want := make([]string, len(tos))
	for i, to := range tos {
		want[i] = report(prove(t, manySites(5, to)))
	}
	var wg sync.WaitGroup
	got := make([]string, 3*len(tos))
	cost := make([]Cost, 3*len(tos))
	errs := make([]error, 3*len(tos))
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := Prove(context.Background(), manySites(5, tos[i%len(tos)]), Options{Contexts: pool})
			if errs[i] = err; err == nil {
				got[i], cost[i] = report(res), res.Cost
			}
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil {
			t.Fatalf("proof %d: %v", i, errs[i])
		}
		if got[i] != want[i%len(tos)] {
			t.Errorf("proof %d through the pool:\n%s\nalone:\n%s", i, got[i], want[i%len(tos)])
		}
		if cost[i].Solvers > 5 {
			t.Errorf("proof %d counts %d solvers: its context was used before", i, cost[i].Solvers)
		}
	}
}

// TestContextsRecycle: a pool makes one context per slot and proves
// every later plan on a recycled one, with the verdicts and the cost of a
// proof that made its own context.
func TestContextsRecycle(t *testing.T) {
	pool := NewContexts(1)
	defer pool.Close()
	tos := []string{"u4@example.com", "u4", "mallory@evil.example"}
	for round := range 4 {
		for _, to := range tos {
			alone := prove(t, manySites(5, to))
			pooled := proveWith(t, manySites(5, to), Options{Contexts: pool})
			if got, want := report(pooled), report(alone); got != want {
				t.Errorf("round %d, %s, on a recycled context:\n%s\nalone:\n%s", round, to, got, want)
			}
			if pooled.Cost != alone.Cost {
				t.Errorf("round %d, %s: cost %+v on a recycled context, %+v alone", round, to, pooled.Cost, alone.Cost)
			}
		}
	}
	if n := pool.Made(); n != 1 {
		t.Errorf("a pool of one made %d contexts for 12 proofs", n)
	}
}

// TestContextsBound: a pool of one runs one proof at a time; a proof
// waiting for the slot whose context ends is refused with Canceled, never
// proved.
func TestContextsBound(t *testing.T) {
	pool := NewContexts(1)
	defer pool.Close()
	held, err := pool.take(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := Prove(ctx, manySites(2, "u1@example.com"), Options{Contexts: pool})
	if res != nil || ir.CodeOf(err, ir.UnknownCode) != ir.Canceled || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("proof waiting for a busy pool = %v, %v; want a Canceled refusal", res, err)
	}
	pool.give(held)
	if res := proveWith(t, manySites(2, "u1@example.com"), Options{Contexts: pool}); !res.Proved() {
		t.Fatalf("after the slot was freed:\n%s", report(res))
	}
}

// TestContextsClosed: after Close a pool still proves, each proof making
// its own context.
func TestContextsClosed(t *testing.T) {
	pool := NewContexts(1)
	pool.Close()
	pool.Close()
	if res := proveWith(t, manySites(2, "u1"), Options{Contexts: pool}); res.Proved() {
		t.Fatalf("a broken precondition proved through a closed pool:\n%s", report(res))
	}
}

func proveWith(t *testing.T, p *ir.Program, opts Options) *Result {
	t.Helper()
	res, err := Prove(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("Prove: %v", err)
	}
	return res
}
