package interp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// SimHost is the simulation host: it returns effect results recorded in
// a JSON document and writes the trace of the calls.
//
// The document maps an effect name to the results of its successive
// calls, e.g. {"balance": [100, 50], "db_query": [[{"email": "a@x.com"}]]}.
// Each result is converted to the effect's result type: JSON numbers to
// int (integral literals only) or float (an integral literal such as 100
// becomes 100.0, as the type says; CPython would keep the int, so write
// 100.0 for results compared with a CPython run), strings, booleans, null
// for None
// (and for T | None), arrays for lists, tuples and sets, objects for
// dicts (keys converted from their JSON string to the key type; an array
// of [key, value] pairs works too) and for rows (by field name, every
// field present and no other). An effect whose result type is None needs
// no entry.
//
// The trace is one JSON line per call that passed its preconditions,
// written before the result is returned:
//
//	{"effect":"send_email","args":{"addr":"bob@example.com","msg":"hi"}}
//
// byte for byte what Python's json.dumps(obj, ensure_ascii=False,
// separators=(",", ":")) writes for the same values.
type SimHost struct {
	mu      sync.Mutex
	results map[string][]*jsonValue
	calls   map[string]int
	trace   io.Writer
}

// NewSimHost reads the results document (empty means no results) and
// writes the trace to trace (nil discards it).
func NewSimHost(results []byte, trace io.Writer) (*SimHost, error) {
	h := &SimHost{results: map[string][]*jsonValue{}, calls: map[string]int{}, trace: trace}
	if len(bytes.TrimSpace(results)) == 0 {
		return h, nil
	}
	doc, err := parseJSON(results)
	if err != nil {
		return nil, &ResultsError{Msg: fmt.Sprintf("simulate: results: %v", err), Err: err}
	}
	if doc.kind != 'o' {
		return nil, &ResultsError{Msg: "simulate: results must be a JSON object mapping effect names to lists of results"}
	}
	for i, name := range doc.keys {
		v := doc.vals[i]
		if v.kind != 'a' {
			return nil, &ResultsError{Msg: fmt.Sprintf("simulate: results for %s must be a list (one result per call)", name)}
		}
		h.results[name] = v.arr
	}
	return h, nil
}

// Call implements Host.
func (h *SimHost) Call(ctx context.Context, e *ir.Effect, args []Value) (Value, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	h.calls[e.Name]++
	n := h.calls[e.Name]
	if h.trace != nil {
		line, err := TraceLine(e, args)
		if err != nil {
			return nil, &SimulationError{Msg: fmt.Sprintf("simulate: %s call %d: %v", e.Name, n, err)}
		}
		if _, err := h.trace.Write(line); err != nil {
			return nil, &SimulationError{Msg: "simulate: writing the trace: " + err.Error(), Err: err}
		}
	}
	queue := h.results[e.Name]
	if len(queue) == 0 {
		if ir.IsBasic(e.Result, ir.KindNone) {
			return nil, nil
		}
		nr := &NoResultError{Effect: e.Name, Call: n}
		return nil, &SimulationError{Msg: nr.Error(), Err: nr}
	}
	j := queue[0]
	h.results[e.Name] = queue[1:]
	v, err := fromJSON(j, e.Result, "result")
	if err != nil {
		return nil, &SimulationError{Msg: fmt.Sprintf("simulate: %s call %d: %v", e.Name, n, err)}
	}
	return v, nil
}

// TraceLine is the trace record of one effect call, with its newline.
func TraceLine(e *ir.Effect, args []Value) ([]byte, error) {
	if len(args) != len(e.Params) {
		return nil, fmt.Errorf("%s takes %d arguments, got %d", e.Name, len(e.Params), len(args))
	}
	var b bytes.Buffer
	b.WriteString(`{"effect":`)
	writeJSONString(&b, e.Name)
	b.WriteString(`,"args":{`)
	for i, p := range e.Params {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSONString(&b, p.Name)
		b.WriteByte(':')
		if err := writeJSON(&b, args[i]); err != nil {
			return nil, fmt.Errorf("argument %s: %v", p.Name, err)
		}
	}
	b.WriteString("}}\n")
	return b.Bytes(), nil
}

// ToJSON is json.dumps(v, ensure_ascii=False, separators=(",", ":")).
// Sets, which json.dumps refuses, are written as sorted arrays.
func ToJSON(v Value) ([]byte, error) {
	var b bytes.Buffer
	if err := writeJSON(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeJSONString is json.dumps(s, ensure_ascii=False).
func writeJSONString(b *bytes.Buffer, s string) { b.WriteString(pysem.JSONString(s)) }

func writeJSON(b *bytes.Buffer, v Value) error {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		b.WriteString(pysem.JSONFloat(x))
	case string:
		writeJSONString(b, x)
	case *List:
		return writeJSONArray(b, x.Elems)
	case Tuple:
		return writeJSONArray(b, x)
	case *Set:
		elems := x.Elems()
		sorted := append([]Value{}, elems...)
		if timsort(ir.Pos{}, sorted, sorted, false) == nil {
			elems = sorted
		}
		return writeJSONArray(b, elems)
	case *Dict:
		b.WriteByte('{')
		for i, it := range x.Items() {
			if i > 0 {
				b.WriteByte(',')
			}
			var k string
			switch kv := it[0].(type) {
			case string:
				k = kv
			case int64:
				k = strconv.FormatInt(kv, 10)
			case float64:
				k = pysem.JSONFloat(kv)
			case bool:
				k = "false"
				if kv {
					k = "true"
				}
			case nil:
				k = "null"
			default:
				return fmt.Errorf("keys must be str, int, float, bool or None, not %s", typeName(it[0]))
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			if err := writeJSON(b, it[1]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case *Row:
		b.WriteByte('{')
		for i, f := range x.Fields {
			if i > 0 {
				b.WriteByte(',')
			}
			name := fmt.Sprintf("_%d", i)
			if x.Type != nil && i < len(x.Type.Fields) {
				name = x.Type.Fields[i].Name
			}
			writeJSONString(b, name)
			b.WriteByte(':')
			if err := writeJSON(b, f); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("Object of type %s is not JSON serializable", typeName(v))
	}
	return nil
}

func writeJSONArray(b *bytes.Buffer, elems []Value) error {
	b.WriteByte('[')
	for i, e := range elems {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := writeJSON(b, e); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// jsonValue is a parsed JSON value that keeps the order of object keys.
type jsonValue struct {
	kind byte // 'n' null, 'b' bool, '0' number, 's' string, 'a' array, 'o' object
	b    bool
	num  string
	s    string
	arr  []*jsonValue
	keys []string
	vals []*jsonValue
}

func (j *jsonValue) kindName() string {
	switch j.kind {
	case 'n':
		return "null"
	case 'b':
		return "a boolean"
	case '0':
		return "a number"
	case 's':
		return "a string"
	case 'a':
		return "an array"
	}
	return "an object"
}

func parseJSON(data []byte) (*jsonValue, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parseJSONValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after the top-level value")
	}
	return v, nil
}

func parseJSONValue(dec *json.Decoder) (*jsonValue, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &jsonValue{kind: 'n'}, nil
	case bool:
		return &jsonValue{kind: 'b', b: t}, nil
	case json.Number:
		return &jsonValue{kind: '0', num: string(t)}, nil
	case string:
		return &jsonValue{kind: 's', s: t}, nil
	case json.Delim:
		switch t {
		case '[':
			v := &jsonValue{kind: 'a', arr: []*jsonValue{}}
			for dec.More() {
				e, err := parseJSONValue(dec)
				if err != nil {
					return nil, err
				}
				v.arr = append(v.arr, e)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return v, nil
		case '{':
			v := &jsonValue{kind: 'o'}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, errors.New("object key is not a string")
				}
				e, err := parseJSONValue(dec)
				if err != nil {
					return nil, err
				}
				// A repeated key keeps its first position and its last
				// value, as Python's json does.
				dup := false
				for i, old := range v.keys {
					if old == k {
						v.vals[i], dup = e, true
					}
				}
				if !dup {
					v.keys = append(v.keys, k)
					v.vals = append(v.vals, e)
				}
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return v, nil
		}
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// fromJSON converts a JSON result to a value of type t; path names the
// value in errors.
func fromJSON(j *jsonValue, t ir.Type, path string) (Value, error) {
	bad := func() error { return fmt.Errorf("%s: want %s, got %s", path, t, j.kindName()) }
	switch t := t.(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindNone:
			if j.kind != 'n' {
				return nil, bad()
			}
			return nil, nil
		case ir.KindBool:
			if j.kind != 'b' {
				return nil, bad()
			}
			return j.b, nil
		case ir.KindStr:
			if j.kind != 's' {
				return nil, bad()
			}
			return j.s, nil
		case ir.KindInt:
			if j.kind != '0' {
				return nil, bad()
			}
			if strings.ContainsAny(j.num, ".eE") {
				return nil, fmt.Errorf("%s: want int, got the non-integer number %s", path, j.num)
			}
			n, err := strconv.ParseInt(j.num, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s: %s does not fit in a 64-bit int", path, j.num)
			}
			return n, nil
		case ir.KindFloat:
			if j.kind != '0' {
				return nil, bad()
			}
			f, err := strconv.ParseFloat(j.num, 64)
			if err != nil {
				if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
					return nil, fmt.Errorf("%s: bad number %s", path, j.num)
				}
			}
			return f, nil
		}
	case *ir.Optional:
		if j.kind == 'n' {
			return nil, nil
		}
		return fromJSON(j, t.Elem, path)
	case *ir.List:
		if j.kind != 'a' {
			return nil, bad()
		}
		out := make([]Value, len(j.arr))
		for i, e := range j.arr {
			v, err := fromJSON(e, t.Elem, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return &List{Elems: out}, nil
	case *ir.Tuple:
		if j.kind != 'a' {
			return nil, bad()
		}
		if len(j.arr) != len(t.Elems) {
			return nil, fmt.Errorf("%s: want %s, got an array of %d elements", path, t, len(j.arr))
		}
		out := make(Tuple, len(j.arr))
		for i, e := range j.arr {
			v, err := fromJSON(e, t.Elems[i], fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case *ir.Set:
		if j.kind != 'a' {
			return nil, bad()
		}
		s := NewSet()
		for i, e := range j.arr {
			v, err := fromJSON(e, t.Elem, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			if n, ok := hashable(v); !ok {
				return nil, fmt.Errorf("%s[%d]: unhashable type: '%s'", path, i, n)
			}
			s.Add(v)
		}
		return s, nil
	case *ir.Dict:
		d := NewDict()
		switch j.kind {
		case 'o':
			for i, k := range j.keys {
				key, err := dictKeyFromJSON(k, t.Key)
				if err != nil {
					return nil, fmt.Errorf("%s: key %q: %v", path, k, err)
				}
				v, err := fromJSON(j.vals[i], t.Value, fmt.Sprintf("%s[%s]", path, pysem.ReprStr(k)))
				if err != nil {
					return nil, err
				}
				d.Set(key, v)
			}
		case 'a':
			for i, pair := range j.arr {
				p := fmt.Sprintf("%s[%d]", path, i)
				if pair.kind != 'a' || len(pair.arr) != 2 {
					return nil, fmt.Errorf("%s: want a [key, value] pair, got %s", p, pair.kindName())
				}
				k, err := fromJSON(pair.arr[0], t.Key, p+"[0]")
				if err != nil {
					return nil, err
				}
				if n, ok := hashable(k); !ok {
					return nil, fmt.Errorf("%s[0]: unhashable type: '%s'", p, n)
				}
				v, err := fromJSON(pair.arr[1], t.Value, p+"[1]")
				if err != nil {
					return nil, err
				}
				d.Set(k, v)
			}
		default:
			return nil, bad()
		}
		return d, nil
	case *ir.Row:
		if j.kind != 'o' {
			return nil, bad()
		}
		fields := make([]Value, len(t.Fields))
		seen := make([]bool, len(t.Fields))
		for i, k := range j.keys {
			fi := -1
			for n, f := range t.Fields {
				if f.Name == k {
					fi = n
				}
			}
			if fi < 0 {
				return nil, fmt.Errorf("%s: %s has no field %s", path, t.Name, k)
			}
			v, err := fromJSON(j.vals[i], t.Fields[fi].Type, path+"."+k)
			if err != nil {
				return nil, err
			}
			fields[fi], seen[fi] = v, true
		}
		var missing []string
		for n, f := range t.Fields {
			if !seen[n] {
				missing = append(missing, f.Name)
			}
		}
		if len(missing) > 0 {
			sort.Strings(missing)
			return nil, fmt.Errorf("%s: missing field %s of %s", path, strings.Join(missing, ", "), t.Name)
		}
		return &Row{Type: t, Fields: fields}, nil
	}
	return nil, fmt.Errorf("%s: results of type %s are not supported", path, t)
}

func dictKeyFromJSON(k string, t ir.Type) (Value, error) {
	switch {
	case ir.IsBasic(t, ir.KindStr):
		return k, nil
	case ir.IsBasic(t, ir.KindInt):
		n, err := strconv.ParseInt(k, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("want an int key")
		}
		return n, nil
	case ir.IsBasic(t, ir.KindFloat):
		f, err := strconv.ParseFloat(k, 64)
		if err != nil {
			return nil, fmt.Errorf("want a float key")
		}
		return f, nil
	case ir.IsBasic(t, ir.KindBool):
		switch k {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("want true or false")
	}
	return nil, fmt.Errorf("keys of type %s cannot come from a JSON object; use a list of [key, value] pairs", t)
}

// ParseValue converts one JSON document to a value of type t, by the
// rules the simulation host applies to effect results. The CLI uses it
// for the target's inputs (`clauz3 simulate --arg name=JSON`).
func ParseValue(data []byte, t ir.Type) (Value, error) {
	j, err := parseJSON(data)
	if err != nil {
		return nil, err
	}
	return fromJSON(j, t, "value")
}

// ResultsError is a results document NewSimHost cannot read: not JSON,
// or not an object of lists. The simulation never starts.
type ResultsError struct {
	Msg string
	Err error // the JSON parser's error, if any
}

func (e *ResultsError) Error() string { return e.Msg }
func (e *ResultsError) Unwrap() error { return e.Err }

// SimulationError is a simulation that cannot go on: no result left for
// an effect, a recorded result that does not fit the effect's type, a
// trace that cannot be written. It is not a plan outcome: a sealed binary
// in simulation mode reports the same message with exit status 2.
type SimulationError struct {
	Msg string
	Err error // the underlying failure, if any
}

func (e *SimulationError) Error() string { return e.Msg }

// NoResultError is a simulation that ran out of recorded results: call
// Call of Effect has none (a SimulationError wraps it; find it with
// errors.As). A sealed binary reports the same text with exit status 2.
type NoResultError struct {
	Effect string
	Call   int // 1-based, among the calls of Effect
}

func (e *NoResultError) Error() string {
	return fmt.Sprintf("simulate: no result left for %s (call %d)", e.Effect, e.Call)
}
func (e *SimulationError) Unwrap() error { return e.Err }
