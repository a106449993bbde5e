package prover

import (
	"fmt"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover/z3"
)

// Monitor evaluates guarantees on concrete traces, as a runtime monitor
// would: the soundness checks run proved plans on many effect results and
// ask it whether each trace keeps each guarantee. It owns a Z3 context
// (ground formulas only, decided at once); use one per goroutine.
//
// Most traces are decided by simplifying the ground formula to true or
// false; the rest by a solver (executor.monitor).
type Monitor struct {
	ctx *z3.Context
	// solveOnly sends every trace to a solver: the reference the
	// folding is held to (NewSolvingMonitor).
	solveOnly bool
	stats     MonitorStats
}

// MonitorStats counts a monitor's decisions: the soundness check reports
// them, and its tests bound how many need a solver.
type MonitorStats struct {
	Decided int // calls of Holds that returned without an error
	Solved  int // of all calls, those whose formula went to a solver
}

// TraceCall is one trusted call of a concrete trace.
type TraceCall struct {
	Effect *ir.Effect
	Args   []interp.Value
	// Result is what the call returned (nil for None). A column
	// reference is decided from the rows of the results; a trace whose
	// calls returning values leave Result nil cannot decide one.
	Result interp.Value
}

// NewMonitor creates a monitor; Close releases it.
func NewMonitor() (*Monitor, error) {
	c, err := z3.NewContext()
	if err != nil {
		return nil, fmt.Errorf("prover: %w", err)
	}
	return &Monitor{ctx: c}, nil
}

// NewSolvingMonitor is a monitor that decides every trace with a solver,
// never by simplification: slower, and the reference a folding monitor's
// answers are compared with.
func NewSolvingMonitor() (*Monitor, error) {
	m, err := NewMonitor()
	if err != nil {
		return nil, err
	}
	m.solveOnly = true
	return m, nil
}

// Stats returns the counts so far.
func (m *Monitor) Stats() MonitorStats { return m.stats }

// Close releases the monitor's Z3 context.
func (m *Monitor) Close() { m.ctx.Close() }

// Holds reports whether the trace keeps the guarantee g of p. An error
// means the monitor could not decide (a value it cannot represent), which
// a caller must not read as "holds".
func (m *Monitor) Holds(p *ir.Program, g *ir.Guarantee, trace []TraceCall) (bool, error) {
	x := &executor{ctx: m.ctx, prog: p, columns: map[string]column{}, timeout: 10 * time.Second, rlimit: DefaultRlimit, alive: m.ctx.True(),
		monitorSolveOnly: m.solveOnly, monitorSolved: &m.stats.Solved}
	calls := make([]replayCall, len(trace))
	for i, c := range trace {
		calls[i] = replayCall{effect: c.Effect, args: c.Args, result: c.Result}
	}
	ok, err := x.monitor(g, calls)
	if err == nil {
		err = m.ctx.Err()
	}
	if err == nil {
		m.stats.Decided++
	}
	return ok, err
}
