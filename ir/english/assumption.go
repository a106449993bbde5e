package english

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
)

// Assumption renders a precondition the plan wrote on its target (one of
// fn.Requires): the one fact about the target's inputs the proof assumes,
// e.g. "The input amount is at most 5." Each lambda parameter reads as
// "the input <name>".
func Assumption(fn *ir.Func, c *ir.Condition) (string, error) {
	if fn == nil || c == nil || c.Pred == nil {
		return "", errorf(Missing, "english: assumption without a predicate")
	}
	r := &renderer{}
	for _, p := range c.Pred.Params {
		r.named(p, "the input "+p.Name)
	}
	s, err := r.pred(c.Pred.Body)
	if err != nil {
		return "", fmt.Errorf("english: %s: precondition of %s: %w", c.Pos, fn.Name, err)
	}
	return capitalize(s) + ".", nil
}
