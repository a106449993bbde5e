package ir

import (
	"strings"
	"testing"
)

// sharesSample is sample() with its guarantee replaced by
// send_email.shares_value(send_email.where(msg == ”), lambda f: f.<field>).
func sharesSample(fieldA, fieldB string) *Program {
	p := sample()
	rel := p.Guarantees[0].Contract.Spec.(*All).Rel
	key := func(r *Relation, field string) *Lambda {
		f := &Local{Name: "f", Type: r.Fact}
		var t Type = Str
		if field == "n" {
			t = Int
		}
		return &Lambda{Params: []*Local{f}, Body: &FactField{Fact: f, Field: field, T: t}}
	}
	b := *rel
	// B's facts have their own type: the keys are compiled apart.
	b.Fact = &Fact{Selector: rel.Fact.Selector, Fields: rel.Fact.Fields}
	e := &Local{Name: "e", Type: b.Fact}
	b.Filters = []*Lambda{{Params: []*Local{e}, Body: &Compare{Ops: []CmpOp{Eq},
		Operands: []Expr{&FactField{Fact: e, Field: "msg", T: Str}, &Const{T: Str, Value: ""}}}}}
	p.Guarantees[0].Args = nil
	p.Guarantees[0].Contract = &Contract{Module: "tools.email.trusted.contracts", Name: "shared",
		Spec: &SharesValue{A: rel, B: &b, KeyA: key(rel, fieldA), KeyB: key(&b, fieldB)}}
	return p
}

func TestSharesValueVerifyPrintDigest(t *testing.T) {
	p := sharesSample("addr", "addr")
	if err := Verify(p); err != nil {
		t.Fatal(err)
	}
	want := "= effect('send_email').shares_value(effect('send_email').where(lambda e: (e.msg == '')), lambda f: f.addr)"
	if got := Sprint(p); !strings.Contains(got, want) {
		t.Errorf("Sprint:\n%s\nwant a line ending\n%s", got, want)
	}
	if Digest(nil, p) == Digest(nil, sharesSample("msg", "msg")) {
		t.Error("the digest does not depend on the shares_value key")
	}

	bad := sharesSample("addr", "n")
	wantViolation(t, Verify(bad), "has no field n")
	typed := sharesSample("addr", "addr")
	sv := typed.Guarantees[0].Contract.Spec.(*SharesValue)
	sv.B.Fact.Fields = []*Param{{Name: "addr", Type: Int}, {Name: "msg", Type: Str}}
	sv.KeyB.Body.(*FactField).T = Int
	wantViolation(t, Verify(typed), "shares_value keys differ in type: str over send_email, int over send_email")
	swapped := sharesSample("addr", "addr")
	sv = swapped.Guarantees[0].Contract.Spec.(*SharesValue)
	sv.KeyA, sv.KeyB = sv.KeyB, sv.KeyA // each key must take its own relation's fact
	wantViolation(t, Verify(swapped), "contract lambda must take one fact of send_email")
}
