package prover

import (
	"fmt"
	"strings"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
	"github.com/clauz3/clauz3/pysem"
)

// maxRepeat bounds the count of a str repetition encoded as a chain of
// concatenations; a count the solver cannot bound by it is refused.
const maxRepeat = 64

// maxRepeatChars is the longest str repetition result, in code points,
// the prover encodes: the interpreter and the sealed binary raise
// MemoryError when the result would exceed pysem.MaxAlloc (2**28) bytes,
// and a code point takes at most pysem.UTF8Max bytes in UTF-8, so below
// this no run raises. Between
// it and 2**28 code points whether a run raises depends on the bytes,
// which the string theory does not see, so a repetition the solver
// cannot keep below it is refused.
const maxRepeatChars = pysem.MaxAlloc / pysem.UTF8Max

// repeat is x * k (the IR puts the sequence first): a str repeated k
// times ("" when k <= 0), or a list of known length repeated a constant
// number of times.
func (x *executor) repeat(pos ir.Pos, e *ir.BinOp, a, b value, g z3.Term) (value, error) {
	k, ok := b.(z3.Term)
	if !ok {
		return nil, internalf(pos, "repetition count is a %T", b)
	}
	switch a := a.(type) {
	case z3.Term:
		return x.repeatStr(pos, e, a, k, g)
	case *seqValue:
		if _, isList := a.typ.(*ir.List); !isList || a.keys != nil {
			break
		}
		n, isConst := constInt(e.Y)
		if !isConst {
			return nil, unsupported(e.Y.Position(), "repeating a list by a count that is not a constant in a proof")
		}
		if err := bounded(pos, a, "repetition"); err != nil {
			return nil, err
		}
		if a.n.IsValid() || a.present != nil {
			return nil, unsupported(pos, "repeating a list whose length is not known in a proof")
		}
		if n > 0 && int64(len(a.elems))*n > maxUnroll {
			return nil, unsupported(pos, fmt.Sprintf("a list of more than %d elements", maxUnroll))
		}
		out := &seqValue{typ: a.typ, elems: []value{}}
		for range max(n, 0) {
			out.elems = append(out.elems, a.elems...)
		}
		return out, nil
	}
	return nil, unsupported(pos, fmt.Sprintf("operator %s on a %s in a proof", e.Op, e.X.Type()))
}

func (x *executor) repeatStr(pos ir.Pos, e *ir.BinOp, s, k z3.Term, g z3.Term) (value, error) {
	c := x.ctx
	if n, isConst := constInt(e.Y); isConst {
		if n <= 0 {
			return c.String(""), nil
		}
		if lit, known := s.StringValue(); known {
			if int64(len(lit)) > int64(maxRepeatChars)/n {
				return nil, unsupported(pos, fmt.Sprintf("a str repetition of more than %d characters", maxRepeatChars))
			}
			return c.String(strings.Repeat(lit, int(n))), nil
		}
		if n > maxRepeat {
			return nil, unsupported(e.Y.Position(), fmt.Sprintf("repeating a computed str more than %d times in a proof", maxRepeat))
		}
		parts := make([]z3.Term, n)
		for i := range parts {
			parts[i] = s
		}
		if err := x.repeatFits(pos, c.Le(c.Length(s), c.Int(maxRepeatChars/n)), g); err != nil {
			return nil, err
		}
		return c.Concat(parts...), nil
	}
	// A symbolic count: one concatenation per possible count, which
	// the solver must bound first.
	if within, err := x.provedUnder(g, c.Le(k, c.Int(maxRepeat)), x.limits()); !within {
		return nil, unsupported(e.Y.Position(), fmt.Sprintf("repeating a str by a count the prover cannot bound by %d%s", maxRepeat, solverReason(err)))
	}
	out := c.String("")
	prefix := c.String("")
	for i := 1; i <= maxRepeat; i++ {
		prefix = c.Concat(prefix, s)
		out = c.Ite(c.Eq(k, c.Int(int64(i))), prefix, out)
	}
	if err := x.repeatFits(pos, c.Le(c.Length(s), c.Int(maxRepeatChars/maxRepeat)), g); err != nil {
		return nil, err
	}
	return out, nil
}

// repeatFits refuses a repetition unless short, a bound on the repeated
// str that keeps the result within maxRepeatChars, is proved: a longer
// one may raise MemoryError in a run.
//
// A free operand makes Z3 look for a model with a string of tens of
// millions of characters, which takes it the whole timeout (10 s in
// TestRepeatRefused); the answer is a refusal either way, so the check
// gets a tenth of the resource limit (repeatShare) at most.
func (x *executor) repeatFits(pos ir.Pos, short, g z3.Term) error {
	if fits, err := x.provedUnder(g, short, x.share(repeatShare)); !fits {
		return unsupported(pos, fmt.Sprintf("a str repetition the prover cannot bound by %d characters (a longer one may raise MemoryError, depending on its bytes)%s", maxRepeatChars, solverReason(err)))
	}
	return nil
}

// provedUnder says whether claim holds on every execution reaching g,
// under the assumptions made so far. Any answer but unsat is "no", with
// the solver's error when there is one.
func (x *executor) provedUnder(g, claim z3.Term, l z3.Limits) (bool, error) {
	var s *z3.Solver
	if l == x.limits() {
		s = x.base()
		s.Push()
	} else {
		s = x.ctx.NewSolverLimits(l)
		for _, a := range x.assumptions {
			s.Assert(a)
		}
	}
	defer x.release(s)
	s.Assert(g)
	s.Assert(x.ctx.Not(claim))
	r, err := s.Check()
	return err == nil && r == z3.Unsat, err
}

// solverReason is ": <err>" for a check that ended in an error.
func solverReason(err error) string {
	if err == nil {
		return ""
	}
	return " (" + err.Error() + ")"
}
