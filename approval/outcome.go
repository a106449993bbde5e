package approval

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// RunOutcome is how the service's run of an approved request ended, as
// the audit log recorded it: what ran and how it ended, for the card.
type RunOutcome struct {
	// Refused: the service did not run the plan (Reason says why).
	Refused bool   `json:"refused"`
	Reason  string `json:"reason,omitempty"`
	Exit    int    `json:"exit"`
	// Effects are the effect calls the sealed binary made, in order,
	// each as {"effect": name, "args": {param: value}}.
	Effects []TraceCall `json:"effects"`
	// Error is the start of the binary's error output when it failed.
	Error string `json:"error,omitempty"`
}

// TraceCall is one call line of a sealed binary's effect trace.
type TraceCall struct {
	Effect string                     `json:"effect"`
	Args   map[string]json.RawMessage `json:"args"`
	// FailedWith is the exception the call failed with ("EffectError",
	// "SandboxError"), from the failure record the runtime writes after
	// the call; "" if it returned.
	FailedWith string `json:"failed_with,omitempty"`
}

// unreadableTraceLine stands for a trace line that does not read.
var unreadableTraceLine = TraceCall{Effect: "(unreadable trace line)"}

// maxOutcomeError bounds the error text kept in the audit row.
const maxOutcomeError = 2000

// outcomeOf summarises a run result for its audit row. A trace line that
// does not read is kept as an effect named "(unreadable trace line)", so
// the card never shows fewer actions than ran. A failure record marks the
// call before it (TraceCall.FailedWith).
func outcomeOf(res RunResult) RunOutcome {
	o := RunOutcome{Exit: res.Exit, Effects: []TraceCall{}}
	for _, line := range strings.Split(strings.TrimRight(res.Trace, "\n"), "\n") {
		if line == "" {
			continue
		}
		var rec struct {
			TraceCall
			Failed *string `json:"failed"` // a failure record: the effect that failed
			Error  string  `json:"error"`  // and the exception it failed with
		}
		err := json.Unmarshal([]byte(line), &rec)
		switch last := len(o.Effects) - 1; {
		case err == nil && rec.Failed != nil:
			// The record follows the call it marks; one that does not
			// is unreadable, not a failure of some other call.
			if last < 0 || o.Effects[last].Effect != *rec.Failed || o.Effects[last].FailedWith != "" || rec.Error == "" || rec.Effect != "" {
				o.Effects = append(o.Effects, unreadable())
				continue
			}
			o.Effects[last].FailedWith = rec.Error
		case err != nil || rec.Effect == "" || rec.TraceCall.FailedWith != "":
			o.Effects = append(o.Effects, unreadable())
		default:
			o.Effects = append(o.Effects, rec.TraceCall)
		}
	}
	if res.Exit != 0 {
		o.Error = strings.TrimSpace(res.Stderr)
		if len(o.Error) > maxOutcomeError {
			o.Error = o.Error[:maxOutcomeError] + "…"
		}
	}
	return o
}

func unreadable() TraceCall {
	c := unreadableTraceLine
	c.Args = map[string]json.RawMessage{}
	return c
}

// Outcome reads how the last run of request id ended from the audit log
// (its run.finished row, or the run.refused row of a run the service
// began and could not complete: actor "service"); ok is false when it has
// not run. A run refused before anything began (not decided, not
// approved, ran already) is not an outcome of this request.
func (s *Store) Outcome(ctx context.Context, id string) (o RunOutcome, ok bool, err error) {
	var kind, detail string
	err = s.r.QueryRowContext(ctx, `SELECT kind, detail FROM audit WHERE request_id = ? AND (kind = 'run.finished' OR kind = 'run.refused' AND actor = 'service') ORDER BY seq DESC LIMIT 1`, id).Scan(&kind, &detail)
	if errors.Is(err, sql.ErrNoRows) {
		return RunOutcome{}, false, nil
	}
	if err != nil {
		return RunOutcome{}, false, fmt.Errorf("approval: store: the run of %s: %w", id, err)
	}
	if kind == "run.refused" {
		// The detail is "METHOD PATH: reason" (Service.refuse).
		if _, reason, ok := strings.Cut(detail, ": "); ok {
			detail = reason
		}
		return RunOutcome{Refused: true, Reason: detail, Effects: []TraceCall{}}, true, nil
	}
	if err := json.Unmarshal([]byte(detail), &o); err != nil {
		return RunOutcome{}, false, fmt.Errorf("approval: store: the run of %s: its audit row does not read: %w", id, err)
	}
	if o.Effects == nil {
		o.Effects = []TraceCall{}
	}
	return o, true, nil
}
