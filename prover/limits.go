package prover

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/clauz3/clauz3/prover/z3"
)

// Limits. A verdict must not depend on how busy the machine is, so the
// limit that decides when a check gives up is Z3's resource limit
// (rlimit, units of work), the same on a loaded machine as on an idle
// one; the wall clock (Options.Timeout per check, Options.Deadline over
// the whole proof) stays as the outer safety net, since Z3 4.8.12's
// string theory does some of its work without counting it.
const (
	// DefaultRlimit is the resource limit of one check when
	// Options.Rlimit is zero. Measured on the corpus, the hardest check
	// Z3 decides uses under 300,000 units; Z3 counts roughly 300 to 700
	// units per millisecond of CPU on this kind of machine, so this is a
	// few seconds of an idle core.
	DefaultRlimit = 3_000_000
	// DefaultDeadline bounds a whole proof when Options.Deadline is
	// zero.
	DefaultDeadline = 5 * time.Minute
	// searchShare: guesses, the small-model search and the bound
	// searches of sums get 1/searchShare of the rlimit: what they find
	// only shortens the proof.
	searchShare = 5
	// jointShare: a disjunction of many violations checked at once
	// (unsatTogether, provedTogether) gets 1/jointShare of the rlimit:
	// it is an attempt that only saves checks when it is quick, and
	// many string violations together can cost more than apart.
	jointShare = 100
	// repeatShare: the check that a repeated str stays short.
	repeatShare = 10
)

// limits are the full limits of one check.
func (x *executor) limits() z3.Limits {
	return z3.Limits{Timeout: x.timeout, Rlimit: x.rlimit}
}

// share is the limits of a check that gets 1/n of the rlimit. Its wall
// clock stays the full one: a shorter one would stop it sooner on a busy
// machine than on an idle one.
func (x *executor) share(n uint64) z3.Limits {
	if x.rlimit == 0 { // no resource limit (tests that build an executor)
		return x.limits()
	}
	return z3.Limits{Timeout: x.timeout, Rlimit: max(x.rlimit/n, 1)}
}

// gaveUpReason says why a check gave up, which limit stopped it and how
// to raise that limit; other errors keep their text.
func (x *executor) gaveUpReason(err error) string {
	var unknown *z3.UnknownError
	if !errors.As(err, &unknown) {
		return err.Error()
	}
	switch {
	case x.runCtx != nil && x.runCtx.Err() != nil:
		return "interrupted: the proof was abandoned (" + err.Error() + ")"
	case x.planCtx != nil && errors.Is(x.planCtx.Err(), context.DeadlineExceeded):
		return fmt.Sprintf("the proof's deadline of %v over all checks ran out (wall clock); raise it with clauz3 prove --deadline (Options.Deadline)", x.deadline)
	case unknown.Rlimit:
		return fmt.Sprintf("the solver's resource limit (rlimit %d per check) ran out on this obligation; raise it with clauz3 prove --rlimit (Options.Rlimit)", x.rlimit)
	case unknown.Timeout || unknown.Canceled:
		return fmt.Sprintf("the wall-clock limit of %v per check ran out on this obligation before its resource limit; the machine may be busy: raise it with --timeout (Options.Timeout)", x.timeout)
	}
	return err.Error()
}

// pastDeadline is the error of a check cancelled by the end of the
// proof (its deadline, or the caller abandoning it), once that end has
// come, and nil before: gaveUpReason and checkCode turn it into the
// refusal such a check gets.
func (x *executor) pastDeadline() error {
	if x.planCtx == nil || x.planCtx.Err() == nil {
		return nil
	}
	return &z3.UnknownError{Reason: "canceled", Canceled: true, Limited: true}
}
