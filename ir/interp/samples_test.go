package interp

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// The samples (samples_data_test.go, made by gen_samples.py) are random
// inputs with CPython 3.11's results: str methods on strings mixing
// special casing, final sigma, Unicode whitespace and line breaks;
// int()/float() parsing with underscores, prefixes, signs and Unicode
// digits; round() on random doubles.

func sampleLines(t *testing.T, data string) [][]any {
	t.Helper()
	var rows [][]any
	for _, line := range strings.Split(strings.TrimSpace(data), "\n") {
		var row []any
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		rows = append(rows, row)
	}
	return rows
}

func jsonArg(a any) Value {
	if f, ok := a.(float64); ok {
		return int64(f)
	}
	return a
}

func resultText(v Value, err error) string {
	if err != nil {
		if e, ok := err.(*Exception); ok {
			return "!!" + e.Msg
		}
		return "!!" + err.Error()
	}
	return repr(v)
}

func TestStrSamples(t *testing.T) {
	for _, row := range sampleLines(t, strSamples) {
		name, raw, want := row[0].(string), row[1].([]any), row[2].(string)
		args := make([]Value, len(raw))
		for i, a := range raw {
			args[i] = jsonArg(a)
		}
		s := args[0].(string)
		var v Value
		var err error
		switch name {
		case "slice":
			var start, step, n int64
			start, step, n, err = sliceIndices(ir.Pos{}, strLen(s), args[1], args[2], args[3])
			rs, out := []rune(s), []rune{}
			for i, k := int64(0), start; err == nil && i < n; i, k = i+1, k+step {
				out = append(out, rs[k])
			}
			v = string(out)
		case "repr":
			v = repr(s)
		case "lt":
			v, err = order(ir.Pos{}, ir.Lt, s, args[1])
		default:
			c := &bcall{in: &interp{}, e: &ir.Builtin{Name: "str." + name}, args: args[1:]}
			v, err = c.strMethod(s, name)
		}
		if got := resultText(v, err); got != want {
			t.Errorf("%s%s: got %s, CPython %s", name, repr(Tuple(args)), got, want)
		}
	}
}

func TestParseSamples(t *testing.T) {
	for _, row := range sampleLines(t, parseSamples) {
		s := row[0].(string)
		for k, w := range row[1:] {
			c := &bcall{in: &interp{}, e: &ir.Builtin{Name: "int"}}
			var v Value
			var err error
			switch k {
			case 1:
				c.args = []Value{s}
				v, err = c.toFloat()
			case 0:
				c.args = []Value{s}
				v, err = c.toInt()
			default:
				c.args = []Value{s, []int64{0, 0, 0, 16, 2}[k]}
				v, err = c.toInt()
			}
			if got := resultText(v, err); got != w.(string) {
				t.Errorf("case %d of %q: got %s, CPython %s", k, s, got, w)
			}
		}
	}
}

func TestRoundSamples(t *testing.T) {
	for _, row := range sampleLines(t, roundSamples) {
		x, err := strconv.ParseFloat(row[0].(string), 64)
		if err != nil {
			t.Fatal(err)
		}
		c := &bcall{in: &interp{}, e: &ir.Builtin{Name: "round"}, args: []Value{x}}
		if row[1] != nil {
			c.args = append(c.args, jsonArg(row[1]))
		}
		v, err := c.round()
		got := resultText(v, err)
		if e, ok := err.(*Exception); ok {
			got = "!!" + e.Error()
		}
		if got != row[2].(string) {
			t.Errorf("round(%v, %v): got %s, CPython %s", x, row[1], got, row[2])
		}
	}
}
