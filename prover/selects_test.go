package prover

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

func TestSelects(t *testing.T) {
	send := sendEmail()
	other := &ir.Effect{Name: "send_email_with_subject", Module: send.Module, Params: send.Params}
	rel := relation("email", send)
	filtered := relation("email", send)
	filtered.Filters = []*ir.Lambda{{Source: "lambda e: e.addr == 'bob'"}}
	fl := &ir.Fluent{Name: "sent", Module: "m"}
	writer := &ir.Effect{Name: "w", Module: "m", Updates: []*ir.FluentUpdate{{Fluent: fl}}}
	ct := func(s ir.Spec) *ir.Contract {
		return &ir.Contract{Module: "tools.email.trusted.contracts", Name: "c", Spec: s}
	}
	tests := []struct {
		name string
		c    *ir.Contract
		e    *ir.Effect
		want Selection
	}{
		{"all", ct(&ir.All{Rel: rel}), send, SelectsAll},
		{"all, another effect of the same layer", ct(&ir.All{Rel: rel}), other, SelectsNone},
		{"empty", ct(&ir.Empty{Rel: rel}), send, SelectsAll},
		{"distinct", ct(&ir.Distinct{Rel: rel}), send, SelectsAll},
		{"count upper bound", ct(&ir.Count{Rel: rel, Op: ir.LtE}), send, SelectsAll},
		{"count lower bound", ct(&ir.Count{Rel: rel, Op: ir.GtE}), send, SelectsPart},
		{"sum upper bound", ct(&ir.Sum{Rel: rel, Op: ir.Lt}), send, SelectsAll},
		{"sum lower bound", ct(&ir.Sum{Rel: rel, Op: ir.Gt}), send, SelectsPart},
		{"where filter", ct(&ir.All{Rel: filtered}), send, SelectsPart},
		{"shares_value", ct(&ir.SharesValue{A: rel, B: relation("x", other)}), send, SelectsPart},
		{"waiver", ct(&ir.NoGuarantees{}), send, SelectsNone},
		{"fluent writer", ct(&ir.FinalAll{Fluent: fl}), writer, SelectsAll},
		{"fluent, not a writer", ct(&ir.FinalIs{Fluent: fl}), send, SelectsNone},
		{"nil contract", nil, send, SelectsNone},
	}
	for _, tt := range tests {
		if got := Selects(tt.c, tt.e); got != tt.want {
			t.Errorf("%s: Selects = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestCoverageVacuousGuarantee (attack H1/H2, coverage table): a changed
// marker leaves withdraw outside effect("bank"), so only_account, though
// declared by the bank layer, says nothing about the plan's withdraw. The
// domain must not read as promised-about: it is a silent gap and the
// guarantee is listed as selecting nothing the plan calls.
func TestCoverageVacuousGuarantee(t *testing.T) {
	withdraw := &ir.Effect{Name: "withdraw", Module: "tools.bank.trusted.effects", Markers: []string{"bnk", "spend"},
		Params: []*ir.Param{{Name: "account", Type: ir.Str}, {Name: "amount", Type: ir.Int}}}
	deposit := &ir.Effect{Name: "deposit", Module: "tools.bank.trusted.effects", Markers: []string{"bank", "deposit"}, Params: withdraw.Params}
	onlyAccount := &ir.Contract{Module: "tools.bank.trusted.contracts", Name: "only_account", Spec: &ir.All{Rel: relation("bank", deposit)}}
	maxSpend := &ir.Contract{Module: "tools.bank.trusted.contracts", Name: "max_spend", Spec: &ir.Sum{Rel: relation("spend", withdraw), Op: ir.LtE}}
	pol := &ir.Policy{Layer: "tools.bank.trusted", Label: "bank", WhenUsed: []string{"spend"}, Recommended: []*ir.Contract{maxSpend, onlyAccount}}
	main := &ir.Func{Name: "main", Result: ir.None, Body: []ir.Stmt{call(withdraw, 5, str("checking"), num(99999))}}
	prog := func(gs ...*ir.Contract) *ir.Program {
		p := &ir.Program{Target: main, Funcs: []*ir.Func{main}, Effects: []*ir.Effect{withdraw, deposit}, Policies: []*ir.Policy{pol}}
		for _, c := range gs {
			p.Guarantees = append(p.Guarantees, &ir.Guarantee{Source: "bank." + c.Name + "(...)", Contract: c})
		}
		return p
	}
	cov, err := coverageOf(prog(onlyAccount), &Result{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cov.Domains) != 1 {
		t.Fatalf("domains %+v", cov.Domains)
	}
	d := cov.Domains[0]
	if d.Status != SilentGap || len(d.Guarantees) != 0 || len(d.Vacuous) != 1 || d.Vacuous[0] != "bank.only_account(...)" {
		t.Errorf("vacuous only_account: %+v, want a silent gap listing it as vacuous", d)
	}
	var b strings.Builder
	if err := cov.WriteText(&b); err != nil || !strings.Contains(b.String(), "VACUOUS: bank.only_account(...) selects none of the calls that use this domain") {
		t.Errorf("text %q, %v", b.String(), err)
	}
	// The control: max_spend selects withdraw and counts.
	cov, err = coverageOf(prog(onlyAccount, maxSpend), &Result{})
	if err != nil {
		t.Fatal(err)
	}
	if d := cov.Domains[0]; d.Status != RecommendedGap || len(d.Guarantees) != 1 || len(d.Vacuous) != 1 {
		t.Errorf("with max_spend: %+v", d)
	}
}
