package card

import (
	"fmt"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
	"github.com/clauz3/clauz3/prover"
)

// Card is what the human is shown besides the guarantees: what the plan
// can do, what is known of it, and what deserves a second look.
type Card struct {
	// Warnings are shown first and loudly: an effect the plan can call
	// that no guarantee selects, a guarantee that selects nothing the
	// plan does, text that may not be what it looks like.
	Warnings   []Warning   `json:"warnings"`
	Inputs     []Input     `json:"inputs"`
	Effects    []Effect    `json:"effects"`
	Guarantees []Guarantee `json:"guarantees"`
	// Config is the configuration the service will give the layers the
	// plan uses (SetConfig); nil when the caller did not say.
	Config []Setting `json:"config,omitempty"`
	// Sandbox is what the run will be able to touch, one line a part
	// (files read-only and read-write, the secret store, network, limits:
	// the kernel sandbox the service builds it with, issue 15). Build
	// leaves it empty; the service's re-proof fills it.
	Sandbox []string `json:"sandbox,omitempty"`
}

// Warning kinds.
const (
	Uncovered     = "uncovered"      // a called effect no guarantee selects
	PartlyCovered = "partly_covered" // selected only in part (where(), shares_value, a lower bound)
	Vacuous       = "vacuous"        // a guarantee that selects no effect the plan calls
	Text          = "text"           // mixed-script, non-ASCII or invisible text in a literal
	Money         = "money"          // an amount whose unit the layer does not declare
	Unconfined    = "unconfined"     // the machine cannot confine the run: the service runs it anyway, or refuses it after approval
)

// Warning is one loud line of the card.
type Warning struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Call is the effect call (1-based index into Effects) an uncovered
	// or partly covered warning is about, so Fill can say it again with
	// the inputs of this run; 0 for the others.
	Call int `json:"call,omitempty"`
}

// Input is a parameter of the target: the value of this run is not fixed
// by the plan; the assumptions bound it.
type Input struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	Value string `json:"value"` // "" when the request fixes no value
}

// Effect is one call of a trusted effect the plan can make (statically:
// dead branches and helpers included).
type Effect struct {
	// Says is what the call does, in plain English, with its arguments
	// as far as they are known (the inputs of this run once Fill has
	// them); Action is what such a call does in general ("send an
	// email"); Where is the plan line ("plan.py line 7").
	Says   string `json:"says"`
	Action string `json:"action"`
	Where  string `json:"where"`
	// Name, Layer and At are the technical names: the effect function,
	// its layer package and the call's position.
	Name  string `json:"name"`
	Layer string `json:"layer"`
	At    string `json:"at"`
	Args  []Arg  `json:"args"`
	// Proved are the effect's preconditions, proved at this call.
	Proved []string `json:"proved"`
	// CoveredBy and PartlyBy are the guarantees that select every call
	// of this effect, or only some (prover.Selects).
	CoveredBy []string `json:"covered_by"`
	PartlyBy  []string `json:"partly_by"`
	// Template is the sentence Says is made from ({param} placeholders),
	// as the effect's layer declares it (or the generic one): kept so
	// Fill and Ran can say the call again with other values.
	Template string `json:"template"`
}

// Arg is one argument of an effect call and what the prover knows of it.
type Arg struct {
	// Label is the parameter in plain words ("recipient" for addr).
	Label string `json:"label"`
	Name  string `json:"name"`
	Type  string `json:"type"`
	// Kind is "constant" (Value is its Python literal), "input" (Value is
	// the target parameter it is) or "computed" (Value is the expression:
	// only the preconditions and the guarantees bound it).
	Kind  string `json:"kind"`
	Value string `json:"value"`
	// ASCII is the value with its domain in punycode, when that differs.
	ASCII string `json:"ascii,omitempty"`
	// Money is the amount with its unit, for a money argument; Unit and
	// Decimals are that unit ("cents", 2), empty when the layer declares
	// none.
	Money    string   `json:"money,omitempty"`
	Unit     string   `json:"unit,omitempty"`
	Decimals int      `json:"decimals,omitempty"`
	Flags    []string `json:"flags,omitempty"`
}

// Guarantee is one of the plan's guarantees and what it is about.
type Guarantee struct {
	Source string `json:"source"`
	// English is the guarantee in plain English (the ir/english sentence
	// without effect function or field names); About are the actions of
	// the plan it limits, in words.
	English string   `json:"english"`
	About   []string `json:"about"`
	// Selects lists the called effects whose every call it constrains;
	// Partly those it constrains only in part.
	Selects []string `json:"selects"`
	Partly  []string `json:"partly"`
	Waiver  bool     `json:"waiver"`
	// Vacuous: it selects none of the effects the plan can call, so it
	// holds whatever the plan does (a contract about something else, or
	// whose relation a changed marker no longer points at).
	Vacuous bool     `json:"vacuous"`
	Flags   []string `json:"flags,omitempty"` // about its literal arguments
}

// Build computes the card of a compiled program (the one the service
// proved) and its source. It refuses (an error) a program it cannot read
// whole, so a card never silently leaves out a call or a string.
func Build(p *ir.Program, src []byte) (*Card, error) {
	if p == nil || p.Target == nil {
		return nil, fmt.Errorf("card: no program or no target")
	}
	calls, err := prover.CalledEffects(p)
	if err != nil {
		return nil, fmt.Errorf("card: %w", err)
	}
	c := &Card{Warnings: []Warning{}, Inputs: []Input{}, Effects: []Effect{}, Guarantees: []Guarantee{}}
	// Text anywhere in the plan, not only in a literal argument: a
	// look-alike address may reach an effect through a variable, a
	// concatenation or an f-string, and a bidirectional override in a
	// comment can make the source read otherwise than it runs.
	flagged := map[int]bool{} // source lines already flagged
	for i, line := range strings.Split(string(src), "\n") {
		if fl := TextFlags(strings.TrimSuffix(line, "\r")); fl != nil {
			flagged[i+1] = true
			c.warn(Text, fmt.Sprintf("%s line %d: %s", fileName(p), i+1, strings.Join(fl, "; ")))
		}
	}
	consts, err := planStrings(p)
	if err != nil {
		return nil, err
	}
	for _, k := range consts {
		if flagged[k.pos.Line] {
			continue
		}
		if fl := TextFlags(k.s); fl != nil {
			flagged[k.pos.Line] = true // written with escapes: the source line reads as ASCII
			c.warn(Text, fmt.Sprintf("string %s at %s (written with escapes): %s", ir.PyRepr(k.s), k.pos, strings.Join(fl, "; ")))
		}
	}
	inputs := map[*ir.Local]bool{}
	for _, l := range p.Target.Params {
		inputs[l] = true
		c.Inputs = append(c.Inputs, Input{Name: l.Name, Type: typeString(l.Type)})
	}
	labels := map[string]string{} // field name -> plain label, for the guarantees' English
	for _, call := range calls {
		e := call.Effect
		ph := phraseOf(e)
		ef := Effect{Name: e.Name, Layer: e.Layer, At: call.Pos.String(), Action: ph.action, Template: ph.says,
			Where: fmt.Sprintf("%s line %d", fileName(p), call.Pos.Line), Args: []Arg{}, Proved: []string{}, CoveredBy: []string{}, PartlyBy: []string{}}
		for _, r := range e.Requires {
			ef.Proved = append(ef.Proved, r.Source)
		}
		for _, q := range e.Params {
			labels[q.Name] = label(e, q.Name)
		}
		for i, a := range call.Args {
			arg := describeArg(e, i, a, inputs)
			ef.Args = append(ef.Args, arg)
		}
		ef.Says = ef.sentence(nil)
		for _, arg := range ef.Args {
			for _, f := range arg.Flags {
				c.warn(Text, fmt.Sprintf("the %s in “%s” (%s) is %s: %s", arg.Label, ef.Says, ef.Where, arg.Value, f))
			}
			if arg.ASCII != "" {
				c.warn(Text, fmt.Sprintf("the %s in “%s” (%s) reads %s but its domain is %s", arg.Label, ef.Says, ef.Where, arg.Value, arg.ASCII))
			}
			if arg.Money != "" && arg.Unit == "" { // money, and the layer declares no unit
				c.warn(Money, fmt.Sprintf("the %s in “%s” (%s) looks like money, but the layer declares no unit for it", arg.Label, ef.Says, ef.Where))
			}
		}
		for _, g := range p.Guarantees {
			switch prover.Selects(g.Contract, e) {
			case prover.SelectsAll:
				ef.CoveredBy = append(ef.CoveredBy, g.Source)
			case prover.SelectsPart:
				ef.PartlyBy = append(ef.PartlyBy, g.Source)
			}
		}
		c.Effects = append(c.Effects, ef)
		switch {
		case len(ef.CoveredBy) > 0:
		case len(ef.PartlyBy) > 0:
			c.Warnings = append(c.Warnings, Warning{Kind: PartlyCovered, Message: callWarning(PartlyCovered, &ef), Call: len(c.Effects)})
		default:
			c.Warnings = append(c.Warnings, Warning{Kind: Uncovered, Message: callWarning(Uncovered, &ef), Call: len(c.Effects)})
		}
	}
	effectNames := map[string]bool{}
	for _, e := range p.Effects {
		effectNames[e.Name] = true
	}
	for _, call := range calls {
		effectNames[call.Effect.Name] = true
	}
	for _, g := range p.Guarantees {
		cg := Guarantee{Source: g.Source, Selects: []string{}, Partly: []string{}, About: []string{}}
		_, cg.Waiver = g.Contract.Spec.(*ir.NoGuarantees)
		if s, err := english.Guarantee(g); err == nil {
			cg.English = plainEnglish(s, labels, effectNames)
		}
		seen := map[string]bool{}
		for _, call := range calls {
			name := call.Effect.Name
			if seen[name] {
				continue
			}
			switch prover.Selects(g.Contract, call.Effect) {
			case prover.SelectsAll:
				seen[name] = true
				cg.Selects = append(cg.Selects, name)
				cg.About = appendNew(cg.About, phraseOf(call.Effect).action)
			case prover.SelectsPart:
				seen[name] = true
				cg.Partly = append(cg.Partly, name)
				cg.About = appendNew(cg.About, phraseOf(call.Effect).action+" (only in part)")
			}
		}
		cg.Vacuous = !cg.Waiver && len(cg.Selects) == 0 && len(cg.Partly) == 0
		shownAs := cg.English
		if shownAs == "" {
			shownAs = g.Source
		}
		if cg.Vacuous {
			c.warn(Vacuous, fmt.Sprintf("the promise “%s” covers nothing the plan does: it limits none of the actions the plan can take, so it holds whatever the plan does", strings.TrimSuffix(shownAs, ".")))
		}
		for _, a := range g.Args {
			for _, s := range stringConsts(a) {
				for _, f := range TextFlags(s) {
					cg.Flags = append(cg.Flags, ir.PyRepr(s)+": "+f)
					c.warn(Text, fmt.Sprintf("the promise “%s”: %s: %s", strings.TrimSuffix(shownAs, "."), ir.PyRepr(s), f))
				}
				if form, ok, note := ASCIIForm(s); ok || note != "" {
					msg := ir.PyRepr(s) + " reads as " + form
					if !ok {
						msg = ir.PyRepr(s) + ": " + note
					}
					cg.Flags = append(cg.Flags, msg)
					c.warn(Text, fmt.Sprintf("the promise “%s”: %s", strings.TrimSuffix(shownAs, "."), msg))
				}
			}
		}
		c.Guarantees = append(c.Guarantees, cg)
	}
	c.sortWarnings()
	return c, nil
}

func appendNew(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// sortWarnings orders the warnings most serious first, stably.
func (c *Card) sortWarnings() {
	sort.SliceStable(c.Warnings, func(i, j int) bool { return rank[c.Warnings[i].Kind] < rank[c.Warnings[j].Kind] })
}

// rank orders the warnings: what the plan can do unguarded first.
var rank = map[string]int{Uncovered: 0, Vacuous: 1, PartlyCovered: 2, Money: 3, Text: 4}

func fileName(p *ir.Program) string {
	if p.File == "" {
		return "plan"
	}
	return p.File
}

type strConst struct {
	pos ir.Pos
	s   string
}

// planStrings lists every string constant and f-string literal part of
// every plan function, in order.
func planStrings(p *ir.Program) ([]strConst, error) {
	var out []strConst
	visit := func(e ir.Expr) {
		ir.Inspect(e, func(x ir.Expr) bool {
			switch x := x.(type) {
			case *ir.Const:
				if s, ok := x.Value.(string); ok {
					out = append(out, strConst{x.Pos, s})
				}
			case *ir.FString:
				for _, part := range x.Parts {
					if part.Lit != "" {
						out = append(out, strConst{x.Pos, part.Lit})
					}
				}
			}
			return true
		})
	}
	walk := func(ss []ir.Stmt) error {
		if err := ir.InspectStmts(ss, visit, nil); err != nil {
			return fmt.Errorf("card: %w; the plan's strings cannot all be checked", err)
		}
		return nil
	}
	funcs := p.Funcs
	if !containsFunc(funcs, p.Target) {
		funcs = append([]*ir.Func{p.Target}, funcs...)
	}
	for _, f := range funcs {
		if err := walk(f.Body); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func containsFunc(fs []*ir.Func, f *ir.Func) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

func (c *Card) warn(kind, msg string) {
	c.Warnings = append(c.Warnings, Warning{Kind: kind, Message: msg})
}

// describeArg says what is known of argument i of a call of e.
func describeArg(e *ir.Effect, i int, a ir.Expr, inputs map[*ir.Local]bool) Arg {
	arg := Arg{Name: fmt.Sprintf("#%d", i+1), Label: fmt.Sprintf("argument %d", i+1)}
	if i < len(e.Params) {
		arg.Name, arg.Type, arg.Label = e.Params[i].Name, typeString(e.Params[i].Type), label(e, e.Params[i].Name)
	}
	switch x := a.(type) {
	case *ir.Const:
		arg.Kind, arg.Value = "constant", ir.ConstString(x.Value)
		if s, ok := x.Value.(string); ok {
			arg.Flags = TextFlags(s)
			if form, ok, note := ASCIIForm(s); ok {
				arg.ASCII = form
			} else if note != "" {
				arg.Flags = append(arg.Flags, note)
			}
		}
		if n, ok := x.Value.(int64); ok {
			arg.Money = money(e, &arg, fmt.Sprint(n), &n)
		}
	case *ir.LocalRef:
		if inputs[x.Local] {
			arg.Kind, arg.Value = "input", x.Local.Name
		} else {
			arg.Kind, arg.Value = "computed", ir.ExprString(a)
		}
	default:
		arg.Kind, arg.Value = "computed", ir.ExprString(a)
	}
	if arg.Money == "" && arg.Kind != "constant" && arg.Type == "int" {
		arg.Money = money(e, &arg, arg.Value, nil)
	}
	return arg
}

// moneyParams are the integer parameters that look like money by their
// name: one whose layer declares no unit for it is shown with
// unitUndeclared and a warning, so an amount is never shown as a bare
// number without the person being told its unit is unknown.
var moneyParams = map[string]bool{"amount": true, "price": true, "cost": true, "total": true, "limit": true}

const unitUndeclared = "(unit not declared by the layer)"

// unit is a money unit: its name ("cents") and the decimals of the larger
// unit an amount is shown in (2: "12.50 (1250 cents)").
type unit struct {
	name     string
	decimals int
}

// money renders an amount with the unit the effect's layer declares for
// the parameter ("card unit PARAM: ..." in its docstring, ir.EffectCard
// .Units) and records the unit on arg; "" when the parameter is not money.
// n is the constant value when known. The units are the layers' own, so
// a new money layer needs no change here.
func money(e *ir.Effect, arg *Arg, value string, n *int64) string {
	if e.Card != nil {
		if u, ok := e.Card.Units[arg.Name]; ok {
			arg.Unit, arg.Decimals = u.Name, u.Decimals
			return moneyText(arg.unit(), n, value)
		}
	}
	if !moneyParams[arg.Name] {
		return ""
	}
	return value + " " + unitUndeclared
}

// unit is the money unit recorded on a.
func (a Arg) unit() unit { return unit{name: a.Unit, decimals: a.Decimals} }

// moneyText is "12.50 (1250 cents)" for a known amount, "value cents"
// otherwise, and "value (unit not declared by the layer)" without a unit.
func moneyText(u unit, n *int64, value string) string {
	if u.name == "" {
		return value + " " + unitUndeclared
	}
	if n == nil || u.decimals == 0 {
		return value + " " + u.name
	}
	// The magnitude as uint64, so the most negative int64 is shown right.
	v, neg := uint64(*n), ""
	if *n < 0 {
		v, neg = -v, "-"
	}
	scale := uint64(1)
	for i := 0; i < u.decimals; i++ {
		scale *= 10
	}
	return fmt.Sprintf("%s%d.%0*d (%d %s)", neg, v/scale, u.decimals, v%scale, *n, u.name)
}

// domainOf is a layer's domain: tools.bank.trusted -> bank.
func domainOf(layer string) string {
	parts := strings.Split(layer, ".")
	if len(parts) >= 2 && parts[len(parts)-1] == "trusted" {
		return parts[len(parts)-2]
	}
	return parts[len(parts)-1]
}

// stringConsts lists the string constants in e (a guarantee argument: a
// literal, or a list, tuple or dict of literals).
func stringConsts(e ir.Expr) []string {
	var out []string
	ir.Inspect(e, func(x ir.Expr) bool {
		if c, ok := x.(*ir.Const); ok {
			if s, ok := c.Value.(string); ok {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}

func typeString(t ir.Type) string {
	if t == nil {
		return "?"
	}
	return fmt.Sprint(t)
}
