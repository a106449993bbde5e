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
type Monitor struct {
	ctx *z3.Context
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

// Close releases the monitor's Z3 context.
func (m *Monitor) Close() { m.ctx.Close() }

// Holds reports whether the trace keeps the guarantee g of p. An error
// means the monitor could not decide (a value it cannot represent), which
// a caller must not read as "holds".
func (m *Monitor) Holds(p *ir.Program, g *ir.Guarantee, trace []TraceCall) (bool, error) {
	x := &executor{ctx: m.ctx, prog: p, columns: map[string]column{}, timeout: 10 * time.Second, rlimit: DefaultRlimit, alive: m.ctx.True()}
	calls := make([]replayCall, len(trace))
	for i, c := range trace {
		calls[i] = replayCall{effect: c.Effect, args: c.Args, result: c.Result}
	}
	ok, err := x.monitor(g, calls)
	if err == nil {
		err = m.ctx.Err()
	}
	return ok, err
}
