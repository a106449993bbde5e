package prover

import (
	"reflect"
	"testing"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover/z3"
)

// TestExpandedKeepsIdentity: a goal built in full (goal.expanded) keeps
// what the lazy goal carries about itself (the obligation, the
// definitions, the guarantee or plan condition the replay checks), while
// expand builds the claim. Every field of goal must be listed as one or
// the other, so a field added later is sorted too: the full goal of a
// distinct guarantee lost its guarantee, and every counterexample of it
// was refused as one that does not replay (contractgen seeds 263 and
// 1177, corpus plan db_distinct_unguarded_fail).
func TestExpandedKeepsIdentity(t *testing.T) {
	kept := map[string]bool{"ob": true, "defs": true, "uniqueAssumed": true, "guarantee": true, "cond": true, "cut": true}
	// built by expand (the claim and how to search for its violation),
	// or only meaningful on the lazy goal (sufficient, expand)
	built := map[string]bool{"holds": true, "explain": true, "violations": true, "local": true, "guesses": true,
		"diagnose": true, "separate": true, "smallFirst": true, "implied": true, "prefixFirst": true,
		"sufficient": true, "expand": true}
	typ := reflect.TypeOf(goal{})
	for i := range typ.NumField() {
		name := typ.Field(i).Name
		if kept[name] == built[name] {
			t.Errorf("goal.%s is listed neither as kept by expanded nor as built by expand (or as both): sort it, and keep it in expanded if it is not about the claim", name)
		}
	}

	ob := &Obligation{Kind: KindGuarantee, Name: "g"}
	gr := &ir.Guarantee{}
	cond := &ir.Condition{}
	zc, err := z3.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer zc.Close()
	cut := zc.Const("failed_call", zc.IntSort())
	lazy := goal{
		ob: ob, defs: nil, uniqueAssumed: true, guarantee: gr, cond: cond, cut: cut,
		expand: func() (goal, error) { return goal{ob: &Obligation{}}, nil },
	}
	full, err := lazy.expanded()
	if err != nil {
		t.Fatal(err)
	}
	for name := range kept {
		var same bool
		switch name {
		case "ob":
			same = full.ob == ob
		case "defs":
			same = reflect.DeepEqual(full.defs, lazy.defs)
		case "uniqueAssumed":
			same = full.uniqueAssumed
		case "guarantee":
			same = full.guarantee == gr
		case "cond":
			same = full.cond == cond
		case "cut":
			same = full.cut.IsValid() && full.cut.String() == cut.String()
		default:
			t.Errorf("no comparison for the kept field %s", name)
			continue
		}
		if !same {
			t.Errorf("expanded lost the lazy goal's %s", name)
		}
	}
}
