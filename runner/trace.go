package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// traceCall is one effect call of a run's trace, rendered, and how it
// failed ("" when it did not: its layer function returned a value).
type traceCall struct {
	Effect string // the effect's name, as the trace line gives it
	Call   string
	Failed string // "EffectError" or "SandboxError"
}

// failureKinds are the exceptions the runtime records a failed call as.
var failureKinds = map[string]bool{"EffectError": true, "SandboxError": true}

// renderTrace renders each call line of a sealed binary's trace,
// {"effect":"send_email","args":{"addr":"bob@example.com",...}}, as a call
// with its arguments in parameter order: send_email("bob@example.com", ...).
// A failure record, {"failed":"send_email","error":"EffectError"}, marks
// the call line right before it, which must be of that effect and not
// marked yet; anything else is an unreadable trace.
func renderTrace(data string) ([]traceCall, error) {
	var calls []traceCall
	for i, line := range strings.Split(strings.TrimRight(data, "\n"), "\n") {
		if line == "" {
			continue
		}
		var failure struct {
			Failed *string `json:"failed"`
			Error  string  `json:"error"`
		}
		if json.Unmarshal([]byte(line), &failure) == nil && failure.Failed != nil {
			last := len(calls) - 1
			switch {
			case !failureKinds[failure.Error]:
				return calls, fmt.Errorf("trace line %d: a call failed with %q, which is no failure the runtime records", i+1, failure.Error)
			case last < 0 || calls[last].Failed != "" || calls[last].Effect != *failure.Failed:
				return calls, fmt.Errorf("trace line %d: a failure of %q that does not follow its call", i+1, *failure.Failed)
			}
			calls[last].Failed = failure.Error
			continue
		}
		name, c, err := renderCall([]byte(line))
		if err != nil {
			return calls, fmt.Errorf("trace line %d: %v", i+1, err)
		}
		calls = append(calls, traceCall{Effect: name, Call: c})
	}
	return calls, nil
}

// renderCall returns the effect name of a call line and the call as
// code.
func renderCall(line []byte) (name, call string, err error) {
	var rec struct {
		Effect string          `json:"effect"`
		Args   json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(line, &rec); err != nil {
		return "", "", err
	}
	if rec.Effect == "" {
		return "", "", fmt.Errorf("no effect name")
	}
	dec := json.NewDecoder(bytes.NewReader(rec.Args))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", "", fmt.Errorf("args is not an object")
	}
	var args []string
	for dec.More() {
		if _, err := dec.Token(); err != nil { // the parameter name
			return "", "", err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return "", "", err
		}
		args = append(args, string(v))
	}
	return rec.Effect, rec.Effect + "(" + strings.Join(args, ", ") + ")", nil
}
