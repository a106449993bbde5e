package ir

import "fmt"

// Pos is a user-facing source position: 1-based line and column (in
// characters) in File.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.File == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Program is one plan lowered against its trusted layers.
type Program struct {
	File       string    // the plan's file name as given by the user
	Funcs      []*Func   // the plan's functions, nested ones included (after their Outer)
	Target     *Func     // the function the guarantees are about (main by default)
	Effects    []*Effect // the trusted effects the plan's imports bring into reach, sorted by name
	Guarantees []*Guarantee
	// Policies are the coverage policies (docs/design.md section 5) of the trusted
	// layers the plan imports, sorted by layer. Whether a domain is used
	// is decided later, from the calls in the plan.
	Policies []*Policy
}

// Func is one plan function. A function defined by a def inside another
// has Outer set to that function (nil at top level): its body may read and
// assign the Locals of Outer and of Outer's own enclosing functions, and it
// may be called only from Outer or from functions nested in Outer.
type Func struct {
	Pos
	Name   string
	Outer  *Func    // the enclosing function of a nested def; nil at top level
	Params []*Local // also present in Locals
	Result Type
	Locals []*Local
	Body   []Stmt
	// Requires are the plan's own @deal.pre / @clauz3.requires clauses,
	// each over parameters of the function matched by name. On a helper
	// every clause is an obligation at every call; on the target they are
	// the one thing a plan may ask the prover to assume (a fact about its
	// free inputs), and every engine checks them before the first
	// statement runs.
	Requires []*Condition
	// Ensures are the plan's own @deal.post / @clauz3.ensures clauses over
	// one parameter, the returned value. They are obligations at every
	// return, never assumptions: a caller keeps the inlined body.
	Ensures []*Condition
}

// Local is one Python name of one function. Index is its position in
// Func.Locals.
type Local struct {
	Pos
	Name  string
	Type  Type
	Index int
}

// Param is a parameter of an effect (and so a field of its facts).
type Param struct {
	Name    string
	Type    Type
	Default Expr // nil when the parameter has no default
}

// Effect is a trusted function declared by a trusted layer.
type Effect struct {
	Pos
	Name     string   // the Python name, e.g. send_email
	Module   string   // the dotted module that declares it
	Layer    string   // the dotted package of its trusted layer, e.g. tools.email.trusted
	Markers  []string // from @deal.has(...)
	Params   []*Param
	Result   Type
	Requires []*Condition // over Params
	Ensures  []*Condition // over the single parameter "result"
	// Updates are the fluent writes of every call, in declaration order.
	Updates []*FluentUpdate
	// Card is how the approval card says a call of this effect to a
	// person, as the layer declares it in the effect's docstring (nil
	// when it declares nothing: the card then says it generically).
	Card *EffectCard
}

// EffectCard is a layer's plain-English description of one effect, from
// the docstring lines "card: SENTENCE", "card action: WORDS", "card
// label PARAM: WORDS" and "card unit PARAM: NAME[, N decimals]"
// (compiler/layer checks them).
type EffectCard struct {
	// Says is a sentence template over the parameters: {addr} is
	// replaced by the argument as the card shows it.
	Says string
	// Action is what a call does in general ("send an email"); "" when
	// not declared.
	Action string
	// Labels name parameters in plain words (addr -> "recipient").
	Labels map[string]string
	// Units are the money units of integer parameters ("card unit
	// amount: cents, 2 decimals"): the card shows such an argument as
	// money in that unit. A layer declares its own units, so a new money
	// layer needs no change in the approval card.
	Units map[string]MoneyUnit `json:",omitempty"`
}

// MoneyUnit is the unit an integer amount counts: Name ("cents") and the
// Decimals of the larger unit it is shown in (2: 1250 is "12.50").
type MoneyUnit struct {
	Name     string
	Decimals int
}

// Param returns the named parameter, or nil.
func (e *Effect) Param(name string) *Param {
	for _, p := range e.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// HasSelector reports whether a relation named sel selects this effect's
// facts: sel is the effect's name or one of its markers.
func (e *Effect) HasSelector(sel string) bool {
	if e.Name == sel {
		return true
	}
	for _, m := range e.Markers {
		if m == sel {
			return true
		}
	}
	return false
}

// Condition is a requires or ensures clause of an effect.
type Condition struct {
	Pos
	Source  string // the lambda as written, for messages
	Message string // the clause's message=, if any
	Pred    *Lambda
	// Each, when set on an effect's ensures, is the predicate over one
	// element that Pred states for every element of a bounded list result
	// (a layer's all(P(r) for r in result)). Engines that check Pred need
	// nothing else; the prover may assume Each of an element only where
	// the plan reads it, which is sound (it assumes no more than Pred).
	Each *Lambda
}

// Contract is a trusted layer's @contract function, compiled statically
// once when the layer loads. Its Spec reads Params through LocalRef.
type Contract struct {
	Pos
	Module string // dotted module, e.g. tools.email.trusted.contracts
	Name   string // e.g. only
	Params []*Local
	// Defaults holds, per parameter, its default (a constant expression),
	// or nil when the parameter is required.
	Defaults []Expr
	Spec     Spec
}

// Guarantee is one @clauz3.guarantee(...) on the target: a contract applied
// to arguments. Args are constant expressions (no calls, no locals) in
// Contract.Params order, defaults filled.
type Guarantee struct {
	Pos
	Source   string // the decorator argument rendered like Python source, e.g. emails.only(['bob@example.com'])
	Contract *Contract
	Args     []Expr
}

// Policy is a trusted layer's coverage policy: when the plan calls an
// effect WhenUsed selects, the domain is used, its Required guarantees
// are proof obligations of the plan and its Recommended contracts are a
// lint on the plan's own guarantees.
type Policy struct {
	Pos
	Layer       string   // the layer's dotted package, e.g. tools.email.trusted
	Label       string   // e.g. email
	WhenUsed    []string // effect names or markers
	Required    []*Guarantee
	Recommended []*Contract
}
