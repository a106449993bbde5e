package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
)

// RunInterp compiles the case's plan and runs it in the IR interpreter with
// a simulation host over the case's effect results. A refused plan is a
// *CompileError; a Python exception or failed contract is an Outcome with
// exit status 1; a simulation out of results has exit status 2 (see
// hostError); any other run-time failure of the interpreter is an Outcome
// with exit status 1 and the error's text, so it shows up as a difference
// rather than disappearing.
func RunInterp(ctx context.Context, c Case) (Outcome, error) {
	prog, _, err := Compile(c)
	if err != nil {
		return Outcome{}, err
	}
	return RunProgram(ctx, c, prog)
}

// RunProgram runs an already compiled program in the IR interpreter.
func RunProgram(ctx context.Context, c Case, prog *ir.Program) (Outcome, error) {
	args, err := programArgs(c, prog)
	if err != nil {
		return Outcome{}, err
	}
	var stdout, trace bytes.Buffer
	host, err := simHost(c, &trace)
	if err != nil {
		return Outcome{}, err
	}
	err = interp.Run(ctx, prog, interp.Options{Stdout: &stdout, Host: host, Args: args})
	out := Outcome{Stdout: stdout.String(), Trace: splitTrace(trace.Bytes())}
	if err != nil {
		if ctx.Err() != nil {
			return out, fmt.Errorf("interp: %s: %w", c.Name, ctx.Err())
		}
		out.Exit = 1
		var exc *interp.Exception
		var ce *interp.ContractError
		var pce *interp.PlanContractError
		switch {
		case errors.As(err, &exc):
			out.Error = NormaliseError(exc.Error())
		case errors.As(err, &ce):
			out.Error = NormaliseError(ce.Error())
		case errors.As(err, &pce):
			out.Error = NormaliseError(pce.Error())
		default:
			hostError(&out, err)
		}
	}
	return out, nil
}

// programArgs decodes the case's arguments for the target of prog, in
// its parameter order.
func programArgs(c Case, prog *ir.Program) ([]interp.Value, error) {
	raws, err := orderedArgs(c, prog.Target.Params)
	if err != nil {
		return nil, err
	}
	args := make([]interp.Value, len(raws))
	for i, raw := range raws {
		p := prog.Target.Params[i]
		v, err := FromJSON(p.Type, raw)
		if err != nil {
			return nil, fmt.Errorf("%s: argument %s: %v", c.Name, p.Name, err)
		}
		args[i] = v
	}
	return args, nil
}

// simHost is the simulation host over the case's effect results, writing
// the trace to trace.
func simHost(c Case, trace *bytes.Buffer) (*interp.SimHost, error) {
	effects := c.Effects
	if effects == nil {
		effects = []byte("{}")
	}
	host, err := interp.NewSimHost(effects, trace)
	if err != nil {
		return nil, fmt.Errorf("%s: simulation host: %v", c.Name, err)
	}
	return host, nil
}

// hostError renders a run-time failure that is not a Python exception,
// setting the exit status. A simulation that runs out of results for an
// effect is reported as a sealed binary reports it (runtime/doc.go): the
// message `simulate: no result left for E (call N)` alone, exit status 2;
// the interpreter's host returns it as an *interp.SimulationError wrapped
// with the call's position. Anything else is an interpreter failure, shown
// as such (exit status 1), so it surfaces as a difference.
func hostError(out *Outcome, err error) {
	var sim *interp.SimulationError
	if errors.As(err, &sim) {
		out.Exit, out.Error = 2, sim.Msg
		errors.As(err, &out.NoResult)
		return
	}
	out.Error = "interp error: " + lastLine(err.Error())
}

// FromJSON converts a JSON value to the interpreter value of type t:
// ints stay int64 (a JSON number with a fraction or exponent is refused
// for int), floats are float64 (JSON ints convert), lists, tuples, dicts
// (JSON object keys are converted to the key type), sets, T | None and
// rows (objects of their fields).
func FromJSON(t ir.Type, raw json.RawMessage) (interp.Value, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("trailing data after the JSON value")
	}
	return fromAny(t, v)
}

// object is a JSON object with its members in source order.
type object []member

type member struct {
	key string
	val any
}

func (o object) get(key string) (any, bool) {
	for _, m := range o {
		if m.key == key {
			return m.val, true
		}
	}
	return nil, false
}

// decodeOrdered decodes one JSON value like encoding/json with UseNumber,
// except that objects keep their member order (as object).
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('['):
		xs := []any{}
		for dec.More() {
			x, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			xs = append(xs, x)
		}
		_, err := dec.Token()
		return xs, err
	case json.Delim('{'):
		o := object{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			x, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			o = append(o, member{key: k.(string), val: x})
		}
		_, err := dec.Token()
		return o, err
	}
	return tok, nil
}

func fromAny(t ir.Type, v any) (interp.Value, error) {
	switch t := t.(type) {
	case *ir.Optional:
		if v == nil {
			return nil, nil
		}
		return fromAny(t.Elem, v)
	case *ir.Basic:
		switch t.Kind {
		case ir.KindNone:
			if v != nil {
				return nil, fmt.Errorf("want None, got %v", v)
			}
			return nil, nil
		case ir.KindBool:
			b, ok := v.(bool)
			if !ok {
				return nil, fmt.Errorf("want bool, got %v", v)
			}
			return b, nil
		case ir.KindStr:
			s, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("want str, got %v", v)
			}
			return s, nil
		case ir.KindInt:
			n, ok := v.(json.Number)
			if !ok {
				return nil, fmt.Errorf("want int, got %v", v)
			}
			i, err := strconv.ParseInt(n.String(), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("want a 64-bit int, got %s", n)
			}
			return i, nil
		case ir.KindFloat:
			n, ok := v.(json.Number)
			if !ok {
				return nil, fmt.Errorf("want float, got %v", v)
			}
			f, err := strconv.ParseFloat(n.String(), 64)
			if err != nil || math.IsInf(f, 0) {
				return nil, fmt.Errorf("want float, got %s", n)
			}
			return f, nil
		}
	case *ir.List:
		xs, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("want %s, got %v", t, v)
		}
		l := &interp.List{Elems: make([]interp.Value, len(xs))}
		for i, x := range xs {
			e, err := fromAny(t.Elem, x)
			if err != nil {
				return nil, err
			}
			l.Elems[i] = e
		}
		return l, nil
	case *ir.Tuple:
		xs, ok := v.([]any)
		if !ok || len(xs) != len(t.Elems) {
			return nil, fmt.Errorf("want %s, got %v", t, v)
		}
		tu := make(interp.Tuple, len(xs))
		for i, x := range xs {
			e, err := fromAny(t.Elems[i], x)
			if err != nil {
				return nil, err
			}
			tu[i] = e
		}
		return tu, nil
	case *ir.Set:
		xs, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("want %s, got %v", t, v)
		}
		s := interp.NewSet()
		for _, x := range xs {
			e, err := fromAny(t.Elem, x)
			if err != nil {
				return nil, err
			}
			s.Add(e)
		}
		return s, nil
	case *ir.Dict:
		o, ok := v.(object)
		if !ok {
			return nil, fmt.Errorf("want %s, got %v", t, v)
		}
		d := interp.NewDict()
		for _, m := range o {
			k, err := keyFromString(t.Key, m.key)
			if err != nil {
				return nil, err
			}
			x, err := fromAny(t.Value, m.val)
			if err != nil {
				return nil, err
			}
			d.Set(k, x)
		}
		return d, nil
	case *ir.Row:
		m, ok := v.(object)
		if !ok {
			return nil, fmt.Errorf("want %s, got %v", t, v)
		}
		r := &interp.Row{Type: t, Fields: make([]interp.Value, len(t.Fields))}
		for i, f := range t.Fields {
			x, ok := m.get(f.Name)
			if !ok {
				return nil, fmt.Errorf("row %s lacks field %s", t.Name, f.Name)
			}
			e, err := fromAny(f.Type, x)
			if err != nil {
				return nil, err
			}
			r.Fields[i] = e
		}
		return r, nil
	}
	return nil, fmt.Errorf("cannot convert JSON to %s", t)
}

// keyFromString converts a JSON object key to a dict key of type t, as
// the CPython stub does (int and float keys are parsed; bool keys are
// "true"/"false").
func keyFromString(t ir.Type, k string) (interp.Value, error) {
	switch {
	case ir.IsBasic(t, ir.KindStr):
		return k, nil
	case ir.IsBasic(t, ir.KindInt):
		i, err := strconv.ParseInt(strings.TrimSpace(k), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("dict key %q is not an int", k)
		}
		return i, nil
	case ir.IsBasic(t, ir.KindFloat):
		f, err := strconv.ParseFloat(strings.TrimSpace(k), 64)
		if err != nil {
			return nil, fmt.Errorf("dict key %q is not a float", k)
		}
		return f, nil
	case ir.IsBasic(t, ir.KindBool):
		return k == "true", nil
	}
	return nil, fmt.Errorf("dict keys of type %s cannot come from JSON", t)
}
