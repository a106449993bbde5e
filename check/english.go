package check

import (
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
)

// Sentence is one guarantee or assumption as a human reads it: its
// source, and its English, or why english could not render it. A clause
// english cannot render is shown as code only; it is still proved, so it
// refuses nothing.
type Sentence struct {
	Source  string
	English string // "" when Err is set
	Err     error
}

// Explained is the English of a plan: what it promises (its guarantees)
// and what its proof assumes about the target's inputs (the target's
// requires clauses), in source order.
type Explained struct {
	Guarantees  []Sentence
	Assumptions []Sentence
}

// Explain renders prog's guarantees and assumptions, the last step of the
// pipeline before a human sees a plan.
func Explain(prog *ir.Program) Explained {
	var out Explained
	for _, g := range prog.Guarantees {
		s := Sentence{Source: g.Source}
		s.English, s.Err = english.Guarantee(g)
		if s.Err != nil {
			s.English = ""
		}
		out.Guarantees = append(out.Guarantees, s)
	}
	if prog.Target == nil {
		return out
	}
	for _, c := range prog.Target.Requires {
		s := Sentence{Source: c.Source}
		s.English, s.Err = english.Assumption(prog.Target, c)
		if s.Err != nil {
			s.English = ""
		}
		out.Assumptions = append(out.Assumptions, s)
	}
	return out
}
