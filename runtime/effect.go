package planrt

import (
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"

	"github.com/clauz3/clauz3/pysem"
)

// host is where effect calls go: the simulation host in simulate mode; in
// real mode the host a Gate admitted (receipt.go).
type host interface {
	// admit refuses (panics with *ApprovalError) a call that may not
	// start: in real mode, when no redeemed receipt is held.
	admit(c *Call)
	// record writes one trace line for a call that passed its
	// preconditions, before its result is produced.
	record(c *Call)
	// failed writes the trace record of a call whose layer function
	// returned an error, right after the call's own line: kind is the
	// exception it raises (EffectError, or SandboxError when the kernel
	// refused the operation). clauz3 run reads which call failed from it.
	failed(c *Call, kind string)
	// result produces the simulated result of c into ptr.
	result(c *Call, ptr any)
	// authorized reports whether real effects may run (a redeemed
	// receipt is held); always false in simulate mode.
	authorized() bool
}

// Call is one trusted effect call in progress. The generated wrapper of
// an effect makes one with Run.Begin, checks the preconditions with
// Require, then gets the result (Simulated in simulate mode, Perform in
// real mode) and checks the postconditions with Ensure.
type Call struct {
	Effect string
	run    *Run
	names  []string
	values []any
	n      int // 1-based number of this call among calls of Effect
}

// Begin starts a call of effect with its arguments as name, value pairs
// in parameter order. In a real binary it first checks that a redeemed
// receipt is held, before any precondition is evaluated.
func (r *Run) Begin(effect string, args ...any) *Call {
	c := &Call{Effect: effect, run: r}
	if r.host != nil {
		r.host.admit(c)
	}
	for i := 0; i+1 < len(args); i += 2 {
		c.names = append(c.names, args[i].(string))
		c.values = append(c.values, args[i+1])
	}
	return c
}

// Require checks one precondition clause at call time; clause is its
// source, for the message. A failure raises ContractError and the effect
// does not run (nor appear in the trace).
func (c *Call) Require(ok bool, clause string) {
	if !ok {
		Throw("ContractError", "precondition of "+c.Effect+" failed: "+clause)
	}
}

// Ensure checks one postcondition clause on the result.
func (c *Call) Ensure(ok bool, clause string) {
	if !ok {
		Throw("ContractError", "postcondition of "+c.Effect+" failed: "+clause)
	}
}

// PlanRequire checks one of the plan's own preconditions of its function
// fn (on a helper at every call; on the target through
// Program.Precondition), clause being its source. A failure raises
// ContractError, as deal does under CPython and the interpreter does.
func PlanRequire(ok bool, fn, clause string) {
	if !ok {
		Throw("ContractError", "precondition of "+fn+" failed: "+clause)
	}
}

// PlanEnsure checks one of the plan's own postconditions of fn on the
// value it returns.
func PlanEnsure(ok bool, fn, clause string) {
	if !ok {
		Throw("ContractError", "postcondition of "+fn+" failed: "+clause)
	}
}

// TraceLine is the call's trace record: {"effect":...,"args":{...}}.
func (c *Call) TraceLine() string {
	var b strings.Builder
	b.WriteString(`{"effect":`)
	b.WriteString(pysem.JSONString(c.Effect))
	b.WriteString(`,"args":{`)
	for i, n := range c.names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(pysem.JSONString(n))
		b.WriteByte(':')
		appendJSON(&b, c.values[i])
	}
	b.WriteString("}}")
	return b.String()
}

// Simulated finishes a call in simulate mode: it records the trace line,
// then returns the next simulated result of the effect.
func Simulated[T any](c *Call) T {
	if c.run == nil || c.run.host == nil {
		panic("planrt: effect called outside Main")
	}
	h := c.run.host
	c.n = c.run.count(c.Effect)
	h.record(c)
	var v T
	h.result(c, &v)
	return v
}

// simError ends a simulation that cannot go on (exit status 2).
type simError struct{ msg string }

type simHost struct {
	results map[string][]jsonValue
	trace   io.Writer
	file    *os.File
}

func newSimHost(effectsFile, traceFile string, stderr io.Writer) (*simHost, error) {
	h := &simHost{results: map[string][]jsonValue{}, trace: stderr}
	if effectsFile != "" {
		data, err := os.ReadFile(effectsFile)
		if err != nil {
			return nil, fmt.Errorf("simulate: %v", err)
		}
		v, err := parseJSON(string(data))
		if err != nil {
			return nil, fmt.Errorf("simulate: %s: %v", effectsFile, err)
		}
		obj, ok := v.(jsonObject)
		if !ok {
			return nil, fmt.Errorf("simulate: %s: want an object mapping effect names to lists of results", effectsFile)
		}
		for _, m := range obj {
			arr, ok := m.Value.([]jsonValue)
			if !ok {
				return nil, fmt.Errorf("simulate: %s: results of %s must be a list (one result per call)", effectsFile, m.Key)
			}
			h.results[m.Key] = arr
		}
	}
	if traceFile != "" {
		f, err := os.Create(traceFile)
		if err != nil {
			return nil, fmt.Errorf("simulate: %v", err)
		}
		h.file, h.trace = f, f
	}
	return h, nil
}

func (h *simHost) authorized() bool { return false }

func (h *simHost) admit(*Call) {}

// failed is never reached in simulation: a simulated call cannot fail in
// a layer (Perform refuses to run there).
func (h *simHost) failed(*Call, string) {}

func (h *simHost) close() {
	if h.file != nil {
		h.file.Close()
	}
}

func (h *simHost) record(c *Call) {
	io.WriteString(h.trace, c.TraceLine()+"\n")
}

func (h *simHost) result(c *Call, ptr any) {
	if _, isNone := ptr.(*NoneType); isNone {
		if rs, ok := h.results[c.Effect]; !ok || len(rs) < c.n {
			return // effects returning None need no entry
		}
	}
	rs := h.results[c.Effect]
	if len(rs) < c.n {
		panic(&simError{fmt.Sprintf("simulate: no result left for %s (call %d)", c.Effect, c.n)})
	}
	if err := decodeInto(ptr, rs[c.n-1]); err != nil {
		panic(&simError{fmt.Sprintf("simulate: result %d of %s: %v", c.n, c.Effect, err)})
	}
}

// Perform finishes a call in real mode: it checks again that a redeemed
// approval receipt is held (Begin did, before the preconditions), records
// the trace line and calls impl, the trusted layer's Go function; a
// returned error raises EffectError. Outside an admitted real run (no
// Main, simulate mode, no receipt) it refuses and impl never runs.
func Perform[T any](c *Call, impl func() (T, error)) T {
	if c.run == nil || c.run.host == nil || !c.run.host.authorized() {
		panic(&ApprovalError{Kind: NotRedeemed, Effect: c.Effect, Reason: "no redeemed receipt is held: " + c.Effect + " may not run"})
	}
	c.n = c.run.count(c.Effect)
	c.run.host.record(c)
	v, err := impl()
	if err != nil {
		if sb := c.run.sandbox; sb != nil {
			if why := sb.Denied(err); why != "" {
				c.run.host.failed(c, "SandboxError")
				panic(&SandboxError{"denied: " + c.Effect + ": " + why})
			}
		}
		c.run.host.failed(c, "EffectError")
		Throw("EffectError", c.Effect+": "+err.Error())
	}
	if r, above := aboveProvedRune(reflect.ValueOf(&v).Elem()); above {
		// The proof never considered such a value (pysem.MaxProvedRune):
		// the result is refused like one that breaks a postcondition.
		Throw("ContractError", fmt.Sprintf("postcondition of %s failed: its result holds U+%04X, above U+%04X, the largest character the prover represents", c.Effect, r, pysem.MaxProvedRune))
	}
	return v
}

// aboveProvedRune finds a character above pysem.MaxProvedRune in any str
// reachable from v (fields, elements, keys and values, pointers).
func aboveProvedRune(v reflect.Value) (rune, bool) {
	switch v.Kind() {
	case reflect.String:
		return pysem.AboveProvedRune(v.String())
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return 0, false
		}
		return aboveProvedRune(v.Elem())
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if r, ok := aboveProvedRune(v.Index(i)); ok {
				return r, true
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if r, ok := aboveProvedRune(v.Field(i)); ok {
				return r, true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if r, ok := aboveProvedRune(it.Key()); ok {
				return r, true
			}
			if r, ok := aboveProvedRune(it.Value()); ok {
				return r, true
			}
		}
	}
	return 0, false
}

// CheckUnique enforces one column of a row schema's __unique__ on a query
// result: no two rows may share the column. The prover assumes it (a
// distinct over rows is proved through it), so a result that breaks it is
// refused with ContractError before the plan sees it, like a failed
// postcondition. key reads the column of a row.
func CheckUnique[R any, K comparable](c *Call, rows []R, rowType, column string, key func(R) K) {
	seen := make(map[K]int, len(rows))
	for i, r := range rows {
		k := key(r)
		if j, dup := seen[k]; dup {
			Throw("ContractError", fmt.Sprintf("postcondition of %s failed: __unique__ of %s: result[%d] and result[%d] share %s == %s", c.Effect, rowType, j, i, column, Repr(k)))
		}
		seen[k] = i
	}
}
