package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover"
)

// autoEffects is the value of --effects that generates the results.
const autoEffects = "auto"

// autoHost is the simulation host of `simulate --effects auto`: each
// effect's result is generated from its postconditions by the prover
// (prover.ExampleResult) on its first call and returned for every call
// of that effect, so a loop over calls gets the same value each time and
// the same plan gets the same results on every run. It writes the trace
// as interp.SimHost does and records what it returned, so the document
// can be printed for --effects F. A result that cannot be generated ends
// the simulation with the prover's reason (a SimulationError): a fixture
// is never made up. The interpreter checks each result against the
// effect's postconditions and row uniqueness as for any host.
type autoHost struct {
	mu    sync.Mutex
	trace io.Writer
	opts  prover.Options
	made  map[string]json.RawMessage // effect name -> generated result
	calls map[string]int             // effect name -> calls answered
}

func newAutoHost(trace io.Writer) *autoHost {
	return &autoHost{trace: trace, made: map[string]json.RawMessage{}, calls: map[string]int{}}
}

// Call implements interp.Host.
func (h *autoHost) Call(ctx context.Context, e *ir.Effect, args []interp.Value) (interp.Value, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n := h.calls[e.Name] + 1
	if h.trace != nil {
		line, err := interp.TraceLine(e, args)
		if err != nil {
			return nil, &interp.SimulationError{Msg: fmt.Sprintf("simulate: %s call %d: %v", e.Name, n, err)}
		}
		if _, err := h.trace.Write(line); err != nil {
			return nil, &interp.SimulationError{Msg: "simulate: writing the trace: " + err.Error(), Err: err}
		}
	}
	if ir.IsBasic(e.Result, ir.KindNone) {
		h.calls[e.Name] = n
		return nil, nil
	}
	raw, ok := h.made[e.Name]
	if !ok {
		var err error
		raw, err = prover.ExampleResult(ctx, e, h.opts)
		if err != nil {
			return nil, &interp.SimulationError{Msg: fmt.Sprintf("simulate: --effects auto cannot generate a result for %s: %v", e.Name, err), Err: err}
		}
		h.made[e.Name] = raw
	}
	v, err := interp.ParseValue(raw, e.Result)
	if err != nil {
		return nil, &interp.SimulationError{Msg: fmt.Sprintf("simulate: the result generated for %s (%s) does not fit %s: %v", e.Name, raw, e.Result, err)}
	}
	h.calls[e.Name] = n
	return v, nil
}

// document is the results document of the calls answered so far, in the
// form --effects F reads: each effect that returns a value, its result
// once per call, keys in name order.
func (h *autoHost) document() []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	names := make([]string, 0, len(h.made))
	for name := range h.made {
		if h.calls[name] > 0 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	doc := []byte("{")
	for i, name := range names {
		if i > 0 {
			doc = append(doc, ',')
		}
		key, _ := json.Marshal(name)
		doc = append(doc, key...)
		doc = append(doc, ":["...)
		for k := 0; k < h.calls[name]; k++ {
			if k > 0 {
				doc = append(doc, ',')
			}
			doc = append(doc, h.made[name]...)
		}
		doc = append(doc, ']')
	}
	return append(doc, '}')
}

// printGenerated says which results were generated, and the document to
// save for --effects F, on w (the simulation's stderr: stdout is the
// plan's own output).
func (h *autoHost) printGenerated(w io.Writer) {
	h.mu.Lock()
	var names []string
	for name := range h.made {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "clauz3 simulate: generated a result for %s from its postconditions: %s (returned to its %d call(s))\n", name, h.made[name], h.calls[name])
	}
	h.mu.Unlock()
	if len(names) == 0 {
		fmt.Fprintln(w, "clauz3 simulate: no result was generated: the plan called no effect that returns a value")
	}
	fmt.Fprintf(w, "clauz3 simulate: the results as a file for --effects F:\n%s\n", h.document())
}
