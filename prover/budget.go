package prover

import (
	"unicode/utf8"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Encoding budgets. Solver checks are bounded by Options.Timeout, but
// building the formulas is not: three nested range(100) loops unroll a
// million copies of their body, 28 doublings of a str literal build a
// string of 2**29 code points, and a helper calling itself twice per
// level inlines 2**64 bodies. Each budget below refuses such a plan at
// once, naming the budget and how far the plan went, instead of
// encoding for minutes and gigabytes.
const (
	// budgetIterations bounds the loop-body copies (for loops and
	// comprehension iterations) of one run, nested loops multiplying.
	budgetIterations = 20000
	// budgetSteps bounds the statements and expressions evaluated, every
	// unrolled iteration and inlined call counted again.
	budgetSteps = 300000
	// budgetElements bounds the elements of one list, tuple or dict
	// display or concatenation (appends are bounded by maxUnroll too).
	budgetElements = maxUnroll
	// budgetStrLen bounds, in code points, a str the encoder computes
	// from literals.
	budgetStrLen = 1 << 20
)

// budget counts what the encoding has spent so far.
type budget struct {
	iterations int
	steps      int
}

// budgetError is the refusal for a budget exceeded at pos.
func budgetError(pos ir.Pos, what string, size, limit int) error {
	return limitf(pos, "encoding budget exceeded: %s: %d, over the budget of %d; make the plan smaller", what, size, limit)
}

// step spends one statement or expression evaluation.
func (x *executor) step(pos ir.Pos) error {
	x.budget.steps++
	if x.budget.steps > budgetSteps {
		return budgetError(pos, "statements and expressions evaluated, counting every unrolled iteration and inlined call", x.budget.steps, budgetSteps)
	}
	return nil
}

// iteration spends one unrolled loop or comprehension iteration.
func (x *executor) iteration(pos ir.Pos) error {
	x.budget.iterations++
	if x.budget.iterations > budgetIterations {
		return budgetError(pos, "unrolled loop iterations in all, nested loops multiplying", x.budget.iterations, budgetIterations)
	}
	return nil
}

// elements refuses a display or concatenation of more than
// budgetElements elements.
func elements(pos ir.Pos, what string, n int) error {
	if n > budgetElements {
		return budgetError(pos, "elements of one "+what, n, budgetElements)
	}
	return nil
}

// strFits refuses a str literal the encoder computed that is longer than
// budgetStrLen code points; a symbolic str passes (its size is the
// solver's, bounded by the timeout).
func strFits(pos ir.Pos, t z3.Term) error {
	s, ok := t.StringValue()
	if !ok {
		return nil
	}
	if n := utf8.RuneCountInString(s); n > budgetStrLen {
		return budgetError(pos, "code points of one str computed from literals", n, budgetStrLen)
	}
	return nil
}
