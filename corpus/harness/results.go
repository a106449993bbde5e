package harness

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
)

// GeneratedResultsPerEffect is how many results GenerateResults draws for
// each effect: more calls than any corpus plan makes of one effect.
const GeneratedResultsPerEffect = 40

// GenerateResults draws a simulated results document (the format of
// interp.SimHost and of a sealed binary's --effects) for every effect of
// prog that returns a value: GeneratedResultsPerEffect results each, from
// a random source seeded with seed, so the same plan always gets the same
// document. The first result of each list-returning effect has elements.
// Each result is drawn from the effect's result type (lists of
// 0 to 6 elements, mostly non-empty; strs from a pool of addresses and
// words) and kept only if it passes the effect's postconditions and its
// rows' __unique__, checked by the interpreter itself, so that every
// engine runs the plan's loops on results within the effect's contract.
// An effect for which no fitting result turns up in 500 draws is an
// error: the caller must not fall back to running without results.
func GenerateResults(prog *ir.Program, seed int64) ([]byte, error) {
	r := rand.New(rand.NewSource(seed))
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for _, e := range prog.Effects {
		if ir.IsBasic(e.Result, ir.KindNone) {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		name, err := interp.ToJSON(e.Name)
		if err != nil {
			return nil, err
		}
		b.Write(name)
		b.WriteString(":[")
		for i := range GeneratedResultsPerEffect {
			v, err := fittingResult(r, e, i == 0)
			if err != nil {
				return nil, err
			}
			j, err := interp.ToJSON(v)
			if err != nil {
				return nil, fmt.Errorf("result %d of %s: %v", i+1, e.Name, err)
			}
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(j)
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// fittingResult draws results of e until one passes its postconditions
// and __unique__; with rows, a list result is not empty (most plans call
// a query once, and an empty first result would leave its loop unrun).
func fittingResult(r *rand.Rand, e *ir.Effect, rows bool) (interp.Value, error) {
	probe := probeProgram(e)
	var last error
	for range 500 {
		v, err := randomResult(r, e.Result)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name, err)
		}
		if l, isList := v.(*interp.List); isList && rows && len(l.Elems) == 0 {
			continue
		}
		err = interp.Run(context.Background(), probe, interp.Options{Host: fixedHost{v}})
		var ce *interp.ContractError
		switch {
		case err == nil:
			return v, nil
		case errors.As(err, &ce) && ce.Kind == "postcondition":
			last = err
		default:
			return nil, fmt.Errorf("checking a result of %s: %v", e.Name, err)
		}
	}
	return nil, fmt.Errorf("no result drawn for %s passes its postconditions (last: %v)", e.Name, last)
}

// probeProgram calls a copy of e that keeps only its result type and
// postconditions, so the interpreter checks a candidate result exactly
// as it checks e's (the preconditions are about arguments, which a probe
// has none of).
func probeProgram(e *ir.Effect) *ir.Program {
	probe := &ir.Effect{Pos: e.Pos, Name: e.Name, Module: e.Module, Layer: e.Layer, Markers: e.Markers, Result: e.Result, Ensures: e.Ensures}
	main := &ir.Func{Pos: e.Pos, Name: "probe", Result: ir.None, Body: []ir.Stmt{&ir.ExprStmt{Pos: e.Pos, X: &ir.EffectCall{Pos: e.Pos, Effect: probe}}}}
	return &ir.Program{File: "probe", Funcs: []*ir.Func{main}, Target: main, Effects: []*ir.Effect{probe}}
}

// fixedHost answers every call with v.
type fixedHost struct{ v interp.Value }

func (h fixedHost) Call(context.Context, *ir.Effect, []interp.Value) (interp.Value, error) {
	return h.v, nil
}

var generatedStrings = []string{
	"ann@example.com", "bob@example.com", "cat@example.com", "dan@example.com", "eve@example.com",
	"fay@example.com", "gus@corp.example", "hal@corp.example", "ivy@example.org", "jo@example.com",
	"ops", "", "x", "Ann Smith", "admin@example.com", "kim@example.com",
}

// randomResult is a random value of t.
func randomResult(r *rand.Rand, t ir.Type) (interp.Value, error) {
	switch t := t.(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindInt:
			return int64(r.Intn(200) - 20), nil
		case ir.KindBool:
			return r.Intn(2) == 0, nil
		case ir.KindStr:
			return generatedStrings[r.Intn(len(generatedStrings))], nil
		case ir.KindFloat:
			return float64(r.Intn(400)) / 8, nil
		case ir.KindNone:
			return nil, nil
		}
	case *ir.Optional:
		if r.Intn(4) == 0 {
			return nil, nil
		}
		return randomResult(r, t.Elem)
	case *ir.List:
		n := 1 + r.Intn(6)
		if r.Intn(8) == 0 {
			n = 0
		}
		l := &interp.List{}
		for range n {
			v, err := randomResult(r, t.Elem)
			if err != nil {
				return nil, err
			}
			l.Elems = append(l.Elems, v)
		}
		return l, nil
	case *ir.Tuple:
		tu := make(interp.Tuple, len(t.Elems))
		for i, et := range t.Elems {
			v, err := randomResult(r, et)
			if err != nil {
				return nil, err
			}
			tu[i] = v
		}
		return tu, nil
	case *ir.Row:
		row := &interp.Row{Type: t}
		for _, f := range t.Fields {
			v, err := randomResult(r, f.Type)
			if err != nil {
				return nil, err
			}
			row.Fields = append(row.Fields, v)
		}
		return row, nil
	}
	return nil, fmt.Errorf("results of type %s are not generated", t)
}
