package prover

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// Counterexample is a concrete execution that breaks an obligation, read
// off a Z3 model.
type Counterexample struct {
	// Fields are the values that break it: the fields (or requires
	// parameters) of the offending call, e.g. addr = "ann@example.com".
	Fields []Binding
	// Summary states an aggregate's value, e.g. "sum = 6, must be <= 5".
	Summary string
	// Inputs are the target's free inputs.
	Inputs []Binding
	// Results are the values the trusted calls returned, named by the
	// plan's variable when the result was assigned to one, e.g.
	// rows = [UserRow(id=1, email="")].
	Results []Binding
	// Path lists the branches taken, in execution order, e.g.
	// "line 9: true".
	Path []string
	// Trace lists every trusted call the execution makes, in order: the
	// path it takes.
	Trace []Call
}

// Binding is a name and a value rendered like Go source (strings quoted).
type Binding struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Call is one trusted call of a counterexample's trace.
type Call struct {
	Effect string    `json:"effect"`
	Args   []Binding `json:"args"`
	Pos    ir.Pos    `json:"-"`
	At     string    `json:"at"`
}

// String renders the counterexample as the CLI prints it, one item per
// line, the first starting with "counterexample:".
func (c *Counterexample) String() string {
	var b strings.Builder
	b.WriteString("counterexample:")
	if len(c.Fields) > 0 {
		b.WriteString(" " + joinBindings(c.Fields))
	}
	if c.Summary != "" {
		if len(c.Fields) > 0 {
			b.WriteString(";")
		}
		b.WriteString(" " + c.Summary)
	}
	if len(c.Inputs) > 0 {
		b.WriteString("\ninputs: " + joinBindings(c.Inputs))
	}
	for _, r := range c.Results {
		b.WriteString("\nresult: " + r.Name + " = " + r.Value)
	}
	if len(c.Path) > 0 {
		b.WriteString("\npath: " + strings.Join(c.Path, ", "))
	}
	for _, call := range c.Trace {
		b.WriteString("\ncall: " + call.Effect + "(" + joinArgs(call.Args) + ") at " + call.At)
	}
	return b.String()
}

func joinBindings(bs []Binding) string {
	parts := make([]string, len(bs))
	for i, bd := range bs {
		parts[i] = bd.Name + " = " + bd.Value
	}
	return strings.Join(parts, ", ")
}

func joinArgs(bs []Binding) string {
	parts := make([]string, len(bs))
	for i, bd := range bs {
		parts[i] = bd.Name + "=" + bd.Value
	}
	return strings.Join(parts, ", ")
}

// explainFacts builds a counterexample naming the given fields of the
// offending facts, the free inputs and the trace of reached calls.
func (x *executor) explainFacts(mod *z3.Model, offending []*fact, fields []string, summary string) *Counterexample {
	cex := &Counterexample{Summary: summary}
	seen := map[string]bool{}
	for _, f := range offending {
		for _, name := range fields {
			for i, p := range f.effect.Params {
				if p.Name != name {
					continue
				}
				bd := Binding{Name: name, Value: render(mod, f.args[i])}
				key := bd.Name + "\x00" + bd.Value
				if !seen[key] {
					seen[key] = true
					cex.Fields = append(cex.Fields, bd)
				}
			}
		}
	}
	for _, in := range x.inputs {
		cex.Inputs = append(cex.Inputs, Binding{Name: in.name, Value: render(mod, in.term)})
	}
	for _, br := range x.branches {
		if !isTrue(mod, br.reached) {
			continue
		}
		taken := "false"
		if isTrue(mod, br.cond) {
			taken = "true"
		}
		cex.Path = append(cex.Path, fmt.Sprintf("line %d %s", br.pos.Line, taken))
	}
	for _, f := range x.facts {
		// a call that fails its precondition is shown: the run stops there
		if !isTrue(mod, f.attempted) {
			continue
		}
		// the first encoding lets a call whose precondition fails,
		// and what follows it, into the trace (decideExactly); the
		// run stops at that call, and so does what is shown
		failed := false
		for _, t := range f.requires {
			failed = failed || !isTrue(mod, t)
		}
		if _, isNone := f.result.(noneValue); !isNone && f.result != nil && isTrue(mod, f.reached) && !failed {
			name := f.label
			if name == "" {
				name = fmt.Sprintf("%s() at line %d", f.effect.Name, f.pos.Line)
			}
			cex.Results = append(cex.Results, Binding{Name: name, Value: render(mod, f.result)})
		}
		call := Call{Effect: f.effect.Name, Pos: f.pos, At: f.pos.String()}
		for i, p := range f.effect.Params {
			call.Args = append(call.Args, Binding{Name: p.Name, Value: render(mod, f.args[i])})
		}
		cex.Trace = append(cex.Trace, call)
		if failed {
			break
		}
	}
	return cex
}

// render prints a value as the model has it: strings Go-quoted, bools and
// None as Python spells them.
func render(mod *z3.Model, v value) string {
	switch v := v.(type) {
	case noneValue:
		return "None"
	case optValue:
		if some, ok := mod.Eval(v.some).BoolValue(); ok && !some {
			return "None"
		}
		return render(mod, v.val)
	case *rowValue:
		var parts []string
		for i, f := range v.typ.Fields {
			if v.fields[i] != nil {
				parts = append(parts, f.Name+"="+render(mod, v.fields[i]))
			}
		}
		return v.typ.Name + "(" + strings.Join(parts, ", ") + ")"
	case *seqValue:
		if v.unbounded != "" {
			if v.witness != nil {
				return render(mod, v.n) + " × [" + render(mod, v.witness) + "]"
			}
			return "<a list of " + render(mod, v.n) + " elements>"
		}
		var parts []string
		for i, e := range v.elems {
			if t := existsTerm(v, i); v.keys == nil && t.IsValid() && !isTrue(mod, t) {
				continue
			}
			part := render(mod, e)
			if v.keys != nil {
				part = render(mod, v.keys[i]) + ": " + part
			}
			parts = append(parts, part)
		}
		if v.keys != nil {
			return "{" + strings.Join(parts, ", ") + "}"
		}
		if _, isTuple := v.typ.(*ir.Tuple); isTuple {
			return "(" + strings.Join(parts, ", ") + ")"
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case z3.Term:
		t := mod.Eval(v)
		if b, ok := t.BoolValue(); ok {
			if b {
				return "True"
			}
			return "False"
		}
		if n, ok := t.BigIntValue(); ok {
			return n.String()
		}
		if s, ok := t.StringValue(); ok {
			return strconv.Quote(s)
		}
		return t.String()
	}
	return "?"
}

// existsTerm is seqValue element i's existence condition, without an
// executor (a model only evaluates it).
func existsTerm(s *seqValue, i int) z3.Term {
	switch {
	case s.present != nil:
		return s.present[i]
	case s.keys != nil:
		return z3.Term{}
	case s.n.IsValid():
		c := s.n.Context()
		return c.Lt(c.Int(int64(i)), s.n)
	}
	return z3.Term{}
}
